"""Krysis rules version 1: games recorded under it replay exactly as played.

`rules_v1_games.json` holds 30 games (every variant, 2-4 players) played with
random legal moves by the engine before rules version 2 existed: config, seed,
actions, final scores and digests (of the final state, and of the game: the first
digest, which records of that time hold). Under `rules_version=1` each must replay
with the same actions legal, the same scores and the same game digest, so old
records stay valid.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scavenger_env.krysis.engine import (
    KrysisConfig,
    apply_action,
    final_scores,
    new_game,
)
from scavenger_env.krysis.engine.digest import legacy_game_digests

GAMES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "rules_v1_games.json").read_text()
)


def test_the_recorded_games_are_rules_1_games() -> None:
    assert len(GAMES) == 30
    assert {g["config"]["rules_version"] for g in GAMES} == {1}


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_a_rules_1_game_replays_as_recorded(index: int) -> None:
    game = GAMES[index]
    config = KrysisConfig.from_dict(game["config"])
    s = new_game(config, game["seed"])
    for action in game["actions"]:
        apply_action(s, action)  # each one still legal
    assert s.is_over
    assert final_scores(s) == game["scores"]
    pure, _ = legacy_game_digests(s, game["seed"], game["actions"])
    assert pure == game["game_digest"]  # recorded by the pure build
