"""Every registered game's PettingZoo environment: PettingZoo's own checks,
registration, seeding, options, bad keywords, spaces and masks, illegal actions,
rewards, records and rendering.

The checks run over the registry (`scavenger_env.core.games.GAMES`), so a new
game is checked by adding it there; the option values they use are each game's
own, in `tests/<game>/config_values.py`. What only one game has (Krysis' speed
variant, Hewns' observation layout, Cave-In's illegal actions at every phase)
is tested in the game's folder.
"""

from __future__ import annotations

import importlib
import warnings
from types import ModuleType
from typing import Any

import numpy as np
import pettingzoo
import pytest

import scavenger_env
from scavenger_env.core.errors import ConfigError, IllegalActionError
from scavenger_env.core.games import GAMES, get_game

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

NAMES = sorted(GAMES)


def env_module(name: str) -> ModuleType:
    """The module of the game's `env` and `raw_env` (e.g. scavenger_env.cavein_v0)."""
    return importlib.import_module(get_game(name).env_entry_point.partition(":")[0])


def values_of(name: str) -> ModuleType:
    """The game's `tests/<name>/config_values.py`."""
    return importlib.import_module(f"{name}.config_values")


def makers(name: str) -> tuple[Any, Any]:
    module = env_module(name)
    return module.env, module.raw_env


def player_counts() -> list[Any]:
    return [
        pytest.param(name, n, id=f"{name}-{n}p")
        for name in NAMES
        for n in range(get_game(name).min_players, get_game(name).max_players + 1)
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


def first_legal(e: pettingzoo.AECEnv) -> int:
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])


def first_illegal(e: pettingzoo.AECEnv) -> int:
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])


# -- PettingZoo's own checks ------------------------------------------------------


@pytest.mark.parametrize(("name", "num_players"), player_counts())
def test_pettingzoo_api_test_passes_on_env(name: str, num_players: int) -> None:
    api_test(env_module(name).env(num_players=num_players), num_cycles=1000)


@pytest.mark.parametrize(("name", "num_players"), player_counts())
def test_pettingzoo_api_test_passes_on_raw_env(name: str, num_players: int) -> None:
    api_test(env_module(name).raw_env(num_players=num_players), num_cycles=1000)


@pytest.mark.parametrize(("name", "num_players"), player_counts())
def test_pettingzoo_seed_test_passes(name: str, num_players: int) -> None:
    """The same seed gives the same game (rolls and draws included)."""
    make = env_module(name).env
    seed_test(lambda: make(num_players=num_players), num_cycles=1000)


# -- registration and seeding -----------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_make_round_trip(name: str) -> None:
    game = get_game(name)
    module = env_module(name)
    assert game.env_id in pettingzoo.aec_registry
    assert scavenger_env.__version__
    made = pettingzoo.make("aec", game.env_id, num_players=3)
    direct = module.env(num_players=3)
    assert isinstance(made.unwrapped, module.raw_env)
    assert made.unwrapped.config == direct.unwrapped.config == game.make_config(3)
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


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game_other_seed_other_game(name: str) -> None:
    make = env_module(name).env
    a = play_out(make(num_players=3), seed=11)
    b = play_out(make(num_players=3), seed=11)
    c = play_out(make(num_players=3), seed=12)
    assert a == b
    assert a != c


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_and_actions_give_the_same_observations(name: str) -> None:
    """A second env fed the first one's actions agrees with it at every step."""
    game = get_game(name)
    raw_env = env_module(name).raw_env
    a, b = raw_env(num_players=2), raw_env(num_players=2)
    played = play_out(a, 5)
    b.reset(seed=5)
    for action in played:
        obs = b.observe(b.agent_selection)
        assert obs["action_mask"][action] == 1
        b.step(action)
    assert game.same_state(a.game, b.game)


@pytest.mark.parametrize("name", NAMES)
def test_the_envs_record_replays_to_the_same_game(name: str) -> None:
    """The env keeps every engine action (chance outcomes included): replaying
    them from the seed gives the same final position."""
    game = get_game(name)
    e = env_module(name).raw_env(num_players=3)
    play_out(e, 21)
    assert game.is_over(e.game)
    replay = game.new_game(game.make_config(3), e.seed_used)
    for action in e.actions:
        game.apply_action(replay, action)
    assert game.same_state(replay, e.game)


# -- options and bad keywords -----------------------------------------------------


def option_cases() -> list[Any]:
    return [
        pytest.param(name, option, id=f"{name}-{option}")
        for name in NAMES
        for option in sorted(values_of(name).NON_DEFAULT)
    ]


@pytest.mark.parametrize(("name", "option"), option_cases())
def test_every_config_option_is_accepted_as_a_keyword(name: str, option: str) -> None:
    value = values_of(name).NON_DEFAULT[option]
    kwargs = {option: value}
    if option != "num_players":
        kwargs["num_players"] = 2
    for make in makers(name):
        e = make(**kwargs)
        assert getattr(e.unwrapped.config, option) == value
        e.reset(seed=0)
        assert np.any(e.observe(e.agent_selection)["action_mask"])
    assert len(play_out(env_module(name).env(**kwargs), 4)) > 5


@pytest.mark.parametrize("name", NAMES)
def test_all_options_at_once_play_a_whole_game(name: str) -> None:
    values = values_of(name)
    options = {k: v for k, v in values.NON_DEFAULT.items() if k not in values.ALONE}
    e = env_module(name).env(**options, reward="score", render_mode="ansi")
    assert e.unwrapped.config == get_game(name).make_config(**options)
    assert len(play_out(e, 4)) > 10


@pytest.mark.parametrize("name", NAMES)
def test_an_unknown_keyword_raises_config_error_naming_the_allowed_ones(
    name: str,
) -> None:
    values = values_of(name)
    for make in makers(name):
        with pytest.raises(ConfigError) as info:
            make(num_players=2, colour="red")
        message = str(info.value)
        assert "colour" in message
        for allowed in ("render_mode", "render_seat", "reward", *values.NON_DEFAULT):
            assert allowed in message, allowed


def bad_keyword_cases() -> list[Any]:
    return [
        pytest.param(
            name, {field: value}, field, allowed, id=f"{name}-{field}={value!r}"
        )
        for name in NAMES
        for field, value, allowed in values_of(name).BAD_VALUES
    ]


ENV_BAD_KEYWORDS = [
    ({"reward": "money"}, "reward", "'win' or 'score'"),
    ({"render_mode": "rgb"}, "render_mode", "'rgb_array' or 'human'"),
    ({"render_mode": "human"}, "render_seat", "'acting'"),
    ({"render_seat": 2}, "render_seat", "seat from 0 to 1"),
]
"""Keywords of the environment itself, the same for every game."""


@pytest.mark.parametrize(
    ("name", "kwargs", "named", "allowed"),
    [
        *bad_keyword_cases(),
        *(
            pytest.param(name, *case, id=f"{name}-{case[1]}")
            for name in NAMES
            for case in ENV_BAD_KEYWORDS
        ),
    ],
)
def test_a_bad_value_raises_config_error_naming_what_is_allowed(
    name: str, kwargs: dict, named: str, allowed: str
) -> None:
    for make in makers(name):
        with pytest.raises(ConfigError) as info:
            make(**kwargs)
        assert named in str(info.value)
        assert allowed in str(info.value)


@pytest.mark.parametrize("name", NAMES)
def test_config_error_is_a_value_error(name: str) -> None:
    with pytest.raises(ValueError):
        env_module(name).env(num_players=7)


# -- spaces and masks -------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_spaces_are_the_same_for_every_player_count(name: str) -> None:
    game = get_game(name)
    for n in range(game.min_players, game.max_players + 1):
        e = env_module(name).raw_env(num_players=n)
        for agent in e.possible_agents:
            obs_space = e.observation_space(agent)
            assert obs_space["observation"].shape == (game.observation_size,)
            assert obs_space["observation"].dtype == np.float32
            assert obs_space["action_mask"].shape == (game.env_actions,)
            assert obs_space["action_mask"].dtype == np.int8
            assert e.action_space(agent).n == game.env_actions


@pytest.mark.parametrize("name", NAMES)
def test_observations_stay_in_their_space_through_a_game(name: str) -> None:
    e = env_module(name).raw_env(num_players=4)
    rng = np.random.default_rng(3)
    e.reset(seed=3)
    steps = 0
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        assert e.observation_space(agent).contains(obs)
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("name", NAMES)
def test_only_the_mover_has_a_legal_action_in_its_mask(name: str) -> None:
    e = env_module(name).raw_env(num_players=3)
    e.reset(seed=2)
    for _ in range(60):
        for agent in e.possible_agents:
            mask = e.observe(agent)["action_mask"]
            assert mask.dtype == np.int8
            assert mask.any() == (agent == e.agent_selection)
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[-1]))


# -- illegal actions --------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_action_raises_in_raw_env_and_changes_nothing(name: str) -> None:
    game = get_game(name)
    e = env_module(name).raw_env(num_players=2)
    e.reset(seed=1)
    mover = game.current_player(e.game)
    bad = first_illegal(e)
    reason = game.explain_illegal(e.game, game.codec().decode(bad, mover, 2))
    assert reason
    before = game.clone(e.game)
    with pytest.raises(e.illegal_error) as info:
        e.step(bad)
    assert isinstance(info.value, IllegalActionError)
    assert f"action {bad} is illegal; {reason}" in str(info.value)
    assert game.same_state(before, e.game)
    assert e.actions == []


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_action_loses_in_the_wrapped_env(name: str) -> None:
    e = env_module(name).env(num_players=2)
    e.reset(seed=1)
    mover = e.agent_selection
    with pytest.warns(UserWarning, match=mover):
        e.step(first_illegal(e))
    assert e.rewards[mover] == -1
    assert all(e.terminations.values()) or all(e.truncations.values())


# -- rewards ----------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("reward", ["win", "score"])
def test_win_and_score_rewards_at_the_end(name: str, reward: str) -> None:
    """ "win": +1 to each winner, -1 to the others; "score": the margin over the
    best other seat over the game's `score_scale`."""
    game = get_game(name)
    e = env_module(name).raw_env(num_players=3, reward=reward)
    total = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(5)
    e.reset(seed=5)
    for agent in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        total[agent] += r
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert game.is_over(e.game) and not game.is_truncated(e.game)
    scores, winners = game.scores(e.game), game.winners(e.game)
    for i, agent in enumerate(e.possible_agents):
        if reward == "win":
            assert total[agent] == (1.0 if i in winners else -1.0)
        else:
            best_other = max(s for j, s in enumerate(scores) if j != i)
            expected = (scores[i] - best_other) / game.score_scale
            assert total[agent] == pytest.approx(expected)


# -- rendering --------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_ansi_render_returns_the_acting_players_picture(name: str) -> None:
    game = get_game(name)
    e = env_module(name).env(num_players=3, render_mode="ansi")
    e.reset(seed=9)
    for _ in range(25):  # into the game, so the picture has something in it
        e.step(first_legal(e))
    state = e.unwrapped.game
    text = e.render()
    assert isinstance(text, str)
    assert text == game.render(state, game.current_player(state))
    assert len(text.splitlines()) > 5


@pytest.mark.parametrize("name", NAMES)
def test_human_render_shows_the_drawn_picture_in_a_window(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Outside a notebook "human" opens a pygame window (here SDL's dummy
    driver, no screen needed) and shows the picture's pixels after every step."""
    pytest.importorskip("resvg_py")
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    game = get_game(name)
    e = env_module(name).env(num_players=2, render_mode="human", render_seat="acting")
    e.reset(seed=9)
    assert e.render() is None
    state = e.unwrapped.game
    picture = game.picture(state, game.current_player(state))
    window = pygame.display.get_surface()
    assert window.get_size() == (picture.width, picture.height)
    pixels = pygame.surfarray.array3d(window).swapaxes(0, 1)
    assert np.array_equal(pixels, picture.to_rgb())
    e.step(first_legal(e))  # "human" also draws after every step
    assert e.unwrapped.screen.last == game.picture(state, game.current_player(state))
    e.close()
    assert pygame.display.get_surface() is None


@pytest.mark.parametrize("name", NAMES)
def test_rgb_array_render_is_the_drawn_picture_as_pixels(name: str) -> None:
    pytest.importorskip("resvg_py")
    game = get_game(name)
    e = env_module(name).env(num_players=2, render_mode="rgb_array")
    e.reset(seed=9)
    e.step(first_legal(e))
    pixels = e.render()
    state = e.unwrapped.game
    assert isinstance(pixels, np.ndarray)
    assert pixels.dtype == np.uint8
    assert pixels.ndim == 3 and pixels.shape[2] == 3
    assert np.array_equal(
        pixels, game.picture(state, game.current_player(state)).to_rgb()
    )
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 2  # something is drawn


@pytest.mark.parametrize("name", NAMES)
def test_an_env_shows_its_picture_in_a_notebook(name: str) -> None:
    game = get_game(name)
    e = env_module(name).env(num_players=2)
    assert e._repr_svg_() is None  # no game yet: Jupyter falls back to the repr
    e.reset(seed=3)
    state = e.unwrapped.game
    mover = game.current_player(state)
    assert e._repr_svg_() == game.picture(state, mover).svg
    assert e.picture("player_1") == game.picture(state, 1)


@pytest.mark.parametrize("name", NAMES)
def test_render_without_a_mode_warns_and_returns_none(name: str) -> None:
    e = env_module(name).raw_env(num_players=2)
    e.reset(seed=1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert e.render() is None
    assert any("render_mode" in str(w.message) for w in caught)
