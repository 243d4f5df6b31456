// @ts-check
// The phone's seat page: takes the seat named by the join code in the URL's fragment, shows
// the phone's answer as a QR code (and text) for the table to read, then plays: the seat's
// cards, the pile's top cards, whose turn it is, the seat's decisions, and one big button per
// move the table offers (the one to press now bright). The messages are those of
// docs/phones.md; no Python runs here, so the page is usable within a few KB. Seats are
// numbered from 0 in the messages and from 1 on the screen.
//
// <body data-phone-state> says where it is: joining, answer, playing, lost, error.
//
// Its own words are in the page's language (web/boot/i18n.js, loaded first: the link's `lang=`,
// which the table sets to its own language, or the one this phone chose); the table's words
// (names, the game's prompts and choices, what happened) come said in the table's language.
// The language menu (data-zone="language") saves the phone's choice, and loads the page in it
// while nothing is lost by loading it again (before the table has this phone). Once seated a
// load would lose the seat (a join code is answered once: the table shows a new code for a
// phone that left), so the choice waits for the phone's next seat, and a note says so.
//
// window.ratscrewNet = {delay, jitter} (ms), set before the page loads, delays every message
// each way by delay + a random part of jitter: a slow network, for the tests.

import { t } from "../boot/say.mjs";
import { MAX_OPTION, VERSION } from "../phones/protocol.mjs";
import {
  bannerText, byeReason, cardFace, countWords, joinCode, ownLanguage, pairs, pileText, text,
  turnText, typedAnswer, typedLength, validDecision, vibration, withLanguage,
} from "./messages.mjs";
import {
  addressProblem, channels, decode, encode, gathered, qrSquares, sdpParts, toSdp,
} from "./signal.mjs";

// (The runtime's QR code library, runtime/qr/, copied from npm by scripts/build: its URL is made
// here, not written in the import, so that the type checker takes its types from its package.)
/** @type {Promise<{default: typeof import("qrcode-generator")} | null>} */
const qrModule = import(new URL("../../runtime/qr/qrcode.mjs", import.meta.url).href)
  .catch(() => null);

/** The page's element of that id (web/seat/index.html has each one this script uses).
 *  @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const SCREENS = ["joining", "answer", "playing", "lost", "error"];
const RESEND_MS = 30; // an action goes again on "fast" this long after the first time
const DISCONNECTED_MS = 5000; // "disconnected" this long counts as lost
const PILE_SHOWN = 3; // the pile's top cards shown
const LANGUAGE_NOTE_MS = 6000; // the language menu's note, at play
const i18n = window.ratscrewI18n; // web/boot/i18n.js (absent: English, and no language menu)
/** Where the language menu goes in each screen. @type {Record<string, string>} */
const LANGUAGE_PLACES = { joining: "screen-joining", answer: "answer-side", error: "screen-error",
  lost: "screen-lost", playing: "play-head" };

/** @type {RTCPeerConnection | null} */
let pc = null;
/** @type {{game: RTCDataChannel, fast: RTCDataChannel} | null} */
let chans = null;
let phase = "joining";
let actionId = 0;
let joinedAt = 0;
let shownActions = "";
let shownDecision = "";
let shownOwn = "";
let shownPile = "";
let dropTimer = 0;
let languageNoteTimer = 0;
/** @type {Promise<WakeLockSentinel | null> | null} */
let wakeLock = null; // a promise of the screen's wake lock (null once released or refused)
/** @type {HTMLButtonElement | null} */
let armed = null; // the button a pointer pressed: its own click must not act twice

/** @param {string} name */
function setPhase(name) {
  phase = name;
  document.body.dataset.phoneState = name;
  for (const screen of SCREENS) $(`screen-${screen}`).hidden = screen !== name;
  $(LANGUAGE_PLACES[name]).append($("seat-language"));
}

// ------------------------------------------------------------------ the network, maybe slowed

function netDelay() {
  /** @type {{ratscrewNet?: {delay?: unknown, jitter?: unknown}}} */
  const page = /** @type {any} */ (window);
  const net = page.ratscrewNet;
  if (!net || typeof net !== "object") return -1;
  return Math.max(0, (Number(net.delay) || 0) + Math.random() * (Number(net.jitter) || 0));
}

/** @param {RTCDataChannel | undefined} channel @param {string} message */
function sendNow(channel, message) {
  if (channel && channel.readyState === "open") {
    try {
      channel.send(message);
    } catch {
      // a channel closing under us: the close handler says so
    }
  }
}

/** @param {"game" | "fast"} name @param {object} message */
function send(name, message) {
  const json = JSON.stringify(message);
  const ms = netDelay();
  if (ms < 0) sendNow(chans?.[name], json);
  else setTimeout(() => sendNow(chans?.[name], json), ms);
}

/** @param {MessageEvent} event */
function receive(event) {
  const ms = netDelay();
  if (ms < 0) handle(event.data);
  else setTimeout(() => handle(event.data), ms);
}

// ------------------------------------------------------------------ joining

async function join() {
  setPhase("joining");
  let parts;
  try {
    parts = decode(joinCode(location.hash));
  } catch (error) {
    showError(error instanceof Error ? error.message : String(error));
    return;
  }
  if (typeof RTCPeerConnection !== "function") {
    showError(t("This browser cannot join a table: open the link in Chrome, Safari or Firefox."));
    return;
  }
  try {
    const peer = new RTCPeerConnection();
    pc = peer;
    chans = channels(peer);
    wire(peer, chans);
    await peer.setRemoteDescription({ type: "offer", sdp: toSdp(parts, true) });
    await peer.setLocalDescription(await peer.createAnswer());
    await gathered(peer);
    $("answer-help").textContent = t("Seat {number}: hold this up to the table's camera, or "
      + "copy the text and paste it at the table.", { number: parts.seat + 1 });
    await showAnswer(peer, encode(parts.seat, peer.localDescription?.sdp || ""));
  } catch (error) {
    const why = error instanceof Error ? error.message : error;
    // i18n: {error} is the browser's own words for what went wrong
    showError(t("The table's code did not work on this phone ({error}).",
      { error: String(why || error) }));
  }
}

/** @param {string} message */
function showError(message) {
  $("error-text").textContent = message;
  setPhase("error");
}

/** @param {RTCPeerConnection} peer @param {string} code */
async function showAnswer(peer, code) {
  const field = /** @type {HTMLTextAreaElement} */ ($("answer-text"));
  field.value = code;
  field.dataset.code = code;
  const sdp = peer.localDescription?.sdp || "";
  $("answer-network").hidden = addressProblem(sdpParts(sdp)) !== "none";
  const figure = $("answer-qr");
  figure.replaceChildren();
  const lib = await qrModule;
  if (lib?.default) figure.append(qrSvg(lib.default, code));
  else figure.hidden = true; // the text still works
  if (phase === "joining") setPhase("answer");
}

/** The code as an SVG QR code: one path of dark squares on a white square with a quiet zone,
 *  scaled by CSS to the room the screen has, edges kept sharp.
 *  @param {typeof import("qrcode-generator")} qrcode @param {string} code */
function qrSvg(qrcode, code) {
  const { size, path: d } = qrSquares(qrcode, code);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("QR code of your seat's code"));
  const back = document.createElementNS(ns, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.id = "qr-back";
  const dark = document.createElementNS(ns, "path");
  dark.setAttribute("d", d);
  dark.id = "qr-dark";
  svg.append(back, dark);
  return svg;
}

async function copyCode() {
  const field = /** @type {HTMLTextAreaElement} */ ($("answer-text"));
  const status = $("answer-status");
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = t("Copied: paste it at the table.");
  } catch {
    field.focus();
    field.select();
    field.setSelectionRange(0, field.value.length);
    status.textContent = t("Selected: copy it with your phone's menu, then paste it at the table.");
  }
}

// ------------------------------------------------------------------ the connection

/** @param {RTCPeerConnection} peer
 *  @param {{game: RTCDataChannel, fast: RTCDataChannel}} chans */
function wire(peer, chans) {
  chans.game.addEventListener("open", () => {
    send("game", { t: "hello", v: VERSION });
    joinedAt = performance.now();
    if (phase === "answer" || phase === "joining") $("answer-connected").hidden = false;
    document.body.dataset.link = "open";
  });
  chans.game.addEventListener("message", receive);
  chans.fast.addEventListener("message", receive);
  chans.game.addEventListener("close", () => lose(""));
  peer.addEventListener("connectionstatechange", () => {
    const state = peer.connectionState;
    if (state === "failed" || state === "closed") {
      // Unanswered, a browser waits a few minutes for the table to read the code, then gives
      // up; the table's join code then needs renewing too (its connection has met this one).
      // i18n: said after "Lost the table: "
      lose(joinedAt ? "" : t("the table did not read this phone's code in time"));
    } else if (state === "disconnected") {
      note(t("reconnecting…"));
      clearTimeout(dropTimer);
      dropTimer = window.setTimeout(() => {
        if (peer.connectionState === "disconnected") lose("");
      }, DISCONNECTED_MS);
    } else if (state === "connected") {
      clearTimeout(dropTimer);
      note("");
    }
  });
}

/** @param {string} line */
function note(line) {
  const element = $("play-note");
  element.textContent = line;
  element.hidden = !line;
}

/** The table is gone: why it said, or the connection dropped. Before the channel first opens
 *  (a seat still showing its code) only a given reason counts: the table may take a while to
 *  read the code, and the channel opens when it does. @param {string} why */
function lose(why) {
  if (phase === "lost" || phase === "error") return;
  if (!joinedAt && !why) return;
  clearTimeout(dropTimer);
  // i18n: said after "Lost the table: "
  const reason = why || t("the connection dropped");
  // i18n: {reason} is why, said by this page or by the table ("the connection dropped", "the
  // table gave your seat to someone else")
  $("lost-text").textContent = t("Lost the table: {reason}. Scan the new code at the table to "
    + "sit down again.", { reason });
  setPhase("lost");
  releaseWakeLock();
  try {
    pc?.close();
  } catch {
    // already closed
  }
}

// ------------------------------------------------------------------ messages from the table

/** @param {unknown} data */
function handle(data) {
  if (phase === "lost" || phase === "error" || typeof data !== "string" || data.length > 65536) return;
  /** @type {any} */
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return;
  }
  if (!message || typeof message !== "object" || Array.isArray(message)) return;
  switch (message.t) {
    case "ping":
      if (typeof message.h === "number") send("fast", { t: "pong", h: message.h, p: performance.now() });
      break;
    case "state":
      showState(message);
      break;
    case "note":
      if (typeof message.text === "string") answerNote(message.text.slice(0, 300));
      break;
    case "buzz": {
      const pattern = vibration(message.p);
      if (pattern) {
        try {
          navigator.vibrate?.(pattern);
        } catch {
          // no vibration here
        }
      }
      break;
    }
    case "bye":
      lose(byeReason(message.why));
      break;
    default:
      break;
  }
}

/** @param {any} state  a state message (anything may be missing or of another type) */
function showState(state) {
  if (phase !== "playing") {
    setPhase("playing");
    keepAwake();
  }
  const name = text(state.name);
  const seat = Number.isInteger(state.seat) && state.seat >= 0 ? state.seat : null;
  $("play-name").textContent = name;
  $("play-name").dataset.name = name;
  $("play-seat").textContent = seat === null ? "" : t("Seat {number}", { number: seat + 1 });
  $("play-variant").textContent = text(state.variant);
  const counted = Number.isFinite(state.cards);
  $("play-cards").textContent = counted ? String(state.cards) : "–";
  const [before, after] = countWords(counted ? state.cards : 0);
  $("play-cards-before").textContent = before;
  $("play-cards-before").hidden = !before;
  $("play-cards-label").textContent = after;

  const over = state.over === true;
  const paused = state.paused === true && !over;
  const mine = state.mine === true;
  const deciding = validDecision(state.decision);
  $("play-turn").textContent = turnText(state, mine, deciding);
  document.body.dataset.mine = String(mine);
  $("play-line").textContent = text(state.line);

  const banner = bannerText(state);
  $("play-banner").textContent = banner;
  $("play-banner").hidden = !banner;
  document.body.dataset.paused = String(paused);
  document.body.dataset.over = String(over);
  // The button to press now: flip on your turn (or to collect your pile), else slap.
  document.body.dataset.press = over || paused ? "" : mine ? "flip" : "slap";

  showActions(pairs(state.actions));
  showPile(state.pile);
  showDecision(deciding ? state.decision : null);
  showOwn(state.own);
}

/** @param {[string | number, string][]} actions */
function showActions(actions) {
  const key = JSON.stringify(actions);
  if (key === shownActions) return; // keep the buttons (and a press or focus on one) as they are
  shownActions = key;
  const ordered = [...actions.filter(([a]) => a === "flip"), ...actions.filter(([a]) => a !== "flip")];
  const box = $("play-actions");
  box.replaceChildren(...ordered.map(([action, label]) => actionButton(String(action), label)));
  box.style.setProperty("--count", String(Math.max(1, ordered.length)));
}

/** @param {string} action @param {string} label */
function actionButton(action, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.action = action;
  button.dataset.kind = action === "flip" ? "flip" : action.startsWith("slap") ? "slap" : "other";
  button.textContent = label;
  button.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    armed = button;
    act(button, event.timeStamp);
  });
  for (const name of ["pointerup", "pointercancel", "pointerleave"]) {
    button.addEventListener(name, () => button.removeAttribute("data-pressed"));
  }
  button.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault(); // no click from the key: the key itself acts
    if (!event.repeat) act(button, event.timeStamp, true);
  });
  button.addEventListener("keyup", (event) => {
    if (event.key === " ") event.preventDefault();
  });
  button.addEventListener("click", (event) => {
    // A pointer's click follows its pointerdown, which acted; a click with no pointer before
    // it comes from assistive technology.
    if (armed === button) armed = null;
    else act(button, event.timeStamp, true);
  });
  button.addEventListener("contextmenu", (event) => event.preventDefault());
  return button;
}

/** Sends the action three times (fast, game, fast again) and shows the press at once.
 *  @param {HTMLButtonElement} button @param {number} at */
function act(button, at, brief = false) {
  actionId += 1;
  const message = { t: "act", id: actionId, a: button.dataset.action, at };
  send("fast", message);
  send("game", message);
  setTimeout(() => send("fast", message), RESEND_MS);
  button.dataset.pressed = "";
  if (brief) setTimeout(() => button.removeAttribute("data-pressed"), 150);
}

/** This seat's decision: its prompt, a button per option in a box that scrolls when they do
 *  not all fit (a fade and a cue say so), and a field for an answer of its own where the table
 *  offers one (the Emperor's decree, the Star's song). An answer is sent once; the choices
 *  wait until the table moves on, or says why it was not taken. @param {unknown} decision */
function showDecision(decision) {
  const valid = validDecision(decision);
  const options = valid ? pairs(decision.options) : [];
  const free = valid ? typedLength(decision) : 0;
  const key = valid ? JSON.stringify([decision.prompt, options, free]) : "";
  if (key === shownDecision) return;
  shownDecision = key;
  $("play-decision").hidden = !valid;
  document.body.dataset.decision = String(valid);
  $("play-prompt").textContent = valid ? decision.prompt : "";
  $("play-options").replaceChildren(...options.map(([value, label]) => choiceButton(
    value, label, (button) => {
      answer(value);
      button.dataset.chosen = "";
    })));
  $("play-options").scrollTop = 0;
  const field = /** @type {HTMLInputElement} */ ($("play-text"));
  field.value = "";
  field.maxLength = free || MAX_OPTION;
  $("play-type").hidden = !free;
  answerNote("");
  enableChoices(true);
  showMore();
}

/** Sends the answer to the decision; nothing more can be chosen meanwhile.
 *  @param {string | number} value */
function answer(value) {
  send("game", { t: "choose", o: value });
  enableChoices(false);
  answerNote("");
}

/** @param {boolean} on */
function enableChoices(on) {
  for (const button of /** @type {HTMLCollectionOf<HTMLButtonElement>} */ ($("play-options").children)) {
    button.disabled = !on;
    if (on) button.removeAttribute("data-chosen");
  }
  for (const control of /** @type {HTMLFormElement} */ ($("play-type")).elements) {
    /** @type {HTMLInputElement | HTMLButtonElement} */ (control).disabled = !on;
  }
}

/** A typed answer: sent as typed, but for what the table never reads (control characters,
 *  which become spaces; more than its length). The table cleans it as it cleans its own
 *  field's, and says so if nothing is left. @param {Event} event */
function sendTyped(event) {
  event.preventDefault();
  const field = /** @type {HTMLInputElement} */ ($("play-text"));
  const typed = typedAnswer(field.value, field.maxLength);
  if (!typed) {
    field.focus();
    return;
  }
  answer(typed);
}

/** Why the last answer was not taken (the table's note): the choices are open again.
 *  @param {string} message */
function answerNote(message) {
  const element = $("play-answer-note");
  element.textContent = message;
  element.hidden = !message;
  if (message) enableChoices(true);
}

/** Whether the options' box hides some of them, above or below: ``data-more`` on the box
 *  (``up``, ``down``, ``both`` or empty) fades the edge they hide behind, and the cue says
 *  there are more. */
function showMore() {
  const box = $("play-options");
  const below = box.scrollHeight - box.clientHeight - box.scrollTop > 2;
  const above = box.scrollTop > 2;
  const more = below && above ? "both" : below ? "down" : above ? "up" : "";
  if (box.dataset.more !== more) box.dataset.more = more;
  $("play-more").hidden = !below;
}

/** A button for one choice (``data-option``: its value) that calls ``press`` with itself.
 *  @param {string | number} value @param {string} label
 *  @param {(button: HTMLButtonElement) => void} press */
function choiceButton(value, label, press) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.option = String(value);
  button.textContent = label;
  button.addEventListener("click", () => press(button));
  return button;
}

/** The pile: how many cards it holds and its top cards (the top one last), fanned, drawn from
 *  the table's descriptions of them (faceElement). @param {any} pile */
function showPile(pile) {
  const valid = Boolean(pile) && typeof pile === "object" && Number.isInteger(pile.count)
    && pile.count >= 0 && Array.isArray(pile.top);
  const key = valid ? JSON.stringify([pile.count, pile.top.slice(-PILE_SHOWN)]) : "";
  if (key === shownPile) return;
  shownPile = key;
  $("play-pile").hidden = !valid;
  const count = valid ? pile.count : 0;
  $("play-pile-count").textContent = pileText(count);
  /** @type {HTMLElement[]} */
  const cards = [];
  for (const description of valid ? pile.top.slice(-PILE_SHOWN) : []) {
    const face = cardFace(description);
    if (face) cards.push(/** @type {HTMLElement} */ (faceElement(face)));
  }
  cards.forEach((card, slot) => card.style.setProperty("--slot", String(slot)));
  const box = $("play-pile-cards");
  box.replaceChildren(...cards);
  box.style.setProperty("--count", String(cards.length));
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** The element of a card's checked description (messages.mjs's cardFace): text as text.
 *  @param {import("./messages.mjs").Face} face @returns {Element} */
function faceElement(face) {
  const element = face.svg ? document.createElementNS(SVG_NS, face.tag)
    : document.createElement(face.tag);
  for (const [name, value] of face.attributes) element.setAttribute(name, value);
  if (typeof face.content === "string") element.textContent = face.content;
  else element.append(...face.content.map(faceElement));
  return element;
}

/** The variant's own actions this seat may take now (K.U.R.S.' fine): a prompt and a button
 *  for each argument; a press sends it once, on the reliable channel. @param {unknown} own */
function showOwn(own) {
  const offers = (Array.isArray(own) ? own : []).filter(
    (o) => o && typeof o === "object" && typeof o.kind === "string" && typeof o.prompt === "string");
  const key = JSON.stringify(offers.map((o) => [o.kind, o.prompt, pairs(o.options)]));
  if (key === shownOwn) return;
  shownOwn = key;
  const box = $("play-own");
  box.hidden = !offers.length;
  document.body.dataset.own = String(offers.length > 0);
  box.replaceChildren(...offers.map((offer) => {
    const group = document.createElement("div");
    group.className = "own";
    group.setAttribute("role", "group");
    group.dataset.own = offer.kind;
    const prompt = document.createElement("p");
    prompt.className = "own-prompt";
    prompt.textContent = offer.prompt;
    group.setAttribute("aria-label", offer.prompt);
    const buttons = document.createElement("div");
    buttons.className = "own-options";
    buttons.replaceChildren(...pairs(offer.options).map(([value, label]) => choiceButton(
      value, label, (button) => {
        send("game", { t: "do", k: offer.kind, o: String(value) });
        button.dataset.sent = "";
        setTimeout(() => button.removeAttribute("data-sent"), 600);
      })));
    group.append(prompt, buttons);
    return group;
  }));
}

// ------------------------------------------------------------------ the language

/** The language menu: the game's languages, each by its own name, the page's chosen.
 *  @param {NonNullable<typeof i18n>} page */
function languageMenu(page) {
  const select = /** @type {HTMLSelectElement} */ ($("seat-language-select"));
  select.replaceChildren(...Object.entries(page.LANGUAGES).map(([code, name]) => {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === page.lang;
    return option;
  }));
  select.addEventListener("change", () => chooseLanguage(page, select.value));
  $("seat-language").hidden = false;
}

/** Whether the page may load again without losing anything: the table does not have this
 *  phone yet (its answer is read as well from a new load as from this one), or the table's
 *  code failed. Once the table has it, the seat goes with the page, and so it does once lost
 *  (a new load would answer a join code the table no longer offers). */
const reloadable = () => phase === "error" || ((phase === "joining" || phase === "answer")
  && !joinedAt && pc?.connectionState !== "connected");

/** The phone's choice of language: saved for its next seats, and taken now if the page may load
 *  again; else a note says it waits for the next seat. @param {NonNullable<typeof i18n>} page
 *  @param {string} lang */
function chooseLanguage(page, lang) {
  let saved = true;
  try {
    localStorage.setItem(page.STORAGE_KEY, lang);
  } catch {
    saved = false; // storage refused (a private window): this load only
  }
  const shown = $("seat-language-note");
  clearTimeout(languageNoteTimer);
  if (lang === page.lang) {
    shown.hidden = true;
  } else if (reloadable()) {
    location.replace(withLanguage(location.href, lang));
  } else {
    shown.textContent = saved ? t("Saved for your next seat.")
      : t("This browser cannot save it.");
    shown.hidden = false;
    // At play the note goes after a while: the game's own lines need the room.
    if (phase === "playing") {
      languageNoteTimer = window.setTimeout(() => { shown.hidden = true; }, LANGUAGE_NOTE_MS);
    }
  }
}

// ------------------------------------------------------------------ the screen stays on

/** Asks for a screen wake lock (once at a time; the browser drops it when the page is
 *  hidden, and it is asked for again when the page shows). Refused: the game goes on. */
function keepAwake() {
  if (wakeLock || !navigator.wakeLock || document.visibilityState !== "visible") return;
  const asked = Promise.resolve()
    .then(() => navigator.wakeLock.request("screen"))
    .then((lock) => {
      lock.addEventListener("release", () => {
        if (wakeLock === asked) wakeLock = null;
      });
      return lock;
    })
    .catch(() => {
      if (wakeLock === asked) wakeLock = null;
      return null;
    });
  wakeLock = asked;
}

function releaseWakeLock() {
  const asked = wakeLock;
  wakeLock = null;
  asked?.then((lock) => lock?.release()).catch(() => {});
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && phase === "playing") keepAwake();
});

window.addEventListener("pagehide", () => {
  if (chans?.game.readyState === "open") sendNow(chans.game, JSON.stringify({ t: "bye" }));
});

window.addEventListener("hashchange", () => location.reload());

$("answer-copy-button").addEventListener("click", copyCode);
$("play-type").addEventListener("submit", sendTyped);
$("play-options").addEventListener("scroll", showMore, { passive: true });
if (typeof ResizeObserver === "function") new ResizeObserver(showMore).observe($("play-options"));

/** @type {string | null} */
let savedLanguage = null;
try {
  savedLanguage = i18n ? localStorage.getItem(i18n.STORAGE_KEY) : null;
} catch {
  // storage refused: the link's language
}
const elsewhere = i18n ? ownLanguage(location.href, savedLanguage, i18n.LANGUAGES) : "";
if (elsewhere) {
  location.replace(elsewhere); // this phone's own language, before anything is joined
} else if (i18n) {
  const start = () => {
    languageMenu(i18n);
    join();
  };
  i18n.ready.then(start, start); // the page's words in its language first
} else {
  join();
}
