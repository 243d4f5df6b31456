// @ts-check
// The link between the table (the host page) and a phone: WebRTC data channels set up without
// a server. The host's offer travels in the join code's URL fragment, the phone's answer back
// as a QR code or a pasted text; each is cut down to what a data channel needs (ICE user
// fragment and password, the DTLS certificate's fingerprint, the host candidates) and rebuilt
// into a full SDP on the other side.
//
// A code is fields joined by "~" (no ICE character, base64url digit, address or host name has
// one): a version, the seat (0-based), the ICE ufrag and password, the SHA-256 fingerprint in
// base64url, and the candidates as "address:port" joined by ",". About 70 characters.
//
// Shared by the phone's seat page (web/seat/seat.mjs) and the host (web/phones/host.mjs), which
// both show its errors: said in the page's language (web/boot/say.mjs).

import { t } from "../boot/say.mjs";

export const VERSION = "1";
export const MAX_CODE = 400;
/** How long to wait for ICE candidates before giving the code with what has come. */
export const GATHER_MS = 3000;

/** Two data channels, agreed on both sides (no in-band set-up): "game" is reliable and
 *  ordered (state, hello, choices); "fast" is unordered with no retransmission (pings, and
 *  each action sent twice), so that a lost packet never holds the next one back. */
/** @type {{game: RTCDataChannelInit, fast: RTCDataChannelInit}} */
export const CHANNELS = {
  game: { negotiated: true, id: 0, ordered: true },
  fast: { negotiated: true, id: 1, ordered: false, maxRetransmits: 0 },
};

const ICE_CHARS = /^[A-Za-z0-9+/]{4,256}$/;
const B64URL = /^[A-Za-z0-9_-]{43}$/;
const ADDRESS = /^(\[[0-9a-fA-F:.]{2,45}\]|[0-9]{1,3}(\.[0-9]{1,3}){3}|[0-9a-zA-Z-]{1,63}\.local):[0-9]{1,5}$/;

/** @param {string} hex */
function hexToB64url(hex) {
  const bytes = hex.split(":").map((h) => parseInt(h, 16));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} b64 */
function b64urlToHex(b64) {
  const text = atob(b64.replace(/-/g, "+").replace(/_/g, "/") + "=");
  return Array.from(text, (c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"))
    .join(":");
}

/**
 * What a code carries: the seat (0-based), the ICE user fragment and password, the DTLS
 * certificate's SHA-256 fingerprint in base64url, and the host candidates ("address:port").
 * @typedef {{ufrag: string, pwd: string, fingerprint: string, candidates: string[]}} SdpParts
 * @typedef {SdpParts & {seat: number}} CodeParts
 */

/** The parts of a local SDP (an offer or an answer) a code keeps.
 *  @param {string} sdp @returns {SdpParts} */
export function sdpParts(sdp) {
  /** @param {string} name */
  const line = (name) => {
    const m = sdp.match(new RegExp(`^a=${name}:(.*)$`, "m"));
    return m ? m[1].trim() : "";
  };
  const fp = line("fingerprint").split(" ");
  /** @type {string[]} */
  const candidates = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gm)) {
    const address = m[1].includes(":") ? `[${m[1]}]` : m[1];
    const text = `${address}:${m[2]}`;
    if (!candidates.includes(text)) candidates.push(text);
  }
  // IPv4 first (what a school network routes best), four at most: a code stays small.
  candidates.sort((a, b) => Number(a.startsWith("[")) - Number(b.startsWith("[")));
  return {
    ufrag: line("ice-ufrag"),
    pwd: line("ice-pwd"),
    fingerprint: fp[0].toLowerCase() === "sha-256" && fp[1] ? hexToB64url(fp[1]) : "",
    candidates: candidates.slice(0, 4),
  };
}

/** A code for ``seat`` from a local description's SDP.
 *  @param {number} seat @param {string} sdp */
export function encode(seat, sdp) {
  const p = sdpParts(sdp);
  return [VERSION, String(seat), p.ufrag, p.pwd, p.fingerprint, p.candidates.join(",")].join("~");
}

/** The parts of a code, or throws an Error saying plainly what is wrong with it.
 *  @param {unknown} code @returns {CodeParts} */
export function decode(code) {
  const text = String(code).trim();
  if (text.length > MAX_CODE) throw new Error(t("That code is too long to be a seat's code."));
  const fields = text.split("~");
  if (fields.length !== 6 || fields[0] !== VERSION) {
    throw new Error(t("That is not a Ratscrew seat code (or it was cut short)."));
  }
  const [, seatText, ufrag, pwd, fingerprint, candText] = fields;
  const seat = Number(seatText);
  if (!/^[0-9]{1,2}$/.test(seatText) || seat > 7) throw new Error(t("The code names no seat."));
  if (!ICE_CHARS.test(ufrag) || !ICE_CHARS.test(pwd) || !B64URL.test(fingerprint)) {
    throw new Error(t("The code is damaged: copy or scan it again."));
  }
  const candidates = candText ? candText.split(",") : [];
  if (candidates.length > 8 || !candidates.every((c) => ADDRESS.test(c))) {
    throw new Error(t("The code's network addresses are damaged: copy or scan it again."));
  }
  return { seat, ufrag, pwd, fingerprint, candidates };
}

/** A full SDP for a data channel from a code's parts (``offer``: the host's side, else the
 *  phone's answer). @param {SdpParts} parts @param {boolean} offer */
export function toSdp(parts, offer) {
  const lines = [
    "v=0",
    `o=- ${offer ? 1 : 2}${Date.now() % 1e9} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  parts.candidates.forEach((c, i) => {
    const cut = c.lastIndexOf(":");
    const address = c.slice(0, cut).replace(/^\[|\]$/g, "");
    lines.push(`a=candidate:${i + 1} 1 udp ${2122260223 - i} ${address} ${c.slice(cut + 1)} typ host generation 0`);
  });
  lines.push(
    "a=end-of-candidates",
    `a=ice-ufrag:${parts.ufrag}`,
    `a=ice-pwd:${parts.pwd}`,
    `a=fingerprint:sha-256 ${b64urlToHex(parts.fingerprint)}`,
    `a=setup:${offer ? "actpass" : "active"}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  );
  return lines.join("\r\n") + "\r\n";
}

/** Resolves once ``pc`` has gathered its candidates, or after ``ms`` with what it has.
 *  @param {RTCPeerConnection} pc @returns {Promise<void>} */
export function gathered(pc, ms = GATHER_MS) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState === "complete") {
        pc.removeEventListener("icegatheringstatechange", done);
        resolve();
      }
    };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, ms);
  });
}

/** The two data channels of ``pc`` (CHANNELS).
 *  @param {RTCPeerConnection} pc @returns {{game: RTCDataChannel, fast: RTCDataChannel}} */
export function channels(pc) {
  return {
    game: pc.createDataChannel("game", CHANNELS.game),
    fast: pc.createDataChannel("fast", CHANNELS.fast),
  };
}

/** Whether a code's candidates are all hidden behind mDNS names (the browser would not show
 *  this device's addresses: no camera permission), or there are none at all.
 *  @param {{candidates: string[]}} parts @returns {"none" | "hidden" | ""} */
export function addressProblem(parts) {
  if (!parts.candidates.length) return "none";
  if (parts.candidates.every((c) => c.includes(".local:"))) return "hidden";
  return "";
}

/** A QR code of ``text`` as one SVG path of dark squares, with a quiet zone of 4 modules:
 *  ``{size, path}`` for a ``viewBox="0 0 size size"``. ``qrcode``: qrcode-generator's
 *  factory (runtime/qr/qrcode.mjs), loaded by the caller when it needs it.
 *  @param {typeof import("qrcode-generator")} qrcode @param {string} text @returns {{size: number, path: string}} */
export function qrSquares(qrcode, text) {
  const qr = qrcode(0, "L");
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  let path = "";
  for (let r = 0; r < count; r += 1) {
    for (let c = 0; c < count; c += 1) {
      if (qr.isDark(r, c)) path += `M${c + 4} ${r + 4}h1v1h-1z`;
    }
  }
  return { size: count + 8, path };
}
