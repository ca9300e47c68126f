"""KrysisConfig: the rules variant of one game, frozen and validated.

The defaults are the English rulebook's basic game plus this project's rulings
where it is silent (`scavenger_env.krysis.notes.RULINGS`); every ruling on which
reasonable players differ is an option.
"""

from __future__ import annotations

from dataclasses import dataclass

from scavenger_env.core import errors as core_errors
from scavenger_env.core.config import CheckedConfig, is_int


class ConfigError(core_errors.ConfigError):
    """A KrysisConfig field has a value the rules do not allow."""


RULES_VERSION = 2
"""The engine's rules version; a record keeps the version it was played under.

1: the first release. 2: bids of any size (a count of a colour above 15 is
chosen digit by digit, base 16), 3 special agents identical for every company
and 3 unique to each, and the before/after choice made for each special agent.
Games under rules 1 play exactly as they always did."""

RULES_VERSIONS = (1, 2)
VARIANTS = ("standard", "speed")


@dataclass(frozen=True)
class KrysisConfig(CheckedConfig):
    """Everything that decides the rules of a game of Krysis, apart from the seed.

    Attributes:
        num_players: 2, 3 or 4.
        variant: "standard" (the rulebook) or "speed" (Speed Krysis, the
            publisher's 2-player variant: 3 rounds, forced actions).
        advanced: the advanced game with special agents (each player drafts a
            squad of 18 of 24 agents at the start).
        missions: the mission cards (+10 VP for the most of one kind at home).
        nine_card_hand: the optional rule for a more tactical game: choose 9
            agents as the starting hand.
        raid_bank_deserts: whether a raider who sells the loot deserts the
            campsite. True is the rule: "If the active player transports goods
            home or to the bank, the relic cards that he played in this round
            have to be discarded (he deserts his campsite for the round)"
            (rulebook, Relic Cards); False is a house rule that lets a raider
            who sells the loot keep guarding.
        mission_needs_goods: whether a mission needs at least one of its goods
            (a tie at zero completes nobody's mission).
        rules_version: which version of the engine's rules applies (see
            `RULES_VERSION`; records keep theirs).
    """

    num_players: int = 2
    variant: str = "standard"
    advanced: bool = False
    missions: bool = False
    nine_card_hand: bool = False
    raid_bank_deserts: bool = True
    mission_needs_goods: bool = True
    rules_version: int = RULES_VERSION

    config_error = ConfigError

    def __post_init__(self) -> None:
        self._check(
            is_int(self.num_players) and 2 <= self.num_players <= 4,
            "num_players",
            self.num_players,
            "2, 3 or 4",
        )
        self._check(
            self.variant in VARIANTS,
            "variant",
            self.variant,
            " or ".join(repr(v) for v in VARIANTS),
        )
        for name in (
            "advanced",
            "missions",
            "nine_card_hand",
            "raid_bank_deserts",
            "mission_needs_goods",
        ):
            value = getattr(self, name)
            self._check(isinstance(value, bool), name, value, "True or False")
        if self.variant == "speed":
            self._check(
                self.num_players == 2,
                "num_players",
                self.num_players,
                "2 with variant='speed' (Speed Krysis is a 2-player game)",
            )
            for name in ("advanced", "missions", "nine_card_hand"):
                self._check(
                    not getattr(self, name),
                    name,
                    getattr(self, name),
                    "False with variant='speed' (Speed Krysis has no such option)",
                )
        self._check(
            is_int(self.rules_version) and self.rules_version in RULES_VERSIONS,
            "rules_version",
            self.rules_version,
            " or ".join(str(v) for v in RULES_VERSIONS),
        )

    @property
    def speed(self) -> bool:
        return self.variant == "speed"

    @property
    def rounds(self) -> int:
        return 3 if self.speed else 5
