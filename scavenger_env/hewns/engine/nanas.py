"""Stage 3 ("nanas"): Nananbites, the Mamabite, the Fixito and auction hacking.

Nananbites are pieces. Bought three to a card (and four with the Mamabite),
they wait on their buyer's screen until they are attached: into a Nanasocket
or a Mamabite slot of an own Hewn (BANJER / ATTACH_OFF), or into the cap of an
unplaced Bidox (NANA_BIDOX, in the bid turn). Once attached they never move
again ("they can never leave that Hewn or Bidox - unless they die"). Every
Nananbite is in exactly one place: a screen, a slot, a Bidox, or dead
(`State.nana_dead`).

A Hewn's slot list (`State.slots`) is its Nanasockets, then its Sicket
sockets, then four Mamabite slots per Sicket socket, in socket order: the
Mamabite in Sicket socket j (counted from 0) holds slots `base + 4 j` ..
`base + 4 j + 3`, where `base` is the number of sockets. The list grows only
when a Mamabite is fitted (places before its slots that belong to no Mamabite
hold `NO_SLOT`), so a Hewn without one keeps its plain list. The SOCKET
action ids name these places.

Nanadice: a Nananbite rolls one Nanadice when it repairs, defends against a
repair, or mends its damaged Hewn in the recovery phase. A "Nanadead" face
counts nothing and that Nananbite dies (`nana_deaths`).
"""

from __future__ import annotations

from typing import Final

from . import hearts
from .actions import NUM
from .data import DICE, TECHS, DieKind, Symbol, TechKind
from .flow import pop
from .state import (
    BIDOX_HOME,
    EMPTY_SLOT,
    NO_SLOT,
    Ask,
    Frame,
    State,
)

MAMA_SLOTS: Final = TECHS[TechKind.MAMABITE].slots
"""Nanasocket technologies one Mamabite holds ("used to hold Nananbites and other
technologies which use nanasockets")."""

NANA: Final = int(TechKind.NANANBITES)
MAMABITE: Final = int(TechKind.MAMABITE)
FIXITO: Final = int(TechKind.FIXITO)


# --- the slot layout ------------------------------------------------------------------
def base_slots(state: State, hewn: int) -> int:
    """How many sockets `hewn`'s card has (Nanasockets and Sicket sockets): the
    slots before any Mamabite's."""
    card = state.card(hewn)
    return card.nanasockets + card.sicket_sockets


def is_mama_slot(state: State, hewn: int, slot: int) -> bool:
    """Whether `slot` is a Mamabite's slot (it takes Nanasocket technologies)."""
    return slot >= base_slots(state, hewn)


def mama_slots(state: State, hewn: int, sicket: int) -> range:
    """The slots of the Mamabite fitted in slot `sicket` (a Sicket socket)."""
    first = base_slots(state, hewn) + MAMA_SLOTS * (
        sicket - state.card(hewn).nanasockets
    )
    return range(first, first + MAMA_SLOTS)


def open_mamabite(state: State, hewn: int, sicket: int) -> None:
    """A Mamabite was fitted in `sicket`: its slots join `hewn`'s list, empty
    ("which in turn allows Nananbites to be inserted into the Mamabite")."""
    slots = state.slots[hewn]
    places = mama_slots(state, hewn, sicket)
    while len(slots) < places.stop:
        slots.append(NO_SLOT)
    for i in places:
        slots[i] = EMPTY_SLOT


def count(state: State, hewn: int, kind: int) -> int:
    """How many pieces of technology `kind` are fitted on `hewn`."""
    return sum(1 for k in state.slots[hewn] if k == kind)


def nananbites(state: State, hewn: int) -> int:
    """The Nananbites attached to `hewn` (Nanasockets and Mamabite slots)."""
    return count(state, hewn, NANA)


def fixito_d10s(state: State, hewn: int) -> int:
    """The d10s the Fixitos fitted on `hewn` add ("a 1d10 for each Fixito it
    has": the card's `repair_d10` each)."""
    return count(state, hewn, FIXITO) * state.tech(FIXITO).repair_d10


# --- losses ---------------------------------------------------------------------------
def _trim(state: State, hewn: int) -> None:
    """Drop the trailing places that are no slot."""
    slots = state.slots[hewn]
    while len(slots) > base_slots(state, hewn) and slots[-1] == NO_SLOT:
        slots.pop()


def destroy_mamabite(state: State, hewn: int, sicket: int) -> None:
    """rulebook: "If the Mamabite (being a Sicket technology) is destroyed in an
    attack, all the Nanabites & technologies that were attached to it, are
    destroyed with it"."""
    slots = state.slots[hewn]
    for i in mama_slots(state, hewn, sicket):
        if i < len(slots):
            if slots[i] == NANA:
                state.nana_dead += 1
            slots[i] = NO_SLOT
    _trim(state, hewn)


def bury(state: State, hewn: int) -> None:
    """rulebook: "if the Hewn they are on dies, they also die": the Nananbites
    of a Hewn that dies are dead; its list goes back to its sockets."""
    state.nana_dead += nananbites(state, hewn)
    del state.slots[hewn][base_slots(state, hewn) :]


def nana_dies(state: State, hewn: int) -> None:
    """A Nanadead: "simply remove the Nananbite from the Hewn and place it in
    the Nananbite pile". The engine removes one from a Mamabite slot first (a
    ruling: the owner's better choice, as a Nananbite in a Nanasocket survives
    the Mamabite's loss), the last one in the list."""
    slots = state.slots[hewn]
    for i in range(len(slots) - 1, -1, -1):
        if slots[i] == NANA:
            slots[i] = EMPTY_SLOT
            state.nana_dead += 1
            return


def is_nanadead(kind: int, face: int) -> bool:
    """Whether one rolled die is a Nanadice showing "Nanadead"."""
    return kind == DieKind.NANA and DICE[kind].faces[face].symbol == Symbol.NANADEAD


def nana_deaths(state: State, dice: list[tuple[int, int, int]]) -> None:
    """Each (kind, face, owner) die that shows "Nanadead" kills one of its
    owner's Nananbites ("that nanabite is dead")."""
    for kind, face, owner in dice:
        if is_nanadead(kind, face) and nananbites(state, owner) > 0:
            nana_dies(state, owner)


# --- Bidoxes: auction hacking -----------------------------------------------------------
def bidox_value(state: State, seat: int, box: int) -> int:
    """What a placed Bidox adds to its seat's bid: its Substract and "For each
    Nananbite attached to a Bidox, that nanabite adds +1 to the total"."""
    bonus = state.tech(NANA).bidox_bonus * state.bidox_nana[seat][box]
    return state.bidox_amount[seat][box] + bonus


def nana_boxes(state: State, seat: int) -> list[int]:
    """The Bidoxes `seat` may attach a Nananbite to: unplaced, with room under
    `HewnsConfig.nananbites_per_bidox` ("up to two (2) individual Nananbites to
    each individual Bidox"); one per number attached (Bidoxes alike are one
    choice, the lowest index)."""
    if state.screen_tech[seat][NANA] <= 0:
        return []
    limit = state.config.nananbites_per_bidox
    out: list[int] = []
    seen: set[int] = set()
    for box, lot in enumerate(state.bidox_lot[seat]):
        held = state.bidox_nana[seat][box]
        if lot == BIDOX_HOME and held < limit and held not in seen:
            seen.add(held)
            out.append(box)
    return out


def start_nana_bidox(state: State, seat: int) -> Frame:
    """NANA_BIDOX's chain: which Bidox (`Ask.NANA_BOX`)."""
    return Frame(Ask.NANA_BOX, seat)


def legal_nana_box(state: State, frame: Frame) -> list[int]:
    return [NUM + b for b in nana_boxes(state, frame.seat)]


def apply_nana_box(state: State, frame: Frame, action: int) -> None:
    """rulebook: "once a Nananbite is allocated to a Bidox, it cannot be
    removed during this game"."""
    seat, box = frame.seat, action - NUM
    state.screen_tech[seat][NANA] -= 1
    state.bidox_nana[seat][box] += 1
    pop(state)


def bought(state: State, seat: int, kind: int) -> None:
    """A technology card won: its pieces go to the screen; "Each Mamabite is
    sold with 4 Nanabites, but the Nanabites come separate from the Mamabite"."""
    tech = state.tech(kind)
    state.screen_tech[seat][kind] += tech.quantity
    if tech.bundled_nananbites:
        state.screen_tech[seat][NANA] += tech.bundled_nananbites


# --- the recovery phase ---------------------------------------------------------------------
def recovery_dice(state: State, hewn: int) -> list[int]:
    """The dice a damaged Hewn rolls to mend itself, in this order: a d10 per
    Fixito ("Roll a single d10 for each Fixito"), a d10 for a complete heart
    card or one with a gem ("Roll a single an additional d10"), a Nanadice per
    Nananbite ("Roll a number of Nanadice equal to the number of attached
    Nananbites")."""
    kinds = [int(DieKind.D10)] * fixito_d10s(state, hewn)
    kinds.extend([int(DieKind.D10)] * hearts.heart_d10(state, hewn))
    kinds.extend([int(DieKind.NANA)] * nananbites(state, hewn))
    return kinds
