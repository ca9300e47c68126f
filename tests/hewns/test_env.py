"""Hewns' observation in its environment: the layout of its views and the
docstring's table of them. The checks every game's environment shares (PettingZoo's
own, seeding, replays of the env's record, illegal actions) run over the registry
in tests/env/test_api.py."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np

from scavenger_env.hewns.engine.actions import NUM_ACTIONS
from scavenger_env.hewns.env import raw_env
from scavenger_env.hewns.observation import LAYOUT, OBS_SIZE, OFFSETS, views

ROOT = Path(__file__).resolve().parents[2]


def test_the_observation_layout_is_flat_and_bounded() -> None:
    """Every view lies in the vector once, in order; values stay in [0, 1]."""
    assert OFFSETS["fighters"][1] == OBS_SIZE
    assert [name for name, _ in LAYOUT] == [
        "decision",
        "global",
        "offer",
        "spaces",
        "hewns",
        "seats",
        "encounter",
        "fighters",
    ]
    e = raw_env(num_players=4)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(300):
        if e.terminations[e.agent_selection]:
            break
        obs = e.observe(e.agent_selection)
        vec = obs["observation"]
        assert vec.shape == (OBS_SIZE,) and vec.dtype == np.float32
        assert vec.min() >= 0.0 and vec.max() <= 1.0
        assert obs["action_mask"].shape == (NUM_ACTIONS,)
        assert views(vec)["decision"][:80].sum() == 1  # the kind on top
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_the_docstring_table_gives_every_views_indices() -> None:
    """The observation's docstring tables each view's index range."""
    # read from the source: a compiled (mypyc) module's file is its extension
    source = (ROOT / "scavenger_env" / "hewns" / "observation.py").read_text()
    doc = ast.get_docstring(ast.parse(source)) or ""
    rows = {
        m[0]: (int(m[1]), int(m[2]))
        for m in re.findall(r"(?m)^(\w+)\s+(\d+)-(\d+)\s+\(", doc)
    }
    assert rows == {n: (a, b - 1) for n, (a, b) in OFFSETS.items()}
