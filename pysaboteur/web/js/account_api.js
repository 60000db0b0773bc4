// The HTTP side of accounts (docs/server.md, "Accounts"): the session lives in an
// HTTP-only cookie the browser sends by itself, so no script ever holds it.

import { request } from "./api.js";

const tablePath = (table) => `/api/tables/${encodeURIComponent(table)}`;

export const accountApi = {
  me: () => request("GET", "/api/session"),
  signUp: (name, password) => request("POST", "/api/accounts", { body: { name, password } }),
  signIn: (name, password) => request("POST", "/api/session", { body: { name, password } }),
  signOut: () => request("DELETE", "/api/session"),
  signOutEverywhere: () => request("DELETE", "/api/sessions"),
  deleteAccount: (password) => request("POST", "/api/account/delete", { body: { password } }),
  games: () => request("GET", "/api/account/games"),
  statistics: () => request("GET", "/api/account/statistics"),
  claim: (table, token) => request("POST", `${tablePath(table)}/claim`, { token, body: {} }),
  mySeat: (table) => request("GET", `${tablePath(table)}/my_seat`),
  takeSeat: (table) => request("POST", `${tablePath(table)}/take_seat`, { body: {} }),
  seatRatings: (table) => request("GET", `${tablePath(table)}/ratings`),
  notifications: () => request("GET", "/api/account/notifications"),
  chooseNotifications: (body) => request("POST", "/api/account/notifications", { body }),
};
