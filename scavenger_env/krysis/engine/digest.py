"""Krysis's position as plain data, for the digest every game shares
(`scavenger_env.core.digest`), and the first digest that older records hold.

The position is every field of the state but the log (words for screens, which
may be reworded without changing any game): numbers as numbers, the config by
name. The first digest (records without a `digest_version`) hashed `repr()` of
every field, log included; `repr()` of the phase was `<Phase.GAME_OVER: 14>` in
the pure build and `14` in the compiled one, so a record names no build and both
forms are accepted.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from enum import IntEnum
from typing import Any

from scavenger_env.core import digest as core_digest
from scavenger_env.core.digest import Fields

from .state import FIELDS, FIELDS_V1, HISTORY_FIELDS, State

__all__ = ["game_digest", "legacy_game_digests", "state_data", "state_digest"]

_POSITION_FIELDS: tuple[str, ...] = tuple(
    name for name in FIELDS if name != "log" and name not in HISTORY_FIELDS
)

_KEYS = {"decisions": "turns"}
"""Fields the digest names as they were named when it was fixed (the decision
count was the state's `turns` then)."""

_LEGACY_FIELDS: tuple[str, ...] = FIELDS_V1
"""The fields the first digest covered, in its order (rules 1's state: the fields
rules 2 added are not part of it)."""

_LEGACY_CONFIG_KEYS: tuple[str, ...] = (
    "num_players",
    "variant",
    "advanced",
    "missions",
    "nine_card_hand",
    "raid_bank_deserts",
    "mission_needs_goods",
    "rules_version",
)
"""The config's options when the first digest was in use, in `to_dict` order."""


_PHASE_NAMES: tuple[str, ...] = (
    "SQUAD", "HAND", "BID", "PLACE", "KEEP", "PICK", "SPECIAL_TIMING", "ACTION",
    "SELECT", "THIEF", "SPY_TARGET", "SPY_TAKE", "ALCHEMY", "DRAW", "GAME_OVER",
)  # fmt: skip
"""Rules 1's phases by number, as the pure build's `repr()` named them (written
out: the compiled build keeps an IntEnum value as a plain int, so `Phase(n)` there
has no enum repr)."""


class _PhaseRepr:
    """What `repr()` of a `Phase` member printed in the pure build."""

    __slots__ = ("number",)

    def __init__(self, number: int) -> None:
        self.number = number

    def __repr__(self) -> str:
        return f"<Phase.{_PHASE_NAMES[self.number]}: {self.number}>"


def state_data(state: State) -> Fields:
    """Every field of ``state`` but the log, by name; the config by option."""
    data = Fields(
        (_KEYS.get(name, name), getattr(state, name)) for name in _POSITION_FIELDS
    )
    data["config"] = Fields(sorted(state.config.to_dict().items()))
    return data


def state_digest(state: State) -> str:
    """The digest of ``state`` alone (hex)."""
    return core_digest.state_digest(state_data(state))


def game_digest(state: State, seed: int, actions: Sequence[int]) -> str:
    """The digest a record stores: seed, actions and final state."""
    return core_digest.game_digest(state_data(state), seed, actions)


def legacy_game_digests(
    state: State, seed: int, actions: Sequence[int]
) -> tuple[str, str]:
    """The first digest of a game as the pure and as the compiled build wrote it."""
    pure = _legacy_digest(state, seed, actions, enum_phase=True)
    compiled = _legacy_digest(state, seed, actions, enum_phase=False)
    return pure, compiled


def _legacy_digest(
    state: State, seed: int, actions: Sequence[int], enum_phase: bool
) -> str:
    parts = []
    for name in _LEGACY_FIELDS:
        value: Any = getattr(state, name)
        if name == "config":
            options = value.to_dict()
            value = {k: options[k] for k in _LEGACY_CONFIG_KEYS}
        elif name == "phase":
            value = _PhaseRepr(int(value)) if enum_phase else int(value)
        elif isinstance(value, IntEnum):
            value = int(value)  # the other enums' fields held plain ints then
        parts.append(repr(value))
    text = hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]
    plan = f"{seed}|{[int(a) for a in actions]}|{text}"
    return hashlib.sha256(plan.encode()).hexdigest()[:32]
