"""Component tables of Krysis, each value tagged with where it comes from.

Provenance tags (what each means: `scavenger_env.krysis.notes.PROVENANCE_TAGS`):

* ``rulebook`` -- printed in the English rulebook;
* ``web`` -- from the publisher's web site or a published review (the 7 + 4
  cards without a multiplier, the 5 x 4 mine, the start resources);
* ``default`` -- not published anywhere we could find; a plausible value kept
  here so that the real one can replace it without touching the rules;
* ``designed`` -- not published; designed by this project (the companies'
  unique special agents, the relic "types" of set scoring).

The rulebook prints the rules but none of the card or board data: the agents'
speeds and icons, the relic cards, the set-scoring table, the goods of the start
spaces and the mine chambers are all ``default``. Everything the rules read about
a component comes from these tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

RULEBOOK = "rulebook"
WEB = "web"
DEFAULT = "default"
DESIGNED = "designed"

# --- Crystals -----------------------------------------------------------------


class Colour(IntEnum):
    """A crystal's colour; crystals are counted `[red, blue, white]`."""

    RED = 0
    BLUE = 1
    WHITE = 2


NUM_COLOURS: Final = 3
COLOUR_NAMES: Final = ("red", "blue", "white")
COLOUR_LETTERS: Final = ("R", "B", "W")
#: "Each red crystal at home is worth 3 points, each blue one 2 points and each
#: white one 1 point." (rulebook, End of the Game)
CRYSTAL_VALUE: Final = (3, 2, 1)
#: "For each sold crystal and relic card (regardless of its type) you receive 2
#: victory points" (rulebook, Selling goods)
SALE_VP: Final = 2
#: "Each player receives 1 red, 2 blue and 3 white crystals as starting
#: resources" (rulebook, set-up) -- red, blue, white
START_HOME: Final = (1, 2, 3)
#: 125 crystals in the box; the split by colour is not printed (default 25/40/60).
#: The bank is unlimited by ruling (see `KrysisConfig`), so this is for reference.
CRYSTALS_IN_BOX: Final = ((25, 40, 60), DEFAULT)
#: "takes any combination of crystals from the bank equalling 6 points of value"
#: (rulebook, Mining Overtime): every (red, blue, white) mix worth exactly 6.
OVERTIME_VALUE: Final = 6
OVERTIME_MIXES: Final = (
    (2, 0, 0),
    (1, 1, 1),
    (1, 0, 3),
    (0, 3, 0),
    (0, 2, 2),
    (0, 1, 4),
    (0, 0, 6),
)

# --- Agents -------------------------------------------------------------------


class AgentKind(IntEnum):
    """An agent card's deck: "9 transporter agent cards ... 9 fighter agent
    cards"."""

    TRANSPORTER = 0
    FIGHTER = 1


class Ability(IntEnum):
    """A special agent's ability (advanced game); NONE for a regular agent."""

    NONE = 0
    DEFENSE = 1
    THIEF = 2
    SPY = 3
    EMINENT_MINER = 4
    ALCHEMIST = 5


ABILITY_NAMES: Final = ("", "Defense", "Thief", "Spy", "Eminent miner", "Alchemist")


@dataclass(frozen=True)
class Agent:
    """One agent card. `speed` is its initiative, unless `multiplier` is set: then
    the speed is `multiplier` x the crystals of `multiplier_colour` at the
    owner's campsite ("For agents that have a crystal multiplier icon...")."""

    name: str
    kind: AgentKind
    speed: int
    multiplier: int  # 0: a fixed speed
    multiplier_colour: Colour
    #: loading capacity icons (transporters): slots of red, blue, white
    capacity: tuple[int, int, int]
    combat: int
    stars: int
    ability: Ability = Ability.NONE
    #: the ability's numbers: Defense bonus; Thief / Eminent miner crystals
    #: (red, blue, white) and, for the Eminent miner, relic cards as a 4th value
    amount: tuple[int, int, int, int] = (0, 0, 0, 0)
    provenance: str = DEFAULT

    @property
    def special(self) -> bool:
        return self.ability != Ability.NONE


def _t(name: str, speed: int, cap: tuple[int, int, int], stars: int,
       mult: int = 0, colour: Colour = Colour.RED) -> Agent:  # fmt: skip
    return Agent(name, AgentKind.TRANSPORTER, speed, mult, colour, cap, 0, stars)


def _f(name: str, speed: int, combat: int, stars: int,
       mult: int = 0, colour: Colour = Colour.RED) -> Agent:  # fmt: skip
    return Agent(name, AgentKind.FIGHTER, speed, mult, colour, (0, 0, 0), combat,
                 stars)  # fmt: skip


#: The 18 agents every company has ("9 transporter agent cards ... 9 fighter
#: agent cards" in each colour; all companies have the same set). The Speed Krysis
#: page gives 7 transporters and 4 fighters without a multiplier; speeds, icons,
#: combat values and stars are not published (default).
AGENTS: tuple[Agent, ...] = (
    _t("T1", 5, (0, 0, 1), 1),
    _t("T2", 4, (0, 0, 2), 1),
    _t("T3", 4, (0, 1, 0), 1),
    _t("T4", 3, (0, 1, 1), 2),
    _t("T5", 3, (1, 0, 0), 2),
    _t("T6", 2, (1, 0, 1), 2),
    _t("T7", 1, (1, 1, 0), 3),
    _t("T8", 0, (0, 1, 1), 3, mult=1, colour=Colour.WHITE),
    _t("T9", 0, (1, 0, 0), 3, mult=1, colour=Colour.BLUE),
    _f("F1", 4, 1, 1),
    _f("F2", 3, 2, 1),
    _f("F3", 2, 3, 2),
    _f("F4", 1, 4, 3),
    _f("F5", 0, 1, 1, mult=1, colour=Colour.WHITE),
    _f("F6", 0, 2, 2, mult=1, colour=Colour.WHITE),
    _f("F7", 0, 1, 2, mult=2, colour=Colour.BLUE),
    _f("F8", 0, 2, 3, mult=2, colour=Colour.BLUE),
    _f("F9", 0, 2, 3, mult=3, colour=Colour.RED),
)
NUM_REGULAR: Final = 18
#: Speed Krysis hands: "the company's 7 transporters and 4 fighters that have no
#: crystal multiplier" (card ids)
SPEED_HAND: Final = (0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12)


def _special(name: str, kind: AgentKind, speed: int, cap: tuple[int, int, int],
             combat: int, stars: int, ability: Ability,
             amount: tuple[int, int, int, int], provenance: str = DEFAULT,
             ) -> Agent:  # fmt: skip
    return Agent(name, kind, speed, 0, Colour.RED, cap, combat, stars, ability,
                 amount, provenance)  # fmt: skip


#: Rules 1's special agents, 6 per company: cards 0-4 the same for every company,
#: card 5 the company's own (designed). This departs from the rulebook's "3
#: identical special agents and 3 unique ones"; rules 2 follows it (below). The
#: abilities are the rulebook's five; which card has which, and every number, is
#: not published (default).
SHARED_SPECIALS: tuple[Agent, ...] = (
    _special(
        "Guard", AgentKind.FIGHTER, 2, (0, 0, 0), 2, 1, Ability.DEFENSE, (2, 0, 0, 0)
    ),
    _special(
        "Eminent miner",
        AgentKind.TRANSPORTER,
        2,
        (0, 0, 1),
        0,
        1,
        Ability.EMINENT_MINER,
        (0, 1, 0, 0),
    ),
    _special(
        "Thief", AgentKind.TRANSPORTER, 3, (0, 0, 1), 0, 2, Ability.THIEF, (0, 1, 0, 0)
    ),
    _special("Spy", AgentKind.FIGHTER, 3, (0, 0, 0), 1, 2, Ability.SPY, (0, 0, 0, 0)),
    _special(
        "Alchemist",
        AgentKind.TRANSPORTER,
        2,
        (0, 1, 0),
        0,
        3,
        Ability.ALCHEMIST,
        (0, 0, 0, 0),
    ),
)
#: each company's sixth special agent: one of the five abilities with bigger
#: numbers (the research's suggestion; designed)
COMPANY_SPECIALS: tuple[Agent, ...] = (
    _special(
        "Master thief",
        AgentKind.TRANSPORTER,
        3,
        (0, 0, 1),
        0,
        3,
        Ability.THIEF,
        (1, 0, 0, 0),
        DESIGNED,
    ),
    _special(
        "Prospector",
        AgentKind.TRANSPORTER,
        2,
        (0, 1, 0),
        0,
        3,
        Ability.EMINENT_MINER,
        (0, 0, 0, 1),
        DESIGNED,
    ),
    _special(
        "Bodyguard",
        AgentKind.FIGHTER,
        1,
        (0, 0, 0),
        3,
        3,
        Ability.DEFENSE,
        (3, 0, 0, 0),
        DESIGNED,
    ),
    _special(
        "Rich vein",
        AgentKind.TRANSPORTER,
        1,
        (0, 1, 1),
        0,
        3,
        Ability.EMINENT_MINER,
        (1, 0, 0, 0),
        DESIGNED,
    ),
)

#: Rules 2: "For each player, there are 3 identical special agents and 3 unique
#: ones." (rulebook, Advanced Game). Our reading: 3 cards that every company has
#: alike, and 3 that only this company has -- "identical" is said of the players'
#: cards against each other, as "unique" is (the research notes read it so too,
#: and every company's 18 regular agents are the same set). The rulebook names
#: five abilities, so a unique card is one of them on a card no other company
#: has: its own speed, icons, combat or numbers. Which abilities are shared and
#: which unique follows the research notes' proposal (shared: Guard, Eminent
#: miner, Thief; unique: a Spy, an Alchemist and a third card); the numbers are
#: ours. Each card id keeps rules 1's kind and stars (ids 18-20 are rules 1's
#: cards; 21 a 2-star fighter, 22 and 23 3-star cards), so the squad draft and
#: the public make-up of a hand are as under rules 1.
SHARED_SPECIALS_V2: tuple[Agent, ...] = SHARED_SPECIALS[:3]
#: each company's 3 unique special agents (card ids 21, 22, 23; designed)
UNIQUE_SPECIALS_V2: tuple[tuple[Agent, ...], ...] = (
    (  # Aion
        _special(
            "Aion spy",
            AgentKind.FIGHTER,
            3,
            (0, 0, 0),
            1,
            2,
            Ability.SPY,
            (0,) * 4,
            DESIGNED,
        ),
        _special(
            "Aion alchemist",
            AgentKind.TRANSPORTER,
            2,
            (0, 1, 0),
            0,
            3,
            Ability.ALCHEMIST,
            (0,) * 4,
            DESIGNED,
        ),
        COMPANY_SPECIALS[0],  # Master thief
    ),
    (  # Ruby & Co.
        _special(
            "Ruby spy",
            AgentKind.FIGHTER,
            2,
            (0, 0, 0),
            2,
            2,
            Ability.SPY,
            (0,) * 4,
            DESIGNED,
        ),
        _special(
            "Ruby alchemist",
            AgentKind.TRANSPORTER,
            3,
            (0, 0, 1),
            0,
            3,
            Ability.ALCHEMIST,
            (0,) * 4,
            DESIGNED,
        ),
        COMPANY_SPECIALS[1],  # Prospector
    ),
    (  # Gemcorp
        _special(
            "Gem spy",
            AgentKind.FIGHTER,
            4,
            (0, 0, 0),
            0,
            2,
            Ability.SPY,
            (0,) * 4,
            DESIGNED,
        ),
        _special(
            "Gem alchemist",
            AgentKind.TRANSPORTER,
            1,
            (1, 0, 0),
            0,
            3,
            Ability.ALCHEMIST,
            (0,) * 4,
            DESIGNED,
        ),
        COMPANY_SPECIALS[2],  # Bodyguard
    ),
    (  # Deepdelve
        _special(
            "Deep spy",
            AgentKind.FIGHTER,
            1,
            (0, 0, 0),
            3,
            2,
            Ability.SPY,
            (0,) * 4,
            DESIGNED,
        ),
        _special(
            "Deep alchemist",
            AgentKind.TRANSPORTER,
            2,
            (0, 0, 2),
            0,
            3,
            Ability.ALCHEMIST,
            (0,) * 4,
            DESIGNED,
        ),
        COMPANY_SPECIALS[3],  # Rich vein
    ),
)
NUM_SHARED_SPECIALS_V2: Final = 3
NUM_SPECIAL: Final = 6
NUM_CARDS: Final = NUM_REGULAR + NUM_SPECIAL
#: "Players choose 6 cards to discard in the following distribution: 2 agents
#: with 1 star, 2 with 2 stars and 2 with 3 stars." (advanced game)
SQUAD_DISCARDS_PER_STAR: Final = 2
SQUAD_SIZE: Final = NUM_CARDS - 3 * SQUAD_DISCARDS_PER_STAR

COMPANY_NAMES: Final = ("Aion", "Ruby & Co.", "Gemcorp", "Deepdelve")
"""The rulebook's example names two companies, Aion and Ruby & Co.; the other two
names are ours."""


def agent(card: int, company: int, rules_version: int = 1) -> Agent:
    """Card `card` (0-23) of company `company`: 0-8 transporters T1-T9, 9-17
    fighters F1-F9, then the 6 special agents. Rules 1: 18-22 shared, 23 the
    company's own; rules 2: 18-20 shared, 21-23 the company's own."""
    if card < NUM_REGULAR:
        return AGENTS[card]
    special = card - NUM_REGULAR
    if rules_version >= 2:
        if special < NUM_SHARED_SPECIALS_V2:
            return SHARED_SPECIALS_V2[special]
        return UNIQUE_SPECIALS_V2[company][special - NUM_SHARED_SPECIALS_V2]
    if card < NUM_CARDS - 1:
        return SHARED_SPECIALS[special]
    return COMPANY_SPECIALS[company]


def card_tables(rules_version: int = 1) -> tuple[tuple[Agent, ...], ...]:
    """For each company, its 24 agents by card id (what the rules read)."""
    return tuple(
        tuple(agent(card, company, rules_version) for card in range(NUM_CARDS))
        for company in range(4)
    )


#: rules 1's cards (and every card's kind and stars, the same under rules 2)
CARDS: Final = card_tables(1)
#: the agents by rules version, company and card id
CARDS_BY_VERSION: Final = {1: CARDS, 2: card_tables(2)}


def cards_of(rules_version: int) -> tuple[tuple[Agent, ...], ...]:
    """The agents of a rules version, by company and card id."""
    return CARDS_BY_VERSION[rules_version]


# --- Relic cards --------------------------------------------------------------


class RelicKind(IntEnum):
    """A relic card's kind: "weapon" and "transport" (rulebook)."""

    WEAPON = 0
    TRANSPORT = 1


@dataclass(frozen=True)
class Relic:
    """One of the six relic types (four copies each): a weapon adds `combat`, a
    transport adds loading `capacity` (red, blue, white slots)."""

    name: str
    kind: RelicKind
    combat: int
    capacity: tuple[int, int, int]
    provenance: str = DEFAULT


#: 24 relic cards of two kinds, "weapon" and "transport" (rulebook); the six
#: types and their numbers are not published (default).
RELICS: tuple[Relic, ...] = (
    Relic("Blaster +1", RelicKind.WEAPON, 1, (0, 0, 0)),
    Relic("Cannon +2", RelicKind.WEAPON, 2, (0, 0, 0)),
    Relic("Mortar +3", RelicKind.WEAPON, 3, (0, 0, 0)),
    Relic("Cart WW", RelicKind.TRANSPORT, 0, (0, 0, 2)),
    Relic("Barrow B", RelicKind.TRANSPORT, 0, (0, 1, 0)),
    Relic("Wagon R", RelicKind.TRANSPORT, 0, (1, 0, 0)),
)
NUM_RELIC_TYPES: Final = 6
RELIC_COPIES: Final = 4
NUM_RELICS: Final = NUM_RELIC_TYPES * RELIC_COPIES  # "24 relic cards"
RELIC_LETTERS: Final = ("+1", "+2", "+3", "WW", "B", "R")

#: Set scoring at home (not published; default). A set of identical relics of
#: size 1..4, and a set of all-different relics of size 2..6.
IDENTICAL_SET_VP: Final = (0, 1, 3, 7, 12)
DIFFERENT_SET_VP: Final = (0, 0, 2, 5, 9, 14, 20)
SET_TABLE_PROVENANCE: Final = DEFAULT

# --- The board ----------------------------------------------------------------

ROUNDS: Final = 5  # "The game is divided into 5 rounds."
LEVELS: Final = 5  # "The board shows the 5 levels of the mine."
CHAMBERS: Final = 4
#: The start spaces a player count uses: "In a 3-player game the figures are
#: placed on spaces I. to III., in a 2 player game they are placed on space I.
#: and space III." (index 0 is space I)
START_SPACES: Final = ((0, 2), (0, 1, 2), (0, 1, 2, 3))


def crystals_text(crystals: list[int] | tuple[int, ...]) -> str:
    """ "2R 1W" (or "nothing")."""
    parts = [f"{n}{c}" for n, c in zip(crystals, COLOUR_LETTERS, strict=False) if n]
    return " ".join(parts) if parts else "nothing"


@dataclass(frozen=True)
class Goods:
    """What a space gives: crystals (red, blue, white) and relic card symbols
    (each: draw 2 relics, keep 1)."""

    red: int = 0
    blue: int = 0
    white: int = 0
    relics: int = 0

    @property
    def crystals(self) -> tuple[int, int, int]:
        return (self.red, self.blue, self.white)

    def text(self) -> str:
        parts = [
            f"{n}{letter}"
            for n, letter in zip(self.crystals, COLOUR_LETTERS, strict=True)
            if n
        ]
        if self.relics:
            parts.append(f"{self.relics} relic" + ("s" if self.relics > 1 else ""))
        return " + ".join(parts) if parts else "nothing"


#: Goods of start spaces I-IV: printed on the board, not published (default);
#: "forward" spaces (I is the most advanced) give fewer goods.
START_GOODS: tuple[Goods, ...] = (
    Goods(white=2),
    Goods(blue=1, white=1),
    Goods(red=1, white=1),
    Goods(red=1, blue=1),
)
START_GOODS_PROVENANCE: Final = DEFAULT

#: Mine levels 1-5 x chambers 1-4: each chamber one or two options ("?" on the
#: board; the player chooses one). Chamber 1 is the most advanced on every level
#: (it wins ties) and gives fewer goods. Not published (default).
MINE: tuple[tuple[tuple[Goods, ...], ...], ...] = (
    (
        (Goods(blue=1, white=1),),
        (Goods(blue=2),),
        (Goods(red=1, blue=1),),
        (Goods(red=1, relics=1),),
    ),
    (
        (Goods(red=1, white=1),),
        (Goods(blue=1, relics=1),),
        (Goods(blue=2, white=2), Goods(red=1, blue=1)),
        (Goods(red=1, white=1, relics=1),),
    ),
    (
        (Goods(red=1, blue=1),),
        (Goods(white=2, relics=1),),
        (Goods(red=1, blue=2),),
        (Goods(red=1, blue=1, relics=1),),
    ),
    (
        (Goods(red=1, blue=1, white=1),),
        (Goods(red=1, relics=1),),
        (Goods(red=2, white=1), Goods(relics=2)),
        (Goods(blue=2, white=2, relics=1),),
    ),
    (
        (Goods(red=2),),
        (Goods(red=1, white=1, relics=1),),
        (Goods(red=2, blue=1),),
        (Goods(red=1, blue=1, relics=2),),
    ),
)
MINE_PROVENANCE: Final = DEFAULT
MAX_OPTIONS: Final = 2

# --- Missions (variant) -------------------------------------------------------

MISSION_NAMES: Final = ("most red", "most blue", "most white", "most relics")
"""The 4 mission cards: "possess the most crystals of one type or the most relic
cards (types don't count) behind your screen". Which card says which is not
printed; one per category is our reading."""
MISSION_VP: Final = 10  # "receives 10 victory points"

# --- Speed Krysis (the official 2-player variant) --------------------------------

SPEED_ROUNDS: Final = 3
#: "each player puts 2 red + 3 blue in the campsite" (red, blue, white)
SPEED_START_CAMP: Final = (2, 3, 0)
