// The setup screen before Python is ready.
//
// scripts/build writes the setup form into index.html, filled in (web/setup_html.py: the same
// markup web/app.py draws), with one <template> per game holding that game's parts. While the
// runtime downloads, this script shows the form and keeps it working: choosing a game puts in
// its parts (the seats keep their names and players), the number of players shows as many
// seat rows, and Deal or All-bot demo are remembered. Nothing here knows a rule: the parts
// come from the engine's own data. When Python is ready, web/app.py calls
// ratscrewEarly.stop() and takes the form over as it stands (data-touched says what someone
// changed; data-pending that Deal was pressed, and it deals at once).
//
// A link with autostart=1 shows the table's seats at once instead (a seat skeleton per
// player, named from the link). Any other link waits for Python, which reads it.
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
  const listeners = [];
  const on = (target, type, handler) => {
    target.addEventListener(type, handler);
    listeners.push([target, type, handler]);
  };
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const [target, type, handler] of listeners) target.removeEventListener(type, handler);
    listeners.length = 0;
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
  const skeletonTable = () => {
    const template = $("seat-skeleton");
    if (!template) return;
    const wanted = (params.get("variant") || "").trim().toLowerCase().replace(/[ _]/g, "-");
    const match = Array.from(variantSelect.options).find((o) => o.value === wanted
      || (o.dataset.aliases || "").split(" ").includes(wanted)) || variantSelect.options[0];
    const asked = Number.parseInt(params.get("players") || "", 10);
    const players = Number.isFinite(asked)
      ? Math.min(Math.max(asked, Number(match.dataset.min)), Number(match.dataset.max))
      : Number(match.dataset.players);
    const layouts = JSON.parse(template.dataset.layouts || "{}");
    const defaults = JSON.parse(template.dataset.names || "[]");
    // Names as web/links.py reads them: the decoded value, split at commas.
    const names = (params.get("names") || "").split(",").map((n) => n.trim().slice(0, 24));
    const layout = layouts[String(players)];
    if (!layout) return;
    showApp("table");
    form.hidden = true;
    $("table").hidden = false;
    $("felt").dataset.players = String(players);
    for (const [region, seats] of Object.entries(layout)) {
      const box = document.querySelector(`#seats [data-region='${region}']`);
      for (const seat of seats) {
        const node = template.content.firstElementChild.cloneNode(true);
        node.dataset.region = region;
        node.querySelector(".seat-number").textContent = String(seat + 1);
        node.querySelector(".seat-name").textContent = names[seat] || defaults[seat] || "";
        box.appendChild(node);
      }
    }
    $("explain").textContent = "Dealing as soon as the game is ready…";
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

  // The chosen game's parts, from its template; the seats keep what was typed and chosen.
  const switchGame = async () => {
    await gameParts();
    const template = $(`setup-template-${variantSelect.value}`);
    if (!template || stopped) return; // Python took the form over meanwhile: it is Python's
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
  };

  const setupForm = () => {
    showApp("setup");
    form.hidden = false;
    $("setup-seat-hint").hidden = !$("setup-seat-hint").textContent.trim();
    const waiting = ["setup-copy", "setup-open", "setup-practice", "setup-lab", "setup-bmn"];
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

  if (params.get("autostart") === "1") skeletonTable();
  else if (!location.search.replace(/^\?/, "")) setupForm();
})();
