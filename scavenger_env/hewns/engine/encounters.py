"""Encounters: ranged (with reactions, secret dice, combined attacks) and
same-space (attack, brain and body repair, explode, the aftermath).

The hooks here are what the Hewn turn calls; the rules live in `ranged` (and
the shared dice machinery in `combat`).
"""

from __future__ import annotations

from . import ranged
from .actions import Verb
from .state import Frame, State


def after_ap_action(state: State, turn: Frame) -> None:
    """The mover just spent action points: opponents whose healthy Hewn is alone
    and sees it may announce a ranged encounter ("had just spent an action
    point"). May push a reaction window; the Hewn turn resumes after it."""
    ranged.open_window(state, turn, menu=False)


def hewn_turn_verbs(state: State, turn: Frame) -> list[int]:
    """The encounter verbs the mover may start now (ANNOUNCE)."""
    return [Verb.ANNOUNCE] if ranged.can_announce(state, turn) else []


def start_verb(state: State, turn: Frame, verb: int) -> None:
    """Start the encounter chain of `verb`."""
    if verb == Verb.ANNOUNCE:
        ranged.open_window(state, turn, menu=True)
        return
    raise NotImplementedError(f"verb {verb}")
