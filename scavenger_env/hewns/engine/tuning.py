"""The designed numbers a config may change: a card-data override and the danger
die's faces (`HewnsConfig.card_data`, `HewnsConfig.danger_faces`).

A balance study searches the numbers the draft rulebook leaves to this
project's design (`data`'s ``designed`` values); this module says which ones a
game may change, checks a change and builds the game's own card tables from
it. Only numbers that leave the action ids where they are may change: no card
sizes, copies or stages (they decide the decks), no swarm members, and every
count bounded so that a pool of dice and a Hewn's slot list still fit their
id blocks.

The override is ``{card name: {field: value}}``: a Hewn type's name
(`data.HEWN_TYPES`), a technology's (`data.TECHS`) or the scenario card's,
`SCENARIO_CARD` (its designed lots, stocks and gems; the income, the pile and
the Bidoxes have options of their own). Its checked form is plain data with
tuples (JSON lists read back), the keys sorted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from .data import (
    CALIBRATION_LOG,
    DICE,
    HEWN_TYPES,
    HEWN_VALUE_FIELDS,
    PLAYER_COUNTS,
    TECH_VALUE_FIELDS,
    TECHS,
    Ability,
    Calibration,
    DieKind,
    Face,
    HewnType,
    Scenario,
    Symbol,
    Tech,
    raw_substract,
)

SCENARIO_CARD: Final = "Raw Substract"
"""The name of the scenario card in a card-data override."""

HEWN_TUNABLE: Final = tuple(
    f for f in HEWN_VALUE_FIELDS if f not in ("size", "cards", "members", "stage")
)
"""The Hewn fields an override (and `position.rig`) may change: every component
value but the size (it decides the deck and the spaces a Hewn may stand in),
the copies, the stage and a swarm's members."""

#: the lowest and highest value of each int Hewn field (dice counts bounded so
#: that the largest pool still fits the DIE block)
HEWN_BOUNDS: Final = {
    "cost": (1, 60),
    "mine": (0, 6),
    "ap": (1, 8),
    "armour": (0, 5),
    "rerolls": (0, 6),
    "secret": (0, 30),
    "close_combat": (0, 9),
    "nanasockets": (0, 5),  # with 3 Sicket sockets holding Mamabites and a
    "sicket_sockets": (0, 3),  # heart: the Veyark's 21 slots, `MAX_SLOTS`
    "repair": (0, 4),
}
STORE_PLACES: Final = (1, 3)
STORE_PLACE_SIZE: Final = (0, 30)

TECH_TUNABLE: Final = tuple(
    f
    for f in TECH_VALUE_FIELDS
    if f not in ("card_kind", "cards", "socket", "stage", "slots")
)
"""The technology fields an override may change: the quantity, the cost and the
effect numbers (only those a technology has: a Gunana's weapon bonus, not a
mining die). Not its socket, kind, copies or stage, nor the Mamabite's slots
(they decide the slot ids)."""

TECH_ALWAYS: Final = ("quantity", "cost")

TECH_BOUNDS: Final = {
    "quantity": (1, 6),
    "cost": (1, 60),
    "weapon_bonus": (0, 6),
    "mining_dice": (0, 3),
    "danger_dice": (0, 3),
    "armour_dice": (0, 3),
    "cc_dice": (0, 9),
    "overflow_cc": (0, 9),
    "bundled_nananbites": (0, 6),
    "repair_d10": (0, 3),
    "bidox_bonus": (0, 3),
}

SCENARIO_TUNABLE: Final = (
    "turn_order_min_bid",
    "bidox_capacity",
    "mine_pool",
    "gems",
    "danger_tokens",
)
"""The scenario card's designed numbers an override may change (the income,
pile and Bidoxes are `HewnsConfig.income`, `pile` and `bidoxes`)."""

SCENARIO_BOUNDS: Final = {
    "turn_order_min_bid": (1, 30),
    "bidox_capacity": (1, 30),  # a bid is one NUM id, 0-30
    "danger_tokens": (1, 15),
}
MINE_POOL_COUNT: Final = (0, 9)
GEM_VALUE: Final = (1, 20)
GEM_COPIES: Final = (0, 6)

DANGER_FACES: Final = len(DICE[DieKind.DANGER].faces)
"""How many faces the danger die has (its outcome ids are fixed)."""

DANGER_FACE_NAMES: Final = tuple(
    dict.fromkeys(f.symbol.name.lower() for f in DICE[DieKind.DANGER].seen)
)
"""The faces a danger die may show: the data's danger face kinds."""

ABILITY_NAMES: Final = tuple(a.name.lower() for a in Ability if a != Ability.SWARM)
"""The abilities an override may give (a swarm is the card's, with its members)."""

MAX_MAMA_SLOTS: Final = max(t.slots for t in TECHS)
MAX_SLOTS: Final = max(
    h.nanasockets + h.sicket_sockets * (1 + MAX_MAMA_SLOTS) + int(h.heart)
    for h in HEWN_TYPES
)
"""The most slots a Hewn may have (`actions.MAX_SLOTS`, from the printed cards)."""

HEWN_NAMES: Final = tuple(h.name for h in HEWN_TYPES)
TECH_NAMES: Final = tuple(t.name for t in TECHS)


class TuningError(ValueError):
    """A card-data override or danger die the rules cannot play; the message
    says what is wrong and what is allowed."""


def _span(bounds: tuple[int, int]) -> str:
    return f"an int from {bounds[0]} to {bounds[1]}"


def _int_in(value: object, bounds: tuple[int, int], what: str) -> int:
    low, high = bounds
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not low <= value <= high
    ):
        raise TuningError(f"{what} is {_span(bounds)}, not {value!r}")
    return value


def _ints(
    value: object, count: tuple[int, int], bounds: tuple[int, int], what: str
) -> tuple[int, ...]:
    if not isinstance(value, tuple | list) or not count[0] <= len(value) <= count[1]:
        size = str(count[0]) if count[0] == count[1] else f"{count[0]}-{count[1]}"
        raise TuningError(f"{what} is a list of {size} ints, not {value!r}")
    return tuple(_int_in(v, bounds, f"each entry of {what}") for v in value)


# --- checking an override ---------------------------------------------------------
def check_card_data(value: object) -> dict[str, dict[str, Any]]:
    """The checked form of a card-data override (see the module), or a
    `TuningError` naming the card, the field or the value that is wrong."""
    if not isinstance(value, dict) or not value:
        raise TuningError(f"an override is a non-empty dict, not {value!r}")
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(value, key=str):
        changes = value[name]
        if name in HEWN_NAMES:
            check = _hewn_value
        elif name in TECH_NAMES:
            check = _tech_value
        elif name == SCENARIO_CARD:
            check = _scenario_value
        else:
            raise TuningError(
                f"no card {name!r}; the cards are the Hewn types ("
                + ", ".join(HEWN_NAMES)
                + "), the technologies ("
                + ", ".join(TECH_NAMES)
                + f") and {SCENARIO_CARD!r}"
            )
        if not isinstance(changes, dict) or not changes:
            raise TuningError(
                f"{name!r} takes a non-empty dict of field: value, not {changes!r}"
            )
        out[name] = {
            field: check(name, field, changes[field])
            for field in sorted(changes, key=str)
        }
        if name in HEWN_NAMES:
            _check_hewn(name, out[name])
    return out


def _hewn_value(name: str, field: object, value: object) -> Any:
    if field not in HEWN_TUNABLE:
        raise TuningError(
            f"{name!r} has no tunable field {field!r}; a Hewn's are "
            + ", ".join(HEWN_TUNABLE)
        )
    what = f"{name}'s {field}"
    if field in ("weapon", "heart"):
        if not isinstance(value, bool):
            raise TuningError(f"{what} is true or false, not {value!r}")
        return value
    if field == "store":
        return _ints(value, STORE_PLACES, STORE_PLACE_SIZE, what)
    if field == "abilities":
        return _abilities(name, value, what)
    return _int_in(value, HEWN_BOUNDS[str(field)], what)


def _abilities(name: str, value: object, what: str) -> tuple[str, ...]:
    """Ability names; a swarm keeps "swarm" (it is the card's, with its
    members) and no other card gets it."""
    swarm = Ability.SWARM in HEWN_TYPES[HEWN_NAMES.index(name)].abilities
    allowed = ABILITY_NAMES + (("swarm",) if swarm else ())
    if (
        not isinstance(value, tuple | list)
        or any(a not in allowed for a in value)
        or (swarm and "swarm" not in value)
    ):
        keep = ', with "swarm" (a swarm keeps it)' if swarm else ""
        raise TuningError(
            f"{what} is a list of ability names from "
            + ", ".join(allowed)
            + f"{keep}, not {value!r}"
        )
    return tuple(dict.fromkeys(value))


def _check_hewn(name: str, changes: dict[str, Any]) -> None:
    """The card as a whole: its secret store fits its store (the socket bounds
    keep its slots within `MAX_SLOTS`)."""
    card = _changed_hewn(HEWN_TYPES[HEWN_NAMES.index(name)], changes)
    if card.secret > card.store_total:
        raise TuningError(
            f"{name}'s secret store ({card.secret}) is more than its store "
            f"({card.store_total})"
        )


def _tech_value(name: str, field: object, value: object) -> int:
    if field not in TECH_TUNABLE:
        raise TuningError(
            f"{name!r} has no tunable field {field!r}; a technology's are "
            + ", ".join(TECH_TUNABLE)
        )
    tech = TECHS[TECH_NAMES.index(name)]
    if field not in TECH_ALWAYS and getattr(tech, str(field)) == 0:
        has = [f for f in TECH_TUNABLE if f in TECH_ALWAYS or getattr(tech, f)]
        raise TuningError(
            f"the {name} has no {field} effect to tune; its fields are "
            + ", ".join(has)
        )
    return _int_in(value, TECH_BOUNDS[str(field)], f"the {name}'s {field}")


def _scenario_value(name: str, field: object, value: object) -> Any:
    if field not in SCENARIO_TUNABLE:
        raise TuningError(
            f"{name!r} has no tunable field {field!r}; its fields are "
            + ", ".join(SCENARIO_TUNABLE)
            + " (the income, pile and Bidoxes are options of their own)"
        )
    what = f"the scenario's {field}"
    if field == "mine_pool":
        return _ints(value, (4, 4), MINE_POOL_COUNT, what + " (normal, +1, +2, +3)")
    if field == "gems":
        if not isinstance(value, tuple | list) or len(value) != 3:
            raise TuningError(
                f"{what} is three [value, copies] pairs (four-, three-, two-legged), "
                f"not {value!r}"
            )
        return tuple(
            (
                _int_in(_pair(v, what)[0], GEM_VALUE, f"a gem value in {what}"),
                _int_in(_pair(v, what)[1], GEM_COPIES, f"a gem's copies in {what}"),
            )
            for v in value
        )
    return _int_in(value, SCENARIO_BOUNDS[str(field)], what)


def _pair(value: object, what: str) -> tuple[object, object]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise TuningError(
            f"each entry of {what} is a [value, copies] pair, not {value!r}"
        )
    return value[0], value[1]


def check_danger_faces(value: object) -> tuple[str, ...]:
    """The checked danger die: `DANGER_FACES` face names from `DANGER_FACE_NAMES`."""
    if (
        not isinstance(value, tuple | list)
        or len(value) != DANGER_FACES
        or any(v not in DANGER_FACE_NAMES for v in value)
    ):
        raise TuningError(
            f"a list of {DANGER_FACES} face names, each one of "
            + ", ".join(repr(n) for n in DANGER_FACE_NAMES)
        )
    return tuple(value)


# --- the game's tables ------------------------------------------------------------
def _changed_hewn(card: HewnType, changes: dict[str, Any]) -> HewnType:
    typed = dict(changes)
    if "abilities" in typed:
        typed["abilities"] = tuple(Ability[a.upper()] for a in typed["abilities"])
    return replace(card, **typed)


def hewn_types(card_data: dict[str, dict[str, Any]] | None) -> tuple[HewnType, ...]:
    """The Hewn types of a game with this override, in `HEWN_TYPES` order (the
    printed ones themselves where nothing changes)."""
    if not card_data:
        return HEWN_TYPES
    return tuple(
        _changed_hewn(h, card_data[h.name]) if h.name in card_data else h
        for h in HEWN_TYPES
    )


def techs(card_data: dict[str, dict[str, Any]] | None) -> tuple[Tech, ...]:
    """The technologies of a game with this override, in `TECHS` order."""
    if not card_data:
        return TECHS
    return tuple(
        replace(t, **card_data[t.name]) if t.name in card_data else t for t in TECHS
    )


def scenario(base: Scenario, card_data: dict[str, dict[str, Any]] | None) -> Scenario:
    """The scenario card `base` with this override's changes."""
    if not card_data or SCENARIO_CARD not in card_data:
        return base
    return replace(base, **card_data[SCENARIO_CARD])


def danger_die(names: tuple[str, ...] | None) -> tuple[Face, ...]:
    """The danger die's faces: the data's, or these face names."""
    if names is None:
        return DICE[DieKind.DANGER].faces
    return tuple(Face(0, Symbol[n.upper()]) for n in names)


def every_value(
    hewns: tuple[HewnType, ...], techs_: tuple[Tech, ...], card: Scenario
) -> dict[str, dict[str, Any]]:
    """Every tunable value of these tables, in the override's form (JSON's
    types: abilities by name, tuples as they are)."""
    out: dict[str, dict[str, Any]] = {}
    for h in hewns:
        values = {f: getattr(h, f) for f in HEWN_TUNABLE}
        values["abilities"] = tuple(a.name.lower() for a in h.abilities)
        out[h.name] = values
    for printed, t in zip(TECHS, techs_, strict=True):
        out[t.name] = {
            f: getattr(t, f)
            for f in TECH_TUNABLE
            if f in TECH_ALWAYS or getattr(printed, f)
        }
    out[SCENARIO_CARD] = {f: getattr(card, f) for f in SCENARIO_TUNABLE}
    return out


PER_COUNT: Final = ("income", "bidoxes", "normal_pile", "start_mines")
"""The scenario card's values that differ by player count (the config's
`income`, `bidoxes` and `pile`, and the start mines): a calibration names each
as "Raw Substract.FIELD", its values at 2, 3 and 4 players."""

DANGER_DIE: Final = "danger die"
"""How a calibration names the danger die's faces."""


def calibration_problems(log: tuple[Calibration, ...] = CALIBRATION_LOG) -> list[str]:
    """What is wrong with a calibration log against the data: an entry naming
    no tunable value, an `old` equal to its `new`, a missing reason or figure,
    a chain of changes to one value that does not follow on, or a last `new`
    that is not the data's value. Empty when the log is right."""
    values = every_value(HEWN_TYPES, TECHS, raw_substract(2))
    values[SCENARIO_CARD].update(
        {
            f: tuple(getattr(raw_substract(n), f) for n in PLAYER_COUNTS)
            for f in PER_COUNT
        }
    )
    values[DANGER_DIE] = {
        "": tuple(f.symbol.name.lower() for f in DICE[DieKind.DANGER].faces)
    }
    problems: list[str] = []
    latest: dict[str, object] = {}
    for entry in log:
        card, _, field = entry.what.rpartition(".")
        if entry.what == DANGER_DIE:
            card, field = DANGER_DIE, ""
        if card not in values or field not in values[card]:
            problems.append(f"{entry.what!r} names no tunable value")
            continue
        if _frozen(entry.old) == _frozen(entry.new):
            problems.append(f"{entry.what}: old and new are both {entry.new!r}")
        if not entry.reason.strip() or not entry.figure.strip():
            problems.append(f"{entry.what}: give the reason and the figure")
        if entry.what in latest and latest[entry.what] != _frozen(entry.old):
            problems.append(
                f"{entry.what}: old {entry.old!r} is not the last change's new "
                f"{latest[entry.what]!r}"
            )
        latest[entry.what] = _frozen(entry.new)
    for what, new in latest.items():
        card, _, field = what.rpartition(".")
        if what == DANGER_DIE:
            card, field = DANGER_DIE, ""
        if _frozen(values[card][field]) != new:
            problems.append(
                f"{what}: the data holds {values[card][field]!r}, not the last "
                f"calibration's {new!r}"
            )
    return problems


def _frozen(value: object) -> object:
    """`value` with lists as tuples, so that JSON's form compares with the data's."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


@dataclass(frozen=True)
class Uncalibrated:
    """The values `CALIBRATION_LOG` changed, as they were before it (each
    value's oldest `old`): `card_data` in the override's form, `per_count`
    the per-player-count scenario values ({field: values at 2, 3 and 4
    players}) and `danger_faces` (None: unchanged). Games of the rules before
    the calibration play them, so that their records replay."""

    card_data: dict[str, dict[str, Any]]
    per_count: dict[str, tuple[Any, ...]]
    danger_faces: tuple[str, ...] | None


def before_calibration(log: tuple[Calibration, ...] = CALIBRATION_LOG) -> Uncalibrated:
    """The values `log` changed, as they were before it (see `Uncalibrated`)."""
    cards: dict[str, dict[str, Any]] = {}
    per_count: dict[str, tuple[Any, ...]] = {}
    faces: tuple[str, ...] | None = None
    for entry in log:
        card, _, field = entry.what.rpartition(".")
        old: Any = _frozen(entry.old)
        if entry.what == DANGER_DIE:
            faces = faces or old
        elif card == SCENARIO_CARD and field in PER_COUNT:
            per_count.setdefault(field, old)
        else:
            cards.setdefault(card, {}).setdefault(field, old)
    return Uncalibrated(cards, per_count, faces)


BEFORE_CALIBRATION: Final = before_calibration()
"""The data's values before its calibration (`before_calibration`)."""
