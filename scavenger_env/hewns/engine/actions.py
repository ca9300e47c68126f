"""The engine's action ids: one flat range, a block per kind of small choice.

Every decision is a short chain of small choices (verb -> unit -> target ->
amount), one id each, so the action space stays small and every mask is exact:
an id is legal only if the chain it starts has a legal completion. Seats (the
SEAT block) are absolute here; the env's codec (`SEAT_BLOCKS`) makes them
relative to the mover. Block sizes follow the component data, so a designed
value that changes moves the ids with it.

==========  =======  ==============================================================
block       ids      meaning
==========  =======  ==============================================================
CTRL        0-8      DONE, YES, NO, END_PLAYER_TURN, END_HEWN_TURN, HUNT,
                     PASS_AUCTION, OFF_PLANET (a transmit destination), REVEAL
                     (show one's turn-order card)
VERB        9-28     FLY ... SECRET_ENTRANCE (`Verb`)
HEWN        29-68    a Hewn card instance (36 cards, padded to 40)
SPACE       69-144   a map space (61, padded to 64), then the 12 dug-tunnel pieces
NUM         145-176  an amount 0-31: bids, picks, keep, transmit, screens, the
                     dirty part of a payment, Bidox index, swarm member, ...
LOT         177-188  auction lot: turn-order stack, B, M M, S S S S, 4 tech
TECH        189-201  a technology kind
SOCKET      202-225  a slot of the chosen Hewn: Nanasockets, Sickets, Mamabite
                     slots, heart
DIE         226-257  a die of the current pool
SEAT        258-261  a seat (relative in the env)
OPTION      262-283  small enumerations (`Option`); the last 3 ids are spare
==========  =======  ==============================================================

Two rulebook rulings add to the designed 283 ids:

* a player may show their turn-order card at will: `Ctrl.REVEAL` (one id);
* the payer chooses the mix of dirty and normal Substract of every payment: after
  the amount, one NUM step gives how much of it is dirty (the rest is normal),
  asked only when more than one mix is possible. No id is added for it.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from .config import MAX_BIDOXES
from .data import (
    BIDOX_CAPACITY,
    HEWN_TYPES,
    OFFER_BIG,
    OFFER_MEDIUM,
    OFFER_SMALL,
    OFFER_TECH,
    PLAYER_COUNTS,
    TECHS,
    TUNNEL_SIZES,
    TechKind,
)
from .maps import MAX_MAP_SPACES as _MAX_MAP_SPACES

PAD: Final = 8
"""Hewn and map-space ids are padded to a multiple of this, so a designed card or
space added to the data fits without moving every later block."""


def _padded(n: int) -> int:
    """`n` rounded up to a multiple of `PAD`."""
    return -(-n // PAD) * PAD


# --- CTRL -----------------------------------------------------------------------
CTRL: Final = 0


class Ctrl(IntEnum):
    """Control ids (absolute action ids): answers that name no object."""

    DONE = CTRL  # stop / pass / none
    YES = CTRL + 1
    NO = CTRL + 2
    END_PLAYER_TURN = CTRL + 3
    END_HEWN_TURN = CTRL + 4
    HUNT = CTRL + 5  # hunt dirty Substract with a Bidox
    PASS_AUCTION = CTRL + 6
    OFF_PLANET = CTRL + 7  # a transmit destination
    # rulebook: a player may reveal their turn-order card or keep it secret
    REVEAL = CTRL + 8


CTRL_SIZE: Final = len(Ctrl)

# --- VERB -----------------------------------------------------------------------
VERB: Final = CTRL + CTRL_SIZE


class Verb(IntEnum):
    """The first id of a Hewn or player action (absolute action ids)."""

    FLY = VERB
    CLIMB = VERB + 1
    DIG = VERB + 2
    ENLARGE = VERB + 3
    EXIT = VERB + 4
    MINE = VERB + 5
    EXTRACT = VERB + 6
    CALM = VERB + 7
    BURN = VERB + 8
    ANNOUNCE = VERB + 9
    ARTILLERY = VERB + 10
    ENCOUNTER_SAME = VERB + 11
    TRANSMIT = VERB + 12
    BANJER = VERB + 13
    LOAD = VERB + 14
    UNLOAD = VERB + 15
    ATTACH_OFF = VERB + 16
    NANA_BIDOX = VERB + 17
    PLACE_BIDOX = VERB + 18
    SECRET_ENTRANCE = VERB + 19


VERB_SIZE: Final = len(Verb)

# --- HEWN: a card instance --------------------------------------------------------
HEWN: Final = VERB + VERB_SIZE
NUM_HEWN_INSTANCES: Final = sum(h.cards for h in HEWN_TYPES)
HEWN_SIZE: Final = _padded(NUM_HEWN_INSTANCES)

# --- SPACE: map spaces, then the dug-tunnel pieces --------------------------------
SPACE: Final = HEWN + HEWN_SIZE
#: the most spaces a map may have (`maps.MAX_MAP_SPACES`, a designed cap, not
#: read from the maps: a new map never moves an action id; a bigger map is refused)
MAX_MAP_SPACES: Final = _MAX_MAP_SPACES
MAP_SPACE_IDS: Final = _padded(MAX_MAP_SPACES)
NUM_TUNNEL_PIECES: Final = len(TUNNEL_SIZES[0])
#: the first SPACE id of a dug-tunnel piece (piece k is TUNNEL_SPACE + k - 1)
TUNNEL_SPACE: Final = SPACE + MAP_SPACE_IDS
SPACE_SIZE: Final = MAP_SPACE_IDS + NUM_TUNNEL_PIECES

# --- NUM: an amount ---------------------------------------------------------------
NUM: Final = SPACE + SPACE_SIZE
#: a bid 0..capacity, and a Bidox index 0..MAX_BIDOXES - 1
NUM_SIZE: Final = max(BIDOX_CAPACITY.value + 1, MAX_BIDOXES)

# --- LOT: the auction's lots ------------------------------------------------------
LOT: Final = NUM + NUM_SIZE
LOT_TURN_ORDER: Final = LOT
LOT_BIG: Final = LOT_TURN_ORDER + 1
LOT_MEDIUM: Final = LOT_BIG + OFFER_BIG.value
LOT_SMALL: Final = LOT_MEDIUM + OFFER_MEDIUM.value
LOT_TECH: Final = LOT_SMALL + OFFER_SMALL.value
LOT_SIZE: Final = LOT_TECH + OFFER_TECH.value - LOT

# --- TECH: a technology kind ------------------------------------------------------
TECH: Final = LOT + LOT_SIZE
TECH_SIZE: Final = len(TechKind)

# --- SOCKET: a slot in the chosen Hewn's flat slot list ---------------------------
SOCKET: Final = TECH + TECH_SIZE
#: the most slots one Hewn can have: Nanasockets, Sickets (each may hold a
#: Mamabite with its slots) and the heart
MAX_SLOTS: Final = max(
    h.nanasockets + h.sicket_sockets * (1 + max(t.slots for t in TECHS)) + int(h.heart)
    for h in HEWN_TYPES
)
SOCKET_SIZE: Final = _padded(MAX_SLOTS)

# --- DIE: a die of the current pool -----------------------------------------------
DIE: Final = SOCKET + SOCKET_SIZE
#: designed: the most dice one roll or pick list holds (re-roll, dodge, discard,
#: danger order, respite cancel)
DIE_SIZE: Final = 32

# --- SEAT -------------------------------------------------------------------------
SEAT: Final = DIE + DIE_SIZE
#: the most players (the codec's `SEATS`)
SEAT_SIZE: Final = max(PLAYER_COUNTS)

# --- OPTION -----------------------------------------------------------------------
OPTION: Final = SEAT + SEAT_SIZE


class Option(IntEnum):
    """Small enumerations, read by decision kind (absolute action ids)."""

    ATTACK = OPTION
    BODY_REPAIR = OPTION + 1
    BRAIN_REPAIR = OPTION + 2
    TAKE_GEM = OPTION + 3
    TAKE_TWO = OPTION + 4
    NORMAL = OPTION + 5  # Substract kind (transmit, load)
    DIRTY = OPTION + 6
    SIZE_S = OPTION + 7
    SIZE_M = OPTION + 8
    SIZE_B = OPTION + 9
    PLACE_STAY = OPTION + 10
    PLACE_TUNNEL = OPTION + 11
    PLACE_FAR_END = OPTION + 12
    MINE_PLAIN = OPTION + 13
    MINE_AGGRESSIVE = OPTION + 14
    MINE_GOZZBAG = OPTION + 15
    MINE_AGGRESSIVE_GOZZBAG = OPTION + 16
    RESPITE_CANCEL = OPTION + 17
    RESPITE_REMOVE_TOKEN = OPTION + 18


OPTION_SPARE: Final = 3
"""Reserved OPTION ids after the named ones, kept from the design."""
OPTION_SIZE: Final = len(Option) + OPTION_SPARE

NUM_ACTIONS: Final = OPTION + OPTION_SIZE

#: (first id, ids per seat) of every block that names a seat, for `SeatCodec`
SEAT_BLOCKS: Final = ((SEAT, 1),)

#: (name, first id, size, meaning) of every block, in id order
BLOCKS: Final[tuple[tuple[str, int, int, str], ...]] = (
    ("CTRL", CTRL, CTRL_SIZE, "control: done, yes/no, end turns, hunt, pass, ..."),
    ("VERB", VERB, VERB_SIZE, "the first id of a Hewn or player action"),
    ("HEWN", HEWN, HEWN_SIZE, "a Hewn card instance"),
    ("SPACE", SPACE, SPACE_SIZE, "a map space, then the dug-tunnel pieces"),
    ("NUM", NUM, NUM_SIZE, "an amount (bids, picks, dirty part of a payment, ...)"),
    ("LOT", LOT, LOT_SIZE, "an auction lot: turn order, B, M, S, tech"),
    ("TECH", TECH, TECH_SIZE, "a technology kind"),
    ("SOCKET", SOCKET, SOCKET_SIZE, "a slot of the chosen Hewn"),
    ("DIE", DIE, DIE_SIZE, "a die of the current pool"),
    ("SEAT", SEAT, SEAT_SIZE, "a seat (relative in the env)"),
    ("OPTION", OPTION, OPTION_SIZE, "a small enumeration by decision kind"),
)

#: the names of a block's named entries, by offset (OPTION's spare ids have none)
_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "CTRL": tuple(m.name for m in Ctrl),
    "VERB": tuple(m.name for m in Verb),
    "OPTION": tuple(m.name for m in Option),
}


def _block(action: int) -> tuple[str, int]:
    """The block holding `action` and its offset there."""
    for name, start, size, _ in BLOCKS:
        if start <= action < start + size:
            return name, action - start
    raise ValueError(f"action {action!r} is not in 0..{NUM_ACTIONS - 1}")


def block_of(action: int) -> str:
    """The name of the block holding `action`."""
    return _block(action)[0]


def describe_id(action: int) -> str:
    """A short readable name: "VERB FLY", "SPACE 17", "NUM 5", "OPTION 19"."""
    name, offset = _block(action)
    names = _NAMES.get(name, ())
    return f"{name} {names[offset] if offset < len(names) else offset}"


def id_of(description: str) -> int:
    """The action id that `describe_id` names (its inverse), for tests and logs."""
    name, _, entry = description.partition(" ")
    for block, start, size, _ in BLOCKS:
        if block == name:
            names = _NAMES.get(name, ())
            if entry in names:
                return start + names.index(entry)
            if entry.isdigit() and len(names) <= int(entry) < size:
                return start + int(entry)
    raise ValueError(f"no action is described as {description!r}")
