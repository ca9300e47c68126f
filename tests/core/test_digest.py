"""The digest every game shares: plain values only, the same in both builds, and
no presentation text in it."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

import pytest

from scavenger_env.core.digest import (
    DIGEST_LENGTH,
    Fields,
    game_digest,
    plain,
    state_text,
)
from scavenger_env.core.games import GAMES, get_game
from scavenger_env.core.simulate import play_random_game
from scavenger_env.krysis.engine import KrysisConfig, Phase, new_game
from scavenger_env.krysis.engine.state import FIELDS, HISTORY_FIELDS
from scavenger_env.krysis.game import KRYSIS


class Colour(IntEnum):
    RED = 0
    BLUE = 1


def test_plain_values() -> None:
    assert plain(Colour.BLUE) == 1 and type(plain(Colour.BLUE)) is int
    assert plain([Colour.RED, 2]) == [0, 2]
    assert plain(0.5) == {"float": "0x1.0000000000000p-1"}
    assert plain({3, 1, 2}) == {"set": [1, 2, 3]}
    assert plain({2: "b", 1: "a"}) == {"dict": [[1, "a"], [2, "b"]]}
    assert plain(Fields(b=1, a=2)) == {"b": 1, "a": 2}
    assert list(plain(Fields(b=1, a=2))) == ["b", "a"]  # named fields keep order
    assert plain((True, None, "x")) == [True, None, "x"]


def test_plain_refuses_what_it_does_not_know() -> None:
    with pytest.raises(TypeError, match="no canonical form"):
        plain(object())
    with pytest.raises(TypeError, match="no canonical form"):
        plain([1, object()])


def test_an_enum_and_its_number_digest_alike() -> None:
    """The pure build keeps enums where the compiled one keeps ints."""
    assert state_text({"phase": Colour.BLUE}) == state_text({"phase": 1})
    assert game_digest({"phase": Colour.BLUE}, 1, [2]) == game_digest(
        {"phase": 1}, 1, [2]
    )


def test_the_digest_covers_seed_actions_and_position() -> None:
    base = game_digest({"a": [1, 2]}, 1, [3, 4])
    assert len(base) == DIGEST_LENGTH and int(base, 16) >= 0
    assert game_digest({"a": [1, 2]}, 2, [3, 4]) != base
    assert game_digest({"a": [1, 2]}, 1, [4, 3]) != base
    assert game_digest({"a": [2, 1]}, 1, [3, 4]) != base


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_gives_plain_state_data(name: str) -> None:
    """Each game's position is data the digest knows, with no words in it."""
    game = get_game(name)
    state, actions = play_random_game(game, game.make_config(2), 3)
    text = state_text(game.state_data(state))
    assert game.digest(state, 3, actions) == game_digest(
        game.state_data(state), 3, actions
    )
    assert "log" not in game.state_data(state)
    assert len(text) > 100


def _finished_krysis() -> tuple[Any, list[int]]:
    return play_random_game(KRYSIS, KrysisConfig(num_players=3), 8)


def test_krysis_digest_ignores_the_log() -> None:
    """Rewording an event's message changes no stored record."""
    state, actions = _finished_krysis()
    digest = KRYSIS.digest(state, 8, actions)
    assert state.log
    state.log = [line.upper() for line in state.log]
    assert KRYSIS.digest(state, 8, actions) == digest


def test_krysis_digest_covers_every_other_field() -> None:
    state, actions = _finished_krysis()
    digest = KRYSIS.digest(state, 8, actions)
    fresh = new_game(KrysisConfig(num_players=3), 8)
    changed = [
        name
        for name in FIELDS
        if name not in ("log", "config", "n", *HISTORY_FIELDS)
        and getattr(fresh, name) != getattr(state, name)
    ]
    assert len(changed) > 15
    for name in changed:
        other = state.clone()
        setattr(other, name, getattr(fresh, name))
        assert KRYSIS.digest(other, 8, actions) != digest, name
    for name in HISTORY_FIELDS:  # counts of what happened: the actions say it
        other = state.clone()
        setattr(other, name, getattr(fresh, name))
        assert KRYSIS.digest(other, 8, actions) == digest, name


def test_krysis_digest_is_the_same_with_the_phase_as_enum_or_int() -> None:
    state, actions = _finished_krysis()
    state.phase = Phase.GAME_OVER
    as_enum = KRYSIS.digest(state, 8, actions)
    state.phase = int(Phase.GAME_OVER)
    assert KRYSIS.digest(state, 8, actions) == as_enum


def test_krysis_first_digest_has_a_form_per_build() -> None:
    """Records without a digest version: the pure build hashed the phase's repr
    as an enum, the compiled build as an int; both are accepted, and they differ."""
    state, actions = _finished_krysis()
    pure, compiled = KRYSIS.digests_for(1, state, 8, actions)
    assert pure != compiled
    assert KRYSIS.digest(state, 8, actions) not in (pure, compiled)


def test_krysis_first_digest_names_the_phases_as_the_pure_build_did() -> None:
    """The pure build's repr of the phase is written out by number (the compiled
    build has no enum repr to ask): the names are rules 1's phases."""
    from scavenger_env.krysis.engine.digest import _PHASE_NAMES, _PhaseRepr

    assert tuple(p.name for p in Phase) == _PHASE_NAMES
    assert repr(_PhaseRepr(14)) == "<Phase.GAME_OVER: 14>"
