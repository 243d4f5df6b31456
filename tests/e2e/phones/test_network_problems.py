"""When the network will not let the phones in, the host says why within seconds, in plain
words, and what to do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

pytestmark = pytest.mark.e2e
pytest_plugins = ("phones_browser",)  # the phones' browser and its camera

HARNESS = Path(__file__).with_name("phone_harness.html")
PROBLEM_MS = 15_000
"""The host says it within 10 s of the moment it can know (and the test allows for a slow
machine)."""


@pytest.fixture(scope="module")
def cautious_browser(playwright: Playwright,
                     browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    """Chromium as a page without the camera's permission meets it: a camera that asks, and
    is refused; local addresses hidden behind mDNS names."""
    args = dict(browser_type_launch_args)
    args["args"] = [*args.get("args", []), "--use-fake-device-for-media-stream"]
    browser = playwright.chromium.launch(**args)
    yield browser
    browser.close()


def nowhere(code: str) -> str:
    """``code`` with addresses that lead nowhere."""
    fields = code.split("~")
    fields[-1] = "127.0.0.1:9"
    return "~".join(fields)


def open_host(browser: Browser, site_url: str) -> Page:
    page = browser.new_context(viewport={"width": 1366, "height": 768},
                               service_workers="block").new_page()
    page.goto(f"{site_url}?players=2&bots=2&phones=1&seed=net&autostart=1")
    page.wait_for_selector(".phones-qr[data-code]", timeout=60_000)
    return page


def test_a_refused_camera_and_hidden_addresses_are_explained(
    cautious_browser: Browser, site_url: str,
) -> None:
    host = open_host(cautious_browser, site_url)
    problem = host.locator("[data-zone=phones-problem]")
    expect(problem).to_contain_text("The camera is blocked", timeout=PROBLEM_MS)
    expect(problem).to_contain_text("paste it here instead")
    expect(problem).to_contain_text("hides this computer's address", timeout=PROBLEM_MS)
    assert ".local:" in (host.get_attribute(".phones-qr", "data-code") or "")
    # and the page itself is at 127.0.0.1: no phone could open its links
    expect(problem).to_contain_text("an address only this computer knows")
    host.context.close()


def test_a_phone_that_cannot_reach_the_table_is_explained(
    rtc_browser: Browser, site_url: str,
) -> None:
    host = open_host(rtc_browser, site_url)
    # A network that keeps devices apart: neither side's addresses lead to the other.
    code = nowhere(host.get_attribute(".phones-qr", "data-code") or "")
    phone = rtc_browser.new_context().new_page()
    phone.route(f"{site_url}web/seat/harness.html", lambda route: route.fulfill(
        body=HARNESS.read_text(encoding="utf-8"), content_type="text/html"))
    phone.goto(f"{site_url}web/seat/harness.html#{code}")
    answer = str(phone.wait_for_function("window.answer").json_value())
    host.fill("#phones-answer", nowhere(answer))
    host.press("#phones-answer", "Enter")
    problem = host.locator("[data-zone=phones-problem]")
    expect(problem).to_contain_text("cannot reach this computer", timeout=PROBLEM_MS)
    expect(problem).to_contain_text("hotspot")
    assert host.get_attribute("[data-phone-seat='0']", "data-status") == "joining"
    phone.context.close()
    host.context.close()


NO_ADDRESSES = """
(() => {
  const own = Object.getOwnPropertyDescriptor(RTCPeerConnection.prototype, "localDescription");
  Object.defineProperty(RTCPeerConnection.prototype, "localDescription", {
    get() {
      const description = own.get.call(this);
      if (!description) return description;
      const sdp = description.sdp.split("\\r\\n").filter((l) => !l.startsWith("a=candidate"));
      return {type: description.type, sdp: sdp.join("\\r\\n")};
    },
  });
})();
"""
"""A computer with no network: its connections find no address to offer."""


def test_a_computer_with_no_address_says_so(rtc_browser: Browser, site_url: str) -> None:
    context = rtc_browser.new_context(viewport={"width": 1366, "height": 768},
                                      service_workers="block")
    context.add_init_script(NO_ADDRESSES)
    host = context.new_page()
    host.goto(f"{site_url}?players=2&bots=2&phones=1&seed=net&autostart=1")
    problem = host.locator("[data-zone=phones-problem]")
    expect(problem).to_contain_text("no network address to offer the phones",
                                    timeout=60_000)  # the start, then at most 10 s
    expect(problem).to_contain_text("hotspot")
    context.close()
