"""A stopped and resumed run is the uninterrupted run: counters, league,
weights and logs alike, whether it stopped at a checkpoint or between two,
after a snapshot joined and after one left."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib", reason="training needs the [train] extra")

from training import checkpoint as ckpt
from training.logs import EVAL_CSV, read_csv
from training.run import train

#: rollouts of 256 steps, checkpoints every 512, evaluations every 768 (not a
#: multiple of 512); against random alone the untrained learner wins often
#: enough that snapshot-1 joins (step 768) and snapshot-2 replaces it (3328)
RESUME = {
    "timesteps": 4096,
    "opponents": ("random",),
    "snapshot_threshold": 0.2,
    "snapshot_min_games": 1,
    "max_snapshots": 1,
    "eval_every": 768,
    "eval_games": 4,
}


def quiet(_message: str) -> None:
    pass


@pytest.fixture(scope="module")
def straight(tiny: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The uninterrupted run."""
    folder = tmp_path_factory.mktemp("straight") / "run"
    result = train(tiny(**RESUME), folder, say=quiet)
    assert result.steps == 4096
    # the run covers what the resumed runs must get right
    league = ckpt.load_state(ckpt.latest(folder))["league"]  # type: ignore[arg-type]
    assert league["snapshots_made"] == 2, "no snapshot left the league"
    assert [m["name"] for m in league["members"]] == ["random", "snapshot-2"]
    evaluated = {row["step"] for row in read_csv(folder / EVAL_CSV)}
    assert evaluated == {"1024", "1536", "2560", "3072", "4096"}
    # at the checkpoint after it left, snapshot-1 still plays episodes in progress
    after = ckpt.load_state(folder / "checkpoints" / "step-000000003584")
    assert set(after["departed"]) == {"snapshot-1"}
    return folder


@pytest.mark.parametrize(
    "stops",
    [
        pytest.param([2048], id="at-checkpoint"),
        # 1792 lies between the checkpoints 1536 and 2048, 3584 is the first
        # checkpoint after snapshot-1 left, 3700 is no rollout's end
        pytest.param([1792, 3584], id="between-checkpoints"),
        pytest.param([3700], id="mid-rollout"),
    ],
)
def test_resumed_run_is_the_uninterrupted_run(
    stops: list[int],
    straight: Path,
    tiny: Any,
    assert_same_run: Any,
    tmp_path: Path,
) -> None:
    settings = tiny(**RESUME)
    folder = tmp_path / "run"
    first = train(settings, folder, say=quiet, stop_after=stops[0])
    assert first.steps >= stops[0]
    assert not (folder / "policy.npz").exists(), "a stopped run wrote final files"
    for stop in stops[1:]:
        train(settings, folder, resume=True, say=quiet, stop_after=stop)
    said: list[str] = []
    result = train(settings, folder, resume=True, say=said.append)
    assert said[0].startswith("resuming"), said
    assert result.steps == 4096
    assert_same_run(straight, folder)


def test_worker_processes_train_the_same_run(
    straight: Path, tiny: Any, assert_same_run: Any, tmp_path: Path
) -> None:
    """vec_env="subproc" (each env in a process of its own) plays the same games
    as the envs in this process: started in-process, resumed with workers past
    a snapshot's joining and leaving (checkpoints and restores go through the
    workers), the run is the uninterrupted in-process one."""
    from dataclasses import replace

    settings = tiny(**RESUME)
    folder = tmp_path / "run"
    train(settings, folder, say=quiet, stop_after=1792)
    workers = replace(settings, vec_env="subproc")
    train(workers, folder, resume=True, say=quiet, stop_after=3700)
    train(workers, folder, resume=True, say=quiet)
    assert_same_run(straight, folder)


def test_a_run_resumed_to_train_longer_benchmarks_its_new_policy(
    tiny: Any, tmp_path: Path
) -> None:
    """The final benchmark measures the final policy: after `--resume
    --timesteps` longer, the old benchmark's games (of the shorter run's policy)
    are not kept as the new policy's."""
    from dataclasses import replace

    settings = tiny(timesteps=512, final_games=2, opponents=("random",))
    run = tmp_path / "run"
    quiet = lambda _msg: None  # noqa: E731
    train(settings, run, say=quiet)
    first = (run / "benchmark" / "policy.npz").read_bytes()
    assert first == (run / "policy.npz").read_bytes()
    train(replace(settings, timesteps=1024), run, resume=True, say=quiet)
    second = (run / "benchmark" / "policy.npz").read_bytes()
    assert second == (run / "policy.npz").read_bytes()
    assert second != first
