"""Only ints are actions, in every registered game: `apply_action` refuses a
float, a fraction, an array, a string, None or a bool with `IllegalActionError`
naming its type, and the state stays as it was; a numpy integer is an action.
(`check_game` checks it too: tests/core/test_game_check.py.)"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.core.games import GAMES, get_game

NOT_ACTIONS = (
    ("float", float),
    ("Fraction", Fraction),
    ("ndarray", np.array),
    ("ndarray", lambda a: np.array([a])),
    ("float64", np.float64),
    ("str", str),
    ("NoneType", lambda a: None),
)


def _positions(name: str, steps: int = 60) -> list[object]:
    """States of a random game of `name` (chance included), one per action."""
    game = get_game(name)
    rng = np.random.default_rng(3)
    state = game.new_game(game.make_config(game.min_players), 3)
    seen = []
    for _ in range(steps):
        if game.is_over(state):
            break
        seen.append(game.clone(state))
        legal = game.legal_actions(state)
        game.apply_action(state, legal[int(rng.integers(len(legal)))])
    return seen


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("kind", "make"), NOT_ACTIONS)
def test_anything_but_an_int_is_refused_and_changes_nothing(
    name: str, kind: str, make: object
) -> None:
    game = get_game(name)
    for state in _positions(name):
        legal = game.legal_actions(state)
        value = make(legal[-1])  # type: ignore[operator]
        before = game.clone(state)
        with pytest.raises(IllegalActionError, match=kind):
            game.apply_action(state, value)
        assert game.same_state(state, before)
        assert kind in game.explain_illegal(state, value)
        game.legal_actions(state)  # still answers


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bool_is_no_action(name: str) -> None:
    """True is an int to Python, not an action (where 1 is legal too)."""
    game = get_game(name)
    for state in _positions(name):
        for value in (False, True):
            before = game.clone(state)
            with pytest.raises(IllegalActionError, match="bool"):
                game.apply_action(state, value)
            assert game.same_state(state, before)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_numpy_integer_is_an_action(name: str) -> None:
    game = get_game(name)
    for state in _positions(name, 20):
        legal = game.legal_actions(state)
        twin = game.clone(state)
        game.apply_action(state, np.int64(legal[0]))
        game.apply_action(twin, legal[0])
        assert game.same_state(state, twin)


def test_a_float_bid_no_longer_breaks_a_hewns_game() -> None:
    """The reported case: a float amount went into a Bidox and the next
    `legal_actions` raised TypeError."""
    game = get_game("hewns")
    state = game.new_game(game.make_config(2), 1)
    tried = 0
    for _ in range(300):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        before = game.clone(state)
        with pytest.raises(IllegalActionError, match="float"):
            game.apply_action(state, float(legal[-1]))
        assert game.same_state(state, before)
        game.legal_actions(state)
        tried += 1
        game.apply_action(state, legal[-1])
    assert tried > 100
