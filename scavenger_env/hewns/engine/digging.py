"""Digging a tunnel (DIG) and enlarging it (ENLARGE), the stage 2 cards' dig
ability.

rulebook: "Any Hewn that can dig, can sacrifice 2 of their action points to
build a tunnel between two spaces, using the Mudgestick"; "A normal tunnel is
used to connect two spaces that are not adjacent"; "This tunnel space is the
size of the tunnelling Hewn"; "The Hewn who dug the tunnel is placed either on
the new tunnel space or on one of the two spaces connected by the tunnel."

A DIG is a chain of small choices, each offered only when the chain can be
completed: VERB DIG, then SPACE the target (`Board.dig_targets`: within the
Mudgestick, not adjacent), then, when no piece of the digger's size is left in
the stock, SPACE the empty tunnel of that size to reuse (asked only when there
are several), then OPTION the placement (PLACE_STAY, PLACE_TUNNEL,
PLACE_FAR_END if the target admits the digger). ENLARGE (1 AP, from inside a
dug tunnel smaller than big) swaps the piece for a free one a size bigger, or
reuses an empty one (asked the same way); the Hewns inside move with it.
"""

from __future__ import annotations

from typing import Any, Final

from . import danger
from .actions import SPACE, Option
from .board import BIG, NODE, RAVINE
from .data import Ability
from .flow import pop, push, wake
from .state import FRAME_FIELDS, NONE, NUM_HEWNS, Ask, Frame, State
from .tunnels import (
    PIECE_SIZES,
    ends,
    free_pieces,
    is_tunnel,
    lay,
    lift,
    piece_of,
    reusable_pieces,
    tunnel_loc,
)
from .turnstate import SPENT_ACTION, hewn_turn, mark_moved

DIG_COST: Final = 2
"""rulebook: "Dig 2" (the costs of actions)."""
ENLARGE_COST: Final = 1
"""rulebook: "(Increasing the size of the tunnel costs 1 action point.)"."""


class DigFrame(Frame):
    """A DIG chain (`Ask.DIG_TARGET` -> `Ask.DIG_REUSE` -> `Ask.DIG_PLACE`) or
    an ENLARGE's choice of a piece to reuse (`Ask.ENLARGE_REUSE`): `target`
    (the space dug to) and `piece` (the tunnel piece, 0-11) as chosen so
    far."""

    __slots__ = ("piece", "target")

    def __init__(self, ask: int, seat: int, hewn: int) -> None:
        super().__init__(ask, seat, hewn)
        self.target = NONE
        self.piece = NONE

    def copy(self) -> DigFrame:
        """An independent copy."""
        new = DigFrame(self.ask, self.seat, self.hewn)
        self.fill_copy(new)
        new.target = self.target
        new.piece = self.piece
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.ask, self.seat, self.hewn), DIG_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        return self.key_with((self.target, self.piece))

    def shown(self) -> list[int]:
        """The choices so far: the target, then the piece's printed number."""
        shown = [] if self.target == NONE else [self.target]
        if self.piece != NONE:
            shown.append(self.piece + 1)
        return shown


DIG_FRAME_FIELDS: Final = (*FRAME_FIELDS, "piece", "target")
"""Every field of a `DigFrame` (a compiled class has no `__slots__` to
read)."""


def dig_frame(frame: Frame) -> DigFrame:
    """`frame` as the DIG chain it is."""
    if not isinstance(frame, DigFrame):
        raise RuntimeError(f"not a DIG chain: {frame!r}")
    return frame


# --- what is legal ------------------------------------------------------------------


def digs(state: State, hewn: int) -> bool:
    """rulebook: "Only Hewns with the special "dig" ability can build a normal
    tunnel"."""
    return Ability.DIG in state.card(hewn).abilities


def piece_available(state: State, size: int) -> bool:
    """A piece of `size` for a new tunnel: one in the stock, or an empty one
    on the board to reuse ("Tunnels run out?")."""
    return bool(free_pieces(state, size)) or bool(reusable_pieces(state, size))


def dig_targets(state: State, hewn: int) -> tuple[int, ...]:
    """The spaces `hewn` may dig to from where it stands (D35: from a node or
    ravine space, never from inside a dug tunnel)."""
    loc = state.loc[hewn]
    board = state.board
    if not 0 <= loc < board.n_spaces or board.kind[loc] not in (NODE, RAVINE):
        return ()
    return board.dig_targets[loc]


def can_dig(state: State, turn: Frame) -> bool:
    """DIG is legal: the ability, 2 AP, a target in reach and a piece of the
    digger's size to lay (a placement always exists: in the tunnel, which is
    the digger's size)."""
    h = turn.hewn
    return (
        digs(state, h)
        and hewn_turn(turn).ap >= DIG_COST
        and bool(dig_targets(state, h))
        and piece_available(state, state.card(h).size)
    )


def enlarge_size(state: State, hewn: int) -> int:
    """The size ENLARGE would make `hewn`'s tunnel, or 0 when it is not in a
    dug tunnel smaller than big."""
    loc = state.loc[hewn]
    if not is_tunnel(loc):
        return 0
    size = PIECE_SIZES[piece_of(loc)]
    return size + 1 if size < BIG else 0


def can_enlarge(state: State, turn: Frame) -> bool:
    """rulebook: "A Hewn that can dig may increase the size of the tunnel from
    small to medium, or from medium to big, by spending 1 action point if they
    are in the tunnel"; a piece of the next size must be free or reusable."""
    h = turn.hewn
    size = enlarge_size(state, h)
    return (
        size > 0
        and digs(state, h)
        and hewn_turn(turn).ap >= ENLARGE_COST
        and piece_available(state, size)
    )


def may_dig_out(state: State, hewn: int) -> bool:
    """rulebook: "Hewns may also be able to dig; fly; or climb themselves out
    of danger": a Hewn whose card can dig from where it stands (for the
    forced move's way out, before its turn starts)."""
    return (
        digs(state, hewn)
        and state.card(hewn).ap >= DIG_COST
        and bool(dig_targets(state, hewn))
        and piece_available(state, state.card(hewn).size)
    )


# --- DIG ----------------------------------------------------------------------------


def start_dig(state: State, turn: Frame) -> None:
    """DIG was chosen: "The Hewn must spend 2 action points to dig any
    tunnel"; the target comes next."""
    hewn_turn(turn).ap -= DIG_COST
    push(state, DigFrame(Ask.DIG_TARGET, turn.seat, turn.hewn))


def legal_target(state: State, frame: Frame) -> list[int]:
    return [SPACE + t for t in dig_targets(state, frame.hewn)]


def apply_target(state: State, frame: Frame, action: int) -> None:
    """The target is named; then the piece: a free one of the digger's size
    (the lowest number), else the empty one to reuse (asked when there are
    several)."""
    dig = dig_frame(frame)
    dig.target = action - SPACE
    size = state.card(dig.hewn).size
    free = free_pieces(state, size)
    reuse = reusable_pieces(state, size)
    if free:
        dig.piece = free[0]
        dig.ask = Ask.DIG_PLACE
    elif len(reuse) == 1:
        dig.piece = reuse[0]
        dig.ask = Ask.DIG_PLACE
    else:
        dig.ask = Ask.DIG_REUSE


def legal_reuse(state: State, frame: Frame) -> list[int]:
    """The empty dug tunnels of the size wanted: the digger's (DIG) or the
    next one (ENLARGE)."""
    size: int
    if frame.ask == Ask.DIG_REUSE:
        size = state.card(frame.hewn).size
    else:
        size = enlarge_size(state, frame.hewn)
    return [SPACE + tunnel_loc(p) for p in reusable_pieces(state, size)]


def apply_reuse(state: State, frame: Frame, action: int) -> None:
    """The piece to reuse is named: DIG goes on to the placement, ENLARGE is
    done."""
    dig = dig_frame(frame)
    piece = piece_of(action - SPACE)
    if dig.ask == Ask.DIG_REUSE:
        dig.piece = piece
        dig.ask = Ask.DIG_PLACE
        return
    enlarge(state, piece_of(state.loc[dig.hewn]), piece)
    pop(state)


def placements(state: State, frame: Frame) -> list[int]:
    """Where the digger may go: stay, into the tunnel, or to the far end if it
    admits the digger's size. A forced mover must leave its danger space
    (D41: "dig ... themselves out of danger"), so it may not stay."""
    dig = dig_frame(frame)
    forced = hewn_turn(state.frames[-2]).forced
    size = state.card(dig.hewn).size
    out: list[int] = [] if forced else [Option.PLACE_STAY]
    out.append(Option.PLACE_TUNNEL)
    if state.board.admits(dig.target, size):
        out.append(Option.PLACE_FAR_END)
    return out


def legal_place(state: State, frame: Frame) -> list[int]:
    return [int(o) for o in placements(state, frame)]


def apply_place(state: State, frame: Frame, action: int) -> None:
    """Lay the tunnel and place the digger. A reused piece is lifted from
    where it lay first ("remove an existing same sized tunnel on the board (and
    its end bits) and use it"). Entering the far end is an entry: a danger
    token there attacks, a healthy enemy there starts the same-space
    encounter; under rules 2 the reaction window waits until the movement
    stops, as after a step."""
    dig = dig_frame(frame)
    h = dig.hewn
    start = state.loc[h]
    lift(state, dig.piece)
    lay(state, dig.piece, start, dig.target)
    turn = hewn_turn(state.frames[-2])
    moved = action != Option.PLACE_STAY
    if action == Option.PLACE_TUNNEL:
        state.loc[h] = tunnel_loc(dig.piece)
    elif action == Option.PLACE_FAR_END:
        state.loc[h] = dig.target
    if moved:
        mark_moved(state, turn)
    else:
        # an AP action where it stands: its window covers the movement so far
        turn.spent = SPENT_ACTION
        turn.moved = 0
    pop(state)
    if action == Option.PLACE_FAR_END:
        danger.entered(state, h)


# --- ENLARGE ------------------------------------------------------------------------


def start_enlarge(state: State, turn: Frame) -> None:
    """ENLARGE was chosen: 1 AP; a free piece of the next size is taken at
    once (the lowest number), else the empty one to reuse is asked when there
    are several."""
    h = turn.hewn
    hewn_turn(turn).ap -= ENLARGE_COST
    hewn_turn(turn).spent = SPENT_ACTION
    size = enlarge_size(state, h)
    free = free_pieces(state, size)
    reuse = reusable_pieces(state, size)
    if free or len(reuse) == 1:
        enlarge(state, piece_of(state.loc[h]), (free or reuse)[0])
        wake(state)  # the Hewn turn goes on (its reaction window first)
    else:
        push(state, DigFrame(Ask.ENLARGE_REUSE, turn.seat, h))


def enlarge(state: State, old: int, new: int) -> None:
    """Swap dug piece `old` for piece `new` (a size bigger) between the same
    ends; the Hewns in `old` are now in `new`, and `old` goes back to the
    stock. A reused `new` is lifted from where it lay."""
    a, b = ends(state, old)
    lift(state, new)
    lay(state, new, a, b)
    lift(state, old)
    here, there = tunnel_loc(old), tunnel_loc(new)
    for h in range(NUM_HEWNS):
        if state.loc[h] == here:
            state.loc[h] = there
