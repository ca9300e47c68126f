"""The docs' results scripts (docs/results/scripts/): each page-writing function,
run on a tiny scale, writes a page with its provenance header and a table."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "docs" / "results" / "scripts"


def _script(name: str) -> ModuleType:
    """Import one script of docs/results/scripts by its name."""
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    return importlib.import_module(name)


def _check_page(path: Path, title: str) -> str:
    """The page's title, provenance header and at least one table."""
    text = path.read_text()
    assert text.startswith(f"# {title}\n"), text[:80]
    for label in (
        "**Command**: `python docs/results/scripts/",
        "**Date**: ",
        "**Machine**: ",
        "**Build**: ",
        "**Scale**: ",
    ):
        assert label in text, label
    assert re.search(r"\*\*Machine\*\*: \d+ CPUs, .*Python 3\.\d+", text)
    assert re.search(r"`scavenger_env.BUILD` = `(pure|compiled)`", text)
    assert re.search(r"^\| .* \|\n\| (---:?|:?---) \|", text, re.M), "no table"
    return text


def test_page_helpers() -> None:
    page = _script("_page")
    assert (
        page.table(("a", "b"), [(1, 2)], "lr")
        == "| a | b |\n| --- | ---: |\n| 1 | 2 |\n"
    )
    assert page.pct(0.5, 0.25, 0.75) == "50.0% (25.0–75.0)"
    assert (
        page.command("x.py", ["--scale", "quick"])
        == "python docs/results/scripts/x.py --scale quick"
    )


def test_every_script_has_usage_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("ladder", "benchmarks", "notebooks", "balance"):
        module = _script(name)
        assert "Usage" in (module.__doc__ or ""), name
        with pytest.raises(SystemExit) as exit_:
            module.main(["--help"])
        assert exit_.value.code == 0
        assert "--output" in capsys.readouterr().out, name


@pytest.mark.slow
def test_ladder_page(tmp_path: Path) -> None:
    ladder = _script("ladder")
    out = ladder.write_page(
        "tiny", 1, 1, tmp_path / "runs", tmp_path / "ladder.md", ["--scale", "tiny"]
    )
    text = _check_page(out, "Bot ladder")
    assert "## cavein, 2 players" in text and "## krysis, 2 players" in text
    assert "win rate (95% CI)" in text and "rating μ ± σ" in text
    assert "scavenger tournament --game cavein --players random,greedy" in text


@pytest.mark.slow
def test_benchmarks_page(tmp_path: Path) -> None:
    bench = _script("benchmarks")
    out = bench.write_page("quick", tmp_path / "benchmarks.md", ["--scale", "quick"])
    text = _check_page(out, "Benchmarks")
    assert "raw ÷ bare floor" in text and "turns/game" in text
    assert re.search(r"\| krysis \| 4 \| [\d,]+ \|", text)


def test_notebooks_page(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    pytest.importorskip("nbclient")
    source = tmp_path / "src"
    source.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import os\nprint('scale', os.environ['SCAVENGER_SCALE'])"
        )
    ]
    nbformat.write(nb, source / "00_tiny.ipynb")
    out = tmp_path / "out"
    rc = _script("notebooks").main(
        [
            "--source",
            str(source),
            "--output",
            str(out),
            "--runs",
            str(tmp_path / "runs"),
            "--timeout",
            "120",
        ]
    )
    assert rc == 0
    text = _check_page(out / "index.md", "Executed notebooks")
    assert "[00_tiny](00_tiny.ipynb) | ok" in text
    executed = json.loads((out / "00_tiny.ipynb").read_text())
    assert len(executed["cells"]) == 1  # the setup cell is left out
    assert "scale ci" in "".join(executed["cells"][0]["outputs"][0]["text"])
    assert (
        json.loads((source / "00_tiny.ipynb").read_text())["cells"][0]["outputs"] == []
    )


def test_notebooks_trim_drops_progress_bars_and_cuts_long_text() -> None:
    nbformat = pytest.importorskip("nbformat")
    notebooks = _script("notebooks")
    cell = nbformat.v4.new_code_cell("")
    cell.outputs = [
        nbformat.v4.new_output("stream", name="stderr", text="10%|#\r20%|##\r"),
        nbformat.v4.new_output(
            "stream", name="stdout", text="x" * (notebooks.TEXT_LIMIT + 10)
        ),
    ]
    nb = nbformat.v4.new_notebook(cells=[cell])
    outputs = notebooks.trim(nb).cells[0].outputs
    assert len(outputs) == 1 and "characters cut" in outputs[0]["text"]
    root = str(notebooks.ROOT)
    text = (
        f"{root}/agents/x.py:1: W\n/opt/venv/lib/python3.11/site-packages/tqdm/a.py:2"
    )
    assert notebooks.clean_paths(text) == "agents/x.py:1: W\nsite-packages/tqdm/a.py:2"


@pytest.mark.slow
def test_balance_page(tmp_path: Path) -> None:
    balance = _script("balance")
    out = balance.write_page(
        "tiny", tmp_path / "runs", None, 1, tmp_path / "balance.md", ["--scale", "tiny"]
    )
    text = _check_page(out, "Balance")
    for section in (
        "## First-player advantage",
        "## Skill gradient",
        "## Rule variants",
    ):
        assert section in text
    assert "| cavein | random ×2 | 2 |" in text and "first player's win rate" in text
