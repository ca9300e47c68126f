"""The null AEC environment, the env benchmark and `scavenger bench env` (short runs)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from pettingzoo.utils import wrappers
from project_commands import PROJECT_COMMANDS

from scavenger_env.bench import env as bench_module
from scavenger_env.bench import null_env
from scavenger_env.bench.env import ANCHORS, bench_env, format_env_table
from scavenger_env.bench.null_env import (
    NullEnv,
    decisions_per_second,
    null_floor,
    wrapped_null_env,
)
from scavenger_env.cavein import codec, observation
from scavenger_env.cli import main as cli_main


def main(argv: list[str]) -> int:
    """The command line with this project's commands, installed or not."""
    return cli_main(argv, commands=PROJECT_COMMANDS)


pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


def test_null_env_has_our_sizes() -> None:
    assert null_env.OBS_SIZE == observation.OBS_SIZE == 2049
    assert null_env.NUM_ACTIONS == codec.NUM_ACTIONS == 156
    e = NullEnv()
    space = e.observation_space("player_0")
    assert space["observation"].shape == (2049,)
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (156,)
    assert space["action_mask"].dtype == np.int8
    assert e.action_space("player_1").n == 156


def test_null_env_alternates_two_agents_for_a_fixed_number_of_steps() -> None:
    e = NullEnv(game_length=7)
    e.reset(seed=3)
    order = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        assert reward == 0
        assert obs["action_mask"].all()
        assert not obs["observation"].any()
        order.append((agent, term))
        e.step(None if term or trunc else 5)
    live = [agent for agent, term in order if not term]
    assert live == ["player_0", "player_1"] * 3 + ["player_0"]
    assert sorted(agent for agent, term in order if term) == ["player_0", "player_1"]
    assert e.agents == []


@pytest.mark.filterwarnings(
    "ignore:The old environment creation API:DeprecationWarning"
)
@pytest.mark.filterwarnings("ignore:Observation numpy array is all zeros:UserWarning")
def test_null_env_passes_pettingzoo_api_test() -> None:
    from pettingzoo.test import api_test

    api_test(NullEnv(), num_cycles=500)
    api_test(wrapped_null_env(), num_cycles=500)


def test_decisions_per_second_counts_real_decisions_only() -> None:
    class Counting(NullEnv):
        steps = 0
        resets: list[int | None] = []

        def step(self, action):  # type: ignore[no-untyped-def]
            Counting.steps += action is not None
            super().step(action)

        def reset(self, seed=None, options=None):  # type: ignore[no-untyped-def]
            Counting.resets.append(seed)
            super().reset(seed=seed, options=options)

    rate = decisions_per_second(Counting(game_length=10), seconds=0.0, seed=40)
    assert rate > 0
    assert Counting.steps == 10  # one whole game, then time is up
    assert Counting.resets == [40]
    decisions_per_second(Counting(game_length=10), seconds=0.02, seed=40)
    assert Counting.resets[1:4] == [40, 41, 42]  # a new seed per game


def test_null_floor_returns_bare_and_wrapped_rates() -> None:
    bare, wrapped = null_floor(seconds=0.05)
    assert bare > 0
    assert wrapped > 0
    e = wrapped_null_env()
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    assert isinstance(e.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(e.env.env, NullEnv)


def test_bench_env_reports_every_figure_and_the_ratios() -> None:
    result = bench_env(seconds=0.06, rounds=2)
    d = result.to_dict()
    assert set(d["decisions_per_s"]) == {"raw", "wrapped"}
    for kind in ("raw", "wrapped"):
        assert set(d["decisions_per_s"][kind]) == {"2", "3", "4"}
        assert all(v > 0 for v in d["decisions_per_s"][kind].values())
    assert set(d["null_floor"]) == {"bare", "wrapped"}
    assert d["raw_ratio"] == pytest.approx(
        d["decisions_per_s"]["raw"]["2"] / d["null_floor"]["bare"]
    )
    assert d["wrapped_ratio"] == pytest.approx(
        d["decisions_per_s"]["wrapped"]["2"] / d["null_floor"]["wrapped"]
    )
    assert set(d["anchors"]) == set(ANCHORS)
    for name, rate in d["anchors"].items():
        installed = bench_module.load_anchor(name) is not None
        assert (rate is not None) == installed, name
        assert (d["anchor_ratios"][name] is None) == (rate is None)
    json.dumps(d)  # JSON-safe
    table = format_env_table(result)
    assert "raw_env" in table
    assert "env()" in table
    assert "null AEC floor" in table
    for name in ANCHORS:
        assert name in table


def test_missing_anchors_are_reported_as_missing() -> None:
    result = bench_env(seconds=0.02, rounds=1, anchors=("no_such_game_v0",))
    assert result.anchors == {"no_such_game_v0": None}
    assert result.anchor_ratios == {"no_such_game_v0": None}
    assert "no_such_game_v0  not installed" in format_env_table(result)


def test_measurements_are_interleaved(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def fake(env, seconds, seed):  # type: ignore[no-untyped-def]
        base = getattr(env, "unwrapped", env)
        calls.append(type(base).__name__)
        return 100.0 if isinstance(base, NullEnv) else 50.0

    monkeypatch.setattr(bench_module, "decisions_per_second", fake)
    result = bench_env(seconds=3.0, rounds=3, anchors=())
    # every round: the floor (bare, wrapped), then ours; the floor once more at the end
    assert calls == (["NullEnv"] * 2 + ["raw_env"] * 6) * 3 + ["NullEnv"] * 2
    assert result.raw_ratio == 0.5
    assert result.wrapped_ratio == 0.5


def test_cli_bench_env_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "env", "--json", "--seconds", "0.03"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in (
        "raw_ratio",
        "wrapped_ratio",
        "decisions_per_s",
        "null_floor",
        "anchors",
    ):
        assert key in data
    assert set(data["decisions_per_s"]["raw"]) == {"2", "3", "4"}


def test_cli_bench_env_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "env", "--seconds", "0.03"]) == 0
    out = capsys.readouterr().out
    assert "decisions/s" in out
    assert "2 players ÷ floor" in out


def test_cli_bench_env_rejects_a_bad_seconds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "env", "--seconds", "0"]) == 2
    assert "must be a positive number" in capsys.readouterr().err


def test_cli_bench_env_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "env", "--json", "--seconds", "0.02", "--rounds", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == 2


def test_cli_bench_env_rejects_no_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "env", "--rounds", "0"]) == 2
    assert "must be at least 1" in capsys.readouterr().err
