"""A fingerprint of a game: its seed, actions and final state."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .state import FIELDS, State


def state_digest(state: State) -> str:
    """A hex fingerprint of every field of `state`."""
    parts = []
    for name in FIELDS:
        value = getattr(state, name)
        parts.append(repr(value.to_dict() if name == "config" else value))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def game_digest(state: State, seed: int, actions: Sequence[int]) -> str:
    """The digest a record stores: seed, actions and final state."""
    text = f"{seed}|{list(actions)}|{state_digest(state)}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]
