"""The table's layout on the projector display (Settings > Projector): the desktop and tablet
tables again (every variant, size and player count), nothing the back row reads smaller than
without it, and a person's choice beside the log on the laptops and the projector, with and
without it (the plan and the checks: tests/e2e/table/layout.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from e2e_table import link
from layout import (
    CHECK,
    DESKTOP,
    LAPTOP,
    PANELS_CHECK,
    PROJECTOR_RUNS,
    SMALL,
    SPEED,
    Run,
    Tables,
    check_options,
    open_tables,
    play_run,
    smaller_on_the_projector,
)
from playwright.sync_api import Browser

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def tables(browser: Browser, site_url: str) -> Iterator[Tables]:
    yield from open_tables(browser, site_url)


@pytest.mark.parametrize("run", PROJECTOR_RUNS, ids=[run.id for run in PROJECTOR_RUNS])
def test_layout_projector(run: Run, tables: Tables, pytestconfig: pytest.Config) -> None:
    play_run(run, tables, pytestconfig)


@dataclass(frozen=True)
class Choice:
    """A table of people only (nobody acts but the test), flipped in turn from the deal until
    a person must choose: ``what`` (the decision's first word or two)."""

    variant: str
    players: int
    seed: int
    what: str

    @property
    def link(self) -> str:
        return link({"variant": self.variant, "players": self.players, "bots": "none",
                     "seed": self.seed, "speed": SPEED, "autostart": 1})


CHOICES = (
    Choice("kurs", 4, 4, "The Emperor"),  # four decrees and a decree of one's own
    Choice("kurs", 4, 2, "The Star"),  # a long prompt; the Fool's peek in a seat
    Choice("kurs", 4, 8, "The Hermit"),  # nine cards to choose among
    Choice("kurs", 4, 0, "The Lovers"),  # the players' names
    Choice("slap-like-an-egyptian", 4, 5, "Rat on the wood die"),  # ten body parts
)
"""Seeds of four people at one keyboard whose turns, flipped in order, come to these
decisions (found with the engine: the first decision of each)."""

PANEL_SIZES = (LAPTOP, SMALL, DESKTOP)

FLIP_TO_A_CHOICE = """() => {
  const app = window.ratscrewApp;
  app.session.resume(performance.now());
  for (let i = 0; i < 300; i++) {
    const session = app.session;
    if (session.human_decision || session.game.outcome) break;
    app.play.act(session.game.to_act(), 'flip');
  }
  const decision = app.session.human_decision;
  return decision ? String(decision.prompt) : null;
}"""

@pytest.mark.parametrize("projector_on", [False, True], ids=["plain", "projector"])
@pytest.mark.parametrize("choice", CHOICES, ids=[c.what for c in CHOICES])
def test_a_choice_and_the_log_share_the_rail(choice: Choice, projector_on: bool,
                                              tables: Tables,
                                              pytestconfig: pytest.Config) -> None:
    """A person's decision on the laptops and the projector (with and without Settings >
    Projector): its panel whole in the rail beside the log's head and buttons, no option or
    field cut, a long decree wrapped; and the table's layout checks."""
    problems: list[str] = []
    for size in PANEL_SIZES:
        run = Run(size, choice.variant, choice.players, projector=projector_on)
        page = tables.open(run, choice.link)
        try:
            prompt = page.evaluate(FLIP_TO_A_CHOICE)
            assert prompt and prompt.startswith(choice.what), (
                f"{choice.link} came to {prompt!r}, not {choice.what}: pick a new seed")
            page.wait_for_selector("[data-zone='choice']")
            page.evaluate("window.ratscrewApp.stop_timers()")
            found = [message for _, message in page.evaluate(CHECK, check_options(run))]
            found += page.evaluate(PANELS_CHECK)
            if run.projector:
                found += [message for _, message in smaller_on_the_projector(page)]
            if found:
                problems += [f"[{size.name}] {message}" for message in found]
                if pytestconfig.getoption("--screenshot") != "off":
                    path = Path(pytestconfig.getoption("--output")) / "layout" / (
                        f"choice-{choice.what}-{run.id}.png")
                    page.screenshot(path=path)
        finally:
            tables.done(page)
    assert not problems, f"{choice.link}:\n" + "\n".join(problems)
