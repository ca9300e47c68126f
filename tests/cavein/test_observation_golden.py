"""The observation of a fixed 3-player state, bit for bit, against a checked-in file.

`golden/observation_cavein_3p.json` holds the state's recipe (config, seed and the
actions played) and, for each seat, the observation and its named views. Any
change to the encoding shows up here by view name; when it is intended, run
`python tests/cavein/golden/regenerate.py` and commit the new file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    Phase,
    apply_action,
    new_game,
)
from scavenger_env.cavein.observation import LAYOUT, OBS_SIZE, encode, views

GOLDEN = Path(__file__).with_name("golden") / "observation_cavein_3p.json"
REGENERATE = (
    "if the change is intended, run `python tests/cavein/golden/regenerate.py` "
    "and commit the new golden file"
)


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def state(golden: dict[str, Any]) -> GameState:
    s = new_game(GameConfig(**golden["config"]), seed=golden["seed"])
    for action in golden["actions"]:
        apply_action(s, action)  # raises if the engine no longer allows it
    return s


def test_the_recipe_is_the_documented_one(
    golden: dict[str, Any], state: GameState
) -> None:
    assert golden["config"] == {
        "num_players": 3,
        "factions": "first_game",
        "start_player": 0,
    }
    assert golden["seed"] == 2024
    assert len(golden["actions"]) >= 90  # then on to a payment with a card in it
    assert golden["phase"] == "PAY"
    assert Phase(state.phase).name == golden["phase"], REGENERATE
    assert state.current_player == golden["current_player"], REGENERATE


def test_the_layout_is_unchanged(golden: dict[str, Any]) -> None:
    assert [[name, list(shape)] for name, shape in LAYOUT] == golden["layout"], (
        REGENERATE
    )
    assert golden["obs_size"] == OBS_SIZE, REGENERATE


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_observation_is_unchanged(
    golden: dict[str, Any], state: GameState, seat: int
) -> None:
    stored = golden["seats"][str(seat)]
    obs = encode(state, seat)
    assert obs.dtype == np.float32
    assert obs.shape == (OBS_SIZE,)
    got = views(obs)
    changed = []
    for name, shape in LAYOUT:
        want = np.asarray(stored["views"][name], np.float32)
        if want.shape != tuple(shape) or not np.array_equal(got[name], want):
            where = (
                np.argwhere(got[name] != want)[:5].tolist()
                if want.shape == shape
                else "shape"
            )
            changed.append(f"{name} at {where}")
    assert not changed, (
        f"seat {seat}: the observation differs from {GOLDEN.name} in view(s) "
        f"{'; '.join(changed)}; {REGENERATE}"
    )
    assert np.array_equal(obs, np.asarray(stored["observation"], np.float32)), (
        REGENERATE
    )


def test_the_golden_state_is_rich_enough_to_be_worth_checking(
    golden: dict[str, Any],
) -> None:
    """Guard against a regenerated file of a trivial state."""
    for seat in ("0", "1", "2"):
        v = golden["seats"][seat]["views"]
        assert np.count_nonzero(v["base"]) >= 6
        assert np.count_nonzero(v["hand"]) >= 1
        assert np.count_nonzero(v["mine"]) >= 20
        assert np.count_nonzero(v["crystals"]) >= 1
        assert np.count_nonzero(v["payment"]) >= 2  # the state is mid-payment
