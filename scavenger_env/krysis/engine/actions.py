"""The engine's action ids: one flat range, a block per kind of small choice.

Seats inside actions (raid, Thief and Spy targets) are absolute here; the env's
codec makes them relative to the mover.
"""

from __future__ import annotations

from typing import Final

from .data import MAX_OPTIONS, NUM_CARDS, NUM_RELIC_TYPES, OVERTIME_MIXES

# the blind bid: how many crystals of one colour (red, then blue, then white; a
# colour with none at home is skipped). Rules 2: one base-16 digit of the count
# (BID + 0..15), highest first, as many digits as the home's count of the colour
# needs (BID_ALL unused). Rules 1: 0..MAX_BID_COUNT, or all of them. The number of
# decisions depends only on the (public) home, so it tells nothing of the bid.
MAX_BID_COUNT: Final = 15
BID: Final = 0
BID_ALL: Final = BID + MAX_BID_COUNT + 1
# placement: chamber x option ("?" alternatives)
PLACE: Final = BID_ALL + 1
# keep relic 0 or 1 of the two drawn
KEEP: Final = PLACE + 4 * MAX_OPTIONS
# an agent card id (team pick, squad discard, 9-card hand choice)
CARD: Final = KEEP + 2
# special agents before or after the normal action
SPECIAL_FIRST: Final = CARD + NUM_CARDS
SPECIAL_AFTER: Final = SPECIAL_FIRST + 1
# flip a relic of a type from the campsite (at most one weapon and one transport)
FLIP: Final = SPECIAL_AFTER + 1
# the three actions
LOAD: Final = FLIP + NUM_RELIC_TYPES
OVERTIME: Final = LOAD + 1
RAID: Final = OVERTIME + len(OVERTIME_MIXES)
# choosing goods to load or steal: one red, blue, white; a relic of a type (own
# campsite); a random face-down relic (a raid)
TAKE_RED: Final = RAID + 4
TAKE_BLUE: Final = TAKE_RED + 1
TAKE_WHITE: Final = TAKE_RED + 2
TAKE_RELIC: Final = TAKE_RED + 3
TAKE_RANDOM_RELIC: Final = TAKE_RELIC + NUM_RELIC_TYPES
# where the goods go
TO_HOME: Final = TAKE_RANDOM_RELIC + 1
TO_BANK: Final = TO_HOME + 1
TO_CAMP: Final = TO_HOME + 2
# special abilities
THIEF_TARGET: Final = TO_CAMP + 1
SPY_TARGET: Final = THIEF_TARGET + 4
SPY_TAKE: Final = SPY_TARGET + 4
ALCHEMY_W2B: Final = SPY_TAKE + NUM_RELIC_TYPES
ALCHEMY_B2R: Final = ALCHEMY_W2B + 1
ALCHEMY_DONE: Final = ALCHEMY_W2B + 2
# the end of a round: draw from the transporter or the fighter deck
DRAW_TRANSPORTER: Final = ALCHEMY_DONE + 1
DRAW_FIGHTER: Final = DRAW_TRANSPORTER + 1
NUM_ACTIONS: Final = DRAW_FIGHTER + 1

#: (first id, size, name) of each block, for docs and the codec
BLOCKS: Final = (
    (
        BID,
        MAX_BID_COUNT + 2,
        "bid: a base-16 digit 0-15 of the colour's count (rules 1: 0-15, or all)",
    ),
    (PLACE, 4 * MAX_OPTIONS, "place miner: chamber x option"),
    (KEEP, 2, "keep relic 0 / 1"),
    (CARD, NUM_CARDS, "agent card"),
    (SPECIAL_FIRST, 2, "special agent first / after (rules 1: all of them)"),
    (FLIP, NUM_RELIC_TYPES, "flip relic of type"),
    (LOAD, 1, "load goods"),
    (OVERTIME, len(OVERTIME_MIXES), "mining overtime: mix"),
    (RAID, 4, "raid seat"),
    (TAKE_RED, 3, "take red / blue / white"),
    (TAKE_RELIC, NUM_RELIC_TYPES, "take own relic of type"),
    (TAKE_RANDOM_RELIC, 1, "take a random face-down relic"),
    (TO_HOME, 3, "goods to home / bank / campsite"),
    (THIEF_TARGET, 4, "Thief: seat"),
    (SPY_TARGET, 4, "Spy: seat"),
    (SPY_TAKE, NUM_RELIC_TYPES, "Spy: take relic of type"),
    (ALCHEMY_W2B, 3, "Alchemist: white to blue / blue to red / done"),
    (DRAW_TRANSPORTER, 2, "draw transporter / fighter"),
)
