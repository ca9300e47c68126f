"""SeatView's observation() and action_mask(): exactly the AEC env's, from a
redacted copy and from an observing view, handed out as copies; blind and
observing views hold no state."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from scavenger_env.core.aec import GameEnv
from scavenger_env.core.seat_view import SeatView, view_for


class _Observer:
    """An agent that reads only the observation (a trained policy would)."""

    name = "observer"
    reads_observation = True


class _Reader:
    """An agent that reads the game (the default): it gets a redacted view."""

    name = "reader"


def decisions(game: str, n: int, seed: int, every: int) -> Iterator[GameEnv]:
    """A random game in the AEC env, stopping at every `every`-th decision and at
    the end (the env is then at that state)."""
    env = GameEnv(game, num_players=n)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    k = 0
    while not env.rules.is_over(env.game):
        if k % every == 0:
            yield env
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        k += 1
    yield env


def check_views(env: GameEnv) -> int:
    """Compare every seat's views with the AEC env's observe(); returns how many
    seats were checked."""
    rules = env.rules
    state = env.game
    fresh = rules.make_encoder()
    mover = rules.current_player(state)
    over = rules.is_over(state)
    for seat in range(env.num_agents):
        want = env.observe(f"player_{seat}")
        assert np.array_equal(want["observation"], fresh.encode(state, seat))
        if seat == mover and not over:
            assert want["action_mask"].any()
        else:
            assert not want["action_mask"].any()
        for agent in (_Reader(), _Observer()):
            view = view_for(agent, state, seat, rules)
            obs = view.observation()
            mask = view.action_mask()
            assert obs.dtype == np.float32 and mask.dtype == np.int8
            assert np.array_equal(obs, want["observation"]), (type(agent), seat)
            assert np.array_equal(mask, want["action_mask"]), (type(agent), seat)
    return env.num_agents


@pytest.mark.parametrize("n", [2, 3, 4])
def test_cavein_views_observe_exactly_what_the_aec_env_does(n: int) -> None:
    """Redaction keeps every observed thing; the mask is the mover's only."""
    checked = sum(check_views(env) for env in decisions("cavein", n, seed=n, every=9))
    assert checked > 20 * n


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sealed_bids_views_observe_exactly_what_the_aec_env_does(
    bids_game: Any, n: int
) -> None:
    """The same on a game with hidden commitments (its redaction moves bids)."""
    for seed in range(3):
        checked = sum(check_views(env) for env in decisions("bids", n, seed, every=1))
        assert checked == n * (3 * n + 1)


def test_a_redacted_view_observes_the_real_state_not_its_own_copy() -> None:
    """A view made before the game moves on keeps the observation of its moment."""
    env = next(decisions("cavein", 2, seed=5, every=1))
    before = env.observe("player_0")["observation"]
    view = SeatView(env.game, 0, game="cavein")
    mask = env.observe(env.agent_selection)["action_mask"]
    env.step(int(np.flatnonzero(mask)[0]))
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert not np.array_equal(env.observe("player_0")["observation"], before)
    assert np.array_equal(view.observation(), before)


@pytest.mark.parametrize(
    "agent", [_Reader(), _Observer()], ids=["redacted", "observing"]
)
def test_observation_and_mask_are_fresh_copies(agent: object) -> None:
    """Changing a returned array does not change what the view returns next."""
    env = next(decisions("cavein", 3, seed=2, every=1))
    seat = env.rules.current_player(env.game)
    view = view_for(agent, env.game, seat, env.rules)
    obs, mask = view.observation(), view.action_mask()
    obs_copy, mask_copy = obs.copy(), mask.copy()
    obs[:] = 0.5
    mask[:] = 1 - mask
    assert np.array_equal(view.observation(), obs_copy)
    assert np.array_equal(view.action_mask(), mask_copy)
    assert view.observation() is not view.observation()


def test_a_blind_view_says_it_has_no_observation() -> None:
    """A blind view (reads_view = False) has nothing to encode: it says why."""
    env = next(decisions("cavein", 2, seed=1, every=1))
    view = SeatView(env.game, 0, game="cavein", blind=True)
    for read in (view.observation, view.action_mask):
        with pytest.raises(RuntimeError, match=r"blind.*reads_view = False"):
            read()


def test_an_observing_view_holds_no_state() -> None:
    """An observing view carries the vectors only: reading the game raises."""
    env = next(decisions("cavein", 2, seed=1, every=1))
    view = view_for(_Observer(), env.game, 1, env.rules)
    assert view._state is None
    with pytest.raises(RuntimeError, match="blind"):
        _ = view.player_view
    with pytest.raises(RuntimeError, match="blind"):
        view.sample(np.random.default_rng(0))
    assert view.observation().shape == (env.rules.observation_size,)


def test_an_observing_view_refreshed_observes_the_new_state() -> None:
    """refresh() re-encodes an observing view at the new decision."""
    games = decisions("cavein", 2, seed=3, every=4)
    env = next(games)
    view = view_for(_Observer(), env.game, 0, env.rules)
    env = next(games)
    view.refresh(env.game, env.rules)
    want = env.observe("player_0")
    assert np.array_equal(view.observation(), want["observation"])
    assert np.array_equal(view.action_mask(), want["action_mask"])
