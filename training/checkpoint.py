"""Checkpoints that survive `kill -9` at any moment.

A checkpoint is a folder `checkpoints/step-NNNNNNNNNNNN/` holding `model.zip` (the
network and the optimiser, SB3's format), `policy.npz` (the actor alone, for the
`ppo` agent) and `state.pkl` (the league, every environment's episode in progress,
the random generators' states and the run's counters). It is written under a
temporary name and renamed into place, so a folder with a step name is always
complete; the newest one is the run's state. Older ones are removed after the
rename, keeping the last two.
"""

from __future__ import annotations

import os
import pickle
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np

CHECKPOINTS = "checkpoints"
MODEL_FILE = "model.zip"
STATE_FILE = "state.pkl"
POLICY_FILE = "policy.npz"
_PREFIX = "step-"
_KEEP = 2


def checkpoint_dirs(run: Path) -> list[Path]:
    """The complete checkpoints of a run, oldest first."""
    folder = run / CHECKPOINTS
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.name.startswith(_PREFIX))


def latest(run: Path) -> Path | None:
    found = checkpoint_dirs(run)
    return found[-1] if found else None


def global_rng_state() -> dict[str, Any]:
    """The global generators that Stable-Baselines3 draws from (torch's for
    sampling actions, numpy's for shuffling minibatches, Python's)."""
    import torch

    return {
        "numpy": np.random.get_state(),
        "python": random.getstate(),
        "torch": torch.get_rng_state(),
        "cuda": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else None,
    }


def set_global_rng_state(state: dict[str, Any]) -> None:
    import torch

    np.random.set_state(state["numpy"])
    random.setstate(state["python"])
    torch.set_rng_state(state["torch"])
    if state.get("cuda") is not None and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


def save(run: Path, step: int, model: Any, policy: Any, state: dict[str, Any]) -> Path:
    """Write a checkpoint for `step` atomically; returns its folder."""
    folder = run / CHECKPOINTS
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / f"{_PREFIX}{step:012d}"
    tmp = folder / f".tmp-{step:012d}-{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    model.save(tmp / MODEL_FILE)
    policy.save(tmp / POLICY_FILE)
    with (tmp / STATE_FILE).open("wb") as f:
        pickle.dump(state, f, protocol=pickle.HIGHEST_PROTOCOL)
        f.flush()
        os.fsync(f.fileno())
    if final.exists():  # the same step again (a resumed run): replace it
        shutil.rmtree(final)
    os.rename(tmp, final)
    _fsync_dir(folder)
    for old in checkpoint_dirs(run)[:-_KEEP]:
        shutil.rmtree(old, ignore_errors=True)
    return final


def load_state(checkpoint: Path) -> dict[str, Any]:
    with (checkpoint / STATE_FILE).open("rb") as f:
        state: dict[str, Any] = pickle.load(f)
    return state


def clean_partial(run: Path) -> None:
    """Remove checkpoints cut off while being written."""
    folder = run / CHECKPOINTS
    if folder.is_dir():
        for p in folder.iterdir():
            if p.name.startswith(".tmp-"):
                shutil.rmtree(p, ignore_errors=True)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
