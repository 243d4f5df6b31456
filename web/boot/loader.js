// @ts-check
// Loading screen for Ratscrew: runs before PyScript (a plain script in <head>), starts the
// runtime's big downloads at once, shows progress in bytes and then in start-up steps, and
// turns any start-up failure into a short, readable message. Its words are the page's language
// (web/boot/i18n.js's ratscrewI18n, loaded just before it): the loading screen is drawn once
// the page's language is in.
//
// The start's steps (<ol class="boot-steps">): the page, the runtime's download ("Downloading
// Python: 6 of 14 MB"), Python's start ("Starting Python…", web/boot/pyodide_boot.mjs), the
// game's modules ("Loading the game…", web/boot/main.py) and the first screen ("Drawing the
// table…"); the loading line says which, and its bar how far the start is.
//
// Python talks to it through window.ratscrewBoot:
//   ratscrewBoot.step(name, label)  mark a step of <ol class="boot-steps"> as the current one
//                                   (label: what the line says, else the step's own words)
//   ratscrewBoot.progress(name, f)  step `name` is that far (0 to 1): the bar follows
//   ratscrewBoot.ready(detail)  all done: shows "Ready", sets <body data-ready="true">
//   ratscrewBoot.fail(message)  show the error panel (message: one line, no traceback)
//   ratscrewBoot.hide()         hide the loading screen (for the game UI, once it is drawn)
//   ratscrewBoot.bytes()        [bytes downloaded, bytes in all] of the early downloads
"use strict";

// ------------------------------------------------------------------ what is read early
// The pure part: functions of text alone, for this script and web/boot/setup_early.js (a
// classic script too, run after this one: it sees `ratscrewLoader`), and for Node's tests
// (tests/js/, which run this file in a context without a page: the part below it then does
// nothing).
//
// A link is read here as web/model/links.py's parse_query reads it, for what the first
// screen shows before Python is there: whether it deals at once (autostart), and the table's
// game, players, bots, their levels and names. tests/fixtures/links.json holds the cases both
// must agree on (tests/js/links.test.mjs runs them here, tests/web/model/test_links_table.py
// in Python).
/**
 * A game as the setup's menu has it: its name, the names a link may use, its numbers of
 * players, and how many a link seats when it does not say.
 * @typedef {{name: string, aliases: string[], min: number, max: number, players: number}} LinkVariant
 * The games (the first one the default) and the bots' levels, as the page has them.
 * @typedef {{variants: LinkVariant[], levels: string[]}} LinkPage
 * @typedef {{name: string, bot: boolean, level: string}} LinkSeat
 * What the first screen shows of a link's table (seed: "" for none).
 * @typedef {{autostart: boolean, variant: string, players: number, seats: LinkSeat[],
 *   seed: string}} LinkTable
 */
const ratscrewLoader = (() => {
  // Python's whitespace (str.isspace, str.strip, str.split): not quite JavaScript's \s (which
  // has U+FEFF, and lacks U+001C to U+001F and U+0085).
  const SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  const SPACE_CHAR = new RegExp(`^[${SPACE}]$`);
  const SPACES = new RegExp(`[${SPACE}]+`);
  // What a name loses: control characters, lone surrogates, and format characters but the
  // zero-width non-joiner and joiner (links.py's _unwanted).
  const UNWANTED = /^(?:[\p{Cc}\p{Cs}]|(?![\u200c\u200d])\p{Cf})$/u;
  const JOINERS = /[\u200c\u200d]+$/;
  const MAX_NAME_LENGTH = 24;
  const MAX_SEED_LENGTH = 64;
  const MAX_TOOL_QUERY = 8192;
  const TOOLS = ["practice", "learn"]; // links.py's TOOL_PARAMS
  const DEFAULT_LEVEL = "normal";
  const AUTOSTART = new Set(["", "1", "true", "yes", "on"]);
  // Each run of %XX escapes is UTF-8 (the BOM kept, as Python keeps it).
  const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

  /** Python's str.strip() (in one pass: a pattern anchored at the end would go over a long
   *  run of spaces once for each of them). @param {string} text */
  const strip = (text) => {
    let start = 0;
    let end = text.length;
    while (start < end && SPACE_CHAR.test(text[start])) start += 1;
    while (end > start && SPACE_CHAR.test(text[end - 1])) end -= 1;
    return text.slice(start, end);
  };

  /** web/model/query.py's unquote. @param {string} text */
  const unquote = (text) => text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
    utf8.decode(Uint8Array.from(run.slice(1).split("%"), (hex) => parseInt(hex, 16))));

  /** A query's text as links.py reads it: no "#fragment", no spaces at either end, no "?".
   *  @param {string} search */
  const queryText = (search) => {
    const text = strip(search.split("#")[0]);
    return text.startsWith("?") ? text.slice(1) : text;
  };

  /** The [name, value] pairs of a query (web/model/query.py's query_pairs).
   *  @param {string} query @returns {[string, string][]} */
  const queryPairs = (query) => query.split("&").filter((part) => part).map((part) => {
    const cut = part.indexOf("=");
    const [name, value] = cut < 0 ? [part, ""] : [part.slice(0, cut), part.slice(cut + 1)];
    return [unquote(name.replace(/\+/g, " ")), unquote(value.replace(/\+/g, " "))];
  });

  /** The teaching tool's parameter a link has ("practice", "learn"), or "" (links.py's
   *  tool_link).
   *  @param {string} search */
  const toolLink = (search) => {
    const query = Array.from(queryText(search)).slice(0, MAX_TOOL_QUERY).join("");
    const names = new Set(queryPairs(query).map(([name]) => strip(name).toLowerCase()));
    return TOOLS.find((tool) => names.has(tool)) || "";
  };

  /** A game's link parameters, by name (any case, spaces at either end dropped): the first
   *  value of each. A teaching tool's link has none (Python reads it as a new table).
   *  @param {string} search @returns {Map<string, string>} */
  const readParams = (search) => {
    const params = new Map();
    if (toolLink(search)) return params;
    for (const [name, value] of queryPairs(queryText(search))) {
      const key = strip(name).toLowerCase();
      if (!params.has(key)) params.set(key, value);
    }
    return params;
  };

  /** A parameter's value, or null when it is absent or blank (links.py's given).
   *  @param {Map<string, string>} params @param {string} name */
  const given = (params, name) => {
    const value = params.get(name);
    return value !== undefined && strip(value) ? value : null;
  };

  /** Whether a link deals at once: autostart, bare or 1, true, yes or on, in any case.
   *  @param {string} search */
  const autostart = (search) => {
    const value = readParams(search).get("autostart");
    return value !== undefined && AUTOSTART.has(strip(value).toLowerCase());
  };

  /** A whole number of 1 to 3 ASCII digits, or null (links.py's _whole_number).
   *  @param {string} text */
  const wholeNumber = (text) => {
    const digits = strip(text);
    return /^[0-9]{1,3}$/.test(digits) ? Number(digits) : null;
  };


  /** The game a name stands for, any case, "_" or " " for "-" (ratscrew's find_variant).
   *  @template {{name: string, aliases: string[]}} V
   *  @param {string} text @param {V[]} variants @returns {V | null} */
  const findVariant = (text, variants) => {
    const key = strip(text).toLowerCase().replace(/_/g, "-").replace(/ /g, "-");
    return variants.find((v) => key === v.name || v.aliases.includes(key)) || null;
  };

  /** "Player N" for a 0-based seat, in the page's language (links.py's default_name; in
   *  English without web/boot/i18n.js: Node's tests). @param {number} seat */
  const defaultName = (seat) => (typeof ratscrewI18n === "object"
    ? ratscrewI18n.t("Player {number}", { number: seat + 1 }) : `Player ${seat + 1}`);

  /** A name as links.py's _clean_name cleans it ("" when nothing is left): control and format
   *  characters dropped (but the zero-width joiners), commas and whitespace made single
   *  spaces, trimmed, cut to 24 characters. @param {string} text */
  const cleanName = (text) => {
    let kept = "";
    for (const char of text) {
      if (SPACE_CHAR.test(char) || char === ",") kept += " ";
      else if (!UNWANTED.test(char)) kept += char;
    }
    const name = kept.split(" ").filter((word) => word).join(" ");
    const chars = Array.from(name);
    if (chars.length <= MAX_NAME_LENGTH) return name;
    return chars.slice(0, MAX_NAME_LENGTH).join("").trimEnd().replace(JOINERS, "").trimEnd();
  };

  /** How many characters the longest word of a name has, at least 1 (web/model/seating.py's
   *  longest_word). @param {string} name */
  const longestWord = (name) =>
    Math.max(1, ...name.split(SPACES).map((word) => Array.from(word).length));

  /** A link's seed as links.py's clean_seed keeps it: "" when it is none, or unusable (too
   *  long, or with control characters). @param {string} text */
  const cleanSeed = (text) => {
    const seed = strip(text);
    const bad = Array.from(seed).some((char) => UNWANTED.test(char) || (char !== " " && SPACE_CHAR.test(char)));
    return Array.from(seed).length > MAX_SEED_LENGTH || bad ? "" : seed;
  };

  /** The seats a seat list names (1-based numbers separated by commas, "all" or "none"), or
   *  null when it is not one (links.py's _parse_bots).
   *  @param {string} text @param {number} players @returns {Set<number> | null} */
  const seatList = (text, players) => {
    const words = strip(text).toLowerCase();
    if (words === "all") return new Set(Array.from({ length: players }, (_, i) => i));
    if (words === "none") return new Set();
    const seats = new Set();
    for (const part of words.split(",")) {
      if (!strip(part)) continue;
      const number = wholeNumber(part);
      if (number === null || number < 1 || number > players) return null;
      seats.add(number - 1);
    }
    return seats.size ? seats : null;
  };

  /** The table a link describes, as far as the first screen shows it (links.py's
   *  parse_query; what it cannot use is the default, as there).
   *  @param {string} search @param {LinkPage} page @returns {LinkTable} */
  const readTable = (search, page) => {
    const params = readParams(search);
    let text = given(params, "variant");
    const variant = (text !== null && findVariant(text, page.variants)) || page.variants[0];
    let players = variant.players;
    text = given(params, "players");
    const asked = text === null ? null : wholeNumber(text);
    if (asked !== null && variant.min <= asked && asked <= variant.max) players = asked;
    /** @type {LinkSeat[]} */
    const seats = Array.from({ length: players },
      (_, i) => ({ name: defaultName(i), bot: i > 0, level: DEFAULT_LEVEL }));

    text = given(params, "bots");
    const bots = text === null ? null : seatList(text, players);
    if (bots) seats.forEach((seat, i) => { seat.bot = bots.has(i); });

    text = given(params, "difficulty");
    if (text !== null) {
      const levels = text.split(",").map((level) => strip(level).toLowerCase());
      const botSeats = seats.filter((seat) => seat.bot);
      if (levels.every((level) => page.levels.includes(level))
          && (levels.length === 1 || levels.length === botSeats.length)) {
        botSeats.forEach((seat, i) => { seat.level = levels.length === 1 ? levels[0] : levels[i]; });
      }
    }

    text = given(params, "names");
    if (text !== null) {
      text.split(",").slice(0, players).forEach((raw, i) => {
        seats[i].name = cleanName(raw) || defaultName(i);
      });
    }
    const value = params.get("autostart");
    return {
      autostart: value !== undefined && AUTOSTART.has(strip(value).toLowerCase()),
      variant: variant.name, players, seats, seed: cleanSeed(params.get("seed") || ""),
    };
  };

  return {
    strip, unquote, queryPairs, toolLink, readParams, autostart, findVariant, defaultName,
    cleanName, cleanSeed, longestWord, readTable,
  };
})();

(() => {
  // (Node's tests: the functions above are all they use.)
  if (typeof document === "undefined") return;

  // The page's words: web/boot/i18n.js's (loaded before this script; should it have failed to
  // load, English, so that the error panel still says what did not load).
  /** @param {string} text @param {Record<string, string | number>} [values] */
  const english = (text, values) => (values ? text.replace(/\{(\w+)\}/g,
    (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole)) : text);
  /** @type {Pick<typeof ratscrewI18n, "t" | "tn" | "number" | "ready">} */
  const i18n = typeof ratscrewI18n === "object" ? ratscrewI18n : {
    t: english,
    tn: (singular, plural, n, values) => english(n === 1 ? singular : plural, values),
    number: (value, decimals) => value.toFixed(decimals),
    ready: Promise.resolve(""),
  };

  const TIMEOUT_MS = 120000; // give up: something hangs
  const SLOW_MS = 15000; // say that the first visit downloads a lot
  const DOWNLOAD_SHARE = 0.5; // of the bar: the downloads; the rest is the steps after them
  // The steps' shares of the bar after the downloads (the runtime's own when its bytes are
  // not counted: a visit served by the service worker), about as long as each takes.
  /** @type {Record<string, number | undefined>} */
  const WEIGHTS = { runtime: 2, python: 5, engine: 3, start: 1.5 };
  /** What the loading line says during a step ("" for a step that says its own name).
   *  @param {string} name */
  const says = (name) => {
    switch (name) {
      case "runtime": return i18n.t("Loading Python…");
      case "python": return i18n.t("Starting Python…");
      case "engine": return i18n.t("Loading the game…");
      case "start": return i18n.t("Drawing the page…");
      default: return "";
    }
  };
  const MB = 1e6;
  const PUMP_MS = 20; // the longest a download's chunks are read for in one go

  const script = document.currentScript;
  const started = performance.now();

  // The page's first gesture (a key, a click, a touch), even before Python is there (Deal
  // pressed early): browsers let a page start audio only after one (web/shell/sound.py).
  const gestured = () => {
    window.ratscrewGestured = true;
  };
  for (const kind of ["pointerdown", "keydown"]) {
    addEventListener(kind, gestured, { capture: true, once: true });
  }

  // ------------------------------------------------------------------ early downloads
  // scripts/build lists on this script tag (data-downloads) what the page will need, with the
  // sizes: [url, bytes, "fetch" | "later" | "module"]. "fetch": started here and now, handed
  // to Pyodide or PyScript when they ask for the same URL (window.fetch below), and counted as
  // the bytes arrive. "later": the same, but started once every "fetch" download is in (or
  // when asked for, if sooner): our own modules, which Python needs only after it has
  // started, so they do not share the network with the runtime. "module": preloaded by
  // index.html (<link rel="modulepreload">), counted when loaded. Without the list (the page
  // served unbuilt) nothing starts early.
  let listed = [];
  try {
    const parsed = JSON.parse((script && script.dataset.downloads) || "[]");
    if (Array.isArray(parsed)) listed = parsed.filter((e) => Array.isArray(e) && e.length === 3);
  } catch (_) {
    listed = [];
  }

  // ------------------------------------------------------------------ the first screen
  // Chosen here, before the first frame, so that the stylesheet lays the page out in its
  // final places from the start (nothing moves when web/boot/setup_early.js or Python take
  // over): <html data-start="...">
  //   "setup"  a plain visit: the setup form, prerendered by scripts/build;
  //   "table"  a link with autostart=1: the table, its seats drawn by web/boot/setup_early.js;
  //   "wait"   any other link but one with only lang= (Python reads it), or a page not built (no prerendered form:
  //            scripts/build writes data-downloads and the form together): the loading
  //            panel and how to play.
  // A returning visitor's plain visit shows the last table they played (web/model/settings.py's
  // last_table), which only Python reads: the loading panel until then, not the default form
  // that would change under their hands (a returning visit starts Python in a moment anyway,
  // from the snapshot). And the saved "Projector" display (everything larger) from the first
  // frame, not from when Python reads the settings, which would move the whole page. Only a
  // small, well-formed setting counts here; Python reads and checks the rest.
  /** @type {{projector?: unknown, last_table?: unknown}} */
  let saved = {};
  try {
    const text = localStorage.getItem("ratscrew.settings.v1");
    const parsed = text && text.length <= 50000 ? JSON.parse(text) : null;
    if (parsed && typeof parsed === "object") saved = parsed;
  } catch (_) {
    // No storage (a private window), or a setting Python will reset with a notice.
  }
  if (saved.projector === true) document.documentElement.classList.add("projector");
  const built = Boolean(script && script.dataset.downloads);
  // A link's language alone (web/boot/i18n.js reads it) is no table to read: a plain visit.
  const linked = ratscrewLoader.toolLink(location.search) !== ""
    || [...ratscrewLoader.readParams(location.search).keys()].some((name) => name !== "lang");
  const autostart = ratscrewLoader.autostart(location.search);
  const lastTable = typeof saved.last_table === "string" && saved.last_table !== "";
  let first = "wait";
  if (built && autostart) first = "table";
  else if (built && !linked && !lastTable) first = "setup";
  document.documentElement.dataset.start = first;
  // A page the service worker controls reads every file from this browser's cache: nothing
  // to start early, no bytes worth counting. And Pyodide then fetches the .wasm itself: a
  // Response made here in JavaScript has no URL, so the browser can neither keep nor reuse
  // the machine code it compiled for it (the repeat visit of scripts/bench_page.py took
  // 3.1 s with the early downloads, 2.2 s without).
  if (navigator.serviceWorker && navigator.serviceWorker.controller) listed = [];
  /** @param {string} url */
  const absolute = (url) => new URL(url, document.baseURI).href;
  const sizes = new Map(listed.map(([url, size]) => [absolute(url), Number(size) || 0]));
  const total = Array.from(sizes.values()).reduce((a, b) => a + b, 0);
  // The runtime's own files ("fetch" and "module"): Python starts once they are in, while the
  // "later" ones (our modules) still arrive.
  const runtimeUrls = new Set(listed.filter((e) => e[2] !== "later").map((e) => absolute(e[0])));
  const runtimeTotal = Array.from(runtimeUrls).reduce((a, url) => a + (sizes.get(url) || 0), 0);
  /** @type {Map<string, number>} */
  const received = new Map(); // absolute url -> bytes so far
  let onBytes = () => {};

  // The screen follows the bytes once a frame, not at every chunk (hundreds of them a second
  // on a fast network, each a change to the page while it is still being built).
  let drawing = false;
  const draw = () => {
    drawing = false;
    onBytes();
  };
  const downloaded = () => Array.from(received.values()).reduce((a, b) => a + b, 0);
  const runtimeDownloaded = () =>
    Array.from(received).reduce((a, [url, bytes]) => a + (runtimeUrls.has(url) ? bytes : 0), 0);
  /** @param {string} url @param {number} bytes @param {boolean} finished */
  const count = (url, bytes, finished) => {
    const size = sizes.get(url) || 0;
    const now = finished ? Math.max(size, bytes) : Math.min(size, bytes);
    if (now === received.get(url)) return;
    received.set(url, now);
    if (runtimeUrls.has(url) && runtimeDownloaded() >= runtimeTotal) {
      draw(); // the runtime is in: "Starting Python…" now, drawn by the next frame
    } else if (!drawing) {
      drawing = true;
      requestAnimationFrame(draw);
    }
  };

  /** @type {Map<string, Promise<Response>>} */
  const early = new Map(); // absolute url -> Promise<Response>, taken once
  /** @type {Set<string>} */
  const taken = new Set(); // absolute urls whose Response the page already has
  /** @type {Set<string>} */
  const complete = new Set(); // absolute urls whose download has ended
  const nativeFetch = window.fetch.bind(window);

  // The end of a body the page is already reading is passed on after the next frame: Python
  // starts the moment the runtime's last file ends, and the page cannot redraw for as long
  // as that takes, so the frame that says "Starting Python…" must come first (at most one
  // frame later, and only on a network slower than Python's own start). The moment a file of
  // the runtime is handed over is marked for the browser tests ("ratscrew:runtime-in", with
  // the file's name): Python cannot start before the last of them.
  /** @param {() => void} fn */
  const afterFrame = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  /** @param {string} url @param {() => void} close */
  const handOver = (url, close) => {
    close();
    if (runtimeUrls.has(url)) {
      performance.mark("ratscrew:runtime-in", { detail: url.split("/").pop() });
    }
  };

  // The body is read at once (not when Pyodide gets round to it), so the download never
  // waits; the page gets a Response that streams the same bytes. Chunks already in are read
  // one after the other in the same task (those of every download): after PUMP_MS of them,
  // the rest come in a task of their own, the page's turn in between.
  let pumping = 0; // when the downloads' reading began in this task
  /** @param {string} url @param {Response} response @param {() => void} finished */
  const relay = (url, response, finished) => {
    if (!response.ok || !response.body) {
      finished();
      return response;
    }
    const reader = response.body.getReader();
    let seen = 0;
    const body = new ReadableStream({
      start(controller) {
        /** @returns {Promise<undefined>} */
        const pump = () => {
          const asked = performance.now();
          return reader.read().then(({ done, value }) => {
            const now = performance.now();
            if (now - asked > 2) pumping = now; // it waited for the network: a task of its own
            if (done) {
              count(url, seen, true);
              complete.add(url);
              finished();
              if (taken.has(url)) afterFrame(() => handOver(url, () => controller.close()));
              else controller.close();
              return undefined;
            }
            seen += value.byteLength;
            count(url, seen, false);
            controller.enqueue(value);
            if (now - pumping < PUMP_MS) return pump();
            return new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
              pumping = performance.now();
              return pump();
            });
          });
        };
        pump().catch((error) => {
          finished();
          controller.error(error);
        });
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    // The bytes are already decoded: drop what described the encoded ones.
    const headers = new Headers(response.headers);
    headers.delete("content-encoding");
    headers.delete("content-length");
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };

  // The runtime's WebAssembly is compiled by the browser as its bytes arrive
  // (WebAssembly.compileStreaming, from a copy of the network's own stream), a little at a
  // time while the page waits for the download anyway, not all at once on the page's thread
  // when Pyodide asks for it (then downloaded). Pyodide's instantiateStreaming of the
  // Response it gets for it then instantiates that module (or, if it could not be compiled
  // so, compiles the Response's own bytes as before). window.ratscrewWasm says which, for
  // tests/e2e/start/test_boot.py: "compiled as it came", or why not.
  /** @type {WeakMap<Response, Promise<WebAssembly.Module>>} */
  const compiling = new WeakMap(); // Response handed to the page -> Promise<WebAssembly.Module>
  /** @param {string} url @param {Response} response */
  const compileEarly = (url, response) => {
    if (!/\.wasm$/.test(url) || !response.ok || !response.body
        || typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming !== "function") {
      return null;
    }
    const module = WebAssembly.compileStreaming(response.clone());
    module.then(() => {
      window.ratscrewWasm = "compiled as it came";
    }, (error) => {
      window.ratscrewWasm = `not compiled as it came (${error})`;
    });
    return module;
  };
  if (typeof WebAssembly === "object" && typeof WebAssembly.instantiateStreaming === "function") {
    const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
    WebAssembly.instantiateStreaming = (source, imports) => Promise.resolve(source)
      .then((response) => {
        const module = compiling.get(response);
        if (!module) return instantiateStreaming(response, imports);
        return module.then(
          (compiled) => WebAssembly.instantiate(compiled, imports)
            .then((instance) => ({ module: compiled, instance })),
          () => instantiateStreaming(response, imports));
      });
  }

  /** @type {Set<string>} */
  const later = new Set(); // absolute urls of the "later" downloads not started yet
  let running = 0; // "fetch" downloads not yet in
  /** @param {string} key @param {() => void} onDone */
  const start = (key, onDone) => {
    let called = false;
    const done = () => {
      if (!called) {
        called = true;
        onDone();
      }
    };
    // Low priority: the page's own styles and scripts (the setup form) come first.
    const promise = nativeFetch(key, /** @type {RequestInit} */ ({ priority: "low" })).then(
      (response) => {
        const module = compileEarly(key, response); // (before relay() reads its body)
        const handed = relay(key, response, done);
        if (module) compiling.set(handed, module);
        return handed;
      },
      (error) => {
        done();
        throw error;
      });
    promise.catch(() => {}); // reported when the page asks for it (or by the timeout)
    early.set(key, promise);
  };
  const startLater = () => {
    for (const key of later) start(key, () => {});
    later.clear();
  };
  for (const [url, , how] of listed) {
    if (how === "later") later.add(absolute(url));
    if (how !== "fetch") continue;
    running += 1;
    start(absolute(url), () => {
      running -= 1;
      if (running === 0) startLater();
    });
  }
  if (running === 0) startLater();

  /** @param {RequestInit | undefined} init */
  const plainGet = (init) =>
    !init || Object.keys(init).every((k) => (k === "method" && init.method === "GET")
      || (k === "integrity" && !init.integrity));

  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : null;
    if (url !== null && plainGet(init)) {
      const key = absolute(url);
      if (later.delete(key)) start(key, () => {}); // asked for before its turn
      const promise = early.get(key);
      if (promise) {
        early.delete(key);
        taken.add(key);
        // Downloaded before the page asked for it: handed over now.
        if (complete.has(key)) afterFrame(() => handOver(key, () => {}));
        return promise;
      }
    }
    return nativeFetch(input, init);
  };

  // Module preloads (and anything else listed) are counted when they finish loading; a file
  // that came back with an HTTP error is a failure (Pyodide may wait forever after that).
  // (A failure's words are said when the loading screen shows it, in the page's language.)
  /** @type {(() => string)[]} */
  const failures = [];
  /** @type {(words: () => string) => void} */
  let reportFailure = (words) => {
    failures.push(words);
  };
  if (typeof PerformanceObserver === "function") {
    try {
      new PerformanceObserver((list) => {
        for (const entry of /** @type {PerformanceResourceTiming[]} */ (list.getEntries())) {
          // (A language's catalogue that did not load is web/boot/i18n.js's to say: the page
          // starts in English.)
          if (entry.responseStatus >= 400 && entry.name.startsWith(location.origin)
              && !new URL(entry.name).pathname.includes("/locale/")) {
            const name = entry.name.split("?")[0].split("/").pop() || "";
            const status = String(entry.responseStatus);
            // i18n: {file} is a file's name; {status} an HTTP status code (404).
            reportFailure(() => i18n.t("A file of the game did not load ({file}, HTTP {status}).",
              { file: name, status }));
          } else if (sizes.has(entry.name) && entry.responseEnd > 0) {
            count(entry.name, entry.decodedBodySize || sizes.get(entry.name) || 0, true);
          }
        }
      }).observe({ type: "resource", buffered: true });
    } catch (_) {
      // Older browsers: the timeout below still catches a hang.
    }
  }

  // ------------------------------------------------------------------ the loading screen
  /** index.html's element of that id (the loading screen has each one used here).
   *  @param {string} id */
  const element = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

  const screen = () => {
    const body = document.body;
    const boot = element("boot");
    const statusLine = element("boot-status");
    const detailLine = element("boot-detail");
    const bar = element("boot-bar");
    const hint = element("boot-hint");
    const errorBox = element("boot-error");
    const errorMessage = element("boot-error-message");
    const sizeNote = document.getElementById("boot-size");
    const steps = Array.from(document.querySelectorAll(".boot-steps [data-step]"),
      (li) => /** @type {HTMLElement} */ (li));
    const names = steps.map((li) => li.dataset.step || "");

    let finished = false;
    let shown = 0; // the bar never goes back
    let current = -1;

    /** @param {number} fraction */
    const setProgress = (fraction) => {
      shown = Math.max(shown, Math.max(0, Math.min(1, fraction)));
      const percent = Math.round(shown * 100);
      bar.style.setProperty("--progress", shown.toFixed(3));
      bar.setAttribute("aria-valuenow", String(percent));
    };

    /** Megabytes, with one decimal. @param {number} bytes */
    const mb = (bytes) => i18n.number(bytes / MB, 1);
    const downloading = () => runtimeTotal > 0 && runtimeDownloaded() < runtimeTotal;

    // The line's words (set only when they change: the line is a live region).
    /** @param {string} text */
    const say = (text) => {
      if (statusLine.textContent !== text) statusLine.textContent = text;
    };

    // While the runtime downloads: its bytes (the bar: every byte). Then: the steps that
    // follow it. Python starts as soon as the runtime is in: from then on the line says so,
    // even while our modules still arrive.
    const showBytes = () => {
      if (finished || total === 0) return;
      const done = downloaded();
      setProgress((DOWNLOAD_SHARE * done) / total);
      const runtimeStep = names.indexOf("runtime");
      if (done < total && current <= runtimeStep) {
        bar.setAttribute("aria-valuetext",
          i18n.t("{done} of {total} MB downloaded", { done: mb(done), total: mb(total) }));
      } else {
        bar.removeAttribute("aria-valuetext"); // the steps after the downloads: their names
      }
      if (sizeNote) {
        sizeNote.textContent = i18n.t("({done} of {total} MB)",
          { done: mb(done), total: mb(total) });
      }
      const runtime = runtimeDownloaded();
      if (runtime < runtimeTotal && current <= runtimeStep) {
        // Whole megabytes: the line is a live region, read out at each change.
        const of = Math.round(runtimeTotal / MB);
        say(i18n.t("Downloading Python: {done} of {total} MB",
          { done: Math.floor(runtime / MB), total: of }));
      } else if (runtime >= runtimeTotal && current === runtimeStep) {
        say(says("python"));
      }
    };

    // Where each step's part of the bar begins, and how long it is: the downloads first (when
    // counted), then the steps by their WEIGHTS.
    const share = total > 0 ? DOWNLOAD_SHARE : 0;
    const weights = names.map((name) => (name === "runtime" && total > 0 ? 0 : WEIGHTS[name] || 0));
    const allWeights = weights.reduce((a, b) => a + b, 0) || 1;
    const runtimeIndex = names.indexOf("runtime");
    /** @param {number} index */
    const from = (index) => (total > 0 && index <= runtimeIndex ? 0
      : share + ((1 - share) * weights.slice(0, index).reduce((a, b) => a + b, 0)) / allWeights);
    /** @param {number} index */
    const span = (index) => ((1 - share) * weights[index]) / allWeights;

    // Everything before `name` is done, `name` is under way (a step never comes back).
    /** @param {string} name @param {string} [label] */
    const step = (name, label) => {
      if (finished) return;
      const index = names.indexOf(name);
      if (index < current || index < 0) return;
      current = index;
      steps.forEach((li, i) => {
        li.dataset.state = i < current ? "done" : i === current ? "active" : "pending";
      });
      setProgress(from(current));
      const own = (steps[current].firstChild?.textContent || "").trim(); // the step's name
      // i18n: The loading line during a step of the start: {step} is the step's name ("Page").
      let text = label || says(name) || i18n.t("{step}…", { step: own });
      // The runtime's bytes counted: how many (showBytes), then Python's start.
      if (current === runtimeIndex && runtimeTotal > 0) text = downloading() ? "" : says("python");
      if (text) say(text);
      showBytes();
    };

    // Step `name` is `fraction` done (it is the current step from now on, if it was not).
    /** @param {string} name @param {number} fraction */
    const progress = (name, fraction) => {
      if (finished) return;
      const index = names.indexOf(name);
      if (index < current || index < 0) return;
      if (index > current) step(name);
      setProgress(from(index) + span(index) * Math.max(0, Math.min(1, Number(fraction) || 0)));
    };

    /** @param {unknown} [detail] */
    const ready = (detail) => {
      if (finished) return;
      finished = true;
      steps.forEach((li) => {
        li.dataset.state = "done";
      });
      setProgress(1);
      bar.removeAttribute("aria-valuetext");
      say(i18n.t("Ready"));
      if (detail) {
        detailLine.textContent = String(detail);
        detailLine.hidden = false;
      }
      delete hint.dataset.shown;
      boot.setAttribute("aria-busy", "false");
      body.dataset.ready = "true";
      // scripts/bench_page.py (its Lighthouse section) looks for this line.
      console.info(`[ratscrew] ready in ${Math.round(performance.now() - started)} ms`);
      dispatchEvent(new CustomEvent("ratscrew:ready", { detail }));
    };

    /** @param {unknown} message */
    const fail = (message) => {
      if (finished) return;
      finished = true;
      steps.forEach((li) => {
        if (li.dataset.state === "active") li.dataset.state = "failed";
      });
      say(i18n.t("Could not start"));
      errorMessage.textContent = String(message || i18n.t("Python did not start."));
      errorBox.hidden = false;
      hint.hidden = true; // the error box says it all
      boot.hidden = false;
      boot.setAttribute("aria-busy", "false");
      body.dataset.ready = "false";
      dispatchEvent(new CustomEvent("ratscrew:failed", { detail: String(message) }));
    };

    const hide = () => {
      boot.hidden = true;
    };

    window.ratscrewBoot = { step, progress, ready, fail, hide, bytes: () => [downloaded(), total] };
    onBytes = showBytes;
    reportFailure = (words) => fail(words());
    failures.forEach((words) => fail(words()));

    // The error panel's way out: forget what this site saved (a setting that stops Python
    // from starting would stop it again at every reload; the Python snapshot too) and open
    // the page without the link's settings.
    const resetButton = document.getElementById("boot-reset");
    if (resetButton) {
      resetButton.addEventListener("click", () => {
        try {
          for (const key of Object.keys(localStorage)) {
            if (key.startsWith("ratscrew.")) localStorage.removeItem(key);
          }
        } catch (error) {
          console.warn("[ratscrew] saved settings could not be removed", error);
        }
        // And the Python snapshot (web/boot/pyodide_boot.mjs): the next start is the usual one.
        const forget = typeof caches === "object"
          ? caches.delete("ratscrew-python-snapshot").catch(() => false) : Promise.resolve();
        forget.then(() => location.replace(location.pathname));
      });
    }

    // While Python loads, show the rules of the variant the link asks for (?variant=bmn).
    // (web/model/links.py's reading of variant=: any case, "_" or " " for "-", an alias.)
    const wanted = ratscrewLoader.readParams(location.search).get("variant") || "";
    const articles = Array.from(document.querySelectorAll(".howto [data-variant]"), (article) => ({
      article: /** @type {HTMLElement} */ (article),
      name: /** @type {HTMLElement} */ (article).dataset.variant || "",
      aliases: (/** @type {HTMLElement} */ (article).dataset.aliases || "").split(" ").filter((a) => a),
    }));
    const match = ratscrewLoader.findVariant(wanted, articles);
    if (match) {
      articles.forEach(({ article }) => {
        article.hidden = article !== match.article;
      });
    }

    // Progress from PyScript (polyscript): "py:progress" events on window. (Python's start
    // says more on the way: web/boot/pyodide_boot.mjs.)
    addEventListener("py:progress", (event) => {
      const { detail } = /** @type {CustomEvent} */ (event);
      if (detail === "Loading Pyodide") step("runtime");
      else if (detail === "Loaded Pyodide") progress("python", 1);
    });

    if (typeof WebAssembly !== "object") {
      fail(i18n.t("This browser cannot run WebAssembly, which Ratscrew needs to run Python."));
      return;
    }

    // The Python script finished without starting the game (web/boot/main.py says so, then
    // starts it in steps) or failing: it must have crashed (PyScript writes the traceback to
    // the console).
    addEventListener("py:done", () => {
      if (!finished && current < names.indexOf("engine")) {
        fail(i18n.t(
          "The game's Python code stopped with an error (details in the browser console)."));
      }
    });

    step("runtime");
    setTimeout(() => {
      if (!finished) {
        hint.dataset.shown = "true";
      }
    }, SLOW_MS);
    setTimeout(() => {
      const seconds = TIMEOUT_MS / 1000;
      fail(i18n.tn("Loading took more than {n} second. Reload the page to try again.",
        "Loading took more than {n} seconds. Reload the page to try again.", seconds,
        { n: seconds }));
    }, TIMEOUT_MS);
  };

  // ------------------------------------------------------------------ failures
  // A file that did not load (capture phase: resource errors do not bubble).
  addEventListener(
    "error",
    (event) => {
      const target = /** @type {{src?: string, href?: string} | null} */ (event.target);
      if (target && target !== window && (target.src || target.href)) {
        const url = target.src || target.href || "";
        const name = url.split("/").pop() || url;
        // i18n: {file} is a file's name.
        reportFailure(() => i18n.t(
          "A file of the game did not load ({file}). Check your connection.", { file: name }));
      } else if (event.message && !/^ResizeObserver loop/.test(event.message)) {
        // (A size written by a ResizeObserver that changes the size again is reported here
        // too, and is harmless: the next frame has the sizes.)
        // i18n: {message} is the browser's message about the error (often in English).
        reportFailure(() => i18n.t("Start-up error: {message}", { message: event.message }));
      }
    },
    true,
  );

  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    const text = reason && reason.message ? reason.message : String(reason);
    // Last line only: a Python error arrives with its whole traceback.
    const message = text.trim().split("\n").pop() || "";
    // i18n: {message} is Python's message about the error (in English).
    reportFailure(() => i18n.t("Python could not start: {message}", { message }));
  });

  // Offline: the service worker (sw.js, next to index.html) caches the whole site on the
  // first visit; later visits start from that cache. Registered once the game is ready, so
  // it never competes with the first start (it then finds most files in the HTTP cache).
  //
  // With it, the memory snapshot that later visits start Python from (web/boot/pyodide_boot.mjs):
  // made by a worker of its own once the service worker is ready (the worker's runtime files
  // come from the browser's HTTP cache, fetched a moment ago by this page), unless this visit
  // started from one. Not without a service worker (no offline start anyway; the browser
  // tests block them).
  const makeSnapshot = () => {
    if (window.ratscrewSnapshot === "used" || typeof caches !== "object") return;
    window.ratscrewSnapshotMaking = "making";
    let worker;
    try {
      worker = new Worker("web/boot/snapshot_worker.mjs", { type: "module" });
    } catch (error) {
      window.ratscrewSnapshotMaking = `failed: ${error}`;
      return;
    }
    /** @param {string} result */
    const done = (result) => {
      window.ratscrewSnapshotMaking = result;
      if (result !== "stored") console.warn(`[ratscrew] no Python snapshot (${result})`);
      worker.terminate();
    };
    worker.onmessage = (event) => done(String(event.data));
    worker.onerror = (event) => done(`failed: ${event.message || "the worker did not start"}`);
  };
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    addEventListener("ratscrew:ready", () => {
      navigator.serviceWorker.register("sw.js")
        .then(() => navigator.serviceWorker.ready)
        .then(makeSnapshot, (error) => {
          console.warn("[ratscrew] offline cache unavailable", error);
        });
    }, { once: true });
  }

  // The loading screen, once the page is there and in its language (at once for English; the
  // page is hidden until then).
  const begin = () => {
    i18n.ready.then(screen);
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", begin, { once: true });
  } else {
    begin();
  }
})();
