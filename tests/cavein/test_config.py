"""GameConfig's own rules: the start player's range follows the player count, the
thresholds per player count, and what a config stored before a field existed
means. The checks every game's config shares (bad values, the dict round trip)
run over the registry in tests/env/test_config.py, with Cave-In's values from
config_values.py.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from scavenger_env.cavein.engine import RULES_VERSION, ConfigError, GameConfig


def test_start_player_range_follows_num_players() -> None:
    assert GameConfig(num_players=4, start_player=3).start_player == 3
    with pytest.raises(ConfigError, match=re.escape("a seat from 0 to 2")):
        GameConfig(num_players=3, start_player=3)


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


def test_from_dict_fills_missing_fields_with_defaults() -> None:
    """A missing field takes its default, but a missing rules_version means a
    config stored before versions existed: rules 1 (and passing allowed)."""
    assert GameConfig.from_dict({"num_players": 3}) == GameConfig(
        num_players=3, rules_version=1, allow_pass=True
    )
    assert GameConfig.from_dict(
        {"num_players": 3, "rules_version": RULES_VERSION, "allow_pass": False}
    ) == GameConfig(num_players=3)


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


def test_the_dict_leaves_out_only_default_artifact_costs() -> None:
    """`artifact_costs`, a balance knob added after rules 2, is stored only when
    changed, so that older records and digests stay as they were."""
    fields = {f.name for f in dataclasses.fields(GameConfig)}
    assert set(GameConfig().to_dict()) == fields - {"artifact_costs"}
    assert set(GameConfig(artifact_costs=(3, 6, 9)).to_dict()) == fields
