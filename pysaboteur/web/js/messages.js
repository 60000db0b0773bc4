// The polite message area at the top of the page: the server's refusals and
// other notices, each with a close button. Errors stay until closed or replaced.

import { h } from "./dom.js";
import { language, t } from "./i18n.js";

const MAX_SHOWN = 3;

function area() {
  return document.getElementById("messages");
}

/** ``text`` as a sentence: the server's refusals are written as clauses ("it is seat
 * 2's turn, not yours"), to be framed; alone on the screen they start with a capital
 * (as the language writes it: Turkish "i" is "İ") and end with a full stop. */
export function asSentence(text) {
  const trimmed = String(text).trim();
  if (!trimmed) return trimmed;
  const first = trimmed[0].toLocaleUpperCase(language()) + trimmed.slice(1);
  return /[\p{L}\p{N})»”"']$/u.test(first) ? `${first}.` : first;
}

/** Show a message; kind is "error" (stays) or "info" (fades after a few seconds). */
export function showMessage(raw, kind = "error") {
  const host = area();
  if (!host) return;
  const text = asSentence(raw);
  for (const old of host.querySelectorAll(".message")) {
    if (old.dataset.text === text) old.remove();
  }
  const message = h(
    "div",
    {
      class: `message ${kind}`,
      role: kind === "error" ? "alert" : "status",
      "data-testid": `message-${kind}`,
      dataset: { text },
    },
    h("span", {}, text),
    h(
      "button",
      { type: "button", class: "close", "aria-label": t("common.close_message"), onclick: () => message.remove() },
      "×",
    ),
  );
  host.append(message);
  while (host.children.length > MAX_SHOWN) host.firstElementChild.remove();
  if (kind === "info") setTimeout(() => message.remove(), 6000);
}

export function clearMessages(kind = null) {
  for (const node of area()?.querySelectorAll(".message") || []) {
    if (!kind || node.classList.contains(kind)) node.remove();
  }
}
