// @ts-check
// The link read before Python is there (web/boot/loader.js's ratscrewLoader) as Python reads
// it: every case of tests/fixtures/links.json, which tests/web/model/test_links_table.py runs
// against web/model/links.py's parse_query.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadLoader, plain, readJson } from "./page_scripts.mjs";

const loader = loadLoader();
/**
 * A case of the table: a link's query, why it is there, and what it reads as (bots: the 1-based
 * seats bots play; levels, names and their longest words: one a seat; seed: "" for none).
 * @typedef {{query: string, why: string, autostart: boolean, variant: string, players: number,
 *   bots: number[], levels: string[], names: string[], words: number[], seed: string}} Case
 */
/** @type {{page: object, cases: Case[]}} */
const table = readJson("tests/fixtures/links.json");

/** A query short enough for a test's name. @param {string} query */
const shown = (query) => (query.length > 60 ? `${query.slice(0, 57)}…` : query) || "(none)";

for (const want of table.cases) {
  test(`${want.why}: ${shown(want.query)}`, () => {
    const read = plain(loader.readTable(want.query, table.page));
    assert.deepEqual({
      autostart: read.autostart,
      variant: read.variant,
      players: read.players,
      bots: read.seats.flatMap((seat, i) => (seat.bot ? [i + 1] : [])),
      levels: read.seats.map((seat) => seat.level),
      names: read.seats.map((seat) => seat.name),
      words: read.seats.map((seat) => loader.longestWord(seat.name)),
      seed: read.seed,
    }, Object.fromEntries(Object.entries(want).filter(([key]) => key !== "query" && key !== "why")));
    // The loading screen's own reading (web/boot/loader.js picks the first screen with it).
    assert.equal(loader.autostart(want.query), want.autostart);
  });
}

test("the table has hostile and malformed links, and every kind of answer", () => {
  const cases = table.cases;
  assert.ok(cases.length >= 100);
  assert.ok(cases.some((c) => c.autostart) && cases.some((c) => !c.autostart));
  const variants = new Set(cases.map((c) => c.variant));
  assert.ok(variants.size >= 4);
  assert.ok(cases.some((c) => c.names.some((n) => n.includes("\ufffd"))));
});
