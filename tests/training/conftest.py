"""Shared pieces of the training tests: tiny settings and run comparisons."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents.ppo import Policy
from training import checkpoint as ckpt
from training.logs import EVAL_CSV, LEAGUE_CSV, TRAINING_CSV, read_csv
from training.settings import TrainSettings

#: columns that measure time, so differ between two runs of the same training
TIMING_COLUMNS = ("wall_s", "steps_per_s")


@pytest.fixture(autouse=True)
def one_torch_thread() -> Iterator[None]:
    """One torch thread, as training itself uses (and a busy 2-core machine)."""
    try:
        import torch
    except ImportError:  # the tests that need torch skip themselves
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def tiny_settings(**changes: Any) -> TrainSettings:
    """Settings of a run that takes seconds: 4 envs x 64 steps, a 32x32 net."""
    base = TrainSettings(
        timesteps=2048,
        n_envs=4,
        n_steps=64,
        batch_size=128,
        net_arch=(32, 32),
        # pinned, not the defaults: the resume tests' snapshot timings were
        # worked out for this training
        n_epochs=5,
        gamma=0.995,
        ent_coef=0.01,
        checkpoint_rollouts=2,
        eval_every=0,
        final_games=0,
        opponents=("random", "greedy"),
        seed=3,
        threads=1,  # the tests run two at a time on two cores
    )
    return replace(base, **changes)


def final_weights(run: Path) -> list[np.ndarray]:
    policy = Policy.read(run / "policy.npz")
    return [*policy.weights, *policy.biases]


def same_weights(a: Path, b: Path) -> None:
    wa, wb = final_weights(a), final_weights(b)
    assert len(wa) == len(wb)
    for x, y in zip(wa, wb):
        assert x.shape == y.shape
        assert np.array_equal(x, y), "the final weights differ"


def last_state(run: Path) -> dict[str, Any]:
    found = ckpt.latest(run)
    assert found is not None, f"{run} has no checkpoint"
    return ckpt.load_state(found)


def log_rows(run: Path, name: str) -> list[dict[str, str]]:
    """A log's rows without the timing columns."""
    return [
        {k: v for k, v in row.items() if k not in TIMING_COLUMNS}
        for row in read_csv(run / name)
    ]


def same_run(a: Path, b: Path) -> None:
    """Two finished runs went through the same training, step for step."""
    sa, sb = last_state(a), last_state(b)
    assert sa["step"] == sb["step"]
    assert ckpt.latest(a).name == ckpt.latest(b).name  # type: ignore[union-attr]
    assert sa["league"] == sb["league"]
    ca = {k: v for k, v in sa["counters"].items() if k != "wall_s"}
    cb = {k: v for k, v in sb["counters"].items() if k != "wall_s"}
    assert ca == cb
    same_weights(a, b)
    for name in (TRAINING_CSV, LEAGUE_CSV, EVAL_CSV):
        rows_a, rows_b = log_rows(a, name), log_rows(b, name)
        assert rows_a or name == EVAL_CSV, f"{a / name} has no rows"
        for i, (x, y) in enumerate(zip(rows_a, rows_b)):
            assert x == y, f"{name}, row {i + 1}: {x} != {y}"
        assert len(rows_a) == len(rows_b), f"{name}: other row counts"


# the helpers as fixtures (a test module cannot import this conftest by name)


@pytest.fixture(scope="session")
def tiny() -> Any:
    """`tiny(**changes)`: the settings of a run that takes seconds."""
    return tiny_settings


@pytest.fixture(scope="session")
def assert_same_run() -> Any:
    """`assert_same_run(a, b)`: two finished runs trained step for step alike."""
    return same_run


@pytest.fixture(scope="session")
def assert_same_weights() -> Any:
    """`assert_same_weights(a, b)`: two runs' policy.npz are bit-identical."""
    return same_weights
