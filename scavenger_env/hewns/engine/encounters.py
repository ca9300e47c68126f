"""Encounters: ranged (with reactions, secret dice, combined attacks),
same-space (attack, brain and body repair, explode, the aftermath) and
artillery (a ranged attack on a Hewn out of sight).

The hooks here are what the Hewn turn calls; the rules live in `ranged`,
`samespace` and `artillery` (and the shared dice machinery in `combat`).
"""

from __future__ import annotations

from . import artillery, ranged, samespace
from .actions import Verb
from .state import Frame, State


def after_ap_action(state: State, turn: Frame) -> None:
    """The mover just spent action points. In a space with a healthy enemy the
    same-space encounter is automatic; otherwise opponents whose healthy Hewn is
    alone and sees it may announce a ranged encounter ("had just spent an action
    point"). May push frames; the Hewn turn resumes after them."""
    if samespace.auto(state, turn):
        return
    ranged.open_window(state, turn, menu=False)


def after_step(state: State, turn: Frame) -> None:
    """Rules 2: the mover just stepped. Into a space with a healthy enemy the
    same-space encounter is automatic and immediate; the ranged reaction
    window waits until the movement stops (`after_movement`)."""
    samespace.auto(state, turn)


def after_movement(state: State, turn: Frame) -> bool:
    """Rules 2: the mover's movement stopped: opponents whose healthy Hewn is
    alone and "can now see the moving Hewn - after it has moved" may announce a
    ranged encounter. Returns whether the window opened."""
    return ranged.open_window(state, turn, menu=False)


def hewn_turn_verbs(state: State, turn: Frame) -> list[int]:
    """The encounter verbs the mover may start now (ANNOUNCE, ENCOUNTER_SAME,
    ARTILLERY)."""
    verbs: list[int] = []
    if ranged.can_announce(state, turn):
        verbs.append(Verb.ANNOUNCE)
    if samespace.optional_targets(state, turn):
        verbs.append(Verb.ENCOUNTER_SAME)
    if artillery.can_announce(state, turn):
        verbs.append(Verb.ARTILLERY)
    return verbs


def start_verb(state: State, turn: Frame, verb: int) -> None:
    """Start the encounter chain of `verb`."""
    if verb == Verb.ANNOUNCE:
        ranged.open_window(state, turn, menu=True)
    elif verb == Verb.ENCOUNTER_SAME:
        samespace.start_optional(state, turn)
    elif verb == Verb.ARTILLERY:
        artillery.start(state, turn)
    else:
        raise NotImplementedError(f"verb {verb}")
