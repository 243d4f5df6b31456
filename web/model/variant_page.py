"""What a variant's web part says about the page: its pieces of the table, its words, its
sounds.

A variant's web part (a package of ``web/table/parts/``) declares one :class:`VariantPage`:
its :class:`~web.table.part.TablePart` classes, what the setup form calls its own options and
their choices, how its events rank in the headline and sound. Its styles are a file beside
it (``web/table/parts/NAME/NAME.css``), which the build adds to the page's stylesheet. The
page's core reads them here and names no variant.

Browser-free: the build reads these in CPython (the setup form written into ``index.html``),
and the page reads them when it fills the setup form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ratscrew.core import discovery
from ratscrew.core.engine import Game
from ratscrew.i18n import N_, t
from web.model.feedback import Sound

PARTS_PACKAGE = "web.table.parts"
"""The package whose modules are the variants' web parts, a package (a folder) a variant."""

TABLE_WORDS: dict[str, str] = {
    # i18n: The line under the pile during a challenge: {card} is the challenging card,
    # {who} who answers it, {chances} how many chances they have ("2 chances").
    "challenge": N_("{card}: {who} has {chances}"),
    # i18n: The status of the seat answering a challenge: {chances} is "2 chances".
    "answering": N_("to play: {chances}"),
}
"""The table's own lines that a variant may say its own way (:attr:`VariantPage.words`), by
key: the challenge line under the pile and the status of the seat answering a challenge.
Whole texts (message ids), with named placeholders: ``{card}`` (the challenging card's name),
``{who}`` (who answers), ``{chances}`` ("2 chances") and ``{cards}`` ("2 cards"), the same
number."""


@dataclass(frozen=True)
class OwnAction:
    """One of a variant's own actions (:attr:`ratscrew.core.variant.Variant.actions`) that a
    seat may take now: a prompt, and the ``(arg, label)`` choices of its argument. A phone
    seat shows it as a row of buttons (web/phones/lobby.py)."""

    kind: str
    prompt: str
    """Said in the language in use (the part says it when it offers the action)."""
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class VariantPage:
    """One variant's words on the page. Its texts (labels, choice labels, notes, hint, words)
    are message ids, marked with :func:`~ratscrew.i18n.N_` where the part declares them:
    the functions here and the setup form say them in the language in use."""

    variant: str
    """The variant's name (:attr:`ratscrew.core.variant.Variant.name`)."""
    parts: tuple[type, ...] = ()
    """Its pieces of the table (:class:`web.table.part.TablePart` classes, checked there), in
    the order the table builds and updates them (their one registration:
    :func:`web.table.part.parts_for` reads them here)."""
    labels: Mapping[str, str] = field(default_factory=dict)
    """What the setup form calls the variant's own options."""
    choice_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """What the form shows for each choice of those options, by value."""
    steps: Mapping[str, int] = field(default_factory=dict)
    """Spinner steps of its number options, in the option's own unit (milliseconds for an
    option counted in them, which the form shows in seconds; a typed value need not be a
    multiple)."""
    ranks: Mapping[str, int] = field(default_factory=dict)
    """Its notable events' kinds and their headline rank (higher wins; see
    :data:`web.model.headline.RANKS`)."""
    no_slaps_note: str = ""
    """What the setup form says when the house rules leave the variant no slap rules (""
    for the core's sentence)."""
    seat_hint: str = ""
    """The setup form's line under the seats when the variant has a per-seat option (what the
    seat's select means)."""
    sounds: Mapping[str, Sound] = field(default_factory=dict)
    """The sounds of its own moments, by event kind (:func:`web.model.feedback.cues`)."""
    own_actions: Callable[[Game, int], tuple[OwnAction, ...]] | None = None
    """The variant's own actions a seat may take in the game as it stands (None: it has
    none)."""
    words: Mapping[str, str] = field(default_factory=dict)
    """The table's own lines in the variant's words, by key of :data:`TABLE_WORDS`
    (Beggar-My-Neighbour's debts for the challenges' chances)."""


_PAGES: dict[str, VariantPage] = {}


def describe(page: VariantPage) -> VariantPage:
    """Register a variant's page description, its table parts with it (a web part does,
    once, on import): a part's one registration."""
    known = _PAGES.get(page.variant)
    if known is not None and known is not page:
        raise ValueError(f"the variant {page.variant!r} is described twice")
    _PAGES[page.variant] = page
    return page


def discover() -> dict[str, VariantPage]:
    """The descriptions, every web part imported first (once: each describes its variant;
    :func:`ratscrew.core.discovery.discover`)."""
    discovery.discover(PARTS_PACKAGE)
    return _PAGES


def page_of(variant: str) -> VariantPage:
    """The page description of ``variant`` (an empty one for a variant with no web part)."""
    return discover().get(variant) or VariantPage(variant)


def own_actions(game: Game, seat: int) -> tuple[OwnAction, ...]:
    """The variant's own actions ``seat`` may take in ``game`` now (none once it is over)."""
    offer = page_of(game.variant.name).own_actions
    if offer is None or game.outcome is not None:
        return ()
    return offer(game, seat)


def table_words(variant: str, key: str) -> str:
    """The table's line ``key`` (:data:`TABLE_WORDS`) in ``variant``'s words: a message id,
    its placeholders still to fill (``t(table_words(...), **values)`` says it)."""
    return page_of(variant).words.get(key) or TABLE_WORDS[key]


def option_label(name: str) -> str | None:
    """What a variant's web part calls the option ``name``, in the language in use (None: no
    part names it)."""
    for page in discover().values():
        if name in page.labels:
            return t(page.labels[name])
    return None


def choice_labels(name: str) -> Mapping[str, str]:
    """The labels a variant's web part gives the choices of option ``name``, in the language
    in use."""
    for page in discover().values():
        if name in page.choice_labels:
            return {value: t(text) for value, text in page.choice_labels[name].items()}
    return {}


def option_step(name: str) -> int | None:
    for page in discover().values():
        if name in page.steps:
            return page.steps[name]
    return None


def event_sounds() -> dict[str, Sound]:
    """Every variant's own sounds, by event kind."""
    sounds: dict[str, Sound] = {}
    for page in discover().values():
        sounds.update(page.sounds)
    return sounds


def event_ranks() -> dict[str, int]:
    """Every variant's notable event kinds and their headline ranks."""
    ranks: dict[str, int] = {}
    for page in discover().values():
        ranks.update(page.ranks)
    return ranks
