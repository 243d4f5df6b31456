// @ts-check
// The host's side of the phones' connections: one RTCPeerConnection per phone seat, its join
// code, the answers pasted or read by the camera, pings, and what goes wrong, told to Python
// (web/phones/hosting.py) as events: tell(seat, kind, data, time).
//
//   kind      data
//   "code"    the seat's join code (its offer), once candidates are gathered
//   "open"    ""            the phone's channels are open
//   "message" text          a message from the phone (at most MAX_MESSAGE characters)
//   "dropped" reason        a message dropped before Python sees it ("too long", "binary"),
//                           or "flood:N", N messages over the rate limit
//   "link"    state         the connection's state changed (connected, disconnected, failed...)
//   "problem" what          the network will not allow it: "none" (no address at all),
//                           "hidden" (only mDNS names), "isolated" (an answer applied but no
//                           connection within CONNECT_MS)
//
// Nothing here judges the game: Python checks every message (web/phones/protocol.py).

import { t } from "../boot/say.mjs";
import {
  addressProblem, channels, decode, encode, gathered, qrSquares, sdpParts, toSdp,
} from "../seat/signal.mjs";
import { BURST, MAX_MESSAGE, RATE_PER_S } from "./protocol.mjs";

export const FLOOD_REPORT_MS = 500;
export const PING_MS = 250;
export const CONNECT_MS = 10000;

/** The longest message passed on to Python, in characters (code points, as Python counts them:
 *  a message of emoji is not cut at half its length). @param {string} text */
export const tooLong = (text) => text.length > MAX_MESSAGE && Array.from(text).length > MAX_MESSAGE;

/** The rate limit, a token bucket as web/phones/protocol.py's Inbox keeps one per phone (the
 *  limits are its own, web/phones/protocol.mjs): ``burst`` tokens at first, refilled at
 *  ``rate`` a second up to ``burst``; each message takes one, and one that finds none is
 *  dropped here, counted, and never costs the game's Python a call. */
export class Bucket {
  /** @param {number} now  the clock (ms) @param {number} rate @param {number} burst */
  constructor(now, rate = RATE_PER_S, burst = BURST) {
    this.rate = rate;
    this.burst = burst;
    this.tokens = burst;
    this.refilled = now;
  }

  /** Whether a message at ``now`` (ms) is read: it takes a token if one is left. A clock that
   *  goes back refills nothing. @param {number} now */
  take(now) {
    const elapsed = now - this.refilled;
    if (elapsed > 0) {
      this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.rate) / 1000);
      this.refilled = now;
    }
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * What the host tells Python: tell(seat, kind, data, time) (the kinds are listed above).
 * @typedef {(seat: number, kind: string, data: string, time: number) => void} Tell
 *
 * One phone seat's connection: its channels, whether its join code waits for an answer, the
 * timer that gives up on the connection, the rate limit, and the flood's count and report.
 * @typedef {object} SeatLink
 * @property {RTCPeerConnection} pc
 * @property {RTCDataChannel} game
 * @property {RTCDataChannel} fast
 * @property {boolean} waiting
 * @property {number} timer
 * @property {Bucket} bucket
 * @property {number} flooded
 * @property {number} report
 */

export class PhoneHost {
  /** @param {Tell} tell */
  constructor(tell) {
    this.tell = tell;
    /** @type {Map<number, SeatLink>} */
    this.seats = new Map();
    this.pinger = setInterval(() => this.ping(), PING_MS);
    /** @type {"" | "ok" | "refused" | "none"} */
    this.camera = "";
  }

  /** Ask for the camera once: the browser then shows this device's real addresses (not mDNS
   *  names), and the camera reads the phones' answers. "ok", "refused" or "none". */
  async askCamera() {
    if (this.camera) return this.camera;
    if (!navigator.mediaDevices?.getUserMedia) return (this.camera = "none");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      stream.getTracks().forEach((t) => t.stop());
      this.camera = "ok";
    } catch (error) {
      this.camera = error instanceof Error && error.name === "NotFoundError" ? "none" : "refused";
    }
    return this.camera;
  }

  /** A new join code for ``seat`` (any earlier connection of the seat is closed).
   *  @param {number} seat */
  async offer(seat) {
    this.close(seat);
    const pc = new RTCPeerConnection();
    /** @type {SeatLink} */
    const entry = { pc, ...channels(pc), waiting: true, timer: 0,
      bucket: new Bucket(performance.now()), flooded: 0, report: 0 };
    this.seats.set(seat, entry);
    const mine = () => this.seats.get(seat) === entry;
    entry.game.onopen = () => mine() && this.tell(seat, "open", "", performance.now());
    // The phone's page closing closes its channels at once; the connection's own state
    // would take many seconds to say so.
    entry.game.onclose = () => mine() && this.tell(seat, "link", "closed", performance.now());
    for (const channel of [entry.game, entry.fast]) {
      channel.onmessage = (event) => {
        if (!mine()) return;
        const now = performance.now();
        if (!this.admit(seat, entry, now)) return;
        if (typeof event.data !== "string") this.tell(seat, "dropped", "binary", now);
        else if (tooLong(event.data)) this.tell(seat, "dropped", "too long", now);
        else this.tell(seat, "message", event.data, now);
      };
    }
    pc.onconnectionstatechange = () => {
      if (!mine()) return;
      if (pc.connectionState === "connected") clearTimeout(entry.timer);
      this.tell(seat, "link", pc.connectionState, performance.now());
    };
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    if (!mine()) return "";
    const sdp = pc.localDescription?.sdp || "";
    const code = encode(seat, sdp);
    const problem = addressProblem(sdpParts(sdp));
    this.tell(seat, "code", code, performance.now());
    if (problem) this.tell(seat, "problem", problem, performance.now());
    return code;
  }

  /** Apply a phone's answer (pasted or scanned): the seat it names, or an Error that says
   *  plainly what is wrong (in the page's language). @param {string} text */
  async answer(text) {
    const parts = decode(text);
    const entry = this.seats.get(parts.seat);
    const number = parts.seat + 1;
    if (!entry) throw new Error(t("Seat {number} is not waiting for a phone.", { number }));
    if (!entry.waiting) throw new Error(t("Seat {number} has its phone already.", { number }));
    entry.waiting = false;
    try {
      await entry.pc.setRemoteDescription({ type: "answer", sdp: toSdp(parts, false) });
    } catch {
      entry.waiting = true;
      // i18n: a phone's code pasted or read at the table that is not the answer to the seat's
      throw new Error(t("That code does not fit seat {number}'s: scan or copy it again.",
        { number }));
    }
    entry.timer = window.setTimeout(() => {
      if (this.seats.get(parts.seat) === entry && entry.pc.connectionState !== "connected") {
        this.tell(parts.seat, "problem", "isolated", performance.now());
      }
    }, CONNECT_MS);
    return parts.seat;
  }

  /** The rate limit, a token bucket: whether a message from ``entry`` is read. Those that are
   *  not are told to Python as a count, every FLOOD_REPORT_MS at most.
   *  @param {number} seat @param {SeatLink} entry @param {number} now */
  admit(seat, entry, now) {
    if (entry.bucket.take(now)) return true;
    entry.flooded += 1;
    if (!entry.report) {
      entry.report = window.setTimeout(() => {
        entry.report = 0;
        if (this.seats.get(seat) === entry && entry.flooded) {
          this.tell(seat, "dropped", `flood:${entry.flooded}`, performance.now());
          entry.flooded = 0;
        }
      }, FLOOD_REPORT_MS);
    }
    return false;
  }

  /** @param {number} seat @param {"game" | "fast"} channel @param {string} text */
  send(seat, channel, text) {
    const entry = this.seats.get(seat);
    const target = entry?.[channel];
    if (target && target.readyState === "open") {
      try {
        target.send(text);
      } catch {
        // a channel closing under us: the connection's state says so in a moment
      }
    }
  }

  ping() {
    const h = performance.now();
    for (const seat of this.seats.keys()) this.send(seat, "fast", `{"t":"ping","h":${h}}`);
  }

  /** @param {number} seat @param {string} why */
  close(seat, why = "") {
    const entry = this.seats.get(seat);
    if (!entry) return;
    this.seats.delete(seat);
    clearTimeout(entry.timer);
    if (why && entry.game.readyState === "open") {
      try {
        entry.game.send(JSON.stringify({ t: "bye", why }));
      } catch {
        // closing anyway
      }
    }
    setTimeout(() => entry.pc.close(), why ? 200 : 0);
  }

  closeAll(why = "") {
    for (const seat of [...this.seats.keys()]) this.close(seat, why);
    clearInterval(this.pinger);
  }
}

// The QR code libraries are the runtime's (runtime/qr/, copied from npm by scripts/build), typed
// by their npm packages: their URLs are made here, not written in the imports, so that the
// type checker takes their types from there.

/** A QR code of ``text`` as an SVG element's markup (black on white, a quiet zone of 4).
 *  @param {string} text */
export async function qrSvg(text) {
  /** @type {{default: typeof import("qrcode-generator")}} */
  const { default: qrcode } = await import(new URL("../../runtime/qr/qrcode.mjs", import.meta.url).href);
  const { size, path } = qrSquares(qrcode, text);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** Read QR codes from the camera into ``video``; ``found(text)`` for each code read. Resolves
 *  to a stop function, or rejects with an Error saying why the camera cannot be used.
 *  @param {HTMLVideoElement} video @param {(text: string) => void} found */
export async function scan(video, found) {
  /** @type {{default: typeof import("qr-scanner").default}} */
  const { default: QrScanner } = await import(new URL("../../runtime/qr/qr-scanner.min.js", import.meta.url).href);
  const scanner = new QrScanner(video, (result) => found(result.data), {
    returnDetailedScanResult: true,
    maxScansPerSecond: 10,
    preferredCamera: "user",
    // The whole picture, not the scanner's default middle square: a phone held up to a
    // laptop's camera is rarely in the middle, and often large.
    calculateScanRegion: (v) => {
      const scale = Math.min(1, 800 / Math.max(v.videoWidth, v.videoHeight));
      return {
        x: 0, y: 0, width: v.videoWidth, height: v.videoHeight,
        downScaledWidth: Math.round(v.videoWidth * scale),
        downScaledHeight: Math.round(v.videoHeight * scale),
      };
    },
  });
  try {
    await scanner.start();
  } catch (error) {
    scanner.destroy();
    const why = error instanceof Error ? error.message : error;
    // i18n: said after "The camera is blocked: … (the phones show it under their QR code)." in
    // brackets, when the browser gives no reason of its own
    throw new Error(String(why || t("the camera cannot be used")), { cause: error });
  }
  return () => scanner.destroy();
}
