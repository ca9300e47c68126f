"""Dug tunnels on the board: the 12 numbered pieces, where they lie, and the
movement links and distances they add to the map.

rulebook: "A normal tunnel is also a space"; "Moving into a normal tunnel costs
1 action point. To get through to the other side costs another 1 action
point." A dug tunnel is a space with no lattice cell, linked to its two end
spaces and to nothing else (design 3.1). Piece p (0-11, printed number p + 1)
is at location `TUNNEL_BASE` + p, so `actions.SPACE` + location is its action
id as for every map space. A piece is on the board when its ends are set
(`State.tunnel_a`, `State.tunnel_b`); the rest are the stock.

The map's own tables (`Board.steps`, `Board.dist`) know nothing of dug
tunnels; the queries here add them, and fall back on the tables while no
tunnel is dug (every core game), so those games play exactly as before.
"""

from __future__ import annotations

from typing import Final

from . import entrances
from .data import TUNNEL_SIZES
from .state import NONE, NUM_LOCS, TUNNEL_BASE, State

PIECE_SIZES: Final[tuple[int, ...]] = tuple(int(z) for z in TUNNEL_SIZES[0])
"""The size of each tunnel piece (index 0 is tunnel 1)."""
NUM_PIECES: Final = len(PIECE_SIZES)


def is_tunnel(loc: int) -> bool:
    """Whether location `loc` is a dug-tunnel piece (not a map space)."""
    return loc >= TUNNEL_BASE


def piece_of(loc: int) -> int:
    """The tunnel piece (0-11) at location `loc`."""
    return loc - TUNNEL_BASE


def tunnel_loc(piece: int) -> int:
    """The location of tunnel piece `piece` (0-11)."""
    return TUNNEL_BASE + piece


def is_dug(state: State, piece: int) -> bool:
    """Whether `piece` lies on the board (not in the stock)."""
    return state.tunnel_a[piece] != NONE


def dug(state: State) -> list[int]:
    """The pieces on the board, by number."""
    return [p for p in range(NUM_PIECES) if state.tunnel_a[p] != NONE]


def ends(state: State, piece: int) -> tuple[int, int]:
    """The two end spaces of a dug piece (where it was dug from, then to)."""
    return state.tunnel_a[piece], state.tunnel_b[piece]


def is_empty(state: State, piece: int) -> bool:
    """No Hewn is in `piece` ("you cannot remove a tunnel if a Hewn is
    currently in it")."""
    return tunnel_loc(piece) not in state.loc


def on_board(state: State, loc: int) -> bool:
    """Whether `loc` is a space of the board now: a map space or a dug
    tunnel."""
    if loc < 0:
        return False
    if is_tunnel(loc):
        return loc < NUM_LOCS and is_dug(state, piece_of(loc))
    return loc < state.board.n_spaces


def size_of(state: State, loc: int) -> int:
    """The size of space `loc`: a map space's, or its piece's (a dug tunnel
    "is the size of the tunnelling Hewn")."""
    return PIECE_SIZES[piece_of(loc)] if is_tunnel(loc) else state.board.size[loc]


def admits(state: State, loc: int, hewn_size: int) -> bool:
    """rulebook: "Big Hewns cannot move into ... medium or small normal
    tunnels"; "Medium Hewns cannot move into ... small normal tunnels"."""
    return size_of(state, loc) >= hewn_size


def neighbours(state: State, loc: int, hewn_size: int) -> list[int]:
    """The spaces one step from `loc` for a Hewn of `hewn_size`: the map's
    links and magnetic tunnels, and the dug tunnels with an end at `loc`; from
    inside a dug tunnel, its two ends. Only spaces that admit the size."""
    if is_tunnel(loc):
        piece = piece_of(loc)
        if not is_dug(state, piece):
            return []
        a, b = ends(state, piece)
        return sorted({s for s in (a, b) if state.board.admits(s, hewn_size)})
    out = list(state.board.steps[hewn_size][loc])
    if state.tunnel_a.count(NONE) < NUM_PIECES:
        for p in range(NUM_PIECES):
            if PIECE_SIZES[p] >= hewn_size and loc in (
                state.tunnel_a[p],
                state.tunnel_b[p],
            ):
                out.append(tunnel_loc(p))
    return out


def distances(state: State, source: int) -> list[int]:
    """D42, "spaces away": steps from `source` to every location over all
    movement links (magnetic tunnels one step, a dug tunnel one space between
    its ends), ignoring sizes and occupants; -1 where unreachable. Indexed by
    location (`NUM_LOCS` long)."""
    return step_distances(state, source, 1)


def step_distances(state: State, source: int, hewn_size: int) -> list[int]:
    """Fewest steps from `source` to every location for a Hewn of
    `hewn_size` (only spaces that admit it, dug tunnels included); -1 where
    it cannot go. Indexed by location (`NUM_LOCS` long)."""
    board = state.board
    n = board.n_spaces
    out = [-1] * NUM_LOCS
    if not dug(state) and not is_tunnel(source):
        row = board.dist[hewn_size]
        base = source * n
        for s in range(n):
            out[s] = row[base + s]
        return out
    out[source] = 0
    frontier = [source]
    d = 0
    while frontier:
        d += 1
        nxt: list[int] = []
        for u in frontier:
            for v in neighbours(state, u, hewn_size):
                if out[v] < 0:
                    out[v] = d
                    nxt.append(v)
        frontier = nxt
    return out


def distance(state: State, a: int, b: int) -> int:
    """D42: how many spaces away `b` is from `a` (`distances`); -1 if it
    cannot be reached."""
    if not is_tunnel(a) and not is_tunnel(b) and not dug(state):
        return state.board.distance(a, b)
    return distances(state, a)[b]


def within(state: State, loc: int, k: int) -> list[int]:
    """The spaces at most `k` spaces away from `loc` (itself included), by
    location: map spaces and dug tunnels."""
    if not is_tunnel(loc) and not dug(state):
        return list(state.board.within(loc, k))
    return [s for s, d in enumerate(distances(state, loc)) if 0 <= d <= k]


def has_entrance(state: State, loc: int, hewn_size: int, seat: int) -> bool:
    """Whether `seat`'s Hewn of `hewn_size` may enter or exit the board at
    `loc`: a common entrance, or `seat`'s own secret one (`entrances.admits`;
    a dug tunnel has no entrance)."""
    return entrances.admits(state, loc, hewn_size, seat)


def free_pieces(state: State, size: int) -> list[int]:
    """The pieces of `size` in the stock, by number."""
    return [
        p
        for p in range(NUM_PIECES)
        if PIECE_SIZES[p] == size and state.tunnel_a[p] == NONE
    ]


def reusable_pieces(state: State, size: int) -> list[int]:
    """rulebook: "the Hewn's owner can remove an existing same sized tunnel on
    the board (and its end bits) and use it ... (However, you cannot remove a
    tunnel if a Hewn is currently in it...)": the empty dug pieces of
    `size`."""
    return [
        p
        for p in range(NUM_PIECES)
        if PIECE_SIZES[p] == size and is_dug(state, p) and is_empty(state, p)
    ]


def lay(state: State, piece: int, a: int, b: int) -> None:
    """Put `piece` on the board between spaces `a` and `b` (taken from the
    stock, or moved from where it lay when reused)."""
    state.tunnel_a[piece] = a
    state.tunnel_b[piece] = b


def lift(state: State, piece: int) -> None:
    """Take `piece` off the board back to the stock."""
    state.tunnel_a[piece] = NONE
    state.tunnel_b[piece] = NONE
