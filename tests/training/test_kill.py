"""`kill -9` at any moment loses at most the steps since the last checkpoint:
`scavenger train --resume` then finishes the same run as one never stopped, and
a checkpoint cut off while being written is ignored and removed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib", reason="training needs the [train] extra")

from scavenger_env.cli.main import main
from training import checkpoint as ckpt

#: 8 checkpoints (every 512 steps) of 4 envs x 64 steps, a 32x32 net
FLAGS = [
    "--timesteps", "4096", "--n-envs", "4", "--n-steps", "64",
    "--batch-size", "128", "--net-arch", "32,32", "--checkpoint-rollouts", "2",
    "--eval-every", "0", "--final-games", "0", "--opponents", "random,greedy",
    "--seed", "3", "--device", "cpu", "--threads", "1", "--quiet",
]  # fmt: skip


def kill_at_first_checkpoint(folder: Path) -> None:
    """Start `python -m scavenger_env.cli train` and SIGKILL it as soon as its
    first checkpoint is complete."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "scavenger_env.cli", "train", "--output", str(folder),
         *FLAGS],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not ckpt.checkpoint_dirs(folder):
            if proc.poll() is not None:
                _, err = proc.communicate()
                pytest.fail(f"train ended before its first checkpoint: {err.decode()}")
            assert time.monotonic() < deadline, "no checkpoint within 2 minutes"
            time.sleep(0.02)
        assert proc.poll() is None, "the run was over before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL


def test_a_killed_run_resumes_as_if_never_stopped(
    tmp_path: Path, assert_same_run: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    straight = tmp_path / "straight"
    assert main(["train", "--output", str(straight), *FLAGS]) == 0
    killed = tmp_path / "killed"
    kill_at_first_checkpoint(killed)
    assert not (killed / "policy.npz").exists()
    stopped_at = ckpt.latest(killed)
    assert stopped_at is not None and stopped_at.name < "step-000000004096"
    # a checkpoint cut off while being written (as a kill during `save` leaves)
    partial = killed / "checkpoints" / ".tmp-000000999999-12345"
    partial.mkdir()
    (partial / "model.zip").write_bytes(b"PK\x03 cut off")
    capsys.readouterr()
    # only --output and --resume: the settings come from run.json
    assert main(["train", "--output", str(killed), "--resume", "--quiet"]) == 0
    assert not partial.exists(), "the partial checkpoint was not removed"
    assert [p.name for p in ckpt.checkpoint_dirs(killed)] == [
        "step-000000003584",
        "step-000000004096",
    ]
    assert_same_run(straight, killed)
