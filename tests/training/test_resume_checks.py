"""`scavenger train --resume`: a --game other than the run's is refused (the
default game included), and a finished run is said to be finished, with nothing
run again (its closing benchmark above all)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="training needs the [train] extra")

from scavenger_env.cli.main import main

TINY = [
    "--n-envs", "2", "--n-steps", "64", "--batch-size", "128",
    "--net-arch", "16", "--checkpoint-rollouts", "2", "--opponents",
    "random", "--seed", "3", "--device", "cpu", "--threads", "1", "--quiet",
]  # fmt: skip


@pytest.fixture(scope="module")
def krysis_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole tiny Krysis run (not the default game), benchmarked."""
    folder = tmp_path_factory.mktemp("resume") / "run"
    args = ["train", "--game", "krysis", "--output", str(folder)]
    args += ["--timesteps", "256", "--final-games", "2", *TINY]
    assert main(args) == 0
    return folder


def snapshot(folder: Path) -> dict[str, int]:
    """Every file under `folder` with its modification time (ns)."""
    return {
        str(p.relative_to(folder)): p.stat().st_mtime_ns
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.parametrize("game", ["cavein", "hewns"])
def test_resuming_with_another_game_is_refused(
    krysis_run: Path, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = snapshot(krysis_run)
    capsys.readouterr()
    assert main(["train", "--output", str(krysis_run), "--resume", "--game", game]) == 2
    err = capsys.readouterr().err
    assert f"game: run 'krysis', asked '{game}'" in err
    assert snapshot(krysis_run) == before


def test_resuming_a_finished_run_does_nothing_and_says_so(
    krysis_run: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = snapshot(krysis_run)
    assert "benchmark.md" in before
    capsys.readouterr()
    assert main(["train", "--output", str(krysis_run), "--resume"]) == 0
    err = capsys.readouterr().err
    assert "is finished" in err and "nothing to do" in err
    assert "benchmark:" not in err  # the closing benchmark is not run again
    after = snapshot(krysis_run)
    changed = [name for name in after if after[name] != before.get(name)]
    assert changed == ["run.json"] or changed == []  # the settings, rewritten same
    # the same settings with --game given as the run's own: the same answer
    assert (
        main(["train", "--output", str(krysis_run), "--resume", "--game", "krysis"])
        == 0
    )
    assert "is finished" in capsys.readouterr().err


def test_a_run_killed_in_its_benchmark_is_not_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "run"
    args = ["train", "--output", str(folder), "--timesteps", "256"]
    assert main([*args, "--final-games", "2", *TINY]) == 0
    (folder / "benchmark.md").unlink()  # as if killed before writing it
    capsys.readouterr()
    assert main(["train", "--output", str(folder), "--resume"]) == 0
    assert "is finished" not in capsys.readouterr().err
    assert (folder / "benchmark.md").is_file()
