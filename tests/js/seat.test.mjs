// @ts-check
// What the phone's seat page makes of the table's messages (web/seat/messages.mjs): texts to
// show, and what it refuses of a message from another device.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  bannerText, byeReason, cardFace, countWords, joinCode, ownLanguage, pairs, pileText, turnText,
  typedAnswer, typedLength, validDecision, vibration, withLanguage,
} from "../../web/seat/messages.mjs";
import { MAX_OPTION } from "../../web/phones/protocol.mjs";

test("the join code is the fragment, percent-decoded when it can be", () => {
  assert.equal(joinCode("#1~0~ab"), "1~0~ab");
  assert.equal(joinCode("#1%7E0%7Eab"), "1~0~ab");
  assert.equal(joinCode("#1~%E0%A4%A"), "1~%E0%A4%A"); // not an escape: kept as it is
  assert.equal(joinCode(""), "");
});

test("whose move it is, as the phone's player reads it", () => {
  assert.equal(turnText({ turn: "Ann" }, false, false), "Ann's turn");
  assert.equal(turnText({ turn: "Ann" }, true, false), "Your turn");
  assert.equal(turnText({ turn: "Ann", collect: true }, true, false), "Your pile: flip to take it");
  assert.equal(turnText({ turn: "Ann", chooser: "Bo" }, true, false), "Bo is choosing");
  assert.equal(turnText({ turn: "Ann", chooser: "Bo" }, false, true), "Your choice");
  assert.equal(turnText({ turn: "Ann", over: true }, true, true), "");
  assert.equal(turnText({ turn: 7 }, false, false), "");
});

test("the banner: the end of the game, or a pause", () => {
  assert.equal(bannerText({ over: true, winner: "Ann", name: "Ann" }), "You win!");
  assert.equal(bannerText({ over: true, winner: "Bo", name: "Ann" }), "Bo wins");
  assert.equal(bannerText({ over: true, winner: null, paused: true }), "Game over");
  assert.equal(bannerText({ paused: true }), "Paused at the table");
  assert.equal(bannerText({ paused: "yes" }), "");
});

test("a list's choices are its [value, label] pairs, the rest left out", () => {
  assert.deepEqual(pairs([["a", "A"], [2, "Two"], ["b"], [null, "N"], ["c", 3], "d", ["e", "E", 1]]),
    [["a", "A"], [2, "Two"], ["e", "E", 1]]);
  assert.deepEqual(pairs({ 0: ["a", "A"] }), []);
});

test("a decision is shown with a prompt; a typed answer is at most what the table reads", () => {
  assert.equal(validDecision({ prompt: "Pick" }), true);
  assert.equal(validDecision({ prompt: 3 }), false);
  assert.equal(validDecision(null), false);
  assert.equal(typedLength({ prompt: "", free: 20 }), 20);
  assert.equal(typedLength({ prompt: "", free: 10_000 }), MAX_OPTION);
  assert.equal(typedLength({ prompt: "", free: -1 }), 0);
  assert.equal(typedLength({ prompt: "", free: 2.5 }), 0);
  assert.equal(typedAnswer("a\tb\u0000c", 80), "a b c");
  assert.equal(typedAnswer("😀".repeat(5), 3), "😀😀😀");
});

test("the pile's line", () => {
  assert.equal(pileText(0), "The pile is empty");
  assert.equal(pileText(1), "Pile: 1 card");
  assert.equal(pileText(12), "Pile: 12 cards");
});

test("the words around the seat's count of cards", () => {
  assert.deepEqual(countWords(1), ["", "card"]);
  assert.deepEqual(countWords(0), ["", "cards"]);
  assert.deepEqual(countWords(26), ["", "cards"]);
  assert.deepEqual(countWords(Number.NaN), ["", "cards"]);
});

const SEAT = "https://example.org/ratscrew/web/seat/";

test("the seat page in another language keeps its join code", () => {
  assert.equal(withLanguage(`${SEAT}#1~0~ab`, "de"), `${SEAT}?lang=de#1~0~ab`);
  assert.equal(withLanguage(`${SEAT}?lang=fr#1~0~ab`, "en"), `${SEAT}?lang=en#1~0~ab`);
});

test("a phone's own language wins over the table's link, before anything is joined", () => {
  const languages = { en: "English", fr: "Français", de: "Deutsch" };
  assert.equal(ownLanguage(`${SEAT}?lang=fr#1~0~ab`, "de", languages), `${SEAT}?lang=de#1~0~ab`);
  assert.equal(ownLanguage(`${SEAT}?lang=fr#1~0~ab`, "en", languages), `${SEAT}?lang=en#1~0~ab`);
  // Nothing to do: the link says the phone's language, or none (i18n.js then takes the
  // phone's), or the phone chose none the game speaks.
  assert.equal(ownLanguage(`${SEAT}?lang=de#1~0~ab`, "de", languages), "");
  assert.equal(ownLanguage(`${SEAT}#1~0~ab`, "de", languages), "");
  assert.equal(ownLanguage(`${SEAT}?lang=fr#1~0~ab`, null, languages), "");
  assert.equal(ownLanguage(`${SEAT}?lang=fr#1~0~ab`, "xx", languages), "");
  assert.equal(ownLanguage(`${SEAT}?lang=fr#1~0~ab`, "toString", languages), "");
});

test("a buzz plays only a short pattern of sane times", () => {
  assert.deepEqual(vibration([100, 50, 100]), [100, 50, 100]);
  assert.equal(vibration(Array(33).fill(10)), null);
  assert.equal(vibration([100, -1]), null);
  assert.equal(vibration([100, 10_001]), null);
  assert.equal(vibration(["100"]), null);
  assert.equal(vibration("100"), null);
});

test("the table's goodbye, trimmed and cut, or a plain one", () => {
  assert.equal(byeReason("  the host left "), "the host left");
  assert.equal(byeReason("x".repeat(300)).length, 200);
  assert.equal(byeReason("   "), "the table closed the seat");
  assert.equal(byeReason(42), "the table closed the seat");
});

const card = ["div", { class: "card red", "data-code": "QH" }, [
  ["span", { class: "rank" }, "Q"],
  ["svg", { viewBox: "0 0 10 10" }, [["path", { d: "M0 0h10" }, ""]]],
]];

test("a card's description is read as elements and text", () => {
  const face = cardFace(card);
  assert.ok(face);
  assert.equal(face.tag, "div");
  assert.equal(face.svg, false);
  assert.deepEqual(face.attributes, [["class", "card red"], ["data-code", "QH"]]);
  const [rank, svg] = /** @type {import("../../web/seat/messages.mjs").Face[]} */ (face.content);
  assert.deepEqual(rank, { tag: "span", svg: false, attributes: [["class", "rank"]], content: "Q" });
  assert.equal(svg.svg, true);
});

test("a description that is not a card's is refused whole", () => {
  /** @param {unknown} description */
  const refused = (description) => assert.equal(cardFace(description), null);
  refused(["div", { class: "cardboard" }, ""]); // not of class card
  refused(["span", { class: "card" }, ""]); // not a div
  refused(["div", { class: "card", onclick: "x()" }, ""]); // an attribute that runs something
  refused(["div", { class: "card" }, [["img", { src: "x" }, ""]]]); // a tag that loads something
  refused(["div", { class: "card" }, [["script", {}, "x()"]]]);
  refused(["div", { class: "card", d: "x".repeat(201) }, ""]);
  refused(["div", { class: "card" }, "x".repeat(41)]);
  refused(["div", { class: "card" }, 3]);
  refused(["div", ["class", "card"], ""]);
  refused(["div", { class: "card" }]);
  /** @type {unknown[]} */
  let deep = ["span", {}, "x"];
  for (let i = 0; i < 7; i += 1) deep = ["span", {}, [deep]];
  refused(["div", { class: "card" }, [deep]]);
  refused(["div", { class: "card" }, Array(40).fill(["span", {}, ""])]);
  assert.ok(cardFace(["div", { class: "card" }, Array(39).fill(["span", {}, ""])]));
});
