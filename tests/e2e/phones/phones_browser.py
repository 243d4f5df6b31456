"""Fixtures of the phones' browser tests (imported by each test module: a conftest.py here
would be one more module named ``conftest``, which other tests import by that name).

The phones' browser: Chromium that lets two of its pages connect over loopback (and shows
the host addresses it finds, not mDNS names, as a page allowed the camera does), with a fake
camera that plays a file a test writes (:func:`show_to_camera`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from playwright.sync_api import Browser, Playwright


def show_to_camera(text: str, path: Path, width: int = 640, height: int = 480,
                   frames: int = 4) -> None:
    """Write the fake camera's video (YUV4MPEG2, grey): ``text``'s QR code, held still. The
    browser reads the file each time a page opens the camera."""
    matrix = segno.make(text, error="l", micro=False).matrix
    n = len(matrix) + 8  # a quiet zone of 4 on each side
    scale = min(width, height) * 9 // 10 // n
    left, top = (width - n * scale) // 2, (height - n * scale) // 2
    luma = bytearray(b"\xff" * (width * height))
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                for y in range(top + (r + 4) * scale, top + (r + 5) * scale):
                    start = y * width + left + (c + 4) * scale
                    luma[start:start + scale] = b"\x00" * scale
    chroma = b"\x80" * (width * height // 2)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + (b"FRAME\n" + bytes(luma) + chroma) * frames)


class FakeCamera:
    """The browser's fake camera: :meth:`show` puts a QR code before it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.show("nothing yet")

    def show(self, text: str) -> None:
        show_to_camera(text, self.path)


@pytest.fixture(scope="module")
def camera(tmp_path_factory: pytest.TempPathFactory) -> FakeCamera:
    return FakeCamera(tmp_path_factory.mktemp("camera") / "camera.y4m")


@pytest.fixture(scope="module")
def rtc_browser(playwright: Playwright, browser_type_launch_args: dict[str, Any],
                camera: FakeCamera) -> Iterator[Browser]:
    args = dict(browser_type_launch_args)
    args["args"] = [*args.get("args", []), "--allow-loopback-in-peer-connection",
                    "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                    f"--use-file-for-fake-video-capture={camera.path}"]
    browser = playwright.chromium.launch(**args)
    yield browser
    browser.close()
