"""A variant is its engine module and its web part's folder: Snap, a toy variant kept in
tests/fixtures/snap/ (its engine module, its web part's Python and styles, nothing else),
laid over the source tree by ``scripts/build --overlay`` into a site of its own, shows its
house rule on the setup form, deals, shouts its own event in the headline, draws its own box
beside the pile with its own styles, and plays to a winner."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))

from browser_tools import serving  # noqa: E402

OVERLAY = ROOT / "tests" / "fixtures" / "snap"
BOOT_TIMEOUT_MS = 60_000
GAME_TIMEOUT_MS = 120_000


def test_the_toy_variant_is_its_engine_module_and_its_web_part() -> None:
    files = sorted(p.relative_to(OVERLAY).as_posix() for p in OVERLAY.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)
    assert files == ["ratscrew/variants/snap.lesson.toml", "ratscrew/variants/snap.py",
                     "web/table/parts/snap/__init__.py", "web/table/parts/snap/snap.css"]
    for name in files:
        assert not (ROOT / name).exists(), f"{name} is the toy's own, not the project's"


@pytest.fixture(scope="module")
def snap_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built with the toy variant laid over the sources, served under a sub-path."""
    site = tmp_path_factory.mktemp("snap") / "site"
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build"), "--no-install",
         "--overlay", str(OVERLAY), "--site", str(site)],
        cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        pytest.fail(f"the build with the toy variant failed:\n{result.stdout}\n{result.stderr}",
                    pytrace=False)
    root = site.parent / "pages"
    root.mkdir()
    (root / "snap").symlink_to(site, target_is_directory=True)
    with serving(root) as base:
        yield base + "snap/"


def test_snap_is_dealt_and_played_to_a_winner(page: Page, snap_site: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(snap_site)
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=BOOT_TIMEOUT_MS)

    # The setup form offers the game and, when it is chosen, its own house rule.
    page.select_option("#setup-variant", "snap")
    expect(page.locator("#rule-snap_word")).to_be_attached()
    expect(page.locator("#setup-rules-body")).to_contain_text("Shout on a snap")

    # A table of two bots, dealt at once from a link, with the rule changed.
    page.goto(snap_site + "?variant=snap&players=2&bots=all&seed=3&speed=8"
              "&options=snap_word:Pair!&autostart=1")
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    count = page.locator("#snap-count")
    expect(count).to_be_visible()
    expect(count).to_have_attribute("data-zone", "snap-count")
    # Its own styles reached the page: the part's rule is in the stylesheet.
    assert page.evaluate("getComputedStyle(document.getElementById('snap-count')).fontWeight") \
        == "700"

    # Its own event is notable: the headline shouts the house rule's word.
    page.wait_for_function(
        "document.getElementById('explain').dataset.kind === 'snap'", timeout=GAME_TIMEOUT_MS)
    expect(page.locator("#explain")).to_contain_text("Pair!")
    # The rest of the game at once, as the table's speed menu plays it.
    page.select_option("#speed", "instant")
    page.wait_for_selector("body[data-winner]", state="attached", timeout=GAME_TIMEOUT_MS)
    snaps = int(count.get_attribute("data-snaps") or "0")
    assert snaps > 0
    expect(count).to_have_text(f"Snaps: {snaps}")
    assert errors == []
