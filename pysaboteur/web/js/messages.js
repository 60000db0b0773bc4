// The polite message area at the top of the page: the server's refusals and
// other notices, each with a close button. Errors stay until closed or replaced.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const MAX_SHOWN = 3;

function area() {
  return document.getElementById("messages");
}

/** Show a message; kind is "error" (stays) or "info" (fades after a few seconds). */
export function showMessage(text, kind = "error") {
  const host = area();
  if (!host) return;
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
