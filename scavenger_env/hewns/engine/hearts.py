"""Heart stones (stage 3) and the recovery phase's stun recovery and re-asserting
control.

A Hewn with the heart ability comes with its empty heart card. Heart stones are
bought two per card and lie on the buyer's screen (`State.screen_tech`), each of
the buyer's colour: a screen only ever holds stones its own seat bought. BANJER
(on the board) or ATTACH_OFF (off it) puts one into an own Hewn whose heart card
is empty (no stone, no gem): "they can insert the heart stone into any empty
heart card they have". The heart card is the last SOCKET of the Hewn's flat slot
list (`heart_socket`). The stone's colour (`State.heart`) is the buyer's and never
changes, whoever controls the Hewn later. A gem taken in mining replaces it (the
stone is destroyed), and it dies with its Hewn.

The recovery phase (`rounds`): after the damage recovery, every stunned Hewn with
a stone heart rolls the heart colour's d10 against a difficulty d10 (both engine
dice) and, on a higher roll, takes that colour's control rod (`stun_recovering`,
`recover_stuns`); then, by Hewn id, the owner of every stone heart whose Hewn
carries another seat's rod may try to regain control (`Ask.REASSERT`, YES or NO):
the owner's d10 against the controller's d10, a higher roll moves the rod.

What is public: every heart stone in this stage. Stones come to a screen from an
auction everyone sees, and they are fitted by BANJER (shown, "simply show the
others that you are replacing the empty heart card") or by ATTACH_OFF, which is
public in this stage as every other off-board attachment (D47: hidden off-board
attachment comes with stage 4). So the heart's colour is public, and with it who
may re-assert (D47: a change of controller or a death reveals the heart anyway).
"""

from __future__ import annotations

from typing import Final

from .actions import Ctrl
from .data import DieKind, TechKind
from .flow import face, pop, push, roll
from .secrets import reveal
from .state import NEUTRAL, NONE, NUM_HEWNS, OFF_BOARD, Ask, Frame, State

__all__ = [
    "HEART_STONE",
    "apply_reassert",
    "destroy_stone",
    "empty_heart",
    "heart_d10",
    "heart_socket",
    "insert_stone",
    "legal_reassert",
    "may_reassert",
    "next_reassert",
    "recover_stuns",
    "resume_reassert",
    "start_reassert",
    "stone_slots",
    "stun_recovering",
]

HEART_STONE: Final = int(TechKind.HEART_STONES)

#: `Ask.REASSERT` frame steps
ASKING: Final = 0
ROLLING: Final = 1


# --- heart stones ---------------------------------------------------------------------
def heart_socket(state: State, hewn: int) -> int:
    """The heart card's index in `hewn`'s flat slot list (the SOCKET id's
    offset): it comes after every other slot."""
    return len(state.slots[hewn])


def empty_heart(state: State, hewn: int) -> bool:
    """Whether `hewn` holds an empty heart card: the heart ability, and neither
    a stone nor a gem in it."""
    return (
        state.card(hewn).heart and state.heart[hewn] == NONE and state.gem[hewn] == NONE
    )


def stone_slots(state: State, hewn: int) -> list[int]:
    """Where a heart stone may go in `hewn`: its heart card, when empty
    ("insert the heart stone into any empty heart card they have"; a ruling: a
    heart holding a gem is not empty, so a stone never pushes a gem out)."""
    return [heart_socket(state, hewn)] if empty_heart(state, hewn) else []


def insert_stone(state: State, seat: int, hewn: int) -> None:
    """One stone from `seat`'s screen into `hewn`'s empty heart card: "That
    stone heart would be the colour of the player who bought the heart
    stones" (every stone on a screen was bought by its seat)."""
    state.screen_tech[seat][HEART_STONE] -= 1
    state.heart[hewn] = seat


def destroy_stone(state: State, hewn: int) -> None:
    """The stone in `hewn`'s heart card, if any, is gone: a gem replaced it
    ("That heart stone is regarded as destroyed") or its Hewn died."""
    state.heart[hewn] = NONE


def heart_d10(state: State, hewn: int) -> int:
    """The d10 `hewn`'s heart card gives in the brain-repair defence and the
    damage recovery: 1 with a stone ("a complete heart card") or a gem (rules
    2), else 0."""
    if state.heart[hewn] != NONE:
        return 1
    return int(state.config.audit_fixes() and state.gem[hewn] != NONE)


# --- stun recovery ----------------------------------------------------------------------
def stun_recovering(state: State) -> list[int]:
    """rulebook: "if a player has a complete heart card in a stunned Hewn (I.e.
    no control rod inserted), he/she can roll 1 d10 to try to heal the Hewn":
    the stunned Hewns in play with a stone heart, by id (a gem gives no help:
    "Substract gems in Hewns do not allow those Hewns to recover from being
    stunned")."""
    return [
        h
        for h in range(NUM_HEWNS)
        if state.heart[h] != NONE
        and state.ctrl[h] == NEUTRAL
        and state.loc[h] >= OFF_BOARD
    ]


def roll_stun_recovery(state: State) -> bool:
    """Queue a pair of d10s per stunned Hewn with a stone heart (the heart
    colour's, then "Another player rolls a d10 to represent the difficulty");
    False when there is none."""
    hewns = stun_recovering(state)
    if not hewns:
        return False
    state.rolled.clear()
    roll(state, [int(DieKind.D10)] * (2 * len(hewns)))
    return True


def recover_stuns(state: State) -> None:
    """rulebook: "If the person with the heart card rolls higher than the other
    roll, the player who owns the heart card inserts a control rod of his
    team's colour into the Hewn" (a tie fails)."""
    for i, h in enumerate(stun_recovering(state)):
        heart, difficulty = state.rolled[2 * i], state.rolled[2 * i + 1]
        if face(DieKind.D10, heart)[0] > face(DieKind.D10, difficulty)[0]:
            reveal(state, h)
            state.ctrl[h] = state.heart[h]


# --- re-asserting control -----------------------------------------------------------------
def may_reassert(state: State, hewn: int) -> bool:
    """rulebook: "if any other Hewn has a different coloured heart card to its
    current control rod colour, it can also have its control rod restored to
    the same colour as its heart card": a Hewn on the board with a stone heart
    and another seat's rod. A stunned one has no rod to replace ("The existing
    owner of the Hewn rolls a d10"); one behind its controller's screen cannot
    be opened by anybody else (a ruling: "must open the Hewn and reveal the
    Hewn's heart card")."""
    owner = state.heart[hewn]
    ctrl = state.ctrl[hewn]
    return owner != NONE and ctrl != NEUTRAL and ctrl != owner and state.loc[hewn] >= 0


def next_reassert(state: State, after: int) -> int:
    """The first Hewn past id `after` whose heart's owner may re-assert
    control, NONE when there is none (D51: by Hewn id)."""
    for h in range(after + 1, NUM_HEWNS):
        if may_reassert(state, h):
            return h
    return NONE


def start_reassert(state: State, hewn: int) -> None:
    """Ask the heart's owner whether they try to regain control of `hewn`
    (D50: a decision; "a previous owner of the Hewn must indicate that he is
    "trying to regain control"")."""
    push(state, Frame(Ask.REASSERT, state.heart[hewn], hewn=hewn))


def legal_reassert(state: State, frame: Frame) -> list[int]:
    return [Ctrl.YES, Ctrl.NO] if frame.step == ASKING else []


def apply_reassert(state: State, frame: Frame, action: int) -> None:
    """YES: the owner reveals the heart and the two d10s are rolled (the
    owner's, then the controller's); NO: nothing happens."""
    if action == Ctrl.NO:
        pop(state)
        return
    frame.step = ROLLING
    state.rolled.clear()
    roll(state, [int(DieKind.D10)] * 2)


def resume_reassert(state: State, frame: Frame) -> None:
    """rulebook: "The heart card owner can now roll 1 d10 to try to heal the
    Hewn. The existing owner of the Hewn rolls a d10 to represent the
    difficulty. If the heart card owner rolls higher, the existing control rod
    is removed and replaced by one the same colour as the heart card"."""
    mine, theirs = state.rolled[0], state.rolled[1]
    if face(DieKind.D10, mine)[0] > face(DieKind.D10, theirs)[0]:
        reveal(state, frame.hewn)
        state.ctrl[frame.hewn] = frame.seat
    pop(state)
