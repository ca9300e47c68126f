"""What the turns keep that the rule modules below them share: the Hewn turn's
frame data (its action points, what it has done) and a seat's turn-order card.

Mining, danger and the encounters spend a Hewn's action points and may start a
Hewn turn; they read it here, below `turns`, which drives the turns.
"""

from __future__ import annotations

from typing import Any, Final

from .flow import push, wake
from .state import FRAME_FIELDS, NONE, Ask, Frame, State

#: `HewnTurnFrame.spent`: nothing spent since the last check
SPENT_NONE: Final = 0
#: an AP action (or, under rules 1, a step): the reaction window comes next
SPENT_ACTION: Final = 1
#: rules 2: a step; only the same-space automatic encounter comes next (the
#: window waits until the movement stops, `HewnTurnFrame.moved`)
SPENT_STEP: Final = 2

#: `HewnTurnFrame.mined` bits: the once-per-Hewn-turn actions done ("Mining 1
#: Maximum 1 time per Hewn's turn"; "Extract Dirty Substract 1 Maximum 1 time
#: per Hewn's turn"); one field, so a core game's frames keep their digest
MINED: Final = 1
EXTRACTED: Final = 2


class HewnTurnFrame(Frame):
    """The frame of a Hewn turn (`Ask.HEWN_TURN`): what the turn has left and
    done. `args` lists the Hewns it failed against (D59: a further encounter
    with one of them costs 1 AP). Under rules 2 the reaction window comes when
    the movement stops: `moved` says a window is owed, `then` holds the
    action that stopped it until the window is over."""

    __slots__ = ("ap", "burnt", "forced", "mined", "moved", "spent", "then")

    def __init__(self, seat: int, hewn: int, ap: int, forced: int) -> None:
        super().__init__(Ask.HEWN_TURN, seat, hewn)
        self.ap = ap  # action points left
        self.burnt = 0  # Substract burnt for AP this Hewn turn
        self.mined = 0  # MINED once it has mined this Hewn turn, | EXTRACTED
        self.forced = forced  # 1 while it must leave its (danger) space first
        self.spent = SPENT_NONE  # what was spent, until the check after it
        self.moved = 0  # rules 2: 1 once it stepped since the last window
        self.then = NONE  # rules 2: the action waiting for the window

    def copy(self) -> HewnTurnFrame:
        """An independent copy."""
        new = HewnTurnFrame(self.seat, self.hewn, self.ap, self.forced)
        self.fill_copy(new)
        new.burnt = self.burnt
        new.mined = self.mined
        new.spent = self.spent
        new.moved = self.moved
        new.then = self.then
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced(
            (self.seat, self.hewn, self.ap, self.forced), HEWN_TURN_FIELDS
        )

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        fields = (
            self.ap,
            self.burnt,
            self.mined,
            self.forced,
            self.spent,
            self.moved,
            self.then,
        )
        return self.key_with(fields)


HEWN_TURN_FIELDS: Final = (
    *FRAME_FIELDS,
    "ap",
    "burnt",
    "mined",
    "forced",
    "spent",
    "moved",
    "then",
)
"""Every field of a `HewnTurnFrame` (a compiled class has no `__slots__` to
read)."""


def hewn_turn(frame: Frame) -> HewnTurnFrame:
    """`frame` as the Hewn turn it is."""
    if not isinstance(frame, HewnTurnFrame):
        raise RuntimeError(f"not a Hewn turn: {frame!r}")
    return frame


def mark_moved(state: State, turn: HewnTurnFrame) -> None:
    """The mover has moved into another space (a step, a flight, a dig into its
    tunnel or to the far end): it has left a danger space it was forced off,
    and under rules 2 the reaction window waits until its movement stops
    (under rules 1 it follows at once)."""
    turn.forced = 0
    if state.config.audit_fixes():
        turn.spent = SPENT_STEP
        turn.moved = 1
    else:
        turn.spent = SPENT_ACTION


def start_hewn_turn(state: State, seat: int, hewn: int) -> None:
    """rulebook: a Hewn turn starts with the card's action points. One that starts
    in a danger token's space "must leave the space immediately!". The new turn
    wakes at once: one with nothing left but ending it ends by itself."""
    state.acted[hewn] = True
    space = state.loc[hewn]
    forced = int(space >= 0 and state.token[space] >= 0)
    push(state, HewnTurnFrame(seat, hewn, state.card(hewn).ap, forced))
    wake(state)


def may_reveal(state: State, seat: int) -> bool:
    """rulebook: "Players can either reveal (or keep it secret) their turn
    order": a seat holding a card it has not shown may show it when asked
    something (`Ctrl.REVEAL`, which asks it again). In the auction nobody
    holds one ("All players return their turn order cards"); during the deal,
    only the seats dealt one so far."""
    return state.turn_card[seat] != 0 and not state.card_shown[seat]


def reveal(state: State, seat: int) -> None:
    """`seat` shows its turn-order card (public from now on)."""
    state.card_shown[seat] = True
