"""How long the headline's lines stay, measured in a real (headless) Chromium.

The headline shows the last notable event for at least 2 s at 1x and 1 s at 4x and faster,
unless a newer notable event (of the same or a higher rank: web/model/headline.py's RANKS) replaces
it; flips and ignored actions never reach it. An all-bot game of 8 plays while a
MutationObserver in the page notes every change of ``#explain`` with the moment the page showed
it (its ``data-since``, the page's own ``performance.now()`` reading: an observer's own reading
comes once the drawing is done, later by as much as a slow machine takes to draw).

The same run samples the seats: exactly the seat whose turn it is (class ``to-act``) carries
``aria-current="true"``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from e2e_table import open_table
from playwright.sync_api import Page

from web.model.headline import RANKS, hold_ms

# Tables are dealt in one page (tests/e2e/shared_page.py).
pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("clean_page"), pytest.mark.shared_page]

MIN_CHANGES = 3
"""Headlines enough to judge: the watch goes on past its time until the headline has changed
this often (for at most :data:`MOST_MS`)."""
MOST_MS = 60_000

RECORD = """
([windowMs, minChanges, mostMs]) => new Promise((resolve) => {
  const node = document.getElementById('explain');
  const line = () => ({text: node.textContent, kind: node.dataset.kind || '',
                       t: Number(node.dataset.since)});
  const lines = [line()];
  const start = performance.now();
  const seats = [];
  const observer = new MutationObserver((records) => {
    if (records.some((r) => r.type === 'childList' || r.type === 'characterData')) {
      lines.push(line());
    }
  });
  observer.observe(node, {childList: true, characterData: true, subtree: true});
  const sample = setInterval(() => {
    const current = [...document.querySelectorAll('[data-seat][aria-current]')]
      .map((s) => [s.dataset.seat, s.getAttribute('aria-current')]);
    const toAct = [...document.querySelectorAll('[data-seat].to-act')]
      .map((s) => s.dataset.seat);
    seats.push({current, toAct});
  }, 97);
  const end = setInterval(() => {
    const spent = performance.now() - start;
    if (spent < mostMs && (spent < windowMs || lines.length <= minChanges)) return;
    observer.disconnect();
    clearInterval(sample);
    clearInterval(end);
    resolve({lines, seats});
  }, 100);
})
"""


def watch(page: Page, open_site: Callable[..., str], speed: str, window_ms: int
          ) -> dict[str, Any]:
    open_table(open_site, page, {"variant": "classic", "players": 8, "bots": "all",
                                 "seed": 5, "difficulty": "hard", "speed": speed,
                                 "autostart": 1})
    seen: dict[str, Any] = page.evaluate(RECORD, [window_ms, MIN_CHANGES, MOST_MS])
    return seen


def check_lines(lines: list[dict[str, Any]], hold: float) -> None:
    shown = "\n".join(f"{x['t']:9.0f} {x['kind']:>14} {x['text']}" for x in lines)
    for line in lines:
        # Only notable events: never a flip, never an ignored action.
        assert line["kind"] in RANKS, f"not a notable line: {line}\n{shown}"
        assert "is ignored" not in line["text"], shown
    changes = lines[1:]  # the first was on show before the watch began: its start is unknown
    assert len(changes) >= 2, f"too few headlines to judge:\n{shown}"
    for before, after in pairwise(changes):
        stayed = after["t"] - before["t"]
        if stayed < hold:
            assert RANKS[after["kind"]] >= RANKS[before["kind"]], (
                f"{before['text']!r} ({before['kind']}) stayed {stayed:.0f} ms (< {hold:.0f}) "
                f"and was replaced by a lower rank: {after['text']!r} ({after['kind']})\n{shown}"
            )


def check_turn(seats: list[dict[str, Any]]) -> None:
    assert seats
    for sample in seats:
        current = sample["current"]
        assert all(value == "true" for _, value in current), sample
        assert [seat for seat, _ in current] == sample["toAct"], sample
        assert len(current) <= 1, sample


def test_notable_lines_stay_two_seconds_at_1x(page: Page, open_site: Callable[..., str]) -> None:
    seen = watch(page, open_site, "1", 15_000)
    check_lines(seen["lines"], hold_ms(1.0))
    check_turn(seen["seats"])
    assert any(s["current"] for s in seen["seats"]), "no seat was ever aria-current"


def test_notable_lines_stay_one_second_at_4x(page: Page, open_site: Callable[..., str]) -> None:
    seen = watch(page, open_site, "4", 10_000)
    check_lines(seen["lines"], hold_ms(4.0))
    check_turn(seen["seats"])
