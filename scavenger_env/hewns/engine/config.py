"""HewnsConfig: the rules variant of one game of Hewns, frozen and validated.

The defaults are the Raw Substract scenario (`data.raw_substract`) plus this
project's rulings where the draft rulebook is unclear; every ruling on which
reasonable players differ is an option, and the scenario's designed numbers
(income, pile, Bidoxes) are knobs for calibration.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from scavenger_env.core.config import CheckedConfig, is_int
from scavenger_env.core.errors import ConfigError

from . import data
from .data import CardSet, Scenario

__all__ = [
    "AUDIT_FIXES",
    "BUILT_CARD_SETS",
    "MAPS",
    "MAX_BIDOXES",
    "RULES_VERSION",
    "RULES_VERSIONS",
    "HewnsConfig",
    "HewnsConfigError",
]


class HewnsConfigError(ConfigError):
    """A HewnsConfig field has a value the rules do not allow."""


RULES_VERSION: Final = 2
"""The engine's rules version; a record keeps the version it was played under.

1: the first release. 2: the first rules audit's fixes (forced movement is
enforced; the one-way guard leaves the screen out)."""

RULES_VERSIONS: Final = (1, 2)

AUDIT_FIXES: Final = 2
"""The rules version from which the first audit's fixes apply."""

BUILT_CARD_SETS: Final = ("core", "terrain", "nanas")
"""The card sets whose rules the engine plays; the others (`data.CARD_SET_NAMES`)
are named in the data but refused until their cards are built."""

MAPS: Final = ("crater",)
"""The maps the board can build: the designed crater for 2-4 players (the
rulebook's map-building booklet is missing)."""

MUDGESTICK_RANGE: Final = (2, 6)
"""The Mudgestick lengths allowed: shorter, dig, fly and climb reach almost
nothing; longer, they reach across the whole crater."""

NANANBITE_LIMITS: Final = (1, 2)

MAX_BIDOXES: Final = 32
"""The most Bidoxes a player may have: an action names a Bidox by a number 0-31."""

CALIBRATION_FIELDS: Final = ("income", "pile", "bidoxes")
"""The scenario's designed numbers that a config may override; None (the default)
means the scenario's value, and `to_dict` writes them only when set."""


@dataclass(frozen=True)
class HewnsConfig(CheckedConfig):
    """Everything that decides the rules of a game of Hewns, apart from the seed.

    Attributes:
        num_players: 2, 3 or 4.
        cards: which cards are in the decks, a `data.CardSet` name: "core",
            "terrain", "nanas" or "complete"; each set holds the cards of the
            smaller ones. The engine is built set by set (`BUILT_CARD_SETS`);
            "complete" is refused until its cards are built.
        map: the board, "crater" (the designed default map for 2-4 players; the
            rulebook's map-building booklet is missing).
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
    cards: str = "core"
    map: str = "crater"
    mudgestick: int = data.MUDGESTICK.value
    nananbites_per_bidox: int = data.NANANBITES_PER_BIDOX.value
    score_carried: bool = True
    damaged_transmit: bool = True
    income: tuple[int, int, int] | None = None
    pile: int | None = None
    bidoxes: int | None = None
    max_decisions: int = 20_000
    rules_version: int = RULES_VERSION

    config_error = HewnsConfigError
    written_when_changed = (*CALIBRATION_FIELDS, "damaged_transmit")

    def audit_fixes(self) -> bool:
        """Whether the first rules audit's fixes apply (`AUDIT_FIXES`)."""
        return self.rules_version >= AUDIT_FIXES

    def damaged_hewns_transmit(self) -> bool:
        """Whether damaged Hewns may transmit (`damaged_transmit`, rules 2)."""
        return self.damaged_transmit and self.audit_fixes()

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
                + " (the swarms of the complete set are not built yet)"
            )
        self._check(
            isinstance(self.map, str) and self.map in MAPS,
            "map",
            self.map,
            " or ".join(repr(m) for m in MAPS),
        )
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

    @property
    def card_set(self) -> CardSet:
        """The `cards` as the data's `CardSet`, for filtering the decks."""
        return data.card_set(self.cards)

    @property
    def effective_income(self) -> tuple[int, int, int]:
        """The dirty income per player in rounds 1, 2 and 3 this game uses."""
        if self.income is not None:
            return self.income
        return data.raw_substract(self.num_players).income

    @property
    def effective_pile(self) -> int:
        """The normal Substract pile this game starts with."""
        if self.pile is not None:
            return self.pile
        return data.raw_substract(self.num_players).normal_pile

    @property
    def effective_bidoxes(self) -> int:
        """The Bidoxes each player has in this game."""
        if self.bidoxes is not None:
            return self.bidoxes
        return data.raw_substract(self.num_players).bidoxes

    @property
    def scenario(self) -> Scenario:
        """The scenario card for this game: `data.raw_substract` for the player
        count with this config's income, pile, Bidoxes and Nananbite limit, so
        that the engine reads every scenario number from one place."""
        return replace(
            data.raw_substract(self.num_players),
            income=self.effective_income,
            normal_pile=self.effective_pile,
            bidoxes=self.effective_bidoxes,
            nananbites_per_bidox=self.nananbites_per_bidox,
        )
