"""Component tables of Hewns ("Raw Substract"), each value tagged with where it comes from.

Provenance tags:

* ``rulebook`` -- printed in the rulebook, or forced by one of its worked examples;
  the sentence is kept next to the value;
* ``designed`` -- the draft rulebook has no card lists, setup booklet or scenario
  booklet, so every other value is designed by this project, each with a one-line
  reason.

Cards carry a ``stage`` (1-4): the build stage that adds them. Users pick cards by
`CardSet` ("core", "terrain", "nanas", "complete"), which keeps every card of its
stage and of the earlier ones. The tables are calibration targets: only
``designed`` values may be changed, and each change is recorded here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import IntEnum
from typing import Any, Final

RULEBOOK: Final = "rulebook"
DESIGNED: Final = "designed"
PROVENANCES: Final = (RULEBOOK, DESIGNED)

PLAYER_COUNTS: Final = (2, 3, 4)


@dataclass(frozen=True)
class Fact:
    """One scalar value with its provenance and its source (the rulebook's sentence
    or the design's reason), so that no number is untraceable."""

    value: int
    provenance: str
    source: str


@dataclass(frozen=True)
class CountFact:
    """A value that depends on the player count: `by_count` is for 2, 3, 4 players."""

    by_count: tuple[int, int, int]
    provenance: str
    source: str

    def at(self, num_players: int) -> int:
        """The value for `num_players` (2-4)."""
        return self.by_count[PLAYER_COUNTS.index(num_players)]


# --- Dice -----------------------------------------------------------------------


class DieKind(IntEnum):
    """The ten dice of the game."""

    MINING = 0
    DANGER = 1
    LASER = 2
    AREA = 3
    CLOSE_COMBAT = 4
    ARMOUR = 5
    SPEED = 6
    HURT = 7
    NANA = 8
    D10 = 9


NUM_DIE_KINDS: Final = 10


class Symbol(IntEnum):
    """What a face shows besides its number; NUMBER for a plain number face."""

    NUMBER = 0
    GEM = 1  # mining "2/gem" ("Gem/ 2" in the rulebook)
    ESCAPE = 2  # speed defence
    NANADEAD = 3  # Nanadice
    LAVA = 4  # danger faces ...
    SNEDJ = 5
    PLANET_ATTACK = 6
    DEPLETE = 7
    NEW_MINE = 8
    RESPITE = 9
    BLANK = 10
    DEAD = 11  # hurt faces ...
    SICKET_HIT = 12
    DAMAGED = 13
    STUNNED = 14
    DAMAGED_STUNNED = 15


@dataclass(frozen=True, order=True)
class Face:
    """One die face: `value` is what it adds to a sum ("2/gem" counts 2, a lone
    escape counts 1, Nanadead and the symbol faces count 0)."""

    value: int
    symbol: Symbol = Symbol.NUMBER


def _n(*values: int) -> tuple[Face, ...]:
    return tuple(Face(v) for v in values)


def _s(*symbols: Symbol) -> tuple[Face, ...]:
    return tuple(Face(0, s) for s in symbols)


@dataclass(frozen=True)
class Die:
    """A die: its faces (each equally likely) and the values the rulebook shows on
    it (`seen`, which every face list must cover)."""

    kind: DieKind
    name: str
    faces: tuple[Face, ...]
    seen: tuple[Face, ...]
    provenance: str
    source: str


DICE: Final = (
    Die(
        DieKind.MINING,
        "mining",
        (*_n(0, 1, 1, 2), Face(2, Symbol.GEM), *_n(3)),
        (*_n(0, 1, 2, 3), Face(2, Symbol.GEM)),
        DESIGNED,
        "mean 1.5; the gem face shows once in a typical 2-4-die roll",
    ),
    Die(
        DieKind.DANGER,
        "danger",
        _s(
            Symbol.LAVA,
            Symbol.SNEDJ,
            Symbol.PLANET_ATTACK,
            Symbol.DEPLETE,
            Symbol.DEPLETE,
            Symbol.NEW_MINE,
            Symbol.NEW_MINE,
            Symbol.RESPITE,
            Symbol.BLANK,
            Symbol.BLANK,
        ),
        _s(
            Symbol.LAVA,
            Symbol.SNEDJ,
            Symbol.PLANET_ATTACK,
            Symbol.DEPLETE,
            Symbol.NEW_MINE,
            Symbol.RESPITE,
            Symbol.BLANK,
        ),
        DESIGNED,
        "7 kinds need >= 7 faces; a d10 gives 0.3 token, 0.2 deplete, 0.2 new mine "
        "per die, so the 15-depletion trigger is in reach at 4 players while mines "
        "stay on the board",
    ),
    Die(
        DieKind.LASER,
        "laser (yellow)",
        _n(0, 0, 1, 2, 3, 4),
        _n(0, 1, 2, 3, 4),
        DESIGNED,
        'rulebook "much higher average values but have the highest chance of '
        'missing": mean 1.67, miss 1/3',
    ),
    Die(
        DieKind.AREA,
        "area (red)",
        _n(0, 1, 1, 1, 2, 3),
        _n(0, 1, 2, 3),
        DESIGNED,
        'rulebook "lower average values but the least chance of missing": mean 1.33, '
        "miss 1/6",
    ),
    Die(
        DieKind.CLOSE_COMBAT,
        "close combat (pink)",
        _n(0, 0, 0, 1, 1, 1),
        _n(0, 1),
        DESIGNED,
        "the rulebook only shows 0 and 1; mean 0.5, so an 8-die Snedj averages 4",
    ),
    Die(
        DieKind.ARMOUR,
        "armour (grey)",
        _n(0, 0, 1, 1, 1, 2),
        _n(0, 1, 2),
        DESIGNED,
        "covers the shown 0, 1, 2 with mean 0.83",
    ),
    Die(
        DieKind.SPEED,
        "speed defence",
        (*_n(0, 0, 1, 1, 2), Face(1, Symbol.ESCAPE)),
        (*_n(0, 1, 2), Face(1, Symbol.ESCAPE)),
        DESIGNED,
        "one escape counts 1; two or more in 5 dice is about 20 %, a real but rare "
        "bail-out",
    ),
    Die(
        DieKind.HURT,
        "hurt",
        _s(
            Symbol.DEAD,
            Symbol.SICKET_HIT,
            Symbol.DAMAGED,
            Symbol.DAMAGED,
            Symbol.STUNNED,
            Symbol.DAMAGED_STUNNED,
        ),
        _s(
            Symbol.DEAD,
            Symbol.SICKET_HIT,
            Symbol.DAMAGED,
            Symbol.STUNNED,
            Symbol.DAMAGED_STUNNED,
        ),
        DESIGNED,
        "the sixth face doubles the commonest wound (damaged); a Hewn with no Sicket "
        "technology dies on 1/3",
    ),
    Die(
        DieKind.NANA,
        "Nanadice",
        (*_n(0, 1, 2, 3, 4, 5, 6, 7, 8), Face(0, Symbol.NANADEAD)),
        (*_n(0, 1, 2, 3, 4, 5, 7, 8), Face(0, Symbol.NANADEAD)),
        DESIGNED,
        "a d10 with the 9 replaced by Nanadead: a bit weaker than a Fixito d10, and "
        "risky",
    ),
    Die(
        DieKind.D10,
        "d10",
        _n(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
        _n(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
        RULEBOOK,
        'a normal d10: "the Hewn must roll 1 normal d10 dice"; "0" The Hewn is '
        'swept away and dies."',
    ),
)


def die(kind: DieKind) -> Die:
    """The die of `kind`."""
    return DICE[kind]


def die_outcomes(kind: DieKind) -> tuple[tuple[Face, float], ...]:
    """The distinct faces of a die with their probabilities, in face order: the
    outcomes of an explicit chance node."""
    faces = DICE[kind].faces
    counts: dict[Face, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    total = len(faces)
    return tuple((face, counts[face] / total) for face in sorted(counts))


# --- Hewn cards -----------------------------------------------------------------


class Size(IntEnum):
    """A Hewn's (and a space's, an entrance's, a tunnel's) size:
    "A Cataclysm (Big) not being able to go into a medium or small space"."""

    # From 1, so that 0 can mean "none" (a space without an entrance) and
    # "admits" is ``space size >= Hewn size``.
    S = 1
    M = 2
    B = 3


SIZE_NAMES: Final = ("none", "small", "medium", "big")


class CardKind(IntEnum):
    """The kinds of card on offer at an auction: "1 big Hewn card, 2 medium Hewn
    cards, 4 small Hewn cards, 4 technology & scouting cards, and the turn order
    cards"."""

    HEWN = 0
    TECHNOLOGY = 1
    SCOUTING = 2
    TURN_ORDER = 3


class Ability(IntEnum):
    """A Hewn's special ability (besides mining, weapons and storage)."""

    ARTILLERY = 0
    DIG = 1
    REPAIR = 2
    DODGE = 3
    CALM_PLANET = 4
    CLIMB = 5
    FLY = 6
    EXPLODE = 7
    SWARM = 8


@dataclass(frozen=True)
class HewnType:
    """One Hewn type. `store` lists its storage places (one entry unless it stores
    in several); `secret` is how much of that is secret. `close_combat` of a swarm
    is its full member count (a swarm rolls one die per member left). The
    provenance of each field: `rulebook_fields` are forced by the rulebook
    (`evidence` quotes it), every other field is designed (`HEWN_FIELD_REASONS`)."""

    name: str
    size: Size
    cards: int
    cost: int
    mine: int
    ap: int
    armour: int
    rerolls: int
    store: tuple[int, ...]
    secret: int
    weapon: bool
    close_combat: int
    nanasockets: int
    sicket_sockets: int
    heart: bool
    abilities: tuple[Ability, ...]
    repair: int  # d10s rolled to repair; 0 without the Repair ability
    members: int  # swarm members at full strength; 0 for a normal Hewn
    stage: int
    rulebook_fields: tuple[str, ...]
    evidence: str

    @property
    def store_total(self) -> int:
        return sum(self.store)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a call of the class (a compiled frozen dataclass cannot be
        filled field by field). A state rebuilds its config's cards on loading
        (`state.State.__reduce__`), so only a rigged card is pickled this way."""
        return (HewnType, tuple(getattr(self, f.name) for f in fields(self)))


#: Every HewnType field that holds a component value (the rest are bookkeeping).
HEWN_VALUE_FIELDS: Final = (
    "size",
    "cards",
    "cost",
    "mine",
    "ap",
    "armour",
    "rerolls",
    "store",
    "secret",
    "weapon",
    "close_combat",
    "nanasockets",
    "sicket_sockets",
    "heart",
    "abilities",
    "repair",
    "members",
    "stage",
)

#: Why each designed Hewn value is what it is.
HEWN_FIELD_REASONS: Final = {
    "size": "Big are the types the text calls massive or lists as big; Gombat and "
    "Smeggler are Big so the Big deck has enough cards for one per offer",
    "cards": "3 Minor Miners and 2 of each staple type (the LOS picture shows two "
    "Dreampoggs, so copies exist); one of each strong or unique type",
    "cost": "minimum bids scale with power: Big 9-12, Medium 5-8, Small 2-5, so one "
    "offer (about 49) is contested against a 4-player income of 88",
    "mine": "11 of the 22 types mine, so every offer has miners",
    "ap": "4 is the norm; fast scouts 5-6, the heavy Major Miner 3",
    "armour": "armour grows with size: Small 0-1, Medium 1-2, Big 2-3",
    "rerolls": "re-rolls are rare: 0 for most, 1 for the elite, 2 where printed",
    "store": "storage grows with size; Small 1-3, Medium 3-6, Big 8-12",
    "secret": "secret storage goes to the carriers (miners and Big Hewns)",
    "weapon": "about half the types carry a weapon, so that ranged encounters are "
    "common but weapon technologies still matter",
    "close_combat": "close combat grows with size: Small 1-3, Medium 1-4, Big 4-6",
    "nanasockets": "one Nanasocket is the norm so that Nananbites fit most Hewns",
    "sicket_sockets": "Medium and Big Hewns get Sicket sockets for the bulky "
    "devices; Small ones mostly none, so a Sicket hit is worth something",
    "heart": "most miners carry a heart slot, since only a miner with a heart card "
    "can take a gem",
    "abilities": "abilities the rulebook does not place are given once each (calm "
    "planet to the Clampeyt, explode to the Drump); Clogg digs and Chumbee climbs "
    "so each movement ability has a Small and a Medium user",
    "repair": "the Clampeyt repairs 1 so stage 1 has a second repairer and brain "
    "repair is not a one-card rule",
    "members": "the Veyark counts as a member (9 with its 8 Arkz); the Blazooog "
    "with its 6 Inclincs is read as a second swarm of 7",
    "stage": "the build stage that needs the card's mechanics",
}


def hewn_provenance(hewn: HewnType, field: str) -> str:
    """Where `hewn`'s value of `field` comes from."""
    if field not in HEWN_VALUE_FIELDS:
        raise ValueError(f"not a Hewn value field: {field}")
    return RULEBOOK if field in hewn.rulebook_fields else DESIGNED


_A = Ability
HEWN_TYPES: Final = (
    HewnType("Hover Cataclysm", Size.B, 1, 9, 2, 4, 3, 1, (4, 4, 4), 4, True, 4,
             1, 2, True, (), 0, 0, 1, ("size", "weapon"),
             '"A Cataclysm (Big)"; "some can store it in more than one place (such '
             'as the Hover Cataclysm)"; "wishes to do a ranged attack"'),
    HewnType("Igil", Size.B, 2, 9, 0, 4, 3, 2, (10,), 8, True, 6, 2, 1, True,
             (_A.ARTILLERY,), 0, 0, 2,
             ("ap", "armour", "rerolls", "weapon", "close_combat", "abilities"),
             '4 speed and 3 armour dice (+1 screen) in ranged example 2; "Because the '
             'Igil has 2 re-rolls"; "generates 6 dice"; "The Igil has 8 Substract"; '
             "the artillery example"),
    HewnType("Gombat", Size.B, 1, 8, 1, 4, 2, 1, (8,), 2, True, 5, 1, 1, True, (),
             0, 0, 1,
             ("store", "weapon", "nanasockets", "sicket_sockets", "heart"),
             '"the Gombat (which has weapons listed on its card) has 8 Substract"; '
             '"a Gombat (blue control rod) with a heart card, and 5 Nananbites" (1 '
             "Nanasocket + a Mamabite's 4)"),
    HewnType("Smeggler", Size.B, 1, 7, 0, 5, 2, 1, (8,), 4, True, 5, 1, 1, False,
             (), 0, 0, 1, ("weapon",),
             '"a dangerous Smeggler, who is hoping to react"'),
    HewnType("Midocondrian Scraveler", Size.M, 2, 10, 2, 6, 1, 1, (4,), 0, True, 4,
             2, 1, True, (_A.DIG,), 0, 0, 2,
             ("size", "mine", "ap", "armour", "rerolls", "weapon", "close_combat",
              "nanasockets", "abilities"),
             '"A Midocondrian (medium)"; "(who normally rolls 2 mining dice)"; 6 speed '
             'and 1 armour dice vs the Snedj; "1 re-roll ability"; "standard 4 close '
             'combat dice"; a Gozzbag and a Nananbite; "uses the Mudgestick to check '
             'if a tunnel can be dug"'),
    HewnType("Chailbine Zach", Size.M, 2, 7, 0, 6, 1, 0, (5,), 0, True, 2, 1, 1,
             False, (), 0, 0, 1, ("ap", "armour", "rerolls", "weapon"),
             '"He also gets to roll 6 speed defence dice"; "1 for the screen, and 1 '
             'per his card"; "the Chailbine has no re-roll ability"'),
    HewnType("Spricelos", Size.M, 1, 7, 0, 5, 1, 0, (0,), 0, False, 4, 0, 1, False,
             (_A.REPAIR,), 2, 0, 1,
             ("ap", "armour", "store", "secret", "weapon", "abilities", "repair"),
             '"The Spricelos automatically gets 5 speed defence dice and 1 armour '
             'dice (as per his card)"; "does not have a weapon nor ... any space for '
             'Substract"; "2d10"'),
    HewnType("Fogbear", Size.M, 2, 7, 2, 4, 2, 0, (6,), 2, False, 3, 1, 1, True, (),
             0, 0, 1, (), '"has 4 dirty Substract and 1 normal" (fits its store)'),
    HewnType("Major Miner", Size.M, 2, 7, 3, 2, 2, 1, (6,), 3, False, 1, 1, 1, True,
             (), 0, 0, 1, ("mine", "nanasockets", "sicket_sockets"),
             '"A major Miner currently rolls 3 dice when mining"; a mining claw; '
             '"1 Nanabite and a Fixito"'),
    HewnType("Dreampogg", Size.M, 2, 6, 1, 4, 2, 0, (3,), 0, False, 2, 2, 1, False,
             (_A.DIG,), 0, 0, 2,
             ("mine", "weapon", "nanasockets", "sicket_sockets", "abilities"),
             '"a Dreampogg is mining"; "wants to attack a Clampeyt with his Sicket '
             'Sunger"; "2 Nananbites ... and a Fixito"; "he places tunnel 9"'),
    HewnType("Four-way Gotler", Size.M, 1, 6, 0, 4, 2, 0, (4,), 0, True, 3, 1, 1,
             False, (_A.DODGE,), 0, 0, 1, ("abilities",), "the dodge examples"),
    HewnType("Clampeyt", Size.M, 1, 5, 1, 4, 2, 0, (4,), 2, False, 2, 1, 1, True,
             (_A.CALM_PLANET, _A.REPAIR), 1, 0, 1, (),
             '"loading ... a Clampeyt" (it stores)'),
    HewnType("Veyark & 8 Arkz", Size.M, 1, 8, 0, 4, 1, 0, (4,), 0, True, 9, 5, 3,
             True, (_A.SWARM,), 0, 9, 4,
             ("ap", "nanasockets", "sicket_sockets", "abilities"),
             '"The Veyark & 8 Arkz swarm have 5 smaller Arkz each with a Nanasocket '
             'and 3 bigger Arkz each equipped with a Sicket Socket"; "it only has 4 '
             'action points"; "3 Substract tokens"'),
    HewnType("Minor Miner", Size.S, 3, 3, 2, 4, 1, 0, (3,), 3, False, 1, 3, 0, True,
             (), 0, 0, 1, ("ap", "store", "secret", "weapon", "nanasockets"),
             '"A Minor miner has 4 action points"; "two Nanabites; a Gunana weapon '
             'and 3 hidden dirty Substract"'),
    HewnType("Bliog", Size.S, 2, 4, 0, 4, 1, 0, (2,), 0, False, 1, 1, 0, False,
             (_A.REPAIR, _A.CLIMB), 1, 0, 2, ("abilities", "repair"),
             '"A Bliog rolls 1d10 for any repair"; "The Bliog has 3 action points '
             'left and wants to climb"'),
    HewnType("Flappchap", Size.S, 2, 4, 0, 4, 1, 2, (3,), 0, True, 2, 2, 0, False,
             (), 0, 0, 1, ("rerolls", "weapon", "close_combat", "nanasockets"),
             '"the Flappchap can re-roll 2 weapon and/or close combat dice"; a laser '
             'die; "2 Nananbites and 2 Substract"'),
    HewnType("Sveanivo", Size.S, 2, 5, 0, 4, 1, 1, (2,), 0, True, 1, 2, 0, False,
             (_A.FLY,), 0, 0, 2, ("weapon", "nanasockets", "abilities"),
             '"successfully flies"; a laser die; "an implosion bomb, 1 Substract and '
             'a Nananbite"'),
    HewnType("Skrunke", Size.S, 2, 2, 1, 5, 0, 1, (3,), 0, False, 1, 1, 0, True, (),
             0, 0, 1, (), "enters and leaves by an entrance (pictures)"),
    HewnType("Clogg", Size.S, 2, 3, 1, 4, 1, 1, (3,), 0, False, 2, 0, 1, True,
             (_A.DIG,), 0, 0, 2, (), '"This Clogg has 4 adjacent spaces"'),
    HewnType("Chumbee", Size.S, 2, 3, 1, 5, 1, 0, (2,), 0, False, 1, 1, 0, True,
             (_A.CLIMB,), 0, 0, 2, (),
             '"Chumbee moving through a magnetic tunnel"'),
    HewnType("Drump", Size.S, 1, 2, 0, 4, 1, 0, (1,), 0, False, 3, 0, 0, False,
             (_A.EXPLODE,), 0, 0, 1, (), "a damaged Drump in the Bliog example"),
    HewnType("Blazooog & 6 Inclincs", Size.S, 1, 5, 0, 5, 0, 0, (2,), 0, False, 7,
             2, 0, True, (_A.SWARM,), 0, 7, 4, (),
             '"a Blazooog (with Inclincs)"; "Inclincs moving into a normal tunnel"'),
)  # fmt: skip


NUM_HEWN_TYPES: Final = 22
NUM_HEWN_CARDS: Final = 36


# --- Technology and scouting cards -------------------------------------------------


class Socket(IntEnum):
    """Where a technology is fitted."""

    NONE = 0  # scouting: not fitted
    NANA = 1  # a Nanasocket or a Mamabite slot (Nananbites: also a Bidox)
    SICKET = 2
    HEART = 3


class TechKind(IntEnum):
    """The 13 technology and scouting kinds."""

    GUNANA = 0
    SICKET_SUNGER = 1
    FUTANAZ = 2
    MINING_CLAW = 3
    MAJOR_GOZZBAG = 4
    SLOCIC_SHIELD = 5
    SUDERER = 6
    SECRET_ENTRANCE = 7
    IMPLOSION_BOMB = 8
    NANANBITES = 9
    MAMABITE = 10
    FIXITO = 11
    HEART_STONES = 12


@dataclass(frozen=True)
class Tech:
    """One technology or scouting kind. `quantity` is what the auction winner gets
    ("The person winning this auction gets this quantity"); the effect numbers
    (`weapon_bonus` ... `bidox_bonus`) are 0 where they do not apply."""

    kind: TechKind
    name: str
    card_kind: CardKind
    cards: int
    quantity: int
    cost: int
    socket: Socket
    stage: int
    effect: str
    weapon_bonus: int = 0  # added to a ranged attack whose weapon dice total > 0
    mining_dice: int = 0
    danger_dice: int = 0
    armour_dice: int = 0
    cc_dice: int = 0  # implosion bomb: close-combat dice added to the attack
    overflow_cc: int = 0  # implosion bomb: the attack on an adjacent space
    slots: int = 0  # Mamabite: Nanasocket technologies it holds
    bundled_nananbites: int = 0
    repair_d10: int = 0
    bidox_bonus: int = 0
    rulebook_fields: tuple[str, ...] = ()
    evidence: str = ""


TECH_VALUE_FIELDS: Final = (
    "card_kind",
    "cards",
    "quantity",
    "cost",
    "socket",
    "stage",
    "weapon_bonus",
    "mining_dice",
    "danger_dice",
    "armour_dice",
    "cc_dice",
    "overflow_cc",
    "slots",
    "bundled_nananbites",
    "repair_d10",
    "bidox_bonus",
)

TECH_FIELD_REASONS: Final = {
    "card_kind": "the secret entrance is the scouting knowledge of the deck; every "
    "other kind is a technology",
    "cards": "25 cards: 4 per offer over the set-up and auction draws, with choice "
    "left in round 3",
    "quantity": "more than 1 only for the cheap consumables (Gunana, Nananbites, "
    "heart stones)",
    "cost": "minimum bids 2-5, below a Medium Hewn, rising with the effect",
    "socket": "small devices take Nanasockets, bulky ones Sicket sockets, so a "
    "Sicket hit on the hurt die is worth something",
    "stage": "the build stage that needs the card's mechanics",
    "weapon_bonus": "the rulebook's +1/+2 weapons",
    "mining_dice": "one extra die, like the claw",
    "danger_dice": "one extra danger die, like aggressive mining",
    "armour_dice": "one extra die",
    "cc_dice": "as printed",
    "overflow_cc": "as printed",
    "slots": "the Mamabite's 4 slots match the 4 Nananbites it is sold with and the "
    "Gombat's 5 Nananbites",
    "bundled_nananbites": "as printed",
    "repair_d10": "one d10, as printed",
    "bidox_bonus": "as printed",
}


def tech_provenance(tech: Tech, field: str) -> str:
    """Where `tech`'s value of `field` comes from."""
    if field not in TECH_VALUE_FIELDS:
        raise ValueError(f"not a technology value field: {field}")
    return RULEBOOK if field in tech.rulebook_fields else DESIGNED


_T = TechKind
_K = CardKind
TECHS: Final = (
    Tech(_T.GUNANA, "Gunana", _K.TECHNOLOGY, 2, 2, 2, Socket.NANA, 1,
         "weapon ability if absent; +1 to the attacker's total when its laser+area "
         "dice total > 0 (not artillery)", weapon_bonus=1,
         rulebook_fields=("socket", "weapon_bonus"),
         evidence='"a Gunana attached to its Nanasocket"; "+2 (for his two +1 '
         'weapons)"'),
    Tech(_T.SICKET_SUNGER, "Sicket Sunger", _K.TECHNOLOGY, 2, 1, 3, Socket.SICKET, 1,
         "as Gunana, +1", weapon_bonus=1,
         rulebook_fields=("socket", "weapon_bonus"),
         evidence='"a Sicket Sunger attached to its Sicket Socket"'),
    Tech(_T.FUTANAZ, "Futanaz", _K.TECHNOLOGY, 1, 1, 5, Socket.SICKET, 1,
         "as Gunana, +2", weapon_bonus=2, rulebook_fields=("weapon_bonus",),
         evidence='"+1/+2/etc weapons (Gunanas; Sicket Sunger; Futanaz)": the +2 is '
         "the one left over"),
    Tech(_T.MINING_CLAW, "Mining claw", _K.TECHNOLOGY, 3, 1, 3, Socket.SICKET, 1,
         "+1 mining die; a non-miner becomes a 1-die miner (danger die, aggressive "
         "allowed)", mining_dice=1, rulebook_fields=("socket", "mining_dice"),
         evidence='"+ 1 for the mining claw"; "inserted via a Sicket Socket"'),
    Tech(_T.MAJOR_GOZZBAG, "Major Gozzbag", _K.TECHNOLOGY, 2, 1, 3, Socket.NANA, 1,
         "when a miner starts a mining action it may choose +1 mining die and +1 "
         "danger die", mining_dice=1, danger_dice=1, rulebook_fields=("socket",),
         evidence='"In order to use certain technologies like Major Gozzbag and '
         'special creatures called Nananbites" (Nanasockets paragraph)'),
    Tech(_T.SLOCIC_SHIELD, "Slocic Shield", _K.TECHNOLOGY, 2, 1, 3, Socket.SICKET, 1,
         "+1 armour die against every attack (encounters, danger tokens, implosion "
         "overflow)", armour_dice=1, rulebook_fields=("armour_dice",),
         evidence='"it gets to roll an extra armour dice if attacked - irrespective '
         'of whether it is a ranged or same-space attack"'),
    Tech(_T.SUDERER, "Suderer", _K.TECHNOLOGY, 2, 1, 2, Socket.NANA, 2,
         'action "extract dirty Substract": 1 AP, once per Hewn turn, 1 mining die '
         '-> that much dirty ("2/gem" = 2); no danger die', mining_dice=1,
         rulebook_fields=("mining_dice",),
         evidence='"Roll 1 mining dice to determine how much dirty Substract is '
         'collected"'),
    Tech(_T.SECRET_ENTRANCE, "Secret entrance", _K.SCOUTING, 2, 1, 3, Socket.NONE, 2,
         "during its owner's turn, 0 AP: place a stock entrance of size S/M/B on a "
         "node of that size without one, with the owner's rod; only the owner's "
         "Hewns use it", rulebook_fields=("card_kind",),
         evidence='"A player who buys this scouting knowledge (found in the '
         'technology deck)"'),
    Tech(_T.IMPLOSION_BOMB, "Implosion bomb", _K.TECHNOLOGY, 2, 1, 4, Socket.NANA, 3,
         "one use, ranged attacks only, no Substract: +6 close-combat dice (not "
         "weapon dice); then a 4-die close-combat attack on a space adjacent to the "
         "target's", cc_dice=6, overflow_cc=4,
         rulebook_fields=("cc_dice", "overflow_cc"),
         evidence='"will give the attacker 6 close combat dice in the attack"; "that '
         'space is attacked by a 4 close combat dice attack"'),
    Tech(_T.NANANBITES, "Nananbites", _K.TECHNOLOGY, 2, 3, 3, Socket.NANA, 3,
         "Nanadice for repair, defence against repair and damage recovery; +1 to a "
         "Bidox's bid; never moved once attached", bidox_bonus=1,
         rulebook_fields=("bidox_bonus",),
         evidence='"For each Nananbite attached to a Bidox, that nanabite adds +1 to '
         'the total Substract packed into the Bidox"'),
    Tech(_T.MAMABITE, "Mamabite", _K.TECHNOLOGY, 1, 1, 5, Socket.SICKET, 3,
         "holds up to 4 Nanasocket technologies (Nananbites included)", slots=4,
         bundled_nananbites=4, rulebook_fields=("bundled_nananbites",),
         evidence='"Each Mamabite is sold with 4 Nanabites"'),
    Tech(_T.FIXITO, "Fixito", _K.TECHNOLOGY, 2, 1, 3, Socket.SICKET, 3,
         "+1 d10 when its Hewn repairs; +1 d10 in damage recovery", repair_d10=1,
         rulebook_fields=("repair_d10",),
         evidence='"rolls 1d10 for the Fixito"'),
    Tech(_T.HEART_STONES, "Heart stones", _K.TECHNOLOGY, 2, 2, 3, Socket.HEART, 3,
         "turn the Hewn's empty heart card into a complete one, in the buyer's "
         "colour", rulebook_fields=(),
         evidence='"That stone heart would be the colour of the player who bought '
         'the heart stones"'),
)  # fmt: skip


NUM_TECH_KINDS: Final = 13
NUM_TECH_CARDS: Final = 25


# --- Card sets -------------------------------------------------------------------


class CardSet(IntEnum):
    """Which cards are in the decks, named for users; each set keeps the cards of
    the smaller ones. The value is the highest card `stage` it includes."""

    CORE = 1  # Raw Substract core: 13 Hewn types, 6 technologies
    TERRAIN = 2  # + diggers, fliers, climbers, artillery, Suderer, secret entrances
    NANAS = 3  # + Nananbites, Mamabite, Fixito, heart stones, implosion bomb
    COMPLETE = 4  # + the two swarms


CARD_SET_NAMES: Final = ("core", "terrain", "nanas", "complete")

CARD_SET_DESCRIPTIONS: Final = (
    "the Raw Substract core: 13 Hewn types, 6 technologies",
    "core + terrain and artillery: diggers, fliers, climbers, the Igil's "
    "artillery, the Suderer and secret entrances (20 Hewn types, 8 technologies)",
    "terrain + Nananbites and hearts: Nananbites, the Mamabite, the Fixito, "
    "heart stones and the implosion bomb (20 Hewn types, 13 technologies)",
    "nanas + the two swarms: every card (22 Hewn types, 13 technologies)",
)
"""What each card set adds, for players choosing one (same order as the names)."""


def card_set(name: str) -> CardSet:
    """The card set called `name` ("core", "terrain", "nanas" or "complete")."""
    if name not in CARD_SET_NAMES:
        raise ValueError(f"unknown card set {name!r}; one of {CARD_SET_NAMES}")
    return CardSet(CARD_SET_NAMES.index(name) + 1)


def hewn_types(cards: CardSet) -> tuple[HewnType, ...]:
    """The Hewn types in `cards`, in roster order."""
    return tuple(h for h in HEWN_TYPES if h.stage <= cards)


def hewn_deck(cards: CardSet, size: Size | None = None) -> tuple[HewnType, ...]:
    """The Hewn cards of `cards` (one entry per card, copies repeated), optionally
    only those of one size (each size is its own deck at the auction)."""
    return tuple(
        h
        for h in hewn_types(cards)
        if size is None or h.size == size
        for _ in range(h.cards)
    )


def tech_kinds(cards: CardSet) -> tuple[Tech, ...]:
    """The technology and scouting kinds in `cards`, in table order."""
    return tuple(t for t in TECHS if t.stage <= cards)


def tech_deck(cards: CardSet) -> tuple[Tech, ...]:
    """The technology and scouting cards of `cards`, one entry per card."""
    return tuple(t for t in tech_kinds(cards) for _ in range(t.cards))


# --- The Raw Substract scenario card -------------------------------------------------

ROUNDS: Final = Fact(3, RULEBOOK, '"The turn counter reaches the end of round 3"')
#: dirty income per player in rounds 1, 2, 3; indexed [player count][round]
INCOME: Final = (
    ((26, 22, 18), (24, 20, 16), (22, 19, 16)),
    DESIGNED,
    '"players will get less and less dirty Substract each round"; 19 is the 4-player '
    'round-2 value ("19 in this example"); fewer bidders get a little more so a '
    "2-player offer is still mostly bought",
)
INCOME_4P_ROUND_2: Final = Fact(19, RULEBOOK, '"(19 in this example.)"')
INCOME_PER_HEALTHY_HEWN: Final = Fact(
    1,
    RULEBOOK,
    '"Players also get 1 dirty Substract for each healthy Hewn they have on the board"',
)
START_SUBSTRACT: Final = Fact(
    0,
    DESIGNED,
    'everything is bought ("When a Hewn is bought, it is regarded as healthy")',
)
START_HEWNS: Final = Fact(0, DESIGNED, "every Hewn is bought at an auction")
BIDOXES: Final = CountFact(
    (8, 6, 4),
    DESIGNED,
    "2 and 3 players designed so that 12-16 Bidoxes meet the 12 lots",
)
BIDOXES_4P: Final = Fact(
    4,
    RULEBOOK,
    '"in the Raw Substract scenario with a 4-player game, each player will get 4 '
    'Bidoxes"',
)
BIDOX_CAPACITY: Final = Fact(
    30,
    DESIGNED,
    "a physical box; keeps the amount block small; stack two Bidoxes on a lot for more",
)
NANANBITES_PER_BIDOX: Final = Fact(
    2,
    RULEBOOK,
    '"may allocate up to two (2) individual Nananbites to each individual Bidox" '
    '(over "a single space in its cap"; config may set 1)',
)
OFFER_BIG: Final = Fact(1, RULEBOOK, '"players should draw 1 big Hewn card"')
OFFER_MEDIUM: Final = Fact(2, RULEBOOK, '"2 medium Hewn cards"')
OFFER_SMALL: Final = Fact(4, RULEBOOK, '"4 small Hewn cards"')
OFFER_TECH: Final = Fact(4, RULEBOOK, '"4 technology & scouting cards"')
FINAL_ROUND_MIN_PRICE: Final = Fact(
    1,
    RULEBOOK,
    '"In the final round of many scenarios, such as Raw Substract, all Hewns and '
    'technologies will have a minimum price of 1."',
)
TURN_ORDER_MIN_BID: Final = Fact(
    1,
    DESIGNED,
    '"This stack can also be bid on like the other cards" but it has no printed cost',
)
NORMAL_PILE: Final = CountFact(
    (28, 29, 30),
    DESIGNED,
    "about 1.3x the mining output expected over 3 rounds: hoarding can empty it in "
    "round 3 (a live end trigger)",
)
DIRTY_SUPPLY_UNLIMITED: Final = (True, DESIGNED, "the rulebook never bounds it")
DEPLETION_THRESHOLD: Final = Fact(
    15,
    RULEBOOK,
    '"The depleted mines counter reaches 15 on the depleted mines track"',
)


class MineKind(IntEnum):
    """A mine's richness: "normal -> +1 -> +2 -> +3"; a +n mine adds n mining dice."""

    NORMAL = 0
    PLUS1 = 1
    PLUS2 = 2
    PLUS3 = 3


#: mines on the board at the start: (normal, +1, +2) per player count
START_MINES: Final = (
    ((4, 1, 1), (5, 2, 1), (6, 3, 1)),
    DESIGNED,
    "6/8/10 mines, more with more players; positions are in the map",
)
#: the pool new mines come from: (normal, +1, +2, +3), at every count
MINE_POOL: Final = (
    (4, 3, 2, 1),
    DESIGNED,
    "start + pool >= 15 so the depletion trigger can occur at every count",
)


class Gem(IntEnum):
    """Gem kinds, best first."""

    FOUR_LEGGED = 0
    THREE_LEGGED = 1
    TWO_LEGGED = 2


#: (value, copies) per gem kind, best first
GEMS: Final = (
    ((8, 2), (6, 3), (4, 3)),
    DESIGNED,
    "one better and one worse kind than the printed three-legged, so 'best "
    "available' is a real choice order",
)
THREE_LEGGED_GEM_VALUE: Final = Fact(
    6, RULEBOOK, '"Three-legged gems are worth 6 Substract!"'
)


class Token(IntEnum):
    """Danger tokens."""

    LAVA = 0
    SNEDJ = 1
    PLANET_ATTACK = 2


DANGER_TOKENS: Final = Fact(5, DESIGNED, "5 of each kind: 15 tokens on <= 61 spaces")

#: Each token's attack: (die kind, dice) per `Token`.
TOKEN_ATTACKS: Final = (
    ((DieKind.AREA, 3), (DieKind.CLOSE_COMBAT, 8), (DieKind.LASER, 3)),
    RULEBOOK,
    '"Lava rolls 3 area effect dice"; "Snedj roll 8 close combat dice in their '
    'attack"; "The planet attack rolls 3 laser type dice"',
)
BODY_SCREENS_MAX: Final = Fact(
    7,
    RULEBOOK,
    '"he can burn up to 7 Substract - if he has it -and will get a number of extra '
    'armour dice equal to the total Substract burnt"',
)


@dataclass(frozen=True)
class Scenario:
    """The Raw Substract scenario card for one player count, as plain numbers."""

    num_players: int
    rounds: int
    income: tuple[int, int, int]
    income_per_healthy_hewn: int
    bidoxes: int
    bidox_capacity: int
    nananbites_per_bidox: int
    offer: tuple[int, int, int, int]  # big, medium, small Hewn cards; tech cards
    final_round_min_price: int
    turn_order_min_bid: int
    normal_pile: int
    depletion_threshold: int
    start_mines: tuple[int, int, int]
    mine_pool: tuple[int, int, int, int]
    gems: tuple[tuple[int, int], ...]
    danger_tokens: int


def raw_substract(num_players: int) -> Scenario:
    """The scenario row for `num_players` (2-4)."""
    if num_players not in PLAYER_COUNTS:
        raise ValueError(f"Raw Substract is for 2-4 players, not {num_players}")
    i = PLAYER_COUNTS.index(num_players)
    return Scenario(
        num_players=num_players,
        rounds=ROUNDS.value,
        income=INCOME[0][i],
        income_per_healthy_hewn=INCOME_PER_HEALTHY_HEWN.value,
        bidoxes=BIDOXES.at(num_players),
        bidox_capacity=BIDOX_CAPACITY.value,
        nananbites_per_bidox=NANANBITES_PER_BIDOX.value,
        offer=(
            OFFER_BIG.value,
            OFFER_MEDIUM.value,
            OFFER_SMALL.value,
            OFFER_TECH.value,
        ),
        final_round_min_price=FINAL_ROUND_MIN_PRICE.value,
        turn_order_min_bid=TURN_ORDER_MIN_BID.value,
        normal_pile=NORMAL_PILE.at(num_players),
        depletion_threshold=DEPLETION_THRESHOLD.value,
        start_mines=START_MINES[0][i],
        mine_pool=MINE_POOL[0],
        gems=GEMS[0],
        danger_tokens=DANGER_TOKENS.value,
    )


# --- Calibration -------------------------------------------------------------------


@dataclass(frozen=True)
class Calibration:
    """One change to a designed value after a balance study: `what` names the
    value as a config's card-data override does ("Igil.cost", "Raw
    Substract.gems"), a per-player-count scenario value as "Raw
    Substract.FIELD" (`tuning.PER_COUNT`: its values at 2, 3 and 4 players) or
    "danger die" (its faces by name); `old` and `new` are the values in that
    form; `reason` says why, `figure` the measurement that
    led to it (the study, its games and the number)."""

    what: str
    old: Any  # an int, or a tuple (JSON's list) of them or of face names
    new: Any
    reason: str
    figure: str


_BIG_COSTS: Final = (
    "no big Hewn sold in rounds 1 and 2: the strongest bots value each under its "
    "cost (a Hewn's worth falls with the Hewn turns left)"
)
_BIG_FIGURE: Final = (
    "big Hewns bought in rounds 1/2/3: 0%/0%/83% as designed; 42%/21%/85% with "
    "the big costs 9/9/8/7, 8 Bidoxes and a pile of 34 (probe, 48 games at 2 "
    "players: greedy, raider and prospector, complete cards)"
)

CALIBRATION_LOG: Final[tuple[Calibration, ...]] = (
    Calibration(
        "Raw Substract.normal_pile",
        (90, 120, 150),
        (34, 32, 35),
        "the pile never ran out: the strongest bots mine far less than the design "
        "expected (its 1.3x of 3 rounds' output), so no game ended early; the new "
        "piles are about the 35th percentile of a game's output at each count",
        "as designed 0% of games ended early (48 games at 2 players, 95% CI 0-7%); "
        "net normal Substract mined in a game: mean 38 at 2 players, 35 at 3, 41 at "
        "4 (6 games each); with piles 34/32/38 (and the Bidoxes and costs below): "
        "65% (50-77, 48 games), 69% (53-82, 36 games), 53% (36-69, 32 games), so "
        "35 at 4 players",
    ),
    Calibration(
        "Raw Substract.bidoxes",
        (6, 5, 4),
        (8, 6, 4),
        "12 Bidoxes at 2 players (15 at 3) for 12 lots left lots unbid when two "
        "bots wanted the same ones; 4 at 4 players is the rulebook's",
        "offered lots bought at 2 players: 67% (66-69) with 6 Bidoxes, 74% (72-76) "
        "with 8; at 3 players with 6: 76% (74-77) (probes of 48 and 36 games)",
    ),
    Calibration("Hover Cataclysm.cost", 11, 9, _BIG_COSTS, _BIG_FIGURE),
    Calibration("Igil.cost", 12, 9, _BIG_COSTS, _BIG_FIGURE),
    Calibration("Gombat.cost", 10, 8, _BIG_COSTS, _BIG_FIGURE),
    Calibration("Smeggler.cost", 9, 7, _BIG_COSTS, _BIG_FIGURE),
    Calibration(
        "Midocondrian Scraveler.cost",
        8,
        10,
        "the best-value miner of the medium Hewns (2 mining dice, 6 action points, "
        "a weapon) won far over its share",
        "its holders' win ratio over their fair share: 2.22 (1.61-2.62) at 3 "
        "players (36 games), 2.17 (1.40-2.88) at 4 (32 games)",
    ),
    Calibration(
        "Fogbear.cost",
        5,
        7,
        "2 mining dice for 5, the cheapest medium miner, won over its share",
        "its holders' win ratio: 1.80 (1.40-1.94) at 2 players (48 games)",
    ),
    Calibration(
        "Raw Substract.normal_pile",
        (34, 32, 35),
        (28, 29, 30),
        "early ends still short of the 60-90% target; the bots heed the pile only "
        "when fewer than 6 are left, so a game ends early under a smaller pile "
        "about when the most Substract drawn from it at once reaches that pile: "
        "these piles put the share near 75% at each count (measured after: 72%)",
        "full-scale calibration (900 games: 420/240/240 at 2/3/4 players): early "
        "ends 55.2% (50.5-59.9), 63.7% (57.5-69.6), 57.1% (50.8-63.2); replayed, "
        "the share whose peak draw reaches 28/29/30: 74.8%, 74.6%, 74.2%",
    ),
    Calibration(
        "Major Miner.ap",
        3,
        2,
        "3 mining dice (the rulebook's) for 7: the type whose holders won most, "
        "over 1.5x their share once the smaller piles made the game a race to "
        "mine; its price moved nothing (the bots buy it at any of these prices), "
        "its action points do",
        "its holders' win ratio over their fair share at full scale (900 games): "
        "1.46 (1.35-1.56) with the old piles, 1.58 (1.47-1.68) with the new ones "
        "and a cost of 8; probes (256 games at 2-4 players): cost 10: 1.53 "
        "(1.29-1.76), cost 12: 1.56 (1.25-1.84), cost 7 and 2 action points: 1.35 "
        "(1.11-1.58), the highest type then the Midocondrian Scraveler at 1.43",
    ),
)
"""Every calibration of a designed value, oldest first, so that no tuned number
is untraceable: the tables above hold each `new` value, and a value changed
twice has two entries, the second's `old` the first's `new`
(`tuning.calibration_problems` checks it). A designed value's reason
(`HEWN_FIELD_REASONS`, a `Fact`'s source) stays the design's; this log says what
the measurements changed."""


# --- Pieces and geometry -----------------------------------------------------------

#: dug-tunnel pieces numbered 1-12, the size of each (index 0 is tunnel 1)
TUNNEL_SIZES: Final = (
    (Size.S,) * 5 + (Size.M,) * 4 + (Size.B,) * 3,
    DESIGNED,
    '"he places tunnel 9" (so >= 9 exist); more small than big',
)
ENTRANCES_PER_SIZE: Final = Fact(
    3,
    DESIGNED,
    'common entrances and the stock for secret ones ("from the remaining stack of '
    'entrances")',
)
MUDGESTICK: Final = Fact(
    3,
    DESIGNED,
    "hex distance between space centres: a 3-space spoke of the default map",
)
CALM_PLANET_RANGE: Final = Fact(
    4,
    RULEBOOK,
    '"a planet attack danger token that is up to 4 spaces away from it"',
)
BURN_FOR_AP_MAX: Final = Fact(
    3,
    RULEBOOK,
    '"Each Hewn can burn up to a maximum of 3 Substract during its Hewn turn to get '
    'extra action points."',
)
ENCOUNTER_SUBSTRACT_MAX: Final = Fact(
    7,
    RULEBOOK,
    '"Each Hewn may use a maximum of 7 (seven) Substract during encounters."',
)
