"""Hewns' PettingZoo environment: PettingZoo's own checks, seeding, replays of
the env's record, the observation's shape and what it hides."""

from __future__ import annotations

import ast
import re
import warnings
from pathlib import Path

import numpy as np
import pettingzoo
import pytest

from scavenger_env import hewns_v0
from scavenger_env.hewns.engine.actions import NUM_ACTIONS
from scavenger_env.hewns.env import raw_env
from scavenger_env.hewns.game import HEWNS
from scavenger_env.hewns.observation import LAYOUT, OBS_SIZE, OFFSETS, views

ROOT = Path(__file__).resolve().parents[2]

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


def play_out(e: pettingzoo.AECEnv, seed: int) -> list[int]:
    """Play a whole game with random legal actions; return the agents' actions."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    played = []
    for _ in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        action = (
            None
            if term or trunc
            else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        if action is not None:
            played.append(action)
        e.step(action)
    return played


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_pettingzoo_api_test_passes(num_players: int) -> None:
    """PettingZoo's own API test, wrapped and raw."""
    api_test(hewns_v0.env(num_players=num_players), num_cycles=500)
    api_test(hewns_v0.raw_env(num_players=num_players), num_cycles=200)


@pytest.mark.parametrize("num_players", [2, 4])
def test_pettingzoo_seed_test_passes(num_players: int) -> None:
    """The same seed gives the same game (rolls and draws included)."""
    seed_test(lambda: hewns_v0.env(num_players=num_players), num_cycles=500)


def test_the_envs_record_replays_to_the_same_game() -> None:
    """The env keeps every engine action, rolls and draws included: replaying
    them from the seed gives the same final position."""
    e = raw_env(num_players=3)
    play_out(e, 21)
    assert HEWNS.is_over(e.game)
    replay = HEWNS.new_game(HEWNS.make_config(3), e.seed_used)
    for a in e.actions:
        HEWNS.apply_action(replay, a)
    assert HEWNS.same_state(replay, e.game)


def test_the_same_seed_and_actions_give_the_same_observations() -> None:
    """Two envs with the same seed and the same actions agree at every step."""
    a, b = raw_env(num_players=2), raw_env(num_players=2)
    played = play_out(a, 5)
    b.reset(seed=5)
    for action in played:
        agent = b.agent_selection
        obs = b.observe(agent)
        assert obs["action_mask"][action] == 1
        b.step(action)
    assert HEWNS.same_state(a.game, b.game)


def test_the_observation_layout_is_flat_and_bounded() -> None:
    """Every view lies in the vector once, in order; values stay in [0, 1]."""
    assert OFFSETS["seats"][1] == OBS_SIZE
    assert [name for name, _ in LAYOUT] == [
        "decision",
        "global",
        "offer",
        "spaces",
        "hewns",
        "seats",
    ]
    e = raw_env(num_players=4)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(300):
        if e.terminations[e.agent_selection]:
            break
        obs = e.observe(e.agent_selection)
        vec = obs["observation"]
        assert vec.shape == (OBS_SIZE,) and vec.dtype == np.float32
        assert vec.min() >= 0.0 and vec.max() <= 1.0
        assert obs["action_mask"].shape == (NUM_ACTIONS,)
        assert views(vec)["decision"][:80].sum() == 1  # the kind on top
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_an_illegal_action_is_refused_by_the_raw_env() -> None:
    """`raw_env` raises the engine's `IllegalActionError` and changes nothing."""
    e = raw_env(num_players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = HEWNS.clone(e.game)
    with pytest.raises(ValueError):
        e.step(illegal)
    assert HEWNS.same_state(before, e.game)


def test_the_docstring_table_gives_every_views_indices() -> None:
    """The observation's docstring tables each view's index range."""
    # read from the source: a compiled (mypyc) module's file is its extension
    source = (ROOT / "scavenger_env" / "hewns" / "observation.py").read_text()
    doc = ast.get_docstring(ast.parse(source)) or ""
    rows = {
        m[0]: (int(m[1]), int(m[2]))
        for m in re.findall(r"(?m)^(\w+)\s+(\d+)-(\d+)\s+\(", doc)
    }
    assert rows == {n: (a, b - 1) for n, (a, b) in OFFSETS.items()}
