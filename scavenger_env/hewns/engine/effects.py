"""What happens to a Hewn: it dies, is stunned, is damaged, pays Substract. Small
named rules that every part of the engine uses.
"""

from __future__ import annotations

from collections.abc import Collection

from .nanas import bury
from .sight import component, linked, transmitter
from .state import DEAD, EMPTY_SLOT, NEUTRAL, NONE, NUM_HEWNS, NUM_LOCS, State


def kill(state: State, hewn: int) -> None:
    """rulebook: "its card is discarded and any remaining Substract it carried is
    destroyed": normal Substract goes back to the pile, dirty to the supply, and
    its technologies are lost (its Nananbites die with it); a gem in its heart
    card goes back to the gem pile (D40), a heart stone is destroyed."""
    return_gem(state, hewn)
    state.heart[hewn] = NONE
    bury(state, hewn)
    state.normal_pile += state.normal[hewn]
    state.normal[hewn] = 0
    state.dirty[hewn] = 0
    state.loc[hewn] = DEAD
    state.ctrl[hewn] = NEUTRAL
    state.damaged[hewn] = False
    state.members[hewn] = 0
    state.member_alive[hewn] = 0
    slots = state.slots[hewn]
    for i in range(len(slots)):
        slots[i] = EMPTY_SLOT


def return_gem(state: State, hewn: int) -> None:
    """The gem in `hewn`'s heart card, if any, goes back to the gem pile."""
    gem = state.gem[hewn]
    if gem != NONE:
        state.gem_pile[gem] += 1
        state.gem[hewn] = NONE


def insert_gem(state: State, hewn: int) -> None:
    """rulebook: "the Hewn's owner selects the best available Gem from the Gem
    pile, which must be inserted into the heart card of the Hewn"; the gem it
    held goes back to the pile once the new one is taken (D40); a heart stone
    it replaces "is regarded as destroyed"."""
    best = next(k for k, left in enumerate(state.gem_pile) if left > 0)
    state.gem_pile[best] -= 1
    return_gem(state, hewn)
    state.heart[hewn] = NONE
    state.gem[hewn] = best


def stun(state: State, hewn: int) -> None:
    """rulebook: "A stunned Hewn ... is regarded as neutral (belongs to no
    player.)" and "Any technologies attached to that Hewn as well as any
    Substract; remain on that Hewn"; a danger token in its space then kills it."""
    state.ctrl[hewn] = NEUTRAL
    token_kills(state, state.loc[hewn])


def damage(state: State, hewn: int) -> None:
    """rulebook: "A damaged Hewn cannot move or take any actions"; a danger token
    in its space then kills it."""
    state.damaged[hewn] = True
    token_kills(state, state.loc[hewn])


def token_kills(state: State, space: int) -> None:
    """rulebook: "Dangers tokens immediately kill all stunned and/or damaged
    Hewns they share the same space with"."""
    if space < 0 or state.token[space] == NONE:
        return
    for h in range(NUM_HEWNS):
        if state.loc[h] == space and not state.healthy(h):
            kill(state, h)


def pay_from_hewn(state: State, hewn: int, amount: int, dirty: int) -> None:
    """`hewn` pays `amount`, `dirty` of it dirty: the normal part goes back to the
    pile ("back in the normal Substract pool"), the dirty part to the supply."""
    state.dirty[hewn] -= dirty
    state.normal[hewn] -= amount - dirty
    state.normal_pile += amount - dirty


def healthy_enemies_at(state: State, space: int, seat: int) -> list[int]:
    """The healthy Hewns in `space` that another seat controls."""
    return [
        h
        for h in range(NUM_HEWNS)
        if state.loc[h] == space and state.healthy(h) and state.ctrl[h] != seat
    ]


def healthy_at(state: State, space: int, but: int = NONE) -> list[int]:
    """The healthy Hewns in `space` other than `but`."""
    return [
        h
        for h in range(NUM_HEWNS)
        if h != but and state.loc[h] == space and state.healthy(h)
    ]


def payable(state: State, hewn: int, chain: bool) -> tuple[int, int]:
    """(normal, dirty) that `hewn` can pay with: its own load, and with `chain`
    (D30: ranged payments except the artillery attacker, danger and overflow
    screens, AP burns) also the loads of its transmission component (rulebook:
    "it can receive via a chain of friendly Hewns that can see each other").
    Same-space payments pass `chain=False` ("when a Hewn is in the same space as
    any other hewn it cannot get Substract from friendly Hewns"). A module that
    lets several announcers of one seat pay from one component checks their
    picks together against this (D65). The owner's split between its own load
    and the chain (PAY_SPLIT) is not asked yet: `pay_through_chain` takes it as
    arguments."""
    members = component(state, hewn) if chain else [hewn]
    return (
        sum(state.normal[h] for h in members),
        sum(state.dirty[h] for h in members),
    )


def pay_through_chain(
    state: State, hewn: int, normal: int, dirty: int, own_normal: int, own_dirty: int
) -> None:
    """`hewn` pays `normal` + `dirty`, `own_normal` and `own_dirty` of it from
    its own load and the rest from the other Hewns of its component, nearest
    first (D30; the Sveanivo "uses 2 Substract from the Veyark and keeps its own
    Substract"). The caller has checked it is payable."""
    pay_from_hewn(state, hewn, own_normal + own_dirty, own_dirty)
    normal -= own_normal
    dirty -= own_dirty
    for h in component(state, hewn)[1:]:
        if normal <= 0 and dirty <= 0:
            break
        d = min(dirty, state.dirty[h])
        n = min(normal, state.normal[h])
        pay_from_hewn(state, h, n + d, d)
        normal -= n
        dirty -= d
    if normal > 0 or dirty > 0:
        raise ValueError("the component cannot pay this")


def load(state: State, hewn: int) -> int:
    """The Substract `hewn` carries (normal and dirty)."""
    return state.normal[hewn] + state.dirty[hewn]


def donors(state: State, hewn: int, exclude: Collection[int] = ()) -> list[int]:
    """The other Hewns of `hewn`'s transmission component that may give it
    Substract for a chain payment (D30), nearest first. Hewns in `exclude`
    (those fighting in an encounter: "a Hewn involved in long range encounter
    cannot transfer/transmit Substract away") neither give nor relay."""
    if not transmitter(state, hewn):
        return []
    seat = state.ctrl[hewn]
    occupancy = state.occupancy()
    enemy_at = [False] * NUM_LOCS
    friends: list[int] = []
    for h in range(NUM_HEWNS):
        if not transmitter(state, h):
            continue
        if state.ctrl[h] != seat:
            enemy_at[state.loc[h]] = True
        elif h != hewn and h not in exclude:
            friends.append(h)
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
    return found[1:]


def chain_pool(state: State, hewn: int, exclude: Collection[int] = ()) -> int:
    """What `hewn`'s donors carry together (D30)."""
    return sum(load(state, h) for h in donors(state, hewn, exclude))


def own_shares(state: State, hewn: int, amount: int, avail: int) -> range:
    """The own-load shares possible when `hewn` pays `amount` with `avail` more
    reachable through its chain (PAY_SPLIT: the Sveanivo "uses 2 Substract from
    the Veyark and keeps its own Substract")."""
    return range(max(0, amount - avail), min(amount, load(state, hewn)) + 1)


def draw_from_chain(
    state: State, hewn: int, amount: int, exclude: Collection[int] = ()
) -> None:
    """The part of a payment not taken from `hewn`'s own load comes from its
    donors, nearest first, dirty before normal (D30, as rules 1 drew it; rules
    2 asks the payer the kinds: `payment.pay`). The caller has checked it is
    payable."""
    for h in donors(state, hewn, exclude):
        if amount <= 0:
            break
        d = min(amount, state.dirty[h])
        n = min(amount - d, state.normal[h])
        pay_from_hewn(state, h, n + d, d)
        amount -= n + d
    if amount > 0:
        raise ValueError("the chain cannot pay this")


def chain_draws_fit(
    state: State,
    draws: list[tuple[int, int]],
    exclude: Collection[int],
    left: list[int] | None = None,
) -> bool:
    """Whether Hewns drawing the given amounts from their chains, in order,
    nearest first, all find enough (D65); `left`: what each Hewn carries (its
    load unless given). Nothing is changed."""
    left = [load(state, h) for h in range(NUM_HEWNS)] if left is None else list(left)
    for hewn, amount in draws:
        for h in donors(state, hewn, exclude):
            take = min(amount, left[h])
            left[h] -= take
            amount -= take
        if amount > 0:
            return False
    return True
