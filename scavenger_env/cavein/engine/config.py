"""GameConfig: the rules variant of one game, frozen and validated.

The defaults are the English rulebook plus the research defaults for what it does
not print; every field where reasonable players differ is an option here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scavenger_env.core import errors as core_errors
from scavenger_env.core.config import CheckedConfig, is_int

from .data import (
    ARTIFACT_STACK_COSTS,
    CAVE_IN_THRESHOLDS,
    FACTION_BY_NAME,
    FACTIONS,
    MERC_DISTRIBUTIONS,
)


class ConfigError(core_errors.ConfigError):
    """A GameConfig field has a value the rules do not allow."""


RULES_VERSION = 2
"""The engine's current rules version (`GameConfig.rules_version`).

1: the rules as first released (0.1.0).
2: the fixes of the rules audit (the game page's "Rules versions": scavenger_env/cavein/notes.py).
A record keeps the version it was played under, so old records replay unchanged.
"""

RULES_VERSIONS = (1, 2)

LEGACY_VALUES: Mapping[str, Any] = MappingProxyType(
    {"rules_version": 1, "allow_pass": True}
)
WRITTEN_WHEN_CHANGED: tuple[str, ...] = ("artifact_costs",)
"""Balance knobs added after rules 2: `to_dict` writes them only when changed."""
"""What a field missing from a stored config means: its value before it existed.

Every config written by `to_dict` holds every field (but those of
`WRITTEN_WHEN_CHANGED` at their default), so a missing field means the config was
stored before that field was added; it gets the value that reproduces the rules of
that time (not today's default).
"""


_FACTION_MODES = ("random", "first_game")


@dataclass(frozen=True)
class GameConfig(CheckedConfig):
    """Everything that decides the rules of a game, apart from the seed.

    Attributes:
        num_players: 2, 3 or 4.
        factions: "random" (4 of 6, set-up step 2), "first_game" (the rulebook's
            suggestion) or a tuple of four faction names.
        merc_distribution: copies per level per faction, "5/4/2/2" or "4/4/3/2".
        weedlock_text: "en" (English rulebook) or "de" (German rulebook's texts).
        cave_in_thresholds: Cave-Ins that end the game for 2, 3 and 4 players.
        artifact_costs: the cost of the cards on each artifact stack (not printed;
            research default 4, 6 and 8), a knob for balance studies.
        skill_crystals_cave_in: whether a Cave-In crystal gained without a Mine
            action (L1 skills, Domina, Scrabber, Baton) moves the track.
        scrabber_every_mine: Scrabber's bonus crystal for every Mine action of the
            turn, those made before Scrabber was played included (True), or one
            bonus crystal in the turn (False). Rules 1: after every Mine action
            made while Scrabber is active (True), or only after the turn's first
            Mine action (False).
        allow_pass: END_TURN before the turn's two actions (or Raid) are taken, a
            house rule; without it a turn ends early only when no action is left.
            Rules 1 always allowed it.
        start_player: "random" or a seat number.
        max_rounds: a safety stop (not in the rulebook) for bots that never act.
        rules_version: which fixes of the engine's rules apply (`RULES_VERSION`);
            records of older versions replay under the rules they were made with.
    """

    num_players: int = 2
    factions: str | tuple[str, ...] = "random"
    merc_distribution: str = "5/4/2/2"
    weedlock_text: str = "en"
    cave_in_thresholds: tuple[int, int, int] = CAVE_IN_THRESHOLDS
    artifact_costs: tuple[int, int, int] = ARTIFACT_STACK_COSTS
    skill_crystals_cave_in: bool = False
    scrabber_every_mine: bool = True
    allow_pass: bool = False
    start_player: str | int = "random"
    max_rounds: int = 100
    rules_version: int = RULES_VERSION

    config_error = ConfigError
    legacy_values = LEGACY_VALUES
    written_when_changed = WRITTEN_WHEN_CHANGED

    def __post_init__(self) -> None:
        self._check(
            isinstance(self.num_players, int) and 2 <= self.num_players <= 4,
            "num_players",
            self.num_players,
            "2, 3 or 4",
        )
        if isinstance(self.factions, list):
            object.__setattr__(self, "factions", tuple(self.factions))
        if isinstance(self.factions, tuple):
            names = [str(f).lower() for f in self.factions]
            self._check(
                len(names) == 4
                and all(n in FACTION_BY_NAME for n in names)
                and len({FACTION_BY_NAME[n] for n in names}) == 4,
                "factions",
                self.factions,
                "'random', 'first_game' or a list of four different names of "
                + ", ".join(f.name for f in FACTIONS)
                + ", e.g. [Terron,Bioss,Metanel,Weedlock]",
            )
        else:
            self._check(
                self.factions in _FACTION_MODES,
                "factions",
                self.factions,
                "'random', 'first_game' or a list of four faction names, "
                "e.g. [Terron,Bioss,Metanel,Weedlock]",
            )
        self._check(
            isinstance(self.merc_distribution, str)
            and self.merc_distribution in MERC_DISTRIBUTIONS,
            "merc_distribution",
            self.merc_distribution,
            " or ".join(repr(k) for k in MERC_DISTRIBUTIONS),
        )
        self._check(
            self.weedlock_text in ("en", "de"),
            "weedlock_text",
            self.weedlock_text,
            "'en' or 'de'",
        )
        if isinstance(self.cave_in_thresholds, list):
            object.__setattr__(
                self, "cave_in_thresholds", tuple(self.cave_in_thresholds)
            )
        self._check(
            isinstance(self.cave_in_thresholds, tuple)
            and len(self.cave_in_thresholds) == 3
            and all(is_int(t) and t >= 1 for t in self.cave_in_thresholds),
            "cave_in_thresholds",
            self.cave_in_thresholds,
            "three positive ints for 2, 3 and 4 players, e.g. [7,8,9]",
        )
        if isinstance(self.artifact_costs, list):
            object.__setattr__(self, "artifact_costs", tuple(self.artifact_costs))
        self._check(
            isinstance(self.artifact_costs, tuple)
            and len(self.artifact_costs) == 3
            and all(is_int(c) and 0 <= c <= 30 for c in self.artifact_costs),
            "artifact_costs",
            self.artifact_costs,
            "three ints from 0 to 30, the costs of the three stacks, e.g. [4,6,8]",
        )
        for name in ("skill_crystals_cave_in", "scrabber_every_mine", "allow_pass"):
            value = getattr(self, name)
            self._check(isinstance(value, bool), name, value, "True or False")
        sp = self.start_player
        self._check(
            sp == "random" or (is_int(sp) and 0 <= sp < self.num_players),
            "start_player",
            sp,
            f"'random' or a seat from 0 to {self.num_players - 1}",
        )
        self._check(
            is_int(self.max_rounds) and self.max_rounds >= 1,
            "max_rounds",
            self.max_rounds,
            "a positive int",
        )
        self._check(
            is_int(self.rules_version) and self.rules_version in RULES_VERSIONS,
            "rules_version",
            self.rules_version,
            " or ".join(str(v) for v in RULES_VERSIONS),
        )

    @property
    def cave_in_threshold(self) -> int:
        """The Cave-In count that triggers the end for this player count."""
        return self.cave_in_thresholds[self.num_players - 2]
