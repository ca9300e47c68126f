"""The engine's entry points: a new game, the legal actions, playing one.

Importing this module registers every rule module's handlers with `flow`.
"""

from __future__ import annotations

import numpy as np

from scavenger_env.core.actions import as_action, checked_action
from scavenger_env.core.errors import IllegalActionError

from . import auction, danger, management, mining, rounds, turns  # noqa: F401 (handlers)
from .actions import NUM_ACTIONS, describe_id
from .config import HewnsConfig
from .flow import apply_legal, legal_actions
from .setup import new_game
from .state import State

__all__ = [
    "apply_action",
    "apply_legal",
    "explain_illegal",
    "legal_actions",
    "new_game",
]


def explain_illegal(state: State, action: object) -> str:
    """Why `action` is illegal now ('' if it is legal); only an int (or a numpy
    integer, not a bool) is an action (`core.actions.checked_action`)."""
    a, reason = checked_action(action, NUM_ACTIONS)
    if reason:
        return reason
    if state.over:
        return "the game is over"
    legal = legal_actions(state)
    if a in legal:
        return ""
    offered = ", ".join(describe_id(x) for x in legal[:12])
    more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
    return f"{describe_id(a)} is not legal now; the legal actions are {offered}{more}"


def apply_action(state: State, action: object) -> None:
    """Play `action`; an illegal one, or anything but an int, raises
    `IllegalActionError` and changes nothing."""
    why = explain_illegal(state, action)
    if why:
        raise IllegalActionError(why)
    a = as_action(action)
    assert a is not None  # explain_illegal refused anything else
    apply_legal(state, a)


def play(config: HewnsConfig, seed: int) -> State:
    """A whole game of uniformly random legal actions (chance included), for
    quick checks."""
    rng = np.random.default_rng(seed)
    state = new_game(config, rng)
    while not state.over:
        legal = legal_actions(state)
        apply_legal(state, legal[int(rng.integers(len(legal)))])
    return state
