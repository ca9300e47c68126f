"""Chance during play, made explicit: a state may be at a chance node.

At a chance node nobody decides: `Game.current_player` is :data:`CHANCE`,
`Game.chance_outcomes` lists the outcomes with their probabilities, and
`Game.apply_action(state, outcome)` plays the one drawn. The tools draw it from
the game's own seeded `numpy.random.Generator` (the one `new_game` dealt with:
:func:`game_rng`) and keep it in the game's action list, so a record holds every
roll and a replay never depends on the order of draws; a test applies the outcome
it wants; a bot planning on a state from `determinize` draws the future afresh.

A game without chance after set-up never reaches a chance node and needs nothing
of this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from scavenger_env.core.game import Game

__all__ = ["CHANCE", "check_outcomes", "game_rng", "play_chance", "sample_outcome"]

CHANCE = -1
"""`Game.current_player` at a chance node (as OpenSpiel numbers its chance player)."""

_TOLERANCE = 1e-9


def game_rng(seed: int | np.random.Generator) -> np.random.Generator:
    """The game's generator: `new_game` deals with it, and chance during play draws
    from it afterwards. A seed gives `numpy.random.default_rng(seed)`, so
    `new_game(config, seed)` deals as `new_game(config, game_rng(seed))` does."""
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(seed)


def check_outcomes(outcomes: Sequence[tuple[int, float]]) -> None:
    """Raise `ValueError` unless `outcomes` are distinct ids with probabilities
    that are positive and sum to 1 (a game's bug, not a user's)."""
    if not outcomes:
        raise ValueError("a chance node with no outcome")
    ids = [o for o, _ in outcomes]
    if len(set(ids)) != len(ids):
        raise ValueError(f"a chance node lists an outcome twice: {ids}")
    probabilities = [p for _, p in outcomes]
    if any(not p > 0 for p in probabilities):
        raise ValueError(f"a chance outcome without a positive probability: {outcomes}")
    if abs(sum(probabilities) - 1.0) > _TOLERANCE:
        raise ValueError(f"chance probabilities sum to {sum(probabilities)}, not 1")


def sample_outcome(
    outcomes: Sequence[tuple[int, float]], rng: np.random.Generator
) -> int:
    """One outcome drawn by its probability: one `rng.random()` per draw."""
    u = rng.random()
    cumulative = list(accumulate(p for _, p in outcomes))
    total = cumulative[-1]
    for (outcome, _), edge in zip(outcomes, cumulative):
        if u * total < edge:
            return outcome
    return outcomes[-1][0]  # u * total rounded up to the last edge


def play_chance(
    game: Game[Any, Any],
    state: Any,
    rng: np.random.Generator,
    actions: list[int] | None = None,
) -> None:
    """Draw and play every chance outcome due now, until a player is to move or
    the game is over; each outcome is appended to `actions` (the game's record)."""
    while not game.is_over(state) and game.is_chance_node(state):
        outcome = sample_outcome(game.chance_outcomes(state), rng)
        game.apply_legal_action(state, outcome)
        if actions is not None:
            actions.append(outcome)
