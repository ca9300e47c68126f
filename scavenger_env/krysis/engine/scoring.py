"""Final scoring (rulebook, "End of the Game") and the tie-break.

Score = VP from sales during play + home crystals (red 3, blue 2, white 1) +
home relic sets + a completed mission (variant). Crystals and relics left at a
campsite score nothing. "In case of a tie, the winner is the player whose miner
figure is farthest ahead in the mines from among the tied players."
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .data import (
    CRYSTAL_VALUE,
    DIFFERENT_SET_VP,
    IDENTICAL_SET_VP,
    MISSION_VP,
    NUM_RELIC_TYPES,
)
from .queries import tie_rank
from .state import State


@cache
def relic_sets_vp(counts: tuple[int, ...]) -> int:
    """The best score of relics with `counts` per type, split into sets.

    "Players may combine their cards in any way and may build as many sets as
    they wish, but each card can be used in only one set." A set is identical
    cards (1-4) or all-different cards (2-6); the best split is found by trying,
    for the first type still held, every set that uses one of its cards.
    """
    first = next((t for t, c in enumerate(counts) if c), -1)
    if first < 0:
        return 0
    best = 0
    # identical sets of the first type
    for size in range(1, min(counts[first], len(IDENTICAL_SET_VP) - 1) + 1):
        rest = list(counts)
        rest[first] -= size
        best = max(best, IDENTICAL_SET_VP[size] + relic_sets_vp(tuple(rest)))
    # all-different sets holding the first type and any others held
    others = [t for t in range(first + 1, NUM_RELIC_TYPES) if counts[t]]
    for mask in range(1, 1 << len(others)):
        rest = list(counts)
        rest[first] -= 1
        size = 1
        for i, t in enumerate(others):
            if mask >> i & 1:
                rest[t] -= 1
                size += 1
        best = max(best, DIFFERENT_SET_VP[size] + relic_sets_vp(tuple(rest)))
    return best


def home_crystals_vp(crystals: list[int]) -> int:
    """Red 3, blue 2, white 1 for each crystal at home."""
    return sum(c * v for c, v in zip(crystals, CRYSTAL_VALUE, strict=True))


def mission_done(state: State, seat: int) -> bool:
    """Whether `seat` completed its mission: the most of its kind at home (every
    tied player completes it; with `mission_needs_goods`, at least one)."""
    kind = state.mission[seat]
    if kind < 0:
        return False
    counts = [
        state.home[p][kind] if kind < 3 else sum(state.home_relics[p])
        for p in range(state.n)
    ]
    mine = counts[seat]
    if state.config.mission_needs_goods and mine == 0:
        return False
    return mine == max(counts)


@dataclass(frozen=True)
class ScoreBreakdown:
    """A seat's score by source."""

    sales: int
    crystals: int
    relics: int
    mission: int

    @property
    def total(self) -> int:
        return self.sales + self.crystals + self.relics + self.mission


def score_breakdown(state: State, seat: int) -> ScoreBreakdown:
    """`seat`'s score now (final once the game is over), by source."""
    return ScoreBreakdown(
        state.vp[seat],
        home_crystals_vp(state.home[seat]),
        relic_sets_vp(tuple(state.home_relics[seat])),
        MISSION_VP if mission_done(state, seat) else 0,
    )


def final_scores(state: State) -> list[int]:
    """Each seat's score (final once the game is over)."""
    return [score_breakdown(state, p).total for p in range(state.n)]


def ranking(state: State) -> list[int]:
    """Seats from first to last: by score, then by the miner farthest ahead."""
    scores = final_scores(state)
    return sorted(range(state.n), key=lambda p: (-scores[p], tie_rank(state, p)))


def winners(state: State) -> list[int]:
    """The winner: the tie-break by position leaves exactly one."""
    return [ranking(state)[0]]
