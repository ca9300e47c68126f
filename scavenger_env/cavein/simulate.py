"""Play Cave-In games with random legal moves, record them, and replay records.

Cave-In's names for the generic tools of :mod:`scavenger_env.core.simulate`
(which play, record and replay any game): a game is exactly
``(config, seed, actions)``; :func:`play_random_game` plays one,
:func:`record_from_game` turns it into a :class:`~scavenger_env.core.GameRecord`,
and :func:`replay_record` / :func:`replay_transcript` rebuild it from the record
and check its outcome and digest.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from scavenger_env.core import simulate as _core
from scavenger_env.core.records import GameRecord
from scavenger_env.core.simulate import (
    MAX_DECISIONS,
    RandomChooser,
    choice_rng,
    replay_record,
    replay_transcript,
)

from .engine import GameConfig, GameState
from .game import CAVEIN

__all__ = [
    "GAME",
    "MAX_DECISIONS",
    "RandomChooser",
    "choice_rng",
    "play_random_game",
    "record_from_game",
    "replay_record",
    "replay_transcript",
    "simulate_games",
]

GAME = CAVEIN.name
"""The ``game`` field of Cave-In records."""


def play_random_game(
    config: GameConfig, seed: int, rng_seed: int | None = None
) -> tuple[GameState, list[int]]:
    """One Cave-In game of uniformly random legal moves (see
    :func:`scavenger_env.core.simulate.play_random_game`)."""
    state, actions = _core.play_random_game(CAVEIN, config, seed, rng_seed)
    return state, actions


def record_from_game(
    config: GameConfig, seed: int, state: GameState, actions: Sequence[int]
) -> GameRecord:
    """The record of a finished Cave-In game, with the digest of its final state."""
    return CAVEIN.record(config, seed, state, actions)


def simulate_games(config: GameConfig, seeds: Iterable[int]) -> Iterator[GameRecord]:
    """One random Cave-In game per seed, yielding records."""
    return _core.simulate_games(CAVEIN, config, seeds)


def total_turns(state: GameState) -> int:
    """Turns taken so far, all players together (`CAVEIN.turns`)."""
    return CAVEIN.turns(state)
