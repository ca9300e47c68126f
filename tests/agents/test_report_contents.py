"""A tournament's report.md and winrates.png carry what the terminal shows: the
ratings and the win rates by seat; the plot names the game and the lineup. And
the command line says a notice (a model trained under older rules) once, in the
project's words, instead of Python's warning lines."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from project_commands import PROJECT_COMMANDS

import agents.ppo
from agents.ppo import Policy
from agents.report import format_markdown, plot_title
from scavenger_env.cli import main as installed_main


def main(argv: Sequence[str]) -> int:
    return installed_main(argv, commands=PROJECT_COMMANDS)


@pytest.fixture(scope="module")
def old_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped Krysis model, marked as trained under a rules version that
    never was (so it is older than the rules in force, whatever ships)."""
    shipped = Path(agents.ppo.__file__).parent / "models" / "krysis-2p.npz"
    policy = Policy.read(shipped)
    policy.meta["rules_version"] = -1
    path = tmp_path_factory.mktemp("model") / "old.npz"
    policy.save(path)
    return path


def lineup(model: Path) -> list[str]:
    return ["--game", "krysis", "--players", f"ppo:model={model},name=ppo,random"]


@pytest.fixture(scope="module")
def krysis_ppo(tmp_path_factory: pytest.TempPathFactory, old_model: Path) -> Path:
    """A small tournament of a Krysis model trained under older rules."""
    folder = tmp_path_factory.mktemp("report") / "t"
    argv = ["tournament", *lineup(old_model)]
    argv += ["--games", "4", "--jobs", "1", "--no-progress", "--output", str(folder)]
    assert main(argv) == 0
    return folder


def test_report_md_has_the_ratings_and_the_seats(krysis_ppo: Path) -> None:
    summary = json.loads((krysis_ppo / "summary.json").read_text())
    report = (krysis_ppo / "report.md").read_text()
    for player in summary["players"]:
        rating = f"{player['rating_mu']:.1f} ± {player['rating_sigma']:.1f}"
        assert f"| {player['player']} |" in report and rating in report
    assert "rating μ ± σ" in report
    assert "Win rate by seat" in report
    for seat in summary["seats"]:
        low, high = 100 * seat["ci_low"], 100 * seat["ci_high"]
        row = f"| seat {seat['seat']} | {seat['games']} | "
        assert row in report and f"{low:.1f}–{high:.1f}%" in report


def test_turn_order_rates_appear_when_known() -> None:
    summary = {
        "games": 2,
        "players": [],
        "seats": [],
        "positions": [
            {"position": 0, "games": 2, "win_rate": 1.0, "ci_low": 0.3, "ci_high": 1.0}
        ],
        "head_to_head": {"players": []},
    }
    text = format_markdown(summary)
    assert "Win rate by turn order" in text and "| 1st | 2 | 100.0% |" in text


def test_the_plot_names_the_game_and_the_lineup(krysis_ppo: Path) -> None:
    summary = json.loads((krysis_ppo / "summary.json").read_text())
    title = plot_title(summary)
    assert title.startswith("Krysis, 2 players: ppo, random\n")
    assert "4 games" in title
    pytest.importorskip("matplotlib")
    assert (krysis_ppo / "winrates.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_old_rules_model_is_noted_once(
    tmp_path: Path, jobs: str, old_model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", *lineup(old_model)]
    argv += [
        "--games",
        "4",
        "--jobs",
        jobs,
        "--no-progress",
        "--output",
        str(tmp_path / "t"),
    ]
    assert main(argv) == 0
    err = capsys.readouterr().err
    notes = [line for line in err.splitlines() if "rules version" in line]
    assert len(notes) == 1, err
    assert notes[0].startswith("note: ") and "retrain it" in notes[0]
    assert "Warning" not in err


def test_runs_are_ignored_by_git() -> None:
    ignored = Path(__file__).resolve().parents[2] / ".gitignore"
    assert "runs/" in ignored.read_text().splitlines()


def test_the_report_links_viewer_pages_of_its_first_games(krysis_ppo: Path) -> None:
    from scavenger_env.core.records import iter_records
    from scavenger_env.core.viewer import read_page_data

    report = (krysis_ppo / "report.md").read_text()
    records = list(iter_records(krysis_ppo / "games.jsonl"))
    assert "## Watch a game" in report
    for number in (1, 2):  # --watch's default
        page = krysis_ppo / "watch" / f"game-{number}.html"
        assert f"](watch/game-{number}.html)" in report
        data = read_page_data(page.read_text(encoding="utf-8"))
        assert data["title"].endswith(f"seed {records[number - 1].seed}")
    assert not (krysis_ppo / "watch" / "game-3.html").exists()


def test_watch_0_writes_no_viewer_pages(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    argv = ["tournament", "--players", "random,random", "--games", "2", "--watch", "0"]
    assert main([*argv, "--no-progress", "--output", str(folder)]) == 0
    assert not (folder / "watch").exists()
    assert "Watch a game" not in (folder / "report.md").read_text()
