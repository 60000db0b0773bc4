// The person's own settings for every table page, remembered in localStorage: the
// sound muted or not, motion reduced or not, and how the page says it is their turn
// (in its title, by a browser notification). The operating system's "reduce motion"
// wins over the page's switch: then nothing moves, whatever it says. A signed-in
// account keeps the your-turn settings too (js/turn_notice.js), with its e-mail choice.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { askToNotify, notificationsBlocked, saveTurnSettings } from "./turn_notice.js";

const MUTED = "pysaboteur.muted";
const REDUCED = "pysaboteur.reduced-motion";
const TURN_TITLE = "pysaboteur.turn-title";
const TURN_NOTICE = "pysaboteur.turn-notice";

function remembered(key, otherwise = false) {
  try {
    const kept = localStorage.getItem(key);
    return kept === null ? otherwise : kept === "1";
  } catch {
    return otherwise;
  }
}

function remember(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    // no storage: the setting lasts as long as the page
  }
}

const systemReduces = () => Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);

export const settings = {
  muted: remembered(MUTED),
  reducedMotion: remembered(REDUCED),
  /** "Your turn" in the page's title while it is the person's turn (on unless turned off). */
  turnTitle: remembered(TURN_TITLE, true),
  /** A browser notification when the person's turn comes and the tab is not in view. */
  turnNotice: remembered(TURN_NOTICE),
};

/** Take the your-turn settings an account keeps (they win over this browser's). */
export function adoptTurnSettings({ title, browser }) {
  settings.turnTitle = Boolean(title);
  settings.turnNotice = Boolean(browser) && !notificationsBlocked();
  remember(TURN_TITLE, settings.turnTitle);
  remember(TURN_NOTICE, settings.turnNotice);
  for (const [id, on] of [["turn-title", settings.turnTitle], ["turn-notice", settings.turnNotice]]) {
    const input = document.getElementById(id);
    if (input) input.checked = on;
  }
}

/** Whether anything may move on the page now. */
export function motionAllowed() {
  return !settings.reducedMotion && !systemReduces();
}

/** The page says on its root whether motion is reduced: the style sheet stops every
 * animation and transition then (css/motion.css). */
function markRoot() {
  document.documentElement.dataset.motion = motionAllowed() ? "full" : "reduced";
}

function toggle({ id, key, field, label, hint = null, disabled = false }) {
  const input = h("input", {
    type: "checkbox",
    id,
    "data-testid": id,
    checked: settings[field],
    disabled,
  });
  input.addEventListener("change", () => {
    settings[field] = input.checked;
    remember(key, input.checked);
    markRoot();
    document.dispatchEvent(new CustomEvent("settings-changed")); // the title follows at once
  });
  return h("label", { class: "check setting", title: hint || null }, input, " ", label);
}

/** The your-turn switches: the title's, and the browser notification's, whose
 * permission is asked only when the person ticks it (never when a page opens). */
function turnToggles() {
  const title = toggle({ id: "turn-title", key: TURN_TITLE, field: "turnTitle", label: t("settings.turn_title") });
  const notice = toggle({
    id: "turn-notice",
    key: TURN_NOTICE,
    field: "turnNotice",
    label: t("settings.turn_notice"),
    hint: notificationsBlocked() ? t("settings.notice_blocked") : t("settings.turn_notice_hint"),
    disabled: notificationsBlocked(),
  });
  const input = notice.querySelector("input");
  input.addEventListener("change", async () => {
    if (input.checked && !(await askToNotify())) {
      input.checked = false;
      settings.turnNotice = false;
      remember(TURN_NOTICE, false);
      notice.title = t("settings.notice_blocked");
    }
    saveTurnSettings(settings);
  });
  title.querySelector("input").addEventListener("change", () => saveTurnSettings(settings));
  return [title, notice];
}

/** The switches, for the page's header. */
export function renderSettings() {
  const system = systemReduces();
  // A menu that opens over the page: four switches in a row would take a phone's
  // header a fifth of the screen, under the hand that stays at the bottom.
  return h(
    "details",
    { class: "settings-menu", "data-testid": "settings-menu" },
    h("summary", { "data-testid": "settings-open" }, t("settings.title")),
    settingsList(system),
  );
}

function settingsList(system) {
  return h(
    "span",
    { class: "motion-settings", "data-testid": "settings" },
    toggle({ id: "mute", key: MUTED, field: "muted", label: t("settings.mute") }),
    toggle({
      id: "reduce-motion",
      key: REDUCED,
      field: "reducedMotion",
      label: t("settings.reduce_motion"),
      hint: system ? t("settings.system_reduces") : null,
    }),
    ...turnToggles(),
  );
}

/** Mark the page and follow the system's setting if it changes while the page is open. */
export function watchMotionSetting() {
  markRoot();
  window.matchMedia?.("(prefers-reduced-motion: reduce)").addEventListener?.("change", markRoot);
}
