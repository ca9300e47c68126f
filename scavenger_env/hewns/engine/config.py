"""HewnsConfig: the rules variant of one game of Hewns, frozen and validated.

The defaults are the Raw Substract scenario (`data.raw_substract`) plus this
project's rulings where the draft rulebook is unclear; every ruling on which
reasonable players differ is an option, and the scenario's designed numbers
(income, pile, Bidoxes) are knobs for calibration.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, fields, replace
from typing import Any, Final, TypeVar

from scavenger_env.core.config import CheckedConfig, FrozenDict, is_int
from scavenger_env.core.errors import ConfigError, show_value

from . import data, tuning
from .data import CardSet, Face, HewnType, Scenario, Tech
from .mapfile import (
    DEFAULT_MAP,
    MapError,
    MapFile,
    bundled_maps,
    map_from_data,
    read_map,
)

__all__ = [
    "AUDIT_FIXES",
    "BUILT_CARD_SETS",
    "MAPS",
    "MAP_CONTENT",
    "MAP_SOURCE",
    "MAX_BIDOXES",
    "RULES_VERSION",
    "RULES_VERSIONS",
    "HewnsConfig",
    "HewnsConfigError",
]


_V = TypeVar("_V")
_D = TypeVar("_D")


class HewnsConfigError(ConfigError):
    """A HewnsConfig field has a value the rules do not allow."""


RULES_VERSION: Final = 3
"""The engine's rules version; a record keeps the version it was played under.

1: the first release. 2: the first rules audit's fixes (forced movement is
enforced; the one-way guard leaves the screen out). 3: the calibrated designed
values (`data.CALIBRATION_LOG`); games of 1 and 2 play the values as they were
before it."""

RULES_VERSIONS: Final = (1, 2, 3)

AUDIT_FIXES: Final = 2
"""The rules version from which the first audit's fixes apply."""

CALIBRATED: Final = 3
"""The rules version from which the calibrated designed values apply."""

BUILT_CARD_SETS: Final = ("core", "terrain", "nanas", "complete")
"""The card sets whose rules the engine plays (every one of
`data.CARD_SET_NAMES`); a set named in the data but not here is refused."""

DEFAULT_CARDS: Final = "complete"
"""The card set a game plays unless told: the whole game."""

MAPS: Final = bundled_maps()
"""The bundled maps (`mapfile.bundled_maps`): the designed crater and the
designers' test maps; `HewnsConfig.map` also takes a map file's path."""

MAP_SOURCE: Final = "source"
MAP_CONTENT: Final = "content"
"""The keys of a map stored inline by `HewnsConfig.to_dict`."""

MUDGESTICK_RANGE: Final = (2, 6)
"""The Mudgestick lengths allowed: shorter, dig, fly and climb reach almost
nothing; longer, they reach across the whole crater."""

NANANBITE_LIMITS: Final = (1, 2)

MAX_BIDOXES: Final = 32
"""The most Bidoxes a player may have: an action names a Bidox by a number 0-31."""

CALIBRATION_FIELDS: Final = ("income", "pile", "bidoxes")
"""The scenario's designed numbers that a config may override; None (the default)
means the scenario's value, and `to_dict` writes them only when set."""

TUNING_FIELDS: Final = ("card_data", "danger_faces")
"""The card-data override and the danger die (`tuning`): None (the default)
means the designed cards and die, and `to_dict` writes them only when set."""

CARD_DATA_ALLOWED: Final = (
    "None or {card name: {field: value}}: a Hewn type, a technology or "
    f"{tuning.SCENARIO_CARD!r}, each with its tunable fields"
)


_INIT_FIELDS: dict[type, tuple[str, ...]] = {}


def _fresh_copy(item: _D) -> _D:
    """A new, equal instance of the dataclass `item` (what `replace(item)`
    makes, at a third less cost: a bot's copy of a config copies some fifty)."""
    cls: Any = type(item)  # a dataclass
    names = _INIT_FIELDS.get(cls)
    if names is None:
        names = _INIT_FIELDS[cls] = tuple(f.name for f in fields(cls) if f.init)
    fresh: _D = cls(**{name: getattr(item, name) for name in names})
    return fresh


@dataclass(frozen=True)
class HewnsConfig(CheckedConfig):
    """Everything that decides the rules of a game of Hewns, apart from the seed.

    Attributes:
        num_players: 2, 3 or 4.
        cards: which cards are in the decks, a `data.CardSet` name (each set
            holds the cards of the smaller ones; `data.CARD_SET_DESCRIPTIONS`):
            "core" (13 Hewn types, 6 technologies), "terrain" (+ digging,
            flying, climbing, artillery, the Suderer and secret entrances),
            "nanas" (+ Nananbites, the Mamabite, the Fixito, heart stones and
            the implosion bomb) or "complete" (+ the two swarms). The default
            is `DEFAULT_CARDS`, "complete". A record keeps its set, so a game of
            any set replays as it was played.
        map: the board: a bundled map's name (`MAPS`: "crater", the designed
            default for 2-4 players, the rulebook's map-building booklet being
            missing; the others test one question of map design each) or the
            path of a map file (the docs' map page has the format). The
            ruling on records: `to_dict` writes the crater as "crater" (as
            before maps were files) and any other map inline, as
            ``{"source": what was given, "content": the map}``; `from_dict`
            plays that content and never reads the source, so a record
            replays without the file, and a file changed since never changes
            a record. A config compares equal to another only with the same
            map content (`map_file`).
        mudgestick: how far a dig, fly or climb reaches, in spaces (hex distance
            between space centres), 2-6. The ruling: the rulebook's Mudgestick is
            a physical stick laid "between the space" and its target, so a
            digital board measures it as a distance; the default (3, a
            designed value in `data.MUDGESTICK`) is one spoke of the crater.
        nananbites_per_bidox: how many Nananbites may be attached to one Bidox,
            1 or 2 (only cards "nanas" and "complete" have Nananbites). The
            ruling: 2, as the rulebook says "allocate up to two (2) individual
            Nananbites to each individual Bidox"; 1 follows its other sentence,
            that a Bidox has "a single space in its cap".
        score_carried: whether normal Substract carried by Hewns under a
            player's control rod scores for that player at the end. The ruling
            (True): it does, since the rulebook asks only for "the most normal
            Substract" and puts a "healthy" condition on gems alone; a neutral
            Hewn's load scores for nobody. False: only normal Substract on the
            player's screen (and gems) scores.
        damaged_transmit: whether a damaged Hewn that keeps its player's
            control rod may transmit Substract (off planet, and to friendly
            healthy Hewns it sees), under rules 2. The ruling (True): it may,
            since the rulebook says "any Hewn can transmit ... at any time",
            costs transmission 0 action points, and names the secret dice of an
            encounter as "The only times a Hewn cannot transmit Substract
            off-planet". False follows "A damaged Hewn cannot move or take any
            actions" (as rules 1 did). Written to a stored config only when
            False.
        income: the dirty Substract each player gets at the start of rounds 1,
            2 and 3 (three positive ints), or None (the default) for the
            scenario's income for the player count (`effective_income`).
        pile: the size of the normal Substract pile (emptying it ends the game),
            a positive int, or None for the scenario's (`effective_pile`).
        bidoxes: the Bidoxes each player bids with, 1-32, or None for the
            scenario's (`effective_bidoxes`).
        card_data: a card-data override for a balance study, or None (the
            default) for the printed cards: ``{card name: {field: value}}``
            for a Hewn type (any of `tuning.HEWN_TUNABLE`: cost, which is its
            minimum bid, mine, ap, armour, rerolls, store, secret, weapon,
            close_combat, nanasockets, sicket_sockets, heart, abilities,
            repair), a technology (its quantity, cost and the effect numbers
            it has, `tuning.TECH_TUNABLE`) or the scenario card "Raw
            Substract" (turn_order_min_bid, bidox_capacity, mine_pool, gems,
            danger_tokens). Every game of the config plays the changed cards
            (`position.rig` changes one game's card instead). Written to a
            stored config only when set.
        danger_faces: the danger die's 10 faces, each one of "lava", "snedj",
            "planet_attack", "deplete", "new_mine", "respite" and "blank"
            (`tuning.DANGER_FACE_NAMES`), or None (the default) for the
            designed die (one lava, Snedj, planet attack and respite, two
            deplete, new mine and blank). Written to a stored config only
            when set.
        secret_loads: whether what a player loads onto, or fits into, a Hewn
            off the board stays secret from the other seats (the rulebook's
            hidden Substract: "many Hewns can store ... in secret locations"),
            or None (the default) for the card set's way: secret in the
            complete game, open with the smaller sets (as their records were
            played). True or False plays either way with any set (False is an
            open-information variant for research). Written to a stored config
            only when set.
        max_decisions: a safety stop (not in the rulebook) for bots that never
            end a game: after this many decisions the game is truncated, with
            reward 0; a positive int.
        rules_version: which version of the engine's rules applies (see
            `RULES_VERSION`; records keep theirs).

    `income`, `pile` and `bidoxes` are calibration knobs for designed numbers
    (the draft rulebook has no scenario booklet); `to_dict` writes them only
    when set, so that configs and records made without them stay as they are.
    """

    num_players: int = 2
    cards: str = DEFAULT_CARDS
    map: str = "crater"
    mudgestick: int = data.MUDGESTICK.value
    nananbites_per_bidox: int = data.NANANBITES_PER_BIDOX.value
    score_carried: bool = True
    damaged_transmit: bool = True
    income: tuple[int, int, int] | None = None
    pile: int | None = None
    bidoxes: int | None = None
    secret_loads: bool | None = None
    card_data: dict[str, dict[str, Any]] | None = None
    danger_faces: tuple[str, ...] | None = None
    max_decisions: int = 20_000
    rules_version: int = RULES_VERSION

    config_error = HewnsConfigError
    written_when_changed = (
        *CALIBRATION_FIELDS,
        "damaged_transmit",
        "secret_loads",
        *TUNING_FIELDS,
    )

    def audit_fixes(self) -> bool:
        """Whether the first rules audit's fixes apply (`AUDIT_FIXES`)."""
        return self.rules_version >= AUDIT_FIXES

    def damaged_hewns_transmit(self) -> bool:
        """Whether damaged Hewns may transmit (`damaged_transmit`, rules 2)."""
        return self.damaged_transmit and self.audit_fixes()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, HewnsConfig)
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def _identity(self) -> tuple[Any, ...]:
        """Every field, and the map's content (two files of one path differ)."""
        values = tuple(getattr(self, f.name) for f in fields(self))
        return (*values, self.map_file.text)

    @property
    def map_file(self) -> MapFile:
        """The checked map this config plays (`mapfile.MapFile`)."""
        found: MapFile = self.__dict__["_map_file"]
        return found

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as `from_dict` of its `to_dict`, as a record keeps it, so
        that a state can cross to another process (the isolated bot host is
        sent its seat's redacted copy): the checked map and the card tables
        the config holds are rebuilt there from its fields (compiled, they
        cannot be pickled), and a map read from a file travels inline."""
        return (HewnsConfig.from_dict, (self.to_dict(),))

    def __copy__(self) -> HewnsConfig:
        """`copy.copy`: a new config sharing every value, as it was made
        before `__reduce__` (which `copy` would otherwise call)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def detached(self) -> HewnsConfig:
        """An equal config that shares no changeable object with this one (its
        own copy of the checked map), for a bot's copy of the game."""
        new = copy.copy(self)
        found = self.map_file
        specs = tuple((n, _fresh_copy(spec)) for n, spec in found.specs)
        own = replace(found, specs=specs)
        object.__setattr__(new, "_map_file", own)
        for table in ("_hewn_types", "_techs", "_danger_die"):
            mine = tuple(_fresh_copy(item) for item in self.__dict__[table])
            object.__setattr__(new, table, mine)
        if self.card_data is not None:  # a dict's own methods could change it
            cards = FrozenDict((k, FrozenDict(v)) for k, v in self.card_data.items())
            object.__setattr__(new, "card_data", cards)
        return new

    @property
    def map_text(self) -> str | None:
        """The map's canonical content for `board.board_for`; None for the
        bundled crater (the default board)."""
        return None if self._is_default_map() else self.map_file.text

    def _is_default_map(self) -> bool:
        return (
            self.map == DEFAULT_MAP and self.map_file.text == read_map(DEFAULT_MAP).text
        )

    def to_dict(self) -> dict[str, Any]:
        """`CheckedConfig.to_dict`, with any map but the crater inline (see
        `map`)."""
        d = super().to_dict()
        if self.card_data is not None:
            d["card_data"] = _plain(self.card_data)
        if not self._is_default_map():
            d["map"] = {
                MAP_SOURCE: self.map,
                MAP_CONTENT: json.loads(self.map_file.text),
            }
        return d

    def __post_init__(self) -> None:
        self._check(
            is_int(self.num_players) and self.num_players in data.PLAYER_COUNTS,
            "num_players",
            self.num_players,
            "2, 3 or 4",
        )
        self._check(
            isinstance(self.cards, str) and self.cards in data.CARD_SET_NAMES,
            "cards",
            self.cards,
            " or ".join(repr(n) for n in data.CARD_SET_NAMES),
        )
        if self.cards not in BUILT_CARD_SETS:
            raise HewnsConfigError(
                f"HewnsConfig.cards={self.cards!r}: the {self.cards!r} cards are not "
                "built yet, so no game can be played with them; use "
                + " or ".join(repr(n) for n in BUILT_CARD_SETS)
            )
        self._check_map()
        low, high = MUDGESTICK_RANGE
        self._check(
            is_int(self.mudgestick) and low <= self.mudgestick <= high,
            "mudgestick",
            self.mudgestick,
            f"an int from {low} to {high} (spaces)",
        )
        self._check(
            is_int(self.nananbites_per_bidox)
            and self.nananbites_per_bidox in NANANBITE_LIMITS,
            "nananbites_per_bidox",
            self.nananbites_per_bidox,
            " or ".join(str(n) for n in NANANBITE_LIMITS),
        )
        self._check(
            isinstance(self.score_carried, bool),
            "score_carried",
            self.score_carried,
            "True or False",
        )
        self._check(
            isinstance(self.damaged_transmit, bool),
            "damaged_transmit",
            self.damaged_transmit,
            "True or False",
        )
        self._check_calibration()
        self._check(
            self.secret_loads is None or isinstance(self.secret_loads, bool),
            "secret_loads",
            self.secret_loads,
            "None (secret in the complete game only), True or False",
        )
        self._check_tuning()
        self._check(
            is_int(self.max_decisions) and self.max_decisions >= 1,
            "max_decisions",
            self.max_decisions,
            "a positive int",
        )
        self._check(
            is_int(self.rules_version) and self.rules_version in RULES_VERSIONS,
            "rules_version",
            self.rules_version,
            " or ".join(str(v) for v in RULES_VERSIONS),
        )

    def _check_map(self) -> None:
        """Read `map` (a name, a path, or a stored ``{"source", "content"}``),
        check it for `num_players`, and keep the checked map."""
        given: object = self.map
        try:
            if isinstance(given, dict) and set(given) == {MAP_SOURCE, MAP_CONTENT}:
                source = given[MAP_SOURCE]
                self._check(
                    isinstance(source, str) and bool(source),
                    "map",
                    given,
                    "a stored map's source: the name or path it was read from",
                )
                found = map_from_data(
                    given[MAP_CONTENT], f"the stored copy of map {source!r}"
                )
                object.__setattr__(self, "map", source)
            elif isinstance(given, str) and given:
                found = read_map(given)
            else:
                raise MapError(
                    "a map is a bundled map's name or a map file's path; the "
                    "bundled maps are " + ", ".join(repr(m) for m in MAPS)
                )
            found.spec(self.num_players)
        except MapError as err:
            raise HewnsConfigError(
                f"HewnsConfig.map={show_value(given)} is not allowed; use a bundled "
                "map (" + ", ".join(repr(m) for m in MAPS) + ") or the path of a "
                f"map file without mistakes. {err}"
            ) from err
        object.__setattr__(self, "_map_file", found)

    def _check_calibration(self) -> None:
        """Check `income`, `pile` and `bidoxes` (after `num_players`, whose
        scenario the messages quote); a list of incomes becomes a tuple, as
        JSON stores it."""
        scenario = data.raw_substract(self.num_players)
        n = self.num_players
        given: object = self.income
        income = given
        if isinstance(income, list):
            income = tuple(income)
            object.__setattr__(self, "income", income)
        self._check(
            income is None
            or (
                isinstance(income, tuple)
                and len(income) == data.ROUNDS.value
                and all(is_int(i) and i >= 1 for i in income)
            ),
            "income",
            given,
            "None (the scenario's, "
            + ", ".join(str(i) for i in scenario.income)
            + f" for {n} players) or three positive ints, the dirty income in "
            "rounds 1, 2 and 3",
        )
        self._check(
            self.pile is None or (is_int(self.pile) and self.pile >= 1),
            "pile",
            self.pile,
            f"None (the scenario's, {scenario.normal_pile} for {n} players) or a "
            "positive int",
        )
        self._check(
            self.bidoxes is None
            or (is_int(self.bidoxes) and 1 <= self.bidoxes <= MAX_BIDOXES),
            "bidoxes",
            self.bidoxes,
            f"None (the scenario's, {scenario.bidoxes} for {n} players) or an int "
            f"from 1 to {MAX_BIDOXES}",
        )

    def _check_tuning(self) -> None:
        """Check `card_data` and `danger_faces` into their frozen forms (JSON's
        lists become tuples) and build the game's tables once."""
        given: object = self.card_data
        card_data = None
        if given is not None:
            try:
                checked = tuning.check_card_data(given)
            except tuning.TuningError as err:
                allowed = f"{CARD_DATA_ALLOWED} ({err})"
                raise self._refused("card_data", given, allowed) from None
            card_data = FrozenDict((k, FrozenDict(v)) for k, v in checked.items())
            object.__setattr__(self, "card_data", card_data)
        played = self._with_calibration(card_data)
        object.__setattr__(self, "_played_card_data", played)
        faces: object = self.danger_faces
        if faces is not None:
            try:
                faces = tuning.check_danger_faces(faces)
            except tuning.TuningError as err:
                allowed = f"None (the designed die) or {err}"
                raise self._refused("danger_faces", faces, allowed) from None
            object.__setattr__(self, "danger_faces", faces)
        if faces is None and not self.calibrated():
            faces = tuning.BEFORE_CALIBRATION.danger_faces
        object.__setattr__(self, "_hewn_types", tuning.hewn_types(played))
        object.__setattr__(self, "_techs", tuning.techs(played))
        object.__setattr__(self, "_danger_die", tuning.danger_die(faces))

    def calibrated(self) -> bool:
        """Whether the calibrated designed values apply (`CALIBRATED`); games of
        the earlier rules play the values as they were, so their records
        replay."""
        version = self.rules_version
        return not is_int(version) or version >= CALIBRATED  # a bad one is refused

    def _with_calibration(
        self, card_data: dict[str, dict[str, Any]] | None
    ) -> dict[str, dict[str, Any]] | None:
        """The card data this game plays: under the earlier rules, the values
        the calibration changed as they were before it, then `card_data`'s."""
        if self.calibrated():
            return card_data
        merged = {k: dict(v) for k, v in tuning.BEFORE_CALIBRATION.card_data.items()}
        for card, fields_ in (card_data or {}).items():
            merged.setdefault(card, {}).update(fields_)
        return merged or None

    def _refused(self, name: str, value: object, allowed: str) -> HewnsConfigError:
        """The error `_check` raises, for a check that has its own message."""
        return HewnsConfigError(
            f"HewnsConfig.{name}={value!r} is not allowed; use {allowed}"
        )

    @property
    def hewn_types(self) -> tuple[HewnType, ...]:
        """This game's Hewn types (`data.HEWN_TYPES` with `card_data`'s
        changes), in the data's order."""
        found: tuple[HewnType, ...] = self.__dict__["_hewn_types"]
        return found

    @property
    def techs(self) -> tuple[Tech, ...]:
        """This game's technologies (`data.TECHS` with `card_data`'s changes),
        by `TechKind`."""
        found: tuple[Tech, ...] = self.__dict__["_techs"]
        return found

    @property
    def danger_die(self) -> tuple[Face, ...]:
        """This game's danger die faces (`danger_faces`, or the designed die)."""
        found: tuple[Face, ...] = self.__dict__["_danger_die"]
        return found

    @property
    def effective_card_data(self) -> dict[str, dict[str, Any]]:
        """Every tunable number this game plays, as a `card_data` override
        would write it: each Hewn type, technology and the scenario card with
        their tunable fields (what a balance study starts its search from)."""
        return tuning.every_value(self.hewn_types, self.techs, self.scenario)

    @property
    def effective_danger_faces(self) -> tuple[str, ...]:
        """The danger die's faces this game plays, by name."""
        return tuple(f.symbol.name.lower() for f in self.danger_die)

    @property
    def card_set(self) -> CardSet:
        """The `cards` as the data's `CardSet`, for filtering the decks."""
        return data.card_set(self.cards)

    @property
    def loads_secret(self) -> bool:
        """Whether off-board loads and fittings are secret (`secret_loads`)."""
        if self.secret_loads is not None:
            return self.secret_loads
        return self.card_set >= CardSet.COMPLETE

    @property
    def effective_income(self) -> tuple[int, int, int]:
        """The dirty income per player in rounds 1, 2 and 3 this game uses."""
        if self.income is not None:
            return self.income
        return self._per_count("income", data.raw_substract(self.num_players).income)

    @property
    def effective_pile(self) -> int:
        """The normal Substract pile this game starts with."""
        if self.pile is not None:
            return self.pile
        return self._per_count(
            "normal_pile", data.raw_substract(self.num_players).normal_pile
        )

    @property
    def effective_bidoxes(self) -> int:
        """The Bidoxes each player has in this game."""
        if self.bidoxes is not None:
            return self.bidoxes
        return self._per_count("bidoxes", data.raw_substract(self.num_players).bidoxes)

    def _per_count(self, field: str, value: _V) -> _V:
        """A per-player-count scenario value: the data's, or under the earlier
        rules its value before the calibration changed it."""
        before = tuning.BEFORE_CALIBRATION.per_count.get(field)
        if before is None or self.calibrated():
            return value
        found: _V = before[data.PLAYER_COUNTS.index(self.num_players)]
        return found

    @property
    def scenario(self) -> Scenario:
        """The scenario card for this game: `data.raw_substract` for the player
        count with this config's income, pile, Bidoxes and Nananbite limit, so
        that the engine reads every scenario number from one place."""
        base = replace(
            data.raw_substract(self.num_players),
            income=self.effective_income,
            normal_pile=self.effective_pile,
            bidoxes=self.effective_bidoxes,
            nananbites_per_bidox=self.nananbites_per_bidox,
        )
        played: dict[str, dict[str, Any]] | None = self.__dict__["_played_card_data"]
        return tuning.scenario(base, played)


def _plain(value: Any) -> Any:
    """`value` as plain JSON data: dicts and lists, for a stored config."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
