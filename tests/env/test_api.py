"""The PettingZoo API: PettingZoo's own checks, registration, options, rendering."""

from __future__ import annotations

import dataclasses
import warnings

import numpy as np
import pettingzoo
import pytest

import scavenger_env
from scavenger_env import cavein_v0
from scavenger_env.cavein.engine import ConfigError, GameConfig
from scavenger_env.cavein.env import raw_env
from scavenger_env.cavein.render import render_state

with warnings.catch_warnings():
    # pettingzoo.test imports connect_four_v3 through PettingZoo's deprecated path.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

# PettingZoo's api_test warns about every Dict observation space (the standard way
# to carry an action mask; its classic games get the same warnings).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]

# A valid value other than the default for every GameConfig field; the test below
# fails when a field is added without an entry here.
NON_DEFAULT = {
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
def test_pettingzoo_api_test_passes_on_env(num_players: int) -> None:
    api_test(cavein_v0.env(num_players=num_players), num_cycles=1000)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_pettingzoo_seed_test_passes(num_players: int) -> None:
    seed_test(lambda: cavein_v0.env(num_players=num_players), num_cycles=1000)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_pettingzoo_api_test_passes_on_raw_env(num_players: int) -> None:
    api_test(cavein_v0.raw_env(num_players=num_players), num_cycles=1000)


def test_same_seed_same_game_other_seed_other_game() -> None:
    a = play_out(cavein_v0.env(num_players=3), seed=11)
    b = play_out(cavein_v0.env(num_players=3), seed=11)
    c = play_out(cavein_v0.env(num_players=3), seed=12)
    assert a == b
    assert a != c


def test_pettingzoo_make_round_trip() -> None:
    assert "scavenger/cavein-v0" in pettingzoo.aec_registry
    assert scavenger_env.__version__
    made = pettingzoo.make("aec", "scavenger/cavein-v0", num_players=3)
    direct = cavein_v0.env(num_players=3)
    assert isinstance(made.unwrapped, raw_env)
    assert made.unwrapped.config == direct.unwrapped.config == GameConfig(num_players=3)
    assert type(made) is type(direct)
    made.reset(seed=3)
    direct.reset(seed=3)
    assert made.possible_agents == ["player_0", "player_1", "player_2"]
    assert made.agent_selection == direct.agent_selection
    for agent in made.possible_agents:
        ours, theirs = made.observe(agent), direct.observe(agent)
        assert np.array_equal(ours["observation"], theirs["observation"])
        assert np.array_equal(ours["action_mask"], theirs["action_mask"])
    assert play_out(made, 8) == play_out(direct, 8)


def test_the_table_of_non_default_values_covers_every_config_field() -> None:
    names = {f.name for f in dataclasses.fields(GameConfig)}
    assert set(NON_DEFAULT) == names
    defaults = GameConfig()
    for name, value in NON_DEFAULT.items():
        assert getattr(defaults, name) != value, name


@pytest.mark.parametrize("name", sorted(NON_DEFAULT))
def test_every_config_option_is_accepted_as_a_keyword(name: str) -> None:
    value = NON_DEFAULT[name]
    kwargs = {name: value}
    if name != "num_players":
        kwargs["num_players"] = 2
    for make in (cavein_v0.env, cavein_v0.raw_env):
        e = make(**kwargs)
        assert getattr(e.unwrapped.config, name) == value
        e.reset(seed=0)
        assert np.any(e.observe(e.agent_selection)["action_mask"])


def test_all_options_at_once_play_a_whole_game() -> None:
    e = cavein_v0.env(**NON_DEFAULT, reward="score", render_mode="ansi")
    assert e.unwrapped.config == GameConfig(**NON_DEFAULT)
    assert len(play_out(e, 4)) > 10


def test_an_unknown_keyword_raises_config_error_naming_the_allowed_ones() -> None:
    with pytest.raises(ConfigError) as info:
        cavein_v0.env(num_players=2, weedlock="de")
    message = str(info.value)
    assert "weedlock" in message
    for allowed in ("render_mode", "reward", *NON_DEFAULT):
        assert allowed in message, allowed


@pytest.mark.parametrize(
    ("kwargs", "named", "allowed"),
    [
        ({"num_players": 5}, "num_players", "2, 3 or 4"),
        ({"num_players": 1}, "num_players", "2, 3 or 4"),
        ({"weedlock_text": "fr"}, "weedlock_text", "'en' or 'de'"),
        ({"merc_distribution": "1/1/1/1"}, "merc_distribution", "'5/4/2/2'"),
        ({"factions": "all"}, "factions", "'first_game'"),
        ({"start_player": 2}, "start_player", "seat from 0 to 1"),
        ({"max_rounds": 0}, "max_rounds", "a positive int"),
        ({"reward": "money"}, "reward", "'win' or 'score'"),
        ({"render_mode": "rgb_array"}, "render_mode", "'ansi' or 'human'"),
        ({"render_mode": "human"}, "render_seat", "'acting'"),
        ({"render_seat": 2}, "render_seat", "seat from 0 to 1"),
    ],
)
def test_a_bad_value_raises_config_error_naming_what_is_allowed(
    kwargs: dict, named: str, allowed: str
) -> None:
    for make in (cavein_v0.env, cavein_v0.raw_env):
        with pytest.raises(ConfigError) as info:
            make(**kwargs)
        assert named in str(info.value)
        assert allowed in str(info.value)


def test_config_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        cavein_v0.env(num_players=7)


def test_ansi_render_returns_the_engines_text_picture() -> None:
    e = cavein_v0.env(num_players=3, render_mode="ansi")
    e.reset(seed=9)
    for _ in range(25):  # into the game, so the picture has something in it
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    game = e.unwrapped.game
    text = e.render()
    assert isinstance(text, str)
    assert text == render_state(game, game.current_player)
    assert len(text.splitlines()) > 5


def test_human_render_prints_the_picture(capsys: pytest.CaptureFixture[str]) -> None:
    e = cavein_v0.env(num_players=2, render_mode="human", render_seat="acting")
    e.reset(seed=9)
    capsys.readouterr()
    assert e.render() is None
    game = e.unwrapped.game
    assert capsys.readouterr().out == render_state(game, game.current_player) + "\n"
    mask = e.observe(e.agent_selection)["action_mask"]
    e.step(int(np.flatnonzero(mask)[0]))  # "human" also draws after every step
    assert capsys.readouterr().out == render_state(game, game.current_player) + "\n"


def test_render_without_a_mode_warns_and_returns_none() -> None:
    e = cavein_v0.raw_env(num_players=2)
    e.reset(seed=1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert e.render() is None
    assert any("render_mode" in str(w.message) for w in caught)


def test_spaces_are_the_same_for_every_player_count() -> None:
    spaces = {n: cavein_v0.raw_env(num_players=n) for n in (2, 3, 4)}
    for e in spaces.values():
        for agent in e.possible_agents:
            obs_space = e.observation_space(agent)
            assert obs_space["observation"].shape == (2049,)
            assert obs_space["observation"].dtype == np.float32
            assert obs_space["action_mask"].shape == (156,)
            assert obs_space["action_mask"].dtype == np.int8
            assert e.action_space(agent).n == 156
