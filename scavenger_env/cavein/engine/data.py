"""Component tables of Star Scrappers: Cave-In, each value tagged with its provenance.

Provenance tags (what each means: `scavenger_env.cavein.notes.PROVENANCE_TAGS`):

* ``rulebook`` -- printed in the English rulebook (or on a card face it shows);
* ``faq`` -- the publisher's online FAQ;
* ``default`` -- not published; the research default, kept here so that a real
  count can replace it without touching the rules;
* ``designed`` -- not published; designed by this project in the game's spirit.

Everything the rules read about a card, token or artifact comes from these tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from typing import Any, Final

RULEBOOK = "rulebook"
FAQ = "faq"
DEFAULT = "default"
DESIGNED = "designed"


class Colour(IntEnum):
    """The six faction colours; a crystal, a card, a totem and a symbol have one."""

    BROWN = 0
    BLUE = 1
    PURPLE = 2
    YELLOW = 3
    RED = 4
    GREEN = 5


NUM_COLOURS: Final = 6


@dataclass(frozen=True)
class Faction:
    colour: Colour
    name: str
    symbol: str
    theme: str
    provenance: str = RULEBOOK


FACTIONS: tuple[Faction, ...] = (
    Faction(Colour.BROWN, "Terron", "T", "recruitment"),
    Faction(Colour.BLUE, "Hy'dran", "H", "bribery"),
    Faction(Colour.PURPLE, "Mineggler", "M", "economic"),
    Faction(Colour.YELLOW, "Metanel", "Y", "mining"),
    Faction(Colour.RED, "Bioss", "B", "subjugation"),
    Faction(Colour.GREEN, "Weedlock", "W", "expansion"),
)
FACTION_BY_NAME = {f.name.lower(): f.colour for f in FACTIONS} | {
    c.name.lower(): c for c in Colour
}

#: "For your first game we suggest ... Hy'drans, Metanels, Terrons and Minegglers."
FIRST_GAME_FACTIONS = (Colour.BROWN, Colour.BLUE, Colour.PURPLE, Colour.YELLOW)


class Timing(IntEnum):
    """The icon beside a card's text box (rulebook, "Mercenary cards")."""

    WHOLE_TURN = 0
    INSTANT = 1
    EXTRA_ACTION = 2


@dataclass(frozen=True)
class MercType:
    """One of the 24 named mercenaries: faction x level."""

    index: int
    colour: Colour
    level: int
    name: str
    text: str
    timing: Timing


def _t(colour: Colour, level: int, name: str, text: str, timing: Timing) -> MercType:
    return MercType(int(colour) * 4 + level - 1, colour, level, name, text, timing)


_W, _I, _X = Timing.WHOLE_TURN, Timing.INSTANT, Timing.EXTRA_ACTION
B, U, P, Y, R, G = (
    Colour.BROWN,
    Colour.BLUE,
    Colour.PURPLE,
    Colour.YELLOW,
    Colour.RED,
    Colour.GREEN,
)

#: Card texts as the English rulebook's "Card clarifications" word them.
MERC_TYPES: tuple[MercType, ...] = (
    _t(B, 1, "Driller", "Take a brown Crystal with a cost of 1 from the Mine.", _I),
    _t(B, 2, "Foreman", "Mercenaries cost 2 less to recruit instead of 1.", _W),
    _t(B, 3, "Sergeant", "Take up to 2 Mercenaries from the bottom of your Base.", _I),
    _t(B, 4, "Colonel", "Take Docks Mercenaries with levels totalling 5 or less.", _I),
    _t(U, 1, "Frogt'Opus", "Take a blue Crystal with a cost of 1 from the Mine.", _I),
    _t(U, 2, "Fish'Bean", "Take a level 2 from the Docks; actions may repeat.", _W),
    _t(U, 3, "Shu'War", "Take a Mercenary from any Base (including your own).", _I),
    _t(U, 4, "Mu'Shell", "Take up to 2 Mercenaries from any one Base.", _I),
    _t(
        P, 1, "Mineraccoon", "Take a purple Crystal with a cost of 1 from the Mine.", _I
    ),
    _t(P, 2, "Diggerhino", "Recolour one Mine Crystal this turn; it costs 1 less.", _W),
    _t(P, 3, "Ancientone", "This turn, you pay 4 less for Artifacts.", _W),
    _t(P, 4, "Maccarat", "This turn, the mining cost of all Crystals is 4 less.", _W),
    _t(Y, 1, "Oddgrabber", "Take a yellow Crystal with a cost of 1 from the Mine.", _I),
    _t(Y, 2, "Drollo", "Gain an additional mining action this turn.", _X),
    _t(Y, 3, "Robuster", "Recolour up to 3 cards in your hand to one colour.", _W),
    _t(Y, 4, "Scrabber", "After mining, take a second Crystal of the same cost.", _W),
    _t(R, 1, "Cyberwitch", "Take a red Crystal with a cost of 1 from the Mine.", _I),
    _t(R, 2, "Mindwasp", "Subjugate one of the lowest-level cards of your Base.", _I),
    _t(R, 3, "Custodian", "Subjugate a level 2 non-Leader from any Base.", _I),
    _t(R, 4, "Domina", "Subjugate up to 3 level 1s from hand; a cost-1 each.", _I),
    _t(G, 1, "Sapling", "Take a green Crystal with a cost of 1 from the Mine.", _I),
    _t(G, 2, "Stalkroot", "Your Weedlocks mine as the Crystal's colour.", _W),
    _t(G, 3, "Seeder", "This turn, your Weedlocks count double when played.", _W),
    _t(G, 4, "Mandragore", "Take 1 Weedlock from each Base, or 2 from one Base.", _I),
)
NUM_TYPES: Final = 24
MERC_BY_NAME = {m.name.lower(): m for m in MERC_TYPES}

#: The German rulebook's Weedlock texts (a rules variant, ``weedlock_text="de"``).
WEEDLOCK_TEXTS_DE = {
    "Stalkroot": "This turn, your Weedlocks count double when played.",
    "Seeder": "Take 1 Weedlock from each Base, or 2 from one Base.",
    "Mandragore": "Take all Weedlocks from one Base (including your own).",
}

#: Copies of each level per faction; 13 per faction is printed, the split is not.
MERC_DISTRIBUTIONS: dict[str, tuple[tuple[int, int, int, int], str]] = {
    "5/4/2/2": ((5, 4, 2, 2), DEFAULT),
    "4/4/3/2": ((4, 4, 3, 2), DEFAULT),
}


@dataclass(frozen=True)
class CardTable:
    """The 78 mercenary cards for one copy distribution, indexed by card id."""

    type_of: tuple[int, ...]
    level_of: tuple[int, ...]
    colour_of: tuple[int, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a call of the class (a compiled frozen dataclass cannot be
        filled field by field). A state leaves its config's table out and
        rebuilds it on loading (`state.GameState.__reduce__`), so only another
        table is pickled this way."""
        return (CardTable, (self.type_of, self.level_of, self.colour_of))

    def ids_of(self, colour: int, level: int) -> list[int]:
        return [
            i
            for i in range(len(self.type_of))
            if self.colour_of[i] == colour and self.level_of[i] == level
        ]


@lru_cache(maxsize=8)
def card_table(distribution: str) -> CardTable:
    """Card ids run faction by faction, then level by level."""
    counts, _ = MERC_DISTRIBUTIONS[distribution]
    types: list[int] = []
    for colour in range(NUM_COLOURS):
        for level, copies in enumerate(counts, start=1):
            types += [colour * 4 + level - 1] * copies
    return CardTable(
        tuple(types),
        tuple(MERC_TYPES[t].level for t in types),
        tuple(MERC_TYPES[t].colour for t in types),
    )


# --- Crystals ---------------------------------------------------------------

#: The four cost tiers; the Mine shows 4/3/2/1 of them (rulebook, set-up step 1).
CRYSTAL_TIERS: Final = (1, 3, 6, 10)
MINE_SLOT_TIER: Final = (0, 0, 0, 0, 1, 1, 1, 2, 2, 3)
#: Docks: four level 1, three level 2, two level 3, one level 4 (set-up step 4).
DOCKS_SLOT_LEVEL: Final = (1, 1, 1, 1, 2, 2, 2, 3, 3, 4)


@dataclass(frozen=True)
class CrystalTemplate:
    name: str
    cost: int
    vp: int
    symbol: bool
    cave_in: bool


#: The research default: ten tokens per colour (60 in all), this template in each.
CRYSTAL_TEMPLATE: tuple[CrystalTemplate, ...] = (
    CrystalTemplate("c1a", 1, 1, False, False),
    CrystalTemplate("c1b", 1, 1, False, False),
    CrystalTemplate("c1c", 1, 1, True, False),
    CrystalTemplate("c1d", 1, 0, True, False),
    CrystalTemplate("c3a", 3, 3, True, False),
    CrystalTemplate("c3b", 3, 3, False, False),
    CrystalTemplate("c3c", 3, 4, False, True),
    CrystalTemplate("c6a", 6, 6, True, False),
    CrystalTemplate("c6b", 6, 7, False, True),
    CrystalTemplate("c10", 10, 12, False, True),
)
CRYSTAL_PROVENANCE = DEFAULT
NUM_CRYSTALS: Final = NUM_COLOURS * len(CRYSTAL_TEMPLATE)
CRYSTAL_COLOUR: Final = tuple(i // 10 for i in range(NUM_CRYSTALS))
CRYSTAL_COST: Final = tuple(CRYSTAL_TEMPLATE[i % 10].cost for i in range(NUM_CRYSTALS))
CRYSTAL_VP: Final = tuple(CRYSTAL_TEMPLATE[i % 10].vp for i in range(NUM_CRYSTALS))
CRYSTAL_SYMBOL: Final = tuple(
    CRYSTAL_TEMPLATE[i % 10].symbol for i in range(NUM_CRYSTALS)
)
CRYSTAL_CAVE_IN: Final = tuple(
    CRYSTAL_TEMPLATE[i % 10].cave_in for i in range(NUM_CRYSTALS)
)
CRYSTAL_TIER: Final = tuple(CRYSTAL_TIERS.index(c) for c in CRYSTAL_COST)


def crystal_name(crystal: int) -> str:
    t = CRYSTAL_TEMPLATE[crystal % 10]
    marks = ("*" if t.symbol else "") + ("!" if t.cave_in else "")
    return f"{Colour(CRYSTAL_COLOUR[crystal]).name.lower()} {t.cost}/{t.vp}VP{marks}"


#: Victory points for a set of 1..6 different faction symbols (rulebook, Scoring).
SYMBOL_SET_VP: Final = (0, 1, 3, 6, 10, 15, 21)
TOTEM_VP: Final = 3
HAND_LIMIT: Final = 7
BASE_LIMIT: Final = 7


# --- Artifacts --------------------------------------------------------------


class ArtifactKind(IntEnum):
    """When an artifact half does its work."""

    SCORING = 0
    START_OF_TURN = 1
    RAID = 2
    PASSIVE = 3


class Art(IntEnum):
    """The 24 artifact halves: 7 known from the rulebook and FAQ, 17 designed."""

    THIRD_CYBER_ARM = 0
    SPACE_EXCHANGE = 1
    CONTRACT = 2
    PEBBLE_PURSE = 3
    RECRUITERS_WHISTLE = 4
    WARDENS_LEDGER = 5
    MASS_PRODUCTION = 6
    BOLTED_LOCKER = 7
    BATON_OF_COAXING = 8
    TOTEM_SHRINE = 9
    BARKING_UP_THE_RIGHT_THREE = 10
    GUILD_CHARTER = 11
    PNEUMATIC_PICK = 12
    HOARD_OF_COLOURS = 13
    FIELD_KITCHEN = 14
    CORE_SAMPLE = 15
    ENHANCED_VISION = 16
    CREW_ROSTER = 17
    TROPHY_WALL = 18
    VETERANS_MEDAL = 19
    OVERSEERS_WHIP = 20
    GEODE_CUTTER = 21
    PRISM_LENS = 22
    QUARTERMASTER = 23


@dataclass(frozen=True)
class ArtifactHalf:
    art: Art
    name: str
    text: str
    kind: ArtifactKind
    provenance: str


_S, _ST, _R, _P = (
    ArtifactKind.SCORING,
    ArtifactKind.START_OF_TURN,
    ArtifactKind.RAID,
    ArtifactKind.PASSIVE,
)

ARTIFACT_HALVES: tuple[ArtifactHalf, ...] = (
    ArtifactHalf(Art.THIRD_CYBER_ARM, "Third Cyber-arm",
                 "At the beginning of your turn, take the bottom card from your Base.",
                 _ST, RULEBOOK),
    ArtifactHalf(Art.SPACE_EXCHANGE, "Space Exchange",
                 "Worth 2 VP for each Artifact you have, including this one.",
                 _S, RULEBOOK),
    ArtifactHalf(Art.CONTRACT, "Contract",
                 "1 VP for each Crystal of one colour, chosen at scoring.", _S, RULEBOOK),
    ArtifactHalf(Art.PEBBLE_PURSE, "Pebble Purse",
                 "1 VP for each Crystal with a mining cost of 1.", _S, DESIGNED),
    ArtifactHalf(Art.RECRUITERS_WHISTLE, "Recruiter's Whistle",
                 "At the beginning of your turn, take a level 1 Mercenary from the "
                 "Docks.", _ST, DESIGNED),
    ArtifactHalf(Art.WARDENS_LEDGER, "Warden's Ledger",
                 "1 VP for each Mercenary you have subjugated.", _S, DESIGNED),
    ArtifactHalf(Art.MASS_PRODUCTION, "Mass production",
                 "Worth 2 VP for each set of three Crystals you own.", _S, FAQ),
    ArtifactHalf(Art.BOLTED_LOCKER, "Bolted Locker",
                 "A player who Raids your Base takes at most 2 cards from it.",
                 _R, DESIGNED),
    ArtifactHalf(Art.BATON_OF_COAXING, "Baton of Coaxing",
                 "For each Base you Raid, take a Crystal from the Mine.", _R, RULEBOOK),
    ArtifactHalf(Art.TOTEM_SHRINE, "Totem Shrine",
                 "2 VP for each Faction Totem you hold.", _S, DESIGNED),
    ArtifactHalf(Art.BARKING_UP_THE_RIGHT_THREE, "Barking up the Right Three",
                 "3 VP for each pair of Crystals with a mining cost of 3.", _S, RULEBOOK),
    ArtifactHalf(Art.GUILD_CHARTER, "Guild Charter",
                 "Artifacts cost you 2 less to Collect.", _P, DESIGNED),
    ArtifactHalf(Art.PNEUMATIC_PICK, "Pneumatic Pick",
                 "Crystals cost you 1 less to Mine.", _P, DESIGNED),
    ArtifactHalf(Art.HOARD_OF_COLOURS, "Hoard of Colours",
                 "1 VP for each colour among your Crystals.", _S, DESIGNED),
    ArtifactHalf(Art.FIELD_KITCHEN, "Field Kitchen",
                 "Your hand limit is 8.", _P, DESIGNED),
    ArtifactHalf(Art.CORE_SAMPLE, "Core Sample",
                 "3 VP for each Crystal with a mining cost of 10.", _S, DESIGNED),
    ArtifactHalf(Art.ENHANCED_VISION, "Enhanced Vision",
                 "When Raiding, you may Raid a second different Base right after the "
                 "first, even at your hand limit.", _R, RULEBOOK),
    ArtifactHalf(Art.CREW_ROSTER, "Crew Roster",
                 "1 VP for each card in your Base.", _S, DESIGNED),
    ArtifactHalf(Art.TROPHY_WALL, "Trophy Wall",
                 "2 VP for each opponent's Base you Raided (at most 8 VP).", _S, DESIGNED),
    ArtifactHalf(Art.VETERANS_MEDAL, "Veteran's Medal",
                 "1 VP for each level 4 Mercenary in your hand and Base.", _S, DESIGNED),
    ArtifactHalf(Art.OVERSEERS_WHIP, "Overseer's Whip",
                 "At the beginning of your turn, subjugate the bottom card of your Base.",
                 _ST, DESIGNED),
    ArtifactHalf(Art.GEODE_CUTTER, "Geode Cutter",
                 "2 VP for each Crystal with a mining cost of 6.", _S, DESIGNED),
    ArtifactHalf(Art.PRISM_LENS, "Prism Lens",
                 "1 VP for each Crystal with a Cave-In symbol.", _S, DESIGNED),
    ArtifactHalf(Art.QUARTERMASTER, "Quartermaster",
                 "To Recruit, you may play one card of any level up to the one "
                 "required.", _P, DESIGNED),
)  # fmt: skip


@dataclass(frozen=True)
class ArtifactCard:
    """A card: a cost and two halves; the collector keeps one half."""

    cost: int
    halves: tuple[Art, Art]
    provenance: str


#: Stacks are cost tiers 4/6/8 (research default); the pairings honour the
#: research constraints: Space Exchange with Third Cyber-arm; Baton apart from
#: Enhanced Vision; Barking apart from Contract.
ARTIFACT_CARDS: tuple[ArtifactCard, ...] = (
    ArtifactCard(4, (Art.THIRD_CYBER_ARM, Art.SPACE_EXCHANGE), RULEBOOK),
    ArtifactCard(4, (Art.CONTRACT, Art.PEBBLE_PURSE), DESIGNED),
    ArtifactCard(4, (Art.RECRUITERS_WHISTLE, Art.WARDENS_LEDGER), DESIGNED),
    ArtifactCard(4, (Art.MASS_PRODUCTION, Art.BOLTED_LOCKER), DESIGNED),
    ArtifactCard(6, (Art.BATON_OF_COAXING, Art.TOTEM_SHRINE), DESIGNED),
    ArtifactCard(6, (Art.BARKING_UP_THE_RIGHT_THREE, Art.GUILD_CHARTER), DESIGNED),
    ArtifactCard(6, (Art.PNEUMATIC_PICK, Art.HOARD_OF_COLOURS), DESIGNED),
    ArtifactCard(6, (Art.FIELD_KITCHEN, Art.CORE_SAMPLE), DESIGNED),
    ArtifactCard(8, (Art.ENHANCED_VISION, Art.CREW_ROSTER), DESIGNED),
    ArtifactCard(8, (Art.TROPHY_WALL, Art.VETERANS_MEDAL), DESIGNED),
    ArtifactCard(8, (Art.OVERSEERS_WHIP, Art.GEODE_CUTTER), DESIGNED),
    ArtifactCard(8, (Art.PRISM_LENS, Art.QUARTERMASTER), DESIGNED),
)
ARTIFACT_STACK_PROVENANCE = DEFAULT
ARTIFACT_COST: Final = tuple(c.cost for c in ARTIFACT_CARDS)
#: The cost of every card on each of the three stacks (research default, like the
#: stacks); `GameConfig.artifact_costs` may change it.
ARTIFACT_STACK_COSTS: Final = (4, 6, 8)
ARTIFACT_STACK_CARDS = tuple(
    tuple(i for i, c in enumerate(ARTIFACT_CARDS) if c.cost == cost)
    for cost in ARTIFACT_STACK_COSTS
)
START_OF_TURN_ARTS = tuple(
    h.art for h in ARTIFACT_HALVES if h.kind is ArtifactKind.START_OF_TURN
)

#: Cave-In thresholds for 2, 3 and 4 players (rulebook, "game end").
CAVE_IN_THRESHOLDS = (7, 8, 9)
