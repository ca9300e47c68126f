"""The environment's action codec of a game whose actions come in blocks.

An engine numbers its actions in contiguous blocks, one per decision kind, with
absolute seats; the environment uses the same ids but counts the seat inside the
blocks that name one from the acting player (0 = you, 1 = the next seat, ...), so
one policy plays every seat. A game's codec is a `SeatCodec` made from its block
table: the number of actions and, for each block that names a seat, its first id
and its ids per seat (1: one id a seat; 6: a seat and one of 6 depths, ...).
Every other id is the same in both numberings.

`encode` (engine -> env), `decode` (env -> engine) and `legal_mask` are what the
environment calls on every step; they read tables made once for every seat and
player count. The attributes are `Final`: the compiled build refuses to change
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Final

import numpy as np

__all__ = ["SEATS", "SeatCodec"]

SEATS = 4
"""Seats in every block that names one (the most players of either game)."""


class SeatCodec:
    """Engine actions (absolute seats) <-> env actions (relative to the mover).

    Satisfies `scavenger_env.core.game.Codec`.
    """

    def __init__(
        self, num_actions: int, seat_blocks: Sequence[tuple[int, int]]
    ) -> None:
        """Args:
        num_actions: the size of the action space (the same in both numberings).
        seat_blocks: (first id, ids per seat) of each block that names a seat;
            a block holds `SEATS` seats.
        """
        self.num_actions: Final = num_actions
        self.seat_blocks: Final[tuple[tuple[int, int], ...]] = tuple(seat_blocks)
        encode_at: dict[tuple[int, int], tuple[int, ...]] = {}
        decode_at: dict[tuple[int, int], tuple[int, ...]] = {}
        for n in range(1, SEATS + 1):
            for seat in range(n):
                ids = range(num_actions)
                encode_at[seat, n] = tuple(self._encode(a, seat, n) for a in ids)
                decode_at[seat, n] = tuple(self._decode(a, seat, n) for a in ids)
        # read-only views: a bot handed `game.codec()` cannot rewrite the tables
        self._encode_at: Final = MappingProxyType(encode_at)
        self._decode_at: Final = MappingProxyType(decode_at)

    def _block(self, action: int) -> tuple[int, int]:
        """(first id, ids per seat) of the seat block holding `action`; (-1, 0)
        when no block names a seat there."""
        for start, stride in self.seat_blocks:
            if start <= action < start + SEATS * stride:
                return start, stride
        return -1, 0

    def _encode(self, action: int, seat: int, num_players: int) -> int:
        start, stride = self._block(action)
        if start < 0:
            return action
        target, rest = divmod(action - start, stride)
        return start + stride * ((target - seat) % num_players) + rest

    def _decode(self, action: int, seat: int, num_players: int) -> int:
        start, stride = self._block(action)
        if start < 0:
            return action
        rel, rest = divmod(action - start, stride)
        if rel >= num_players:  # no such seat: stays out of range of every real
            return action  # seat, so the engine rejects it as illegal
        return start + stride * ((rel + seat) % num_players) + rest

    def encode(self, action: int, seat: int, num_players: int) -> int:
        """Engine action (absolute seats) -> environment action (relative seats)."""
        table = self._encode_at.get((seat, num_players))
        if table is None or not 0 <= action < self.num_actions:
            return self._encode(action, seat, num_players)
        return table[action]

    def decode(self, action: int, seat: int, num_players: int) -> int:
        """Environment action -> engine action; a relative seat >= num_players
        stays out of range of every real seat, so the engine rejects it as
        illegal."""
        table = self._decode_at.get((seat, num_players))
        if table is None or not 0 <= action < self.num_actions:
            return self._decode(action, seat, num_players)
        return table[action]

    def legal_mask(self, legal: list[int], seat: int, num_players: int) -> np.ndarray:
        """An int8 mask over the environment's actions from engine legal actions."""
        mask = np.zeros(self.num_actions, np.int8)
        table = self._encode_at.get((seat, num_players))
        if table is None:
            mask[[self._encode(a, seat, num_players) for a in legal]] = 1
        else:
            mask[[table[a] for a in legal]] = 1
        return mask
