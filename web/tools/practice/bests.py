"""The drill's best scores, as the page keeps them in the browser's storage.

One best score per drill (:func:`best_key`: its rules, cards and pace, whoever played it),
stored as one small JSON object under :data:`STORAGE_KEY`. :func:`load_bests` reads what was
stored and never raises: storage is outside the page's control (another version, an edit, a
full disk), so what cannot be read is dropped with a notice.

Browser-free (no ``js``): the page hands it the stored text and stores what it returns.
"""

from __future__ import annotations

import json

from ratscrew.core import safe_json
from ratscrew.i18n import N_, t
from ratscrew.tools.practice import MAX_SCORE, DrillConfig

STORAGE_KEY = "ratscrew.practice-bests.v1"
"""Where the page keeps :func:`dump_bests`'s text (``localStorage``)."""
MAX_BESTS = 200
"""Drills remembered; a new one beyond this replaces the lowest score."""
MAX_BESTS_CHARS = 100_000
"""Room for :data:`MAX_BESTS` keys of :data:`MAX_KEY_CHARS` (real keys are far shorter)."""
MAX_KEY_CHARS = 300
BESTS_NOTICE = N_("Your practice best scores could not be read and were reset.")
SOME_BESTS_NOTICE = N_("Some practice best scores could not be read and were dropped.")
"""What :func:`load_bests` says when it drops what it cannot read (message ids)."""


def best_key(config: DrillConfig) -> str:
    """The drill a best score belongs to: its rules (in any order), cards, pace and starting
    interval (``double+sandwich/52/quicken/1600``). Players and seed do not count: a best is
    for the drill's difficulty, whoever played which deal."""
    rules = "+".join(sorted(config.rules))
    return f"{rules}/{config.cards}/{config.pace}/{config.interval_ms}"


def _good_entry(key: object, score: object) -> bool:
    return (isinstance(key, str) and 0 < len(key) <= MAX_KEY_CHARS
            and type(score) is int and 0 <= score <= MAX_SCORE)


def load_bests(text: str | None) -> tuple[dict[str, int], list[str]]:
    """Best scores from what the page stored (None or "": none yet, no notice). Never raises:
    text that is too large, too deep, not JSON or not an object gives ``{}`` and a notice; bad
    entries are dropped with one notice."""
    if not text:
        return {}, []
    try:
        data = safe_json.loads(text, max_chars=MAX_BESTS_CHARS, max_depth=1, max_digits=10)
    except Exception:  # JSONError and its limits; any other surprise alike
        return {}, [t(BESTS_NOTICE)]
    if not isinstance(data, dict):
        return {}, [t(BESTS_NOTICE)]
    bests = {k: v for k, v in data.items() if _good_entry(k, v)}
    notices = [t(SOME_BESTS_NOTICE)] if len(bests) < len(data) else []
    if len(bests) > MAX_BESTS:
        kept = sorted(bests.items(), key=lambda kv: -kv[1])[:MAX_BESTS]
        bests = dict(kept)
        if not notices:
            notices.append(t(SOME_BESTS_NOTICE))
    return bests, notices


def dump_bests(bests: dict[str, int]) -> str:
    """The text to store: what :func:`load_bests` reads back without a notice."""
    good = [(k, v) for k, v in bests.items() if _good_entry(k, v)]
    kept = sorted(good, key=lambda kv: (-kv[1], kv[0]))[:MAX_BESTS]
    return json.dumps(dict(sorted(kept)), separators=(",", ":"), ensure_ascii=False)


def record_best(bests: dict[str, int], key: str, score: int) -> bool:
    """Keep ``score`` in ``bests`` if it beats the best for ``key`` (the first score for a key
    always does); True if it is a new best. A new key beyond :data:`MAX_BESTS` replaces the
    lowest best."""
    if not _good_entry(key, score):
        return False
    previous = bests.get(key)
    if previous is not None and previous >= score:
        return False
    if previous is None and len(bests) >= MAX_BESTS:
        del bests[min(bests, key=lambda k: (bests[k], k))]
    bests[key] = score
    return True
