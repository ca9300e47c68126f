"""`scavenger balance tune` from the command line: it runs, resumes and names
what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("optuna", reason="the tuner needs the [balance] extra")

from scavenger_env.cli.main import main

ARGS = [
    "balance", "tune", "--players", "greedy,random", "--param",
    "cave_in_thresholds[0]=int:4:9", "--target", "turns=30:34", "--games", "4",
    "--seed", "1", "--quiet",
]  # fmt: skip


def fails(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err, err
    return err


def test_tune_runs_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "study"
    assert main([*ARGS, "--trials", "2", "--output", str(out)]) == 0
    said = capsys.readouterr().out
    assert "best of 2 trials: cave_in_thresholds[0]=" in said and "report.md" in said
    assert main([*ARGS, "--trials", "3", "--output", str(out), "--resume"]) == 0
    assert "best of 3 trials" in capsys.readouterr().out
    assert len((out / "trials.csv").read_text().splitlines()) == 4


def test_errors_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = ["--output", str(tmp_path / "s")]
    assert "--param" in fails(["balance", "tune", "--players", "greedy,random",
                               "--target", "turns=1:2", *out], capsys)  # fmt: skip
    assert "NAME=int:LOW:HIGH" in fails([*ARGS, "--param", "x=int", *out], capsys)
    assert "use one of" in fails([*ARGS, "--target", "fun=1:2", *out], capsys)
    assert "no study to resume" in fails([*ARGS, *out, "--resume"], capsys)


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "tune", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--target" in out
    assert (
        "95% intervals" in out and "%%" not in out
    )  # a description is not %-formatted
