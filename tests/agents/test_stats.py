"""Tournament statistics on hand-made records whose answers are worked out by hand."""

from __future__ import annotations

import csv
import sys
from pathlib import Path
from typing import Any

import pytest

from agents.report import (
    MATPLOTLIB_MISSING,
    format_markdown,
    format_table,
    plot_win_rates,
    write_csv,
)
from agents.stats import Z95, summarize, wilson_interval
from scavenger_env.core.records import GameRecord


def rec(
    players: list[str] | None, scores: list[int], start: int | None = None
) -> GameRecord:
    best = max(scores)
    return GameRecord(
        game="cavein",
        config={"num_players": len(scores)},
        seed=1,
        actions=[],
        scores=scores,
        winners=[s for s, v in enumerate(scores) if v == best],
        turns=10,
        players=players,
        meta=None if start is None else {"start_player": start},
    )


# Four games of A against B, each sitting in each seat twice:
#   game 1: A 10 - B 7   (A in seat 0, seat 0 moved first)
#   game 2: B 5  - A 9   (A in seat 1, seat 1 moved first)
#   game 3: A 8  - B 8   (a tie: both win; seat 1 moved first)
#   game 4: B 12 - A 4   (A in seat 1, seat 0 moved first)
GAMES = [
    rec(["A", "B"], [10, 7], start=0),
    rec(["B", "A"], [5, 9], start=1),
    rec(["A", "B"], [8, 8], start=1),
    rec(["B", "A"], [12, 4], start=0),
]


@pytest.fixture(scope="module")
def summary() -> dict[str, Any]:
    return summarize(GAMES, ["A", "B"])


def by_name(summary: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["player"]: p for p in summary["players"]}


def test_wilson_interval_matches_hand_computed_values() -> None:
    # 5 of 10: p = 0.5, z² = 3.8415, centre = 0.5,
    # half = 1.96 · sqrt(0.025 + 0.0096) / 1.38415 = 0.26341
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.236593, abs=1e-6)
    assert high == pytest.approx(0.763407, abs=1e-6)
    # 3 of 4: centre = (0.75 + 0.48019) / 1.96039 = 0.62753, half = 0.32689
    low, high = wilson_interval(3, 4)
    assert (low, high) == pytest.approx((0.300642, 0.954413), abs=1e-6)
    # 0 of n: (0, z² / (n + z²)); n of n: (n / (n + z²), 1)
    assert wilson_interval(0, 10) == (0.0, pytest.approx(Z95**2 / (10 + Z95**2)))
    assert wilson_interval(10, 10) == (pytest.approx(10 / (10 + Z95**2)), 1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert abs(Z95 - 1.96) < 1e-3
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_wins_count_a_tie_as_a_win_for_each_tied_player(
    summary: dict[str, Any],
) -> None:
    players = by_name(summary)
    assert summary["games"] == 4
    assert summary["ties"] == 1
    assert (players["A"]["games"], players["A"]["wins"]) == (4, 3)
    assert (players["B"]["games"], players["B"]["wins"]) == (4, 2)
    assert players["A"]["win_rate"] == 0.75
    assert players["B"]["win_rate"] == 0.5
    low, high = wilson_interval(3, 4)
    assert players["A"]["ci_low"] == pytest.approx(low, abs=1e-6)
    assert players["A"]["ci_high"] == pytest.approx(high, abs=1e-6)


def test_mean_vp_and_margin(summary: dict[str, Any]) -> None:
    players = by_name(summary)
    # A: VP 10, 9, 8, 4; margins +3, +4, 0, -8
    assert players["A"]["mean_vp"] == 7.75
    assert players["A"]["mean_margin"] == -0.25
    # B: VP 7, 5, 8, 12; margins -3, -4, 0, +8
    assert players["B"]["mean_vp"] == 8.0
    assert players["B"]["mean_margin"] == 0.25


def test_per_seat_and_per_position_rates(summary: dict[str, Any]) -> None:
    seats = [(s["seat"], s["games"], s["wins"]) for s in summary["seats"]]
    assert seats == [(0, 4, 3), (1, 4, 2)]
    positions = [(p["position"], p["games"], p["wins"]) for p in summary["positions"]]
    assert positions == [(0, 4, 4), (1, 4, 1)]  # who moved first won every game
    a_seats = [(s["games"], s["wins"]) for s in by_name(summary)["A"]["by_seat"]]
    b_seats = [(s["games"], s["wins"]) for s in by_name(summary)["B"]["by_seat"]]
    assert a_seats == [(2, 2), (2, 1)]
    assert b_seats == [(2, 1), (2, 1)]


def test_head_to_head_counts_a_tie_half(summary: dict[str, Any]) -> None:
    h2h = summary["head_to_head"]
    assert h2h["players"] == ["A", "B"]
    assert h2h["games"] == [[0, 4], [4, 0]]
    # A ahead in games 1 and 2, tied in 3, behind in 4: (2 + 0.5) / 4
    assert h2h["win_rate"] == [[None, 0.625], [0.375, None]]


def test_head_to_head_has_wilson_intervals(summary: dict[str, Any]) -> None:
    h2h = summary["head_to_head"]
    # 2.5 of 4: p = 0.625, z²/n = 0.96037, centre = (0.625 + 0.48018) / 1.96037,
    # half = 1.96 · sqrt(0.05859 + 0.06002) / 1.96037
    assert h2h["ci_low"][0][1] == pytest.approx(0.219427, abs=1e-6)
    assert h2h["ci_high"][0][1] == pytest.approx(0.908101, abs=1e-6)
    # B's interval mirrors A's: 1.5 of 4
    assert h2h["ci_low"][1][0] == pytest.approx(1 - 0.908101, abs=1e-6)
    assert h2h["ci_low"][0][0] is None and h2h["ci_high"][1][1] is None


def test_ratings_are_deterministic_and_rank_the_better_player_higher(
    summary: dict[str, Any],
) -> None:
    players = by_name(summary)
    assert players["A"]["rating_mu"] > 25 > players["B"]["rating_mu"]
    # two players with equal sigma move by equal and opposite steps
    assert players["A"]["rating_mu"] + players["B"]["rating_mu"] == pytest.approx(50)
    assert players["A"]["rating_sigma"] < 25 / 3
    a = players["A"]
    assert a["rating_conservative"] == pytest.approx(
        a["rating_mu"] - 3 * a["rating_sigma"], abs=1e-5
    )
    assert summarize(GAMES, ["A", "B"]) == summary


def test_a_three_way_game_with_a_tie() -> None:
    result = summarize([rec(["A", "B", "C"], [9, 9, 4])])
    players = by_name(result)
    assert [players[n]["wins"] for n in "ABC"] == [1, 1, 0]
    assert [players[n]["mean_margin"] for n in "ABC"] == [0, 0, -5]
    assert sum(p["win_rate"] for p in result["players"]) == 2  # ties: over 100%
    assert players["A"]["rating_mu"] == pytest.approx(players["B"]["rating_mu"])
    assert players["C"]["rating_mu"] < players["A"]["rating_mu"]
    assert "positions" not in result  # the records do not say who moved first


def test_records_without_players_are_named_by_seat() -> None:
    result = summarize([rec(None, [3, 5]), rec(None, [6, 1])])
    assert [p["player"] for p in result["players"]] == ["seat0", "seat1"]
    assert [p["wins"] for p in result["players"]] == [1, 1]


def test_lineup_order_is_kept_and_absent_players_have_no_games() -> None:
    result = summarize([rec(["B", "A"], [1, 2])], ["A", "B", "C"])
    assert [p["player"] for p in result["players"]] == ["A", "B", "C"]
    c = result["players"][2]
    assert (c["games"], c["win_rate"], c["ci_low"], c["ci_high"]) == (0, None, 0, 1)


def test_table_csv_and_plot(summary: dict[str, Any], tmp_path: Path) -> None:
    text = format_table(summary)
    assert text.splitlines()[0].split()[:4] == ["player", "games", "wins", "win"]
    assert "75.0%" in text and "30.1–95.4%" in text
    assert "62.5% of 4" in text  # head to head
    path = tmp_path / "summary.csv"
    write_csv(summary, path)
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [r["player"] for r in rows] == ["A", "B"]
    assert rows[0]["wins"] == "3" and rows[0]["win_rate_seat0"] == "1.0"
    pytest.importorskip("matplotlib")
    assert plot_win_rates(summary, tmp_path / "w.png") is None
    assert (tmp_path / "w.png").read_bytes().startswith(b"\x89PNG")


def test_plot_says_why_without_matplotlib(
    summary: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert plot_win_rates(summary, tmp_path / "w.png") == MATPLOTLIB_MISSING
    assert "pip install matplotlib" in MATPLOTLIB_MISSING
    assert not (tmp_path / "w.png").exists()


def test_markdown_report_has_the_matrix_with_intervals(summary: dict[str, Any]) -> None:
    text = format_markdown(summary, "A against B")
    assert text.startswith("## A against B\n")
    assert "| A | 4 | 75.0% | " in text  # A won 3 of 4 (the tie counts)
    # the row of A: 2.5 of 4 against B, with its Wilson interval and count
    assert "| **A** | — | 62.5% (21.9–90.8), 4 |" in text
    assert "| **B** | 37.5% (9.2–78.1), 4 | — |" in text


def test_counts_read_right_and_the_two_ratings_are_named_apart(
    summary: dict[str, Any], tmp_path: Path
) -> None:
    """One game, one tie, one deal: singular words; the table's rating column says
    it is mu ± sigma and the files' conservative mu − 3·sigma has its own name."""
    one = summarize([rec(["A", "B"], [8, 8], start=0)], ["A", "B"])
    text = format_table(one)
    assert "1 game, 1 tie (" in text
    assert "4 games, 1 tie (" in format_table(summary)
    header = text.splitlines()[0]
    assert "rating μ ± σ" in header
    a = by_name(one)["A"]
    assert f"{a['rating_mu']:.1f} ± {a['rating_sigma']:.1f}" in text
    assert "rating" not in a  # only clearly named ratings
    assert a["rating_conservative"] == pytest.approx(
        a["rating_mu"] - 3 * a["rating_sigma"], abs=1e-5
    )
    markdown = format_markdown({**one, "deals": 1, "seatings": 2})
    assert "1 game; 1 deal × 2 seatings" in markdown
    path = tmp_path / "one.csv"
    write_csv(one, path)
    columns = next(csv.reader(path.open(encoding="utf-8")))
    assert "rating_conservative" in columns and "rating" not in columns
    assert {"rating_mu", "rating_sigma"} <= set(columns)


def test_the_tournament_command_counts_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scavenger_env.cli import main

    argv = ["tournament", "--players", "random,random", "--games", "2"]
    argv += ["--output", str(tmp_path / "t"), "--jobs", "1", "--no-progress"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "tournament: 2 games of cavein with 2 players (1 deal × 2 seatings)" in out
    assert "played 2 games in" in out
    assert "1 deal " in out and "1 deals" not in out
