"""A real browser for the viewer and web-play tests: Debian's Chromium, driven by
Playwright's Python API through the system browser (Playwright downloads none).

Where Chromium or Playwright is missing the tests are skipped with the reason,
unless SCAVENGER_REQUIRE_BROWSER=1 (CI sets it): then a missing browser fails, so
CI never passes without having run them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = os.environ.get("SCAVENGER_CHROMIUM") or shutil.which("chromium") or ""
"""The browser binary (Debian's package puts it at /usr/bin/chromium)."""

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""A headless Chromium with no network chatter (the machine has no network)."""


def _missing() -> str:
    if not CHROMIUM:
        return "no chromium on PATH (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install playwright)"
    return ""


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    missing = _missing()
    if missing:
        if os.environ.get("SCAVENGER_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser tests must run here, but {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        chromium = driver.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=FLAGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(10_000)  # a page that hangs fails in seconds
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    yield tab
    context.close()
    assert errors == [], f"the page's scripts failed: {errors}"
