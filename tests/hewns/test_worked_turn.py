"""The worked turn on the Hewns page is a turn the engine plays: it is played
afresh for the page, replays from its position to the same end, and shows the
parts of a player turn it promises."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.game import HEWNS
from scavenger_env.hewns.worked_turn import (
    MINE_SPACE,
    _position,
    play_worked_turn,
    worked_turn,
)

ROOT = Path(__file__).resolve().parents[2]


def gamepages():
    spec = importlib.util.spec_from_file_location(
        "gamepages", ROOT / "docs" / "_ext" / "gamepages.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_shows_the_turn_the_engine_plays() -> None:
    page = gamepages().game_page("hewns")
    assert "### A worked turn\n\n" + worked_turn() in page
    assert worked_turn() == worked_turn()  # the same seed, the same turn


def test_the_turn_replays_from_its_position_to_the_same_end() -> None:
    turn = play_worked_turn()
    state, _ = _position()
    for action in turn.actions:
        if not HEWNS.is_chance_node(state):
            assert action in HEWNS.legal_actions(state)
        HEWNS.apply_action(state, action)
    assert turn.end is not None
    assert state_data(state) == state_data(turn.end)


def test_the_turn_has_every_part_of_a_player_turn() -> None:
    turn = play_worked_turn()
    taken = [s.taken for s in turn.steps]
    assert any(t.startswith("activate Fogbear") for t in taken)
    assert any(f"step to space {MINE_SPACE}" in t for t in taken)
    assert any(t.endswith(": mine") for t in taken)
    assert any("mining die shows" in t for t in taken)
    assert any("danger die shows" in t for t in taken)
    assert "end the Hewn turn" in taken
    assert turn.end is not None and turn.start is not None
    assert turn.end.screen_normal[0] > turn.start.screen_normal[0]
    text = worked_turn()
    assert f"screen holds {turn.end.screen_normal[0]} normal Substract" in text


def test_another_seed_rolls_other_dice() -> None:
    assert worked_turn(2) != worked_turn(1)
