"""Krysis' config values for the registry-driven checks (tests/env/test_config.py
and tests/env/test_api.py): a non-default value for every field, bad values with
the allowed values their message must show, and configs to round-trip."""

from __future__ import annotations

from typing import Any

from scavenger_env.krysis.engine import KrysisConfig

#: a valid value other than the default for every field
NON_DEFAULT: dict[str, Any] = {
    "num_players": 3,
    "variant": "speed",
    "advanced": True,
    "missions": True,
    "nine_card_hand": True,
    "raid_bank_deserts": False,
    "mission_needs_goods": False,
    "rules_version": 1,  # the default is 2
}

#: fields with a single allowed value (none for Krysis)
ONE_VALUE: tuple[str, ...] = ()

#: fields left out of the all-at-once game: Speed Krysis is a 2-player game
#: without the other variants
ALONE: tuple[str, ...] = ("variant",)

BOOL = "True or False"

#: (field, bad value, a fragment of the allowed values the message must show)
BAD_VALUES: list[tuple[str, Any, str]] = [
    ("num_players", 1, "2, 3 or 4"),
    ("num_players", 5, "2, 3 or 4"),
    ("num_players", "3", "2, 3 or 4"),
    ("num_players", 3.0, "2, 3 or 4"),
    ("num_players", True, "2, 3 or 4"),
    ("num_players", None, "2, 3 or 4"),
    ("variant", "fast", "'standard' or 'speed'"),
    ("variant", "Speed", "'standard' or 'speed'"),
    ("variant", None, "'standard' or 'speed'"),
    ("advanced", 1, BOOL),
    ("advanced", None, BOOL),
    ("missions", "yes", BOOL),
    ("missions", 0, BOOL),
    ("nine_card_hand", 1, BOOL),
    ("raid_bank_deserts", "no", BOOL),
    ("mission_needs_goods", None, BOOL),
    ("rules_version", 0, "1 or 2"),
    ("rules_version", 3, "1 or 2"),
    ("rules_version", True, "1 or 2"),
    ("rules_version", "2", "1 or 2"),
    ("rules_version", 2.0, "1 or 2"),
]

#: configs that must survive `to_dict` / `from_dict` and JSON
ROUND_TRIP = [
    KrysisConfig(),
    KrysisConfig(num_players=2, variant="speed"),
    KrysisConfig(
        num_players=4,
        advanced=True,
        missions=True,
        nine_card_hand=True,
        raid_bank_deserts=False,
        mission_needs_goods=False,
        rules_version=1,
    ),
]
