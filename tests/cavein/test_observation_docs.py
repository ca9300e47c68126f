"""The index tables in observation.py's docstring and the generated game page
match the layout."""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

from scavenger_env.cavein import observation

ROOT = Path(__file__).resolve().parents[2]
# read from the source: a compiled (mypyc) module has no __doc__
SOURCE = ROOT / "scavenger_env" / "cavein" / "observation.py"


def _rows(text: str, pattern: str) -> dict[str, tuple[int, int]]:
    return {m[0]: (int(m[1]), int(m[2])) for m in re.findall(pattern, text)}


def test_the_docstring_table_gives_every_views_indices() -> None:
    doc = ast.get_docstring(ast.parse(SOURCE.read_text())) or ""
    rows = _rows(doc, r"(?m)^(\w+)\s+(\d+)-(\d+)\s+\(")
    expected = {n: (a, b - 1) for n, (a, b) in observation.OFFSETS.items()}
    assert rows == expected


def _game_page(name: str) -> str:
    """The docs' generated page of game `name` (docs/ is not a package)."""
    path = ROOT / "docs" / "_ext" / "gamepages.py"
    spec = importlib.util.spec_from_file_location("gamepages", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page: str = module.game_page(name)
    return page


def test_the_game_pages_table_gives_every_views_indices() -> None:
    rows = _rows(_game_page("cavein"), r"\| `(\w+)` \| (\d+)–(\d+) \| \(")
    expected = {n: (a, b - 1) for n, (a, b) in observation.OFFSETS.items()}
    assert rows == expected
