"""Cave-In's config values for the registry-driven checks (tests/env/test_config.py
and tests/env/test_api.py): a non-default value for every field, bad values with
the allowed values their message must show, and configs to round-trip."""

from __future__ import annotations

from typing import Any

from scavenger_env.cavein.engine import GameConfig

#: a valid value other than the default for every field
NON_DEFAULT: dict[str, Any] = {
    "num_players": 3,
    "factions": ("green", "blue", "red", "yellow"),
    "merc_distribution": "4/4/3/2",
    "weedlock_text": "de",
    "cave_in_thresholds": (5, 6, 7),
    "artifact_costs": (3, 6, 9),
    "skill_crystals_cave_in": True,
    "scrabber_every_mine": False,
    "allow_pass": True,
    "start_player": 1,
    "max_rounds": 50,
    "rules_version": 1,
}

#: fields with a single allowed value (none for Cave-In)
ONE_VALUE: tuple[str, ...] = ()

#: fields left out of the all-at-once game (they exclude other options)
ALONE: tuple[str, ...] = ()

FACTIONS_ALLOWED = "'random', 'first_game'"
THRESHOLDS_ALLOWED = "three positive ints for 2, 3 and 4 players"

#: (field, bad value, a fragment of the allowed values the message must show)
BAD_VALUES: list[tuple[str, Any, str]] = [
    ("num_players", 1, "2, 3 or 4"),
    ("num_players", 5, "2, 3 or 4"),
    ("num_players", "3", "2, 3 or 4"),
    ("num_players", 3.0, "2, 3 or 4"),
    ("num_players", True, "2, 3 or 4"),
    ("num_players", None, "2, 3 or 4"),
    ("factions", "all", FACTIONS_ALLOWED),
    ("factions", 4, FACTIONS_ALLOWED),
    ("factions", ("terron", "hy'dran", "mineggler"), FACTIONS_ALLOWED),
    (
        "factions",
        ("terron", "hy'dran", "mineggler", "bioss", "weedlock"),
        FACTIONS_ALLOWED,
    ),
    ("factions", ("terron", "terron", "mineggler", "bioss"), FACTIONS_ALLOWED),
    ("factions", ("terron", "brown", "mineggler", "bioss"), FACTIONS_ALLOWED),
    ("factions", ("terron", "hy'dran", "mineggler", "elves"), FACTIONS_ALLOWED),
    ("merc_distribution", "3/3/3/4", "'5/4/2/2' or '4/4/3/2'"),
    ("merc_distribution", "1/1/1/1", "'5/4/2/2' or '4/4/3/2'"),
    ("merc_distribution", "", "'5/4/2/2' or '4/4/3/2'"),
    ("merc_distribution", ["5/4/2/2"], "'5/4/2/2' or '4/4/3/2'"),
    ("weedlock_text", "fr", "'en' or 'de'"),
    ("weedlock_text", "EN", "'en' or 'de'"),
    ("weedlock_text", None, "'en' or 'de'"),
    ("cave_in_thresholds", (7, 8), THRESHOLDS_ALLOWED),
    ("cave_in_thresholds", (7, 8, 9, 10), THRESHOLDS_ALLOWED),
    ("cave_in_thresholds", (0, 8, 9), THRESHOLDS_ALLOWED),
    ("cave_in_thresholds", (7, 8, "9"), THRESHOLDS_ALLOWED),
    ("cave_in_thresholds", (7.0, 8, 9), THRESHOLDS_ALLOWED),
    ("cave_in_thresholds", (True, 8, 9), THRESHOLDS_ALLOWED),
    ("cave_in_thresholds", "789", THRESHOLDS_ALLOWED),
    ("artifact_costs", (4, 6), "three ints from 0 to 30"),
    ("artifact_costs", (4, 6, 31), "three ints from 0 to 30"),
    ("skill_crystals_cave_in", 1, "True or False"),
    ("skill_crystals_cave_in", "yes", "True or False"),
    ("skill_crystals_cave_in", None, "True or False"),
    ("scrabber_every_mine", 0, "True or False"),
    ("scrabber_every_mine", "false", "True or False"),
    ("allow_pass", 1, "True or False"),
    ("allow_pass", None, "True or False"),
    ("start_player", "first", "'random' or a seat from 0 to 1"),
    ("start_player", -1, "'random' or a seat from 0 to 1"),
    ("start_player", 2, "'random' or a seat from 0 to 1"),
    ("start_player", True, "'random' or a seat from 0 to 1"),
    ("start_player", 1.0, "'random' or a seat from 0 to 1"),
    ("max_rounds", 0, "a positive int"),
    ("max_rounds", -3, "a positive int"),
    ("max_rounds", 2.5, "a positive int"),
    ("max_rounds", "10", "a positive int"),
    ("max_rounds", True, "a positive int"),
    ("rules_version", 0, "1 or 2"),
    ("rules_version", 3, "1 or 2"),
    ("rules_version", True, "1 or 2"),
    ("rules_version", "2", "1 or 2"),
    ("rules_version", 2.0, "1 or 2"),
]

#: configs that must survive `to_dict` / `from_dict` and JSON
ROUND_TRIP = [
    GameConfig(),
    GameConfig(num_players=3, factions="first_game", start_player=2),
    GameConfig(artifact_costs=(3, 6, 9), rules_version=1),
    GameConfig(
        num_players=4,
        factions=("bioss", "weedlock", "terron", "metanel"),
        merc_distribution="4/4/3/2",
        weedlock_text="de",
        cave_in_thresholds=(3, 4, 5),
        skill_crystals_cave_in=True,
        scrabber_every_mine=False,
        allow_pass=True,
        max_rounds=12,
    ),
]
