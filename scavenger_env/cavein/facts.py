"""What a finished Cave-In game says about each seat, for balance statistics.

Balance tools (through `Game.seat_facts`) turn these into table columns: a designer
asks whether moving first, holding a faction's Totem or owning an artifact goes
with winning, so each fact is one a designer can change with the rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .engine.data import ARTIFACT_HALVES, FACTIONS, Art
from .engine.scoring import ARTIFACT_VP, score_breakdown
from .engine.state import GameState

ARTIFACT_NAME: dict[int, str] = {int(h.art): h.name for h in ARTIFACT_HALVES}
FACTION_NAME: dict[int, str] = {int(f.colour): f.name for f in FACTIONS}


def factions_in_play(state: GameState) -> list[str]:
    """The names of the four factions whose cards are in the game, sorted."""
    return sorted(FACTION_NAME[c] for c, shown in enumerate(state.in_play) if shown)


def turn_order(state: GameState, seat: int) -> int:
    """0 for the start player, 1 for the next in seat order, and so on
    ("play proceeds clockwise" from the start player)."""
    return (seat - state.start_player) % state.num_players


def totems_of(state: GameState, seat: int) -> list[str]:
    """The factions whose Totem `seat` holds."""
    return [
        FACTION_NAME[c] for c, owner in enumerate(state.totem_owner) if owner == seat
    ]


def artifact_points(state: GameState, seat: int) -> dict[str, int]:
    """Each artifact half `seat` owns, with the VP it scores (0 for a half
    whose effect is not scoring)."""
    points: Counter[str] = Counter()
    for half in state.players[seat].artifacts:
        score = ARTIFACT_VP.get(Art(half))
        points[ARTIFACT_NAME[half]] += score(state, seat) if score else 0
    return dict(points)


def mercenaries_by_faction(state: GameState, seat: int) -> dict[str, int]:
    """The mercenary cards in `seat`'s hand and Base at the end, by faction in
    play (0 for none)."""
    player = state.players[seat]
    held = Counter(
        FACTION_NAME[state.cards.colour_of[c]] for c in player.hand + player.base
    )
    return {name: held[name] for name in factions_in_play(state)}


def seat_facts(state: GameState, seat: int) -> dict[str, Any]:
    """The facts of `seat` at the end of the game (see the module docstring)."""
    vp = score_breakdown(state, seat)
    return {
        "order": turn_order(state, seat),
        "factions": "+".join(factions_in_play(state)),
        "totems": totems_of(state, seat),
        "artifacts": artifact_points(state, seat),
        "mercenaries": mercenaries_by_faction(state, seat),
        "vp": {
            "crystals": vp.crystals,
            "symbols": vp.symbols,
            "artifacts": vp.artifacts,
            "totems": vp.totems,
            "subjugated": vp.subjugated,
        },
        "end": state.end_reason,
    }
