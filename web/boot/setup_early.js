// @ts-check
// The setup screen before Python is ready.
//
// scripts/build writes the setup form into index.html, filled in (web/model/setup_html.py: the same
// markup web/shell/setup.py draws), with one <template> per game holding that game's parts. While the
// runtime downloads, this script shows the form and keeps it working: choosing a game puts in
// its parts (the seats keep their names and players), the number of players shows as many
// seat rows, and Deal or All-bot demo are remembered. Nothing here knows a rule: the parts
// come from the engine's own data. When Python is ready, web/shell/setup.py calls
// ratscrewEarly.stop() and takes the form over as it stands (data-touched says what someone
// changed; data-pending that Deal was pressed, and it deals at once).
//
// A link with autostart=1 shows the table's seats at once instead (a seat skeleton per
// player, named from the link). Any other link waits for Python, which reads it. Which of the
// three it is, web/boot/loader.js decided before the first frame (<html data-start>), and the
// stylesheet already shows that screen in its place: this script only fills it in. It reads
// the link with web/boot/loader.js's ratscrewLoader.readTable, as Python reads it. Its words
// are the page's language (web/boot/i18n.js's ratscrewI18n): it draws once that is in.
"use strict";

(() => {
  /** The page's element of that id (index.html, built, has each one used here; the three
   *  checked below stand for the rest). @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const body = document.body;
  const app = document.getElementById("app");
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById("setup"));
  const variantSelect = /** @type {HTMLSelectElement | null} */ (document.getElementById("setup-variant"));
  const playersSelect = /** @type {HTMLSelectElement} */ ($("setup-players"));
  if (!app || !form || !variantSelect || !variantSelect.options.length) return; // unbuilt page
  if (body.dataset.ready) return; // Python was quicker

  /** @type {(() => void)[]} */
  const undo = []; // what stop() ends: this script's listeners and observer
  /** @param {EventTarget} target @param {string} type @param {(event: Event) => void} handler */
  const on = (target, type, handler) => {
    target.addEventListener(type, handler);
    undo.push(() => target.removeEventListener(type, handler));
  };
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const end of undo) end();
    undo.length = 0;
  };
  window.ratscrewEarly = { stop };

  /** @param {string} screen */
  const showApp = (screen) => {
    app.hidden = false;
    $("howto").hidden = true;
    body.dataset.screen = screen;
    // Python did not start: the loading screen's error panel is all there is to see.
    addEventListener("ratscrew:failed", () => {
      app.hidden = true;
    });
  };

  // ------------------------------------------------------------------ a link's table
  // What a seat's menu offers that is not a bot's level.
  const PEOPLE = new Set(["human", "phone"]);

  /** The games and the bots' levels as the setup's menus have them, for the link's reading.
   *  @param {HTMLSelectElement} games @returns {LinkPage} */
  const pageData = (games) => ({
    variants: Array.from(games.options, (o) => ({
      name: o.value,
      aliases: (o.dataset.aliases || "").split(" ").filter((alias) => alias),
      min: Number(o.dataset.min),
      max: Number(o.dataset.max),
      players: Number(o.dataset.players),
    })),
    levels: Array.from(/** @type {HTMLSelectElement} */ ($("seat-kind-0")).options, (o) => o.value)
      .filter((kind) => !PEOPLE.has(kind)),
  });

  // The centre row's size, which its cards scale to, kept in --box-w and --box-h as web/shell/app.py
  // keeps it once Python is there (App.watch_size): written at once (an observer's first
  // report may come after the first frame), then by an observer until stop().
  const keepCentreSize = () => {
    const centre = /** @type {HTMLElement} */ (document.querySelector(".centre-row"));
    /** @param {number} width @param {number} height */
    const size = (width, height) => {
      for (const [name, value] of /** @type {[string, number][]} */ ([["--box-w", width], ["--box-h", height]])) {
        const text = `${value.toFixed(1)}px`;
        if (centre.style.getPropertyValue(name) !== text) centre.style.setProperty(name, text);
      }
    };
    const style = getComputedStyle(centre);
    /** @param {"paddingLeft" | "paddingRight" | "paddingTop" | "paddingBottom"} a
     *  @param {typeof a} b */
    const padding = (a, b) => parseFloat(style[a]) + parseFloat(style[b]);
    const box = centre.getBoundingClientRect();
    size(box.width - padding("paddingLeft", "paddingRight"),
      box.height - padding("paddingTop", "paddingBottom"));
    const observer = new ResizeObserver(([entry]) => {
      size(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(centre);
    undo.push(() => observer.disconnect());
  };

  // The game's boxes shown from the deal on (web/table/part.py's Box.early: the dice, the Burn
  // pile), empty and in their places, as the table makes them: the stylesheet gives them
  // their room while the seats are skeletons, and the table replaces them at the deal (they
  // stay after stop(): Python takes them over with the table).
  /** @param {[string, string, string, string, string, Record<string, string>][]} boxes */
  const earlyBoxes = (boxes) => {
    const pile = $("pile");
    let besidePile = pile;
    for (const [id, slot, classes, zone, tag, attrs] of boxes) {
      const node = document.createElement(tag);
      node.id = id;
      if (classes) node.className = classes;
      if (zone) node.dataset.zone = zone;
      for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
      node.dataset.partBox = "early";
      node.hidden = true;
      if (slot === "before-pile") pile.before(node);
      else if (slot === "beside-pile") { besidePile.after(node); besidePile = node; }
      else $("panels").appendChild(node);
    }
  };

  /** @param {HTMLSelectElement} games */
  const skeletonTable = (games) => {
    const template = /** @type {HTMLTemplateElement} */ ($("seat-skeleton"));
    const table = ratscrewLoader.readTable(location.search, pageData(games));
    const match = Array.from(games.options).find((o) => o.value === table.variant) || games.options[0];
    const players = table.players;
    /** The build's data for the seats (web/model/setup_html.py's skeleton_data).
     *  @param {string} name @param {string} empty @returns {any} */
    const data = (name, empty) => JSON.parse((template && template.dataset[name]) || empty);
    // (The projector display seats more at the sides, but on a phone: web/model/seating.py.)
    const projector = document.documentElement.classList.contains("projector") &&
      matchMedia("(min-width: 700px) and (min-height: 521px)").matches;
    const layout = data(projector ? "projectorLayouts" : "layouts", "{}")[String(players)];
    if (!layout) {
      document.documentElement.dataset.start = "wait"; // the loading panel until Python
      return;
    }
    showApp("table");
    form.hidden = true;
    $("table").hidden = false;
    // The bar as the table has it (its buttons wait for Python, unseen until then): it
    // keeps its height when the game is dealt.
    $("bar-variant").textContent = match.textContent;
    $("bar-seed").textContent = table.seed || "…";
    for (const id of ["bar-game", "speed-label", "pause", "sound", "table-copy"]) $(id).hidden = false;
    $("felt").dataset.players = String(players);
    $("felt").dataset.variant = match.value;
    earlyBoxes(data("boxes", "{}")[match.value] || []);

    // Each seat as web/table/pieces/seats.py draws it: its name, its stack as dealt, and a
    // bot's level or a person's buttons and keys.
    const depths = (data("depths", "{}")[match.value] || {})[String(players)] || [];
    const actions = data("actions", "{}")[match.value] || [];
    const labels = data("labels", "{}");
    const keys = data("keys", "[]");
    const humanOrder = Number(template.dataset.humanOrder);
    /** @type {[string, number[]][]} */
    const regions = Object.entries(layout);
    // The build's seats (seats.py's seat_markup, as skeletons): a bot's, a person's, and a
    // person's touch button.
    const drawn = Array.from(template.content.children);
    /** @param {(node: Element) => boolean} test */
    const drawing = (test) => /** @type {HTMLElement} */ (drawn.find(test));
    const botSeat = drawing((node) => node.matches(".seat:not(.human)"));
    const personSeat = drawing((node) => node.matches(".seat.human"));
    const touchButton = drawing((node) => node.matches("button"));
    for (const [region, seats] of regions) {
      const box = /** @type {HTMLElement} */ (document.querySelector(`#seats [data-region='${region}']`));
      for (const seat of seats) {
        const { name: seatName, bot, level } = table.seats[seat];
        const node = /** @type {HTMLElement} */ ((bot ? botSeat : personSeat).cloneNode(true));
        /** The drawing's element of that class (in the node given, or the seat).
         *  @param {string} selector @param {Element} [inside] */
        const part = (selector, inside = node) => /** @type {HTMLElement} */ (inside.querySelector(selector));
        node.dataset.region = region;
        node.setAttribute("aria-label", seatName);
        node.style.setProperty("--order", String(bot ? seat : humanOrder + seat));
        part(".seat-number").textContent = String(seat + 1);
        const name = part(".seat-name");
        name.textContent = seatName;
        name.style.setProperty("--word", String(ratscrewLoader.longestWord(seatName)));
        part(".stack").style.setProperty("--depth", String(depths[seat] || 0));
        if (bot) {
          // The level in the page's language, as web/table/piece.py's level_name says it (its
          // message ids are the levels' names).
          const said = ratscrewI18n.t(level);
          // i18n: A bot seat's tag's tooltip: {level} is the bot's level (easy, normal...).
          part(".seat-tag").title = ratscrewI18n.t("bot, {level}", { level: said });
          part(".seat-skill").textContent = ` · ${said}`;
        } else {
          const zone = part(".touch");
          zone.className = `touch touch-${actions.length}`;
          for (const action of actions) {
            const button = /** @type {HTMLElement} */ (touchButton.cloneNode(true));
            button.className = `touch-${action}`;
            part("span", button).textContent = labels[action] || action;
            part("kbd", button).textContent = (keys[seat] || {})[action] || "";
            part(".visually-hidden", button).textContent = ` (${seatName})`;
            zone.appendChild(button);
          }
        }
        box.appendChild(node);
      }
    }
    $("explain").textContent = ratscrewI18n.t("Dealing as soon as the game is ready…");
    keepCentreSize();
  };

  // ------------------------------------------------------------------ the setup form
  // Every row of the seat list, the hidden ones (past the number of players) too.
  const seatRows = () => Array.from($("setup-seat-list").querySelectorAll(".seat-row"),
    (row) => /** @type {HTMLElement} */ (row));
  /** A seat row's name field and player menu. @param {HTMLElement} row */
  const rowFields = (row) => ({
    name: /** @type {HTMLInputElement} */ (row.querySelector(".seat-row-name")),
    kind: /** @type {HTMLSelectElement} */ (row.querySelector(".seat-row-kind")),
  });

  /** @param {number} count */
  const showSeats = (count) => {
    seatRows().forEach((row, i) => {
      row.hidden = i >= count;
    });
  };

  // Each game's parts of the form in the page's language (written by the build, 116 KB),
  // fetched when someone reaches for the game menu (a pointer or the keyboard on it), not on
  // every start: most people never change the game before Python is ready, and the runtime
  // needs the bytes.
  /** @type {Promise<void> | null} */
  let parts = null;
  const gameParts = () => {
    if (!parts) {
      const lang = ratscrewI18n.lang;
      parts = fetch(lang === "en" ? "web/setup-parts.html" : `web/setup-parts.${lang}.html`)
        .then((r) => (r.ok ? r.text() : ""))
        .then((html) => {
          const box = document.createElement("div");
          box.hidden = true;
          box.innerHTML = html;
          app.appendChild(box);
        })
        .catch(() => {}); // the parts stay as they are until Python is ready
    }
    return parts;
  };

  // The field in focus, to be given back after its part is redrawn: its id, and the caret or
  // selection where it has one (a menu has none).
  /** @typedef {{field: Element, caret: [number, number, ("forward" | "backward" | "none")?] | null}} Focus */
  /** @returns {Focus | null} */
  const focusOf = () => {
    const field = /** @type {HTMLInputElement | null} */ (document.activeElement);
    if (!field || !field.id || !form.contains(field)) return null;
    const caret = typeof field.selectionStart === "number"
      ? /** @type {Focus["caret"]} */ ([field.selectionStart, field.selectionEnd || 0,
        field.selectionDirection || undefined]) : null;
    return { field, caret };
  };
  /** @param {Focus | null} focus */
  const giveFocusBack = (focus) => {
    const field = focus && /** @type {HTMLInputElement | null} */ (document.getElementById(focus.field.id));
    if (!focus || !field || field === focus.field || field.closest("[hidden]")) return;
    field.focus({ preventScroll: true });
    if (focus.caret) field.setSelectionRange(...focus.caret);
  };

  // The chosen game's parts, from its template; the seats keep what was typed and chosen,
  // and the field being typed in keeps the focus (the parts may arrive mid-word).
  const switchGame = async () => {
    await gameParts();
    const template = /** @type {HTMLTemplateElement | null} */ (
      document.getElementById(`setup-template-${variantSelect.value}`));
    if (!template || stopped) return; // Python took the form over meanwhile: it is Python's
    const focus = focusOf();
    const before = seatRows().map((row) => [rowFields(row).name.value, rowFields(row).kind.value]);
    const players = Number(playersSelect.value);
    for (const part of template.content.querySelectorAll("[data-part]")) {
      const target = document.getElementById(/** @type {HTMLElement} */ (part).dataset.part || "");
      if (target) target.innerHTML = part.innerHTML;
    }
    $("setup-seat-hint").hidden = !($("setup-seat-hint").textContent || "").trim();
    const range = Array.from(playersSelect.options).map((o) => Number(o.value));
    const count = Math.min(Math.max(players, Math.min(...range)), Math.max(...range));
    playersSelect.value = String(count);
    seatRows().forEach((row, i) => {
      if (i < before.length) {
        rowFields(row).name.value = before[i][0];
        rowFields(row).kind.value = before[i][1];
      }
    });
    showSeats(count);
    giveFocusBack(focus);
  };

  const setupForm = () => {
    showApp("setup");
    form.hidden = false;
    $("setup-seat-hint").hidden = !($("setup-seat-hint").textContent || "").trim();
    const waiting = ["setup-copy", "setup-open", "setup-practice", "setup-lab", "setup-bmn",
      "setup-lessons", "setup-learn", "setup-phones"];
    for (const id of waiting) {
      // (the link is Python's to write, a record Python's to read)
      const button = /** @type {HTMLButtonElement} */ ($(id));
      button.disabled = true;
      button.title = ratscrewI18n.t("Ready in a moment, once the game has loaded");
    }
    const start = $("setup-start");

    on(form, "change", (event) => {
      form.dataset.touched = "true";
      const target = /** @type {HTMLElement} */ (event.target);
      if (target.dataset.option) target.dataset.touched = "true";
      if (target === variantSelect) switchGame();
      else if (target === playersSelect) showSeats(Number(playersSelect.value));
    });
    on(form, "input", () => {
      form.dataset.touched = "true";
    });
    /** @param {"deal" | "demo"} what */
    const pend = (what) => {
      form.dataset.pending = what;
      start.textContent = ratscrewI18n.t("Dealing as soon as the game is ready…");
      start.setAttribute("aria-disabled", "true");
      $("boot-status").scrollIntoView({ block: "nearest" });
    };
    on(form, "submit", (event) => {
      event.preventDefault();
      pend("deal");
    });
    on($("setup-demo"), "click", () => pend("demo"));
    for (const type of ["pointerdown", "focus", "keydown"]) on(variantSelect, type, gameParts);
    body.dataset.setup = "live";
  };

  // web/boot/loader.js chose the first screen (<html data-start>) before the first frame; the
  // page is in its language first (web/boot/i18n.js: at once for English).
  const start = document.documentElement.dataset.start;
  ratscrewI18n.ready.then(() => {
    if (start === "table") skeletonTable(variantSelect);
    else if (start === "setup") setupForm();
  });
})();
