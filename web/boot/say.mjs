// @ts-check
// The page's words for its modules (the seat page, the phones' host, Python's start): t, tn
// and tc of web/boot/i18n.js, which the page loads first as a plain script. Without it (Node's
// tests) they say the English, filled in the same way.

/** @typedef {Record<string, string | number>} Values */
/** @type {{t(m: string, v?: Values): string, tc(c: string, m: string, v?: Values): string,
 *   tn(s: string, p: string, n: number, v?: Values): string} | undefined} */
const page = /** @type {any} */ (globalThis).ratscrewI18n;

/** @param {string} text @param {Values} [values] */
const fill = (text, values) => (values ? text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
  (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole)) : text);

/** `msgid` in the page's language. @param {string} msgid @param {Values} [values] */
export const t = (msgid, values) => (page ? page.t(msgid, values) : fill(msgid, values));

/** `msgid` in `context`. @param {string} context @param {string} msgid @param {Values} [values] */
export const tc = (context, msgid, values) => (page ? page.tc(context, msgid, values)
  : fill(msgid, values));

/** The plural form for `n`. @param {string} singular @param {string} plural @param {number} n
 *  @param {Values} [values] */
export const tn = (singular, plural, n, values) => (page ? page.tn(singular, plural, n, values)
  : fill(n === 1 ? singular : plural, values));
