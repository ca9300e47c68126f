"""The environment's action table: the engine's table with seats made relative.

The environment's `Discrete` uses the same contiguous blocks as
`engine/actions.py` (its docstring tables them). One block names a seat (SEAT:
the turn-order card handed out, and any later choice of a player); there the
seat is counted from the acting player (0 = you, 1 = the next seat, ...), so
one policy plays every seat. Every other id is the same in both numberings.
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
