"""The statistics lab's charts: Observable Plot, loaded the first time the lab opens, and the
options of each chart.

Plot and d3 are self-hosted (``runtime/plot/``) and never loaded at start-up: :func:`load_plot`
inserts their scripts when the lab first opens. Each chart of each rule set is one Plot figure;
:class:`Charts` gives them shared scales, so that side by side the same height means the same
number.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from ratscrew.i18n import N_, t, tc
from web.dom import js_object

PLOT_SCRIPTS = ("runtime/plot/d3.min.js", "runtime/plot/plot.umd.min.js")
"""Loaded in this order (Plot's UMD build reads the global ``d3``) when the lab first opens."""
COLOURS = ("#f2c14e", "#7fb8f0")
"""Each rule set's colour, in the order of the sets (A, B)."""
PLOT_TITLES = {
    "cards": N_("Game length: cards played"),
    "minutes": N_("Game length: minutes at the table"),
    "wins": N_("Wins by seat"),
    "slaps": N_("Right and wrong slaps a game"),
    "piles": N_("How piles were won"),
}
"""Each chart's heading (message ids: ``t(title)``)."""
PLOT_NAMES = {
    # i18n: A chart's name inside a sentence, after a rule set's name ("Rule set A: wins by
    # seat"): as its heading, in the case a sentence's middle takes.
    "cards": N_("game length: cards played"),
    "minutes": N_("game length: minutes at the table"),
    "wins": N_("wins by seat"),
    "slaps": N_("right and wrong slaps a game"),
    "piles": N_("how piles were won"),
}
"""Each chart's name for a screen reader, inside a sentence (message ids)."""

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


async def load_plot() -> Any:
    """Observable Plot (``window.Plot``), its scripts inserted the first time."""
    if getattr(window, "Plot", None) is not None:
        return window.Plot
    load = window.Function(f"return {_LOADER}")()
    for src in PLOT_SCRIPTS:
        await load(src)
    return window.Plot


CHAR_EM = 0.6
"""About how wide a character of a chart's text is, in ems (a digit, a capital)."""


class Charts:
    """Plot options for each chart of each rule set, on shared scales (side by side, the same
    height means the same number).

    ``width`` is the width the chart is drawn at (the figure's, so that it is not scaled) and
    ``font`` its text size in px (the lab table's): the margins, the height and the number of
    ticks follow the text, so that larger text (a projector) still has room and its tick
    labels do not overlap."""

    def __init__(self, sets: list[dict[str, Any]], causes: list[dict[str, str]], width: int,
                 font: float) -> None:
        self.sets = sets
        self.causes = causes
        self.width = width
        self.font = font

    @property
    def height(self) -> int:
        return round(min(max(260.0, 14 * self.font), 0.8 * self.width))

    def base(self, height: int | None = None) -> dict[str, Any]:
        f = self.font
        return {"width": self.width, "height": height or self.height,
                "marginLeft": round(4 * CHAR_EM * f + 12), "marginBottom": round(2.7 * f + 8),
                "marginTop": round(1.7 * f + 6), "marginRight": round(2 * CHAR_EM * f + 4),
                "style": {"fontSize": f"{f:.1f}px", "background": "transparent",
                          "color": "currentColor", "overflow": "visible"}}

    def ticks(self, length: float, chars: int = 0) -> int:
        """How many tick labels fit along ``length`` px: across, labels of up to ``chars``
        characters with two characters' room between them; up (``chars`` 0), lines of text
        with more than a line's room between them."""
        room = (chars + 2) * CHAR_EM if chars else 2.4
        return max(2, int(length // (room * self.font)))

    def options(self, plot: Any, key: str, index: int) -> dict[str, Any]:
        data = self.sets[index]
        colour = COLOURS[index]
        out = self.base()
        across = self.width - out["marginLeft"] - out["marginRight"]
        up = self.ticks(out["height"] - out["marginTop"] - out["marginBottom"])
        if key in ("cards", "minutes"):
            bins = [{"x1": lo, "x2": hi, "games": n} for lo, hi, n in data[key]["histogram"]]
            edges = [e for s in self.sets for lo, hi, _ in s[key]["histogram"] for e in (lo, hi)]
            top = max((n for s in self.sets for _, _, n in s[key]["histogram"]), default=1)
            out["x"] = {"label": t("Cards played") if key == "cards" else t("Minutes"),
                        "domain": [min(edges, default=0), max(edges, default=1)],
                        "ticks": self.ticks(across, 5)}
            out["y"] = {"label": t("Games"), "grid": True, "domain": [0, top], "ticks": up}
            out["marks"] = [
                plot.rectY(js_object(bins), js_object({"x1": "x1", "x2": "x2", "y": "games",
                                                 "fill": colour, "insetLeft": 1})),
                plot.ruleY(js_object([0])),
            ]
        elif key == "wins":
            # i18n: A seat on a chart's axis: P1 for player 1.
            rows = [{"seat": t("P{number}", number=seat + 1), "games": wins}
                    for seat, wins in enumerate(data["wins"]["by_seat"])]
            extra = [(t("Loops"), "loops"), (t("Capped"), "capped")]
            for title, field in extra:
                if any(s["wins"][field] for s in self.sets):
                    rows.append({"seat": title, "games": data["wins"][field]})
            top = max((r for s in self.sets for r in [*s["wins"]["by_seat"], s["wins"]["loops"],
                                                      s["wins"]["capped"]]), default=1)
            out["x"] = {"label": t("Seat"), "domain": [r["seat"] for r in rows]}
            out["y"] = {"label": t("Games won"), "grid": True, "domain": [0, max(top, 1)],
                        "ticks": up}
            out["marks"] = [
                plot.barY(js_object(rows), js_object({"x": "seat", "y": "games", "fill": colour})),
                plot.ruleY(js_object([0])),
            ]
        elif key == "slaps":
            right, wrong = tc("slaps", "Right"), tc("slaps", "Wrong")
            rows = [{"kind": right, "n": data["slaps"]["right_per_game"]},
                    {"kind": wrong, "n": data["slaps"]["wrong_per_game"]}]
            top = max((s["slaps"][k] for s in self.sets
                       for k in ("right_per_game", "wrong_per_game")), default=1)
            out["x"] = {"label": "", "domain": [right, wrong]}
            out["y"] = {"label": t("Slaps a game"), "grid": True, "domain": [0, max(top, 0.1)],
                        "ticks": up}
            out["marks"] = [
                plot.barY(js_object(rows), js_object({"x": "kind", "y": "n", "fill": colour})),
                plot.ruleY(js_object([0])),
            ]
        else:
            out.update(self._piles(plot, data, colour))
        return out

    def _piles(self, plot: Any, data: dict[str, Any], colour: str) -> dict[str, Any]:
        """How piles were won: a bar a cause, the causes' names on the left, wrapped onto a
        second line when the chart is narrow."""
        f = self.font
        titles = [c["title"] for c in self.causes]
        shares = {c["title"]: round(c["share"] * 100, 1) for c in data["piles"]["causes"]}
        rows = [{"cause": title, "share": shares.get(title, 0.0)} for title in titles]
        top = max((c["share"] * 100 for s in self.sets for c in s["piles"]["causes"]),
                  default=1)
        longest = max((len(title) for title in titles), default=1)
        left = round(min(longest * CHAR_EM * f + f, 0.45 * self.width))
        base = self.base()
        height = base["marginTop"] + base["marginBottom"] + round(2.6 * f * max(1, len(titles)))
        across = self.width - left - base["marginRight"]
        return {
            "height": height,
            "marginLeft": left,
            "x": {"label": t("Share of piles (%)"), "grid": True, "domain": [0, max(top, 1)],
                  "ticks": self.ticks(across, 3)},
            "y": {"label": "", "domain": titles},
            "marks": [
                plot.axisY(js_object({"lineWidth": (left - f) / f, "label": ""})),
                plot.barX(js_object(rows), js_object({"y": "cause", "x": "share", "fill": colour})),
                plot.ruleX(js_object([0])),
            ],
        }
