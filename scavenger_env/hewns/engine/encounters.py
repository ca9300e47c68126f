"""Encounters: ranged (with reactions, secret dice, combined attacks) and
same-space (attack, brain and body repair, explode, the aftermath).
"""

from __future__ import annotations

from .state import Frame, State


def after_ap_action(state: State, turn: Frame) -> None:
    """The mover just spent action points: opponents whose healthy Hewn is alone
    and sees it may announce a ranged encounter ("had just spent an action
    point"). May push a reaction window; the Hewn turn resumes after it."""


def hewn_turn_verbs(state: State, turn: Frame) -> list[int]:
    """The encounter verbs the mover may start now (ANNOUNCE, ENCOUNTER_SAME)."""
    return []


def start_verb(state: State, turn: Frame, verb: int) -> None:
    """Start the encounter chain of `verb`."""
    raise NotImplementedError(f"verb {verb}")
