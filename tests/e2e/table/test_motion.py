"""How the table moves, in Chromium: cards travel at the slower speeds; at 4x and faster only
fades (nothing travels, shakes or tumbles: opacity and colours change, no position or size);
with reduced motion nothing runs longer than a fade. Every animation on the table is watched
frame by frame for a few seconds of play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from e2e_table import open_table
from playwright.sync_api import Page

# Tables are dealt in one page (tests/e2e/shared_page.py), but with its motion reduced.
pytestmark = [pytest.mark.e2e, pytest.mark.shared_page]

WATCH_MS = 4000
FADE_MS = 200
"""The longest a fade may take."""

WATCH = """(ms) => new Promise((done) => {
  const felt = document.getElementById('felt');
  const props = new Set();
  let count = 0, longest = 0;
  const end = performance.now() + ms;
  const look = () => {
    for (const animation of document.getAnimations()) {
      const target = animation.effect && animation.effect.target;
      if (!target || !felt.contains(target)) continue;
      count += 1;
      longest = Math.max(longest, animation.effect.getComputedTiming().activeDuration);
      for (const frame of animation.effect.getKeyframes()) {
        for (const key of Object.keys(frame)) {
          if (!['offset', 'computedOffset', 'easing', 'composite'].includes(key)) props.add(key);
        }
      }
    }
    if (performance.now() < end) requestAnimationFrame(look);
    else done({count, longest, props: [...props].sort()});
  };
  look();
})"""

MOVING = frozenset({"transform", "translate", "rotate", "scale", "left", "top", "right",
                    "bottom", "width", "height", "marginLeft", "marginTop"})
"""The properties whose animation moves something (colours and opacity fade)."""

DICE_TABLE = {"variant": "slap-like-an-egyptian", "players": 4, "bots": "all", "seed": 12,
              "options": "slap_a_roonie:true", "autostart": 1}


def watch(page: Page) -> dict[str, Any]:
    """What the table's animations changed (CSS properties), how many ran, the longest."""
    return dict(page.evaluate(WATCH, WATCH_MS))


def test_at_1x_the_cards_travel(page: Page, open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {**DICE_TABLE, "speed": "1"})
    seen = watch(page)
    assert seen["count"] > 0
    assert MOVING & set(seen["props"]), seen


@pytest.mark.parametrize("speed", ["4", "8"])
def test_at_4x_and_faster_only_fades(page: Page, open_site: Callable[..., str],
                                     speed: str) -> None:
    open_table(open_site, page, {**DICE_TABLE, "speed": speed})
    seen = watch(page)
    assert seen["count"] > 0, "nothing was animated at all"
    assert "opacity" in seen["props"], seen
    assert not set(seen["props"]) & MOVING, seen  # colours may change, nothing moves


@pytest.mark.shared_page(False)
def test_with_reduced_motion_nothing_runs_longer_than_a_fade(
        page: Page, open_site: Callable[..., str]) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_table(open_site, page, {**DICE_TABLE, "speed": "1"})
    seen = watch(page)
    assert seen["longest"] <= FADE_MS, seen
