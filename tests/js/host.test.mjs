// @ts-check
// The host's gate for a phone's messages (web/phones/host.mjs): its rate limit reads as
// web/phones/protocol.py's Inbox (tests/fixtures/phone_rate.json, which the Python tests run
// too), with the protocol's own limits, and a message's length is counted as Python counts it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Bucket, tooLong } from "../../web/phones/host.mjs";
import { BURST, MAX_MESSAGE, RATE_PER_S } from "../../web/phones/protocol.mjs";
import { readJson } from "./page_scripts.mjs";

/** @type {{why: string, times: number[], read: string}[]} */
const cases = readJson("tests/fixtures/phone_rate.json").cases;

for (const { why, times, read } of cases) {
  test(`the rate limit as Python's: ${why}`, () => {
    const bucket = new Bucket(times[0]);
    assert.equal(times.map((ms) => (bucket.take(ms) ? "1" : "0")).join(""), read);
  });
}

test("the bucket's limits are the protocol's", () => {
  const bucket = new Bucket(0);
  assert.equal(bucket.burst, BURST);
  assert.equal(bucket.rate, RATE_PER_S);
  let read = 0;
  while (bucket.take(0)) read += 1;
  assert.equal(read, BURST);
  assert.equal(bucket.take(1000 / RATE_PER_S), true);
  assert.equal(bucket.take(1000 / RATE_PER_S), false);
});

test("a message is too long past MAX_MESSAGE characters, as Python counts them", () => {
  assert.equal(tooLong("x".repeat(MAX_MESSAGE)), false);
  assert.equal(tooLong("x".repeat(MAX_MESSAGE + 1)), true);
  // An emoji is one character to Python, two UTF-16 units to JavaScript.
  assert.equal(tooLong("😀".repeat(MAX_MESSAGE)), false);
  assert.equal(tooLong("😀".repeat(MAX_MESSAGE + 1)), true);
});
