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

import {
  addressProblem, channels, decode, encode, gathered, qrSquares, sdpParts, toSdp,
} from "../seat/signal.mjs";

export const MAX_MESSAGE = 512;
/** Messages a second a phone may send, and at once after a quiet spell: the rest are dropped
 *  here, counted, and never cost the game's Python a call (web/phones/protocol.py's Inbox
 *  has the same limits). */
export const RATE_PER_S = 30;
export const BURST = 60;
export const FLOOD_REPORT_MS = 500;
export const PING_MS = 250;
export const CONNECT_MS = 10000;

export class PhoneHost {
  constructor(tell) {
    this.tell = tell;
    this.seats = new Map(); // seat -> {pc, game, fast, waiting, timer}
    this.pinger = setInterval(() => this.ping(), PING_MS);
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
      this.camera = error?.name === "NotFoundError" ? "none" : "refused";
    }
    return this.camera;
  }

  /** A new join code for ``seat`` (any earlier connection of the seat is closed). */
  async offer(seat) {
    this.close(seat);
    const pc = new RTCPeerConnection();
    const entry = { pc, ...channels(pc), waiting: true, timer: 0, tokens: BURST,
      refilled: performance.now(), flooded: 0, report: 0 };
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
        else if (event.data.length > MAX_MESSAGE) this.tell(seat, "dropped", "too long", now);
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
    const code = encode(seat, pc.localDescription.sdp);
    const problem = addressProblem(sdpParts(pc.localDescription.sdp));
    this.tell(seat, "code", code, performance.now());
    if (problem) this.tell(seat, "problem", problem, performance.now());
    return code;
  }

  /** Apply a phone's answer (pasted or scanned): the seat it names, or an Error that says
   *  plainly what is wrong. */
  async answer(text) {
    const parts = decode(text);
    const entry = this.seats.get(parts.seat);
    if (!entry) throw new Error(`Seat ${parts.seat + 1} is not waiting for a phone.`);
    if (!entry.waiting) throw new Error(`Seat ${parts.seat + 1} has its phone already.`);
    entry.waiting = false;
    try {
      await entry.pc.setRemoteDescription({ type: "answer", sdp: toSdp(parts, false) });
    } catch (error) {
      entry.waiting = true;
      throw new Error(`That code does not fit seat ${parts.seat + 1}'s: scan or copy it again.`);
    }
    entry.timer = setTimeout(() => {
      if (this.seats.get(parts.seat) === entry && entry.pc.connectionState !== "connected") {
        this.tell(parts.seat, "problem", "isolated", performance.now());
      }
    }, CONNECT_MS);
    return parts.seat;
  }

  /** The rate limit, a token bucket: whether a message from ``entry`` is read. Those that are
   *  not are told to Python as a count, every FLOOD_REPORT_MS at most. */
  admit(seat, entry, now) {
    entry.tokens = Math.min(BURST, entry.tokens + ((now - entry.refilled) * RATE_PER_S) / 1000);
    entry.refilled = now;
    if (entry.tokens >= 1) {
      entry.tokens -= 1;
      return true;
    }
    entry.flooded += 1;
    if (!entry.report) {
      entry.report = setTimeout(() => {
        entry.report = 0;
        if (this.seats.get(seat) === entry && entry.flooded) {
          this.tell(seat, "dropped", `flood:${entry.flooded}`, performance.now());
          entry.flooded = 0;
        }
      }, FLOOD_REPORT_MS);
    }
    return false;
  }

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

/** A QR code of ``text`` as an SVG element's markup (black on white, a quiet zone of 4). */
export async function qrSvg(text) {
  const { default: qrcode } = await import("../../runtime/qr/qrcode.mjs");
  const { size, path } = qrSquares(qrcode, text);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** Read QR codes from the camera into ``video``; ``found(text)`` for each code read. Resolves
 *  to a stop function, or rejects with an Error saying why the camera cannot be used. */
export async function scan(video, found) {
  const { default: QrScanner } = await import("../../runtime/qr/qr-scanner.min.js");
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
    throw new Error(String(error?.message || error || "the camera cannot be used"));
  }
  return () => scanner.destroy();
}
