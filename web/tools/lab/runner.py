"""The statistics lab's games, played a slice of time at a time (in the Web Worker, or on the page
when no worker could start).

Pure Python (no ``js``): :mod:`web.tools.lab.worker` hands these functions to the page through
PyScript's ``sync``, and :class:`web.tools.lab.run.PageGames` calls the same ones on the page
when no worker could start, so both paths play the same games. Everything crosses as JSON text:
no proxies to keep or free.

The page drives: :func:`language` once, with the page's catalogue (the worker's Python has
its own, English until told), :func:`start` with the rule sets, then :func:`step` again and
again (the page looks at its Cancel between two steps), then :func:`outcome` for the plots'
numbers (:func:`ratscrew.tools.lab.report`) and the CSV (:func:`ratscrew.tools.lab.to_csv`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ratscrew import i18n
from ratscrew.tools.lab import Lab, LabError, LabSpec, report, to_csv


class LabRunner:
    """Rule sets played one after the other, in slices of time."""

    def __init__(self, specs: Sequence[dict[str, Any]]) -> None:
        if not specs:
            raise LabError("the lab needs at least one rule set")
        self.labs = [Lab(LabSpec.from_dict(spec)) for spec in specs]

    @property
    def done(self) -> int:
        return sum(lab.done for lab in self.labs)

    @property
    def total(self) -> int:
        return sum(lab.total for lab in self.labs)

    @property
    def finished(self) -> bool:
        return all(lab.finished for lab in self.labs)

    def progress(self) -> dict[str, Any]:
        current = next((lab for lab in self.labs if not lab.finished), self.labs[-1])
        return {"done": self.done, "total": self.total, "finished": self.finished,
                "label": current.spec.label}

    def step(self, seconds: float) -> dict[str, Any]:
        """Play games for about ``seconds`` (at least one game, if any is left)."""
        for lab in self.labs:
            if not lab.finished:
                lab.run_for(seconds)
                break
        return self.progress()

    def outcome(self) -> dict[str, Any]:
        """The games played so far: the plots' numbers and the CSV (one row a game)."""
        results = [lab.result() for lab in self.labs if lab.done]
        return {"report": report(results), "csv": to_csv(results),
                "complete": self.finished}


_runner: LabRunner | None = None


def _answer(fn: Any) -> str:
    try:
        return json.dumps(fn())
    except (LabError, ValueError, TypeError, KeyError) as error:
        return json.dumps({"error": str(error)})


def language(catalogue: str) -> str:
    """Say the lab's words (its sentences, its errors) in the language of ``catalogue``, the
    text of a compiled catalogue ("" for English); ``{"lang": ...}``, or ``{"error": ...}``
    (the lab then speaks English)."""

    def choose() -> dict[str, Any]:
        text = str(catalogue or "")
        try:
            i18n.use(i18n.parse(text) if text else i18n.ENGLISH)
        except i18n.CatalogueError:
            i18n.use(i18n.ENGLISH)
            raise
        return {"lang": i18n.current().lang}

    try:
        return json.dumps(choose())
    except i18n.CatalogueError as error:
        return json.dumps({"error": str(error)})


def start(specs_json: str) -> str:
    """Begin a lab of the rule sets in ``specs_json`` (a list of :meth:`LabSpec.to_dict`);
    its progress, or ``{"error": ...}``."""

    def begin() -> dict[str, Any]:
        global _runner
        _runner = None
        specs = json.loads(str(specs_json))
        if not isinstance(specs, list) or not all(isinstance(s, dict) for s in specs):
            raise LabError("the lab takes a list of rule sets")
        _runner = LabRunner(specs)
        return _runner.progress()

    return _answer(begin)


def step(seconds: float) -> str:
    """Play for about ``seconds`` more; the progress."""

    def play() -> dict[str, Any]:
        if _runner is None:
            raise LabError("no lab is running")
        return _runner.step(max(0.005, min(1.0, float(seconds))))

    return _answer(play)


def outcome() -> str:
    """The numbers and the CSV of the games played so far."""

    def result() -> dict[str, Any]:
        if _runner is None:
            raise LabError("no lab is running")
        return _runner.outcome()

    return _answer(result)
