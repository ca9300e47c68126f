"""Learning a bot's play (`scavenger train --algo imitate`)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

from agents.backends import open_backend
from agents.base import view_for
from agents.ppo import Policy
from agents.registry import make_agent
from agents.tournament import play_game
from scavenger_env.cli import main
from scavenger_env.core.games import get_game
from training.expert import play_tasks, sample_outcome
from training.imitate import _agreement, imitate, imitation_tasks
from training.nets import PolicyValueNet, Samples


def test_each_row_targets_the_move_the_teacher_made(tmp_path: Path) -> None:
    """A teacher's decision is a row whose policy target is one-hot at the
    move it made (a deterministic bot makes it again from that position), and
    whose value target is the game's result from its seat."""
    tasks = imitation_tasks("hauler", "krysis", 2, 2, seed=5, opponents=("random",))
    assert [t.sampled for t in tasks] == [(0,), (1,)]
    assert all(t.imitate and "hauler" in t.specs for t in tasks)
    with open_backend("local", 1) as backend:
        outcomes = play_tasks(tasks, backend)
    rules = get_game("krysis")
    codec = rules.codec()
    for task, outcome in zip(tasks, outcomes):
        assert outcome.arrays is not None
        pi, mask = outcome.arrays["pi"], outcome.arrays["mask"]
        assert len(pi) > 0
        np.testing.assert_array_equal(pi.sum(axis=1), 1.0)
        np.testing.assert_array_equal(pi.max(axis=1), 1.0)
        assert mask[np.arange(len(pi)), pi.argmax(axis=1)].all(), "legal moves only"
        seat = task.sampled[0]
        np.testing.assert_allclose(
            outcome.arrays["value"][:, 0], outcome.shares[seat], atol=0
        )
    # the rows are the moves the teacher made: play the first game again with
    # the same draws and collect the teacher's choices
    task = tasks[0]
    seeds = np.random.SeedSequence(task.seed).spawn(4)
    state = rules.new_game(rules.make_config(2), np.random.default_rng(seeds[0]))
    chance = np.random.default_rng(seeds[1])
    rngs = [np.random.default_rng(s) for s in seeds[2:]]
    agents = [make_agent(spec, game="krysis") for spec in task.specs]
    for seat, agent in enumerate(agents):
        agent.reset(seat, rules.config_of(state))
    moves = []
    while not rules.is_over(state):
        if rules.is_chance_node(state):
            rules.apply_action(
                state, sample_outcome(rules.chance_outcomes(state), chance)
            )
            continue
        seat, legal = rules.current_player(state), rules.legal_actions(state)
        move = agents[seat].act(
            view_for(agents[seat], state, seat, game=rules), legal, rngs[seat]
        )
        if seat in task.sampled and len(legal) > 1:
            moves.append(codec.encode(move, seat, 2))
        rules.apply_action(state, move)
    first = outcomes[0].arrays
    assert first is not None
    assert first["pi"].argmax(axis=1).tolist() == moves


def test_imitate_learns_the_teachers_moves_and_the_results(tmp_path: Path) -> None:
    report = imitate(
        "hauler",
        tmp_path / "out",
        game="krysis",
        games=20,
        epochs=4,
        hidden=(32,),
        value_hidden=(32,),
        say=lambda _m: None,
    )
    saved = json.loads((tmp_path / "out" / "imitation.json").read_text())
    assert saved == report and report["held_out_games"] == 2
    assert 1 <= report["critic_epochs"] <= 4
    learned = Policy.load(tmp_path / "out" / "policy.npz", game="krysis")
    assert learned.value_kind == "outcome" and learned.meta["imitation"] == report
    # the learned net agrees with the teacher far more often than a fresh one
    with open_backend("local", 1) as backend:
        held = play_tasks(
            imitation_tasks("hauler", "krysis", 2, 3, seed=99, opponents=()), backend
        )
    rows = Samples.concat(
        [
            Samples(a["obs"], a["mask"], a["pi"], a["value"])
            for a in (o.arrays for o in held)
            if a is not None
        ]
    )
    rules = get_game("krysis")
    fresh = PolicyValueNet(rules.observation_size, rules.env_actions, 2, hidden=(32,))
    trained = PolicyValueNet.from_policy(learned)
    assert _agreement(trained, rows) > _agreement(fresh, rows) + 0.2
    assert report["agreement"] > 0.4 and report["mse"] < report["mse_equal_share"]
    # it plays, alone and guiding the search
    path = tmp_path / "out" / "policy.npz"
    config = rules.make_config(2)
    for spec in (f"ppo:model={path}", f"az:model={path},iterations=4"):
        record = play_game(config, 1, [spec, "random"], 1, game="krysis")
        assert record.winners  # a finished game, every move legal


def test_imitate_is_reproducible(tmp_path: Path) -> None:
    for name in ("a", "b"):
        imitate(
            "random",
            tmp_path / name,
            game="cavein",
            games=10,
            epochs=1,
            hidden=(8,),
            value_hidden=(8,),
            seed=4,
            say=lambda _m: None,
        )
    a = Policy.load(tmp_path / "a" / "policy.npz")
    b = Policy.load(tmp_path / "b" / "policy.npz")
    for x, y in zip([*a.weights, *a.value_weights], [*b.weights, *b.value_weights]):
        np.testing.assert_array_equal(x, y)


def test_the_command_line_imitates_and_refuses_what_it_cannot(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "cli"
    base = ["train", "--algo", "imitate", "--game", "krysis", "--quiet"]
    args = [*base, "--teacher", "hauler", "--imitate-games", "10", "--n-epochs", "1"]
    assert main([*args, "--net-arch", "16", "--output", str(out)]) == 0
    learned = Policy.load(out / "policy.npz")
    assert learned.hidden == [16] and learned.meta["imitation"]["teacher"] == "hauler"
    assert learned.meta["training"] == (
        "scavenger train --algo imitate --game krysis --num-players 2 --teacher "
        "hauler --imitate-games 10 --n-epochs 1 --seed 0 --net-arch 16 "
        "--batch-size 256 --learning-rate 0.001"
    )
    assert main([*args, "--output", str(out)]) != 0
    assert "exists; give another --output" in capsys.readouterr().err
    assert main([*base, "--output", str(tmp_path / "x")]) != 0
    assert "--teacher SPEC" in capsys.readouterr().err
    assert (
        main([*base, "--teacher", "hauler,bandit", "--output", str(tmp_path / "x")])
        != 0
    )
    assert "give one bot" in capsys.readouterr().err
    assert main([*base, "--teacher", "nobody", "--output", str(tmp_path / "x")]) != 0
    assert "--teacher:" in capsys.readouterr().err
    # `ppo` with no model shipped for the game and count: refused before any game
    import agents.ppo.agent as ppo_agent

    monkeypatch.setattr(ppo_agent, "MODELS_DIR", tmp_path / "no-models")
    no_model = [*args, "--num-players", "3", "--output", str(tmp_path / "x")]
    assert main([*no_model, "--opponents", "ppo,greedy"]) != 0
    assert "--opponents: no model is shipped for krysis with 3" in (
        capsys.readouterr().err
    )
    monkeypatch.undo()
    for flag, value in (
        ("--init-from", "x.npz"),
        ("--timesteps", "1000"),
        ("--eval-games", "4"),
    ):
        assert main([*args, flag, value, "--output", str(tmp_path / "y")]) != 0
        assert f"{flag}: for --algo" in capsys.readouterr().err, flag
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()
