"""The statistics lab's charts: Observable Plot, loaded the first time the lab opens, and the
options of each chart.

Plot and d3 are self-hosted (``runtime/plot/``) and never loaded at start-up: :func:`load_plot`
inserts their scripts when the lab first opens. Each chart of each rule set is one Plot figure;
:class:`Charts` gives them shared scales, so that side by side the same height means the same
number.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import window

PLOT_SCRIPTS = ("runtime/plot/d3.min.js", "runtime/plot/plot.umd.min.js")
"""Loaded in this order (Plot's UMD build reads the global ``d3``) when the lab first opens."""
COLOURS = ("#f2c14e", "#7fb8f0")
"""Each rule set's colour, in the order of the sets (A, B)."""
PLOT_TITLES = {
    "cards": "Game length: cards played",
    "minutes": "Game length: minutes at the table",
    "wins": "Wins by seat",
    "slaps": "Right and wrong slaps a game",
    "piles": "How piles were won",
}

_LOADER = """(src) => {
  const loads = (window.ratscrewScripts = window.ratscrewScripts || {});
  return (loads[src] = loads[src] || new Promise((ok, fail) => {
    const s = document.createElement("script");
    s.src = src;
    s.onload = () => ok(true);
    s.onerror = () => { delete loads[src]; fail(new Error("cannot load " + src)); };
    document.head.appendChild(s);
  }));
}"""


def js_obj(value: Any) -> Any:
    """``value`` (dicts, lists, numbers, text, JS objects) as plain JavaScript objects."""
    return to_js(value, dict_converter=window.Object.fromEntries)


async def load_plot() -> Any:
    """Observable Plot (``window.Plot``), its scripts inserted the first time."""
    if getattr(window, "Plot", None) is not None:
        return window.Plot
    load = window.Function(f"return {_LOADER}")()
    for src in PLOT_SCRIPTS:
        await load(src)
    return window.Plot


class Charts:
    """Plot options for each chart of each rule set, on shared scales (side by side, the same
    height means the same number)."""

    def __init__(self, sets: list[dict[str, Any]], causes: list[dict[str, str]], width: int,
                 font: str) -> None:
        self.sets = sets
        self.causes = causes
        self.width = width
        self.font = font

    def base(self, height: int = 320) -> dict[str, Any]:
        return {"width": self.width, "height": height, "marginLeft": 72, "marginBottom": 56,
                "marginTop": 24, "marginRight": 20,
                "style": {"fontSize": self.font, "background": "transparent",
                          "color": "currentColor", "overflow": "visible"}}

    def options(self, plot: Any, key: str, index: int) -> dict[str, Any]:
        data = self.sets[index]
        colour = COLOURS[index]
        out = self.base()
        if key in ("cards", "minutes"):
            bins = [{"x1": lo, "x2": hi, "games": n} for lo, hi, n in data[key]["histogram"]]
            edges = [e for s in self.sets for lo, hi, _ in s[key]["histogram"] for e in (lo, hi)]
            top = max((n for s in self.sets for _, _, n in s[key]["histogram"]), default=1)
            out["x"] = {"label": "Cards played" if key == "cards" else "Minutes",
                        "domain": [min(edges, default=0), max(edges, default=1)]}
            out["y"] = {"label": "Games", "grid": True, "domain": [0, top]}
            out["marks"] = [
                plot.rectY(js_obj(bins), js_obj({"x1": "x1", "x2": "x2", "y": "games",
                                                 "fill": colour, "insetLeft": 1})),
                plot.ruleY(js_obj([0])),
            ]
        elif key == "wins":
            rows = [{"seat": f"P{seat + 1}", "games": wins}
                    for seat, wins in enumerate(data["wins"]["by_seat"])]
            extra = [("Loops", "loops"), ("Capped", "capped")]
            for title, field in extra:
                if any(s["wins"][field] for s in self.sets):
                    rows.append({"seat": title, "games": data["wins"][field]})
            top = max((r for s in self.sets for r in [*s["wins"]["by_seat"], s["wins"]["loops"],
                                                      s["wins"]["capped"]]), default=1)
            out["x"] = {"label": "Seat", "domain": [r["seat"] for r in rows]}
            out["y"] = {"label": "Games won", "grid": True, "domain": [0, max(top, 1)]}
            out["marks"] = [
                plot.barY(js_obj(rows), js_obj({"x": "seat", "y": "games", "fill": colour})),
                plot.ruleY(js_obj([0])),
            ]
        elif key == "slaps":
            rows = [{"kind": "Right", "n": data["slaps"]["right_per_game"]},
                    {"kind": "Wrong", "n": data["slaps"]["wrong_per_game"]}]
            top = max((s["slaps"][k] for s in self.sets
                       for k in ("right_per_game", "wrong_per_game")), default=1)
            out["x"] = {"label": "", "domain": ["Right", "Wrong"]}
            out["y"] = {"label": "Slaps a game", "grid": True, "domain": [0, max(top, 0.1)]}
            out["marks"] = [
                plot.barY(js_obj(rows), js_obj({"x": "kind", "y": "n", "fill": colour})),
                plot.ruleY(js_obj([0])),
            ]
        else:
            titles = [c["title"] for c in self.causes]
            shares = {c["title"]: round(c["share"] * 100, 1) for c in data["piles"]["causes"]}
            rows = [{"cause": t, "share": shares.get(t, 0.0)} for t in titles]
            top = max((c["share"] * 100 for s in self.sets for c in s["piles"]["causes"]),
                      default=1)
            out = self.base(height=max(160, 44 * len(titles) + 70))
            out["marginLeft"] = min(250, self.width // 2)
            out["x"] = {"label": "Share of piles (%)", "grid": True, "domain": [0, max(top, 1)]}
            out["y"] = {"label": "", "domain": titles}
            out["marks"] = [
                plot.barX(js_obj(rows), js_obj({"y": "cause", "x": "share", "fill": colour})),
                plot.ruleX(js_obj([0])),
            ]
        return out
