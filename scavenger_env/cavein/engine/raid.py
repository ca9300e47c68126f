"""Raiding a Base (rulebook, "5. Raiding a Base") and the raid artifacts."""

from __future__ import annotations

from .data import Art
from .queries import hand_limit
from .state import Effect, GameState


def raid(s: GameState, raider: int, target: int) -> None:
    """Resolve one Raid of `target`'s Base by `raider`.

    "The owner of that Base immediately returns the Leader ... to their hand (even
    if that takes them over the hand limit). You then take the Faction Totem of
    the same color as that Leader from whoever has it ... Then, you take cards from
    the top of the Base you raided, until either all the cards in the Base are
    gone, or you reach the limit of 7 cards in your hand."
    """
    victim = s.players[target]
    thief = s.players[raider]
    leader = victim.base.pop()
    victim.hand.append(leader)  # the Golden Rule: the Leader is always safe
    colour = s.cards.colour_of[leader]
    if s.totem_owner[colour] != -2:
        s.totem_owner[colour] = raider
    room = max(hand_limit(s, raider) - len(thief.hand), 0)
    take = min(room, len(victim.base))
    if target != raider and Art.BOLTED_LOCKER in victim.artifacts:
        take = min(take, 2)  # Bolted Locker (designed)
    for _ in range(take):
        thief.hand.append(victim.base.pop())
    if target != raider:
        thief.raids += 1
    s.turn.raid_targets.append(target)
    _follow_ups(s, raider)


def _follow_ups(s: GameState, raider: int) -> None:
    """Enhanced Vision: "you may Raid a second different Base immediately after
    the first Raid has been resolved"; Baton of Coaxing: a Crystal "for each Base
    you Raid" (resolved first, so it comes before the second Raid)."""
    arts = s.players[raider].artifacts
    if Art.ENHANCED_VISION in arts and len(s.turn.raid_targets) == 1:
        s.effects.append([Effect.VISION])
    if Art.BATON_OF_COAXING in arts and any(c >= 0 for c in s.mine):
        s.effects.append([Effect.BATON])


def may_raid(s: GameState, target: int) -> bool:
    """A Raid needs a Base with a Leader; a Base is raided at most once a turn."""
    return bool(s.players[target].base) and target not in s.turn.raid_targets
