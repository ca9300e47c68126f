"""HewnsConfig: the defaults, the scenario's numbers per player count, the card
sets by name and the calibration knobs. The checks every game's config shares
(bad values refused by the constructor and `from_dict`, the dict round trip,
unknown keys) run over the registry in tests/env/test_config.py, with Hewns'
values from config_values.py.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scavenger_env.hewns.engine import data
from scavenger_env.hewns.engine.config import (
    BUILT_CARD_SETS,
    DEFAULT_CARDS,
    RULES_VERSION,
    HewnsConfig,
    HewnsConfigError,
)
from scavenger_env.hewns.engine.data import CardSet


@pytest.mark.parametrize(
    ("n", "income", "pile", "bidoxes"),
    [(2, (26, 22, 18), 28, 8), (3, (24, 20, 16), 29, 6), (4, (22, 19, 16), 30, 4)],
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


def test_defaults() -> None:
    config = HewnsConfig()
    assert dataclasses.asdict(config) == {
        "num_players": 2,
        "cards": "complete",
        "map": "crater",
        "mudgestick": 3,
        "nananbites_per_bidox": 2,
        "score_carried": True,
        "damaged_transmit": True,
        "income": None,
        "pile": None,
        "bidoxes": None,
        "secret_loads": None,
        "card_data": None,
        "danger_faces": None,
        "max_decisions": 20_000,
        "rules_version": 3,
    }
    assert config.rules_version == RULES_VERSION == 3
    assert config.card_set is CardSet.COMPLETE
    assert config.loads_secret  # loads are secret in the complete game only
    assert not HewnsConfig(cards="nanas").loads_secret
    assert HewnsConfig(cards="nanas", secret_loads=True).loads_secret
    assert not HewnsConfig(secret_loads=False).loads_secret
    # the data's designed values are the defaults, not copies of them
    assert config.mudgestick == data.MUDGESTICK.value
    assert config.nananbites_per_bidox == data.NANANBITES_PER_BIDOX.value


#: the scenario card's numbers per player count (the design's table, restated
#: here rather than read from the data, so a change to either is caught; the
#: piles and Bidoxes as calibrated, `data.CALIBRATION_LOG`)
SCENARIO = {
    2: ((26, 22, 18), 28, 8),
    3: ((24, 20, 16), 29, 6),
    4: ((22, 19, 16), 30, 4),
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


def test_default_dict_holds_no_calibration_knobs() -> None:
    assert HewnsConfig(num_players=4).to_dict() == {
        "num_players": 4,
        "cards": "complete",
        "map": "crater",
        "mudgestick": 3,
        "nananbites_per_bidox": 2,
        "score_carried": True,
        "max_decisions": 20_000,
        "rules_version": 3,
    }
    assert HewnsConfig(income=(26, 22, 18)).to_dict()["income"] == [26, 22, 18]


def test_every_card_set_is_built_and_the_default_is_the_whole_game() -> None:
    """Every card set plays, and a game plays the complete set (the swarms, the
    secret loads) unless told otherwise."""
    assert BUILT_CARD_SETS == data.CARD_SET_NAMES
    assert DEFAULT_CARDS == "complete" and HewnsConfig().cards == "complete"
    assert HewnsConfig().loads_secret
    config = HewnsConfig(cards="complete")
    assert config.card_set is CardSet.COMPLETE
    assert HewnsConfig.from_dict(config.to_dict()) == config


def test_an_unknown_card_set_is_refused() -> None:
    with pytest.raises(HewnsConfigError, match="'core' or 'terrain' or 'nanas'"):
        HewnsConfig(cards="everything")
