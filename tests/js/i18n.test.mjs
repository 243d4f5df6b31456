// @ts-check
// The page's words (web/boot/i18n.js's ratscrewI18n, run without a page) as the engine says
// them: every case of tests/fixtures/i18n_cases.json, which
// tests/engine/i18n/test_i18n_shared.py runs against ratscrew/i18n.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";
import { readJson } from "./page_scripts.mjs";

const path = new URL("../../web/boot/i18n.js", import.meta.url);
const context = vm.createContext({ Intl });
vm.runInContext(readFileSync(path, "utf8"), context, { filename: path.pathname });
/** @type {any} */
const i18n = vm.runInContext("ratscrewI18n", context);
const cases = readJson("tests/fixtures/i18n_cases.json");
i18n.use(cases.catalogue);

for (const c of cases.said) {
  test(`said: ${c.id}`, () => {
    const said = c.context ? i18n.tc(c.context, c.id, c.values) : i18n.t(c.id, c.values);
    assert.equal(said, c.want);
  });
}
for (const c of cases.plurals) {
  test(`plural: ${c.n}`, () => {
    assert.equal(i18n.tn("{who} takes {n} card.", "{who} takes {n} cards.", c.n,
      { who: "Ann", n: c.n }), c.want);
  });
}
for (const c of cases.numbers) {
  test(`number: ${c.value}`, () => assert.equal(i18n.number(c.value, c.decimals), c.want));
}
for (const c of cases.lists) {
  test(`list of ${c.items.length}`, () => assert.equal(i18n.join(c.items), c.want));
}
for (const c of cases.choose) {
  test(`chosen: ${JSON.stringify([c.link, c.saved, c.browser])}`, () => {
    assert.equal(i18n.choose(c.link, c.saved, c.browser), c.want);
  });
}
test("a catalogue that is not the game's is refused", () => {
  assert.throws(() => i18n.parse("[]"), /not one the game compiled/);
  assert.throws(() => i18n.parse("{"), /JSON/);
});
