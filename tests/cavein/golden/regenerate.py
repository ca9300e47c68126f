"""Rewrite observation_cavein_3p.json, the golden observation of a fixed state.

Run it when a change to the observation is intended:

    python tests/cavein/golden/regenerate.py

The state: `new_game(GameConfig(num_players=3, factions="first_game",
start_player=0), seed=2024)` after at least 90 uniformly random legal actions drawn
with `numpy.random.default_rng(2024)`, up to the first payment with a card in it. The actions are stored in the file, so the test
replays them and does not depend on how they were drawn. For every seat the file
holds the encoded observation and its named views (as nested lists), exact to
the last bit of each float32.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from scavenger_env.cavein.engine import (
    GameConfig,
    Phase,
    apply_action,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.observation import LAYOUT, OBS_SIZE, encode, views

PATH = Path(__file__).with_name("observation_cavein_3p.json")
CONFIG = {"num_players": 3, "factions": "first_game", "start_player": 0}
SEED = 2024
ACTION_SEED = 2024
NUM_ACTIONS = 90


def golden() -> dict[str, Any]:
    """The file's content, computed from the current code."""
    config = GameConfig(**CONFIG)
    state = new_game(config, seed=SEED)
    rng = np.random.default_rng(ACTION_SEED)
    actions = []
    # At least NUM_ACTIONS, then on to a payment with a card in it, so the
    # golden state shows a payment in progress too.
    while len(actions) < NUM_ACTIONS or not (
        state.phase == Phase.PAY and len(state.pay) > 2
    ):
        legal = legal_actions(state)
        action = legal[int(rng.integers(len(legal)))]
        apply_action(state, action)
        actions.append(action)
    seats = {}
    for seat in range(config.num_players):
        obs = encode(state, seat)
        seats[str(seat)] = {
            "observation": obs.tolist(),  # float32 -> float is exact
            "views": {name: view.tolist() for name, view in views(obs).items()},
        }
    return {
        "about": "Golden observation of a fixed Cave-In state; regenerate with "
        "`python tests/cavein/golden/regenerate.py` when a change is intended.",
        "config": CONFIG,
        "seed": SEED,
        "action_seed": ACTION_SEED,
        "actions": actions,
        "phase": Phase(state.phase).name,
        "current_player": state.current_player,
        "obs_size": OBS_SIZE,
        "layout": [[name, list(shape)] for name, shape in LAYOUT],
        "seats": seats,
    }


def dumps(value: Any, indent: int = 0) -> str:
    """JSON with one line per dict entry and every list on one line."""
    if isinstance(value, dict):
        pad = " " * (indent + 2)
        items = [
            f"{pad}{json.dumps(k)}: {dumps(v, indent + 2)}" for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return json.dumps(value, separators=(", ", ": "))


def main() -> None:
    PATH.write_text(dumps(golden()) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
