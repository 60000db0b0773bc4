// Your turn, told while a tab is open: a browser notification when the person
// allowed them (the permission is asked only when they tick the setting, never when a
// page opens) and the tab is out of view. A signed-in account keeps the choice on the
// server (POST /api/account/notifications) with its e-mail choice, so every browser
// of theirs follows it; a guest's stays in this browser (js/settings.js).

import { request } from "./api.js";
import { t } from "./i18n.js";

const supported = () => typeof window.Notification === "function";

/** Whether this browser cannot show notifications, or the person refused them. */
export function notificationsBlocked() {
  return !supported() || window.Notification.permission === "denied";
}

/** Ask the browser's permission (on the person's click); whether notifications may show. */
export async function askToNotify() {
  if (!supported()) return false;
  if (window.Notification.permission === "granted") return true;
  try {
    return (await window.Notification.requestPermission()) === "granted";
  } catch {
    return false;
  }
}

/** It became the viewer's turn at `table`: a notification, if chosen, allowed, and the
 * tab is not what the person is looking at (then the page itself tells them). */
export function tellTurn(table, chosen) {
  if (!chosen.turnNotice || !supported() || window.Notification.permission !== "granted") return;
  if (document.visibilityState === "visible") return;
  try {
    const notice = new window.Notification(t("settings.notice_title"), {
      body: t("settings.notice_body", { table }),
      tag: `pysaboteur-turn-${table}`, // one per table: a newer turn replaces the older
      lang: document.documentElement.lang,
    });
    notice.onclick = () => {
      window.focus();
      notice.close();
    };
  } catch {
    // Some browsers (Android's) show notifications only from a service worker: the title says it.
  }
}

/** The account's settings as last read (null: a guest, or not read yet). */
let kept = null;

/** The signed-in account's your-turn settings, or null for a guest. */
export async function accountTurnSettings() {
  try {
    kept = (await request("GET", "/api/account/notifications")).settings;
  } catch {
    kept = null; // a guest (401), or the server is away: this browser's settings serve
  }
  return kept;
}

/** Keep the page's switches on the account too, with its e-mail choice as it was. */
export function saveTurnSettings(chosen) {
  if (kept === null) return;
  kept = { ...kept, title: chosen.turnTitle, browser: chosen.turnNotice };
  const { title, browser, email, email_turns } = kept;
  request("POST", "/api/account/notifications", { body: { title, browser, email, email_turns } }).catch(() => {});
}
