"""Cave-In's position as plain data, for the digest every game shares
(`scavenger_env.core.digest`).

Every field of the state counts: lists keep their order (the Base order, the cards
played), sets and dicts are sorted by the core, the config is its `to_dict()` by
name. A field added to `GAME_FIELDS`, `PLAYER_FIELDS` or `TURN_FIELDS` is included
without a change here. This is the text Cave-In's digest has always been taken of,
so its records of digest version 1 and 2 hold the same value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scavenger_env.core import digest as core_digest
from scavenger_env.core.digest import DIGEST_LENGTH, Fields, fields_of

from .config import GameConfig
from .data import CardTable
from .state import (
    GAME_FIELDS,
    PLAYER_FIELDS,
    TURN_FIELDS,
    GameState,
    PlayerState,
    TurnState,
)

__all__ = ["DIGEST_LENGTH", "game_digest", "state_data", "state_digest", "state_text"]


def state_data(state: GameState) -> Fields:
    """Every field of ``state`` by name, its own objects as `Fields` or lists."""
    return Fields((name, _data(getattr(state, name))) for name in GAME_FIELDS)


def _data(value: Any) -> Any:
    if isinstance(value, list) and value and isinstance(value[0], PlayerState):
        return [fields_of(p, PLAYER_FIELDS) for p in value]
    if isinstance(value, TurnState):
        return fields_of(value, TURN_FIELDS)
    if isinstance(value, GameConfig):
        return Fields(sorted(value.to_dict().items()))
    if isinstance(value, CardTable):
        return [value.type_of, value.level_of, value.colour_of]
    return value


def state_text(state: GameState) -> str:
    """The canonical text the digest is taken of (one line of JSON)."""
    return core_digest.state_text(state_data(state))


def state_digest(state: GameState) -> str:
    """The digest of ``state`` alone: ``DIGEST_LENGTH`` lowercase hex characters.

    Two states have the same digest exactly when every field is equal (barring a
    SHA-256 collision).
    """
    return core_digest.state_digest(state_data(state))


def game_digest(state: GameState, seed: int, actions: Sequence[int]) -> str:
    """The digest of a whole game: its seed, its actions and its final ``state``."""
    return core_digest.game_digest(state_data(state), seed, actions)
