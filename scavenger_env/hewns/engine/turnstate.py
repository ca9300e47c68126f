"""What the turns keep that the rule modules below them share: the Hewn turn's
frame data (its action points, what it has done) and a seat's turn-order card.

Mining, danger and the encounters spend a Hewn's action points and may start a
Hewn turn; they read it here, below `turns`, which drives the turns.
"""

from __future__ import annotations

from typing import Final

from .flow import push, wake
from .state import Ask, Frame, State, hewn_type

# the HEWN_TURN frame's data
AP: Final = 0  # action points left
BURNT: Final = 1  # Substract burnt for AP this Hewn turn
MINED: Final = 2  # 1 once it has mined this Hewn turn
FORCED: Final = 3  # 1 while it must leave its (danger) space with its next AP action
EXTRACTED: Final = 4
SPENT: Final = 5  # 1 after an AP action, until the reaction window has been offered
TURN_DATA: Final = 6


def start_hewn_turn(state: State, seat: int, hewn: int) -> None:
    """rulebook: a Hewn turn starts with the card's action points. One that starts
    in a danger token's space "must leave the space immediately!". The new turn
    wakes at once: one with nothing left but ending it ends by itself."""
    state.acted[hewn] = True
    data = [0] * TURN_DATA
    data[AP] = hewn_type(hewn).ap
    space = state.loc[hewn]
    data[FORCED] = int(space >= 0 and state.token[space] >= 0)
    push(state, Frame(Ask.HEWN_TURN, seat, hewn, data=data))
    wake(state)


def may_reveal(state: State, seat: int) -> bool:
    """rulebook: "Players can either reveal (or keep it secret) their turn
    order": a seat holding a card it has not shown may show it when asked
    something (`Ctrl.REVEAL`, which asks it again)."""
    return seat in state.order and not state.card_shown[seat]


def reveal(state: State, seat: int) -> None:
    """`seat` shows its turn-order card (public from now on)."""
    state.card_shown[seat] = True
