"""What a player of Star Scrappers: Cave-In should know beyond the code's tables.

The rulings the engine makes where the rulebook is silent or ambiguous, the rules
versions, the components with where each value comes from, and the short texts
(overview, hidden information) a reference page opens with. Kept here, as data,
so that the documentation is generated from the package and every ruling is one
named item next to the rules it documents (the docs' game page reads this
module; nothing in the engine does).
"""

from __future__ import annotations

from scavenger_env.core.notes import Component, ComponentTable, RulesVersion, Ruling

from .engine.data import (
    ARTIFACT_CARDS,
    ARTIFACT_HALVES,
    ARTIFACT_STACK_PROVENANCE,
    CAVE_IN_THRESHOLDS,
    CRYSTAL_PROVENANCE,
    CRYSTAL_TEMPLATE,
    CRYSTAL_TIERS,
    DEFAULT,
    DESIGNED,
    FACTIONS,
    FAQ,
    MERC_DISTRIBUTIONS,
    MERC_TYPES,
    RULEBOOK,
    Art,
)

__all__ = [
    "COMPONENTS",
    "COMPONENT_TABLES",
    "HIDDEN_INFORMATION",
    "OVERVIEW",
    "PROVENANCE_TAGS",
    "RULES_VERSIONS",
    "RULES_VERSIONS_INTRO",
    "RULINGS",
    "RULINGS_INTRO",
    "SIMULTANEOUS_CHOICES",
    "Component",
    "ComponentTable",
    "RulesVersion",
    "Ruling",
]


_T1, _T2, _T3 = CAVE_IN_THRESHOLDS

OVERVIEW = (
    "*Star Scrappers: Cave-In* is a game for 2 to 4 players who recruit "
    "mercenaries of six factions and mine crystals under a collapsing mountain. "
    "Four factions are in play (the other two colours are Wild). On a turn a "
    "player may use a start-of-turn artifact and the skill of the Leader (the top "
    "card of their Base), then takes two different actions (Recruit a mercenary "
    "from the Docks, Mine a crystal, Collect an artifact, play a card for its "
    "Skill) or Raids another player's Base. Costs are paid by playing hand cards, "
    "which go onto the player's Base. Crystals with a Cave-In symbol move the "
    f"Cave-In track; the game ends with the round in which it reaches {_T1}, {_T2} "
    f"or {_T3} Cave-Ins (2, 3 or 4 players). Scores add crystal VP, sets of "
    "faction symbols, artifacts, Faction Totems and subjugated cards."
)
"""The game in one paragraph."""

HIDDEN_INFORMATION = (
    "yes: the order of the face-down stacks, the artifact cards under each "
    "stack's top, what is left of each opponent's dealt starting hand (its levels "
    "are known) and the level-1 cards Domina puts face down"
)
"""What a player does not see (the rest of the game is public)."""

SIMULTANEOUS_CHOICES = "none: one player decides at a time"
"""Whether players choose at the same time at the table."""

PROVENANCE_TAGS: dict[str, str] = {
    RULEBOOK: "printed in the English rulebook, or on a card face it shows",
    FAQ: "the publisher's online FAQ",
    DEFAULT: (
        "not published: the value the engine assumes, chosen to fit everything "
        "the rulebook does print (such as its scoring example), and kept in "
        "`engine/data.py` so that a real count can replace it"
    ),
    DESIGNED: "not published: designed for this package in the game's spirit",
}
"""The tags of `engine.data`, each with what it means."""


def _crystal_row() -> str:
    """The crystal template in words, from `engine.data`."""
    by_cost = [
        "/".join(str(t.vp) for t in CRYSTAL_TEMPLATE if t.cost == cost)
        for cost in CRYSTAL_TIERS
    ]
    counts = "; ".join(
        f"{sum(t.cost == cost for t in CRYSTAL_TEMPLATE)}×cost {cost} (VP {vp})"
        for cost, vp in zip(CRYSTAL_TIERS, by_cost)
    )
    symbols = sum(t.symbol for t in CRYSTAL_TEMPLATE)
    cave = ", ".join(
        f"cost {t.cost} / {t.vp} VP" for t in CRYSTAL_TEMPLATE if t.cave_in
    )
    total = len(CRYSTAL_TEMPLATE) * len(FACTIONS)
    return (
        f"{total} tokens, {len(CRYSTAL_TEMPLATE)} per colour: {counts}; faction "
        f"symbols on {symbols} of the {len(CRYSTAL_TEMPLATE)}, Cave-In symbols on "
        f"{cave}"
    )


_DEFAULT_SPLIT = next(iter(MERC_DISTRIBUTIONS))
_OTHER_SPLITS = ", ".join(list(MERC_DISTRIBUTIONS)[1:])

COMPONENTS: tuple[Component, ...] = (
    Component(
        "factions",
        ", ".join(f"{f.name} ({f.colour.name.lower()})" for f in FACTIONS)
        + "; a command card and a totem each",
        FACTIONS[0].provenance,
    ),
    Component(
        "mercenaries",
        f"{len(FACTIONS) * sum(MERC_DISTRIBUTIONS[_DEFAULT_SPLIT][0])} cards, "
        f"{sum(MERC_DISTRIBUTIONS[_DEFAULT_SPLIT][0])} per faction, "
        f"{len(MERC_TYPES)} named types (one per faction and level)",
        RULEBOOK,
    ),
    Component(
        "copies per level",
        f"{_DEFAULT_SPLIT} per faction (option `merc_distribution`: {_OTHER_SPLITS})",
        MERC_DISTRIBUTIONS[_DEFAULT_SPLIT][1],
    ),
    Component(
        "crystals", _crystal_row(), f"{CRYSTAL_PROVENANCE} (fits the scoring example)"
    ),
    Component(
        "Docks and Mine",
        "4/3/2/1 slots by level and by cost, refilled only at clean-up from their "
        "own stacks",
        RULEBOOK,
    ),
    Component(
        "artifacts",
        f"{len(ARTIFACT_CARDS)} cards of two halves in three stacks of four, costs "
        + "/".join(str(c) for c in sorted({c.cost for c in ARTIFACT_CARDS}))
        + " by stack (option `artifact_costs`)",
        f"stacks and costs: {ARTIFACT_STACK_PROVENANCE}; "
        f"{sum(h.provenance != DESIGNED for h in ARTIFACT_HALVES)} halves "
        f"{RULEBOOK}/{FAQ}, "
        f"{sum(h.provenance == DESIGNED for h in ARTIFACT_HALVES)} {DESIGNED} "
        "(below)",
    ),
    Component(
        "Cave-In",
        f"thresholds {_T1}/{_T2}/{_T3} for 2/3/4 players (option "
        "`cave_in_thresholds`); an uncapped counter",
        f"{RULEBOOK}; counter length: {DEFAULT}",
    ),
)
"""Every component, with where its values come from (`engine/data.py`)."""

_HALF = {h.art: h for h in ARTIFACT_HALVES}


def _half(art: Art) -> str:
    """A half in the table's words: its name (bold when designed) and text."""
    half = _HALF[art]
    name = f"**{half.name}**" if half.provenance == DESIGNED else half.name
    return f"{name} ({half.provenance}): {half.text}"


COMPONENT_TABLES: tuple[ComponentTable, ...] = (
    ComponentTable(
        "Artifacts",
        "Seven artifact halves are known from the rulebook and the FAQ; the other "
        f"{sum(h.provenance == DESIGNED for h in ARTIFACT_HALVES)} (in bold) are "
        "designed for this package and are not the printed cards. Each card pairs "
        "two halves, honouring the known pairings (Space Exchange with Third "
        "Cyber-arm; Baton of Coaxing apart from Enhanced Vision; Barking up the "
        "Right Three apart from Contract). The designed halves cover the kinds the "
        "known ones show: end-game scoring, start-of-turn effects, raid effects, "
        "discounts, and hand or Base effects; the scoring ones pay about what "
        "Barking and Contract pay in a typical game (2-8 VP).",
        ("cost", "half A", "half B"),
        tuple(
            (str(card.cost), _half(card.halves[0]), _half(card.halves[1]))
            for card in ARTIFACT_CARDS
        ),
    ),
)
"""Detailed component tables, generated from `engine.data`."""

RULINGS_INTRO = (
    "Where the rulebook is silent or ambiguous the engine makes a ruling. A "
    "ruling with options names the `GameConfig` fields that choose another "
    "reading."
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "Zero cost and overpaying",
        "When discounts bring a cost to 0 or less, the action resolves at once "
        'with no card played (the rulebook: "you do not have to play a card ... '
        'but you must still use an action"). Overpaying is allowed when a cost is '
        'above 0: "equal to, or higher than".',
        "rulebook",
    ),
    Ruling(
        "Drollo's extra Mine",
        "The extra Mine is spent before a normal action when you Mine, since it "
        'is free; it does not count toward the two actions or their "different" '
        "rule, and it can be taken before or after a Raid.",
        "faq",
    ),
    Ruling(
        "Fish'Bean",
        "Once active (as Leader or played), the turn's normal actions may repeat.",
        "rulebook",
    ),
    Ruling(
        "Discounts: Foreman, Seeder, Maccarat, Diggerhino",
        "Foreman lowers the recruited level by 2, after which the card played is "
        "one level lower still (levels 1-3 free, level 4 with a level 1, as the "
        'clarification says); it is not cumulative ("2 less instead of 1"). '
        "Seeder's doubling is not cumulative, and it is optional for Recruit "
        '("All Mercenary and Artifact skills and effects are optional"): a '
        "Weedlock played to Recruit counts as its printed or its doubled level, "
        "whichever fits, so a Sapling still recruits a level 2 and a level 2 "
        "Weedlock a level 3. To Mine or Collect it always counts double, as "
        "overpaying is allowed. The same holds for the German Stalkroot. Maccarat "
        'is cumulative like Ancientone ("these savings are cumulative with any '
        'other card which also gives you a discount"), and so is Diggerhino: two '
        "on one crystal take 2 off its cost.",
        "rulebook",
    ),
    Ruling(
        "Skill-gained crystals",
        "Crystals gained by a skill or an artifact (the level-1 skills, Domina, "
        "Scrabber, Baton of Coaxing) are not Mine actions: they get no totem "
        "discount and do not move the Cave-In track.",
        "ruling",
        ("skill_crystals_cave_in",),
    ),
    Ruling(
        "Scrabber",
        'Scrabber lasts the whole turn, and its card says "After mining a '
        'Crystal, take a Crystal of your choice with the same cost": every Mine '
        "action of the turn gets a bonus crystal, those made before Scrabber was "
        "played included (offered as soon as it is played, the earliest Mine "
        "first). It is once per Mine action however many Scrabbers are active, "
        "and never after a skill-gained crystal. With "
        "`scrabber_every_mine=False`: one bonus crystal in the turn, offered "
        "after each Mine (and, when Scrabber is played after Mines, once for each "
        "cost among them) until one is taken.",
        "rulebook",
        ("scrabber_every_mine",),
    ),
    Ruling(
        "Level-1 skills",
        "They take a cost-1 crystal of their colour as it is this turn (a "
        'Diggerhino recolour counts), per the clarification "with a cost of 1".',
        "rulebook",
    ),
    Ruling(
        "Diggerhino",
        "Diggerhino must name a different colour; a Wild crystal recoloured to an "
        "in-play colour is no longer Wild, and the totem discount follows the new "
        "colour. A second Diggerhino on the same crystal names a colour again "
        "(any colour, the printed one included, is reachable in two steps) and "
        "takes 1 more off (see the discounts ruling).",
        "ruling",
    ),
    Ruling(
        "Robuster",
        "Robuster recolours up to three hand cards to one colour for the turn; a "
        "recoloured card played to the Base shows its printed colour again, so a "
        "Raid takes the totem of the Leader's printed colour.",
        "ruling",
    ),
    Ruling(
        "Raids",
        "A Raid needs a Base with a Leader (raiding an empty Base is not "
        'offered); a Base is raided at most once a turn ("a second different '
        'Base"). Totems of in-play colours not dealt to anyone (2-3 players) '
        "start in a supply from which a Raid can take them.",
        "rulebook",
    ),
    Ruling(
        "Golden Rule",
        "The top card of a Base is its Leader at every moment and never a skill's "
        "target; Sergeant and Third Cyber-arm need at least two cards in the Base.",
        "rulebook",
    ),
    Ruling(
        "The Leader's skill",
        'It is offered whenever the Base has a card; it is optional ("all skills '
        'are optional") even when it could do nothing.',
        "rulebook",
    ),
    Ruling(
        "Start-of-turn artifacts",
        "They are offered in a fixed order (Third Cyber-arm, Recruiter's Whistle, "
        "Overseer's Whip), and only when they could do something. An artifact "
        "collected this turn works from your next starting phase.",
        "faq",
    ),
    Ruling(
        "A skill with no target",
        "A card may still be played for its Skill when its skill has no target: "
        "the action puts the card on the Base (a legal way to choose the next "
        "Leader).",
        "ruling",
    ),
    Ruling(
        "Mandragore",
        "English text: after the first Weedlock you may take a second from the "
        "same Base (and stop) or go on taking one from each other Base. German "
        'text (`weedlock_text="de"`): it takes all Weedlocks of one Base from '
        "the top until the hand limit.",
        "ruling",
        ("weedlock_text",),
    ),
    Ruling(
        "Domina",
        "Each subjugated level 1 is followed by a choice of any cost-1 crystal "
        'from the Mine (or none). The card goes face down ("put that card face '
        'down in your play area") from the hand, so the other players learn only '
        "that a level-1 card went: the crystal tells nothing, as any cost-1 "
        "crystal may be taken, and since they cannot tell which of the hand's "
        "level-1 cards went, the hand's other level-1 cards become unseen to them "
        "too (their levels stay known). Cards subjugated from a Base (Mindwasp, "
        "Custodian, Overseer's Whip) lay face up there, so their types are public.",
        "rulebook",
    ),
    Ruling(
        "Colonel",
        "Colonel takes one card at a time; the level budget and the hand limit "
        "bound it.",
        "ruling",
    ),
    Ruling(
        "Paying by type",
        "PAY names a merc type; when copies differ (a Robuster recolour), the "
        "first copy that keeps the payment valid is played, and among those a "
        "copy the other players have seen enter the hand, if there is one, so "
        "which copy goes tells them nothing about the unseen starting hand. A "
        "Skill plays a copy that was not recoloured, if there is one (again a "
        "seen copy first), and Robuster picks a seen copy too.",
        "ruling",
        ("rules_version",),
    ),
    Ruling("Contract", "Contract scores the owner's best colour.", "ruling"),
    Ruling(
        "Trophy Wall",
        "The designed Trophy Wall counts Raids on opponents' Bases only.",
        "ruling",
    ),
    Ruling(
        "Stack run-out",
        "The eight mercenary and crystal stacks are checked at the end of each "
        "turn against the start of that turn; an artifact stack's last card moves "
        "the track at once. A slot whose stack is empty stays empty.",
        "ruling",
    ),
    Ruling(
        "Game end",
        "The end is checked at the end of each turn; the round is completed so "
        "that the player to the right of the start player plays last. "
        "`max_rounds` is a safety stop (not in the rulebook) that random play "
        "never reaches; a game it stops has no winner.",
        "rulebook",
        ("max_rounds",),
    ),
    Ruling(
        "Weedlock texts",
        'The English rulebook\'s texts by default; `weedlock_text="de"` plays '
        "the German rulebook's (Stalkroot doubles, Seeder takes Weedlocks, "
        "Mandragore takes all Weedlocks of one Base).",
        "rulebook",
        ("weedlock_text",),
    ),
    Ruling(
        "No passing",
        '"Take two different actions, or Raid the Base of any player": the '
        "rulebook never lets a turn pass, so END_TURN is legal once the turn's "
        "two actions (or a Raid) are taken, and earlier only when no Recruit, "
        "Mine, Collect, Skill or Raid is possible (it is then the only legal "
        "action, so no position is without one). Drollo's extra Mine comes from a "
        'skill and is never owed. A Skill with no target counts (see "A skill '
        'with no target"), so a card in hand always gives a second action. '
        "`allow_pass=True` (a house rule): END_TURN at any time.",
        "rulebook",
        ("allow_pass",),
    ),
)
"""Every ruling, in the order of the rulebook's topics."""

RULES_VERSIONS_INTRO = (
    "`GameConfig.rules_version` says which rules a game is played under, and a "
    "game record keeps it, so a record replays under its own rules: a stored "
    "config without the key is rules 1, and a field it lacks takes its rules-1 "
    "value (`allow_pass=True`). What each player may know (Domina's face-down "
    "cards) is not a rule of play, so it is the same under both versions: it "
    "changes the observations and views, never the game."
)

RULES_VERSIONS: tuple[RulesVersion, ...] = (
    RulesVersion(1, "the first rules; records stored without a version play it"),
    RulesVersion(
        2,
        "plays the five rulings below differently from rules 1",
        (
            "Diggerhino takes 1 off for each Diggerhino on the crystal (rules 1: 1 "
            "in all).",
            "Seeder (German Stalkroot): a Weedlock played to Recruit counts as its "
            "printed or its doubled level (rules 1: only doubled, so a Sapling "
            "cannot recruit a level 2, nor a level 2 Weedlock anything).",
            "Scrabber: Mine actions made before it was played get their bonus too "
            "(rules 1: none); `scrabber_every_mine=False` means one bonus crystal "
            "in the turn (rules 1: a bonus only after the turn's first Mine "
            "action, none if Scrabber came after it).",
            "END_TURN only once the turn's actions are done or none is possible, "
            "unless `allow_pass` (rules 1: at any time).",
            "Which copy a PAY, a Skill or Robuster's pick takes: a copy the others "
            "have seen, if there is one (rules 1: the first in hand, which may be "
            "an unseen one, and the others' view then shows what it was).",
        ),
    ),
)
"""Every rules version, oldest first."""
