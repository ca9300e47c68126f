"""Fitting an outcome critic onto a policy file (`scavenger train --algo critic`)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

from agents.backends import open_backend
from agents.ppo import Policy
from scavenger_env.cli import main
from scavenger_env.core.games import get_game
from training.critic import critic_tasks, fit_critic
from training.expert import play_tasks


def actor_only(tmp_path: Path, game: str = "krysis") -> Path:
    """A small random actor with no critic, as the files of format 1 are."""
    rules = get_game(game)
    rng = np.random.default_rng(0)
    sizes = [rules.observation_size, 16, rules.env_actions]
    layers = [
        (
            rng.normal(0, 1 / np.sqrt(a), (b, a)).astype(np.float32),
            rng.normal(0, 0.1, b).astype(np.float32),
        )
        for a, b in itertools.pairwise(sizes)
    ]
    meta = {
        "format": "scavenger-policy",
        "format_version": 1,
        "game": game,
        "num_players": 2,
        "rules_version": rules.rules_version,
        "steps": 123,
    }
    return Policy(layers, "tanh", meta).save(tmp_path / "actor.npz")


def test_the_games_give_value_rows_from_the_policys_seats(tmp_path: Path) -> None:
    """Every decision of the policy's seats is a row whose value target is the
    game's result from that seat (own seat first): 1 for the winner's rows in
    a game without a tie, and the rows of a game add up as its result does."""
    path = actor_only(tmp_path)
    spec = f"ppo:model={path},deterministic=0"
    tasks = critic_tasks(spec, "krysis", 2, 4, seed=3, opponents=("random",))
    assert [t.sampled for t in tasks] == [(0,), (1,), (0,), (1,)]
    with open_backend("local", 1) as backend:
        outcomes = play_tasks(tasks, backend)
    for task, outcome in zip(tasks, outcomes):
        assert outcome.arrays is not None
        value, pi = outcome.arrays["value"], outcome.arrays["pi"]
        seat = task.sampled[0]
        assert len(value) > 0 and not pi.any()  # no search: value targets only
        expected = [outcome.shares[seat], outcome.shares[1 - seat]]
        np.testing.assert_allclose(value, np.tile(expected, (len(value), 1)))
    again = play_tasks(tasks, open_backend("local", 1))
    assert [o.shares for o in again] == [o.shares for o in outcomes]


def test_fit_critic_keeps_the_actor_and_adds_an_outcome_critic(tmp_path: Path) -> None:
    path = actor_only(tmp_path)
    report = fit_critic(path, tmp_path / "out", games=10, epochs=2, say=lambda _m: None)
    fitted = Policy.load(tmp_path / "out" / "policy.npz", game="krysis")
    before = Policy.load(path)
    for a, b in zip(before.weights, fitted.weights):
        np.testing.assert_array_equal(a, b)
    assert fitted.value_kind == "outcome" and fitted.meta["steps"] == 123
    assert fitted.meta["critic_fit"]["games"] == 10
    saved = json.loads((tmp_path / "out" / "critic.json").read_text())
    assert saved == report and report["held_out_games"] == 1
    assert 0 <= report["accuracy"] <= 1 and report["mse"] >= 0


def test_the_command_line_fits_and_refuses_what_it_cannot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = actor_only(tmp_path)
    out = tmp_path / "cli"
    base = ["train", "--algo", "critic", "--output", str(out), "--quiet"]
    assert (
        main(
            [*base, "--init-from", str(path), "--critic-games", "10", "--n-epochs", "1"]
        )
        == 0
    )
    assert Policy.load(out / "policy.npz").has_value
    assert main(base) != 0
    assert "--init-from FILE" in capsys.readouterr().err
    assert main([*base, "--init-from", str(path), "--critic-games", "10"]) != 0
    assert "exists; give another --output" in capsys.readouterr().err
    assert main([*base, "--init-from", str(tmp_path / "none.npz")]) != 0
    assert "no policy file at" in capsys.readouterr().err
    assert main([*base, "--init-from", str(path), "--game", "cavein"]) != 0
    assert "trained for the game 'krysis'" in capsys.readouterr().err
    assert main([*base, "--init-from", str(path), "--generations", "2"]) != 0
    assert "--generations: for --algo expert" in capsys.readouterr().err
