// @ts-check
// The values of web/phones/protocol.py (which reads the phones' messages at the table)
// that the host (web/phones/host.mjs) and the phone's seat page (web/seat/seat.mjs) must
// agree on with it, as `python -m web.phones.protocol > web/phones/protocol.mjs` writes
// them. Not to be edited: tests/web/phones/test_protocol.py fails when it differs.

/** The protocol's version: hello carries it as v. */
export const VERSION = 1;

/** The longest message read from a phone, in characters. */
export const MAX_MESSAGE = 512;

/** The longest answer to a decision, in characters. */
export const MAX_OPTION = 80;

/** Messages a second read from one phone, on average. */
export const RATE_PER_S = 30.0;

/** Messages read from one phone at once, after a quiet spell. */
export const BURST = 60;
