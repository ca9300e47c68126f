"""Isolation: every bot of a tournament in a process of its own (the host,
`agents.pipe.host`). The games are the very games of the same tournament played
in one process; `file:` bots are untrusted, run only in their own process, and
make isolation the default; what cannot be isolated says why before any game."""

from __future__ import annotations

import itertools
import shlex
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from project_commands import PROJECT_COMMANDS

from agents.pipe.isolate import host_command, isolated
from agents.registry import REGISTRY, UNTRUSTED, AgentSpecError, make_agent, register
from agents.tournament import AgentError, TournamentError, make_plan, run_tournament
from agents.tournament.folder import GAMES_FILE
from scavenger_env.cli import main as installed_main
from scavenger_env.core.records import iter_records

LINEUPS = {
    "cavein": ["greedy", "ismcts:iterations=8", "ppo", "random"],
    "krysis": ["greedy", "hauler", "ismcts:iterations=8", "random"],
    "hewns": ["prospector", "raider", "random"],
}
"""Bots of each game that read the view in each way: the whole redacted state
(greedy, the heuristics, ismcts), the observation (ppo), nothing (random)."""


def _games(
    tmp_path: Path, name: str, game: str, players: Sequence[str], **options: Any
) -> list[tuple[Any, ...]]:
    plan = make_plan(list(players), 2, games=2, seed=5, game=game)
    run_tournament(plan, tmp_path / name, jobs=1, outputs=False, **options)
    return [
        (r.seed, r.actions, r.scores, r.digest, r.players)
        for r in iter_records(tmp_path / name / GAMES_FILE)
    ]


@pytest.mark.parametrize("game", sorted(LINEUPS))
def test_isolated_games_are_the_games_played_in_one_process(
    tmp_path: Path, game: str
) -> None:
    """Each bot, hosted in its own process, is handed the view and the random
    numbers it gets in the tournament's process: the same moves, the same games."""
    lineup = LINEUPS[game]
    for a, b in itertools.pairwise(lineup):
        here = _games(tmp_path, f"{a}-{b}-here", game, [a, b], isolation="none")
        there = _games(tmp_path, f"{a}-{b}-there", game, [a, b], isolation="process")
        assert here == there, (a, b)
        assert len({actions for _, actions, *_ in map(_hashable, here)}) == 2


def _hashable(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(tuple(x) if isinstance(x, list) else x for x in row)


def test_the_host_is_a_protocol_bot_like_any_other(tmp_path: Path) -> None:
    """`exec:` with the host's command line plays the bot as the tournament's
    own isolation does (a user may give it limits of its own)."""
    command = shlex.join(host_command("greedy", "krysis"))
    hosted = _games(
        tmp_path, "exec", "krysis", [f'exec:"{command}",time=30,name=g', "random"]
    )
    here = _games(tmp_path, "here", "krysis", ["greedy:name=g", "random"])
    assert hosted == here


def test_auto_isolation_follows_trust(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("agents.registry.UNTRUSTED", set(UNTRUSTED))
    assert not isolated("auto", ["random", "greedy", 'exec:"python bot.py"'])
    assert isolated("auto", ["random", "file:bot.py"])
    assert isolated("process", ["random", "random"])
    assert not isolated("none", ["file:bot.py", "random"])
    with pytest.raises(ValueError, match="one of auto, process, none"):
        isolated("always", ["random"])
    monkeypatch.setitem(REGISTRY, "theirs", {"*": "agents.base:RandomAgent"})
    register("theirs", "agents.base:RandomAgent", trusted=False)
    assert isolated("auto", ["random", "theirs"])
    register("theirs", "agents.base:RandomAgent")
    assert not isolated("auto", ["random", "theirs"])


BOT = """
import pathlib

pathlib.Path({marker!r}).write_text("ran")


class Mine:
    name = "mine"

    def reset(self, seat, config):
        self.seat = seat

    def act(self, view, legal, rng):
        {act}
"""


def _bot_file(tmp_path: Path, act: str = "return legal[0]", name: str = "bot") -> Path:
    path = tmp_path / f"{name}.py"
    marker = tmp_path / f"{name}.ran"
    path.write_text(BOT.format(marker=str(marker), act=act), encoding="utf-8")
    return path


def test_a_file_bot_runs_only_in_its_own_process(tmp_path: Path) -> None:
    """Planning checks the file is there without running it; the tournament runs
    it in a process of its own (isolation "auto"): this process never does."""
    path = _bot_file(tmp_path, name="elsewhere")
    plan = make_plan([f"file:{path}", "random"], 2, games=2, seed=1, game="krysis")
    assert not (tmp_path / "elsewhere.ran").exists()
    run_tournament(plan, tmp_path / "t", jobs=1, outputs=False)
    assert (tmp_path / "elsewhere.ran").exists()  # it ran, in the host
    assert not any("scavenger_file_bot_elsewhere" in name for name in sys.modules)
    records = list(iter_records(tmp_path / "t" / GAMES_FILE))
    assert len(records) == 2


def test_a_file_bot_played_here_when_asked(tmp_path: Path) -> None:
    """isolation="none": the file's bot in this process plays the same games."""
    path = _bot_file(tmp_path)
    there = _games(tmp_path, "there", "cavein", [f"file:{path}", "random"])
    here = _games(
        tmp_path, "here", "cavein", [f"file:{path}", "random"], isolation="none"
    )
    assert here == there


def test_bad_file_bots_are_refused_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="no bot file"):
        make_plan([f"file:{tmp_path / 'missing.py'}", "random"], 2, games=2)
    text = tmp_path / "bot.txt"
    text.write_text("x")
    with pytest.raises(TournamentError, match="not a Python file"):
        make_plan([f"file:{text}", "random"], 2, games=2)
    two = tmp_path / "two.py"
    two.write_text(
        textwrap.dedent(
            """
            class A:
                def act(self, view, legal, rng): return legal[0]
            class B(A):
                pass
            """
        )
    )
    with pytest.raises(AgentSpecError, match=r"exactly one class .*\(found: A, B\)"):
        make_agent(f"file:{two}")
    assert type(make_agent(f"file:{two},cls=B")).__name__ == "B"
    with pytest.raises(AgentSpecError, match="no bot class 'C'"):
        make_agent(f"file:{two},cls=C")


def test_a_hosted_bot_that_raises_stops_the_tournament_naming_it(
    tmp_path: Path,
) -> None:
    path = _bot_file(tmp_path, act="raise ValueError('my bot is broken')")
    plan = make_plan([f"file:{path},name=mine", "random"], 2, games=2, seed=1)
    with pytest.raises(AgentError, match=r"'mine'.*my bot is broken"):
        run_tournament(plan, tmp_path / "t", jobs=1)
    assert (tmp_path / "t" / GAMES_FILE).read_text() == ""


def test_a_bot_registered_by_import_path_is_hosted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host is told the registry entry of a bot registered at run time."""
    monkeypatch.setitem(REGISTRY, "coin", {"*": "agents.base:RandomAgent"})
    hosted = _games(tmp_path, "h", "krysis", ["coin", "random"], isolation="process")
    here = _games(tmp_path, "here", "krysis", ["random:name=coin", "random"])
    assert [row[:4] for row in hosted] == [row[:4] for row in here]


def test_a_bot_defined_in_a_function_cannot_be_hosted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Local:
        name = "local"

        def reset(self, seat: int, config: Any) -> None:
            pass

        def act(self, view: Any, legal: list[int], rng: Any) -> int:
            return legal[0]

    monkeypatch.setitem(REGISTRY, "local", {"*": Local})
    plan = make_plan(["local", "random"], 2, games=2)
    with pytest.raises(TournamentError, match="register it by its import path"):
        run_tournament(plan, tmp_path / "t", jobs=1, isolation="process")
    assert not (tmp_path / "t" / GAMES_FILE).exists()


def test_the_command_line_takes_isolation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _bot_file(tmp_path)
    argv = [
        "tournament",
        "--game",
        "krysis",
        "--players",
        f"file:{path},name=mine,random",
        "--games",
        "2",
        "--jobs",
        "1",
        "--isolation",
        "process",
        "--watch",
        "0",
        "--output",
        str(tmp_path / "t"),
    ]
    assert installed_main(argv, commands=PROJECT_COMMANDS) == 0
    assert "mine" in capsys.readouterr().out
    bad = [*argv[:-2], "--isolation", "sometimes"]
    assert installed_main(bad, commands=PROJECT_COMMANDS) == 2
    assert "invalid choice: 'sometimes'" in capsys.readouterr().err


def test_play_seats_a_file_bot_in_its_own_process(tmp_path: Path) -> None:
    """`scavenger play` (and `play_match`) never run a bot file in their own
    process either."""
    from agents.console import Console
    from agents.play import play_match
    from scavenger_env.core.games import get_game

    path = _bot_file(tmp_path, name="played")
    config = get_game("krysis").make_config(2)
    out: list[str] = []
    result = play_match(
        config, 3, [f"file:{path}", "random"], Console(output=out.append), game="krysis"
    )
    assert (tmp_path / "played.ran").exists()
    assert not any("scavenger_file_bot_played" in name for name in sys.modules)
    assert len(result.scores) == 2


def test_the_tournament_bench_measures_isolation() -> None:
    from agents.tournament.bench import bench_tournament, format_tournament_bench

    bench = bench_tournament(
        games=2, rounds=1, jobs=(1,), game="krysis", isolation="process"
    )
    text = format_tournament_bench(bench)
    assert "isolation process" in text and bench.median(1) > 0
    assert "Goal" not in text  # the goal is for random bots in one process
