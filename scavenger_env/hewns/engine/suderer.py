"""EXTRACT: a Hewn with a Suderer fitted extracts dirty Substract from the air.

rulebook: "When this technology is attached to a Hewn, the Hewn can take an
action to "extract Dirty Substract" from the surrounding atmosphere. Roll 1
mining dice to determine how much dirty Substract is collected. The Hewn can
choose between transmitting part/all of the Substract off-planet OR
transmitting part/all of it to a friendly healthy Hewn it can see; or storing
part/all of it on the Hewn doing the extract." "Costs of actions": "Extract
Dirty Substract 1 Maximum 1 time per Hewn's turn."

No mine is needed and no danger die is rolled (the card names neither); a
"2/gem" face gives 2 (D4: dirty Substract, never a gem). As after mining, the
take goes to the owner's screen and EXTRACT_KEEP moves the kept part onto the
Hewn; a friendly Hewn is reached by TRANSMIT afterwards, as for mining.
"""

from __future__ import annotations

from typing import Any, Final

from .actions import NUM
from .data import DieKind, TechKind
from .flow import face, pop, push, roll
from .state import FRAME_FIELDS, NONE, Ask, Frame, State
from .turnstate import EXTRACTED, hewn_turn

__all__ = [
    "EXTRACT_AP",
    "EXTRACT_FRAME_FIELDS",
    "ExtractFrame",
    "can_extract",
    "has_suderer",
]

EXTRACT_AP: Final = 1
"""rulebook "Costs of actions": "Extract Dirty Substract 1"."""


class ExtractFrame(Frame):
    """An EXTRACT (`Ask.EXTRACT_KEEP`): the mining die is rolled first, then
    `taken` (NONE before the roll) is the dirty Substract it gave, put on the
    owner's screen; the keep question moves part of it onto the Hewn."""

    __slots__ = ("taken",)

    def __init__(self, seat: int, hewn: int, taken: int = NONE) -> None:
        super().__init__(Ask.EXTRACT_KEEP, seat, hewn)
        self.taken = taken

    def copy(self) -> ExtractFrame:
        """An independent copy."""
        new = ExtractFrame(self.seat, self.hewn, self.taken)
        self.fill_copy(new)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.seat, self.hewn, self.taken), EXTRACT_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its field in place of `data`."""
        return self.key_with((self.taken,))

    def shown(self) -> list[int]:
        """The number of the decision: the dirty Substract extracted."""
        return [] if self.taken == NONE else [self.taken]


EXTRACT_FRAME_FIELDS: Final = (*FRAME_FIELDS, "taken")
"""Every field of an `ExtractFrame` (a compiled class has no `__slots__` to
read)."""


def extract_frame(frame: Frame) -> ExtractFrame:
    """`frame` as the EXTRACT it is."""
    if not isinstance(frame, ExtractFrame):
        raise RuntimeError(f"not an extraction: {frame!r}")
    return frame


def has_suderer(state: State, hewn: int) -> bool:
    """Whether a Suderer is fitted in one of `hewn`'s sockets."""
    return TechKind.SUDERER in state.slots[hewn]


def can_extract(state: State, hewn: int, turn: Frame) -> bool:
    """EXTRACT: a Suderer fitted, the Hewn on the board, 1 action point, not
    yet done this Hewn turn ("Maximum 1 time per Hewn's turn")."""
    t = hewn_turn(turn)
    return (
        state.on_board(hewn)
        and t.ap >= EXTRACT_AP
        and not t.mined & EXTRACTED
        and has_suderer(state, hewn)
    )


def start(state: State, turn: Frame) -> None:
    """EXTRACT was chosen: pay the action point and roll 1 mining die."""
    t = hewn_turn(turn)
    t.ap -= EXTRACT_AP
    t.mined |= EXTRACTED
    push(state, ExtractFrame(turn.seat, turn.hewn))
    state.rolled.clear()
    roll(state, [int(DieKind.MINING)] * state.tech(TechKind.SUDERER).mining_dice)


def most_kept(state: State, frame: Frame) -> int:
    """The most the Hewn can keep of what it extracted: its free room."""
    return max(0, min(extract_frame(frame).taken, state.capacity(frame.hewn)))


def resume_extract(state: State, frame: Frame) -> None:
    """The die is rolled: "Roll 1 mining dice to determine how much dirty
    Substract is collected" (a "2/gem" face counts 2). It goes to the owner's
    screen; the keep is asked only when the Hewn has room for some of it."""
    chain = extract_frame(frame)
    if chain.taken != NONE:
        return
    chain.taken = sum(face(DieKind.MINING, i)[0] for i in state.rolled)
    state.screen_dirty[chain.seat] += chain.taken
    if most_kept(state, chain) == 0:
        pop(state)


def legal_keep(state: State, frame: Frame) -> list[int]:
    return [NUM + k for k in range(most_kept(state, frame) + 1)]


def apply_keep(state: State, frame: Frame, action: int) -> None:
    """ "storing part/all of it on the Hewn doing the extract"; the rest stays
    off-planet."""
    kept = action - NUM
    state.screen_dirty[frame.seat] -= kept
    state.dirty[frame.hewn] += kept
    pop(state)
