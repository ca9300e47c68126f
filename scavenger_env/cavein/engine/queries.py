"""Read-only questions the rules ask of a state: limits, colours, levels and costs.

Each answers one rulebook sentence; the turn, payment and skill modules call them
so that a discount or a recolour is written in exactly one place.
"""

from __future__ import annotations

from typing import Final

from .data import (
    CRYSTAL_COLOUR,
    CRYSTAL_COST,
    DOCKS_SLOT_LEVEL,
    HAND_LIMIT,
    Art,
    Colour,
)
from .state import GameState

GREEN: Final = int(Colour.GREEN)
_FIELD_KITCHEN: Final = int(Art.FIELD_KITCHEN)
_PNEUMATIC_PICK: Final = int(Art.PNEUMATIC_PICK)
_GUILD_CHARTER: Final = int(Art.GUILD_CHARTER)
_QUARTERMASTER: Final = int(Art.QUARTERMASTER)


def hand_limit(s: GameState, p: int) -> int:
    """ "You have a hand limit of 7 cards" (Field Kitchen, designed, makes it 8)."""
    return HAND_LIMIT + 1 if _FIELD_KITCHEN in s.players[p].artifacts else HAND_LIMIT


def has_room(s: GameState, p: int) -> bool:
    """ "You may never take cards into your hand in excess of your hand limit"."""
    return len(s.players[p].hand) < hand_limit(s, p)


def is_wild(s: GameState, colour: int) -> bool:
    """ "Crystals of those colors [not in use] are known as Wild Crystals"."""
    return not s.in_play[colour]


def card_colour(s: GameState, card: int) -> int:
    """A hand card's colour this turn: Robuster may have recoloured it."""
    return s.turn.recolour.get(card, s.cards.colour_of[card])


def card_level(s: GameState, card: int) -> int:
    """A card's level when played to Mine or Collect: doubled for Weedlocks under
    Seeder (EN) / Stalkroot (DE). Those actions allow overpaying, so counting
    double never hurts there and the doubling needs no choice."""
    level = s.cards.level_of[card]
    if s.turn.doubling and s.cards.colour_of[card] == GREEN:
        return level * 2
    return level


def recruit_levels(s: GameState, card: int) -> tuple[int, ...]:
    """The levels a card may count as when played to Recruit.

    Seeder: "the level of your Weedlock cards is doubled when you play them to
    ... Recruit", but "All Mercenary and Artifact skills and effects are
    optional": from rules 2 a Weedlock counts as its printed or its doubled level,
    the player's choice per play (Recruit needs an exact level, so doubling can
    hurt). Rules 1 always doubled.
    """
    level = card_level(s, card)
    printed = s.cards.level_of[card]
    if level != printed and s.config.rules_version >= 2:
        return (printed, level)
    return (level,)


def card_recruits(s: GameState, p: int, card: int, needed: int) -> bool:
    """Whether `card` may be the single card played to Recruit at `needed`."""
    return any(recruit_card_fits(s, p, lv, needed) for lv in recruit_levels(s, card))


def mining_colour(s: GameState, card: int, crystal_colour: int) -> int:
    """Stalkroot (EN): "Treat your Weedlocks as ... the color of the Crystal"."""
    if s.turn.stalkroot and s.cards.colour_of[card] == GREEN:
        return crystal_colour
    return card_colour(s, card)


def crystal_colour(s: GameState, slot: int) -> int:
    """A Mine crystal's colour this turn: Diggerhino may have changed it."""
    colour = s.turn.dig.get(slot)
    return CRYSTAL_COLOUR[s.mine[slot]] if colour is None else colour


def mine_cost(s: GameState, p: int, slot: int) -> int:
    """The crystal's mining cost after every discount (may be 0 or less).

    Totem: "reduced by 1 if you have the Faction Totem in that color"; Diggerhino
    -1 on its crystal (each, from rules 2); Maccarat -4 each; Pneumatic Pick
    (designed) -1.
    """
    t = s.turn
    cost = CRYSTAL_COST[s.mine[slot]] - 4 * t.maccarat
    if s.totem_owner[crystal_colour(s, slot)] == p:
        cost -= 1
    cost -= diggerhino_discount(s, slot)
    if _PNEUMATIC_PICK in s.players[p].artifacts:
        cost -= 1
    return cost


def diggerhino_discount(s: GameState, slot: int) -> int:
    """What Diggerhinos take off a Mine crystal's cost this turn.

    "The cost to Mine that Crystal this turn is also reduced by 1." From rules 2
    each Diggerhino on the crystal takes 1 off, as Ancientone says of discounts:
    "These savings are cumulative with any other card which also gives you a
    discount". Rules 1 took 1 off however many had chosen it.
    """
    t = s.turn
    if s.config.rules_version >= 2:
        return t.dig_count.get(slot, 0)
    return 1 if slot in t.dig else 0


def artifact_cost(s: GameState, p: int, stack: int) -> int:
    """The top artifact's cost (its stack's, `GameConfig.artifact_costs`): Ancientone
    -4 each ("cumulative"), Guild Charter -2."""
    cost = s.config.artifact_costs[stack] - 4 * s.turn.ancient
    if _GUILD_CHARTER in s.players[p].artifacts:
        cost -= 2
    return cost


def recruit_level(s: GameState, slot: int) -> int:
    """The level the single card played to Recruit must have (0: no card).

    "play a single Mercenary card that is exactly 1 level lower"; Foreman: "You can
    Recruit levels 1, 2, and 3 Mercenaries without using a card, and you can Recruit
    a level 4 Mercenary using a level 1 card" (the level drops by 2, then the card
    is 1 level lower still).
    """
    needed = DOCKS_SLOT_LEVEL[slot] - (3 if s.turn.foreman else 1)
    return max(needed, 0)


def recruit_card_fits(s: GameState, p: int, level: int, needed: int) -> bool:
    """Exactly the needed level; Quartermaster (designed): any level up to it."""
    if level == needed:
        return True
    return 1 <= level < needed and _QUARTERMASTER in s.players[p].artifacts


def leader(s: GameState, p: int) -> int:
    """ "the top one is your Leader" (-1 for an empty Base)."""
    base = s.players[p].base
    return base[-1] if base else -1
