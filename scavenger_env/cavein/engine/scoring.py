"""End-game scoring (rulebook, "Scoring"), one function per source of VP."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from .data import (
    CRYSTAL_CAVE_IN,
    CRYSTAL_COLOUR,
    CRYSTAL_COST,
    CRYSTAL_SYMBOL,
    CRYSTAL_VP,
    SYMBOL_SET_VP,
    TOTEM_VP,
    Art,
)
from .state import GameState, PlayerState


def crystal_vp(crystals: list[int]) -> int:
    """ "Crystals (the VP value shown on the Crystal Token)"."""
    return sum(CRYSTAL_VP[c] for c in crystals)


def symbol_set_vp(symbol_counts: list[int]) -> int:
    """Sets of different Faction symbols score 1/3/6/10/15/21.

    Building each set from one of every symbol still held maximises the total,
    because the table grows faster than linearly; it reproduces both rulebook
    examples (Mark's 13 VP, John's 8 VP).
    """
    counts = [c for c in symbol_counts if c > 0]
    total = 0
    while counts:
        total += SYMBOL_SET_VP[len(counts)]
        counts = [c - 1 for c in counts if c > 1]
    return total


def symbol_counts(crystals: list[int]) -> list[int]:
    """Faction symbols per colour ("Cave-In symbols do not count", FAQ)."""
    counts = [0] * 6
    for c in crystals:
        if CRYSTAL_SYMBOL[c]:
            counts[CRYSTAL_COLOUR[c]] += 1
    return counts


def totems_held(s: GameState, p: int) -> int:
    return sum(1 for owner in s.totem_owner if owner == p)


def subjugated_vp(s: GameState, player: PlayerState) -> int:
    """ "Subjugated cards (for each card: 1 VP per level)"."""
    return sum(s.cards.level_of[c] for c in player.subjugated)


def _count_cost(player: PlayerState, cost: int) -> int:
    return sum(1 for c in player.crystals if CRYSTAL_COST[c] == cost)


#: VP of each scoring artifact half: (state, seat) -> VP.
ARTIFACT_VP: dict[Art, Callable[[GameState, int], int]] = {
    # "Worth 2 VP for each Artifact you have, including this one."
    Art.SPACE_EXCHANGE: lambda s, p: 2 * len(s.players[p].artifacts),
    # "1 additional point for each Crystal of a chosen color" (the best colour).
    Art.CONTRACT: lambda s, p: max(
        Counter(CRYSTAL_COLOUR[c] for c in s.players[p].crystals).values(), default=0
    ),
    # "3 points for each pair of Crystals with a mining cost of 3".
    Art.BARKING_UP_THE_RIGHT_THREE: lambda s, p: (
        3 * (_count_cost(s.players[p], 3) // 2)
    ),
    # FAQ: "a set is any 3 crystal tiles".
    Art.MASS_PRODUCTION: lambda s, p: 2 * (len(s.players[p].crystals) // 3),
    Art.PEBBLE_PURSE: lambda s, p: _count_cost(s.players[p], 1),
    Art.WARDENS_LEDGER: lambda s, p: len(s.players[p].subjugated),
    Art.TOTEM_SHRINE: lambda s, p: 2 * totems_held(s, p),
    Art.HOARD_OF_COLOURS: lambda s, p: len(
        {CRYSTAL_COLOUR[c] for c in s.players[p].crystals}
    ),
    Art.CORE_SAMPLE: lambda s, p: 3 * _count_cost(s.players[p], 10),
    Art.CREW_ROSTER: lambda s, p: len(s.players[p].base),
    Art.TROPHY_WALL: lambda s, p: min(2 * s.players[p].raids, 8),
    Art.VETERANS_MEDAL: lambda s, p: sum(
        1 for c in s.players[p].hand + s.players[p].base if s.cards.level_of[c] == 4
    ),
    Art.GEODE_CUTTER: lambda s, p: 2 * _count_cost(s.players[p], 6),
    Art.PRISM_LENS: lambda s, p: sum(
        1 for c in s.players[p].crystals if CRYSTAL_CAVE_IN[c]
    ),
}


def artifact_vp(s: GameState, p: int) -> int:
    return sum(
        ARTIFACT_VP[Art(a)](s, p) for a in s.players[p].artifacts if a in ARTIFACT_VP
    )


@dataclass(frozen=True)
class ScoreBreakdown:
    crystals: int
    symbols: int
    artifacts: int
    totems: int
    subjugated: int

    @property
    def total(self) -> int:
        return (
            self.crystals
            + self.symbols
            + self.artifacts
            + self.totems
            + self.subjugated
        )


def score_breakdown(s: GameState, p: int) -> ScoreBreakdown:
    """Every source of VP for seat `p`, as the rulebook lists them."""
    player = s.players[p]
    return ScoreBreakdown(
        crystals=crystal_vp(player.crystals),
        symbols=symbol_set_vp(symbol_counts(player.crystals)),
        artifacts=artifact_vp(s, p),
        totems=TOTEM_VP * totems_held(s, p),
        subjugated=subjugated_vp(s, player),
    )


def final_scores(s: GameState) -> list[int]:
    """Total VP per seat (valid mid-game too, as "score so far")."""
    return [score_breakdown(s, p).total for p in range(s.num_players)]


def winners(s: GameState) -> list[int]:
    """ "The player who scores the most VP is the winner ... all tied players win"."""
    scores = final_scores(s)
    best = max(scores)
    return [p for p, v in enumerate(scores) if v == best]
