"""GameEnv runs any game: PettingZoo's checks on Sealed Bids, the safety stop as a
truncation, and registration of every game without importing it."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pettingzoo
import pytest

from scavenger_env.cavein.env import raw_env
from scavenger_env.core.aec import GameEnv, make_env
from scavenger_env.core.errors import ConfigError, IllegalActionError
from scavenger_env.core.games import GAMES, get_game
from scavenger_env.registration import env_id_of, register_all

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


def random_play(e: pettingzoo.AECEnv, seed: int) -> list[tuple[str, float, bool, bool]]:
    """(agent, reward, termination, truncation) of every `last()` of a random game."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    seen = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        seen.append((agent, reward, term, trunc))
        legal = np.flatnonzero(obs["action_mask"])
        e.step(None if term or trunc else int(rng.choice(legal)))
    return seen


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_sealed_bids_passes_pettingzoo_api_test(bids_game, num_players: int) -> None:
    api_test(make_env(bids_game, num_players=num_players), num_cycles=200)
    api_test(GameEnv("bids", num_players=num_players), num_cycles=200)
    seed_test(lambda: make_env("bids", num_players=num_players), num_cycles=200)


def test_sealed_bids_ends_with_the_game_and_rewards_the_winner(bids_game) -> None:
    e = GameEnv(bids_game, num_players=3, reward="score")
    assert e.metadata["name"] == "bids_v0"
    seen = random_play(e, seed=4)
    finals = {a: (r, term, trunc) for a, r, term, trunc in seen if term or trunc}
    assert set(finals) == {"player_0", "player_1", "player_2"}
    scores = bids_game.scores(e.game)
    for seat, agent in enumerate(e.possible_agents):
        best = max(v for j, v in enumerate(scores) if j != seat)
        assert finals[agent] == ((scores[seat] - best) / 6.0, True, False)
    assert len(e.actions) == 9  # 3 rounds of 3 bids, one env step each


def test_generic_errors_are_the_core_ones(bids_game) -> None:
    with pytest.raises(ConfigError, match=r"unknown keyword.*for bids_v0.*rounds"):
        GameEnv(bids_game, num_players=2, colour="red")
    e = GameEnv(bids_game, num_players=2, rounds=1)
    e.reset(seed=1)
    held = bids_game.legal_actions(e.game)
    other = next(a for a in range(12) if a not in held)
    assert "holds no card" in e.explain(other)
    with pytest.raises(IllegalActionError, match="holds no card"):
        e.step(other)
    with pytest.raises(IllegalActionError, match=r"an int in 0\.\.11"):
        e.step(True)


def test_the_safety_stop_truncates_with_no_reward() -> None:
    """Cave-In's max_rounds stop is no result: truncation=True, reward 0 for all."""
    for reward in ("win", "score"):
        e = raw_env(num_players=2, max_rounds=1, reward=reward)
        seen = random_play(e, seed=3)
        assert get_game("cavein").is_truncated(e.game)
        ends = [(r, term, trunc) for _, r, term, trunc in seen if term or trunc]
        assert ends == [(0.0, False, True)] * 2
        assert all(r == 0 for _, r, _, _ in seen)


def test_a_game_ended_by_the_rules_terminates() -> None:
    e = raw_env(num_players=2)
    seen = random_play(e, seed=3)
    assert not get_game("cavein").is_truncated(e.game)
    ends = sorted(r for _, r, term, trunc in seen if term and not trunc)
    assert ends == [-1.0, 1.0] or ends == [1.0, 1.0]


def test_every_registered_game_is_registered_with_pettingzoo(bids_game) -> None:
    register_all()
    for name in GAMES:
        assert get_game(name).env_id == env_id_of(name)
        assert env_id_of(name) in pettingzoo.aec_registry
    try:
        e = pettingzoo.make("aec", "scavenger/bids-v0", num_players=2)
        assert type(e.unwrapped) is GameEnv
        assert e.unwrapped.rules is bids_game
    finally:
        pettingzoo.aec_registry.pop("scavenger/bids-v0", None)


def test_registration_imports_no_game() -> None:
    code = (
        "import sys, pettingzoo, scavenger_env\n"
        "assert 'scavenger/cavein-v0' in pettingzoo.aec_registry\n"
        "print(sorted(m for m in sys.modules if 'cavein' in m))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("game", ["cavein", "krysis"])
def test_env_asks_the_engine_why_only_for_an_illegal_action(game: str) -> None:
    """A legal action is checked against the step's legal set alone: the engine's
    explain_illegal (a second legality check) runs only for an illegal one."""
    e = make_env(game)
    base = e.unwrapped
    asked: list[int] = []
    explain = base._explain_illegal

    def counting(state: object, action: int) -> str:
        asked.append(action)
        return explain(state, action)

    base._explain_illegal = counting
    random_play(e, seed=3)
    assert asked == []
    e.reset(seed=3)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match=f"played illegal action {illegal}: "):
        e.step(illegal)
    assert len(asked) == 1
    assert all(e.terminations.values())
