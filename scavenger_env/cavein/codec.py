"""The environment's action table: the engine's table with seats made relative.

The environment's `Discrete(156)` uses the same contiguous blocks as
`engine/actions.py` (see its table). Only two blocks name a seat, RAID and
PICK_BASE; there the seat is counted from the acting player (0 = you, 1 = the
next player in turn order, ...), so one policy plays every seat.

=============  ==========  ===================================================
block          ids         meaning (seats relative to the acting player)
=============  ==========  ===================================================
END_TURN       0           end the action phase
DONE           1           decline an optional choice, or stop picking
USE            2           use the offered start-of-turn artifact / Leader skill
CONFIRM        3           confirm the payment
RECRUIT        4..13       Recruit from Docks slot 0..9
MINE           14..23      Mine the crystal in Mine slot 0..9
COLLECT        24..29      Collect: 2 * artifact stack + half
SKILL          30..53      play a hand card of merc type 0..23 for its skill
RAID           54..57      Raid the Base of relative seat 0..3
PAY            58..81      add a hand card of merc type 0..23 to the payment
PICK_MINE      82..91      target Mine slot 0..9
PICK_DOCKS     92..101     target Docks slot 0..9
PICK_BASE      102..125    6 * relative seat + depth - 1 (depth 1 = under Leader)
PICK_HAND      126..149    target a hand card of merc type 0..23
PICK_COLOUR    150..155    colour 0..5 (brown, blue, purple, yellow, red, green)
=============  ==========  ===================================================
"""

from __future__ import annotations

from typing import Final

from scavenger_env.core.codec import SeatCodec

from .engine.actions import BLOCKS, NUM_ACTIONS, PICK_BASE, RAID

__all__ = ["BLOCKS", "CODEC", "NUM_ACTIONS", "decode", "encode", "legal_mask"]

CODEC: Final = SeatCodec(NUM_ACTIONS, ((RAID, 1), (PICK_BASE, 6)))
"""The codec (`Game.codec()`): the blocks that name a seat, as (first id, ids
per seat)."""
encode: Final = CODEC.encode
decode: Final = CODEC.decode
legal_mask: Final = CODEC.legal_mask
