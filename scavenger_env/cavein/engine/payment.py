"""Paying for Recruit, Mine and Collect: one card at a time, then confirm.

Only a card that keeps a valid payment reachable is legal, and CONFIRM is legal
once the payment is valid, so a player can never paint themselves into a corner.
A cost of 0 or less needs no card at all and resolves at once (rulebook: "you do
not have to play a card to Mine the Crystal, but you must still use an action").
"""

from __future__ import annotations

from .data import ARTIFACT_CARDS, CRYSTAL_TIER, CRYSTAL_TIERS, MINE_SLOT_TIER
from .queries import (
    GREEN,
    artifact_cost,
    card_colour,
    card_level,
    card_recruits,
    crystal_colour,
    is_wild,
    mine_cost,
    mining_colour,
    recruit_card_fits,
    recruit_level,
    recruit_levels,
)
from .state import Effect, GameState, Kind
from .turn import gain_crystal


def need(s: GameState, p: int, kind: int, target: int) -> int:
    """What the action costs now (Recruit: the level of the one card to play)."""
    if kind == Kind.RECRUIT:
        return recruit_level(s, target)
    if kind == Kind.MINE:
        return mine_cost(s, p, target)
    return artifact_cost(s, p, target // 2)


# --- Can the action be paid at all? (used by the action-phase mask) ---------


class HandPower:
    """A hand's levels summed by colour, computed once per mask."""

    __slots__ = ("levels", "sums", "total", "weed")

    def __init__(self, s: GameState, p: int) -> None:
        self.sums = [0] * 6  # by colour, Weedlocks under Stalkroot apart
        self.weed = 0  # Weedlocks under Stalkroot: they take any crystal's colour
        self.levels: set[int] = set()
        stalkroot = s.turn.stalkroot
        for c in s.players[p].hand:
            level = card_level(s, c)
            self.levels.update(recruit_levels(s, c))
            if stalkroot and s.cards.colour_of[c] == GREEN:
                self.weed += level
            else:
                self.sums[card_colour(s, c)] += level
        self.total = sum(self.sums) + self.weed


def can_recruit(
    s: GameState, p: int, slot: int, power: HandPower | None = None
) -> bool:
    """ "play a single Mercenary card that is exactly 1 level lower"."""
    needed = recruit_level(s, slot)
    if needed <= 0:
        return True
    levels = (power or HandPower(s, p)).levels
    return any(recruit_card_fits(s, p, level, needed) for level in levels)


def can_mine(s: GameState, p: int, slot: int, power: HandPower | None = None) -> bool:
    """ "All the cards must be of the same color as the Crystal" and sum >= cost."""
    cost = mine_cost(s, p, slot)
    if cost <= 0:
        return True
    hp = power or HandPower(s, p)
    colour = crystal_colour(s, slot)
    best = hp.sums[colour] + hp.weed
    if is_wild(s, colour):
        best = max(best, max(hp.sums))
    return best >= cost


def can_collect(
    s: GameState, p: int, stack: int, power: HandPower | None = None
) -> bool:
    """ "any number of Mercenary cards of any colors with levels that sum" >= cost."""
    cost = artifact_cost(s, p, stack)
    return cost <= 0 or (power or HandPower(s, p)).total >= cost


# --- While paying -------------------------------------------------------------


def payable_cards(s: GameState) -> list[int]:
    """Hand cards (ids) that may be added to the payment in progress."""
    p = s.current_player
    hand = s.players[p].hand
    kind, target, paid = s.pay[0], s.pay[1], s.pay[2:]
    needed = need(s, p, kind, target)
    if kind == Kind.RECRUIT:
        if paid:
            return []
        return [c for c in hand if card_recruits(s, p, c, needed)]
    paid_sum = sum(card_level(s, c) for c in paid)
    if kind == Kind.COLLECT:
        if paid_sum + sum(card_level(s, c) for c in hand) < needed:
            return []
        return list(hand)
    colour = crystal_colour(s, target)
    wild = is_wild(s, colour)
    fixed = mining_colour(s, paid[0], colour) if paid else -1
    sums = [0] * 6
    for c in hand:
        sums[mining_colour(s, c, colour)] += card_level(s, c)
    out = []
    for c in hand:
        m = mining_colour(s, c, colour)
        if (
            (m == colour or wild)
            and (fixed < 0 or m == fixed)
            and paid_sum + sums[m] >= needed
        ):
            out.append(c)
    return out


def payment_complete(s: GameState) -> bool:
    """Whether CONFIRM is legal: the cards added so far pay the cost."""
    p = s.current_player
    kind, target, paid = s.pay[0], s.pay[1], s.pay[2:]
    needed = need(s, p, kind, target)
    if kind == Kind.RECRUIT:
        return len(paid) == 1 or needed <= 0
    return sum(card_level(s, c) for c in paid) >= max(needed, 0)


def add_to_payment(s: GameState, card: int) -> None:
    """Move a hand card onto the table as part of the payment."""
    p = s.players[s.current_player]
    p.hand.remove(card)
    p.secret.discard(card)
    s.pay.append(card)


def resolve_action(s: GameState, kind: int, target: int) -> None:
    """The paid action happens: the paid cards join this turn's played cards."""
    s.turn.played.extend(s.pay[2:])
    s.pay = []
    p = s.current_player
    if kind == Kind.RECRUIT:
        # "Take the recruited Mercenary into your hand."
        s.players[p].hand.append(s.docks[target])
        s.docks[target] = -1
    elif kind == Kind.MINE:
        tier = MINE_SLOT_TIER[target]
        gain_crystal(s, p, target, by_mine=True)
        s.turn.mined += 1
        s.turn.mined_tiers.append(tier)
        offer_scrabber(s, tier)
    else:
        collect_artifact(s, p, target // 2, target % 2)


def offer_scrabber(s: GameState, tier: int) -> None:
    """Scrabber after a Mine action of cost `tier`: "Take a second Crystal with the
    same cost from the Mine after mining. This only applies to Crystals with a
    mining cost of 1, 3, and 6."

    `scrabber_every_mine` False: rules 2 give one bonus crystal in the turn (it
    is offered again after a later Mine only while none was taken); rules 1 only
    after the turn's first Mine action.
    """
    t = s.turn
    if not t.scrabber or CRYSTAL_TIERS[tier] == 10:
        return
    if not s.config.scrabber_every_mine:
        if s.config.rules_version >= 2:
            if t.scrabber_bonuses:
                return
        elif t.mined > 1:
            return
    if any(s.mine[i] >= 0 and CRYSTAL_TIER[s.mine[i]] == tier for i in range(10)):
        s.effects.append([Effect.SCRABBER, tier])


def offer_scrabber_for_earlier_mines(s: GameState) -> None:
    """Scrabber played after mining (rules 2): its skill lasts the whole turn and
    the card says "After mining a Crystal", so the Mine actions already taken this
    turn get their bonus now, offered in the order they were made.

    `scrabber_every_mine` True: one offer per earlier Mine action; False: one
    offer per cost among them, and taking one bonus ends the others.
    """
    tiers = s.turn.mined_tiers
    if not s.config.scrabber_every_mine:
        tiers = list(dict.fromkeys(tiers))
    for tier in reversed(tiers):  # innermost last: the earliest Mine first
        offer_scrabber(s, tier)


def collect_artifact(s: GameState, p: int, stack: int, half: int) -> None:
    """Take the top card and keep one half; an emptied stack is a Cave-In."""
    card = s.artifact_stacks[stack].pop()
    s.players[p].artifacts.append(int(ARTIFACT_CARDS[card].halves[half]))
    # "if you have just taken the fourth Artifact from a stack, move the Cave-In"
    if not s.artifact_stacks[stack]:
        s.cave_in += 1
