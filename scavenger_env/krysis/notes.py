"""What a player of Krysis should know beyond the code's tables.

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
    AGENTS,
    CRYSTALS_IN_BOX,
    DEFAULT,
    DESIGNED,
    DIFFERENT_SET_VP,
    IDENTICAL_SET_VP,
    LEVELS,
    MINE_PROVENANCE,
    NUM_RELICS,
    RELIC_COPIES,
    RELICS,
    ROUNDS,
    RULEBOOK,
    SET_TABLE_PROVENANCE,
    SPEED_HAND,
    START_GOODS_PROVENANCE,
    START_HOME,
    WEB,
    AgentKind,
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


OVERVIEW = (
    "*Krysis* (Zoltán Aczél and Zoltán Ágó, 2009; 2-4 players): rival mining "
    f"companies play {ROUNDS} rounds of four phases.\n\n"
    "1. **Mining.** A blind bid: each player secretly takes crystals from home "
    "(red 3, blue 2, white 1); all bids are paid to the bank; the highest bid "
    "value moves its miner first to any free chamber one level deeper and takes "
    "its goods into the campsite (a relic symbol draws 2 relic cards, keeps 1).\n"
    "2. **Building up the teams.** Three times, every player picks an agent face "
    "down and all reveal together; the team's initiative is the sum of its speeds "
    "(a multiplier agent counts crystals of its colour at the own campsite).\n"
    "3. **Action.** In initiative order each player flips up to one weapon and "
    "one transport relic and then loads goods (home, safe and scoring at the end, "
    "or to the bank, 2 VP each), raids a campsite whose defence is lower than the "
    "team's combat (stealing what the team can carry, home, to the bank or to the "
    "own campsite), or mines overtime (crystals worth 6 from the bank). Loading "
    "leaves the campsite deserted for the round.\n"
    "4. **Ending the round.** Teams and used relics are discarded; each player "
    "draws 3 agents, choosing the deck before each draw.\n\n"
    "At the end: VP from sales plus home crystals plus home relic sets (the best "
    "split into sets of identical or all-different relics); a tie goes to the "
    "miner farthest ahead in the mine."
)
"""The game in a few paragraphs (markdown)."""

HIDDEN_INFORMATION = (
    "yes: the deck orders, the hands (their sizes and, outside the set-up "
    "choices, their kinds are public), the types of relics at home and at a "
    "campsite (their counts are public), missions and left-out squads"
)
"""What a player does not see."""

SIMULTANEOUS_CHOICES = (
    "yes: the blind bid, the three team picks, the advanced squad and the 9-card "
    "hand; players commit in turn and no commitment shows until all have "
    "committed"
)
"""Whether players choose at the same time at the table, and how the engine
plays that."""

PROVENANCE_TAGS: dict[str, str] = {
    RULEBOOK: "printed in the English rulebook",
    WEB: "the publisher's web site or a published review",
    DEFAULT: (
        "not published anywhere: a plausible value, kept in `engine/data.py` so "
        "that the real one can replace it"
    ),
    DESIGNED: "not published: designed for this package in the game's spirit",
}
"""The tags of `engine.data`, each with what it means."""

_T = [a for a in AGENTS if a.kind is AgentKind.TRANSPORTER]
_F = [a for a in AGENTS if a.kind is AgentKind.FIGHTER]
_SPEED_T = sum(AGENTS[i].kind is AgentKind.TRANSPORTER for i in SPEED_HAND)
_SPEED_F = len(SPEED_HAND) - _SPEED_T


def _vp_list(table: tuple[int, ...], first: int) -> str:
    """Set sizes `first`.. and their VP, as "1/2/3: 1/3/7"."""
    sizes = range(first, len(table))
    return (
        "/".join(str(n) for n in sizes) + ": " + "/".join(str(table[n]) for n in sizes)
    )


COMPONENTS: tuple[Component, ...] = (
    Component(
        "agents",
        f"{len(_T)} transporters and {len(_F)} fighters per company, the same for "
        "every company",
        RULEBOOK,
    ),
    Component(
        "agents without a multiplier",
        f"{_SPEED_T} transporters and {_SPEED_F} fighters",
        f"{WEB} (the Speed Krysis page)",
    ),
    Component(
        "agent speeds, icons, combat, stars",
        "speeds, loading icons, combat values and star ratings of T1-T9 and F1-F9 "
        "(`engine.data.AGENTS`); 3 of each star rating per deck",
        AGENTS[0].provenance,
    ),
    Component(
        "special agents",
        "rules 2: Guard (Defense +2), Eminent miner and Thief the same for every "
        "company; a Spy, an Alchemist and a third card (Master thief, Prospector, "
        "Bodyguard or Rich vein) each company's own, with its own speed, icons and "
        "combat. Rules 1: Guard, Eminent miner, Thief, Spy and Alchemist shared, "
        "and the third card",
        f'"3 identical ... and 3 unique" and the abilities: {RULEBOOK}; which is '
        f"shared and the numbers: {DEFAULT}; the unique cards: {DESIGNED}",
    ),
    Component(
        "relics",
        f"{NUM_RELICS}: weapons and transports, {RELIC_COPIES} of each type ("
        + ", ".join(r.name for r in RELICS)
        + ")",
        f"kinds: {RULEBOOK}; types: {RELICS[0].provenance}",
    ),
    Component(
        "relic set scoring",
        f"identical {_vp_list(IDENTICAL_SET_VP, 1)} VP; all different "
        f"{_vp_list(DIFFERENT_SET_VP, 2)} VP",
        SET_TABLE_PROVENANCE,
    ),
    Component(
        "start spaces I-IV",
        "the goods of each start space; space I (farthest from the entrance) gives "
        "the fewest",
        START_GOODS_PROVENANCE,
    ),
    Component(
        f"mine, levels 1-{LEVELS} × chambers 1-4",
        'a table of goods growing with depth, fewer in chamber 1 (ahead), two "?" '
        "options in some chambers",
        MINE_PROVENANCE,
    ),
    Component(
        "start home",
        "{} red, {} blue, {} white".format(*START_HOME),
        RULEBOOK,
    ),
    Component(
        "crystals",
        f"{sum(CRYSTALS_IN_BOX[0])} in the box (split "
        + "/".join(str(n) for n in CRYSTALS_IN_BOX[0])
        + " red/blue/white); the bank is unlimited",
        f"count: {RULEBOOK}; split: {CRYSTALS_IN_BOX[1]}",
    ),
)
"""Every component, with where its values come from (`engine/data.py`)."""


def _icons(capacity: tuple[int, int, int]) -> str:
    return "".join(letter * n for letter, n in zip("RBW", capacity)) or "-"


COMPONENT_TABLES: tuple[ComponentTable, ...] = (
    ComponentTable(
        "Agents",
        "The 18 regular agents every company has (`engine.data.AGENTS`): a "
        "multiplier agent's speed is its multiplier times the crystals of its "
        "colour at the own campsite.",
        ("card", "speed", "loading icons", "combat", "stars", "source"),
        tuple(
            (
                a.name,
                (
                    f"×{a.multiplier} {a.multiplier_colour.name.lower()}"
                    if a.multiplier
                    else str(a.speed)
                ),
                _icons(a.capacity),
                str(a.combat),
                str(a.stars),
                a.provenance,
            )
            for a in AGENTS
        ),
    ),
)
"""Detailed component tables, generated from `engine.data`."""

RULINGS_INTRO = (
    "Where the rulebook is silent or ambiguous the engine makes a ruling. A "
    "ruling with options names the `KrysisConfig` fields that choose another "
    "reading."
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "Ahead in the mine",
        'Start space I ("farthest from the mine entrance") and chamber 1 of every '
        "level are the most advanced: they win every tie (bids, initiative, the "
        "final score) and give the fewest goods.",
        "rulebook",
    ),
    Ruling(
        "Loading capacity",
        "A slot may be partly filled (2 whites in a red slot); a relic takes a "
        "blue slot before a red one when both would do, which leaves the most room "
        "for whites.",
        "ruling",
    ),
    Ruling(
        "Selling stolen goods",
        "Selling stolen goods deserts the raider's campsite, as taking them home "
        'does. This is the rule, not a reading: "If the active player transports '
        "goods home or to the bank, the relic cards that he played in this round "
        'have to be discarded (he deserts his campsite for the round)" (Relic '
        "Cards). `raid_bank_deserts=False` is a house rule that lets a raider who "
        "sells the loot keep guarding.",
        "rulebook",
        ("raid_bank_deserts",),
    ),
    Ruling(
        "A raid needs a strictly higher combat",
        "A combat-0 team cannot raid another combat-0 team, only a deserted campsite.",
        "rulebook",
    ),
    Ruling(
        "Defence",
        "A team that has not acted yet defends with its fighters and Defense "
        "bonuses but no relic (only the active player flips relics); a weapon "
        "flipped by a player who then mined overtime or took loot to the campsite "
        "defends until the round ends.",
        "ruling",
    ),
    Ruling(
        "Multipliers",
        "Multipliers are counted once, when the third pick is revealed, and "
        "multiply only the speed; later changes to the campsite (Thief, Eminent "
        "miner) do not reorder the round.",
        "ruling",
    ),
    Ruling(
        "Nothing runs out",
        "The bank is unlimited, agent discards are never reshuffled (18 cards "
        "cover five rounds), and a player with one agent deck empty draws from the "
        "other without a choice. With fewer than two relics left anywhere, a relic "
        "symbol gives the one there is (or nothing).",
        "ruling",
    ),
    Ruling(
        "The blind bid",
        "The bid is made colour by colour: how many red, then blue, then white; a "
        'colour with none at home is skipped. "As many crystals ... as he '
        'wishes": any count, chosen in base-16 digits, highest first, each mask '
        "exact (a home of at most 15 of the colour: one decision, the count; "
        "16-255: two; 256 or more: three). The number of decisions depends only on "
        'the home crystals, which are public (see "Home crystals are public"), '
        "so every bid from a home takes the same decisions whatever its size, and "
        "the others learn nothing until the reveal. Rules 1: 0-15 of a colour, or "
        "all of it. Only the value ranks bids.",
        "rulebook",
        ("rules_version",),
    ),
    Ruling(
        "Simultaneous choices",
        "Bids, the three picks, the advanced squad and the 9-card hand are "
        "committed in turn, from the miner farthest ahead, and stay out of the "
        "others' observations, masks, views, pictures and action words until all "
        "have committed.",
        "ruling",
    ),
    Ruling(
        "Home crystals are public",
        "Every crystal that goes home is loaded in sight and every bid is "
        "revealed, so the others can count them; the types of relics at home and "
        "at a campsite are known only to their owner.",
        "ruling",
    ),
    Ruling(
        "Empty actions",
        "Loading nothing (which still deserts the campsite), raiding and taking "
        "nothing, and flipping a relic and not using it are legal.",
        "ruling",
    ),
    Ruling(
        "Stolen relics",
        "The raider chooses how many, one at a time; they are drawn at random from "
        "the face-down ones when the raider says where the loot goes.",
        "ruling",
    ),
    Ruling(
        "Special agents' timing and actions",
        'Special agents act before or after the normal action: "The active '
        "player may choose whether they want to activate his agent's special "
        'action before or after his normal action." The choice is made for each '
        'special agent, in pick order; one chosen "before" acts at once, the '
        'next is asked after it, and those chosen "after" act in pick order once '
        "the normal action is done (rules 1: one choice for all of a turn's "
        "special agents, in pick order). Their actions are mandatory. The Thief "
        "may rob any other player and takes as many of the shown crystals as are "
        "there; the Spy must name a player and, if that campsite has relics, take "
        "one; the Alchemist converts one crystal at a time and at least one (it is "
        "skipped with neither white nor blue at the campsite); an Eminent miner's "
        "relic symbol draws one relic.",
        "rulebook",
        ("advanced", "rules_version"),
    ),
    Ruling(
        "The advanced game's squad",
        "A squad with fewer than 3 agents of a kind deals the hand's other cards "
        "from the other deck, so the hand is 6.",
        "ruling",
        ("advanced",),
    ),
    Ruling(
        "Missions",
        "Every tied player completes a mission; a tie at zero completes none.",
        "ruling",
        ("missions", "mission_needs_goods"),
    ),
    Ruling(
        "Speed Krysis",
        "Ties go to the random start order. Its page names only red and blue "
        'crystals, so a white icon carries and mines nothing there. "Has '
        'capacity" means room for at least one of the crystals there, and "at '
        "least as many crystals as your capacity\" compares the campsite's "
        "crystals with the red and blue icons.",
        "web",
        ("variant",),
    ),
    Ruling(
        "Identical and unique special agents",
        '"For each player, there are 3 identical special agents and 3 unique '
        'ones." Read as 3 cards every company has alike and 3 that only this '
        'company has: "identical" and "unique" both compare a player\'s cards '
        "with the other players', as the regular agents are one set for every "
        "company (the other reading, three copies of one card, would leave "
        '"unique" with nothing to contrast with). The rulebook names five '
        "abilities, so a unique card is one of them on a card no other company "
        "has, with its own speed, icons, combat or numbers. Guard, Eminent miner "
        "and Thief are shared; a Spy, an Alchemist and a third card are each "
        "company's own. Card ids 18-20 are the shared ones, 21-23 the company's, "
        "each id with the same kind and stars under both rules versions (rules 1: "
        "5 shared cards and 1 own).",
        "rulebook",
        ("advanced", "rules_version"),
    ),
)
"""Every ruling, in the order of the rulebook's topics."""

RULES_VERSIONS_INTRO = (
    "`KrysisConfig.rules_version` names the rules a game is played under, and a "
    "game record keeps it, so a record replays under its own rules: a game under "
    "rules 1 plays exactly as it was played, and the same action ids mean the "
    "same things (the action table gives the rules-1 meaning where it differs)."
)

RULES_VERSIONS: tuple[RulesVersion, ...] = (
    RulesVersion(1, "the first rules"),
    RulesVersion(
        2,
        "plays the three rulings below differently from rules 1",
        (
            'Bids of any size are exact (see "The blind bid").',
            "The special agents are 3 identical for every company and 3 unique "
            'to each (see "Identical and unique special agents").',
            "The before/after timing is chosen for each special agent (see "
            '"Special agents\' timing and actions").',
        ),
    ),
)
"""Every rules version, oldest first."""
