// @ts-check
// The page's classic scripts (web/boot/loader.js) run in Node as the tests need them: in a
// context of their own with no page (no `document`: the loader then only defines its pure
// part), what they define read back from it.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const ROOT = new URL("../../", import.meta.url);

/**
 * What web/boot/loader.js defines for the page's other scripts (its types are the JSDoc
 * typedefs there).
 * @typedef {{
 *   strip(text: string): string,
 *   unquote(text: string): string,
 *   queryPairs(query: string): [string, string][],
 *   toolLink(search: string): string,
 *   readParams(search: string): Map<string, string>,
 *   autostart(search: string): boolean,
 *   findVariant<V extends {name: string, aliases: string[]}>(text: string, variants: V[]): V | null,
 *   defaultName(seat: number): string,
 *   cleanName(text: string): string,
 *   cleanSeed(text: string): string,
 *   longestWord(name: string): number,
 *   readTable(search: string, page: object): {autostart: boolean, variant: string, players: number,
 *     seats: {name: string, bot: boolean, level: string}[], seed: string},
 * }} Loader
 */

/** web/boot/loader.js's ratscrewLoader, from a run of the script with no page.
 *  @returns {Loader} */
export function loadLoader() {
  const path = new URL("web/boot/loader.js", ROOT);
  const context = vm.createContext({ TextDecoder });
  vm.runInContext(readFileSync(path, "utf8"), context, { filename: path.pathname });
  return vm.runInContext("ratscrewLoader", context);
}

/** ``value`` as plain data of this realm (a value made in a vm context has that context's
 *  prototypes, which strict deep equality tells apart). @template T @param {T} value
 *  @returns {T} */
export const plain = (value) => JSON.parse(JSON.stringify(value));

/** A file of the repository, as JSON. @param {string} path @returns {any} */
export const readJson = (path) => JSON.parse(readFileSync(new URL(path, ROOT), "utf8"));
