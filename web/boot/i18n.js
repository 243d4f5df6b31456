// @ts-check
// The page's language: chosen before anything is drawn, its catalogue fetched (that one only:
// English, the source, needs none), the page's marked words translated, and t() for the
// page's other scripts. A plain script, first in <head> (and in the seat page's).
//
// The language is the link's `lang=` if the game speaks it, else the one chosen in Settings
// (localStorage "ratscrew.lang"), else the first of the browser's languages the game speaks,
// else English. <html lang dir> follow it.
//
// A catalogue is ratscrew/i18n/compiled/<lang>.json (ratscrew/i18n/catalogue.py describes
// it), served as locale/<lang>.json. Until it is there and the page translated, the page is
// hidden (html.i18n-wait), so no English flashes by; if it cannot be had, the page shows in
// English and `ratscrewI18n.problem` says why (Python shows it as a notice).
//
// The words marked in HTML: an element with `data-t` is one message, its inner HTML (spaces
// collapsed) the message id and the attribute's value its context; the attributes named in
// `data-t-attrs` are messages too. scripts/catalogues/extract.py finds them the same way.
//
// Python reads the catalogue's text from `ratscrewI18n.ready` (web/boot/main.py), so the page
// and Python say the same words.
"use strict";
/* exported ratscrewI18n */

/**
 * A compiled catalogue (ratscrew/i18n/catalogue.py).
 * @typedef {{lang: string, name: string, dir: string, plural: string, nplurals: number,
 *   categories: Record<string, number>,
 *   formats: {decimal: string, group: string, list: Record<string, string>},
 *   messages: Record<string, string | string[]>}} Catalogue
 * @typedef {string | number} Value
 */
const ratscrewI18n = (() => {
  // ratscrew/i18n/__init__.py's LANGUAGES, PSEUDO and PSEUDO_RTL (a test compares them).
  /** @type {Record<string, string>} */
  const LANGUAGES = { en: "English", fr: "Français", es: "Español", de: "Deutsch" };
  const PSEUDO = ["en-XA", "ar-XB"];
  const STORAGE_KEY = "ratscrew.lang";
  const CONTEXT = "\u0004";
  const MAX_CHARS = 4_000_000;
  const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
  const SPACES = /\s+/g;
  // ratscrew/i18n/__init__.py's RIGHT_TO_LEFT: letters written right to left, direction marks
  // and controls.
  const RIGHT_TO_LEFT = new RegExp("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc"
    + "\u{10800}-\u{10fff}\u{1e800}-\u{1efff}\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]", "u");

  /** @type {Catalogue | null} */
  let catalogue = null;
  let lang = "en";
  /** @type {Intl.PluralRules | null} */
  let rules = null;

  /** Whether the game speaks `tag` (its languages, and the pseudo-locales for tests).
   *  @param {string} tag */
  const offered = (tag) => Object.hasOwn(LANGUAGES, tag) || PSEUDO.includes(tag);

  /** The first of `preferred` the game speaks, by its full tag or its language; "en" when
   *  none is (ratscrew.i18n.best). @param {readonly unknown[]} preferred */
  const best = (preferred) => {
    for (const item of preferred) {
      if (typeof item !== "string") continue;
      const tag = item.trim().replaceAll("_", "-");
      if (Object.hasOwn(LANGUAGES, tag)) return tag;
      const base = tag.split("-")[0].toLowerCase();
      if (Object.hasOwn(LANGUAGES, base)) return base;
    }
    return "en";
  };

  /** The language for a page: the link's, the saved one, the browser's (see above).
   *  @param {string | null} linked @param {string | null} saved
   *  @param {readonly unknown[]} browser */
  const choose = (linked, saved, browser) => {
    for (const tag of [linked, saved]) {
      if (tag && offered(tag.trim())) return tag.trim();
      if (tag && best([tag]) !== "en") return best([tag]);
    }
    return best(browser);
  };

  /** A number as the language writes it (the catalogue's CLDR symbols).
   *  @param {number} value @param {number} [decimals] */
  const number = (value, decimals) => {
    const text = decimals === undefined
      ? value.toLocaleString("en-US", { maximumFractionDigits: 20 })
      : value.toLocaleString("en-US", { minimumFractionDigits: decimals,
        maximumFractionDigits: decimals });
    if (!catalogue) return text;
    const { decimal, group } = catalogue.formats;
    return text.replace(/[,.]/g, (sign) => (sign === "," ? group : decimal));
  };

  /** A text given to a message (a name: words of unknown direction) isolated where its
   *  direction could disturb the sentence, as ratscrew.i18n's isolating() does.
   *  @param {string} text */
  const isolated = (text) => (text && ((catalogue && catalogue.dir === "rtl")
    || RIGHT_TO_LEFT.test(text)) ? `\u2068${text}\u2069` : text);

  /** @param {string} text @param {Record<string, Value>} [values] */
  const fill = (text, values) => (values ? text.replace(PLACEHOLDER, (whole, name) =>
    Object.hasOwn(values, name)
      ? (typeof values[name] === "number" ? number(/** @type {number} */ (values[name]))
        : isolated(String(values[name])))
      : whole) : text);

  /** @param {string} key */
  const found = (key) => (catalogue && Object.hasOwn(catalogue.messages, key)
    ? catalogue.messages[key] : undefined);

  /** `msgid` in the page's language, its placeholders filled.
   *  @param {string} msgid @param {Record<string, Value>} [values] */
  const t = (msgid, values) => {
    const text = found(msgid);
    return fill(typeof text === "string" && text ? text : msgid, values);
  };

  /** `msgid` in `context`. @param {string} context @param {string} msgid
   *  @param {Record<string, Value>} [values] */
  const tc = (context, msgid, values) => {
    const text = found(context + CONTEXT + msgid);
    return fill(typeof text === "string" && text ? text : msgid, values);
  };

  /** The form of `singular`/`plural` for `n` (Intl.PluralRules' category, the catalogue's
   *  form for it). @param {string} singular @param {string} plural @param {number} n
   *  @param {Record<string, Value>} [values] */
  const tn = (singular, plural, n, values) => {
    const forms = found(singular);
    if (Array.isArray(forms) && catalogue && rules) {
      const form = forms[catalogue.categories[rules.select(n)] ?? catalogue.categories.other];
      if (form) return fill(form, values);
    }
    return fill(n === 1 ? singular : plural, values);
  };

  /** Items as a list in a sentence ("A, B and C"). @param {string[]} items */
  const join = (items) => {
    const list = catalogue ? catalogue.formats.list
      : { 2: "{0} and {1}", start: "{0}, {1}", middle: "{0}, {1}", end: "{0} and {1}" };
    /** @param {string} pattern @param {string} a @param {string} b */
    const put = (pattern, a, b) => pattern.replace("{0}", a).replace("{1}", b);
    if (items.length < 2) return items[0] ?? "";
    if (items.length === 2) return put(list[2], items[0], items[1]);
    let text = put(list.end, items[items.length - 2], items[items.length - 1]);
    for (let i = items.length - 3; i >= 1; i -= 1) text = put(list.middle, items[i], text);
    return put(list.start, items[0], text);
  };

  /** Take `data` as the page's catalogue. @param {Catalogue} data */
  const use = (data) => {
    catalogue = data;
    lang = data.lang;
    rules = new Intl.PluralRules(PSEUDO.includes(lang) ? "en" : lang);
  };

  /** A catalogue from its text, checked for what this script reads.
   *  @param {string} text @returns {Catalogue} */
  const parse = (text) => {
    if (text.length > MAX_CHARS) throw new Error("the catalogue is too large");
    const data = JSON.parse(text);
    if (!data || typeof data !== "object" || typeof data.lang !== "string"
      || !data.messages || typeof data.messages !== "object" || !data.formats
      || !data.categories) {
      throw new Error("the catalogue is not one the game compiled");
    }
    return data;
  };

  /** A marked element's message id: its inner HTML, spaces collapsed. @param {Element} el */
  const markedId = (el) => el.innerHTML.replace(SPACES, " ").trim();

  /** Translate what `root` marks (see above). @param {ParentNode} root */
  const translate = (root) => {
    if (!catalogue) return;
    for (const el of root.querySelectorAll("[data-t]")) {
      const context = el.getAttribute("data-t") || "";
      const text = found(context ? context + CONTEXT + markedId(el) : markedId(el));
      if (typeof text === "string" && text) el.innerHTML = text;
    }
    for (const el of root.querySelectorAll("[data-t-attrs]")) {
      for (const name of (el.getAttribute("data-t-attrs") || "").split(/\s+/)) {
        const value = name && el.getAttribute(name);
        if (value) el.setAttribute(name, t(value.replace(SPACES, " ").trim()));
      }
    }
  };

  const api = {
    LANGUAGES, PSEUDO, STORAGE_KEY, best, choose, t, tc, tn, join, number, use, parse,
    translate, markedId,
    /** The page's language. */
    get lang() { return lang; },
    /** The language's writing direction. */
    get dir() { return catalogue ? catalogue.dir : "ltr"; },
    /** Why the chosen language could not be had ("" if it could). */
    problem: "",
    /** The catalogue's text for Python ("" for English), once it is here.
     *  @type {Promise<string>} */
    ready: Promise.resolve(""),
  };

  if (typeof document === "undefined") return api; // Node's tests: the pure part only
  window.ratscrewI18n = api; // for Python (web/boot/main.py) and the browser tests

  /** The page again in `tag`: remembered (the link's lang= follows it, if it has one). @param
   *  {string} tag */
  const switchTo = (tag) => {
    const url = new URL(location.href);
    try {
      localStorage.setItem(STORAGE_KEY, tag);
      if (url.searchParams.has("lang")) url.searchParams.set("lang", tag);
    } catch {
      url.searchParams.set("lang", tag); // storage refused: the link carries it
    }
    location.replace(url.href);
  };
  // A menu of languages (select[data-language], the setup form's): the page's, and a change
  // reloads the page in the one chosen.
  const menus = () => {
    for (const menu of document.querySelectorAll("select[data-language]")) {
      const select = /** @type {HTMLSelectElement} */ (menu);
      if (![...select.options].some((option) => option.value === lang)) {
        select.add(new Option(lang, lang));
      }
      select.value = lang;
      select.addEventListener("change", () => switchTo(select.value));
    }
  };

  /** @type {string | null} */
  let saved;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    saved = null; // storage refused (a private window): the browser's languages decide
  }
  const linked = new URLSearchParams(location.search).get("lang");
  const wanted = choose(linked, saved, navigator.languages ?? [navigator.language]);
  const root = document.documentElement;
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => api.ready.then(menus), { once: true });
  } else {
    api.ready.then(menus);
  }
  if (wanted === "en") {
    root.lang = "en";
    return api;
  }
  const script = document.currentScript;
  const base = (script && script.getAttribute("data-locale")) || "locale/";
  const wait = document.createElement("style");
  wait.textContent = "html.i18n-wait body { visibility: hidden; }";
  document.head.append(wait);
  root.classList.add("i18n-wait");
  const shown = () => root.classList.remove("i18n-wait");
  const domReady = new Promise((resolve) => {
    if (document.readyState !== "loading") resolve(null);
    else document.addEventListener("DOMContentLoaded", () => resolve(null), { once: true });
  });
  /** @param {string} url */
  const text = (url) => fetch(url).then((response) => {
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.text();
  });
  // The main page's setup form, prerendered by the build in each language (its HTML by element
  // id: "inner" fills an element, "outer" replaces it).
  const setup = script && script.hasAttribute("data-setup")
    ? text(`${base}${wanted}.setup.json`).then((json) => JSON.parse(json)) : Promise.resolve(null);
  api.ready = Promise.all([text(`${base}${wanted}.json`), setup])
    .then(async ([catalogueText, parts]) => {
      use(parse(catalogueText));
      root.lang = wanted;
      root.dir = api.dir;
      await domReady;
      // The installed app's name in the language (the build writes one manifest a language).
      const manifest = document.querySelector('link[rel="manifest"]');
      if (manifest) {
        manifest.setAttribute("href", String(manifest.getAttribute("href"))
          .replace(/manifest\.webmanifest$/, `manifest.${wanted}.webmanifest`));
      }
      if (parts) {
        for (const [id, html] of Object.entries(parts.inner ?? {})) {
          const el = document.getElementById(id);
          if (el) el.innerHTML = String(html);
        }
        for (const [id, html] of Object.entries(parts.outer ?? {})) {
          const el = document.getElementById(id);
          if (el) el.outerHTML = String(html);
        }
      }
      translate(document);
      shown();
      return catalogueText;
    })
    .catch((/** @type {unknown} */ error) => {
      api.problem = `${LANGUAGES[wanted] ?? wanted} could not be loaded (${error}): `
        + "the page is in English.";
      root.lang = "en";
      shown();
      return "";
    });
  return api;
})();
