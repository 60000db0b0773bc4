// The person's own settings for every table page, remembered in localStorage: the
// sound muted or not, and motion reduced or not. The operating system's "reduce
// motion" wins over the page's switch: then nothing moves, whatever it says.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const MUTED = "pysaboteur.muted";
const REDUCED = "pysaboteur.reduced-motion";

function remembered(key) {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
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
};

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
  });
  return h("label", { class: "check setting", title: hint || null }, input, " ", label);
}

/** The two switches, for the page's header. */
export function renderSettings() {
  const system = systemReduces();
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
  );
}

/** Mark the page and follow the system's setting if it changes while the page is open. */
export function watchMotionSetting() {
  markRoot();
  window.matchMedia?.("(prefers-reduced-motion: reduce)").addEventListener?.("change", markRoot);
}
