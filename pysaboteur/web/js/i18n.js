// The page's words: one catalogue per language, loaded once before anything renders.
//
// The server puts the negotiated language on <html lang>, and serves one merged catalogue
// per language at /locales/<lang>.json (that language's files over the English ones). Every
// word people read comes through t() / tn(): code never spells a sentence inline.

/** The six languages, in the order the picker shows them, each in its own name. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "tr", name: "Türkçe" },
  { code: "lt", name: "Lietuvių" },
  { code: "el", name: "Ελληνικά" },
  { code: "sk", name: "Slovenčina" },
  { code: "it", name: "Italiano" },
];

const FALLBACK = "en";
const PLACEHOLDER = /\{(\w+)\}/g;

let catalogue = {};
let loading = null;
const warned = new Set();

/** The page's language: the `lang` the server put on <html>, or English. */
export function language() {
  const lang = (document.documentElement.lang || FALLBACK).toLowerCase();
  return LANGUAGES.some((entry) => entry.code === lang) ? lang : FALLBACK;
}

async function fetchCatalogue(lang) {
  try {
    const response = await fetch(`/locales/${lang}.json`, { cache: "no-cache" });
    if (!response.ok) return {};
    return await response.json();
  } catch (error) {
    console.warn(`i18n: could not load the ${lang} catalogue`, error);
    return {};
  }
}

/** Load the page language's catalogue (English under it); once, however often called. */
export function loadCatalogue() {
  if (loading === null) {
    loading = (async () => {
      const lang = language();
      // The server merges English under every language, so one catalogue has every key;
      // if the page's own fails to load, the English one still gives the words.
      catalogue = await fetchCatalogue(lang);
      if (!Object.keys(catalogue).length && lang !== FALLBACK) catalogue = await fetchCatalogue(FALLBACK);
    })();
  }
  return loading;
}

function lookup(key) {
  if (Object.hasOwn(catalogue, key)) return catalogue[key];
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(`i18n: no text for ${key}`);
  }
  return null;
}

function fill(template, params) {
  return template.replace(PLACEHOLDER, (whole, name) =>
    Object.hasOwn(params, name) && params[name] !== null && params[name] !== undefined
      ? String(params[name])
      : whole,
  );
}

/** The text for `key`, with `{name}` placeholders filled from `params`. Never throws. */
export function t(key, params = {}) {
  const value = lookup(key);
  if (value === null) return key;
  if (typeof value === "string") return fill(value, params);
  // A plural object asked for without a count: its "other" form reads best.
  return fill(String(value.other ?? key), params);
}

/**
 * The text for `key` as a list of strings and nodes, for a sentence around a live element:
 * tParts("table.time_left", {time: countdownNode}) -> [countdownNode, " left"]. A parameter
 * that is a Node goes in as that node; any other is filled in as text.
 */
export function tParts(key, params = {}) {
  const value = lookup(key);
  const template = value === null ? key : typeof value === "string" ? value : String(value.other ?? key);
  const parts = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [whole, name] = match;
    const given = params[name];
    if (!(typeof Node !== "undefined" && given instanceof Node)) continue;
    parts.push(fill(template.slice(last, match.index), params), given);
    last = match.index + whole.length;
  }
  parts.push(fill(template.slice(last), params));
  return parts.filter((part) => part !== "");
}

let pluralRules = null;

/** The plural text for `key` and `count` (chosen by Intl.PluralRules); `count` is a placeholder too. */
export function tn(key, count, params = {}) {
  const value = lookup(key);
  const all = { ...params, count: formatNumber(count) };
  if (value === null) return key;
  if (typeof value === "string") return fill(value, all);
  pluralRules ??= new Intl.PluralRules(language());
  const form = value[pluralRules.select(count)] ?? value.other ?? key;
  return fill(String(form), all);
}

/** A number written the page language's way. */
export function formatNumber(value) {
  return typeof value === "number" ? new Intl.NumberFormat(language()).format(value) : String(value);
}

/** "Ana, Bo and you": a list joined the page language's way ("disjunction": "… or …"). */
export function formatList(items, type = "conjunction") {
  return new Intl.ListFormat(language(), { style: "long", type }).format(items.map(String));
}

/** The first letter in capitals, as a label or a sentence begins: "mapa" -> "Mapa". Only
 * Turkish needs the language's own rule (i -> İ); a Greek capital at the start of a word
 * keeps its accent ("έλεγχος" -> "Έλεγχος"), which toLocaleUpperCase("el") would drop. */
export function capitalised(text) {
  if (!text) return text;
  const first = language() === "tr" ? text[0].toLocaleUpperCase("tr") : text[0].toUpperCase();
  return first + text.slice(1);
}

/** "north, east, south": items in a row with the language's comma, no "and". */
export function joinSeries(items) {
  return items.map(String).join(t("common.series_separator"));
}

/** Remember the language chosen in this browser (cookie `lang`, one year) and reload the page. */
export function chooseLanguage(code) {
  const oneYear = 365 * 24 * 60 * 60;
  document.cookie = `lang=${encodeURIComponent(code)}; path=/; max-age=${oneYear}; SameSite=Lax`;
  window.location.reload();
}

/** The picker for the top bar: a <select> of the six languages, the current one chosen. */
export function languagePicker() {
  const select = document.createElement("select");
  select.className = "language-picker";
  select.dataset.testid = "language";
  select.setAttribute("aria-label", t("common.language"));
  select.title = t("common.language");
  const current = language();
  for (const { code, name } of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === current;
    select.append(option);
  }
  select.addEventListener("change", () => chooseLanguage(select.value));
  return select;
}

/** Put the language picker into the page's top bar (once). */
export function mountLanguagePicker(root = document) {
  const bar = root.querySelector(".topbar");
  if (!bar || bar.querySelector("[data-testid=language]")) return;
  bar.append(languagePicker());
}

// Every module that imports this one may call t() at once: the catalogue is there first.
await loadCatalogue();
// Module scripts run once the page is parsed: every page with a top bar gets the picker.
mountLanguagePicker();
