"""The index tables in observation.py's docstring and the README match the layout."""

from __future__ import annotations

import re
from pathlib import Path

from scavenger_env.cavein import observation

README = Path(__file__).resolve().parents[2] / "README.md"


def _rows(text: str, pattern: str) -> dict[str, tuple[int, int]]:
    return {m[0]: (int(m[1]), int(m[2])) for m in re.findall(pattern, text)}


def test_the_docstring_table_gives_every_views_indices() -> None:
    doc = observation.__doc__ or ""
    rows = _rows(doc, r"(?m)^(\w+)\s+(\d+)-(\d+)\s+\(")
    expected = {n: (a, b - 1) for n, (a, b) in observation.OFFSETS.items()}
    assert rows == expected


def test_the_readme_table_gives_every_views_indices() -> None:
    rows = _rows(README.read_text(), r"\| `(\w+)` \| (\d+)–(\d+) \| \(")
    expected = {n: (a, b - 1) for n, (a, b) in observation.OFFSETS.items()}
    assert rows == expected
