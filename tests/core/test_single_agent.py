"""SingleAgentEnv: the learner sees exactly the AEC env's observations and masks
and gets its own seat's reward; illegal actions, the safety stop, the draws of
seats and opponents, the environment checkers and MaskablePPO."""

from __future__ import annotations

import sys
import warnings
from typing import Any

import numpy as np
import pytest

from agents.registry import make_agent
from scavenger_env.core.aec import GameEnv
from scavenger_env.core.errors import ConfigError, IllegalActionError, SeedError
from scavenger_env.core.single_agent import REWARD_MODES, SingleAgentEnv

Trace = list[tuple[int, np.ndarray, np.ndarray]]


def play(env: SingleAgentEnv, seed: int, rng: np.random.Generator) -> dict[str, Any]:
    """One episode with a random legal learner; what the learner saw at each of
    its decisions (index into `env.actions`, observation, mask), the rewards and
    the last step's result."""
    obs, info = env.reset(seed=seed)
    trace: Trace = []
    rewards = []
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and mask.any()
        trace.append((len(env.actions), obs.copy(), mask.copy()))
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(mask)))
        )
        rewards.append(reward)
        if terminated or truncated:
            break
    return {
        "trace": trace,
        "rewards": rewards,
        "final": (obs, terminated, truncated, info),
    }


def replay(env: SingleAgentEnv, reward: str = "win", **config: Any) -> GameEnv:
    """The episode's actions replayed in the AEC env from `env.game_seed`,
    stopped at the end."""
    aec = GameEnv(env.rules, num_players=env.num_players, reward=reward, **config)
    aec.reset(seed=env.game_seed)
    codec = env.rules.codec()
    n = env.num_players
    for action in env.actions:
        mover = env.rules.current_player(aec.game)
        aec.step(codec.encode(action, mover, n))
    return aec


def check_against_aec(env: SingleAgentEnv, episode: dict[str, Any]) -> None:
    """At each learner decision the adapter's observation and mask equal the AEC
    env's for the learner's agent; the learner decided exactly when its seat was
    to move; the game ended in the same state."""
    rules = env.rules
    n = env.num_players
    agent = f"player_{env.seat}"
    trace = {i: (obs, mask) for i, obs, mask in episode["trace"]}
    aec = GameEnv(env.rules, num_players=n)
    aec.reset(seed=env.game_seed)
    codec = rules.codec()
    learner_turns = []
    for i, action in enumerate(env.actions):
        mover = rules.current_player(aec.game)
        if mover == env.seat:
            learner_turns.append(i)
            want = aec.observe(agent)
            obs, mask = trace[i]
            assert np.array_equal(obs, want["observation"]), i
            assert np.array_equal(mask, want["action_mask"].astype(bool)), i
        aec.step(codec.encode(action, mover, n))
    assert learner_turns == sorted(trace)
    assert rules.is_over(aec.game)
    assert rules.same_state(aec.game, env.state)
    final_obs = episode["final"][0]
    assert np.array_equal(final_obs, aec.observe(agent)["observation"])
    assert not env.action_masks().any()


class _Observer:
    """A policy-like opponent: it reads only its observation and mask."""

    name = "observer"
    reads_observation = True

    def reset(self, seat: int, config: Any) -> None:
        self.seat = seat

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        mask = view.action_mask()
        assert view.seat == self.seat and mask.sum() == len(legal)
        return legal[int(rng.integers(len(legal)))]


OPPONENTS = {
    "random": lambda: [make_agent("random")],
    "greedy": lambda: [make_agent("greedy")],
    "observer+random": lambda: [_Observer(), make_agent("random")],
}


# -- 1. observations and masks -------------------------------------------------


@pytest.mark.parametrize("opponents", sorted(OPPONENTS))
@pytest.mark.parametrize(("n", "seat"), [(n, s) for n in (2, 3, 4) for s in range(n)])
def test_observations_and_masks_are_the_aec_envs(
    n: int, seat: int, opponents: str
) -> None:
    """Every learner decision of a whole Cave-In game sees the AEC env's obs/mask."""
    env = SingleAgentEnv(
        "cavein", num_players=n, seats=[seat], opponents=OPPONENTS[opponents]()
    )
    seed = 10 * n + seat
    episode = play(env, seed, np.random.default_rng(seed))
    assert env.seat == seat and env.game_seed != seed
    check_against_aec(env, episode)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_observations_and_masks_are_the_aec_envs_in_sealed_bids(
    bids_game: Any, n: int
) -> None:
    """The same on the game with hidden commitments, at every seat."""
    env = SingleAgentEnv("bids", num_players=n)
    rng = np.random.default_rng(n)
    seats = set()
    for seed in range(4 * n):
        episode = play(env, seed, rng)
        assert len(episode["trace"]) == 3  # one bid a round
        check_against_aec(env, episode)
        seats.add(env.seat)
    assert seats == set(range(n))


# -- 2. rewards ------------------------------------------------------------------


@pytest.mark.parametrize(("n", "seat"), [(2, 0), (2, 1), (3, 0), (3, 2)])
def test_the_reward_is_the_learners_own(n: int, seat: int) -> None:
    """The final reward is the learner's seat's AEC reward, never an opponent's
    (PettingZoo issue #1147: a learner trained on the opponent's reward)."""
    signs = set()
    for seed in range(6):
        got = {}
        for mode in REWARD_MODES:
            env = SingleAgentEnv("cavein", num_players=n, seats=[seat], reward=mode)
            episode = play(env, seed, np.random.default_rng(seed))
            _, terminated, truncated, info = episode["final"]
            assert terminated and not truncated
            assert all(r == 0.0 for r in episode["rewards"][:-1])
            got[mode] = episode["rewards"][-1]
            actions = env.actions
        assert got["win+score"] == got["win"] + got["score"]
        assert info["won"] == (got["win"] > 0)
        assert info["won"] == (seat in env.rules.winners(env.state))
        signs.add(got["win"])
        scores = env.rules.scores(env.state)
        for mode in ("win", "score"):
            aec = replay(env, reward=mode)
            assert aec.actions == actions
            rewards = [aec.rewards[f"player_{j}"] for j in range(n)]
            assert got[mode] == rewards[seat], (mode, seed)
            for j in range(n):
                differ = (
                    scores[j] != scores[seat]
                    if mode == "score"
                    else (j in info["winners"]) != info["won"]
                )
                if differ:
                    assert got[mode] != rewards[j], (mode, seed, j)
    assert signs == {-1.0, 1.0}  # games the learner won and games it lost


# -- 3. illegal actions ------------------------------------------------------------


def dealt(**kwargs: Any) -> tuple[SingleAgentEnv, int]:
    """A Cave-In env after reset, and an env action its mask rules out."""
    env = SingleAgentEnv("cavein", num_players=2, **kwargs)
    env.reset(seed=7)
    return env, int(np.flatnonzero(~env.action_masks())[0])


def test_an_illegal_action_raises_and_changes_nothing_with_raise() -> None:
    """illegal="raise": IllegalActionError saying why; state and actions kept."""
    env, bad = dealt(illegal="raise")
    rules = env.rules
    before, actions = rules.clone(env.state), list(env.actions)
    mask = env.action_masks()
    engine = rules.codec().decode(bad, env.seat, 2)
    why = rules.explain_illegal(env.state, engine)
    assert why
    with pytest.raises(IllegalActionError, match=f"action {bad} is illegal") as err:
        env.step(bad)
    assert why in str(err.value)
    assert rules.same_state(env.state, before)
    assert env.actions == actions
    assert np.array_equal(env.action_masks(), mask)
    for value in (rules.env_actions, -1, 1.5, "3", True, np.array([1, 2]), None):
        with pytest.raises(IllegalActionError, match=r"not an env action id in 0\.\."):
            env.step(value)
        assert rules.same_state(env.state, before) and env.actions == actions
    _, _, terminated, truncated, _ = env.step(np.int64(np.flatnonzero(mask)[0]))
    assert len(env.actions) > len(actions) and not (terminated or truncated)


@pytest.mark.parametrize("reward", REWARD_MODES)
def test_an_illegal_action_loses_by_default(reward: str) -> None:
    """illegal="lose": terminated, -1 in every reward mode, a warning, info says
    why, and the episode is over until reset()."""
    env, bad = dealt(reward=reward)
    with pytest.warns(UserWarning, match=f"action {bad} is illegal.*reward -1"):
        obs, r, terminated, truncated, info = env.step(bad)
    assert (r, terminated, truncated) == (-1.0, True, False)
    assert f"action {bad} is illegal" in info["illegal"]
    assert obs.shape == env.observation_space.shape
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match=r"call reset\(\)"):
        env.step(0)
    env.reset(seed=8)
    assert env.action_masks().any()
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_step_before_reset_says_to_reset() -> None:
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step"):
        SingleAgentEnv("cavein").step(0)


# -- 4. the environment checkers ---------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_gymnasium_and_sb3_checkers_pass(n: int) -> None:
    """Both libraries' check_env accept the env (unmasked random actions lose)."""
    from gymnasium.utils.env_checker import check_env as gym_check
    from stable_baselines3.common.env_checker import check_env as sb3_check

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker's complaint fails the test
        warnings.filterwarnings("ignore", r"learner \(seat \d\): action \d+ is illegal")
        warnings.filterwarnings("ignore", ".*No render fps")  # text has no frame rate
        warnings.filterwarnings("ignore", ".*alternative render modes")  # no gym spec
        gym_check(SingleAgentEnv("cavein", num_players=n), skip_render_check=True)
        sb3_check(SingleAgentEnv("cavein", num_players=n), warn=True)
        gym_check(SingleAgentEnv("cavein", num_players=n, render_mode="ansi"))


# -- 5. the safety stop --------------------------------------------------------------


def end_turns(view: Any, legal: list[int], rng: np.random.Generator) -> int:
    """A player that does nothing: END_TURN (action 0) or the first choice."""
    return legal[0]


end_turns.reads_view = False  # type: ignore[attr-defined]


@pytest.mark.parametrize("reward", REWARD_MODES)
def test_the_safety_stop_truncates_with_no_reward(reward: str) -> None:
    """A game that hits max_rounds is no result: truncated, reward 0, not won
    (not even when the learner leads or ties the standings when it stops)."""
    leading = 0
    for n, seed in [(2, 0), (2, 1), (3, 1), (3, 2)]:
        env = SingleAgentEnv(
            "cavein", num_players=n, opponents=[end_turns], reward=reward, max_rounds=2
        )
        env.reset(seed=seed)
        rewards, done = [], False
        while not done:
            _, r, terminated, truncated, info = env.step(
                int(np.flatnonzero(env.action_masks())[0])
            )
            rewards.append(r)
            done = terminated or truncated
        assert (terminated, truncated) == (False, True)
        assert env.rules.is_truncated(env.state)
        assert rewards == [0.0] * len(rewards)
        assert info["truncated"] and info["won"] is False
        assert info["scores"] == env.rules.scores(env.state)
        leading += env.seat in info["winners"]
        with pytest.raises(RuntimeError, match=r"call reset\(\)"):
            env.step(0)
    assert leading  # a stop with the learner ahead is still no win


# -- 6. determinism and draws -----------------------------------------------------------


class Recorder:
    """Records the seats it is reset to and plays the first legal action."""

    name = "recorder"
    reads_view = False

    def __init__(self) -> None:
        self.seats: list[int] = []

    def reset(self, seat: int, config: Any) -> None:
        self.seats.append(seat)

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        assert view.seat == self.seats[-1]
        return legal[int(rng.integers(len(legal)))]


def fingerprint(env: SingleAgentEnv, seed: int) -> tuple[Any, ...]:
    episode = play(env, seed, np.random.default_rng(0))
    return (
        env.seat,
        env.opponent_names(),
        env.game_seed,
        tuple(env.actions),
        tuple(obs.tobytes() for _, obs, _ in episode["trace"]),
    )


def test_the_same_seed_plays_the_same_episode() -> None:
    """Seat, opponents, actions and observations follow the seed alone."""
    pool = lambda: [make_agent("random"), make_agent("greedy")]  # noqa: E731
    a = SingleAgentEnv("cavein", num_players=3, opponents=pool())
    b = SingleAgentEnv("cavein", num_players=3, opponents=pool())
    runs = [fingerprint(a, s) for s in (1, 2, 3)]
    assert runs == [fingerprint(b, s) for s in (1, 2, 3)]
    assert fingerprint(a, 1) == runs[0]  # and again on the same env
    assert len({r[2] for r in runs}) == 3 and len({r[3] for r in runs}) == 3


def test_seats_and_weights_restrict_the_draws() -> None:
    """seats=[1] always seats the learner at 1; a zero weight never draws."""
    first, second = Recorder(), Recorder()
    env = SingleAgentEnv(
        "cavein", num_players=3, opponents=[first, second], seats=[1],
        opponent_weights=[1, 0],
    )  # fmt: skip
    for seed in range(8):
        env.reset(seed=seed)
        assert env.seat == 1
        assert env.opponent_names() == ["recorder", "learner", "recorder"]
        assert env.players[0] is first and env.players[2] is not second
    assert second.seats == []
    env = SingleAgentEnv("cavein", num_players=2, seats=[0, 1], seat_weights=[0, 1])
    assert {env.reset(seed=s)[1]["seat"] for s in range(8)} == {1}
    env = SingleAgentEnv("cavein", num_players=4)
    assert {env.reset(seed=s)[1]["seat"] for s in range(30)} == {0, 1, 2, 3}


def test_set_opponents_and_weights_take_effect_on_the_next_reset() -> None:
    """A league changes the pool between episodes; the running one keeps its own."""
    a, b = Recorder(), Recorder()
    b.name = "other"
    env = SingleAgentEnv("cavein", num_players=2, opponents=[a])
    env.reset(seed=0)
    env.set_opponents([b])
    assert env.opponent_names()[1 - env.seat] == "recorder"
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert env.players[1 - env.seat] is a
    env.reset(seed=0)
    assert env.players[1 - env.seat] is b
    env.set_opponents([a, b], weights=[1, 0])
    names = set()
    for seed in range(6):
        env.reset(seed=seed)
        names.add(env.opponent_names()[1 - env.seat])
    assert names == {"recorder"}
    env.set_opponent_weights([0, 1])
    assert env.opponent_names()[1 - env.seat] == "recorder"  # until the reset
    for seed in range(6):
        env.reset(seed=seed)
        assert env.opponent_names()[1 - env.seat] == "other"


def test_one_opponent_at_two_seats_plays_the_second_as_a_copy() -> None:
    """Each seat's player keeps its own seat: the object is reset only to its
    own seat, and the copy to the other."""
    only = Recorder()
    env = SingleAgentEnv("cavein", num_players=3, opponents=[only], seats=[0])
    for seed in range(3):
        play(env, seed, np.random.default_rng(seed))
        one, two = env.players[1], env.players[2]
        assert one is only and two is not only and isinstance(two, Recorder)
    assert only.seats == [1, 1, 1]
    assert two.seats[-3:] == [2, 2, 2]
    only.name = "changed in place"
    env.reset(seed=0)
    assert env.players[2] is two  # the copy is kept...
    env.set_opponents([only])
    env.reset(seed=0)
    assert env.players[2] is not two  # ...until set_opponents copies afresh
    assert env.opponent_names() == ["learner"] + ["changed in place"] * 2


def test_callable_opponents_play() -> None:
    """A plain function f(view, legal, rng) is an opponent; it gets a view."""
    seen = []

    def highest(view: Any, legal: list[int], rng: np.random.Generator) -> int:
        seen.append(view.seat)
        assert view.player_view is not None  # a redacted view by default
        return legal[-1]

    env = SingleAgentEnv("cavein", num_players=2, opponents=[highest], seats=[0])
    play(env, 3, np.random.default_rng(3))
    assert seen and set(seen) == {1}
    assert env.opponent_names() == ["learner", "highest"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponent_weights": [1, 2]}, "opponent_weights: 2 weights for 1 choices"),
        ({"opponent_weights": [-1]}, "non-negative"),
        ({"opponent_weights": [0]}, "not all zero"),
        ({"opponent_weights": [float("nan")]}, "finite"),
        ({"opponent_weights": 1.0}, "opponent_weights: give a list of 1 numbers"),
        ({"opponent_weights": ["a"]}, "opponent_weights: give a list of 1 numbers"),
        ({"seats": 1}, r"seats=1: give a list of seats, like \[0\]"),
        ({"opponents": make_agent("random")}, "give a list of opponents"),
        ({"seat_weights": [1]}, "seat_weights: 1 weights for 2 choices"),
        ({"seats": [2]}, "seats=.*seats from 0 to 1"),
        ({"seats": [True]}, "seats from 0 to 1"),
        ({"seats": []}, "at least one"),
        ({"opponents": []}, "at least one opponent"),
        ({"opponents": [3]}, "neither an agent"),
        ({"colour": "red"}, r"unknown keyword\(s\) \['colour'\].*max_rounds"),
        ({"reward": "points"}, "reward='points' is not allowed; use one of win"),
        ({"illegal": "ignore"}, "illegal='ignore' is not allowed"),
        ({"render_mode": "human"}, "render_mode='human' is not allowed"),
        ({"num_players": 5}, "num_players"),
    ],
)
def test_bad_settings_say_what_is_wrong(kwargs: dict[str, Any], message: str) -> None:
    """Every bad setting is a ConfigError naming it and what is allowed."""
    with pytest.raises(ConfigError, match=message):
        SingleAgentEnv("cavein", **kwargs)


def test_bad_weights_given_later_say_what_is_wrong() -> None:
    env = SingleAgentEnv("cavein", opponents=[make_agent("random")] * 2)
    with pytest.raises(ConfigError, match="opponent_weights: 3 weights for 2"):
        env.set_opponent_weights([1, 1, 1])
    with pytest.raises(ConfigError, match="at least one opponent"):
        env.set_opponents([])


def test_ansi_render_returns_the_learners_picture() -> None:
    env = SingleAgentEnv("cavein", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text == env.rules.render(env.state, env.seat)
    assert SingleAgentEnv("cavein").render() is None


# -- 7. MaskablePPO -------------------------------------------------------------------------


def test_maskable_ppo_learns_on_dummy_and_subprocess_vec_envs() -> None:
    """The training stack runs: masks reach MaskablePPO in- and out-of-process."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        make = lambda: SingleAgentEnv("cavein", num_players=2)  # noqa: E731
        vec = DummyVecEnv([make])
        model = MaskablePPO("MlpPolicy", vec, n_steps=64, batch_size=64, seed=0)
        model.learn(128)
        assert model.num_timesteps == 128
        start = "fork" if sys.platform.startswith("linux") else None
        vec = SubprocVecEnv([make, make], start_method=start)
        try:
            masks = vec.env_method("action_masks")
            assert len(masks) == 2 and all(m.dtype == bool for m in masks)
            model = MaskablePPO("MlpPolicy", vec, n_steps=64, batch_size=64, seed=0)
            model.learn(128)
            assert model.num_timesteps == 128
        finally:
            vec.close()
    finally:
        torch.set_num_threads(threads)


def test_a_huge_or_masked_action_is_refused_and_changes_nothing() -> None:
    """`step(10**5000)` raised ValueError (the int was too long to print) and a
    masked 0-d array numpy's MaskError, instead of IllegalActionError."""
    env, _ = dealt(illegal="raise")
    rules = env.rules
    before, actions = rules.clone(env.state), list(env.actions)
    for value, shown in (
        (10**5000, "a number of 5001 digits"),
        (-(10**5000), "a negative number of 5001 digits"),
        (np.ma.masked_array(3, mask=True), "masked_array(data=--, mask=True"),
        (np.ma.masked, "action masked is not"),
    ):
        with pytest.raises(IllegalActionError, match="not an env action id") as err:
            env.step(value)
        assert shown in str(err.value)
        assert rules.same_state(env.state, before) and env.actions == actions


def test_a_seed_beyond_64_bits_is_refused_and_the_episode_kept() -> None:
    env, _ = dealt()
    before, seat = env.rules.clone(env.state), env.seat
    with pytest.raises(SeedError, match=r"reset\(seed=18446744073709551623\)"):
        env.reset(seed=2**64 + 7)
    assert env.rules.same_state(env.state, before) and env.seat == seat
    env.reset(seed=2**64 - 1)
