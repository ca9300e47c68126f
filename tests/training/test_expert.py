"""Expert iteration at a tiny scale: self-play samples, learning, the promotion
test, evaluation, resuming, and the command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

from agents.backends import open_backend
from agents.ppo import Policy
from scavenger_env.cli import main
from scavenger_env.core.errors import ConfigError
from scavenger_env.core.games import get_game
from training.expert import (
    ExpertSettings,
    GameTask,
    play_tasks,
    train_expert,
)
from training.logs import read_csv

TINY = {
    "generations": 2,
    "games": 2,
    "search_iterations": 4,
    "hidden": (8,),
    "value_hidden": (8,),
    "epochs": 1,
    "batch_size": 32,
    "gate_games": 4,
    "eval_every": 2,
    "eval_games": 2,
    "opponents": ("random",),
    "league_share": 0.5,
}


def tiny(game: str = "krysis", **more: object) -> ExpertSettings:
    return ExpertSettings(game=game, **{**TINY, **more})  # type: ignore[arg-type]


def test_a_tiny_run_writes_every_file_and_a_playable_net(tmp_path: Path) -> None:
    run = tmp_path / "run"
    result = train_expert(tiny(), run, say=lambda _m: None)
    assert result.generations == 2
    for name in ("run.json", "state.json", "expert.csv", "eval.csv", "policy.npz"):
        assert (run / name).is_file(), name
    assert json.loads((run / "run.json").read_text())["algo"] == "expert"
    rows = read_csv(run / "expert.csv")
    assert [r["generation"] for r in rows] == ["1", "2"]
    assert all(int(r["samples"]) > 0 and int(r["gate_games"]) >= 1 for r in rows)
    assert all(
        r["gate_decision"] in ("stronger", "not stronger", "undecided") for r in rows
    )
    policy = Policy.load(run / "policy.npz", game="krysis", num_players=2)
    assert policy.value_kind == "outcome" and policy.meta["algo"] == "expert"
    samples = np.load(run / "samples" / "gen-1.npz")
    pi, value, mask = samples["pi"], samples["value"], samples["mask"]
    # the policy targets are the search's visit shares over legal actions
    np.testing.assert_allclose(pi.sum(axis=1), 1.0, atol=1e-5)
    assert not (pi[~mask] > 0).any()
    # the value targets are win shares, own seat first: each row adds up to 1
    np.testing.assert_allclose(value.sum(axis=1), 1.0, atol=1e-6)
    assert read_csv(run / "eval.csv")[0]["step"] == "2"


def test_a_run_stopped_and_resumed_is_the_run_that_never_stopped(
    tmp_path: Path,
) -> None:
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    train_expert(tiny(eval_every=0), whole, say=lambda _m: None)
    train_expert(tiny(eval_every=0), parts, say=lambda _m: None, stop_after=1)
    assert not (parts / "policy.npz").exists()
    train_expert(tiny(eval_every=0), parts, resume=True, say=lambda _m: None)
    a = Policy.read(whole / "policy.npz")
    b = Policy.read(parts / "policy.npz")
    for x, y in zip(a.weights + a.value_weights, b.weights + b.value_weights):
        np.testing.assert_array_equal(x, y)
    drop = ("wall_s", "decisions_per_s")
    rows = [
        [
            {k: v for k, v in r.items() if k not in drop}
            for r in read_csv(f / "expert.csv")
        ]
        for f in (whole, parts)
    ]
    assert rows[0] == rows[1]


def test_resuming_with_other_settings_or_a_full_folder_is_refused(
    tmp_path: Path,
) -> None:
    run = tmp_path / "run"
    train_expert(tiny(eval_every=0), run, say=lambda _m: None, stop_after=1)
    with pytest.raises(ConfigError, match=r"other settings.*search_iterations"):
        train_expert(tiny(eval_every=0, search_iterations=5), run, resume=True)
    with pytest.raises(ConfigError, match="not empty"):
        train_expert(tiny(eval_every=0), run)


def test_bad_settings_say_what_is_wrong() -> None:
    with pytest.raises(ConfigError, match="gate_margin"):
        tiny(gate_margin=0.6).check()
    with pytest.raises(ConfigError, match="league_share"):
        tiny(league_share=1.5).check()
    with pytest.raises(ConfigError, match="num_players=5"):
        tiny(num_players=5).check()


def test_games_are_the_same_on_every_backend(tmp_path: Path) -> None:
    """Self-play games give the same samples in this process and in worker
    processes (the seeds travel with the tasks)."""
    from agents.az import AZAgent  # noqa: F401  (the spec below needs a file)
    from training.nets import PolicyValueNet

    rules = get_game("cavein")
    net = PolicyValueNet(
        rules.observation_size, rules.env_actions, 2, hidden=(8,), value_hidden=(8,)
    )
    path = net.to_policy(
        {
            "format": "scavenger-policy",
            "format_version": 2,
            "game": "cavein",
            "num_players": 2,
            "rules_version": rules.rules_version,
        }
    ).save(tmp_path / "net.npz")
    spec = f"az:model={path},iterations=3,temperature=1,noise=0.25"
    tasks = [GameTask("cavein", 2, s, (spec, "random"), (0,)) for s in (1, 2, 3)]
    with open_backend("local", 1) as one, open_backend("local", 2) as two:
        here, there = play_tasks(tasks, one), play_tasks(tasks, two)
    for a, b in zip(here, there):
        assert a.shares == b.shares
        assert a.arrays is not None and b.arrays is not None
        for key in a.arrays:
            np.testing.assert_array_equal(a.arrays[key], b.arrays[key])


def test_the_command_line_runs_and_resumes_expert_iteration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cli"
    args = [
        "train", "--algo", "expert", "--game", "krysis", "--output", str(out),
        "--generations", "1", "--selfplay-games", "2", "--search-iterations", "3",
        "--gate-games", "2", "--eval-every", "0", "--opponents", "random",
        "--n-epochs", "1", "--quiet",
    ]  # fmt: skip
    assert main(args) == 0
    assert (out / "policy.npz").is_file()
    more = [
        "train",
        "--algo",
        "expert",
        "--output",
        str(out),
        "--resume",
        "--generations",
        "2",
        "--quiet",
    ]
    assert main(more) == 0
    assert [r["generation"] for r in read_csv(out / "expert.csv")] == ["1", "2"]
    assert (
        main(
            [
                "train",
                "--algo",
                "expert",
                "--output",
                str(out),
                "--resume",
                "--game",
                "cavein",
                "--quiet",
            ]
        )
        != 0
    )
    err = capsys.readouterr().err
    assert "trains krysis" in err and "done:" not in err  # --quiet: no messages


def test_options_of_the_other_algorithm_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "x")
    assert main(["train", "--algo", "expert", "--timesteps", "5", "--output", out]) != 0
    assert "--timesteps: for --algo ppo, not --algo expert" in capsys.readouterr().err
    assert main(["train", "--generations", "3", "--output", out]) != 0
    assert "--generations: for --algo expert" in capsys.readouterr().err
    assert not Path(out).exists()


def test_expert_iteration_plays_its_games_on_ray(tmp_path: Path) -> None:
    """The Ray backend (a local Ray here; a cluster with an address) plays a
    generation's games as the local processes do: the same run."""
    pytest.importorskip("ray")
    local, ray = tmp_path / "local", tmp_path / "ray"
    settings = tiny(generations=1, eval_every=0)
    train_expert(settings, local, say=lambda _m: None)
    train_expert(
        dataclasses.replace(settings, backend="ray", jobs=2), ray, say=lambda _m: None
    )
    for key, value in np.load(local / "samples/gen-1.npz").items():
        np.testing.assert_array_equal(value, np.load(ray / "samples/gen-1.npz")[key])
    a, b = Policy.read(local / "policy.npz"), Policy.read(ray / "policy.npz")
    for x, y in zip(a.weights + a.value_weights, b.weights + b.value_weights):
        np.testing.assert_array_equal(x, y)


def test_expert_iteration_at_three_players_learns_a_share_per_seat(
    tmp_path: Path,
) -> None:
    """At 3 seats the critic gives three shares (own seat first), the value
    targets of each decision add up to 1, and the promotion test looks for more
    than an equal's third."""
    run = tmp_path / "run3"
    train_expert(
        tiny("cavein", num_players=3, generations=1, eval_every=0, gate_margin=0.2),
        run,
        say=lambda _m: None,
    )
    policy = Policy.load(run / "policy.npz", game="cavein", num_players=3)
    assert policy.meta["value"]["outputs"] == 3
    value = np.load(run / "samples" / "gen-1.npz")["value"]
    assert value.shape[1] == 3
    np.testing.assert_allclose(value.sum(axis=1), 1.0, atol=1e-6)
    with pytest.raises(ConfigError, match=r"gate_margin must lie in \(0, 0.666667\)"):
        tiny("cavein", num_players=3, gate_margin=0.7).check()
