"""Training runs on a game with chance during play: Dice Race (tests/dice_race.py)
rolls dice between the learner's decisions, from each environment's own
generator, and the same seed trains the same policy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib", reason="training needs the [train] extra")

from training.run import train


def test_a_run_on_a_game_of_dice_trains_and_repeats(
    dice_game: Any, tiny: Any, tmp_path: Path, assert_same_run: Any
) -> None:
    settings = tiny(game="dice", opponents=("random",), timesteps=512)
    for name in ("a", "b"):
        train(settings, tmp_path / name, say=lambda _m: None)
        assert (tmp_path / name / "policy.npz").exists()
    assert_same_run(tmp_path / "a", tmp_path / "b")
