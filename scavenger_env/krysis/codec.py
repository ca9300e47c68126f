"""The environment's action table: the engine's table with seats made relative.

The environment's `Discrete(103)` uses the same contiguous blocks as
`engine/actions.py`. Three blocks name a seat (RAID, THIEF_TARGET, SPY_TARGET);
there the seat is counted from the acting player (0 = you, 1 = the next seat, ...),
so one policy plays every seat.

=================  =======  ========================================================
block              ids      meaning (seats relative to the acting player)
=================  =======  ========================================================
BID                0-16     how many crystals of the colour asked (red, blue, white
                            in turn). Rules 2: one base-16 digit of the count, 0-15
                            (a home of at most 15 of the colour: the count itself;
                            more: two or three digits, highest first); 16 unused.
                            Rules 1: 0-15, or 16 = all of them
PLACE              17-24    move the miner: 2 * chamber + option ("?" alternative)
KEEP               25-26    keep the first / second of the two relics drawn
CARD               27-50    agent card 0-23 (T1-T9, F1-F9, 6 special agents): the
                            team pick, a squad card left out, a 9-card hand choice
SPECIAL            51-52    rules 2: the special agent asked about acts first / after
                            the normal action; rules 1: all of them
FLIP               53-58    flip a face-down relic of type 0-5
LOAD               59       load goods (then choose them, then home or bank)
OVERTIME           60-66    mine overtime: mix 0-6 of `data.OVERTIME_MIXES`
RAID               67-70    raid relative seat 0-3
TAKE               71-73    take a red / blue / white crystal (load or raid)
TAKE_RELIC         74-79    take an own face-down relic of type 0-5 (load)
TAKE_RANDOM_RELIC  80       take one face-down relic at random (raid)
TO                 81-83    the goods go home / to the bank / to the own campsite
THIEF_TARGET       84-87    the Thief robs relative seat 0-3
SPY_TARGET         88-91    the Spy visits relative seat 0-3
SPY_TAKE           92-97    the Spy takes a relic of type 0-5
ALCHEMY            98-100   white to blue / blue to red / stop
DRAW               101-102  draw a transporter / a fighter
=================  =======  ========================================================
"""

from __future__ import annotations

from typing import Final

from scavenger_env.core.codec import SeatCodec

from .engine.actions import BLOCKS, NUM_ACTIONS, RAID, SPY_TARGET, THIEF_TARGET

__all__ = ["BLOCKS", "CODEC", "NUM_ACTIONS", "decode", "encode", "legal_mask"]

CODEC: Final = SeatCodec(NUM_ACTIONS, ((RAID, 1), (THIEF_TARGET, 1), (SPY_TARGET, 1)))
"""The codec (`Game.codec()`): the blocks that name a seat, as (first id, ids
per seat)."""
encode: Final = CODEC.encode
decode: Final = CODEC.decode
legal_mask: Final = CODEC.legal_mask
