"""Tournaments: seat rotation over duplicate deals, reproducible and resumable
records, clear errors, and the `scavenger tournament` command."""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents.registry import REGISTRY
from agents.report import format_table
from agents.tournament import (
    GAMES_FILE,
    PLOT_FILE,
    REPORT_FILE,
    SETTINGS_FILE,
    SUMMARY_CSV,
    SUMMARY_FILE,
    TIMING_FILE,
    AgentError,
    BackendError,
    TournamentError,
    make_plan,
    play_game,
    player_labels,
    run_tournament,
    seat_rngs,
    seatings,
    split_players,
)
from scavenger_env.cavein.engine import GameConfig
from scavenger_env.cavein.simulate import replay_record
from scavenger_env.cli import main
from scavenger_env.core.records import iter_records
from scavenger_env.core.seeding import game_seed

# ------------------------------------------------------------------ stand-in agents


class Cautious:
    """Stand-in: uniformly random, and checks that it plays only its own seat."""

    name = "cautious"

    def __init__(self, bias: int = 0) -> None:
        self.seat = -1
        self.bias = bias

    def reset(self, seat: int, config: GameConfig) -> None:
        self.seat = seat

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        assert view.seat == self.seat
        return legal[int(rng.integers(len(legal)))]


class Illegal:
    """Stand-in: always answers an action that is never legal."""

    name = "illegal"

    def reset(self, seat: int, config: GameConfig) -> None:
        pass

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        return 10_000


class Crashing:
    """Stand-in: raises on its first decision."""

    name = "crashing"

    def reset(self, seat: int, config: GameConfig) -> None:
        pass

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        raise ZeroDivisionError("oops")


@pytest.fixture(autouse=True)
def stand_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    # Forked worker processes inherit the registry as it is when the pool starts.
    monkeypatch.setitem(REGISTRY, "cautious", Cautious)
    monkeypatch.setitem(REGISTRY, "illegal", Illegal)
    monkeypatch.setitem(REGISTRY, "crashing", Crashing)


def lines(directory: Path) -> list[str]:
    return (directory / GAMES_FILE).read_text(encoding="utf-8").splitlines()


def plan_2p(games: int = 12, seed: int = 3, players: str = "random,cautious") -> Any:
    return make_plan(players, 2, games=games, seed=seed)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 2-player tournament (12 games), played in this process."""
    directory = tmp_path_factory.mktemp("reference")
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(REGISTRY, "cautious", Cautious)
        result = run_tournament(plan_2p(), directory, jobs=1)
    assert result.complete and result.played == 12
    return directory


# ------------------------------------------------------------------ seatings


@pytest.mark.parametrize(
    ("k", "n", "all_", "count"),
    [
        (2, 2, False, 2),
        (3, 3, False, 6),
        (3, 2, False, 6),
        (4, 4, False, 4),
        (4, 4, True, 24),
        (5, 4, False, 20),
        (4, 3, False, 24),
        (4, 2, False, 12),
    ],
)
def test_every_player_sits_in_every_seat_equally_often(
    k: int, n: int, all_: bool, count: int
) -> None:
    rows = seatings(k, n, all_)
    assert len(rows) == count
    assert len(set(rows)) == count  # no seating twice
    for row in rows:
        assert len(set(row)) == n  # nobody in two seats
    per_seat = Counter(
        (player, seat) for row in rows for seat, player in enumerate(row)
    )
    assert len(set(per_seat.values())) == 1
    assert {p for p, _ in per_seat} == set(range(k))


def test_up_to_three_seats_play_every_order() -> None:
    assert seatings(2, 2) == [(0, 1), (1, 0)]
    assert sorted(seatings(3, 3)) == sorted(itertools.permutations(range(3)))


def test_four_seats_use_a_williams_square() -> None:
    rows = seatings(4, 4)
    # a Latin square: each player once per seat ...
    for seat in range(4):
        assert sorted(row[seat] for row in rows) == [0, 1, 2, 3]
    # ... in which each player directly follows each other player exactly once
    neighbours = Counter((row[s], row[s + 1]) for row in rows for s in range(3))
    assert sorted(neighbours) == [(a, b) for a in range(4) for b in range(4) if a != b]
    assert set(neighbours.values()) == {1}


def test_split_players_keeps_agent_options_together() -> None:
    assert split_players("random, greedy") == ["random", "greedy"]
    assert split_players("ismcts:iterations=20,time=1,random") == [
        "ismcts:iterations=20,time=1",
        "random",
    ]


def test_repeated_names_become_distinct_players() -> None:
    assert player_labels(["random", "greedy", "random"]) == [
        "random#1",
        "greedy",
        "random#2",
    ]


def test_a_name_option_names_the_player() -> None:
    """`ppo:model=/long/path/policy.npz` was its own column; `name=` shortens it,
    and two players of one name are refused with a way to rename one."""
    assert player_labels(["greedy:name=g1", "random", "random", "greedy"]) == [
        "g1",
        "random#1",
        "random#2",
        "greedy",
    ]
    plan = make_plan("ismcts:iterations=2,name=deep,random:name=r", 2, games=2)
    assert plan.labels == ("deep", "r")
    assert plan.task(0).specs == ("ismcts:iterations=2,name=deep", "random:name=r")
    for players in ("random:name=x,greedy:name=x", "random,greedy:name=random"):
        with pytest.raises(TournamentError) as caught:
            make_plan(players, 2, games=2)
        assert "are both named" in str(caught.value)
        assert "rename one with the option name=, e.g. greedy:name=greedy2" in str(
            caught.value
        )


def test_games_round_up_to_whole_deals() -> None:
    plan = make_plan("random,random,cautious", 3, games=10)
    assert len(plan.seatings) == 6
    assert (plan.deals, plan.games) == (2, 12)
    assert make_plan("random,random", 2, deals=5).games == 10


# ------------------------------------------------------------------ one game


def test_play_game_records_players_and_meta_and_replays() -> None:
    config = GameConfig(num_players=2)
    record = play_game(config, 11, ["random", "cautious"], 5, meta={"deal": 0})
    assert record.players == ["random", "cautious"]
    assert record.meta is not None
    assert record.meta["deal"] == 0
    assert record.meta["start_player"] in (0, 1)
    replay_record(record)  # the actions re-create the recorded outcome


def test_play_game_uses_no_global_random_state() -> None:
    config = GameConfig(num_players=2)
    np.random.seed(1)
    random.seed(1)
    first = play_game(config, 11, ["random", "cautious"], 5).to_json()
    np.random.seed(2)
    random.seed(2)
    assert play_game(config, 11, ["random", "cautious"], 5).to_json() == first
    assert play_game(config, 11, ["random", "cautious"], 6).to_json() != first


def test_each_seat_has_its_own_generator() -> None:
    draws = [rng.integers(1 << 62) for rng in seat_rngs(9, 3)]
    assert len(set(draws)) == 3
    assert [rng.integers(1 << 62) for rng in seat_rngs(9, 3)] == draws


@pytest.mark.parametrize(
    ("bad", "words"),
    [("illegal", ["'illegal' (seat", "illegal action 10000"]), ("crashing", ["oops"])],
)
def test_a_failing_agent_is_named(bad: str, words: list[str]) -> None:
    with pytest.raises(AgentError) as info:
        play_game(GameConfig(num_players=2), 1, [bad, bad], 1)
    for word in words:
        assert word in str(info.value)


# ------------------------------------------------------------------ the tournament


def test_every_deal_is_played_in_every_seating(reference: Path) -> None:
    records = list(iter_records(reference / GAMES_FILE))
    assert len(records) == 12
    plan = plan_2p()
    assert len(plan.seatings) == 2
    by_deal: dict[int, list[Any]] = {}
    for index, record in enumerate(records):
        assert record.meta is not None
        deal, seating = record.meta["deal"], record.meta["seating"]
        assert index == deal * 2 + seating  # written in game order
        assert record.seed == game_seed(3, deal)  # the deals of `scavenger simulate`
        assert record.players == [plan.labels[i] for i in plan.seatings[seating]]
        by_deal.setdefault(deal, []).append(record)
    assert sorted(by_deal) == list(range(6))
    for deal_records in by_deal.values():
        assert sorted(tuple(r.players) for r in deal_records) == [
            ("cautious", "random"),
            ("random", "cautious"),
        ]
    seats = Counter(
        (name, seat) for r in records for seat, name in enumerate(r.players)
    )
    assert set(seats.values()) == {6}


def test_tournament_records_replay(reference: Path) -> None:
    for record in iter_records(reference / GAMES_FILE):
        replay_record(record)
    assert main(["replay", str(reference / GAMES_FILE), "--quiet"]) == 0


def test_outputs_are_written(reference: Path) -> None:
    for name in (SETTINGS_FILE, SUMMARY_FILE, SUMMARY_CSV, PLOT_FILE, REPORT_FILE):
        assert (reference / name).stat().st_size > 0
    summary = json.loads((reference / SUMMARY_FILE).read_text(encoding="utf-8"))
    assert summary["games"] == 12
    assert (summary["deals"], summary["seatings"]) == (6, 2)
    assert [p["player"] for p in summary["players"]] == ["random", "cautious"]
    assert all(p["games"] == 12 for p in summary["players"])
    assert sum(s["games"] for s in summary["seats"]) == 24
    csv_lines = (reference / SUMMARY_CSV).read_text(encoding="utf-8").splitlines()
    assert csv_lines[0].startswith("player,games,wins,win_rate,ci_low,ci_high")
    assert "ms_per_decision,max_ms_per_decision" in csv_lines[0]
    assert len(csv_lines) == 3


def test_thinking_time_is_kept_apart_from_the_records(reference: Path) -> None:
    timing = [
        json.loads(line)
        for line in (reference / TIMING_FILE).read_text(encoding="utf-8").splitlines()
    ]
    assert sorted(t["game"] for t in timing) == list(range(12))
    records = list(iter_records(reference / GAMES_FILE))
    for t, record in zip(sorted(timing, key=lambda t: t["game"]), records):
        assert t["players"] == record.players
        # only decisions with a choice are timed: fewer than all the actions
        assert 0 < sum(t["decisions"]) < len(record.actions)
        assert all(0 <= top <= secs for top, secs in zip(t["slowest"], t["seconds"]))
    summary = json.loads((reference / SUMMARY_FILE).read_text(encoding="utf-8"))
    assert "ms_per_decision" not in summary["players"][0]  # the bytes stay the same


def test_thinking_time_reaches_the_table(tmp_path: Path) -> None:
    class Slow(Cautious):
        def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
            deadline = time.perf_counter() + 0.002
            while time.perf_counter() < deadline:
                pass
            return super().act(view, legal, rng)

    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(REGISTRY, "slow", Slow)
        result = run_tournament(plan_2p(2, players="random,slow"), tmp_path, jobs=1)
    assert result.summary is not None
    ms = {p["player"]: p["ms_per_decision"] for p in result.summary["players"]}
    assert ms["slow"] >= 2.0 > ms["random"]
    slowest = {p["player"]: p["max_ms_per_decision"] for p in result.summary["players"]}
    assert slowest["slow"] >= ms["slow"]
    assert "ms/decision" in format_table(result.summary)


def test_a_damaged_timing_file_does_not_stop_the_summary(
    reference: Path, tmp_path: Path
) -> None:
    for name in (SETTINGS_FILE, GAMES_FILE):
        (tmp_path / name).write_bytes((reference / name).read_bytes())
    (tmp_path / TIMING_FILE).write_text('{"game": 0, "players": ["random"\nnot json\n')
    result = run_tournament(plan_2p(), tmp_path, jobs=1)
    assert result.summary is not None and result.played == 0
    assert all(p["ms_per_decision"] is None for p in result.summary["players"])


def test_same_seed_gives_identical_files_whatever_the_jobs(
    reference: Path, tmp_path: Path
) -> None:
    run_tournament(plan_2p(), tmp_path / "one", jobs=1)
    run_tournament(plan_2p(), tmp_path / "two", jobs=2)
    for name in (GAMES_FILE, SUMMARY_FILE, SETTINGS_FILE):
        expected = (reference / name).read_bytes()
        assert (tmp_path / "one" / name).read_bytes() == expected
        assert (tmp_path / "two" / name).read_bytes() == expected


def test_another_seed_gives_other_deals(reference: Path, tmp_path: Path) -> None:
    run_tournament(plan_2p(seed=4), tmp_path, jobs=1)
    assert lines(tmp_path) != lines(reference)


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_run_resumes_without_losing_or_repeating_a_game(
    reference: Path, tmp_path: Path, jobs: int
) -> None:
    def stop_after_five(index: int) -> None:
        if index == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tournament(plan_2p(), tmp_path, jobs=jobs, on_game=stop_after_five)
    assert lines(tmp_path) == lines(reference)[:5]
    assert not (tmp_path / SUMMARY_FILE).exists()

    result = run_tournament(plan_2p(), tmp_path, jobs=jobs)
    assert (result.resumed, result.played, result.complete) == (5, 7, True)
    assert (tmp_path / GAMES_FILE).read_bytes() == (reference / GAMES_FILE).read_bytes()

    again = run_tournament(plan_2p(), tmp_path, jobs=jobs)  # nothing left to play
    assert (again.resumed, again.played) == (12, 0)
    assert (tmp_path / GAMES_FILE).read_bytes() == (reference / GAMES_FILE).read_bytes()


def test_max_games_stops_early_and_a_rerun_finishes(
    reference: Path, tmp_path: Path
) -> None:
    first = run_tournament(plan_2p(), tmp_path, jobs=2, max_games=3)
    assert (first.played, first.complete, first.summary) == (3, False, None)
    run_tournament(plan_2p(), tmp_path, jobs=1)
    assert (tmp_path / GAMES_FILE).read_bytes() == (reference / GAMES_FILE).read_bytes()


def test_a_cut_off_last_line_is_dropped_and_replayed(
    reference: Path, tmp_path: Path
) -> None:
    run_tournament(plan_2p(), tmp_path, max_games=4)
    path = tmp_path / GAMES_FILE
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 50])  # the fourth line loses its end
    result = run_tournament(plan_2p(), tmp_path)
    assert result.resumed == 3
    assert any("incomplete last line" in note for note in result.notes)
    assert path.read_bytes() == (reference / GAMES_FILE).read_bytes()


def test_a_missing_middle_game_is_played_and_the_file_put_in_order(
    reference: Path, tmp_path: Path
) -> None:
    run_tournament(plan_2p(), tmp_path)
    path = tmp_path / GAMES_FILE
    kept = lines(reference)
    del kept[6]
    path.write_text("\n".join(kept) + "\n\n", encoding="utf-8")
    result = run_tournament(plan_2p(), tmp_path)
    assert (result.resumed, result.played) == (11, 1)
    assert path.read_bytes() == (reference / GAMES_FILE).read_bytes()


def test_more_games_extend_a_finished_tournament(tmp_path: Path) -> None:
    run_tournament(plan_2p(games=6), tmp_path / "grown")
    grown = run_tournament(plan_2p(games=12), tmp_path / "grown")
    assert (grown.resumed, grown.played) == (6, 6)
    run_tournament(plan_2p(games=12), tmp_path / "fresh")
    assert lines(tmp_path / "grown") == lines(tmp_path / "fresh")
    with pytest.raises(TournamentError, match="ask for at least 12 games"):
        run_tournament(plan_2p(games=6), tmp_path / "grown")


@pytest.mark.parametrize(
    ("changed", "words"),
    [
        (dict(seed=4), ["seed: 3 there, 4 now"]),
        (dict(players="random,random"), ["specs: random,cautious there"]),
    ],
)
def test_other_settings_in_the_same_folder_are_refused(
    reference: Path, tmp_path: Path, changed: dict[str, Any], words: list[str]
) -> None:
    run_tournament(plan_2p(), tmp_path, max_games=2)
    before = lines(tmp_path)
    with pytest.raises(TournamentError) as info:
        run_tournament(plan_2p(**changed), tmp_path)
    for word in [*words, "choose another --output"]:
        assert word in str(info.value)
    assert lines(tmp_path) == before


def test_a_folder_with_foreign_games_is_refused(tmp_path: Path) -> None:
    (tmp_path / GAMES_FILE).write_text("{}\n", encoding="utf-8")
    with pytest.raises(TournamentError, match=r"tournament\.json does not"):
        run_tournament(plan_2p(), tmp_path)


def test_a_corrupt_line_is_named(reference: Path, tmp_path: Path) -> None:
    run_tournament(plan_2p(), tmp_path, max_games=3)
    path = tmp_path / GAMES_FILE
    kept = lines(tmp_path)
    kept[1] = kept[1].replace('"seed":', '"seed":1')
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    with pytest.raises(TournamentError, match=r"line 2: .*does not match"):
        run_tournament(plan_2p(), tmp_path)


@pytest.mark.parametrize(
    ("players", "n", "words"),
    [
        ("random,nobody", 2, ["unknown player 'nobody'", "choose from:", "random"]),
        ("random", None, ["at least 2 players"]),
        ("random,random", 3, ["too few players: 2 for 3 seats"]),
        ("random,random", 5, ["5 players per game", "2, 3 or 4"]),
        ("random,random,random,random,random", None, ["--num-players 4"]),
        ("random,human", 2, ["'human'", "scavenger play"]),
        ("random,random:speed", 2, ["bad option"]),
        ("random,", 2, ["empty player name"]),
    ],
)
def test_bad_lineups_say_what_is_allowed(
    players: str, n: int | None, words: list[str]
) -> None:
    with pytest.raises(TournamentError) as info:
        make_plan(players, n, games=4)
    for word in words:
        assert word in str(info.value)


def test_ray_missing_says_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails
    with pytest.raises(BackendError, match=r"pip install .*distributed"):
        run_tournament(plan_2p(), tmp_path, backend="ray")


def test_ray_backend_gives_the_same_file(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    # Ray's workers are fresh processes: they know the agents registered by
    # module path (the stand-ins of this file are not), so the lineup is random's.
    plan = plan_2p(players="random,random")
    run_tournament(plan, tmp_path / "local", jobs=1)
    run_tournament(plan, tmp_path / "ray", backend="ray", jobs=2)
    expected = (tmp_path / "local" / GAMES_FILE).read_bytes()
    assert (tmp_path / "ray" / GAMES_FILE).read_bytes() == expected


# ------------------------------------------------------------------ the command


def tournament(*args: str) -> int:
    return main(["tournament", "--no-progress", *args])


def test_command_runs_a_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    code = tournament(
        "--game",
        "cavein",
        "--players",
        "random,random",
        "--num-players",
        "2",
        "--games",
        "5",
        "--seed",
        "7",
        "--jobs",
        "2",
        "--output",
        str(out),
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "6 games of cavein with 2 players (3 deals × 2 seatings)" in text
    assert "--games 5 rounded up to 6" in text
    assert "games/s" in text
    assert "random#1" in text and "random#2" in text and "95% CI" in text
    assert len(lines(out)) == 6
    for name in (SUMMARY_FILE, SUMMARY_CSV, PLOT_FILE, REPORT_FILE, TIMING_FILE):
        assert (out / name).exists()
        assert str(out / name) in text  # the closing "wrote ..." line names it
    assert main(["replay", str(out / GAMES_FILE), "-q"]) == 0

    # rerun: nothing to play, same summary
    assert (
        tournament(
            "--players",
            "random,random",
            "--games",
            "5",
            "--seed",
            "7",
            "--jobs",
            "1",
            "--output",
            str(out),
        )
        == 0
    )
    assert "already there" in capsys.readouterr().out


def test_command_tables_and_records_use_the_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    players = "random:name=left,random:name=right"
    args = ["--players", players, "--games", "2", "--output", str(out)]
    assert tournament(*args) == 0
    text = capsys.readouterr().out
    assert "left" in text and "right" in text and "random:name" not in text
    assert {tuple(r.players or ()) for r in iter_records(out / GAMES_FILE)} == {
        ("left", "right"),
        ("right", "left"),
    }
    summary = json.loads((out / SUMMARY_FILE).read_text(encoding="utf-8"))
    assert {p["player"] for p in summary["players"]} == {"left", "right"}
    report = (out / REPORT_FILE).read_text(encoding="utf-8")
    assert "| left |" in report
    assert tournament("--players", "random:name=a,greedy:name=a", "--games", "2") == 2
    assert "are both named 'a'; rename one" in capsys.readouterr().err


def test_report_heading_and_plot_say_what_the_terminal_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report read "Tournament in tournament" (the default folder's name);
    the plot said "position 0/1" where the terminal says "1st/2nd"."""
    from agents.report import ordinal, seat_group

    out = tmp_path / "tournament"
    assert (
        tournament("--players", "random,random", "--games", "2", "--output", str(out))
        == 0
    )
    text = capsys.readouterr().out
    report = (out / REPORT_FILE).read_text(encoding="utf-8")
    assert report.startswith("## Star Scrappers: Cave-In tournament, 2 players\n")
    summary = json.loads((out / SUMMARY_FILE).read_text(encoding="utf-8"))
    title, labels, rows = seat_group(summary)
    assert labels == ["1st", "2nd"] and rows == summary["positions"]
    assert "1st moved first" in title
    assert "1st " in text and "2nd " in text  # the terminal's words
    assert [ordinal(p) for p in (0, 1, 2, 3, 10, 11, 20)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "21st",
    ]  # fmt: skip
    del summary["positions"]
    assert seat_group(summary)[1] == ["seat 0", "seat 1"]


def test_command_lists_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament("--list-players") == 0
    text = capsys.readouterr().out
    assert "random" in text and "Uniformly random" in text
    assert "cautious" in text  # a registered stand-in, described by its docstring
    assert "options: bias (int, default 0)" in text  # its options, typed, defaults
    # ismcts's true budget, not the signature's stand-in 0
    assert "iterations (int, default 50, none when time is set)" in text
    assert "time (float, default 0)" in text
    assert "input_fn" not in text  # human's hooks are not spec options


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "random,nobody"], ["unknown player 'nobody'", "random"]),
        (["--players", "random", "--num-players", "2"], ["at least 2 players"]),
        (["--players", "random,random", "--num-players", "3"], ["too few players"]),
        (["--players", "random,random"], ["--output DIR is required"]),
        (["--output", "x"], ["--players is required", "--list-players"]),
        (
            ["--players", "random,random", "--address", "a:1", "--output", "x"],
            ["--address is for --backend ray"],
        ),
    ],
)
def test_command_errors_exit_2(
    args: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert tournament(*args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert "Traceback" not in err
    for word in words:
        assert word in err


@pytest.mark.parametrize(
    "args",
    [
        ["--jobs", "0"],
        ["--games", "0"],
        ["--backend", "mpi"],
        ["--seed", "-1"],
        ["--bogus"],
    ],
)
def test_command_bad_options_exit_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert tournament("--players", "random,random", *args) == 2
    assert "error:" in capsys.readouterr().err


def test_command_refuses_a_folder_of_another_tournament(
    reference: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        tournament(
            "--players",
            "random,cautious",
            "--num-players",
            "2",
            "--games",
            "12",
            "--seed",
            "99",
            "--output",
            str(reference),
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "holds a tournament with other settings (seed: 3 there, 99 now)" in err


def test_command_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament("--help") == 0
    text = capsys.readouterr().out
    for option in (
        "--players",
        "--games",
        "--jobs",
        "--backend",
        "--address",
        "--list-players",
        "--no-progress",
        "--output",
    ):
        assert option in text
    assert "name=NAME in any spec" in " ".join(text.split())


def test_bench_tournament_reports_both_job_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The speed benchmark's shape (its figures are measured, not tested)."""
    assert main(["bench", "tournament", "--games", "4", "--rounds", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 4 and result["players"] == "random,random"
    assert set(result["runs"]) == {"1", "2"}
    assert all(len(v) == 2 and min(v) > 0 for v in result["runs"].values())
    assert result["ratio"]["1"] == 1.0
    assert main(["bench", "tournament", "--games", "0"]) == 2


@pytest.mark.parametrize("seed", [-1, 2**64, 10**5000], ids=["-1", "2**64", "huge"])
def test_a_master_seed_outside_64_bits_is_refused(seed: int) -> None:
    with pytest.raises(TournamentError, match=r"seed must be an int in 0\.\.2\*\*64"):
        make_plan("random,random", 2, games=2, seed=seed)
    assert make_plan("random,random", 2, games=2, seed=2**64 - 1).seed == 2**64 - 1
