"""Swarms (stage 4, cards "complete"): a Hewn made of member creatures that
travel together (rulebook "Swarm": the Veyark and its 8 Arkz, the Blazooog and
its 6 Inclincs).

A swarm keeps `State.members` (members left) and `State.member_alive` (a bit
per member, bit 0 the leader). Member i >= 1 carries slot i - 1 of the
Hewn's sockets when there is one (`member_slot`), so "Any technologies
attached to any member of the swarm can be used by the swarm until that swarm
member is killed". A swarm never rolls the hurt die and is never stunned or
damaged: an attack that beats its defence kills (attack - defence) members,
chosen by its controller one at a time (`Ask.SWARM_LOSS`), and whatever would
stun it costs it one member (D46). With no member left it dies as any Hewn.
"""

from __future__ import annotations

from .actions import NUM
from .effects import kill, return_gem, stun
from .flow import pop, push
from .nanas import MAMABITE, NANA, destroy_mamabite
from .state import NO_SLOT, NONE, Ask, Frame, State

__all__ = [
    "apply_loss",
    "close_combat_dice",
    "empty_heart",
    "is_swarm",
    "kill_member",
    "legal_loss",
    "live_members",
    "lose",
    "member_slot",
    "stun_or_lose",
]


def is_swarm(state: State, hewn: int) -> bool:
    """Whether `hewn` is a swarm: its card has members (rulebook: "A Hewn that
    is comprised of a bunch of member creatures is regarded as a swarm")."""
    return state.card(hewn).members > 0


def member_slot(state: State, hewn: int, member: int) -> int:
    """The slot member `member` of swarm `hewn` carries, NONE without one: the
    leader (member 0) carries none, member i >= 1 the socket i - 1 (the
    Veyark's 5 smaller Arkz the Nanasockets and its 3 bigger Arkz the Sicket
    sockets; the Blazooog's first 2 Inclincs its Nanasockets)."""
    card = state.card(hewn)
    slot = member - 1
    if 0 <= slot < card.nanasockets + card.sicket_sockets:
        return slot
    return NONE


def live_members(state: State, hewn: int) -> list[int]:
    """The members of `hewn` still alive, leader (0) first."""
    alive = state.member_alive[hewn]
    return [i for i in range(state.card(hewn).members) if alive >> i & 1]


def close_combat_dice(state: State, hewn: int) -> int:
    """rulebook: "a swarm rolls close combat dice equal to the number of members
    remaining in the swarm"; any other Hewn rolls its card's."""
    if is_swarm(state, hewn):
        return state.members[hewn]
    return state.card(hewn).close_combat


def kill_member(state: State, hewn: int, member: int) -> None:
    """rulebook: "The swarm owner decides which members of the swarm are killed -
    returning them and any technology they had to the box": the member's slot
    is no slot any more (a Mamabite takes its slots' contents with it, a
    Nananbite dies; the leader takes what the heart card holds:
    `empty_heart`); the swarm dies with its last member."""
    state.member_alive[hewn] &= ~(1 << member)
    state.members[hewn] -= 1
    if member == 0:
        empty_heart(state, hewn)
    slot = member_slot(state, hewn, member)
    if slot != NONE:
        held = state.slots[hewn][slot]
        if held == MAMABITE:
            destroy_mamabite(state, hewn, slot)
        elif held == NANA:
            state.nana_dead += 1
        state.slots[hewn][slot] = NO_SLOT
        state.slot_hidden[hewn][slot] = False
    if state.members[hewn] <= 0:
        kill(state, hewn)


def empty_heart(state: State, hewn: int) -> None:
    """The swarm's heart card sits on its leader (design): the leader's death
    takes what the heart holds, as a Hewn's death does (a gem back to the pile,
    a heart stone destroyed); the card's heart stays and may be filled again."""
    return_gem(state, hewn)
    state.heart[hewn] = NONE
    state.heart_hidden[hewn] = False


def lose(state: State, hewn: int, casualties: int) -> bool:
    """rulebook: "The difference between the attacker's total and total defences
    rolled by the swarm are the amount of swarm members killed"; "If the total
    of attacker hits (less the swarm's defence total rolled) equals or exceeds
    the number of swarm members left, the entire swarm dies". Fewer casualties
    than members are chosen by the swarm's controller (SWARM_LOSS, one member
    per decision). Returns whether that decision was pushed."""
    if casualties <= 0:
        return False
    if casualties >= state.members[hewn]:
        kill(state, hewn)
        return False
    push(state, Frame(Ask.SWARM_LOSS, state.ctrl[hewn], hewn, other=casualties))
    return True


def stun_or_lose(state: State, hewn: int) -> bool:
    """What stuns a Hewn: a swarm loses one member instead (D46: "Swarms can
    never be stunned or damaged; they simply lose swarm members"). Returns
    whether a SWARM_LOSS decision was pushed."""
    if is_swarm(state, hewn):
        return lose(state, hewn, 1)
    stun(state, hewn)
    return False


def legal_loss(state: State, frame: Frame) -> list[int]:
    """NUM i for each live member (the leader, member 0, is one like the
    others)."""
    return [NUM + i for i in live_members(state, frame.hewn)]


def apply_loss(state: State, frame: Frame, action: int) -> None:
    """One casualty chosen; the next is asked until all are (`frame.other`
    casualties were left)."""
    kill_member(state, frame.hewn, action - NUM)
    frame.other -= 1
    if frame.other <= 0:
        pop(state)
