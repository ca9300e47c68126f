"""No command destroys records unasked: an existing output file is refused unless
--append or --force says what to do with it, and a tournament never writes over
files of a folder that is not its own."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from project_commands import PROJECT_COMMANDS

from scavenger_env.cli import main as installed_main
from scavenger_env.core.records import iter_records


def main(argv: Sequence[str]) -> int:
    return installed_main(argv, commands=PROJECT_COMMANDS)


def simulate(path: Path, *more: str, games: int = 2, seed: int = 1) -> int:
    return main(
        [
            "simulate",
            "--game",
            "cavein",
            "--num-players",
            "2",
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--no-progress",
            "--output",
            str(path),
            *more,
        ]
    )


def test_simulate_refuses_an_existing_file_and_leaves_it_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    assert simulate(path, games=3) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert simulate(path, games=1, seed=9) == 2
    err = capsys.readouterr().err
    assert "already exists" in err and "--append" in err and "--force" in err
    assert path.read_bytes() == before


def test_simulate_force_replaces_and_append_adds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    assert simulate(path, games=3) == 0
    assert simulate(path, "--append", games=2, seed=2) == 0
    assert "added 2 games to" in capsys.readouterr().out
    seeds = [r.seed for r in iter_records(path)]
    assert len(seeds) == 5
    assert main(["replay", "--quiet", str(path)]) == 0
    assert simulate(path, "--force", games=1, seed=3) == 0
    assert len(list(iter_records(path))) == 1


def test_simulate_appends_after_a_last_line_without_newline(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    assert simulate(path, games=1) == 0
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    assert simulate(path, "--append", games=1, seed=2) == 0
    assert len(list(iter_records(path))) == 2


def test_append_and_force_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert simulate(tmp_path / "g.jsonl", "--append", "--force") == 2
    assert not (tmp_path / "g.jsonl").exists()
    assert "not allowed with" in capsys.readouterr().err


def test_a_tournament_keeps_off_a_folder_that_is_not_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "report.md").write_text("my own report\n")
    argv = ["tournament", "--players", "random,random", "--games", "2", "--jobs", "1"]
    argv += ["--no-progress", "--output", str(folder)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "report.md" in err and "another --output" in err
    assert (folder / "report.md").read_text() == "my own report\n"
    assert sorted(p.name for p in folder.iterdir()) == ["report.md"]
