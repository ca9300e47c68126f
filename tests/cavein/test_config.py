"""GameConfig: every bad field value is refused with a message naming the field
and what it accepts; `to_dict` / `from_dict` round-trip; unknown keys are refused.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest

from scavenger_env.cavein.engine import RULES_VERSION, ConfigError, GameConfig

FIELDS = [f.name for f in dataclasses.fields(GameConfig)]

FACTIONS_ALLOWED = "'random', 'first_game'"
THRESHOLDS_ALLOWED = "three positive ints for 2, 3 and 4 players"

#: (field, bad value, a fragment of the allowed values the message must show)
BAD_VALUES: list[tuple[str, Any, str]] = [
    ("num_players", 1, "2, 3 or 4"),
    ("num_players", 5, "2, 3 or 4"),
    ("num_players", "3", "2, 3 or 4"),
    ("num_players", 3.0, "2, 3 or 4"),
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


def test_every_field_has_bad_values_listed() -> None:
    assert sorted({field for field, _, _ in BAD_VALUES}) == sorted(FIELDS)


@pytest.mark.parametrize(("field", "value", "allowed"), BAD_VALUES)
def test_bad_value_is_refused_naming_field_and_allowed_values(
    field: str, value: Any, allowed: str
) -> None:
    with pytest.raises(ConfigError) as info:
        GameConfig(**{field: value})
    message = str(info.value)
    assert message.startswith(f"GameConfig.{field}={value!r} is not allowed; use ")
    assert allowed in message


def test_start_player_range_follows_num_players() -> None:
    assert GameConfig(num_players=4, start_player=3).start_player == 3
    with pytest.raises(ConfigError, match=re.escape("a seat from 0 to 2")):
        GameConfig(num_players=3, start_player=3)


def test_config_error_is_a_value_error() -> None:
    assert issubclass(ConfigError, ValueError)


def test_good_values_are_accepted() -> None:
    config = GameConfig(
        num_players=4,
        factions=["Bioss", "weedlock", "terron", "hy'dran"],
        merc_distribution="4/4/3/2",
        weedlock_text="de",
        cave_in_thresholds=[5, 6, 7],
        skill_crystals_cave_in=True,
        scrabber_every_mine=False,
        start_player=3,
        max_rounds=1,
    )
    assert config.factions == ("Bioss", "weedlock", "terron", "hy'dran")  # a tuple
    assert config.cave_in_thresholds == (5, 6, 7)
    assert config.cave_in_threshold == 7
    assert GameConfig(num_players=2).cave_in_threshold == 7
    assert GameConfig(num_players=3).cave_in_threshold == 8
    assert GameConfig(num_players=4).cave_in_threshold == 9


def test_config_is_frozen() -> None:
    config = GameConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.num_players = 3  # type: ignore[misc]


ROUND_TRIP = [
    GameConfig(),
    GameConfig(num_players=3, factions="first_game", start_player=2),
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


@pytest.mark.parametrize("config", ROUND_TRIP)
def test_to_dict_from_dict_round_trip(config: GameConfig) -> None:
    data = config.to_dict()
    # every field, but a balance knob added after rules 2 left at its default
    assert sorted(data) == sorted(
        f for f in FIELDS if f != "artifact_costs" or config.artifact_costs != (4, 6, 8)
    )
    assert GameConfig.from_dict(data) == config
    # JSON-safe: tuples become lists and come back as tuples.
    again = GameConfig.from_dict(json.loads(json.dumps(data)))
    assert again == config
    assert again.to_dict() == data
    assert hash(again) == hash(config)


def test_from_dict_fills_missing_fields_with_defaults() -> None:
    """A missing field takes its default, but a missing rules_version means a
    config stored before versions existed: rules 1 (and passing allowed)."""
    assert GameConfig.from_dict({"num_players": 3}) == GameConfig(
        num_players=3, rules_version=1, allow_pass=True
    )
    assert GameConfig.from_dict(
        {"num_players": 3, "rules_version": RULES_VERSION, "allow_pass": False}
    ) == GameConfig(num_players=3)


def test_from_dict_rejects_unknown_keys() -> None:
    data = {**GameConfig().to_dict(), "colour": "red", "players": 2}
    with pytest.raises(ConfigError) as info:
        GameConfig.from_dict(data)
    message = str(info.value)
    assert "['colour', 'players']" in message
    for field in FIELDS:  # the allowed keys are listed
        assert f"'{field}'" in message


def test_from_dict_rejects_a_non_dict() -> None:
    with pytest.raises(ConfigError, match="must be a JSON object, got list"):
        GameConfig.from_dict([("num_players", 2)])  # type: ignore[arg-type]


def test_from_dict_refuses_bad_values_with_config_error() -> None:
    with pytest.raises(ConfigError, match=r"GameConfig\.num_players=7"):
        GameConfig.from_dict({"num_players": 7})


def test_rules_version_defaults_to_the_current_rules():
    assert GameConfig().rules_version == RULES_VERSION == 2
    assert GameConfig().to_dict()["rules_version"] == RULES_VERSION


def test_a_stored_config_without_rules_version_keeps_the_first_rules():
    """Records made before the rules audit hold no rules_version: rules 1."""
    stored = GameConfig().to_dict()
    del stored["rules_version"]
    assert GameConfig.from_dict(stored).rules_version == 1
    assert GameConfig.from_dict(GameConfig().to_dict()) == GameConfig()


def test_a_stored_config_without_allow_pass_keeps_passing() -> None:
    """Configs stored before `allow_pass` existed played with END_TURN legal at
    any time; a new config follows the rulebook ("Take two different actions,
    or Raid the Base of any player") unless it asks for the house rule."""
    assert GameConfig().allow_pass is False
    stored = GameConfig().to_dict()
    del stored["allow_pass"]
    assert GameConfig.from_dict(stored).allow_pass is True
    assert GameConfig.from_dict(GameConfig().to_dict()).allow_pass is False
