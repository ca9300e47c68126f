"""The 24 mercenary skills, one small function each, worded as the rulebook's
"Card clarifications". A skill either switches on a whole-turn effect or pushes a
target choice (an `Effect` frame) that `effects.py` resolves.

"All Mercenary and Artifact skills and effects are optional" and "for all skills,
the hand limit applies"; "Leaders are immune to the effect of Mercenary skills".
"""

from __future__ import annotations

from collections.abc import Callable

from .data import NUM_TYPES, Colour
from .payment import offer_scrabber_for_earlier_mines
from .state import Effect, GameState

Skill = Callable[[GameState], None]


def _push(s: GameState, *frame: int) -> None:
    s.effects.append(list(frame))


def take_colour_crystal(colour: Colour) -> Skill:
    """L1 skills: "Take a [colour] Crystal with a cost of 1 from the Mine. This
    action does not count as mining"."""

    def skill(s: GameState) -> None:
        _push(s, Effect.TAKE_CRYSTAL, int(colour))

    skill.__name__ = f"take_{colour.name.lower()}_crystal"
    return skill


def foreman(s: GameState) -> None:
    """ "You can Recruit levels 1, 2, and 3 Mercenaries without using a card, and
    you can Recruit a level 4 Mercenary using a level 1 card." """
    s.turn.foreman = True


def sergeant(s: GameState) -> None:
    """ "take up to 2 Mercenaries from the bottom of your Base into your hand"."""
    _push(s, Effect.SERGEANT, 2)


def colonel(s: GameState) -> None:
    """ "take any number of Mercenaries from the Docks, provided that the sum of
    their levels does not exceed 5"."""
    _push(s, Effect.COLONEL, 5)


def fish_bean(s: GameState) -> None:
    """ "Take a level 2 Mercenary from the docks. Additionally ... the actions you
    perform can be identical." """
    s.turn.identical = True
    _push(s, Effect.TAKE_L2)


def shu_war(s: GameState) -> None:
    """ "Take a Mercenary from any Base (including your own)"."""
    _push(s, Effect.SHUWAR)


def mu_shell(s: GameState) -> None:
    """ "Take up to 2 Mercenaries from any one Base (including your own)"."""
    _push(s, Effect.MUSHELL, -1, 2)


def diggerhino(s: GameState) -> None:
    """ "Change the color of one Crystal in the Mine ... The cost to Mine that
    Crystal this turn is also reduced by 1." """
    _push(s, Effect.DIG_SLOT)


def ancientone(s: GameState) -> None:
    """ "This turn, you pay 4 less for Artifacts ... These savings are cumulative"."""
    s.turn.ancient += 1


def maccarat(s: GameState) -> None:
    """ "This turn, the mining cost of all Crystals is reduced by 4." (cumulative,
    by the same reading as Ancientone's)."""
    s.turn.maccarat += 1


def drollo(s: GameState) -> None:
    """ "Gain an additional mining action this turn." """
    s.turn.extra_mines += 1


def robuster(s: GameState) -> None:
    """ "Temporarily change the color of up to 3 cards in your hand to any one
    color." """
    _push(s, Effect.ROB_COLOUR)


def scrabber(s: GameState) -> None:
    """ "Take a second Crystal with the same cost from the Mine after mining."
    (whole turn; offered after each Mine action, see `payment.offer_scrabber`).
    From rules 2 the Mine actions taken before it was played get their bonus too
    (`payment.offer_scrabber_for_earlier_mines`), once however many are played."""
    if s.turn.scrabber:
        return
    s.turn.scrabber = True
    if s.config.rules_version >= 2:
        offer_scrabber_for_earlier_mines(s)


def mindwasp(s: GameState) -> None:
    """ "Subjugate one of the lowest-level Mercenaries (player's choice) from your
    Base. Leaders cannot be subjugated." """
    _push(s, Effect.MINDWASP)


def custodian(s: GameState) -> None:
    """ "Subjugate a level 2 Mercenary that is not a Leader from any Base"."""
    _push(s, Effect.CUSTODIAN)


def domina(s: GameState) -> None:
    """ "Subjugate up to three level 1 Mercenaries from your hand. For each one you
    Subjugate, take a Crystal of cost 1 from the Mine." """
    _push(s, Effect.DOMINA, 3)


def stalkroot(s: GameState) -> None:
    """EN: "Treat your Weedlocks as if they were of the same color as the Crystal
    you want to mine"."""
    s.turn.stalkroot = True


def seeder(s: GameState) -> None:
    """EN: "This turn, the level of your Weedlock cards is doubled when you play
    them to Mine, Recruit, or Collect an Artifact." (not cumulative)."""
    s.turn.doubling = True


def mandragore(s: GameState) -> None:
    """EN: "take 1 Weedlock from each Base (including your own), or choose any one
    Base ... and take 2 Weedlocks from it"."""
    _push(s, Effect.MANDRAGORE, -1, 0, 0)


def mandragore_de(s: GameState) -> None:
    """DE: "Nimm alle Weedlock Karten" -- take all Weedlocks from one Base."""
    _push(s, Effect.MANDRAGORE_ALL)


B, U, P, Y, R, G = Colour

SKILLS_EN: tuple[Skill, ...] = (
    take_colour_crystal(B), foreman, sergeant, colonel,
    take_colour_crystal(U), fish_bean, shu_war, mu_shell,
    take_colour_crystal(P), diggerhino, ancientone, maccarat,
    take_colour_crystal(Y), drollo, robuster, scrabber,
    take_colour_crystal(R), mindwasp, custodian, domina,
    take_colour_crystal(G), stalkroot, seeder, mandragore,
)  # fmt: skip

#: The German rulebook shifts the Weedlock texts down one level (research 4.2).
SKILLS_DE: tuple[Skill, ...] = (*SKILLS_EN[:21], seeder, mandragore, mandragore_de)
assert len(SKILLS_EN) == len(SKILLS_DE) == NUM_TYPES


def use_skill(s: GameState, merc_type: int) -> None:
    """Apply the skill of `merc_type` for the current player."""
    table = SKILLS_DE if s.config.weedlock_text == "de" else SKILLS_EN
    table[merc_type](s)
