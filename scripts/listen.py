#!/usr/bin/env python3
"""The table's sound as the page makes it, recorded and measured: printed figures and files
for a person to listen to, not a test.

Run from anywhere: ``scripts/listen.py --out DIR`` (it runs itself with the project's .venv
Python). Options: ``--seconds S`` of each game (40), ``--only VARIANT``, ``--no-build`` to
use _site/ as it is.

First the catalogue: every sound of every game, one at a time, 1.5 s apart, asked of the
page's own sound board on a paused table (``DIR/catalogue.wav``). Then each game (every
variant, four bots, speed 1, a key pressed while the page loads: the first
gesture) plays in headless Chromium while a tap between the page's compressor and the
speakers records what would come out of them. The page's list of the sounds it asked for
(``window.ratscrewSounds``) is stamped with the audio clock, so each sound is found in the
recording. For every variant the script writes ``DIR/<variant>.wav`` (16-bit mono) and prints:

* per sound (in the catalogue, and in each game where it sounds alone): its peak and loudness
  (as ITU-R BS.1770 weighs it, from its first sample on: LKFS), its loudness above 300 Hz
  (what a phone's small speaker can play: a sound that is loud only below it is felt on a
  projector's speakers and lost on a phone), and its brightness (the spectral centroid, Hz);
* per game: sounds a minute, the share of the time something sounds, the loudest moment, and
  the sounds dropped (more tones at once than the page mixes).

``DIR/report.html`` draws each game's loudness over time with its sounds marked, and
``DIR/report.png`` is a picture of it.
"""

from __future__ import annotations

import argparse
import base64
import cmath
import html
import math
import statistics
import sys
import wave
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

import browser_tools  # noqa: E402

browser_tools.use_venv_python(__file__)

import sitebuild  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from ratscrew.variants import VARIANTS as REGISTRY  # noqa: E402
from web.model.feedback import SOUNDS, Sound  # noqa: E402
from web.model.variant_page import event_sounds  # noqa: E402

PHONE_HZ = 300.0
"""Below this a phone's speaker plays next to nothing."""
FRAME_S = 0.05
"""The loudness curve's step (s)."""
QUIET_DB = -50.0
"""A frame quieter than this is silence."""

TAP = """
(() => {
  // A tap on whatever connects to the speakers: its input is recorded, its output is silence
  // (the node's own connection to the speakers is kept).
  const tap = { chunks: [], rate: 0, context: null };
  window.listenTap = tap;
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (target, ...rest) {
    if (target instanceof AudioDestinationNode && !tap.context) {
      const context = this.context;
      const node = context.createScriptProcessor(4096, 1, 1);
      tap.context = context;
      tap.rate = context.sampleRate;
      tap.start = context.currentTime;
      node.onaudioprocess = (event) => {
        tap.chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
      };
      connect.call(this, node);
      connect.call(node, target);
    }
    return connect.call(this, target, ...rest);
  };
  // The sounds the page asks for, stamped with the audio clock.
  let list = null;
  Object.defineProperty(window, "ratscrewSounds", {
    configurable: true,
    get: () => list,
    set: (value) => {
      list = value;
      const push = value.push.bind(value);
      value.push = (item) => {
        item.at = tap.context ? tap.context.currentTime - tap.start : -1;
        return push(item);
      };
    },
  });
})();
"""

TAKE = """() => {
  const tap = window.listenTap;
  const total = tap.chunks.reduce((n, c) => n + c.length, 0);
  const pcm = new Int16Array(total);
  let at = 0;
  for (const chunk of tap.chunks) {
    for (let i = 0; i < chunk.length; i++) {
      pcm[at++] = Math.max(-32768, Math.min(32767, Math.round(chunk[i] * 32767)));
    }
  }
  let text = "";
  const bytes = new Uint8Array(pcm.buffer);
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return { rate: tap.rate, pcm: btoa(text),
           sounds: (window.ratscrewSounds || []).map((s) => [s.name, s.played, s.at]) };
}"""


@dataclass(frozen=True)
class Take:
    """A game's recording: samples (-1 to 1), their rate, and each sound asked for (its name,
    whether it played, and when, in s from the recording's start)."""

    variant: str
    rate: int
    samples: array[float]
    sounds: list[tuple[str, bool, float]]


CATALOGUE = """async (gap) => {
  // Every sound, one at a time, through the page's own board (web/shell/sound.py), its recipes
  // from the page's own modules.
  const board = window.ratscrewApp.sound;
  const builtins = board.play.__globals__.get("__builtins__");
  const load = builtins.get ? builtins.get("__import__") : builtins.__import__;
  const sounds = load("web.model.feedback", null, null, ["SOUNDS"]).SOUNDS.copy();
  sounds.update(load("web.model.variant_page", null, null, ["event_sounds"]).event_sounds());
  for (const name of [...sounds.keys()]) {
    board.play([[name, sounds.get(name)]]);
    await new Promise((done) => setTimeout(done, gap));
  }
}"""


def catalogue(page: Page, url: str) -> Take:
    """Every sound alone, 1.5 s apart, on a paused table."""
    page.goto(f"{url}?variant=classic&players=2&bots=all&seed=listen&speed=1&autostart=1")
    page.keyboard.press("Escape")  # the first gesture, and the game paused at its deal
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    page.wait_for_function("window.listenTap && window.listenTap.context", timeout=120_000)
    if not page.locator("#paused-banner:not([hidden])").count():
        page.keyboard.press("Escape")
    page.wait_for_selector("#paused-banner:not([hidden])")
    page.evaluate("window.ratscrewSounds.length = 0")
    page.evaluate(CATALOGUE, 1500)
    page.wait_for_timeout(1000)
    return take_of(page, "catalogue")


def record(page: Page, url: str, variant: str, seconds: float) -> Take:
    link = f"{url}?variant={variant}&players=4&bots=all&seed=listen&speed=1&autostart=1"
    page.goto(link)
    page.keyboard.press("Shift")  # the first gesture
    page.wait_for_selector("body[data-screen='table']", state="attached", timeout=120_000)
    page.wait_for_function("window.listenTap && window.listenTap.context", timeout=120_000)
    page.wait_for_timeout(seconds * 1000)
    return take_of(page, variant)


def take_of(page: Page, variant: str) -> Take:
    data = page.evaluate(TAKE)
    pcm = array("h")
    pcm.frombytes(base64.b64decode(data["pcm"]))
    samples = array("f", (x / 32767 for x in pcm))
    sounds = [(str(n), bool(p), float(a)) for n, p, a in data["sounds"] if a >= 0]
    return Take(variant, int(data["rate"]), samples, sounds)


def write_wav(take: Take, path: Path) -> None:
    pcm = array("h", (max(-32768, min(32767, round(x * 32767))) for x in take.samples))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(take.rate)
        out.writeframes(pcm.tobytes())


# ------------------------------------------------------------------------------ measures


def db(value: float) -> float:
    return 20 * math.log10(value) if value > 1e-9 else -180.0


def rms(samples: Sequence[float]) -> float:
    return math.sqrt(sum(x * x for x in samples) / len(samples)) if samples else 0.0


Biquad = tuple[float, float, float, float, float, float]
"""A second-order filter's b0, b1, b2, a0, a1, a2 (as the audio EQ cookbook writes them)."""


def high_pass(hz: float, rate: int, q: float = math.sqrt(0.5)) -> Biquad:
    w = 2 * math.pi * hz / rate
    alpha, cos = math.sin(w) / (2 * q), math.cos(w)
    return (1 + cos) / 2, -(1 + cos), (1 + cos) / 2, 1 + alpha, -2 * cos, 1 - alpha


def high_shelf(hz: float, gain_db: float, rate: int) -> Biquad:
    a = 10 ** (gain_db / 40)
    w = 2 * math.pi * hz / rate
    alpha, cos = math.sin(w) / (2 * math.sqrt(0.5)), math.cos(w)
    root = 2 * math.sqrt(a) * alpha
    return (a * ((a + 1) + (a - 1) * cos + root), -2 * a * ((a - 1) + (a + 1) * cos),
            a * ((a + 1) + (a - 1) * cos - root), (a + 1) - (a - 1) * cos + root,
            2 * ((a - 1) - (a + 1) * cos), (a + 1) - (a - 1) * cos - root)


def filtered(samples: Sequence[float], *stages: Biquad) -> list[float]:
    out = list(samples)
    for b0, b1, b2, a0, a1, a2 in stages:
        x1 = x2 = y1 = y2 = 0.0
        for i, x in enumerate(out):
            y = (b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0
            x2, x1, y2, y1 = x1, x, y1, y
            out[i] = y
    return out


def loudness(samples: Sequence[float], rate: int, phone: bool = False) -> float:
    """Loudness as ITU-R BS.1770 weighs it (K-weighting: a 4 dB shelf above 1.5 kHz, a
    high-pass at 38 Hz; ungated, LKFS), or with ``phone`` of what is above :data:`PHONE_HZ`
    (two more high-pass stages there)."""
    stages = [high_shelf(1500, 4.0, rate), high_pass(38, rate, 0.5)]
    if phone:
        stages += [high_pass(PHONE_HZ, rate), high_pass(PHONE_HZ, rate)]
    weighted = filtered(samples, *stages)
    power = sum(x * x for x in weighted) / max(1, len(weighted))
    return -0.691 + 10 * math.log10(power) if power > 1e-18 else -180.0


def fft(values: list[complex]) -> list[complex]:
    n = len(values)
    if n == 1:
        return values
    even, odd = fft(values[0::2]), fft(values[1::2])
    turns = [cmath.exp(-2j * math.pi * k / n) * odd[k] for k in range(n // 2)]
    return [even[k] + turns[k] for k in range(n // 2)] + [
        even[k] - turns[k] for k in range(n // 2)]


def sounding(samples: Sequence[float]) -> Sequence[float]:
    """``samples`` from the first that sounds (a sound's tones may start late)."""
    start = next((i for i, x in enumerate(samples) if abs(x) > 1e-3), 0)
    return samples[start:]


def centroid(samples: Sequence[float], rate: int) -> float:
    """The spectral centroid (Hz) of ``samples`` (8192 of them from where they first sound,
    Hann-windowed)."""
    part = list(sounding(samples)[:8192])
    size = 1 << max(1, (len(part) - 1).bit_length())
    windowed: list[complex] = [
        complex(x * (0.5 - 0.5 * math.cos(2 * math.pi * i / len(part))))
        for i, x in enumerate(part)] + [0j] * (size - len(part))
    spectrum = [abs(v) for v in fft(windowed)[: size // 2]]
    total = sum(spectrum)
    return sum(i * rate / size * a for i, a in enumerate(spectrum)) / total if total else 0.0


@dataclass(frozen=True)
class Measure:
    name: str
    heard: int
    """How many times it was measured."""
    alone: bool
    """Measured where it sounded alone (else together with others: it never sounded
    alone)."""
    peak_db: float
    lkfs: float
    phone_lkfs: float
    centroid_hz: float


def recipes() -> dict[str, Sound]:
    return {**SOUNDS, **event_sounds()}


def spans(take: Take, lengths: dict[str, float]
          ) -> dict[str, tuple[bool, list[tuple[int, int]]]]:
    """The stretches (sample ranges) of each sound: those where it sounded with no other
    (True), or, for a sound that never did, all of them (False)."""
    played = sorted((at, name) for name, ok, at in take.sounds if ok)
    alone: dict[str, list[tuple[int, int]]] = {}
    mixed: dict[str, list[tuple[int, int]]] = {}
    for i, (at, name) in enumerate(played):
        end = at + lengths[name] + 0.02
        first, last = int(at * take.rate), int(end * take.rate)
        if last > len(take.samples):
            continue
        before = played[i - 1] if i else None
        after = played[i + 1] if i + 1 < len(played) else None
        crowded = ((before and before[0] + lengths[before[1]] + 0.02 > at)
                   or (after and after[0] < end))
        (mixed if crowded else alone).setdefault(name, []).append((first, last))
    return {name: (name in alone, alone.get(name) or mixed[name])
            for name in sorted({*alone, *mixed})}


def measure(take: Take, lengths: dict[str, float]) -> list[Measure]:
    out = []
    for name, (solo, found) in spans(take, lengths).items():
        found = found[:12]
        peaks, louds, phones, bright = [], [], [], []
        for first, last in found:
            part = sounding(take.samples[first:last])
            peaks.append(max(abs(x) for x in part))
            louds.append(loudness(part, take.rate))
            phones.append(loudness(part, take.rate, phone=True))
            bright.append(centroid(part, take.rate))
        out.append(Measure(name, len(found), solo, db(max(peaks)), statistics.median(louds),
                           statistics.median(phones), statistics.median(bright)))
    return out


def curve(take: Take) -> list[float]:
    """Loudness (dBFS) each :data:`FRAME_S`."""
    step = int(take.rate * FRAME_S)
    return [db(rms(take.samples[i:i + step])) for i in range(0, len(take.samples), step)]


# ------------------------------------------------------------------------------ report


def summary(take: Take, loudness: list[float]) -> list[str]:
    seconds = len(take.samples) / take.rate
    asked = [name for name, _, _ in take.sounds]
    dropped = [name for name, ok, _ in take.sounds if not ok]
    sounding = sum(1 for v in loudness if v > QUIET_DB) / max(1, len(loudness))
    peak = max((abs(x) for x in take.samples), default=0.0)
    counts = {name: asked.count(name) for name in dict.fromkeys(asked)}
    lines = [
        f"{take.variant}: {seconds:.1f} s, {len(asked) / seconds * 60:.0f} sounds a minute "
        f"({', '.join(f'{n} {c}' for n, c in counts.items())}); something sounds "
        f"{sounding:.0%} of the time; loudest {db(peak):.1f} dBFS; "
        f"dropped {len(dropped)}" + (f" ({', '.join(sorted(set(dropped)))})" if dropped else ""),
    ]
    return lines


LANES = 3
"""Rows of sound names above the loudness curve, so that close ones do not overlap."""


def svg(take: Take, loudness: list[float], width: int = 1800, height: int = 200) -> str:
    seconds = len(loudness) * FRAME_S
    top = 12 * LANES + 8

    def x(at: float) -> float:
        return at / seconds * width

    def y(level: float) -> float:
        return (min(0.0, max(-60.0, level)) / -60.0) * (height - top - 20) + top

    points = " ".join(f"{x(i * FRAME_S):.1f},{y(v):.1f}" for i, v in enumerate(loudness))
    marks = []
    lane_ends = [-1e9] * LANES
    for name, ok, at in take.sounds:
        colour = "#2a7" if ok else "#c33"
        marks.append(f'<line x1="{x(at):.1f}" x2="{x(at):.1f}" y1="{top - 6}" '
                     f'y2="{height - 20}" stroke="{colour}" stroke-opacity="0.35"/>')
        if name == "flip":  # the most frequent: its lines say enough
            continue
        lane = next((i for i, end in enumerate(lane_ends) if end < x(at)), None)
        if lane is None:
            lane = min(range(LANES), key=lane_ends.__getitem__)
        lane_ends[lane] = x(at) + 2 + 6.2 * len(name)
        marks.append(f'<text x="{x(at) + 2:.1f}" y="{12 * lane + 11}" font-size="11" '
                     f'fill="{colour}">{html.escape(name)}</text>')
    grid = "".join(
        f'<line x1="0" x2="{width}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ccc"/>'
        f'<text x="2" y="{y(v) - 2:.1f}" font-size="10" fill="#888">{v} dB</text>'
        for v in (0, -20, -40, -60))
    return (f'<svg width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">'
            f'{grid}{"".join(marks)}<polyline points="{points}" fill="none" stroke="#124" '
            f'stroke-width="1.2"/></svg>')


def table(measures: list[Measure]) -> list[str]:
    rows = [f"  {'sound':<14} {'heard':>7} {'peak':>7} {'LKFS':>9} {'>300 Hz':>8} "
            f"{'centroid':>9}"]
    for m in measures:
        heard = f"{m.heard}{'' if m.alone else '*'}"
        rows.append(f"  {m.name:<14} {heard:>7} {m.peak_db:>6.1f} {m.lkfs:>8.1f} "
                    f"{m.phone_lkfs:>8.1f} {m.centroid_hz:>7.0f} Hz")
    if not all(m.alone for m in measures):
        rows.append("  * never alone: measured together with the sounds around it")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the recordings")
    parser.add_argument("--seconds", type=float, default=40.0, help="of each game (40)")
    parser.add_argument("--only", choices=sorted(REGISTRY), help="one variant")
    parser.add_argument("--no-build", action="store_true", help="use _site/ as it is")
    args = parser.parse_args()
    if not args.no_build:
        sitebuild.build()
    args.out.mkdir(parents=True, exist_ok=True)
    lengths = {name: sound.ms / 1000 for name, sound in recipes().items()}
    variants = [args.only] if args.only else list(REGISTRY)
    sections: list[str] = []
    with browser_tools.serving(sitebuild.SITE) as url, sync_playwright() as pw:
        options = browser_tools.launch_options(pw.chromium.executable_path)
        if options is None:
            print("no Chromium here", file=sys.stderr)
            return 1
        browser = pw.chromium.launch(**options)
        for variant in ["catalogue", *variants]:
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            context.add_init_script(TAP)
            page = context.new_page()
            take = (catalogue(page, url) if variant == "catalogue"
                    else record(page, url, variant, args.seconds))
            context.close()
            write_wav(take, args.out / f"{variant}.wav")
            loudness = curve(take)
            lines = [*summary(take, loudness), *table(measure(take, lengths))]
            print("\n".join(lines), "\n", flush=True)
            sections.append(f"<h2>{html.escape(variant)}</h2><pre>{html.escape(chr(10).join(lines))}"
                            f"</pre>{svg(take, loudness)}")
        report = args.out / "report.html"
        report.write_text("<!doctype html><meta charset=utf-8><title>Ratscrew's sound</title>"
                          "<body style='font:13px sans-serif;margin:12px'>"
                          + "".join(sections) + "</body>")
        page = browser.new_page(viewport={"width": 1830, "height": 200})
        page.goto(report.resolve().as_uri())
        page.screenshot(path=str(args.out / "report.png"), full_page=True)
        browser.close()
    print(f"recordings and report in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
