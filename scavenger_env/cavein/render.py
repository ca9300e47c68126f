"""A text picture of a Cave-In state as one player sees it.

Used by `scavenger replay`, by the environment's "ansi"/"human" render modes and
for human play. It reads only `player_view`, so it can never show a hidden card.
"""

from __future__ import annotations

from .engine.data import (
    ARTIFACT_CARDS,
    ARTIFACT_HALVES,
    CRYSTAL_TIERS,
    DOCKS_SLOT_LEVEL,
    FACTIONS,
    MINE_SLOT_TIER,
    TOTEM_VP,
    Colour,
    crystal_name,
)
from .engine.describe import card_name
from .engine.scoring import score_breakdown
from .engine.state import GameState, Phase
from .engine.view import player_view

_PHASES = {
    Phase.START_ARTIFACT: "starting phase: artifacts",
    Phase.START_LEADER: "starting phase: Leader",
    Phase.ACTION: "action phase",
    Phase.PAY: "paying",
    Phase.EFFECT: "choosing a skill's target",
    Phase.GAME_OVER: "game over",
}


def _cards(s: GameState, cards: tuple[int, ...] | list[int]) -> str:
    """Card names; -1 is a face-down card never seen (Domina: level 1)."""
    return ", ".join(card_name(s, c) if c >= 0 else "? (level 1)" for c in cards) or "-"


def _track(cave_in: int, threshold: int) -> str:
    cells = "".join("#" if i < cave_in else "." for i in range(max(threshold, cave_in)))
    return f"[{cells}] {cave_in}/{threshold}"


def render_state(s: GameState, viewer: int) -> str:
    """A multi-line picture of `s` from seat `viewer`'s point of view."""
    v = player_view(s, viewer)
    lines = [
        f"Round {v.round} | player {v.current_player} to act ({_PHASES[Phase(v.phase)]})"
        f" | Cave-In {_track(v.cave_in, v.cave_in_threshold)} | you are player {viewer}",
    ]
    wild = [Colour(c).name.lower() for c in range(6) if not v.in_play[c]]
    factions = [FACTIONS[c].name for c in range(6) if v.in_play[c]]
    lines.append(f"Factions: {', '.join(factions)}; wild colours: {', '.join(wild)}")
    mine = []
    for slot, c in enumerate(v.mine):
        tier = CRYSTAL_TIERS[MINE_SLOT_TIER[slot]]
        mine.append(f"{slot}:{crystal_name(c) if c >= 0 else f'(empty {tier})'}")
    lines.append("Mine:  " + "  ".join(mine))
    docks = [
        f"{slot}:{card_name(s, c) if c >= 0 else f'(empty L{DOCKS_SLOT_LEVEL[slot]})'}"
        for slot, c in enumerate(v.docks)
    ]
    lines.append("Docks: " + "  ".join(docks))
    arts = []
    for k, (top, size) in enumerate(
        zip(v.artifact_tops, v.artifact_stack_sizes, strict=True)
    ):
        if top < 0:
            arts.append(f"{k}:(empty)")
        else:
            card = ARTIFACT_CARDS[top]
            left, right = (ARTIFACT_HALVES[h].name for h in card.halves)
            arts.append(f"{k}:[cost {card.cost}] {left} | {right} ({size} left)")
    lines.append("Artifacts: " + "  ".join(arts))
    lines.append(
        "Stacks: mercenaries L1-L4 "
        + "/".join(map(str, v.merc_stack_sizes))
        + ", crystals 1/3/6/10 "
        + "/".join(map(str, v.crystal_stack_sizes))
        + f", out of the game {len(v.removed)}"
    )
    for q in range(v.num_players):
        b = score_breakdown(s, q)
        who = "you" if q == viewer else f"player {q}"
        mark = " *" if q == v.current_player else ""
        lines.append(f"-- {who}{mark}: {b.total} VP so far")
        if q == viewer:
            lines.append(f"   hand ({len(v.hand)}): {_cards(s, v.hand)}")
        else:
            opp = v.opponents[q]
            assert opp is not None
            unseen = ", ".join(f"? (level {lv})" for lv in opp.unknown_levels)
            shown = ", ".join(
                x for x in (_cards(s, opp.known), unseen) if x and x != "-"
            )
            lines.append(
                f"   hand ({len(opp.known) + len(opp.unknown_levels)}): {shown or '-'}"
            )
        base = v.bases[q]
        leader = f"Leader {card_name(s, base[-1])}; " if base else ""
        lines.append(f"   Base ({len(base)}): {leader}below: {_cards(s, base[-2::-1])}")
        crystals = ", ".join(crystal_name(c) for c in v.crystals[q]) or "-"
        lines.append(f"   crystals ({b.crystals} VP, sets {b.symbols} VP): {crystals}")
        totems = [Colour(c).name.lower() for c in range(6) if v.totem_owner[c] == q]
        artifacts = ", ".join(ARTIFACT_HALVES[a].name for a in v.artifacts[q]) or "-"
        lines.append(
            f"   totems ({TOTEM_VP * len(totems)} VP): {', '.join(totems) or '-'}; "
            f"artifacts ({b.artifacts} VP): {artifacts}; "
            f"subjugated ({b.subjugated} VP): {_cards(s, v.subjugated[q])}"
        )
    if v.played or v.payment:
        lines.append(f"Played this turn: {_cards(s, v.played)}")
        if v.payment:
            lines.append(f"Paying with: {_cards(s, v.payment[2:])}")
    return "\n".join(lines)
