// @ts-check
// What the phone's seat page (web/seat/seat.mjs) makes of the table's messages and of its own
// player's input: functions of data alone, which tests/js/seat.test.mjs runs in Node. A
// message comes from another device: each function takes anything and gives something safe to
// show (text stays text), whatever it is. The page's own words are said in the page's language
// (web/boot/say.mjs); the table's (names, prompts, choices, what happened) come said in the
// table's.

import { t, tn } from "../boot/say.mjs";
import { MAX_OPTION } from "../phones/protocol.mjs";

/** The join code: a URL's fragment, as a scanner may have percent-encoded it.
 *  @param {string} hash */
export function joinCode(hash) {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** ``value`` if it is text, else ``fallback``. @param {unknown} value */
export const text = (value, fallback = "") => (typeof value === "string" ? value : fallback);

/** The ``[value, label]`` pairs of a list (a value is text or a number, a label text): what is
 *  not one is left out. @param {unknown} value @returns {[string | number, string][]} */
export const pairs = (value) => /** @type {[string | number, string][]} */ (
  (Array.isArray(value) ? value : []).filter(
    (p) => Array.isArray(p) && p.length >= 2 && (typeof p[0] === "string" || typeof p[0] === "number")
      && typeof p[1] === "string"));

/**
 * A decision of this seat's, as the state message has it.
 * @typedef {{prompt: string, options?: unknown, free?: unknown}} Decision
 */

/** Whether ``decision`` is one to show (an object with a prompt).
 *  @param {unknown} decision @returns {decision is Decision} */
export const validDecision = (decision) => Boolean(decision) && typeof decision === "object"
  && typeof (/** @type {{prompt?: unknown}} */ (decision)).prompt === "string";

/** How long a typed answer to ``decision`` may be: 0 when none may be typed, at most what the
 *  table reads (web/phones/protocol.py's MAX_OPTION). @param {Decision} decision */
export const typedLength = (decision) => (Number.isInteger(decision.free)
  ? Math.max(0, Math.min(/** @type {number} */ (decision.free), MAX_OPTION)) : 0);

/** A typed answer as it is sent: control characters and lone surrogates (which the table never
 *  reads) made spaces, cut to ``max`` characters. @param {string} typed @param {number} max */
export const typedAnswer = (typed, max) =>
  Array.from(typed.replace(/[\p{Cc}\p{Cs}]/gu, " ")).slice(0, max).join("");

/**
 * What the seat page reads of a state message (web/phones/protocol.py's state()); anything may
 * be missing or of another type.
 * @typedef {{name?: unknown, turn?: unknown, chooser?: unknown, mine?: unknown,
 *   collect?: unknown, over?: unknown, paused?: unknown, winner?: unknown}} State
 */

/** Whose move it is, as this phone's player reads it.
 *  @param {State} state @param {boolean} mine @param {boolean} deciding */
export function turnText(state, mine, deciding) {
  const chooser = text(state.chooser);
  const turn = text(state.turn);
  if (state.over === true) return "";
  if (deciding) return t("Your choice");
  if (chooser) return t("{who} is choosing", { who: chooser });
  if (mine) return state.collect === true ? t("Your pile: flip to take it") : t("Your turn");
  return turn ? t("{who}'s turn", { who: turn }) : "";
}

/** The banner over the seat: the game's end, or a pause ("" for none). @param {State} state */
export function bannerText(state) {
  const name = text(state.name);
  const winner = text(state.winner);
  if (state.over === true) {
    return winner && winner === name ? t("You win!")
      : winner ? t("{who} wins", { who: winner }) : t("Game over");
  }
  return state.paused === true ? t("Paused at the table") : "";
}

/** The pile's line. @param {number} count */
export const pileText = (count) => (count === 0 ? t("The pile is empty")
  : tn("Pile: {n} card", "Pile: {n} cards", count, { n: count }));

/** The words around the seat's count of cards, which the page shows large in an element of its
 *  own: "{n} cards" said for ``count`` and cut where the number goes, ``[before, after]``
 *  (``["", "cards"]`` in English). @param {number} count @returns {[string, string]} */
export function countWords(count) {
  const said = tn("{n} card", "{n} cards", Number.isFinite(count) ? count : 0);
  const at = said.indexOf("{n}");
  if (at < 0) return ["", said.trim()];
  return [said.slice(0, at).trim(), said.slice(at + "{n}".length).trim()];
}

/** A buzz message's vibration pattern, if it is one to play (at most 32 steps of 0 to 10 s),
 *  else null. @param {unknown} pattern @returns {number[] | null} */
export const vibration = (pattern) => (Array.isArray(pattern) && pattern.length <= 32
  && pattern.every((ms) => typeof ms === "number" && ms >= 0 && ms <= 10000) ? pattern : null);

/** Why the table let the phone go, as its bye says (a default when it does not say).
 *  @param {unknown} why */
export const byeReason = (why) => (typeof why === "string" && why.trim()
  // i18n: said after "Lost the table: "
  ? why.trim().slice(0, 200) : t("the table closed the seat"));

/** The seat page's address ``href`` in the language ``lang``: its ``lang=`` (which
 *  web/boot/i18n.js reads first) set, the rest (the join code's fragment) kept.
 *  @param {string} href @param {string} lang */
export function withLanguage(href, lang) {
  const url = new URL(href);
  url.searchParams.set("lang", lang);
  return url.href;
}

/** Where the seat page at ``href`` goes to speak its phone's own language, or "" to stay: when
 *  the phone chose one (``saved``, one of ``languages``) and the table's link names another
 *  (the link's ``lang=`` would otherwise win). Loaded before the seat is taken, nothing is lost.
 *  @param {string} href @param {string | null} saved @param {Record<string, string>} languages */
export function ownLanguage(href, saved, languages) {
  if (!saved || !Object.hasOwn(languages, saved)) return "";
  const linked = new URL(href).searchParams.get("lang");
  return linked !== null && linked !== saved ? withLanguage(href, saved) : "";
}

// A card's description (web/model/card_face.py): [tag, {attribute: text}, text or children].
const FACE_TAGS = new Map([["div", false], ["span", false], ["svg", true], ["g", true],
  ["rect", true], ["circle", true], ["path", true], ["polygon", true]]); // tag: in SVG?
const FACE_ATTRIBUTES = new Set(["class", "role", "aria-label", "aria-hidden", "data-code",
  "focusable", "viewBox", "fill", "fill-opacity", "stroke", "stroke-width", "transform", "x", "y",
  "width", "height", "rx", "cx", "cy", "r", "d", "points"]);
const FACE_NODES = 40; // a card has about 20 elements
const FACE_DEPTH = 6;

/**
 * A card's description once checked: an element's tag, whether it is SVG's, its attributes and
 * its text or children.
 * @typedef {{tag: string, svg: boolean, attributes: [string, string][], content: string | Face[]}} Face
 */

/** The card a description stands for, checked, or null if it is not a card's: known tags and
 *  attributes only (nothing that loads or runs anything), text as text, bounded; its top a
 *  ``div`` of class ``card``. @param {unknown} description @returns {Face | null} */
export function cardFace(description) {
  let made = 0;
  /** @param {unknown} node @param {number} depth @returns {Face | null} */
  const read = (node, depth) => {
    if (!Array.isArray(node) || node.length !== 3 || depth > FACE_DEPTH) return null;
    made += 1;
    const [tag, attributes, content] = node;
    if (made > FACE_NODES || !FACE_TAGS.has(tag)) return null;
    if (!attributes || typeof attributes !== "object" || Array.isArray(attributes)) return null;
    /** @type {[string, string][]} */
    const kept = [];
    for (const [name, value] of Object.entries(attributes)) {
      if (!FACE_ATTRIBUTES.has(name) || typeof value !== "string" || value.length > 200) return null;
      kept.push([name, value]);
    }
    const face = { tag, svg: Boolean(FACE_TAGS.get(tag)), attributes: kept };
    if (typeof content === "string") {
      return content.length > 40 ? null : { ...face, content };
    }
    if (!Array.isArray(content)) return null;
    /** @type {Face[]} */
    const children = [];
    for (const child of content) {
      const inner = read(child, depth + 1);
      if (!inner) return null;
      children.push(inner);
    }
    return { ...face, content: children };
  };
  const card = read(description, 0);
  const classes = card?.attributes.find(([name]) => name === "class")?.[1] || "";
  return card && card.tag === "div" && classes.split(/[\t\n\f\r ]+/).includes("card") ? card : null;
}
