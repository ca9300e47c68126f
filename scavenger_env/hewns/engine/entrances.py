"""Entrances: the map's common entrances and the secret ones players place.

The board holds the common entrances (they never change); a secret entrance is
game state (`State.secret_entrances`, with the pieces left in
`State.entrance_stock`). Every rule that asks whether a Hewn may enter or leave
the board at a space asks here (`admits`), so a secret entrance works like a
common one for its owner's Hewns and not at all for anyone else's.

SECRET_ENTRANCE (a player verb, 0 AP, in its owner's player turn): rulebook "A
player who buys this scouting knowledge ... can, during his turn, announce that
a new entrance has been found and choose either a small, medium or big entrance
from the remaining stack of entrances". Its chain is one `EntranceFrame`:
ENTRANCE_SIZE (OPTION SIZE_S/M/B) -> ENTRANCE_SPACE (SPACE: a node of that
size without an entrance). The scouting piece is used up.
"""

from __future__ import annotations

from typing import Any, Final

from .actions import SPACE, Option, Verb
from .board import COMMON
from .data import TechKind
from .flow import pop, push
from .state import FRAME_FIELDS, NONE, Ask, Frame, State

__all__ = [
    "ENTRANCE_FRAME_FIELDS",
    "SIZE_OPTIONS",
    "EntranceFrame",
    "admits",
    "entrance_at",
    "entrance_spaces",
    "free_homes",
    "open_sizes",
    "player_turn_verbs",
    "secret_at",
]

#: ints per placed secret entrance in `State.secret_entrances`
SECRET: Final = 3

#: the OPTION id of each entrance size (index: size 1-3; 0 unused)
SIZE_OPTIONS: Final = (NONE, Option.SIZE_S, Option.SIZE_M, Option.SIZE_B)


# --- where the entrances are ----------------------------------------------------------


def secret_at(state: State, space: int) -> tuple[int, int]:
    """(size, owner seat) of the secret entrance on `space`, (0, NONE) if none."""
    placed = state.secret_entrances
    for i in range(0, len(placed), SECRET):
        if placed[i] == space:
            return placed[i + 1], placed[i + 2]
    return 0, NONE


def entrance_at(state: State, space: int) -> tuple[int, int]:
    """(size, owner) of the entrance on `space`: a common one (owner `COMMON`)
    or a secret one (its owner's seat); (0, COMMON) when there is none. A dug
    tunnel (a space past the map's) has none."""
    board = state.board
    if not 0 <= space < board.n_spaces:
        return 0, COMMON
    if board.entrance_size[space]:
        return board.entrance_size[space], board.entrance_owner[space]
    size, owner = secret_at(state, space)
    return (size, owner) if size else (0, COMMON)


def admits(state: State, space: int, hewn_size: int, seat: int) -> bool:
    """Whether `seat`'s Hewn of `hewn_size` may enter or leave the board at
    `space`. rulebook: "he must find a common entrance that is at least the
    same size as the Hewn entering. (Hewns can also move onto the map through
    any player owned entrance ...)"; "No other player's Hewns may use that
    entrance"."""
    board = state.board
    if not 0 <= space < board.n_spaces:
        return False
    if board.entrance_size[space]:
        return board.entrance_admits(space, hewn_size, seat)
    size, owner = secret_at(state, space)
    return size >= hewn_size and board.size[space] >= hewn_size and owner == seat


def entrance_spaces(state: State) -> list[int]:
    """Every space with an entrance, common or secret, by id."""
    board = state.board
    spaces = [s for s in range(board.n_spaces) if board.entrance_size[s]]
    spaces.extend(state.secret_entrances[0::SECRET])
    return sorted(spaces)


# --- placing a secret entrance -------------------------------------------------------


class EntranceFrame(Frame):
    """The SECRET_ENTRANCE chain (`Ask.ENTRANCE_SIZE`, then
    `Ask.ENTRANCE_SPACE`): `size` is the piece chosen (NONE before)."""

    __slots__ = ("size",)

    def __init__(self, seat: int, size: int = NONE) -> None:
        super().__init__(Ask.ENTRANCE_SIZE, seat)
        self.size = size

    def copy(self) -> EntranceFrame:
        """An independent copy."""
        new = EntranceFrame(self.seat, self.size)
        self.fill_copy(new)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.seat, self.size), ENTRANCE_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its field in place of `data`."""
        return self.key_with((self.size,))

    def shown(self) -> list[int]:
        """The choice so far: the size, once chosen."""
        return [] if self.size == NONE else [self.size]


ENTRANCE_FRAME_FIELDS: Final = (*FRAME_FIELDS, "size")
"""Every field of an `EntranceFrame` (a compiled class has no `__slots__` to
read)."""


def entrance_frame(frame: Frame) -> EntranceFrame:
    """`frame` as the SECRET_ENTRANCE chain it is."""
    if not isinstance(frame, EntranceFrame):
        raise RuntimeError(f"not a secret entrance chain: {frame!r}")
    return frame


def pieces(state: State, seat: int) -> int:
    """The secret-entrance scouting pieces `seat` holds (bought at an auction)."""
    return state.screen_tech[seat][TechKind.SECRET_ENTRANCE]


def free_homes(state: State, size: int) -> list[int]:
    """rulebook: "attaches an available small entrance to a small node, or an
    available medium entrance to a medium node or a large entrance to a large
    node": the nodes of `size` with no entrance, common or secret."""
    board = state.board
    return [s for s in board.secret_homes[size] if secret_at(state, s)[0] == 0]


def open_sizes(state: State) -> list[int]:
    """The sizes with a piece left in the stock ("from the remaining stack of
    entrances") and a node to put it on."""
    return [
        z for z in (1, 2, 3) if state.entrance_stock[z - 1] > 0 and free_homes(state, z)
    ]


def player_turn_verbs(state: State, seat: int) -> list[int]:
    """SECRET_ENTRANCE, when `seat` holds a scouting piece and a piece of some
    size can go on a node ("during his turn": the player turn)."""
    if pieces(state, seat) > 0 and open_sizes(state):
        return [int(Verb.SECRET_ENTRANCE)]
    return []


def start(state: State, seat: int) -> None:
    """SECRET_ENTRANCE was chosen: ask the size."""
    push(state, EntranceFrame(seat))


def legal_size(state: State, frame: Frame) -> list[int]:
    return [int(SIZE_OPTIONS[z]) for z in open_sizes(state)]


def apply_size(state: State, frame: Frame, action: int) -> None:
    chain = entrance_frame(frame)
    chain.size = SIZE_OPTIONS.index(action)
    chain.ask = Ask.ENTRANCE_SPACE


def legal_space(state: State, frame: Frame) -> list[int]:
    return [SPACE + s for s in free_homes(state, entrance_frame(frame).size)]


def apply_space(state: State, frame: Frame, action: int) -> None:
    chain = entrance_frame(frame)
    place(state, chain.seat, action - SPACE, chain.size)
    pop(state)


def place(state: State, seat: int, space: int, size: int) -> None:
    """rulebook: "Then he/she attaches a control rod (of his colour) to that
    entrance": a piece of `size` leaves the stock for `space`, owned by
    `seat`, and the scouting piece is used up."""
    state.entrance_stock[size - 1] -= 1
    state.screen_tech[seat][TechKind.SECRET_ENTRANCE] -= 1
    state.secret_entrances.extend((space, size, seat))
