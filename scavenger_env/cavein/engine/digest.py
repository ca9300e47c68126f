"""Short fingerprints of a game state and of a whole game, for records that prove
their integrity.

`state_digest` is the SHA-256 of a canonical text of every field of the state: lists
keep their order (the Base order, the cards played), sets and dicts are sorted, the
config is its `to_dict()`. It uses neither `hash()` nor float reprs, so it is the same
under any Python hash seed and in the pure and the compiled builds.

`game_digest` adds the seed and every action to the final state: a record stores it,
and a replay recomputes it. An edited action changes it even where the game would end
in the same state (two cards of one payment swapped, when the Base they reach is
later trimmed), and an engine that plays the same actions to another state changes
it too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

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

__all__ = ["DIGEST_LENGTH", "game_digest", "state_digest", "state_text"]

DIGEST_LENGTH = 32
"""Hex characters kept of the SHA-256 (128 bits: no accidental collision)."""


def state_digest(state: GameState) -> str:
    """The digest of ``state``: ``DIGEST_LENGTH`` lowercase hex characters.

    Two states have the same digest exactly when every field is equal (barring a
    SHA-256 collision); a field added to `GAME_FIELDS`, `PLAYER_FIELDS` or
    `TURN_FIELDS` is included without a change here.
    """
    text = state_text(state).encode("utf-8")
    return hashlib.sha256(text).hexdigest()[:DIGEST_LENGTH]


def game_digest(state: GameState, seed: int, actions: Sequence[int]) -> str:
    """The digest of a whole game: its seed, its actions and its final ``state``.

    ``DIGEST_LENGTH`` lowercase hex characters.
    """
    plan = json.dumps([int(seed), list(map(int, actions))], separators=(",", ":"))
    text = f"{plan}\n{state_text(state)}".encode()
    return hashlib.sha256(text).hexdigest()[:DIGEST_LENGTH]


def state_text(state: GameState) -> str:
    """The canonical text the digest is taken of (one line of JSON)."""
    data = {name: _plain(getattr(state, name)) for name in GAME_FIELDS}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True)


def _plain(value: Any) -> Any:
    """``value`` as JSON data that depends on its content alone.

    Raises:
        TypeError: a value of a type the digest does not know (a new kind of
            state field must be given a canonical form here).
    """
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return int(value)  # an IntEnum as its number
    if isinstance(value, float):
        return {"float": value.hex()}  # exact, unlike repr
    if isinstance(value, (list, tuple)):
        if all(type(v) is int for v in value):  # the common case, taken as it is
            return list(value)
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return {"set": sorted(_plain(v) for v in value)}
    if isinstance(value, dict):
        return {"dict": sorted([_plain(k), _plain(v)] for k, v in value.items())}
    if isinstance(value, PlayerState):
        return {name: _plain(getattr(value, name)) for name in PLAYER_FIELDS}
    if isinstance(value, TurnState):
        return {name: _plain(getattr(value, name)) for name in TURN_FIELDS}
    if isinstance(value, GameConfig):
        return {name: _plain(v) for name, v in sorted(value.to_dict().items())}
    if isinstance(value, CardTable):
        return [_plain(value.type_of), _plain(value.level_of), _plain(value.colour_of)]
    raise TypeError(
        f"state_digest: no canonical form for a {type(value).__name__}; "
        "add one to engine/digest.py"
    )
