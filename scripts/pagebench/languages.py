"""``languages``: a cold start in each of the game's languages, and what it downloads.

English needs no catalogue; another language downloads its own only (``locale/<lang>.json``
and its prerendered setup form, ``locale/<lang>.setup.json``: web/boot/i18n.js), never
another's. Cold starts (fresh context: no cache, no service worker) to ready, alternating the
languages, unthrottled and at 20 Mbit/s, ``--runs`` / ``--throttle-runs`` times each: the
medians, each language's catalogue files and their bytes. PASS when every start downloads its
own language's files and no other's, and each language is ready within
:data:`LANGUAGE_BUDGET` of English (the catalogue's fetch overlaps the runtime's download).
``scripts/bench_page.py --site`` another build (an older one) measures English's start
before and after.
"""

from __future__ import annotations

import statistics

from playwright.sync_api import Browser

from .common import UNTHROTTLED, Network, open_page, verdict, visit

LANGUAGES = ("en", "fr", "es", "de")
LANGUAGE_BUDGET = 1.08
"""A language's cold start over English's, at most: its catalogue is read by Python and the
page translated before it shows (measured: 3% to 6% unthrottled, within 3% at 20 Mbit/s)."""

CATALOGUE_FILES = """() => performance.getEntriesByType("resource")
  .filter((e) => new URL(e.name).pathname.includes("/locale/"))
  .map((e) => [new URL(e.name).pathname.split("/").pop(), e.encodedBodySize])"""


def start_in(browser: Browser, url: str, network: Network) -> tuple[float, list[tuple[str, int]]]:
    """Milliseconds to ready, and the catalogue files downloaded (name, bytes sent)."""
    with open_page(browser, network) as page:
        ready = visit(page, url)
        return ready, [(str(name), int(size)) for name, size in page.evaluate(CATALOGUE_FILES)]


def bench_languages(browser: Browser, base: str, plan: list[tuple[Network, int]]) -> bool:
    ok = True
    start_in(browser, base, UNTHROTTLED)  # warm the OS file cache and the server
    for network, runs in plan:
        if runs < 1:
            continue
        print(f"-- {network.name}", flush=True)
        times: dict[str, list[float]] = {lang: [] for lang in LANGUAGES}
        files: dict[str, list[tuple[str, int]]] = {}
        for run in range(runs):
            order = LANGUAGES if run % 2 == 0 else tuple(reversed(LANGUAGES))
            for lang in order:
                url = base if lang == "en" else f"{base}?lang={lang}"
                ready, files[lang] = start_in(browser, url, network)
                times[lang].append(ready)
            print(f"  run {run + 1}: " + ", ".join(
                f"{lang} {times[lang][-1]:6.0f} ms" for lang in LANGUAGES), flush=True)
        english = statistics.median(times["en"])
        for lang in LANGUAGES:
            median = statistics.median(times[lang])
            fetched = ", ".join(f"{name} ({size / 1e3:.1f} kB)"
                                for name, size in files[lang]) or "none"
            own = {f"{lang}.json", f"{lang}.setup.json"} if lang != "en" else set()
            names = {name for name, _ in files[lang]}
            ratio = median / english
            print(f"  {lang}: median {median:.0f} ms ({ratio:.3f} of English); catalogue "
                  f"files: {fetched}")
            ok &= verdict(names == own, f"{network.name}, {lang}: downloads "
                          f"{sorted(names) or 'no catalogue'}, its own only")
            if lang != "en":
                ok &= verdict(ratio <= LANGUAGE_BUDGET, f"{network.name}, {lang}: {ratio:.3f} "
                              f"of English's start (budget {LANGUAGE_BUDGET:.2f})")
    return ok

