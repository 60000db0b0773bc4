// The HTTP side of the protocol (docs/web-protocol.md) and the seat tokens,
// which live in localStorage and only ever travel in headers or the socket's hello.

import { t } from "./i18n.js";
import { clearMessages } from "./messages.js";

/** A refusal from the server: `code`, the server's sentence, and for a
 * `rate_limited` refusal the seconds of its Retry-After header (else null). */
export class ApiError extends Error {
  constructor(code, message, status = 0, retryAfter = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

const tokenKey = (table) => `pysaboteur.token.${table}`;

export function loadToken(table) {
  try {
    return localStorage.getItem(tokenKey(table));
  } catch {
    return null;
  }
}

export function saveToken(table, token) {
  localStorage.setItem(tokenKey(table), token);
}

export function forgetToken(table) {
  localStorage.removeItem(tokenKey(table));
}

/** Retry-After in whole seconds; null if absent or an HTTP date (the server sends seconds). */
function retryAfterOf(response) {
  const text = response.headers.get("Retry-After");
  return text && /^\d+$/.test(text.trim()) ? Number(text) : null;
}

export async function request(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError("network", t("common.unreachable"));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data?.error;
    throw new ApiError(
      error?.code || "http",
      error?.message || t("common.server_answered", { status: response.status }),
      response.status,
      retryAfterOf(response),
    );
  }
  // What a refusal said was about the last thing tried: something that worked since
  // makes it old news.
  if (method !== "GET") clearMessages("error");
  return data;
}

const tablePath = (table) => `/api/tables/${encodeURIComponent(table)}`;

export const api = {
  createTable: (settings) => request("POST", "/api/tables", { body: settings }),
  table: (table) => request("GET", tablePath(table)),
  join: (table, name) => request("POST", `${tablePath(table)}/join`, { body: { name } }),
  start: (table, token) => request("POST", `${tablePath(table)}/start`, { token, body: {} }),
  back: (table, token) => request("POST", `${tablePath(table)}/back`, { token, body: {} }),
  replay: (table, n) => request("GET", `${tablePath(table)}/replay/${n}`),
  recordUrl: (table) => `${tablePath(table)}/record`,
  // Play again and open tables (docs/web-protocol.md).
  rematch: (table, token) => request("POST", `${tablePath(table)}/rematch`, { token, body: {} }),
  accept: (table, token) => request("POST", `${tablePath(table)}/accept`, { token, body: {} }),
  decline: (table, token) => request("POST", `${tablePath(table)}/decline`, { token, body: {} }),
  setListed: (table, token, listed) => request("POST", `${tablePath(table)}/listed`, { token, body: { listed } }),
  openTables: () => request("GET", "/api/lobby"),
};
