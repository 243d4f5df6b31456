// Loading screen for Ratscrew: runs before PyScript, shows progress while Pyodide starts,
// and turns any start-up failure into a short, readable message.
//
// Python talks to it through window.ratscrewBoot:
//   ratscrewBoot.step(name)     mark a step of <ol class="boot-steps"> as the current one
//   ratscrewBoot.ready(detail)  all done: shows "Ready", sets <body data-ready="true">
//   ratscrewBoot.fail(message)  show the error panel (message: one line, no traceback)
//   ratscrewBoot.hide()         hide the loading screen (for the game UI, once it is drawn)
"use strict";

(() => {
  const TIMEOUT_MS = 120000; // give up: something hangs
  const SLOW_MS = 15000; // say that the first visit downloads a lot

  const body = document.body;
  const boot = document.getElementById("boot");
  const statusLine = document.getElementById("boot-status");
  const detailLine = document.getElementById("boot-detail");
  const bar = document.getElementById("boot-bar");
  const hint = document.getElementById("boot-hint");
  const errorBox = document.getElementById("boot-error");
  const errorMessage = document.getElementById("boot-error-message");
  const steps = Array.from(document.querySelectorAll(".boot-steps [data-step]"));
  const names = steps.map((li) => li.dataset.step);

  let finished = false;
  const started = performance.now();

  const setProgress = (fraction) => {
    const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
    bar.style.setProperty("--progress", `${percent}%`);
    bar.setAttribute("aria-valuenow", String(percent));
  };

  // Everything before `name` is done, `name` is under way.
  const step = (name, label) => {
    if (finished) return;
    const current = names.indexOf(name);
    if (current < 0) return;
    steps.forEach((li, i) => {
      li.dataset.state = i < current ? "done" : i === current ? "active" : "pending";
    });
    // Half a step for the one under way, so the bar moves when a step starts.
    setProgress((current + 0.5) / steps.length);
    statusLine.textContent = label || `${steps[current].firstChild.textContent.trim()}…`;
  };

  const ready = (detail) => {
    if (finished) return;
    finished = true;
    steps.forEach((li) => {
      li.dataset.state = "done";
    });
    setProgress(1);
    statusLine.textContent = "Ready";
    if (detail) {
      detailLine.textContent = String(detail);
      detailLine.hidden = false;
    }
    hint.hidden = true;
    boot.setAttribute("aria-busy", "false");
    body.dataset.ready = "true";
    console.info(`[ratscrew] ready in ${Math.round(performance.now() - started)} ms`);
    dispatchEvent(new CustomEvent("ratscrew:ready", { detail }));
  };

  // Offline: the service worker (sw.js, next to index.html) caches the whole site on the
  // first visit; later visits start from that cache. Registered once the page has loaded, so
  // it never competes with the first start's downloads.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    addEventListener("load", () => {
      navigator.serviceWorker.register("sw.js").catch((error) => {
        console.warn("[ratscrew] offline cache unavailable", error);
      });
    });
  }

  // The error panel's way out: forget what this site saved (a setting that stops Python
  // from starting would stop it again at every reload) and open the page without the link's
  // settings.
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
      location.replace(location.pathname);
    });
  }

  const fail = (message) => {
    if (finished) return;
    finished = true;
    steps.forEach((li) => {
      if (li.dataset.state === "active") li.dataset.state = "failed";
    });
    statusLine.textContent = "Could not start";
    errorMessage.textContent = String(message || "Python did not start.");
    errorBox.hidden = false;
    hint.hidden = true;
    boot.setAttribute("aria-busy", "false");
    body.dataset.ready = "false";
    dispatchEvent(new CustomEvent("ratscrew:failed", { detail: String(message) }));
  };

  const hide = () => {
    boot.hidden = true;
  };

  window.ratscrewBoot = { step, ready, fail, hide };

  // While Python loads, show the rules of the variant the link asks for (?variant=bmn).
  const wanted = (new URLSearchParams(location.search).get("variant") || "")
    .trim().toLowerCase().replace(/[ _]/g, "-");
  const articles = Array.from(document.querySelectorAll(".howto [data-variant]"));
  const match = articles.find((a) =>
    a.dataset.variant === wanted || (a.dataset.aliases || "").split(" ").includes(wanted));
  if (match) {
    articles.forEach((a) => {
      a.hidden = a !== match;
    });
  }

  // ---------------------------------------------------------------- progress from PyScript
  // PyScript (polyscript) reports its progress as "py:progress" events on window.
  const PROGRESS = {
    "Loading Pyodide": ["runtime", "Loading Python…"],
    "Loading files": ["engine", "Loading the game engine…"],
    "Loaded Pyodide": ["start", "Starting the game…"],
  };
  addEventListener("py:progress", (event) => {
    const entry = PROGRESS[event.detail];
    if (entry) step(entry[0], entry[1]);
  });

  // ---------------------------------------------------------------- failures
  if (typeof WebAssembly !== "object") {
    fail("This browser cannot run WebAssembly, which Ratscrew needs to run Python.");
    return;
  }

  // A file that did not load (capture phase: resource errors do not bubble).
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target && target !== window && (target.src || target.href)) {
        const url = target.src || target.href;
        const name = url.split("/").pop() || url;
        fail(`A file of the game did not load (${name}). Check your connection.`);
      } else if (event.message) {
        fail(`Start-up error: ${event.message}`);
      }
    },
    true,
  );

  // A file fetched by script (Pyodide's .wasm, the stdlib, our .py files) that came back with
  // an HTTP error: Pyodide may wait forever after that, so give up at once.
  if (typeof PerformanceObserver === "function") {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.responseStatus >= 400 && entry.name.startsWith(location.origin)) {
            const name = entry.name.split("?")[0].split("/").pop();
            fail(`A file of the game did not load (${name}, HTTP ${entry.responseStatus}).`);
          }
        }
      }).observe({ type: "resource", buffered: true });
    } catch (_) {
      // Older browsers: the timeout below still catches a hang.
    }
  }

  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    const text = reason && reason.message ? reason.message : String(reason);
    // First line only: a Python error arrives with its whole traceback.
    fail(`Python could not start: ${text.trim().split("\n").pop()}`);
  });

  // The Python script finished without calling ready() or fail(): it must have crashed
  // (PyScript writes the traceback to the console).
  addEventListener("py:done", () => {
    if (!finished) {
      fail("The game's Python code stopped with an error (details in the browser console).");
    }
  });

  // ---------------------------------------------------------------- patience
  step("runtime", "Loading Python…");
  setTimeout(() => {
    if (!finished) {
      hint.textContent =
        "Still loading: the first visit downloads the Python runtime, later visits are faster.";
      hint.hidden = false;
    }
  }, SLOW_MS);
  setTimeout(() => {
    fail(`Loading took more than ${TIMEOUT_MS / 1000} seconds. Reload the page to try again.`);
  }, TIMEOUT_MS);
})();
