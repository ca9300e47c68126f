"""A fingerprint of a game: its seed, actions and final state."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .state import FIELDS, FIELDS_V1, State


def state_digest(state: State) -> str:
    """A hex fingerprint of every field of `state`; under rules 1, of rules 1's
    fields (those its records' digests were made of: the fields rules 2 added
    keep their start values under rules 1)."""
    parts = []
    names = FIELDS_V1 if state.config.rules_version == 1 else FIELDS
    for name in names:
        value = getattr(state, name)
        parts.append(repr(value.to_dict() if name == "config" else value))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def game_digest(state: State, seed: int, actions: Sequence[int]) -> str:
    """The digest a record stores: seed, actions and final state."""
    text = f"{seed}|{list(actions)}|{state_digest(state)}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]
