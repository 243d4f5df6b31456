// The phone's seat page: takes the seat named by the join code in the URL's fragment, shows
// the phone's answer as a QR code (and text) for the table to read, then plays: the seat's
// cards, the pile's top cards, whose turn it is, the seat's decisions, and one big button per
// move the table offers (the one to press now bright). The messages are those of
// docs/phones.md; no Python runs here, so the page is usable within a few KB. Seats are
// numbered from 0 in the messages and from 1 on the screen.
//
// <body data-phone-state> says where it is: joining, answer, playing, lost, error.
//
// window.ratscrewNet = {delay, jitter} (ms), set before the page loads, delays every message
// each way by delay + a random part of jitter: a slow network, for the tests.

import {
  addressProblem, channels, decode, encode, gathered, qrSquares, sdpParts, toSdp,
} from "./signal.mjs";

const qrModule = import("../../runtime/qr/qrcode.mjs").catch(() => null);

const $ = (id) => document.getElementById(id);
const SCREENS = ["joining", "answer", "playing", "lost", "error"];
const RESEND_MS = 30; // an action goes again on "fast" this long after the first time
const DISCONNECTED_MS = 5000; // "disconnected" this long counts as lost
const MAX_TYPED = 80; // the longest typed answer the table reads (web/phones/protocol.py)
const PILE_SHOWN = 3; // the pile's top cards shown

let pc = null;
let chans = null;
let phase = "joining";
let actionId = 0;
let joinedAt = 0;
let shownActions = "";
let shownDecision = "";
let shownOwn = "";
let shownPile = "";
let dropTimer = 0;
let wakeLock = null; // a promise of the screen's wake lock (null once released or refused)
let armed = null; // the button a pointer pressed: its own click must not act twice

function setPhase(name) {
  phase = name;
  document.body.dataset.phoneState = name;
  for (const screen of SCREENS) $(`screen-${screen}`).hidden = screen !== name;
}

// ------------------------------------------------------------------ the network, maybe slowed

function netDelay() {
  const net = window.ratscrewNet;
  if (!net || typeof net !== "object") return -1;
  return Math.max(0, (Number(net.delay) || 0) + Math.random() * (Number(net.jitter) || 0));
}

function sendNow(channel, text) {
  if (channel && channel.readyState === "open") {
    try {
      channel.send(text);
    } catch {
      // a channel closing under us: the close handler says so
    }
  }
}

function send(name, message) {
  const text = JSON.stringify(message);
  const ms = netDelay();
  if (ms < 0) sendNow(chans?.[name], text);
  else setTimeout(() => sendNow(chans?.[name], text), ms);
}

function receive(event) {
  const ms = netDelay();
  if (ms < 0) handle(event.data);
  else setTimeout(() => handle(event.data), ms);
}

// ------------------------------------------------------------------ joining

/** The join code: the URL's fragment, as a scanner may have percent-encoded it. */
function fragment() {
  const raw = location.hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

async function join() {
  setPhase("joining");
  let parts;
  try {
    parts = decode(fragment());
  } catch (error) {
    showError(error instanceof Error ? error.message : String(error));
    return;
  }
  if (typeof RTCPeerConnection !== "function") {
    showError("This browser cannot join a table: open the link in Chrome, Safari or Firefox.");
    return;
  }
  try {
    pc = new RTCPeerConnection();
    chans = channels(pc);
    wire();
    await pc.setRemoteDescription({ type: "offer", sdp: toSdp(parts, true) });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    $("answer-help").textContent = `Seat ${parts.seat + 1}: hold this up to the table's `
      + "camera, or copy the text and paste it at the table.";
    await showAnswer(encode(parts.seat, pc.localDescription.sdp));
  } catch (error) {
    showError(`The table's code did not work on this phone (${error?.message || error}).`);
  }
}

function showError(message) {
  $("error-text").textContent = message;
  setPhase("error");
}

async function showAnswer(code) {
  const text = $("answer-text");
  text.value = code;
  text.dataset.code = code;
  $("answer-network").hidden = addressProblem(sdpParts(pc.localDescription.sdp)) !== "none";
  const figure = $("answer-qr");
  figure.replaceChildren();
  const lib = await qrModule;
  if (lib?.default) figure.append(qrSvg(lib.default, code));
  else figure.hidden = true; // the text still works
  if (phase === "joining") setPhase("answer");
}

/** The code as an SVG QR code: one path of dark squares on a white square with a quiet zone,
 *  scaled by CSS to the room the screen has, edges kept sharp. */
function qrSvg(qrcode, code) {
  const { size, path: d } = qrSquares(qrcode, code);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "QR code of your seat's code");
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
  const text = $("answer-text");
  const status = $("answer-status");
  try {
    await navigator.clipboard.writeText(text.value);
    status.textContent = "Copied: paste it at the table.";
  } catch {
    text.focus();
    text.select();
    text.setSelectionRange(0, text.value.length);
    status.textContent = "Selected: copy it with your phone's menu, then paste it at the table.";
  }
}

// ------------------------------------------------------------------ the connection

function wire() {
  chans.game.addEventListener("open", () => {
    send("game", { t: "hello", v: 1 });
    joinedAt = performance.now();
    if (phase === "answer" || phase === "joining") $("answer-connected").hidden = false;
    document.body.dataset.link = "open";
  });
  chans.game.addEventListener("message", receive);
  chans.fast.addEventListener("message", receive);
  chans.game.addEventListener("close", () => lose(""));
  pc.addEventListener("connectionstatechange", () => {
    const state = pc.connectionState;
    if (state === "failed" || state === "closed") {
      // Unanswered, a browser waits a few minutes for the table to read the code, then gives
      // up; the table's join code then needs renewing too (its connection has met this one).
      lose(joinedAt ? "" : "the table did not read this phone's code in time");
    } else if (state === "disconnected") {
      note("reconnecting…");
      clearTimeout(dropTimer);
      dropTimer = setTimeout(() => {
        if (pc.connectionState === "disconnected") lose("");
      }, DISCONNECTED_MS);
    } else if (state === "connected") {
      clearTimeout(dropTimer);
      note("");
    }
  });
}

function note(text) {
  const element = $("play-note");
  element.textContent = text;
  element.hidden = !text;
}

/** The table is gone: why it said, or the connection dropped. Before the channel first opens
 *  (a seat still showing its code) only a given reason counts: the table may take a while to
 *  read the code, and the channel opens when it does. */
function lose(why) {
  if (phase === "lost" || phase === "error") return;
  if (!joinedAt && !why) return;
  clearTimeout(dropTimer);
  const reason = why || "the connection dropped";
  $("lost-text").textContent = `Lost the table: ${reason}. Scan the new code at the table to sit down again.`;
  setPhase("lost");
  releaseWakeLock();
  try {
    pc?.close();
  } catch {
    // already closed
  }
}

// ------------------------------------------------------------------ messages from the table

function handle(data) {
  if (phase === "lost" || phase === "error" || typeof data !== "string" || data.length > 65536) return;
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
    case "buzz":
      if (Array.isArray(message.p) && message.p.length <= 32
          && message.p.every((ms) => typeof ms === "number" && ms >= 0 && ms <= 10000)) {
        try {
          navigator.vibrate?.(message.p);
        } catch {
          // no vibration here
        }
      }
      break;
    case "bye":
      lose(typeof message.why === "string" && message.why.trim() ? message.why.trim().slice(0, 200) : "the table closed the seat");
      break;
    default:
      break;
  }
}

const text = (value, fallback = "") => (typeof value === "string" ? value : fallback);
const pairs = (value) => (Array.isArray(value) ? value : []).filter(
  (p) => Array.isArray(p) && p.length >= 2 && (typeof p[0] === "string" || typeof p[0] === "number")
    && typeof p[1] === "string");

function showState(state) {
  if (phase !== "playing") {
    setPhase("playing");
    keepAwake();
  }
  const name = text(state.name);
  const seat = Number.isInteger(state.seat) && state.seat >= 0 ? state.seat : null;
  $("play-name").textContent = name;
  $("play-name").dataset.name = name;
  $("play-seat").textContent = seat === null ? "" : `Seat ${seat + 1}`;
  $("play-variant").textContent = text(state.variant);
  $("play-cards").textContent = Number.isFinite(state.cards) ? String(state.cards) : "–";
  $("play-cards-label").textContent = state.cards === 1 ? "card" : "cards";

  const over = state.over === true;
  const paused = state.paused === true && !over;
  const mine = state.mine === true;
  const deciding = validDecision(state.decision);
  $("play-turn").textContent = turnText(state, mine, deciding);
  document.body.dataset.mine = String(mine);
  $("play-line").textContent = text(state.line);

  const winner = text(state.winner);
  let banner = "";
  if (over) {
    banner = winner && winner === name ? "You win!" : winner ? `${winner} wins` : "Game over";
  } else if (paused) {
    banner = "Paused at the table";
  }
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

/** Whose move it is, as this phone's player reads it. */
function turnText(state, mine, deciding) {
  const chooser = text(state.chooser);
  const turn = text(state.turn);
  if (state.over === true) return "";
  if (deciding) return "Your choice";
  if (chooser) return `${chooser} is choosing`;
  if (mine) return state.collect === true ? "Your pile: flip to take it" : "Your turn";
  return turn ? `${turn}'s turn` : "";
}

function showActions(actions) {
  const key = JSON.stringify(actions);
  if (key === shownActions) return; // keep the buttons (and a press or focus on one) as they are
  shownActions = key;
  const ordered = [...actions.filter(([a]) => a === "flip"), ...actions.filter(([a]) => a !== "flip")];
  const box = $("play-actions");
  box.replaceChildren(...ordered.map(([action, label]) => actionButton(String(action), label)));
  box.style.setProperty("--count", String(Math.max(1, ordered.length)));
}

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

/** Sends the action three times (fast, game, fast again) and shows the press at once. */
function act(button, at, brief = false) {
  actionId += 1;
  const message = { t: "act", id: actionId, a: button.dataset.action, at };
  send("fast", message);
  send("game", message);
  setTimeout(() => send("fast", message), RESEND_MS);
  button.dataset.pressed = "";
  if (brief) setTimeout(() => button.removeAttribute("data-pressed"), 150);
}

const validDecision = (decision) => Boolean(decision) && typeof decision === "object"
  && typeof decision.prompt === "string";

/** This seat's decision: its prompt, a button per option in a box that scrolls when they do
 *  not all fit (a fade and a cue say so), and a field for an answer of its own where the table
 *  offers one (the Emperor's decree, the Star's song). An answer is sent once; the choices
 *  wait until the table moves on, or says why it was not taken. */
function showDecision(decision) {
  const valid = validDecision(decision);
  const options = valid ? pairs(decision.options) : [];
  const free = valid && Number.isInteger(decision.free)
    ? Math.max(0, Math.min(decision.free, MAX_TYPED)) : 0;
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
  const field = $("play-text");
  field.value = "";
  field.maxLength = free || MAX_TYPED;
  $("play-type").hidden = !free;
  answerNote("");
  enableChoices(true);
  showMore();
}

/** Sends the answer to the decision; nothing more can be chosen meanwhile. */
function answer(value) {
  send("game", { t: "choose", o: value });
  enableChoices(false);
  answerNote("");
}

function enableChoices(on) {
  for (const button of $("play-options").children) {
    button.disabled = !on;
    if (on) button.removeAttribute("data-chosen");
  }
  for (const control of $("play-type").elements) control.disabled = !on;
}

/** A typed answer: sent as typed, but for what the table never reads (control characters,
 *  which become spaces; more than its length). The table cleans it as it cleans its own
 *  field's, and says so if nothing is left. */
function sendTyped(event) {
  event.preventDefault();
  const field = $("play-text");
  const typed = Array.from(field.value.replace(/[\p{Cc}\p{Cs}]/gu, " ")).slice(0, field.maxLength)
    .join("");
  if (!typed) {
    field.focus();
    return;
  }
  answer(typed);
}

/** Why the last answer was not taken (the table's note): the choices are open again. */
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

/** A button for one choice (``data-option``: its value) that calls ``press`` with itself. */
function choiceButton(value, label, press) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.option = String(value);
  button.textContent = label;
  button.addEventListener("click", () => press(button));
  return button;
}

/** The pile: how many cards it holds and its top cards (the top one last), fanned, drawn from
 *  the table's descriptions of them (faceElement). */
function showPile(pile) {
  const valid = Boolean(pile) && typeof pile === "object" && Number.isInteger(pile.count)
    && pile.count >= 0 && Array.isArray(pile.top);
  const key = valid ? JSON.stringify([pile.count, pile.top.slice(-PILE_SHOWN)]) : "";
  if (key === shownPile) return;
  shownPile = key;
  $("play-pile").hidden = !valid;
  const count = valid ? pile.count : 0;
  $("play-pile-count").textContent = count === 0 ? "The pile is empty"
    : `Pile: ${count} card${count === 1 ? "" : "s"}`;
  const cards = (valid ? pile.top.slice(-PILE_SHOWN) : []).map(faceElement).filter(Boolean);
  cards.forEach((card, slot) => card.style.setProperty("--slot", String(slot)));
  const box = $("play-pile-cards");
  box.replaceChildren(...cards);
  box.style.setProperty("--count", String(cards.length));
}

// A card's description (web/model/card_face.py): [tag, {attribute: text}, text or children].
const FACE_TAGS = new Map([["div", false], ["span", false], ["svg", true], ["g", true],
  ["rect", true], ["circle", true], ["path", true], ["polygon", true]]); // tag: in SVG?
const FACE_ATTRIBUTES = new Set(["class", "role", "aria-label", "aria-hidden", "data-code",
  "focusable", "viewBox", "fill", "fill-opacity", "stroke", "stroke-width", "transform", "x", "y",
  "width", "height", "rx", "cx", "cy", "r", "d", "points"]);
const FACE_NODES = 40; // a card has about 20 elements
const FACE_DEPTH = 6;
const SVG_NS = "http://www.w3.org/2000/svg";

/** The card element a description stands for, or null if it is not a card's: known tags and
 *  attributes only (nothing that loads or runs anything), text as text, bounded. */
function faceElement(face) {
  let made = 0;
  const make = (node, depth) => {
    if (!Array.isArray(node) || node.length !== 3 || depth > FACE_DEPTH) return null;
    made += 1;
    const [tag, attributes, content] = node;
    if (made > FACE_NODES || !FACE_TAGS.has(tag)) return null;
    if (!attributes || typeof attributes !== "object" || Array.isArray(attributes)) return null;
    const element = FACE_TAGS.get(tag) ? document.createElementNS(SVG_NS, tag)
      : document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (!FACE_ATTRIBUTES.has(name) || typeof value !== "string" || value.length > 200) return null;
      element.setAttribute(name, value);
    }
    if (typeof content === "string") {
      if (content.length > 40) return null;
      element.textContent = content;
    } else if (Array.isArray(content)) {
      for (const child of content) {
        const inner = make(child, depth + 1);
        if (!inner) return null;
        element.append(inner);
      }
    } else {
      return null;
    }
    return element;
  };
  const card = make(face, 0);
  return card && card.tagName === "DIV" && card.classList.contains("card") ? card : null;
}

/** The variant's own actions this seat may take now (K.U.R.S.' fine): a prompt and a button
 *  for each argument; a press sends it once, on the reliable channel. */
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

join();
