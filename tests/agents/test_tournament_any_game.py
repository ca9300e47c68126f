"""The tournament plays any registered game: Sealed Bids (tests/sealed_bids.py),
a game that is not Cave-In, through the game interface alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents.registry import REGISTRY
from agents.report import format_markdown, format_table
from agents.tournament import (
    GAMES_FILE,
    SETTINGS_FILE,
    SUMMARY_FILE,
    TournamentError,
    make_plan,
    run_tournament,
    summarize_games,
)
from agents.tournament.runner import _ChunkPlayer
from scavenger_env.core import games
from scavenger_env.core.records import iter_records
from scavenger_env.core.simulate import replay_record


class LowBall:
    """Bids its lowest card: a bot that plays Sealed Bids only."""

    name = "lowball"

    def reset(self, seat: int, config: Any) -> None:
        self.seat = seat

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        assert view.game.name == "bids" and view.seat == self.seat
        return min(legal)


@pytest.fixture
def bids(bids_game: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    # Forked workers inherit the registries as they are when the pool starts.
    monkeypatch.setitem(REGISTRY, "lowball", {"bids": LowBall})
    return bids_game


def bids_plan(games: int = 12, players: str = "random,lowball,random") -> Any:
    return make_plan(players, 2, games=games, seed=4, game="bids")


def test_a_tournament_of_another_game_is_the_same_with_one_or_two_jobs(
    bids: Any, tmp_path: Path
) -> None:
    one = run_tournament(bids_plan(), tmp_path / "one", jobs=1)
    two = run_tournament(bids_plan(), tmp_path / "two", jobs=2)
    assert one.complete and two.complete and one.played == 12
    data = (tmp_path / "one" / GAMES_FILE).read_bytes()
    assert data == (tmp_path / "two" / GAMES_FILE).read_bytes()
    records = list(iter_records(tmp_path / "one" / GAMES_FILE))
    assert {r.game for r in records} == {"bids"}
    assert {tuple(r.players or ()) for r in records} >= {
        ("random#1", "lowball"),
        ("lowball", "random#1"),
    }
    for record in records:
        assert set(record.meta or {}) == {"deal", "seating", "rng_seed"}
        replay_record(record)  # each record replays to its outcome and digest
    settings = json.loads((tmp_path / "one" / SETTINGS_FILE).read_text())
    assert settings["game"] == "bids"
    assert settings["config"] == bids.make_config(2).to_dict()


def test_a_folder_of_another_game_resumes(bids: Any, tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    run_tournament(bids_plan(), reference, jobs=1)
    folder = tmp_path / "resumed"
    first = run_tournament(bids_plan(), folder, jobs=2, max_games=5)
    assert (first.played, first.complete) == (5, False)
    rest = run_tournament(bids_plan(), folder, jobs=1)
    assert (rest.resumed, rest.played, rest.complete) == (5, 7, True)
    assert (folder / GAMES_FILE).read_bytes() == (reference / GAMES_FILE).read_bytes()
    with pytest.raises(TournamentError, match="game: bids there, cavein now"):
        run_tournament(make_plan("random,random", games=2, seed=4), folder)


def test_the_statistics_of_another_game(bids: Any, tmp_path: Path) -> None:
    plan = bids_plan()
    result = run_tournament(plan, tmp_path, jobs=1)
    summary = summarize_games(plan, tmp_path)
    assert summary["game"] == "bids"
    assert {p["player"] for p in summary["players"]} == set(plan.labels)
    assert sum(p["games"] for p in summary["players"]) == 2 * plan.games
    assert json.loads((tmp_path / SUMMARY_FILE).read_text()) == summary
    assert "positions" not in summary or not summary["positions"]  # no start player
    # The score unit is the game's: Sealed Bids keeps the default, "points".
    assert result.summary is not None
    assert "mean points" in format_table(result.summary)
    assert "mean points" in format_markdown(result.summary)
    assert "VP" not in format_table(result.summary)


def test_a_bot_that_does_not_play_the_game_is_refused(bids: Any) -> None:
    with pytest.raises(TournamentError) as info:
        make_plan("random,greedy", games=2, game="bids")
    message = str(info.value)
    assert "'greedy' does not play 'bids'" in message
    assert "lowball" in message and "random" in message


def test_an_unknown_game_is_refused_with_the_games_listed() -> None:
    with pytest.raises(TournamentError, match=r"unknown game 'chess'.*cavein"):
        make_plan("random,random", games=2, game="chess")


def test_the_chunk_player_carries_the_game_and_the_lineups_entries(
    bids: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A spawned or Ray worker knows neither the game nor an agent registered at
    run time: both travel with the chunk player as "module:attr" strings."""
    monkeypatch.setitem(REGISTRY, "blind", {"bids": "agents.base:RandomAgent"})
    plan = bids_plan(games=2, players="blind,random")
    work = _ChunkPlayer(plan.game, plan.config.to_dict(), plan.specs)
    assert work.game_entry == "sealed_bids:BIDS"
    assert work.registry == {
        "blind": {"bids": "agents.base:RandomAgent"},
        "random": {"*": "agents.base:RandomAgent"},
    }
    # A fresh worker: the game and the agent are unknown until the chunk arrives.
    monkeypatch.delitem(games.GAMES, "bids")
    monkeypatch.delitem(games._LOADED, "bids", raising=False)
    monkeypatch.delitem(REGISTRY, "blind")
    lines = work([plan.task(0), plan.task(1)])
    assert [json.loads(record)["game"] for record, _ in lines] == ["bids", "bids"]


def test_a_cave_in_folder_without_a_game_resumes_as_cave_in(tmp_path: Path) -> None:
    """Folders written before tournament.json named its game hold Cave-In."""
    plan = make_plan("random,random", games=6, seed=8)
    reference = tmp_path / "reference"
    run_tournament(plan, reference, jobs=1, outputs=False)
    folder = tmp_path / "old"
    run_tournament(plan, folder, jobs=1, max_games=2)
    settings_path = folder / SETTINGS_FILE
    settings = json.loads(settings_path.read_text())
    del settings["game"]
    settings_path.write_text(json.dumps(settings, indent=2) + "\n")
    result = run_tournament(plan, folder, jobs=2)
    assert (result.resumed, result.played, result.complete) == (2, 4, True)
    assert (folder / GAMES_FILE).read_bytes() == (reference / GAMES_FILE).read_bytes()
    assert json.loads(settings_path.read_text())["game"] == "cavein"
