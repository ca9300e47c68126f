"""`scavenger train`: help, errors that name the problem and the fix (exit 2),
and a whole tiny run with every file it promises."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="training needs the [train] extra")

from agents.registry import make_agent
from agents.tournament import play_game
from scavenger_env.cli.main import main
from scavenger_env.core.games import get_game
from training.logs import EVAL_CSV, LEAGUE_CSV, TRAINING_CSV, read_csv

TINY = [
    "--n-envs", "4", "--n-steps", "64", "--batch-size", "128",
    "--net-arch", "32,32", "--checkpoint-rollouts", "2", "--opponents",
    "random,greedy", "--seed", "3", "--device", "cpu", "--threads", "1", "--quiet",
]  # fmt: skip


def fails(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run `scavenger ARGS`, which must fail as a user error; its message."""
    capsys.readouterr()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: "), err
    assert "Traceback" not in err
    return err


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole tiny run: 1024 steps, evaluated every 256, benchmarked."""
    folder = tmp_path_factory.mktemp("cli") / "run"
    args = ["train", "--output", str(folder), "--timesteps", "1024", *TINY]
    extra = ["--final-games", "2", "--eval-every", "256", "--eval-games", "2"]
    assert main(args + extra) == 0
    return folder


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--resume" in out and "--output" in out


def test_a_run_writes_every_promised_file(finished: Path) -> None:
    for name in ("run.json", "policy.npz", "model.zip", "benchmark.md", "curve.png"):
        assert (finished / name).is_file(), name
    for name in ("tb", "checkpoints", "benchmark", "eval"):
        assert (finished / name).is_dir() and any((finished / name).iterdir()), name
    assert any(p.name.startswith("events.") for p in (finished / "tb").rglob("*"))
    assert json.loads((finished / "run.json").read_text())["timesteps"] == 1024
    training = read_csv(finished / TRAINING_CSV)
    assert [int(r["step"]) for r in training] == [256, 512, 768, 1024]
    league = read_csv(finished / LEAGUE_CSV)
    assert {r["opponent"] for r in league} == {"random", "greedy"}
    evals = read_csv(finished / EVAL_CSV)
    assert [(r["step"], r["opponent"]) for r in evals] == [
        (str(step), bot) for step in (512, 1024) for bot in ("random", "greedy")
    ]
    assert all(r["games"] == "2" for r in evals)
    bench = (finished / "benchmark.md").read_text()
    assert "| random | 2 |" in bench and "| greedy | 2 |" in bench
    assert (finished / "benchmark" / "vs-random" / "summary.json").is_file()


def test_the_policy_plays_through_make_agent(finished: Path) -> None:
    spec = f"ppo:model={finished / 'policy.npz'}"
    assert make_agent(spec, game="cavein") is not None
    config = get_game("cavein").make_config(2)
    for specs in ([spec, "random"], ["greedy", spec]):
        record = play_game(config, 7, specs, 1)  # fails on an illegal move
        assert record.winners and len(record.actions) > 20


def test_an_existing_folder_needs_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    err = fails(["train", "--output", str(tmp_path), *TINY], capsys)
    assert "not empty" in err and "--resume" in err and "--output" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_resume_needs_a_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nothing"
    err = fails(["train", "--output", str(missing), "--resume"], capsys)
    assert "does not exist" in err and "drop --resume" in err
    assert not missing.exists()
    err = fails(["train", "--output", str(tmp_path), "--resume"], capsys)
    assert "run.json" in err and "--resume" in err


def test_an_unknown_opponent_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "run"
    args = ["train", "--output", str(folder), "--opponents", "random,nosuchbot"]
    err = fails(args, capsys)
    assert "--opponents" in err and "nosuchbot" in err and "choose from" in err
    assert not folder.exists()


def test_resuming_with_other_settings_is_refused(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (finished / "run.json").read_text()
    err = fails(["train", "--output", str(finished), "--resume", "--seed", "9"], capsys)
    assert "seed: run 3, asked 9" in err and "another --output" in err
    args = ["train", "--output", str(finished), "--resume", "--timesteps", "512"]
    err = fails(args, capsys)
    assert "--timesteps 512" in err and "1024" in err and "only train longer" in err
    assert (finished / "run.json").read_text() == before


def test_cuda_runs_or_is_refused_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import torch

    folder = tmp_path / "run"
    args = ["train", "--output", str(folder), "--timesteps", "512", *TINY]
    args[args.index("cpu")] = "cuda"
    args += ["--eval-every", "0", "--final-games", "0"]
    if torch.cuda.is_available():
        assert main(args) == 0
        assert (folder / "policy.npz").is_file()
        return
    err = fails(args, capsys)
    assert "--device cuda" in err and "no CUDA" in err and "--device cpu" in err
    # nothing was left behind: the same command on the cpu just works
    assert not folder.exists() or not any(folder.iterdir())


def test_init_from_starts_with_the_runs_weights(finished: Path) -> None:
    """--init-from: the new run's network starts as the old run's final one (not
    the fresh weights it was built with)."""
    import torch
    from sb3_contrib import MaskablePPO

    from training.league import League
    from training.run import load_initial_weights, make_envs, new_model
    from training.settings import TrainSettings

    settings = TrainSettings(
        n_envs=4, n_steps=64, batch_size=128, net_arch=(32, 32),
        opponents=("random", "greedy"), seed=3, init_from=str(finished),
    )  # fmt: skip
    vec = make_envs(settings, League(list(settings.opponents)), run=None)
    model = new_model(settings, vec, "cpu")
    old = MaskablePPO.load(finished / "model.zip", device="cpu")
    fresh = [p.detach().clone() for p in model.policy.parameters()]
    load_initial_weights(model, settings, "cpu")
    loaded = list(model.policy.parameters())
    assert any(not torch.equal(a, b) for a, b in zip(fresh, loaded))
    for a, b in zip(loaded, old.policy.parameters()):
        assert torch.equal(a, b)
    vec.close()


def test_init_from_through_the_cli_records_it(finished: Path, tmp_path: Path) -> None:
    folder = tmp_path / "tuned"
    args = ["train", "--output", str(folder), "--timesteps", "256", *TINY]
    assert main([*args, "--init-from", str(finished), "--no-self-play"]) == 0
    saved = json.loads((folder / "run.json").read_text())
    assert saved["init_from"] == str(finished)
    assert saved["self_play"] is False
    assert (folder / "policy.npz").is_file()


def test_init_from_errors_name_the_problem(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "run"
    base = ["train", "--output", str(folder), "--timesteps", "256", *TINY]
    err = fails([*base, "--init-from", str(tmp_path / "nowhere")], capsys)
    assert "does not exist" in err and "model.zip" in err
    assert not folder.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    err = fails([*base, "--init-from", str(empty)], capsys)
    assert "neither model.zip nor a checkpoint" in err
    # another network shape: refused, and the new folder is not left behind
    err = fails([*base, "--init-from", str(finished), "--net-arch", "16"], capsys)
    assert "does not fit this run" in err and "net_arch [16]" in err
    assert not folder.exists()
    # a folder the user made beforehand stays, as it was: empty
    folder.mkdir()
    err = fails([*base, "--init-from", str(finished), "--net-arch", "16"], capsys)
    assert "does not fit this run" in err
    assert folder.is_dir() and not any(folder.iterdir())
    folder.rmdir()
    err = fails([*base, "--init-from", str(finished), "--shared-layers", "8"], capsys)
    assert "does not fit this run" in err and "shared_layers [8]" in err
    garbage = tmp_path / "model.zip"
    garbage.write_bytes(b"not a zip")
    err = fails([*base, "--init-from", str(garbage)], capsys)
    assert "not a readable SB3 model" in err
    assert not folder.exists()


def test_init_from_a_policy_file_takes_its_actor_and_a_fresh_critic(
    finished: Path,
) -> None:
    """--init-from FILE.npz (a shipped model's format): the actor starts as the
    file's layers; the critic, which the file does not hold, stays as built."""
    import torch

    from agents.ppo import Policy
    from training.league import League
    from training.run import load_initial_weights, make_envs, new_model
    from training.settings import TrainSettings
    from training.warm_start import actor_layers

    path = finished / "policy.npz"
    settings = TrainSettings(
        n_envs=4, n_steps=64, batch_size=128, net_arch=(32, 32),
        opponents=("random",), seed=4, init_from=str(path),
    )  # fmt: skip
    vec = make_envs(settings, League(list(settings.opponents)), run=None)
    model = new_model(settings, vec, "cpu")
    fresh = {k: v.clone() for k, v in model.policy.state_dict().items()}
    load_initial_weights(model, settings, "cpu")
    state = model.policy.state_dict()
    policy = Policy.read(path)
    names = actor_layers(model.policy)
    assert len(names) == len(policy.weights) == 3
    for name, w, b in zip(names, policy.weights, policy.biases):
        assert torch.equal(state[f"{name}.weight"], torch.from_numpy(w))
        assert torch.equal(state[f"{name}.bias"], torch.from_numpy(b))
        assert not torch.equal(state[f"{name}.weight"], fresh[f"{name}.weight"])
    critic = [
        k for k in state if k.startswith(("mlp_extractor.value_net", "value_net"))
    ]
    assert critic
    for key in critic:
        assert torch.equal(state[key], fresh[key]), key
    # the run plays as the file does: the same logits for an observation
    obs = torch.as_tensor(vec.reset()[:1])
    with torch.no_grad():
        logits = model.policy.get_distribution(obs).distribution.logits
    expected = torch.log_softmax(torch.from_numpy(policy.logits(obs.numpy()[0])), -1)
    assert torch.allclose(torch.log_softmax(logits[0], -1), expected, atol=1e-4)
    vec.close()


def test_critic_warmup_holds_the_actor_still(finished: Path, tmp_path: Path) -> None:
    """--critic-warmup T: for the first T steps only the critic learns; the
    actor of a run that ends within them is the file it started from, while a
    run without the warm-up moves it."""
    from agents.ppo import Policy
    from training.run import train
    from training.settings import TrainSettings

    start = Policy.read(finished / "policy.npz")
    base = TrainSettings(
        n_envs=4, n_steps=64, batch_size=128, net_arch=(32, 32), timesteps=512,
        opponents=("random",), seed=4, init_from=str(finished / "policy.npz"),
        eval_every=0, final_games=0, threads=1, self_play=False,
    )  # fmt: skip
    held = train(replace(base, critic_warmup=512), tmp_path / "held", say=str)
    moved = train(base, tmp_path / "moved", say=str)
    held_policy = Policy.read(held.folder / "policy.npz")
    moved_policy = Policy.read(moved.folder / "policy.npz")
    for a, b in zip(start.weights, held_policy.weights):
        assert np.array_equal(a, b)
    assert any(
        not np.array_equal(a, b) for a, b in zip(start.weights, moved_policy.weights)
    )
    # the critic did learn while the actor was held
    rows = read_csv(held.folder / TRAINING_CSV)
    assert all(float(r["approx_kl"]) == 0.0 for r in rows if r["approx_kl"])
    assert any(float(r["value_loss"]) > 0 for r in rows if r["value_loss"])


def test_init_from_a_policy_file_that_does_not_fit_is_refused(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "run"
    base = ["train", "--output", str(folder), "--timesteps", "256", *TINY]
    policy = str(finished / "policy.npz")
    err = fails([*base, "--init-from", policy, "--net-arch", "16"], capsys)
    assert "does not fit this run's network" in err and "--net-arch 32,32" in err
    assert not folder.exists()
    err = fails([*base, "--init-from", policy, "--game", "krysis"], capsys)
    assert "init_from=" in err and "krysis" in err.lower()
    assert not folder.exists()
    assert main([*base, "--critic-warmup", "-1"]) == 2
    assert "--critic-warmup: must be at least 0" in capsys.readouterr().err


def test_shared_layers_train_and_reach_the_policy_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from agents.ppo import Policy

    folder = tmp_path / "run"
    args = ["train", "--output", str(folder), "--timesteps", "256", *TINY]
    assert main([*args, "--shared-layers", "24", "--net-arch", "16"]) == 0
    assert json.loads((folder / "run.json").read_text())["shared_layers"] == [24]
    policy = Policy.read(folder / "policy.npz")
    assert policy.hidden == [24, 16]
    other = ["train", "--output", str(tmp_path / "b"), *TINY, "--shared-layers", "x"]
    err = fails(other, capsys)
    assert "--shared-layers 'x'" in err


def test_the_curve_draws_marks(finished: Path, tmp_path: Path) -> None:
    from training.plots import plot_run

    plain = plot_run(finished, tmp_path / "plain.png")
    marked = plot_run(finished, tmp_path / "marked.png", marks=[(512, "phase 2")])
    for png in (plain, marked):
        assert png.read_bytes().startswith(b"\x89PNG")
    assert plain.read_bytes() != marked.read_bytes()


def test_a_human_opponent_is_refused_naming_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--opponents human` started a run whose games waited on the keyboard."""
    folder = tmp_path / "run"
    err = fails(
        ["train", "--output", str(folder), "--opponents", "random,human"], capsys
    )
    assert "--opponents: 'human' waits for a person at the keyboard" in err
    assert "`scavenger play --players human,ppo:model=" in err
    assert not folder.exists()
    err = fails(["bench", "train", "--opponents", "human"], capsys)
    assert "cannot be a training opponent" in err


def test_progress_off_a_terminal_is_plain_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The tqdm bar was drawn into logs and pipes: there, plain lines instead."""
    import io

    from training.run import PlainProgress, _progress_bar

    assert isinstance(_progress_bar(True, 1000, 0), PlainProgress)  # not a tty
    assert _progress_bar(False, 1000, 0) is None
    out = io.StringIO()
    bar = PlainProgress(1000, 200, file=out, every=0.0)
    bar.set_postfix(win="0.50", pool=3)
    bar.update(300)
    bar.close()
    bar.close()
    assert out.getvalue() == ("train: 500/1,000 steps (50%), win 0.50, pool 3\n" * 2)
    assert "\r" not in out.getvalue()


def test_the_closing_hint_plays_as_printed(
    finished: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hint named no human seat; now it is a `scavenger play` that seats you."""
    import builtins
    import shlex

    from training.run import FINAL_POLICY, play_command

    command = play_command("cavein", 2, finished / FINAL_POLICY)
    argv = shlex.split(command)
    assert argv[:2] == ["scavenger", "play"] and "human," in command
    answers = iter(["quit", "y"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    capsys.readouterr()
    assert main([*argv[1:], "--seed", "1", "--start-player", "0"]) == 0
    out = capsys.readouterr().out
    assert "player 0 (you), player 1 (ppo)" in out and "you quit" in out


def test_a_tiny_hewns_run(tmp_path: Path) -> None:
    """`scavenger train --game hewns` trains against Hewns's league and writes a
    policy the registry plays (no evaluation: an untrained deterministic policy
    may load and unload Substract until the game's safety stop)."""
    folder = tmp_path / "hewns"
    tiny = [*TINY[: TINY.index("--opponents")], *TINY[TINY.index("--seed") :]]
    args = ["train", "--game", "hewns", "--output", str(folder), "--timesteps", "256"]
    assert main([*args, *tiny, "--eval-every", "0", "--final-games", "0"]) == 0
    assert json.loads((folder / "run.json").read_text())["game"] == "hewns"
    league = read_csv(folder / LEAGUE_CSV)
    assert {r["opponent"] for r in league} == {"random", "prospector", "raider"}
    spec = f"ppo:model={folder / 'policy.npz'},deterministic=false"
    assert make_agent(spec, game="hewns") is not None
    config = get_game("hewns").make_config(2)
    record = play_game(config, 1, [spec, "random"], 1, game="hewns")
    assert record.game == "hewns" and len(record.actions) > 20
