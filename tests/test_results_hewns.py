"""The results scripts cover Hewns, and `--game GAME` rewrites only that game's
sections of an existing page, keeping the other games' figures as they were."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "docs" / "results" / "scripts"


def _script(name: str) -> ModuleType:
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    return importlib.import_module(name)


def test_splice_replaces_a_games_block_and_keeps_the_rest() -> None:
    page = _script("_page")
    text = "# Page\n\n## cavein\n\nfigures\n"
    once = page.splice_game(text, "hewns", "## Hewns\n\nold")
    assert once.startswith(text.rstrip("\n"))
    assert "<!-- hewns: begin -->" in once and "<!-- hewns: end -->" in once
    twice = page.splice_game(once + "\n## after\n", "hewns", "## Hewns\n\nnew")
    assert "old" not in twice and "new" in twice
    assert twice.count("<!-- hewns: begin -->") == 1
    assert twice.startswith(text.rstrip("\n")) and twice.endswith("## after\n")


def test_splice_replaces_a_full_runs_unmarked_sections_of_the_game() -> None:
    page = _script("_page")
    text = (
        "# Page\n\nintro\n\n## cavein, 2 players\n\nc2\n\n"
        "## krysis, 2 players\n\nold k2\n\n## krysis, 3 players\n\nold k3\n\n"
        "<!-- hewns: begin -->\n\n## hewns, 2 players\n\nh2\n\n<!-- hewns: end -->\n"
    )
    out = page.splice_game(text, "krysis", "## krysis, 2 players\n\nnew k2")
    assert "old k2" not in out and "old k3" not in out
    assert out.index("c2") < out.index("new k2") < out.index("h2")
    assert out.count("<!-- krysis: begin -->") == 1
    assert out.count("## krysis,") == 1 and "intro" in out


def test_every_script_knows_hewns() -> None:
    assert "hewns" in _script("ladder").LINEUPS
    assert "hewns" in _script("benchmarks").GAMES
    assert _script("balance").SCALES["ci"].hewns_mirrors


def test_the_ladder_rewrites_only_the_games_asked_for(tmp_path: Path) -> None:
    ladder = _script("ladder")
    out = tmp_path / "ladder.md"
    before = "# Bot ladder\n\n## cavein, 2 players\n\nthe figures, kept as they are\n"
    out.write_text(before)
    argv = ["--scale", "tiny", "--game", "hewns"]
    ladder.write_page("tiny", 1, 1, tmp_path / "runs", out, argv, ["hewns"])
    text = out.read_text()
    assert text.startswith(before.rstrip("\n"))
    assert "## hewns, 2 players" in text and "cavein-2p" not in text
    assert (
        "Hewns's sections, written apart: `python docs/results/scripts/ladder.py"
        in text
    )
    assert "mean normal Substract" in text  # the game's own score unit
    ladder.write_page("tiny", 1, 1, tmp_path / "runs", out, argv, ["hewns"])
    assert out.read_text().count("## hewns, 2 players") == 1


def test_benchmarks_rewrite_only_the_games_asked_for(tmp_path: Path) -> None:
    bench = _script("benchmarks")
    out = tmp_path / "benchmarks.md"
    out.write_text("# Benchmarks\n\n| cavein | 2 | 1 |\n")
    argv = ["--scale", "quick", "--game", "hewns"]
    bench.write_page("quick", out, argv, games=["hewns"])
    text = out.read_text()
    assert text.startswith("# Benchmarks\n\n| cavein | 2 | 1 |\n")
    assert "## Hewns" in text and "| hewns | 4 |" in text
    assert "| krysis |" not in text


@pytest.mark.slow
def test_the_balance_page_has_hewns(tmp_path: Path) -> None:
    balance = _script("balance")
    out = balance.write_page(
        "tiny", tmp_path / "runs", None, 1, tmp_path / "balance.md", ["--scale", "tiny"]
    )
    text = out.read_text()
    assert "| hewns | prospector ×2 | 2 |" in text
    assert "| hewns | carried Substract does not score |" in text


def test_every_ladder_has_the_search_and_the_shipped_models() -> None:
    """The ladders hold every bot: the scripted ones and ismcts everywhere, ppo
    and az exactly where a model is shipped for the game and player count."""
    from agents.ppo import shipped_models
    from agents.tournament.plan import split_players

    ladder = _script("ladder")
    shipped = set(shipped_models())
    for x in ladder.SCALES["full"]:
        bots = split_players(x.players)
        assert bots[: len(ladder.LINEUPS[x.game].split(","))] == ladder.LINEUPS[
            x.game
        ].split(","), x.name
        assert "ismcts" in bots, x.name
        learned = "ppo" in bots and "az:iterations=100,name=az" in bots
        assert learned == (x.name in shipped), x.name
    assert {x.name for x in ladder.SCALES["full"]} >= shipped
