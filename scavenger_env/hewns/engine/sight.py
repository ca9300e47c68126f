"""Line of sight between Hewns and the transmission component of a Hewn.

The board knows the rays (`Board.sight`, `Board.sees`); this module adds the
state's occupancy and the rules that depend on who stands where. Each query
counts the occupancy once and hands it down, so a component costs one count and
at most a few ray walks per pair of friendly Hewns.

A dug tunnel is a space with no lattice cell (D33): it sees only its two end
spaces and is seen only from them. Each end's rays take in the tunnel as one
more ray of one space, and nothing is seen through it (rule 6: "The line of his
sight reaches a tunnel space (which means that nothing past that tunnel can be
seen.)"; the LOS picture: the Dreampogg in the tunnel and the Hewns at its two
ends see it, not each other).
"""

from __future__ import annotations

from collections.abc import Sequence

from .state import NUM_HEWNS, NUM_LOCS, State
from .tunnels import ends, is_tunnel, on_board, piece_of


def _map_space(state: State, loc: int) -> bool:
    """Whether `loc` is a space of the board (a map space or a dug tunnel; not
    off the board)."""
    return on_board(state, loc)


def space_sees(state: State, a: int, b: int, occupancy: Sequence[int]) -> bool:
    """Whether the lone Hewn in space `a` sees the lone Hewn in space `b`: the
    board's rays between map spaces; a dug tunnel and its two ends see each
    other (D33), nothing else sees into a tunnel or out of it."""
    if is_tunnel(a) or is_tunnel(b):
        if a == b or occupancy[a] != 1 or occupancy[b] != 1:
            return False
        tunnel, other = (a, b) if is_tunnel(a) else (b, a)
        return other in ends(state, piece_of(tunnel))
    return state.board.sees(a, b, occupancy)


def sees(state: State, a: int, b: int, occupancy: Sequence[int] | None = None) -> bool:
    """Whether Hewn `a` sees Hewn `b` (symmetric).

    Two Hewns in one space see each other: rulebook rule 3, a Hewn sharing its
    space "can only focus on Hewns in that same space" (and its notes: enemies
    there "can see each other"). Otherwise both must be alone in their spaces
    (rules 1-3: "he cannot see out of that space"; a group is never seen) and
    `b`'s space must lie on one of `a`'s rays before anything blocks it (rules
    4-6: corners, nodes and tunnels end a ray; mines and tokens do not block).
    """
    if a == b:
        return False
    la, lb = state.loc[a], state.loc[b]
    if not (_map_space(state, la) and _map_space(state, lb)):
        return False
    if la == lb:
        return True
    occ = state.occupancy() if occupancy is None else occupancy
    return space_sees(state, la, lb, occ)


def transmitter(state: State, hewn: int) -> bool:
    """A Hewn that may take part in a transmission: healthy and on the board
    (rulebook: "to another friendly healthy Hewn"; D32: a damaged Hewn cannot
    transmit)."""
    return _map_space(state, state.loc[hewn]) and state.healthy(hewn)


def may_send(state: State, hewn: int) -> bool:
    """A Hewn that may start a transmission: a transmitter, or a damaged Hewn
    on the board that keeps its player's control rod, where damaged Hewns may
    transmit (rulebook: "any Hewn can transmit any Substract ... at any time";
    the config's `damaged_transmit`). It sends to healthy Hewns only ("to
    another friendly healthy Hewn")."""
    if transmitter(state, hewn):
        return True
    return (
        state.config.damaged_hewns_transmit()
        and _map_space(state, state.loc[hewn])
        and state.ctrl[hewn] >= 0
        and state.damaged[hewn]
    )


def linked(
    state: State, a: int, b: int, occupancy: Sequence[int], enemy_at: Sequence[bool]
) -> bool:
    """Whether two friendly healthy on-board Hewns can pass Substract directly:
    in one space only when no healthy enemy is there (rulebook: "Two friendly
    healthy Hewns in the same space can transfer Substract to each other";
    "Hewns involved in a same space encounter with an enemy Hewn cannot
    transfer/transmit Substract"), else when they see each other."""
    la, lb = state.loc[a], state.loc[b]
    if la == lb:
        return not enemy_at[la]
    return space_sees(state, la, lb, occupancy)


def component(state: State, hewn: int) -> list[int]:
    """`hewn`'s transmission component: the Hewns of its controller, healthy and
    on the board, that a chain of direct links reaches (rulebook: "a chain of
    Hewns ... provided that for each "transport" between two friendly Hewns,
    the two Hewns can see each other"). Nearest first (by links, then by id),
    `hewn` itself first. A Hewn that cannot transmit is alone in it; a damaged
    one that may send (`may_send`) reaches its healthy friends."""
    if not may_send(state, hewn):
        return [hewn]
    seat = state.ctrl[hewn]
    occupancy = state.occupancy()
    enemy_at = [False] * NUM_LOCS
    friends: list[int] = []
    for h in range(NUM_HEWNS):
        if not transmitter(state, h):
            continue
        if state.ctrl[h] == seat:
            if h != hewn:
                friends.append(h)
        else:
            enemy_at[state.loc[h]] = True
    found = [hewn]
    head = 0
    while head < len(found) and friends:
        cur = found[head]
        head += 1
        left: list[int] = []
        for f in friends:
            if linked(state, cur, f, occupancy, enemy_at):
                found.append(f)
            else:
                left.append(f)
        friends = left
    return found
