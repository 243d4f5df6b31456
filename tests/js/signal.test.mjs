// @ts-check
// Join codes (web/seat/signal.mjs): what a local SDP keeps, the code's round trip, and the
// plain errors a damaged code gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  addressProblem, decode, encode, MAX_CODE, qrSquares, sdpParts, toSdp, VERSION,
} from "../../web/seat/signal.mjs";

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7 + 3).toString(16).toUpperCase()
  .padStart(2, "0")).join(":");

/** A browser's local SDP with these host candidates. @param {string[]} candidates */
const sdp = (candidates) => [
  "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
  ...candidates.map((c, i) => `a=candidate:${i} 1 udp 2122260223 ${c} typ host generation 0`),
  "a=candidate:9 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active",
  "a=candidate:8 1 udp 1686052607 203.0.113.9 50000 typ srflx raddr 0.0.0.0 rport 0",
  "a=ice-ufrag:AbCd", "a=ice-pwd:abcdefghijklmnopqrstuvwx", `a=fingerprint:sha-256 ${FINGERPRINT}`,
  "a=setup:actpass", "a=mid:0", "",
].join("\r\n");

test("a code keeps the ICE credentials, the fingerprint and the UDP host candidates", () => {
  const parts = sdpParts(sdp(["fe80::1 50001", "192.168.1.20 50000", "192.168.1.20 50000"]));
  assert.equal(parts.ufrag, "AbCd");
  assert.equal(parts.pwd, "abcdefghijklmnopqrstuvwx");
  assert.match(parts.fingerprint, /^[A-Za-z0-9_-]{43}$/);
  // IPv4 first, each once; no TCP nor reflexive candidates.
  assert.deepEqual(parts.candidates, ["192.168.1.20:50000", "[fe80::1]:50001"]);
});

test("at most four candidates", () => {
  const many = Array.from({ length: 6 }, (_, i) => `10.0.0.${i + 1} ${5000 + i}`);
  assert.equal(sdpParts(sdp(many)).candidates.length, 4);
});

test("a code decodes to the parts it was made of, and they make an SDP again", () => {
  const local = sdp(["192.168.1.20 50000", "host-1.local 50002"]);
  const code = encode(3, local);
  assert.ok(code.startsWith(`${VERSION}~3~`));
  assert.ok(code.length < 200);
  const parts = decode(`  ${code}\n`);
  assert.deepEqual(parts, { seat: 3, ...sdpParts(local) });
  const rebuilt = toSdp(parts, true);
  assert.match(rebuilt, /^a=fingerprint:sha-256 (.+)$/m);
  assert.equal(rebuilt.match(/^a=fingerprint:sha-256 (.+)\r$/m)?.[1], FINGERPRINT);
  assert.match(rebuilt, /^a=setup:actpass\r$/m);
  assert.match(toSdp(parts, false), /^a=setup:active\r$/m);
  assert.deepEqual(sdpParts(rebuilt).candidates, parts.candidates);
});

test("a damaged code says what is wrong with it", () => {
  const code = encode(1, sdp(["192.168.1.20 50000"]));
  const fields = code.split("~");
  /** @param {string} text @param {RegExp} message */
  const refused = (text, message) => assert.throws(() => decode(text), message);
  refused("x".repeat(MAX_CODE + 1), /too long/);
  refused("hello", /not a Ratscrew seat code/);
  refused(["2", ...fields.slice(1)].join("~"), /not a Ratscrew seat code/);
  refused(code.split("~").slice(0, 5).join("~"), /not a Ratscrew seat code/);
  refused([fields[0], "8", ...fields.slice(2)].join("~"), /names no seat/);
  refused([fields[0], "-1", ...fields.slice(2)].join("~"), /names no seat/);
  refused([...fields.slice(0, 4), "short", fields[5]].join("~"), /damaged/);
  refused([...fields.slice(0, 2), "a b", ...fields.slice(3)].join("~"), /damaged/);
  refused([...fields.slice(0, 5), "1.2.3.4:5,<script>:1"].join("~"), /addresses are damaged/);
  refused([...fields.slice(0, 5), Array(9).fill("1.2.3.4:5").join(",")].join("~"), /addresses/);
  assert.equal(decode([...fields.slice(0, 5), ""].join("~")).candidates.length, 0);
});

test("the network's problem: no address, or only mDNS names", () => {
  assert.equal(addressProblem({ candidates: [] }), "none");
  assert.equal(addressProblem({ candidates: ["a1b2.local:5000", "c3.local:5001"] }), "hidden");
  assert.equal(addressProblem({ candidates: ["a1b2.local:5000", "192.168.1.2:5001"] }), "");
});

test("a QR code is one path of its dark squares, inside a quiet zone of 4", () => {
  const dark = new Set(["0,0", "1,2"]);
  const fake = /** @type {any} */ (() => ({
    addData() {}, make() {}, getModuleCount: () => 3,
    isDark: (/** @type {number} */ r, /** @type {number} */ c) => dark.has(`${r},${c}`),
  }));
  assert.deepEqual(qrSquares(fake, "text"), { size: 11, path: "M4 4h1v1h-1zM6 5h1v1h-1z" });
});
