"""Krysis' PettingZoo environment: PettingZoo's own checks, registration, options,
rewards, rendering, and the game contract through `check_game`."""

from __future__ import annotations

import dataclasses
import itertools
import warnings

import numpy as np
import pettingzoo
import pytest

from scavenger_env import krysis_v0
from scavenger_env.core.game_check import check_game
from scavenger_env.krysis.engine import ConfigError, IllegalActionError, KrysisConfig
from scavenger_env.krysis.env import raw_env
from scavenger_env.krysis.game import KRYSIS
from scavenger_env.krysis.observation import OBS_SIZE
from scavenger_env.krysis.render import render_state

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]

# A valid value other than the default for every KrysisConfig field; the test
# below fails when a field is added without an entry here.
NON_DEFAULT = {
    "num_players": 3,
    "variant": "speed",
    "advanced": True,
    "missions": True,
    "nine_card_hand": True,
    "raid_bank_deserts": False,
    "mission_needs_goods": False,
    "rules_version": 1,  # the default is 2
}
SPEED_ONLY = {"variant"}  # needs 2 players and no other variant


def play_out(e: pettingzoo.AECEnv, seed: int) -> list[int]:
    """Play a whole game with random legal actions; return the actions."""
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
    api_test(krysis_v0.env(num_players=num_players), num_cycles=500)
    api_test(krysis_v0.raw_env(num_players=num_players), num_cycles=200)


@pytest.mark.parametrize(
    "options",
    [{"num_players": 3}, {"num_players": 2, "advanced": True, "missions": True}],
)
def test_pettingzoo_seed_test_passes(options: dict) -> None:
    seed_test(lambda: krysis_v0.env(**options), num_cycles=500)


def test_speed_krysis_passes_the_api_test() -> None:
    api_test(krysis_v0.env(num_players=2, variant="speed"), num_cycles=200)


def test_same_seed_same_game_other_seed_other_game() -> None:
    a = play_out(krysis_v0.env(num_players=3), seed=11)
    b = play_out(krysis_v0.env(num_players=3), seed=11)
    c = play_out(krysis_v0.env(num_players=3), seed=12)
    assert a == b
    assert a != c


def test_pettingzoo_make_round_trip() -> None:
    assert "scavenger/krysis-v0" in pettingzoo.aec_registry
    made = pettingzoo.make("aec", "scavenger/krysis-v0", num_players=3)
    direct = krysis_v0.env(num_players=3)
    assert isinstance(made.unwrapped, raw_env)
    assert made.unwrapped.config == direct.unwrapped.config == KrysisConfig(3)
    made.reset(seed=3)
    direct.reset(seed=3)
    assert made.possible_agents == ["player_0", "player_1", "player_2"]
    for agent in made.possible_agents:
        ours, theirs = made.observe(agent), direct.observe(agent)
        assert ours["observation"].shape == (OBS_SIZE,)
        assert np.array_equal(ours["observation"], theirs["observation"])
        assert np.array_equal(ours["action_mask"], theirs["action_mask"])
    assert play_out(made, 8) == play_out(direct, 8)


def test_the_table_of_non_default_values_covers_every_config_field() -> None:
    names = {f.name for f in dataclasses.fields(KrysisConfig)}
    assert set(NON_DEFAULT) == names
    defaults = KrysisConfig()
    for name, value in NON_DEFAULT.items():
        assert getattr(defaults, name) != value, name


@pytest.mark.parametrize("name", sorted(set(NON_DEFAULT) - {"num_players"}))
def test_every_config_option_is_accepted_as_a_keyword(name: str) -> None:
    e = krysis_v0.env(num_players=2, **{name: NON_DEFAULT[name]})
    assert getattr(e.unwrapped.config, name) == NON_DEFAULT[name]
    assert len(play_out(e, 4)) > 5


def test_all_variant_options_at_once_play_a_whole_game() -> None:
    options = {k: v for k, v in NON_DEFAULT.items() if k not in SPEED_ONLY}
    e = krysis_v0.env(**options, reward="score", render_mode="ansi")
    assert e.unwrapped.config == KrysisConfig(**options)
    assert len(play_out(e, 4)) > 100


@pytest.mark.parametrize(
    ("kwargs", "named", "allowed"),
    [
        ({"num_players": 5}, "num_players", "2, 3 or 4"),
        ({"variant": "fast"}, "variant", "'standard' or 'speed'"),
        ({"num_players": 3, "variant": "speed"}, "num_players", "2 with"),
        ({"variant": "speed", "advanced": True}, "advanced", "False with"),
        ({"missions": "yes"}, "missions", "True or False"),
        ({"reward": "money"}, "reward", "'win' or 'score'"),
        ({"colour": "red"}, "colour", "advanced"),
    ],
)
def test_a_bad_value_raises_config_error_naming_what_is_allowed(
    kwargs: dict, named: str, allowed: str
) -> None:
    for make in (krysis_v0.env, krysis_v0.raw_env):
        with pytest.raises(ConfigError) as info:
            make(**kwargs)
        assert named in str(info.value)
        assert allowed in str(info.value)


def test_an_illegal_action_raises_in_raw_env_and_changes_nothing() -> None:
    e = krysis_v0.raw_env(num_players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = KRYSIS.clone(e.game)
    with pytest.raises(IllegalActionError, match="must now"):
        e.step(bad)
    assert KRYSIS.same_state(before, e.game)


def test_an_illegal_action_loses_in_the_wrapped_env() -> None:
    e = krysis_v0.env(num_players=2)
    e.reset(seed=1)
    mover = e.agent_selection
    mask = e.observe(mover)["action_mask"]
    with pytest.warns(UserWarning):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.rewards[mover] == -1
    assert all(e.terminations.values()) or all(e.truncations.values())


def test_win_and_score_rewards_at_the_end() -> None:
    for reward in ("win", "score"):
        e = krysis_v0.raw_env(num_players=3, reward=reward)
        total = dict.fromkeys(e.possible_agents, 0.0)
        rng = np.random.default_rng(5)
        e.reset(seed=5)
        for agent in e.agent_iter():
            obs, r, term, trunc, _info = e.last()
            total[agent] += r
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        scores = KRYSIS.scores(e.game)
        (winner,) = KRYSIS.winners(e.game)
        if reward == "win":
            assert total == {
                a: 1.0 if i == winner else -1.0 for i, a in enumerate(e.possible_agents)
            }
        else:
            for i, a in enumerate(e.possible_agents):
                best_other = max(s for j, s in enumerate(scores) if j != i)
                assert total[a] == pytest.approx((scores[i] - best_other) / 10.0)


def test_only_the_mover_has_a_legal_action_in_its_mask() -> None:
    e = krysis_v0.raw_env(num_players=3)
    e.reset(seed=2)
    for _ in range(60):
        for agent in e.possible_agents:
            mask = e.observe(agent)["action_mask"]
            assert mask.dtype == np.int8
            assert mask.any() == (agent == e.agent_selection)
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[-1]))


def test_ansi_render_is_the_acting_players_picture() -> None:
    e = krysis_v0.env(num_players=3, render_mode="ansi")
    e.reset(seed=9)
    for _ in range(25):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    game = e.unwrapped.game
    assert e.render() == render_state(game, game.mover)


def test_the_game_keeps_the_interface_contract() -> None:
    assert check_game(KRYSIS, games_per_count=1) > 300


def test_every_action_space_description_says_what_ships() -> None:
    """The env's docstring, the codec's table, the engine's blocks and the
    generated game page give the action space the env has: Discrete(103), its
    blocks tiling it, and the observation's size."""
    import importlib.util
    import re
    from pathlib import Path

    from scavenger_env.krysis import codec
    from scavenger_env.krysis import env as env_module
    from scavenger_env.krysis.engine.actions import BLOCKS, NUM_ACTIONS

    e = krysis_v0.env(num_players=2)
    e.reset(seed=0)
    space = e.action_space(e.agents[0])
    assert space.n == NUM_ACTIONS == 103
    text = f"Discrete({NUM_ACTIONS})"
    pages = Path(__file__).parents[2] / "docs" / "_ext" / "gamepages.py"
    spec = importlib.util.spec_from_file_location("gamepages", pages)
    assert spec is not None and spec.loader is not None
    gamepages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gamepages)
    page = gamepages.game_page("krysis")
    for name, doc in (
        ("env", env_module.__doc__ or ""),
        ("codec", codec.__doc__ or ""),
        ("game page", page),
    ):
        assert text in doc and "Discrete(90)" not in doc, name
    assert f"({NUM_ACTIONS},) int8 action mask" in (env_module.__doc__ or "")
    assert f"({OBS_SIZE},) plus a ({NUM_ACTIONS},)" in (env_module.__doc__ or "")
    assert f"Box(0, 1, ({OBS_SIZE},), float32)" in (env_module.__doc__ or "")
    # the page's action table has the codec's blocks, each at the engine's ids
    actions = page[page.index("## Actions") : page.index("## Observation")]
    page_rows = re.findall(r"(?m)^\| `\w+` \| (\d+)(?:–(\d+))? \|", actions)
    assert [(int(a), int(b or a)) for a, b in page_rows] == [
        (start, start + size - 1) for start, size, _ in BLOCKS
    ]
    assert f"0..{NUM_ACTIONS - 1}" in (env_module.__doc__ or "")
    # the blocks tile the space, and the codec's table names each one's ids
    at = 0
    for start, size, _ in BLOCKS:
        assert start == at
        at += size
    assert at == NUM_ACTIONS
    rows = re.findall(r"^[A-Z_]+ +(\d+)(?:-(\d+))? ", codec.__doc__ or "", re.M)
    spans = [(int(a), int(b or a)) for a, b in rows]
    assert spans[0][0] == 0 and spans[-1][1] == NUM_ACTIONS - 1
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert start == end + 1
