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
// stylesheet already shows that screen in its place: this script only fills it in.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const body = document.body;
  const app = $("app");
  const form = $("setup");
  const variantSelect = $("setup-variant");
  const playersSelect = $("setup-players");
  if (!app || !form || !variantSelect || !variantSelect.options.length) return; // unbuilt page
  if (body.dataset.ready) return; // Python was quicker

  const params = new URLSearchParams(location.search);
  const undo = []; // what stop() ends: this script's listeners and observer
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
  // A name's longest word in characters: pieces/seats.css sizes a phone's name by it (as
  // web/model/seating.py's longest_word).
  const longestWord = (text) => Math.max(1, ...text.split(/\s+/).map((word) => [...word].length));

  // The seats bots play, as web/model/links.py reads the link's bots= (1-based seat numbers, "all"
  // or "none"; anything else, or none given: every seat but the first).
  const botSeats = (players) => {
    const seats = Array.from({ length: players }, (_, i) => i);
    const text = (params.get("bots") || "").trim().toLowerCase();
    if (text === "all") return new Set(seats);
    if (text === "none") return new Set();
    const numbers = text.split(",").filter((part) => part.trim()).map((part) => Number(part));
    if (numbers.length && numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= players)) {
      return new Set(numbers.map((n) => n - 1));
    }
    return new Set(seats.slice(1));
  };

  // The seats' levels, as web/model/links.py reads difficulty=: one for every bot, or one a bot in
  // seat order, each a level the setup's seat menus offer (anything else: normal, the
  // template's).
  const botLevels = (bots) => {
    const levels = (params.get("difficulty") || "").split(",").map((l) => l.trim().toLowerCase());
    const known = new Set(Array.from($("seat-kind-0").options, (o) => o.value));
    const order = Array.from(bots).sort((a, b) => a - b);
    const levelOf = new Map();
    const fits = levels.length === 1 || levels.length === order.length;
    if (fits && levels.every((level) => level !== "human" && known.has(level))) {
      order.forEach((seat, i) => levelOf.set(seat, levels.length === 1 ? levels[0] : levels[i]));
    }
    return levelOf;
  };

  // A person's buttons as web/table/pieces/seats.py draws them, unusable until the deal.
  const touchButton = (action, label, key) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `touch-${action}`;
    button.disabled = true;
    const text = document.createElement("span");
    text.textContent = label;
    const kbd = document.createElement("kbd");
    kbd.textContent = key;
    button.append(text, kbd);
    return button;
  };

  // The centre row's size, which its cards scale to, kept in --box-w and --box-h as web/shell/app.py
  // keeps it once Python is there (App.watch_size): written at once (an observer's first
  // report may come after the first frame), then by an observer until stop().
  const keepCentreSize = () => {
    const centre = document.querySelector(".centre-row");
    const size = (width, height) => {
      for (const [name, value] of [["--box-w", width], ["--box-h", height]]) {
        const text = `${value.toFixed(1)}px`;
        if (centre.style.getPropertyValue(name) !== text) centre.style.setProperty(name, text);
      }
    };
    const style = getComputedStyle(centre);
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

  const skeletonTable = () => {
    const template = $("seat-skeleton");
    const wanted = (params.get("variant") || "").trim().toLowerCase().replace(/[ _]/g, "-");
    const match = Array.from(variantSelect.options).find((o) => o.value === wanted
      || (o.dataset.aliases || "").split(" ").includes(wanted)) || variantSelect.options[0];
    const asked = Number.parseInt(params.get("players") || "", 10);
    const players = Number.isFinite(asked)
      ? Math.min(Math.max(asked, Number(match.dataset.min)), Number(match.dataset.max))
      : Number(match.dataset.players);
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
    $("bar-seed").textContent = (params.get("seed") || "").trim() || "…";
    for (const id of ["bar-game", "speed-label", "pause", "sound", "table-copy"]) $(id).hidden = false;
    $("felt").dataset.players = String(players);
    $("felt").dataset.variant = match.value;
    earlyBoxes(data("boxes", "{}")[match.value] || []);

    // Each seat as web/table/pieces/seats.py draws it: its name (as web/model/links.py reads
    // names=, split at commas), its stack as dealt, and a bot's tag and level or a person's
    // buttons and keys.
    const defaults = data("names", "[]");
    const names = (params.get("names") || "").split(",").map((n) => n.trim().slice(0, 24));
    const depths = (data("depths", "{}")[match.value] || {})[String(players)] || [];
    const actions = data("actions", "{}")[match.value] || [];
    const labels = data("labels", "{}");
    const keys = data("keys", "[]");
    const humanOrder = Number(template.dataset.humanOrder);
    const bots = botSeats(players);
    const levels = botLevels(bots);
    for (const [region, seats] of Object.entries(layout)) {
      const box = document.querySelector(`#seats [data-region='${region}']`);
      for (const seat of seats) {
        const node = template.content.firstElementChild.cloneNode(true);
        node.dataset.region = region;
        node.querySelector(".seat-number").textContent = String(seat + 1);
        const name = node.querySelector(".seat-name");
        name.textContent = names[seat] || defaults[seat] || "";
        name.style.setProperty("--word", String(longestWord(name.textContent)));
        node.querySelector(".stack").style.setProperty("--depth", String(depths[seat] || 0));
        const zone = node.querySelector(".touch");
        if (bots.has(seat)) {
          zone.remove();
          node.querySelector(".seat-status").textContent = ""; // a bot's line: its tag alone
          if (levels.has(seat)) node.querySelector(".seat-skill").textContent = ` · ${levels.get(seat)}`;
          node.style.setProperty("--order", String(seat));
        } else {
          node.classList.add("human");
          node.querySelector(".seat-tag").remove();
          node.style.setProperty("--order", String(humanOrder + seat));
          zone.classList.add(`touch-${actions.length}`);
          for (const action of actions) {
            zone.appendChild(touchButton(action, labels[action] || action, (keys[seat] || {})[action] || ""));
          }
        }
        box.appendChild(node);
      }
    }
    $("explain").textContent = "Dealing as soon as the game is ready…";
    keepCentreSize();
  };

  // ------------------------------------------------------------------ the setup form
  // Every row of the seat list, the hidden ones (past the number of players) too.
  const seatRows = () => Array.from($("setup-seat-list").querySelectorAll(".seat-row"));

  const showSeats = (count) => {
    seatRows().forEach((row, i) => {
      row.hidden = i >= count;
    });
  };

  // Each game's parts of the form (written by the build, 116 KB), fetched when someone
  // reaches for the game menu (a pointer or the keyboard on it), not on every start: most
  // people never change the game before Python is ready, and the runtime needs the bytes.
  let parts = null;
  const gameParts = () => {
    if (!parts) {
      parts = fetch("web/setup-parts.html").then((r) => (r.ok ? r.text() : ""))
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
  const focusOf = () => {
    const field = document.activeElement;
    if (!field || !field.id || !form.contains(field)) return null;
    const caret = typeof field.selectionStart === "number"
      ? [field.selectionStart, field.selectionEnd, field.selectionDirection] : null;
    return { field, caret };
  };
  const giveFocusBack = (focus) => {
    const field = focus && $(focus.field.id);
    if (!field || field === focus.field || field.closest("[hidden]")) return;
    field.focus({ preventScroll: true });
    if (focus.caret) field.setSelectionRange(...focus.caret);
  };

  // The chosen game's parts, from its template; the seats keep what was typed and chosen,
  // and the field being typed in keeps the focus (the parts may arrive mid-word).
  const switchGame = async () => {
    await gameParts();
    const template = $(`setup-template-${variantSelect.value}`);
    if (!template || stopped) return; // Python took the form over meanwhile: it is Python's
    const focus = focusOf();
    const before = seatRows().map((row) => [
      row.querySelector(".seat-row-name").value,
      row.querySelector(".seat-row-kind").value,
    ]);
    const players = Number(playersSelect.value);
    for (const part of template.content.querySelectorAll("[data-part]")) {
      const target = $(part.dataset.part);
      if (target) target.innerHTML = part.innerHTML;
    }
    $("setup-seat-hint").hidden = !$("setup-seat-hint").textContent.trim();
    const range = Array.from(playersSelect.options).map((o) => Number(o.value));
    const count = Math.min(Math.max(players, Math.min(...range)), Math.max(...range));
    playersSelect.value = String(count);
    seatRows().forEach((row, i) => {
      if (i < before.length) {
        row.querySelector(".seat-row-name").value = before[i][0];
        row.querySelector(".seat-row-kind").value = before[i][1];
      }
    });
    showSeats(count);
    giveFocusBack(focus);
  };

  const setupForm = () => {
    showApp("setup");
    form.hidden = false;
    $("setup-seat-hint").hidden = !$("setup-seat-hint").textContent.trim();
    const waiting = ["setup-copy", "setup-open", "setup-practice", "setup-lab", "setup-bmn",
      "setup-phones"];
    for (const id of waiting) {
      const button = $(id); // the link is Python's to write, a record Python's to read
      button.disabled = true;
      button.title = "Ready in a moment, once the game has loaded";
    }
    const start = $("setup-start");

    on(form, "change", (event) => {
      form.dataset.touched = "true";
      const target = event.target;
      if (target.dataset.option) target.dataset.touched = "true";
      if (target === variantSelect) switchGame();
      else if (target === playersSelect) showSeats(Number(playersSelect.value));
    });
    on(form, "input", () => {
      form.dataset.touched = "true";
    });
    const pend = (what) => {
      form.dataset.pending = what;
      start.textContent = "Dealing as soon as the game is ready…";
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

  // web/boot/loader.js chose the first screen (<html data-start>) before the first frame.
  const start = document.documentElement.dataset.start;
  if (start === "table") skeletonTable();
  else if (start === "setup") setupForm();
})();
