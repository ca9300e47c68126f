"""The digests records carry: every state field counts, lists keep their order, and
the value does not depend on the Python hash seed."""

from __future__ import annotations

import os
import subprocess
import sys
from enum import IntEnum
from typing import Any

import pytest

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    game_digest,
    state_digest,
)
from scavenger_env.cavein.engine.digest import DIGEST_LENGTH
from scavenger_env.cavein.engine.state import (
    GAME_FIELDS,
    PLAYER_FIELDS,
    TURN_FIELDS,
    same_state,
    snapshot,
)
from scavenger_env.cavein.simulate import play_random_game


@pytest.fixture(scope="module")
def finished() -> tuple[GameState, list[int]]:
    return play_random_game(GameConfig(num_players=3), 11)


def changed(value: Any) -> Any:
    """Another value of the same type (for any kind of field a state holds)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, IntEnum):
        members = list(type(value))
        return members[(members.index(value) + 1) % len(members)]
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, 7]
    if isinstance(value, tuple):
        return (*value, False)
    if isinstance(value, set):
        return value | {999}
    if isinstance(value, dict):
        return {**value, 999: 1}
    if isinstance(value, GameConfig):
        return GameConfig(
            num_players=value.num_players, max_rounds=value.max_rounds + 1
        )
    raise AssertionError(f"no change known for {type(value).__name__}")


def test_digest_is_hex_of_the_documented_length(finished: Any) -> None:
    digest = state_digest(finished[0])
    assert len(digest) == DIGEST_LENGTH
    assert set(digest) <= set("0123456789abcdef")
    assert state_digest(finished[0].clone()) == digest


@pytest.mark.parametrize(
    "name", [n for n in GAME_FIELDS if n not in ("players", "turn", "cards")]
)
def test_every_game_field_changes_the_digest(finished: Any, name: str) -> None:
    state = finished[0].clone()
    before = state_digest(state)
    setattr(state, name, changed(getattr(state, name)))
    assert state_digest(state) != before


@pytest.mark.parametrize("name", PLAYER_FIELDS)
def test_every_player_field_changes_the_digest(finished: Any, name: str) -> None:
    state = finished[0].clone()
    before = state_digest(state)
    player = state.players[1]
    setattr(player, name, changed(getattr(player, name)))
    assert state_digest(state) != before


@pytest.mark.parametrize("name", TURN_FIELDS)
def test_every_turn_field_changes_the_digest(finished: Any, name: str) -> None:
    state = finished[0].clone()
    before = state_digest(state)
    setattr(state.turn, name, changed(getattr(state.turn, name)))
    assert state_digest(state) != before


def test_the_card_table_counts(finished: Any) -> None:
    """The card table follows from the config, but is hashed as a field too."""
    from scavenger_env.cavein.engine.data import card_table

    state = finished[0].clone()
    before = state_digest(state)
    state.cards = card_table("4/4/3/2")
    assert state_digest(state) != before


def test_the_order_of_a_base_counts(finished: Any) -> None:
    state = finished[0].clone()
    seat = max(range(3), key=lambda p: len(state.players[p].base))
    base = state.players[seat].base
    assert len(set(base)) >= 2
    before = state_digest(state)
    base[0], base[1] = base[1], base[0]
    assert state_digest(state) != before


def test_game_digest_depends_on_seed_actions_and_state(finished: Any) -> None:
    state, actions = finished
    digest = game_digest(state, 11, actions)
    assert len(digest) == DIGEST_LENGTH
    assert game_digest(state, 12, actions) != digest
    swapped = [actions[1], actions[0], *actions[2:]]
    assert game_digest(state, 11, swapped) != digest
    other = state.clone()
    other.cave_in += 1
    assert game_digest(other, 11, actions) != digest


def test_a_state_field_of_unknown_type_is_an_error() -> None:
    """A kind of value the digest has no canonical form for is refused, not
    hashed by its repr (the compiled state refuses such a field itself, so the
    canonical form is checked directly)."""
    from scavenger_env.core.digest import plain as _plain

    with pytest.raises(TypeError, match="no canonical form"):
        _plain(object())
    with pytest.raises(TypeError, match="no canonical form"):
        _plain([1, object()])


def test_digest_does_not_depend_on_the_hash_seed(finished: Any) -> None:
    code = (
        "from scavenger_env.cavein.engine import GameConfig, game_digest\n"
        "from scavenger_env.cavein.simulate import play_random_game\n"
        "s, a = play_random_game(GameConfig(num_players=3), 11)\n"
        "print(game_digest(s, 11, a))\n"
    )
    expected = game_digest(finished[0], 11, finished[1])
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env=env,
            timeout=120,
        )
        assert out.stdout.strip() == expected


@pytest.mark.parametrize(
    ("where", "name"),
    [("game", n) for n in GAME_FIELDS if n not in ("players", "turn", "cards")]
    + [("player", n) for n in PLAYER_FIELDS]
    + [("turn", n) for n in TURN_FIELDS],
)
def test_same_state_sees_every_field(finished: Any, where: str, name: str) -> None:
    """`same_state` (the tournament's replay check) agrees with the digest and
    with comparing snapshots: one changed field makes the states differ."""
    state = finished[0]
    other = state.clone()
    assert same_state(state, other) and snapshot(state) == snapshot(other)
    target = {"game": other, "player": other.players[1], "turn": other.turn}[where]
    setattr(target, name, changed(getattr(target, name)))
    assert not same_state(state, other)
    assert not same_state(other, state)
    assert snapshot(state) != snapshot(other)
