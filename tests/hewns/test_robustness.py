"""Robustness over random games: masks are exact (every legal action leads to a
position with something to do, and every chain it starts can be finished), and
bad input is refused without changing the position.

Rulebook basis: every decision of the rules has at least one way to go on
("the Hewn who's turn it is, can continue moving or stop moving"), so a legal
action never leads to a position where nothing is legal.
"""

from __future__ import annotations

import numpy as np
import pytest

import scavenger_env
from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import NUM_ACTIONS
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.state import State

GAMES = 30 if scavenger_env.BUILD != "compiled" else 90
#: decisions checked exhaustively per game (the rest of the game is played on)
CHECKED = 250


def _live(state: State) -> bool:
    """Over, at a chance node, or with a non-empty legal list."""
    return state.over or is_chance(state) or bool(rules.legal_actions(state))


def _walk_chain(state: State, action: int, rng: np.random.Generator) -> None:
    """Play `action` and random completions until the frame stack is back to
    its depth before `action` (or less): no step on the way may be empty."""
    depth = len(state.frames)
    rules.apply_action(state, action)
    for _ in range(2000):
        if state.over or len(state.frames) <= depth:
            return
        legal = rules.legal_actions(state)
        assert legal, "a chain reached a decision with nothing legal"
        rules.apply_action(state, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_leads_somewhere(players: int) -> None:
    """Masks are exact: for every legal action at every decision (the first
    `CHECKED` of each game), the position after it has something to do; for
    a sample, the chain it starts is finished by random completions without
    ever meeting an empty legal list."""
    for seed in range(GAMES):
        rng = np.random.default_rng(1000 * players + seed)
        state = rules.new_game(HewnsConfig(num_players=players), rng)
        steps = 0
        while not state.over:
            legal = rules.legal_actions(state)
            assert legal
            if steps < CHECKED and not is_chance(state):
                for action in legal:
                    after = state.clone()
                    rules.apply_action(after, action)
                    assert _live(after), (seed, steps, action)
                if rng.random() < 0.2:
                    action = legal[int(rng.integers(len(legal)))]
                    _walk_chain(state.clone(), action, rng)
            rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
            steps += 1


def _snapshot(state: State) -> tuple[object, ...]:
    """Every field of the position, frames and pending chance included."""
    frames = [f.key() for f in state.frames]
    return (
        state_data(state),
        frames,
        list(state.roll_queue),
        list(state.draw_queue),
        state.decisions,
        state.over,
    )


def _bad_ids(state: State, rng: np.random.Generator) -> list[object]:
    """Out of range, of other blocks, and legal-looking but wrong ids."""
    legal = set(rules.legal_actions(state))
    wrong = [a for a in range(NUM_ACTIONS) if a not in legal]
    picked = [wrong[int(i)] for i in rng.integers(len(wrong), size=min(8, len(wrong)))]
    near = [a + d for a in legal for d in (-1, 1) if 0 <= a + d < NUM_ACTIONS]
    near = [a for a in near if a not in legal][:4]
    return [-1, NUM_ACTIONS, NUM_ACTIONS + 7, 10**9, *picked, *near]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bad_input_is_refused_and_changes_nothing(players: int) -> None:
    """An illegal id raises `IllegalActionError` with a message and leaves the
    position exactly as it was."""
    for seed in range(10):
        rng = np.random.default_rng(500 + 10 * players + seed)
        state = rules.new_game(HewnsConfig(num_players=players), rng)
        steps = 0
        while not state.over and steps < 600:
            legal = rules.legal_actions(state)
            if rng.random() < 0.1:
                before = _snapshot(state)
                for bad in _bad_ids(state, rng):
                    with pytest.raises(IllegalActionError) as err:
                        rules.apply_action(state, bad)  # type: ignore[arg-type]
                    assert str(err.value)
                    assert _snapshot(state) == before
            rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
            steps += 1
        if state.over:
            before = _snapshot(state)
            with pytest.raises(IllegalActionError):
                rules.apply_action(state, 0)
            assert _snapshot(state) == before
