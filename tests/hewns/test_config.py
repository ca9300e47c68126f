"""HewnsConfig: the defaults, every bad field value refused with a message naming
the field and what it accepts, the scenario's numbers per player count, and the
`to_dict` / `from_dict` round trip (unknown keys refused).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from scavenger_env.core.errors import ConfigError
from scavenger_env.hewns.engine import data
from scavenger_env.hewns.engine.config import (
    BUILT_CARD_SETS,
    RULES_VERSION,
    HewnsConfig,
    HewnsConfigError,
)
from scavenger_env.hewns.engine.data import CardSet

FIELDS = [f.name for f in dataclasses.fields(HewnsConfig)]

CARDS_ALLOWED = "'core' or 'terrain' or 'nanas' or 'complete'"
INCOME_ALLOWED = "three positive ints, the dirty income in rounds 1, 2 and 3"
PILE_ALLOWED = "or a positive int"
BIDOXES_ALLOWED = "or an int from 1 to 32"

#: (field, bad value, a fragment of the allowed values the message must show)
BAD_VALUES: list[tuple[str, Any, str]] = [
    ("num_players", 1, "2, 3 or 4"),
    ("num_players", 5, "2, 3 or 4"),
    ("num_players", "3", "2, 3 or 4"),
    ("num_players", 3.0, "2, 3 or 4"),
    ("num_players", True, "2, 3 or 4"),
    ("num_players", None, "2, 3 or 4"),
    ("cards", "base", CARDS_ALLOWED),
    ("cards", "Core", CARDS_ALLOWED),
    ("cards", 1, CARDS_ALLOWED),
    ("cards", CardSet.CORE, CARDS_ALLOWED),
    ("cards", ["core"], CARDS_ALLOWED),
    ("cards", None, CARDS_ALLOWED),
    ("map", "moon", "'crater'"),
    ("map", "", "'crater'"),
    ("map", None, "'crater'"),
    ("mudgestick", 1, "an int from 2 to 6 (spaces)"),
    ("mudgestick", 7, "an int from 2 to 6 (spaces)"),
    ("mudgestick", 3.0, "an int from 2 to 6 (spaces)"),
    ("mudgestick", "3", "an int from 2 to 6 (spaces)"),
    ("mudgestick", True, "an int from 2 to 6 (spaces)"),
    ("nananbites_per_bidox", 0, "1 or 2"),
    ("nananbites_per_bidox", 3, "1 or 2"),
    ("nananbites_per_bidox", True, "1 or 2"),
    ("nananbites_per_bidox", 2.0, "1 or 2"),
    ("score_carried", 1, "True or False"),
    ("score_carried", 0, "True or False"),
    ("score_carried", "yes", "True or False"),
    ("score_carried", None, "True or False"),
    ("damaged_transmit", 1, "True or False"),
    ("damaged_transmit", None, "True or False"),
    ("income", (26, 22), INCOME_ALLOWED),
    ("income", (26, 22, 18, 14), INCOME_ALLOWED),
    ("income", (26, 0, 18), INCOME_ALLOWED),
    ("income", (26, -1, 18), INCOME_ALLOWED),
    ("income", (26, 22, "18"), INCOME_ALLOWED),
    ("income", (26.0, 22, 18), INCOME_ALLOWED),
    ("income", (True, 22, 18), INCOME_ALLOWED),
    ("income", [26, 22], INCOME_ALLOWED),
    ("income", 26, INCOME_ALLOWED),
    ("income", "26,22,18", INCOME_ALLOWED),
    ("pile", 0, PILE_ALLOWED),
    ("pile", -90, PILE_ALLOWED),
    ("pile", 90.0, PILE_ALLOWED),
    ("pile", "90", PILE_ALLOWED),
    ("pile", True, PILE_ALLOWED),
    ("bidoxes", 0, BIDOXES_ALLOWED),
    ("bidoxes", 33, BIDOXES_ALLOWED),
    ("bidoxes", 6.0, BIDOXES_ALLOWED),
    ("bidoxes", True, BIDOXES_ALLOWED),
    ("max_decisions", 0, "a positive int"),
    ("max_decisions", -1, "a positive int"),
    ("max_decisions", 2.5, "a positive int"),
    ("max_decisions", "20000", "a positive int"),
    ("max_decisions", True, "a positive int"),
    ("rules_version", 0, "use 1 or 2"),
    ("rules_version", 3, "use 1 or 2"),
    ("rules_version", True, "use 1 or 2"),
    ("rules_version", "1", "use 1 or 2"),
    ("rules_version", 1.0, "use 1 or 2"),
]


def test_every_field_has_bad_values_listed() -> None:
    assert sorted({field for field, _, _ in BAD_VALUES}) == sorted(FIELDS)


@pytest.mark.parametrize(("field", "value", "allowed"), BAD_VALUES)
def test_bad_value_is_refused_naming_field_and_allowed_values(
    field: str, value: Any, allowed: str
) -> None:
    made: list[HewnsConfig] = []
    with pytest.raises(HewnsConfigError) as info:
        made.append(HewnsConfig(**{field: value}))
    assert made == []  # no object escapes
    message = str(info.value)
    assert message.startswith(f"HewnsConfig.{field}={value!r} is not allowed; use ")
    assert allowed in message


@pytest.mark.parametrize(("field", "value", "allowed"), BAD_VALUES)
def test_from_dict_refuses_the_same_values(
    field: str, value: Any, allowed: str
) -> None:
    stored = HewnsConfig(num_players=3).to_dict()
    before = dict(stored)
    with pytest.raises(HewnsConfigError, match=f"HewnsConfig.{field}=") as info:
        HewnsConfig.from_dict({**stored, field: value})
    assert allowed in str(info.value)
    assert stored == before  # the caller's dict is left as it was


@pytest.mark.parametrize(
    ("n", "income", "pile", "bidoxes"),
    [(2, (26, 22, 18), 90, 6), (3, (24, 20, 16), 120, 5), (4, (22, 19, 16), 150, 4)],
)
def test_calibration_messages_quote_the_scenario_for_the_player_count(
    n: int, income: tuple[int, int, int], pile: int, bidoxes: int
) -> None:
    shown = ", ".join(str(i) for i in income)
    cases: list[tuple[str, Any, str]] = [
        ("income", (1,), shown),
        ("pile", 0, str(pile)),
        ("bidoxes", 0, str(bidoxes)),
    ]
    for field, value, scenario in cases:
        with pytest.raises(HewnsConfigError) as info:
            HewnsConfig(num_players=n, **{field: value})
        assert f"None (the scenario's, {scenario} for {n} players)" in str(info.value)


def test_config_error_is_the_core_config_error() -> None:
    """Generic tools catch any game's bad config by the core class."""
    assert issubclass(HewnsConfigError, ConfigError)
    assert issubclass(HewnsConfigError, ValueError)
    with pytest.raises(ConfigError):
        HewnsConfig(num_players=7)


def test_defaults() -> None:
    config = HewnsConfig()
    assert dataclasses.asdict(config) == {
        "num_players": 2,
        "cards": "core",
        "map": "crater",
        "mudgestick": 3,
        "nananbites_per_bidox": 2,
        "score_carried": True,
        "damaged_transmit": True,
        "income": None,
        "pile": None,
        "bidoxes": None,
        "max_decisions": 20_000,
        "rules_version": 2,
    }
    assert config.rules_version == RULES_VERSION == 2
    assert config.card_set is CardSet.CORE
    # the data's designed values are the defaults, not copies of them
    assert config.mudgestick == data.MUDGESTICK.value
    assert config.nananbites_per_bidox == data.NANANBITES_PER_BIDOX.value


def test_config_is_frozen() -> None:
    config = HewnsConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.num_players = 3  # type: ignore[misc]
    assert config == HewnsConfig()


#: the scenario card's numbers per player count (the design's table, restated
#: here rather than read from the data, so a change to either is caught)
SCENARIO = {
    2: ((26, 22, 18), 90, 6),
    3: ((24, 20, 16), 120, 5),
    4: ((22, 19, 16), 150, 4),
}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_scenario_defaults_per_player_count(n: int) -> None:
    income, pile, bidoxes = SCENARIO[n]
    config = HewnsConfig(num_players=n)
    assert config.effective_income == income
    assert config.effective_pile == pile
    assert config.effective_bidoxes == bidoxes
    scenario = config.scenario
    assert scenario == data.raw_substract(n)
    assert (scenario.income, scenario.normal_pile, scenario.bidoxes) == SCENARIO[n]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_set_calibration_values_override_the_scenario(n: int) -> None:
    config = HewnsConfig(
        num_players=n, income=(5, 4, 3), pile=7, bidoxes=32, nananbites_per_bidox=1
    )
    assert config.effective_income == (5, 4, 3)
    assert config.effective_pile == 7
    assert config.effective_bidoxes == 32
    scenario = config.scenario
    assert (scenario.income, scenario.normal_pile, scenario.bidoxes) == (
        (5, 4, 3),
        7,
        32,
    )
    assert scenario.nananbites_per_bidox == 1
    # everything else is the scenario's
    assert dataclasses.replace(
        scenario,
        income=data.raw_substract(n).income,
        normal_pile=data.raw_substract(n).normal_pile,
        bidoxes=data.raw_substract(n).bidoxes,
        nananbites_per_bidox=data.raw_substract(n).nananbites_per_bidox,
    ) == data.raw_substract(n)


@pytest.mark.parametrize(
    ("name", "card_set"),
    [
        ("core", CardSet.CORE),
        ("terrain", CardSet.TERRAIN),
        ("nanas", CardSet.NANAS),
        ("complete", CardSet.COMPLETE),
    ],
)
def test_card_set_names(name: str, card_set: CardSet) -> None:
    assert data.card_set(name) is card_set
    if name in BUILT_CARD_SETS:
        config = HewnsConfig(cards=name)
        assert config.card_set is card_set
        assert HewnsConfig.from_dict(config.to_dict()).card_set is card_set


def test_card_set_names_are_the_datas() -> None:
    assert data.CARD_SET_NAMES == ("core", "terrain", "nanas", "complete")


def test_good_values_are_accepted() -> None:
    config = HewnsConfig(
        num_players=4,
        cards="core",
        mudgestick=6,
        nananbites_per_bidox=1,
        score_carried=False,
        income=[30, 20, 10],  # type: ignore[arg-type]
        pile=1,
        bidoxes=1,
        max_decisions=1,
    )
    assert config.income == (30, 20, 10)  # a list is kept as a tuple
    assert HewnsConfig(mudgestick=2).mudgestick == 2
    assert hash(config) == hash(dataclasses.replace(config))


ROUND_TRIP = [
    HewnsConfig(),
    HewnsConfig(num_players=3, cards="core", mudgestick=4),
    HewnsConfig(num_players=4, income=(1, 2, 3)),
    HewnsConfig(pile=200),
    HewnsConfig(bidoxes=2),
    HewnsConfig(damaged_transmit=False),
    HewnsConfig(
        num_players=4,
        cards="core",
        mudgestick=2,
        nananbites_per_bidox=1,
        score_carried=False,
        income=(10, 9, 8),
        pile=77,
        bidoxes=12,
        max_decisions=500,
    ),
]


@pytest.mark.parametrize("config", ROUND_TRIP)
def test_to_dict_from_dict_round_trip(config: HewnsConfig) -> None:
    stored = config.to_dict()
    # every field, but the calibration knobs only when set
    assert sorted(stored) == sorted(
        f
        for f in FIELDS
        if f not in ("income", "pile", "bidoxes", "damaged_transmit")
        or getattr(config, f) not in (None, True)
    )
    assert HewnsConfig.from_dict(stored) == config
    # JSON-safe: the income tuple becomes a list and comes back a tuple
    again = HewnsConfig.from_dict(json.loads(json.dumps(stored)))
    assert again == config
    assert again.to_dict() == stored
    assert hash(again) == hash(config)


def test_default_dict_holds_no_calibration_knobs() -> None:
    assert HewnsConfig(num_players=4).to_dict() == {
        "num_players": 4,
        "cards": "core",
        "map": "crater",
        "mudgestick": 3,
        "nananbites_per_bidox": 2,
        "score_carried": True,
        "max_decisions": 20_000,
        "rules_version": 2,
    }
    assert HewnsConfig(income=(26, 22, 18)).to_dict()["income"] == [26, 22, 18]


def test_from_dict_fills_missing_fields_with_defaults() -> None:
    assert HewnsConfig.from_dict({}) == HewnsConfig()
    assert HewnsConfig.from_dict({"num_players": 3}) == HewnsConfig(num_players=3)


def test_from_dict_rejects_unknown_keys() -> None:
    stored = {**HewnsConfig().to_dict(), "stage": 4, "colour": "red"}
    with pytest.raises(HewnsConfigError) as info:
        HewnsConfig.from_dict(stored)
    message = str(info.value)
    assert "['colour', 'stage']" in message
    for field in FIELDS:  # the allowed keys are listed
        assert f"'{field}'" in message


def test_from_dict_rejects_a_non_dict() -> None:
    with pytest.raises(HewnsConfigError, match="must be a JSON object, got list"):
        HewnsConfig.from_dict([("num_players", 2)])  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["terrain", "nanas", "complete"])
def test_card_sets_not_built_yet_are_refused(name: str) -> None:
    assert name not in BUILT_CARD_SETS
    with pytest.raises(HewnsConfigError, match=f"{name!r} cards are not built yet"):
        HewnsConfig(cards=name)
    with pytest.raises(HewnsConfigError, match="use 'core'"):
        HewnsConfig.from_dict({"num_players": 2, "cards": name})
