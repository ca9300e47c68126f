"""The learned players' results page is written by its script: the matchups
with their intervals and verdicts, and the shipped critics' figures."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1] / "docs" / "results" / "scripts"


def test_the_tiny_scale_writes_the_page(tmp_path: Path) -> None:
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    learned = importlib.import_module("learned")
    out = tmp_path / "learned.md"
    argv = [
        "--scale",
        "tiny",
        "--runs",
        str(tmp_path / "runs"),
        "--output",
        str(out),
        "--jobs",
        "1",
    ]
    assert learned.main(argv) == 0
    text = out.read_text()
    assert (
        "| cavein | 2 | `az:iterations=4,name=az` | `ismcts:iterations=4` | 2 |" in text
    )
    assert "65.0%: " in text and "80.0%: " in text
    # a 3-player matchup against a field: every seating of the three bots
    assert "| cavein | 3 | `greedy` | `raider,miner` | 6 |" in text
    assert "--players greedy,raider,miner --num-players 3 --games 6" in text
    assert (tmp_path / "runs" / "cavein-3p-greedy-vs-raider+miner").is_dir()
    assert "| `cavein-2p` | outcome | 4000 |" in text
    assert (tmp_path / "runs" / "krysis-az-vs-greedy" / "games.jsonl").is_file()


def test_one_matchup_is_played_and_the_other_rows_are_kept(tmp_path: Path) -> None:
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    learned = importlib.import_module("learned")
    out = tmp_path / "learned.md"
    runs = tmp_path / "runs"
    argv = ["--scale", "tiny", "--runs", str(runs), "--output", str(out)]
    assert learned.main([*argv, "--jobs", "1"]) == 0
    first = out.read_text()
    az_row = next(x for x in first.splitlines() if "`ismcts:iterations=4`" in x)
    # an edited figure of another matchup survives a run of one matchup
    cells = az_row.split(" | ")
    cells[5] = "12.3% (edited)"
    edited = " | ".join(cells)
    out.write_text(first.replace(az_row, edited))
    (runs / "cavein-3p-greedy-vs-raider+miner" / "games.jsonl").unlink()
    assert learned.main([*argv, "--match", "cavein-3p-greedy-vs-raider+miner"]) == 0
    text = out.read_text()
    assert edited in text  # kept (its cells as they were), not replayed
    assert (runs / "cavein-3p-greedy-vs-raider+miner" / "games.jsonl").is_file()
    assert "played cavein-3p-greedy-vs-raider+miner only, the other rows" in text
    assert text.count("- `scavenger tournament") == first.count(
        "- `scavenger tournament"
    )
    try:
        learned.main([*argv, "--match", "nothing"])
    except SystemExit as err:
        assert err.code == 2
    else:
        raise AssertionError("an unknown matchup was accepted")
