// @ts-check
// The seat page's words in another language: web/seat/messages.mjs says them through the page's
// ratscrewI18n (web/boot/i18n.js, run here without a page, a small catalogue in use), which it
// finds when it is imported (so this file imports it after setting it up).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const path = new URL("../../web/boot/i18n.js", import.meta.url);
const context = vm.createContext({ Intl });
vm.runInContext(readFileSync(path, "utf8"), context, { filename: path.pathname });
/** @type {any} */
const i18n = vm.runInContext("ratscrewI18n", context);
i18n.use({
  lang: "fr", name: "Français", dir: "ltr", plural: "n > 1", nplurals: 2,
  categories: { one: 0, other: 1, many: 1 },
  formats: { decimal: ",", group: "\u202f",
    list: { 2: "{0} et {1}", start: "{0}, {1}", middle: "{0}, {1}", end: "{0} et {1}" } },
  messages: {
    "{n} card": ["carte : {n}", "cartes : {n}"],
    "Pile: {n} card": ["Pile : {n} carte", "Pile : {n} cartes"],
    "{who}'s turn": "Au tour de {who}",
    "the table closed the seat": "la table a fermé la place",
  },
});
/** @type {any} */ (globalThis).ratscrewI18n = i18n;
const { byeReason, countWords, pileText, turnText } = await import("../../web/seat/messages.mjs");

test("the seat page's words are the page's language's", () => {
  assert.equal(turnText({ turn: "Ann" }, false, false), "Au tour de Ann");
  assert.equal(pileText(1), "Pile : 1 carte");
  assert.equal(pileText(1234), "Pile : 1\u202f234 cartes");
  assert.equal(byeReason(""), "la table a fermé la place");
  assert.equal(byeReason("la table est fermée"), "la table est fermée"); // the table's words
});

test("the count of cards: its words where the language puts them", () => {
  assert.deepEqual(countWords(1), ["carte :", ""]);
  assert.deepEqual(countWords(0), ["carte :", ""]);
  assert.deepEqual(countWords(7), ["cartes :", ""]);
});
