"""The languages' catalogues, compiled from their .po files for the site: ``locale/<lang>.json``
(the page loads the chosen one only).

Babel compiles them (scripts/i18n.py compile). The build runs it with the project's .venv, which
it creates with Babel when this Python has none (scripts/serve on a fresh machine)."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from . import layout
from .layout import INDEX, ROOT, SiteError, log

COMPILED = ROOT / "ratscrew" / "i18n" / "compiled"
LOCALE = "locale"
"""The site's folder of compiled catalogues."""
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"


def _has_babel(python: Path) -> bool:
    probe = subprocess.run([str(python), "-c", "import babel"], capture_output=True, check=False)
    return probe.returncode == 0


def _python() -> str:
    """A Python with Babel: this one, or the project's .venv (made with Babel if need be)."""
    if importlib.util.find_spec("babel") is not None:
        return sys.executable
    if not VENV_PYTHON.exists():
        log("creating .venv for the catalogues' compiler (Babel)")
        subprocess.run([sys.executable, "-m", "venv", str(ROOT / ".venv")], check=True)
    if not _has_babel(VENV_PYTHON):
        log("installing Babel into .venv (it compiles the catalogues)")
        subprocess.run([str(VENV_PYTHON), "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", "babel==2.19.0"], check=True)
    return str(VENV_PYTHON)


def compile_catalogues() -> dict[str, Path]:
    """Compile every language's catalogue; the site's files (``locale/<lang>.json``)."""
    try:
        subprocess.run([_python(), str(ROOT / "scripts" / "i18n.py"), "compile"], check=True,
                       stdout=subprocess.DEVNULL)
    except subprocess.CalledProcessError as exc:
        raise SiteError(f"the catalogues did not compile (exit status {exc.returncode})") from None
    return {f"{LOCALE}/{p.name}": p for p in sorted(COMPILED.glob("*.json"))}


def catalogue_texts(compiled: dict[str, Path]) -> dict[str, str]:
    """Each compiled catalogue's text (the pseudo-locales' too: the tests walk them through
    every screen), by language."""
    return {Path(rel).stem: path.read_text(encoding="utf-8") for rel, path in compiled.items()}


_TARGET = re.compile(r'<[a-z]+[^>]*\bid="([^"]+)"[^>]*>\s*<!--prerender:([a-z:-]+)-->')


def prerender_targets() -> dict[str, list[str]]:
    """Each prerender marker of index.html with the ids of the elements it fills."""
    found: dict[str, list[str]] = {}
    for element, name in _TARGET.findall((ROOT / INDEX).read_text(encoding="utf-8")):
        found.setdefault(name, []).append(element)
    return found


def localized_setup(site: Path, compiled: dict[str, Path], setup: Callable[[], object]) -> None:
    """For each language, the setup form as index.html prerenders it and the games' parts
    (web/setup-parts.html), in that language: ``locale/<lang>.setup.json``
    (``{"inner": {element id: html}, "outer": {element id: html}}``, which web/boot/i18n.js
    lays over the page before it shows it) and ``web/setup-parts.<lang>.html``."""
    sys.path.insert(0, str(layout.SRC))
    from ratscrew import i18n

    module: object = setup()
    prerender: Callable[[], dict[str, str]] = getattr(module, "prerender")  # noqa: B009
    game_parts: Callable[[], str] = getattr(module, "game_parts")  # noqa: B009
    targets = prerender_targets()
    for lang, text in catalogue_texts(compiled).items():
        with i18n.using(i18n.parse(text)):
            parts, games = prerender(), game_parts()
        inner = {element: parts[name] for name, ids in targets.items() for element in ids}
        outer = {name: html for name, html in parts.items() if name not in targets}
        data = json.dumps({"inner": inner, "outer": outer}, ensure_ascii=False,
                          separators=(",", ":"))
        _write(site / LOCALE / f"{lang}.setup.json", data)
        _write(site / "web" / f"setup-parts.{lang}.html", games)
        with i18n.using(i18n.parse(text)):
            _write(site / localized_manifest(lang), manifest(i18n.tc, lang))


MANIFEST = "web/manifest.webmanifest"


def localized_manifest(lang: str) -> str:
    """The site's name of the web app manifest in ``lang`` (web/boot/i18n.js links it)."""
    return f"web/manifest.{lang}.webmanifest"


def manifest(tc: Callable[..., str], lang: str) -> str:
    """web/manifest.webmanifest with its words said by ``tc`` (context "manifest"), in
    ``lang``."""
    data = json.loads((ROOT / MANIFEST).read_text(encoding="utf-8"))
    for key in ("name", "short_name", "description"):
        data[key] = tc("manifest", data[key])
    data["lang"] = lang
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
