"""Screenshots the docs show, taken by the browser tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

SCREENS = Path(__file__).resolve().parents[1] / "docs" / "_static" / "screens"
"""Where the screenshots the docs show are written: the docs picture what the code
draws today (a screenshot that did not change leaves the file as it was)."""


def screenshot(tab: Any, name: str) -> Path:
    """Save a screenshot for the docs as docs/_static/screens/NAME.png, leaving
    the file untouched when the picture is the same."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    target = SCREENS / f"{name}.png"
    shot: bytes = tab.screenshot(full_page=False)
    if not target.exists() or target.read_bytes() != shot:
        target.write_bytes(shot)
    return target
