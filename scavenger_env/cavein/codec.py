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

import numpy as np

from .engine.actions import BLOCKS, NUM_ACTIONS, PICK_BASE, PICK_HAND, RAID

__all__ = ["BLOCKS", "NUM_ACTIONS", "decode", "encode", "legal_mask"]


def encode(action: int, seat: int, num_players: int) -> int:
    """Engine action (absolute seats) -> environment action (relative seats)."""
    if RAID <= action < RAID + 4:
        return RAID + (action - RAID - seat) % num_players
    if PICK_BASE <= action < PICK_HAND:
        target, depth = divmod(action - PICK_BASE, 6)
        return PICK_BASE + 6 * ((target - seat) % num_players) + depth
    return action


def decode(action: int, seat: int, num_players: int) -> int:
    """Environment action -> engine action; a relative seat >= num_players stays
    out of range of every real seat, so the engine rejects it as illegal."""
    if RAID <= action < RAID + 4:
        rel = action - RAID
        return action if rel >= num_players else RAID + (rel + seat) % num_players
    if PICK_BASE <= action < PICK_HAND:
        rel, depth = divmod(action - PICK_BASE, 6)
        if rel >= num_players:
            return action
        return PICK_BASE + 6 * ((rel + seat) % num_players) + depth
    return action


def legal_mask(legal: list[int], seat: int, num_players: int) -> np.ndarray:
    """An int8 mask over the environment's actions from engine legal actions."""
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[[encode(a, seat, num_players) for a in legal]] = 1
    return mask
