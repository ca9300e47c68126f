"""What a Hewns seat holds beyond its score: the facts the greedy bot and the
search both weigh when they value a position, read in one place so the two
valuations differ only in their weights."""

from __future__ import annotations

from dataclasses import dataclass

from scavenger_env.hewns.engine.ending import score
from scavenger_env.hewns.engine.state import NUM_HEWNS, State

__all__ = ["Holdings", "holdings"]


@dataclass(frozen=True, slots=True)
class Holdings:
    """A seat's score and what it holds that the score does not show yet."""

    score: int
    dirty: int
    """Dirty Substract on its screen and carried by its Hewns in play."""
    mining: tuple[int, ...]
    """The mining dice of each healthy Hewn it controls in play."""
    bidox: int
    """Substract in its Bidoxes, normal and dirty."""
    bidox_normal: int
    """The normal part of `bidox`."""


def holdings(s: State, seat: int) -> Holdings:
    """The seat's `Holdings` in `s` (a Hewn off the board, below -2, counts
    for nothing)."""
    dirty = s.screen_dirty[seat]
    mining: list[int] = []
    for h in range(NUM_HEWNS):
        if s.ctrl[h] != seat or s.loc[h] < -2:
            continue
        dirty += s.dirty[h]
        if s.healthy(h):
            mining.append(s.card(h).mine)
    has_bidoxes = seat < len(s.bidox_amount)
    return Holdings(
        score=score(s, seat),
        dirty=dirty,
        mining=tuple(mining),
        bidox=sum(s.bidox_amount[seat]) if has_bidoxes else 0,
        bidox_normal=sum(s.bidox_normal[seat]) if has_bidoxes else 0,
    )
