"""The phones' browser: Chromium that lets two of its pages connect over loopback (and shows
the host addresses it finds, not mDNS names, as a page allowed the camera does), with a fake
camera that plays a file a test writes (:func:`show_to_camera`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from phones_camera import show_to_camera
from playwright.sync_api import Browser, Playwright


@pytest.fixture(scope="module")
def camera(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fake camera's video file (a QR code of nothing, until a test shows one)."""
    path = tmp_path_factory.mktemp("camera") / "camera.y4m"
    show_to_camera("nothing yet", path)
    return path


@pytest.fixture(scope="module")
def rtc_browser(playwright: Playwright, browser_type_launch_args: dict[str, Any],
                camera: Path) -> Iterator[Browser]:
    args = dict(browser_type_launch_args)
    args["args"] = [*args.get("args", []), "--allow-loopback-in-peer-connection",
                    "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                    f"--use-file-for-fake-video-capture={camera}"]
    browser = playwright.chromium.launch(**args)
    yield browser
    browser.close()
