"""The environment's action table: the engine's table with seats made relative.

The environment's `Discrete` uses the same contiguous blocks as
`engine/actions.py` (its docstring tables them). One block names a seat (SEAT:
the turn-order card handed out, and any later choice of a player); there the
seat is counted from the acting player (0 = you, 1 = the next seat, ...), so
one policy plays every seat. Every other id is the same in both numberings.

==========  =======  ==============================================================
block       ids      meaning (seats relative to the acting player)
==========  =======  ==============================================================
CTRL        0-8      done, yes, no, end the player turn, end the Hewn turn, send
                     a Bidox hunting, pass the auction, off-planet (a transmit
                     destination), show one's turn-order card
VERB        9-28     a Hewn's or a player's action: fly, climb, dig, enlarge, exit,
                     mine, extract, calm, burn, announce, artillery, same-space
                     encounter, transmit, Banjer, load, unload, attach off the
                     board, Nananbite to a Bidox, place a Bidox, secret entrance
                     (`engine.actions.Verb`)
HEWN        29-68    a Hewn card instance 0-35 (padded to 40): the Hewn to
                     activate, load, target, react with, ...
SPACE       69-144   a map space (64 ids, a fixed cap: the crater has 61): move,
                     enter, retreat, place a token or a mine; then the 12
                     dug-tunnel pieces
NUM         145-176  an amount 0-31: Bidox, bid, secret dice picks, load,
                     transmit, screens, the dirty part of a payment, turn-order
                     card dealt
LOT         177-188  an auction lot: the turn-order stack, the Big Hewn, 2 Medium,
                     4 Small, 4 technology cards
TECH        189-201  a technology kind 0-12
SOCKET      202-225  a slot of the chosen Hewn (Nanasockets, Sickets, Mamabite
                     slots, heart)
DIE         226-257  a die of the current pool (re-roll, dodge, danger order)
SEAT        258-261  relative seat 0-3
OPTION      262-283  a small choice by decision kind (mining options, intent,
                     load kind, ...); the last ids are spare
==========  =======  ==============================================================
"""

from __future__ import annotations

from typing import Final

from scavenger_env.core.codec import SeatCodec

from .engine.actions import BLOCKS, NUM_ACTIONS, SEAT_BLOCKS

__all__ = ["BLOCKS", "CODEC", "NUM_ACTIONS", "decode", "encode", "legal_mask"]

CODEC: Final = SeatCodec(NUM_ACTIONS, SEAT_BLOCKS)
"""The codec (`Game.codec()`): the blocks that name a seat, as (first id, ids
per seat)."""
encode: Final = CODEC.encode
decode: Final = CODEC.decode
legal_mask: Final = CODEC.legal_mask
