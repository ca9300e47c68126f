"""The engine's action table: one int per small choice, in contiguous blocks.

A turn is a sequence of small choices by one player, one action id each, so the
action space stays small and every mask is exact.
Player numbers inside the engine are absolute seats; the environment's codec
rotates them so that the acting player is seat 0.

=============  ==========  ===================================================
block          ids         meaning
=============  ==========  ===================================================
END_TURN       0           end the action phase (clean-up follows)
DONE           1           decline an optional choice, or stop picking
USE            2           use the offered start-of-turn artifact / Leader skill
CONFIRM        3           confirm the payment built so far
RECRUIT        4..13       Recruit from Docks slot 0..9
MINE           14..23      Mine the crystal in Mine slot 0..9
COLLECT        24..29      Collect: 2 * artifact stack + half (0 or 1)
SKILL          30..53      play a hand card of merc type 0..23 for its skill
RAID           54..57      Raid the Base of seat 0..3
PAY            58..81      add a hand card of merc type 0..23 to the payment
PICK_MINE      82..91      target the crystal in Mine slot 0..9
PICK_DOCKS     92..101     target the card in Docks slot 0..9
PICK_BASE      102..125    target 6 * seat + (depth - 1); depth 1 is just
                           under the Leader (depth 0 is never a target)
PICK_HAND      126..149    target a hand card of merc type 0..23
PICK_COLOUR    150..155    choose colour 0..5
=============  ==========  ===================================================
"""

from __future__ import annotations

from typing import Final

END_TURN: Final = 0
DONE: Final = 1
USE: Final = 2
CONFIRM: Final = 3
RECRUIT: Final = 4
MINE: Final = 14
COLLECT: Final = 24
SKILL: Final = 30
RAID: Final = 54
PAY: Final = 58
PICK_MINE: Final = 82
PICK_DOCKS: Final = 92
PICK_BASE: Final = 102
PICK_HAND: Final = 126
PICK_COLOUR: Final = 150
NUM_ACTIONS: Final = 156

#: (name, first id, size) for every block, in id order.
BLOCKS: tuple[tuple[str, int, int], ...] = (
    ("END_TURN", END_TURN, 1),
    ("DONE", DONE, 1),
    ("USE", USE, 1),
    ("CONFIRM", CONFIRM, 1),
    ("RECRUIT", RECRUIT, 10),
    ("MINE", MINE, 10),
    ("COLLECT", COLLECT, 6),
    ("SKILL", SKILL, 24),
    ("RAID", RAID, 4),
    ("PAY", PAY, 24),
    ("PICK_MINE", PICK_MINE, 10),
    ("PICK_DOCKS", PICK_DOCKS, 10),
    ("PICK_BASE", PICK_BASE, 24),
    ("PICK_HAND", PICK_HAND, 24),
    ("PICK_COLOUR", PICK_COLOUR, 6),
)


def block_of(action: int) -> tuple[str, int]:
    """The block name of `action` and its offset inside the block."""
    for name, start, size in BLOCKS:
        if start <= action < start + size:
            return name, action - start
    raise ValueError(f"action {action!r} is not in 0..{NUM_ACTIONS - 1}")


def pick_base(seat: int, depth: int) -> int:
    """The PICK_BASE id for the card `depth` below the top of `seat`'s Base."""
    return PICK_BASE + 6 * seat + depth - 1
