"""Measure the engines and the PettingZoo environments of every game.

Runs ``scavenger bench engine --json`` and ``scavenger bench env --json`` for
Cave-In, Krysis and Hewns (``--repeats`` runs each, interleaved game by game) and writes
``docs/results/benchmarks.md``: decisions/s, games/s, decisions and turns per game
by player count, clone time, and the environment's ratios to the null AEC floor
and PettingZoo's classic anchors measured in the same run (median and range over
the repeats). Absolute figures depend on the machine and its load; compare ratios.

Usage (from the repository root)::

    python docs/results/scripts/benchmarks.py [--scale quick|full]
        [--repeats N] [--output FILE] [--game GAME ...]

``--game GAME`` (repeatable) measures only that game and puts its tables into the
existing page in place of its earlier ones, with a line of their own provenance;
the other games' figures stay as they were.

``quick``: 0.05 s per engine figure, 0.02 s per env figure, 1 run each (seconds in
all, for a smoke test). ``full``: 2 s and 1 s (the commands' defaults), 3 runs each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _page import (
    ROOT,
    command,
    game_title,
    header,
    provenance,
    say,
    splice_game,
    table,
    write,
)

OUTPUT = ROOT / "docs" / "results" / "benchmarks.md"
GAMES = ("cavein", "krysis", "hewns")
SCALES: dict[str, dict[str, float]] = {
    "quick": {"engine": 0.05, "env": 0.02, "repeats": 1},
    "full": {"engine": 2.0, "env": 1.0, "repeats": 3},
}
SEATS = ("2", "3", "4")


def bench(kind: str, game: str, seconds: float) -> dict[str, Any]:
    """One `scavenger bench KIND --game GAME --seconds S --json` run, parsed.

    It runs outside the source tree, so that `-m` imports the installed build
    this script reports (from the repository root it would import the source).
    """
    with tempfile.TemporaryDirectory() as elsewhere:
        return _bench(kind, game, seconds, elsewhere)


def _bench(kind: str, game: str, seconds: float, cwd: str) -> dict[str, Any]:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "scavenger_env.cli",
            "bench",
            kind,
            "--game",
            game,
            *("--seconds", str(seconds), "--json"),
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=cwd,
    ).stdout
    return json.loads(out)


def _spread(values: Sequence[float], fmt: Callable[[float], str]) -> str:
    """The median, with the range when there are several values."""
    mid = fmt(statistics.median(values))
    if len(values) < 2:
        return mid
    return f"{mid} ({fmt(min(values))}–{fmt(max(values))})"


def _int(x: float) -> str:
    return f"{x:,.0f}"


def _ratio(x: float) -> str:
    return f"{x:.2f}"


def engine_table(runs: dict[str, list[dict[str, Any]]]) -> str:
    """Decisions/s, games/s, decisions and turns per game, clone time."""
    rows = []
    for game, results in runs.items():
        for n in SEATS:
            rows.append(
                (
                    game,
                    n,
                    _spread([r["decisions_per_s"][n] for r in results], _int),
                    _spread([r["games_per_s"][n] for r in results], _int),
                    f"{statistics.median(r['decisions_per_game'][n] for r in results):.1f}",
                    f"{statistics.median(r['turns_per_game'][n] for r in results):.1f}",
                    _spread([r["clone_us"] for r in results], lambda x: f"{x:.1f}")
                    if n == "2"
                    else "",
                )
            )
    return table(
        (
            "game",
            "players",
            "decisions/s",
            "games/s",
            "decisions/game",
            "turns/game",
            "clone µs",
        ),
        rows,
        "lrrrrrr",
    )


def env_table(runs: dict[str, list[dict[str, Any]]]) -> str:
    """The ratios to the null floor, and decisions/s by player count."""
    rows = []
    for game, results in runs.items():
        rows.append(
            (
                game,
                _spread([r["raw_ratio"] for r in results], _ratio),
                _spread([r["wrapped_ratio"] for r in results], _ratio),
                " / ".join(
                    _int(
                        statistics.median(
                            r["decisions_per_s"]["raw"][n] for r in results
                        )
                    )
                    for n in SEATS
                ),
                " / ".join(
                    _int(
                        statistics.median(
                            r["decisions_per_s"]["wrapped"][n] for r in results
                        )
                    )
                    for n in SEATS
                ),
                _spread([r["null_floor"]["bare"] for r in results], _int),
                _spread([r["null_floor"]["wrapped"] for r in results], _int),
            )
        )
    return table(
        (
            "game",
            "raw ÷ bare floor",
            "env() ÷ wrapped floor",
            "raw_env 2p / 3p / 4p",
            "env() 2p / 3p / 4p",
            "bare floor",
            "wrapped floor",
        ),
        rows,
        "lrrrrrr",
    )


def anchor_table(runs: dict[str, list[dict[str, Any]]]) -> str:
    """PettingZoo's anchors ÷ the wrapped floor, measured beside each game."""
    names = sorted(
        {a for rs in runs.values() for r in rs for a in r.get("anchors", {})}
    )
    rows = []
    for game, results in runs.items():
        cells = []
        for name in names:
            values = [r["anchor_ratios"].get(name) for r in results]
            got = [v for v in values if v is not None]
            cells.append(_spread(got, _ratio) if got else "not installed")
        ours = _spread([r["wrapped_ratio"] for r in results], _ratio)
        rows.append((game, ours, *cells))
    return table(("run of", "ours, env()", *names), rows, "l" + "r" * (len(names) + 1))


def measure(
    scale: str, repeats: int | None = None, games: Sequence[str] = GAMES
) -> dict[str, Any]:
    """Run the benches; returns {"engine": {game: [runs]}, "env": {...}, ...}."""
    cfg = SCALES[scale]
    n = int(repeats or cfg["repeats"])
    out: dict[str, Any] = {
        "engine": {g: [] for g in games},
        "env": {g: [] for g in games},
    }
    for i in range(n):
        for kind in ("engine", "env"):
            for game in games:
                say(f"run {i + 1}/{n}: bench {kind} --game {game}")
                out[kind][game].append(bench(kind, game, cfg[kind]))
    out["repeats"] = n
    return out


def write_page(
    scale: str,
    output: Path,
    argv: Sequence[str] | None = None,
    repeats: int | None = None,
    games: Sequence[str] = (),
) -> Path:
    """Measure and write the benchmarks page; with `games`, measure only them and
    put their tables into the existing page (the others' figures kept)."""
    start = time.perf_counter()
    runs = measure(scale, repeats, tuple(games) or GAMES)
    elapsed = time.perf_counter() - start
    cfg = SCALES[scale]
    n = runs["repeats"]
    engine_cmd = (
        f"scavenger bench engine --game GAME --seconds {cfg['engine']:g} --json"
    )
    env_cmd = f"scavenger bench env --game GAME --seconds {cfg['env']:g} --json"
    if games:
        text = output.read_text(encoding="utf-8") if output.exists() else ""
        for game in games:
            only = {k: {game: runs[k][game]} for k in ("engine", "env")}
            scale_note = (
                f"scale `{scale}`: {n} run(s) of each of "
                f"`{engine_cmd.replace('GAME', game)}` and "
                f"`{env_cmd.replace('GAME', game)}`, interleaved; the machine was "
                "shared with other jobs, so compare the ratios"
            )
            block = (
                f"## {game_title(game)}\n\n"
                + provenance(game, command("benchmarks.py", argv), elapsed, scale_note)
                + "\n### Engine: random legal play, one core\n\n"
                + engine_table(only["engine"])
                + "\n### Environment: the AEC loop, one core\n\n"
                + env_table(only["env"])
                + "\n### PettingZoo's classic games in the same runs\n\n"
                + anchor_table(only["env"])
            )
            text = splice_game(text, game, block)
        return write(output, text)
    page = header(
        "Benchmarks",
        command("benchmarks.py", argv),
        elapsed,
        [
            f"**Scale**: `{scale}`: {n} run(s) of each of `{engine_cmd}` and "
            f"`{env_cmd}`, for GAME = {', '.join(GAMES)}, interleaved",
            "**Figures**: the median over the runs, with the range in brackets when "
            "there are several. The machine was shared with other jobs: compare the "
            "ratios, which are measured against a floor taken in the same run",
        ],
    )
    page += (
        "\n## Engine: random legal play, one core\n\n"
        "Decisions/s and games/s (set-up included) with 2, 3 and 4 players; "
        "decisions and turns per game (all seats together); `state.clone()` time "
        "(the fastest of 5 passes over about 2,000 mid-game states).\n\n"
    )
    page += engine_table(runs["engine"])
    page += (
        "\n## Environment: the AEC loop a user writes, one core\n\n"
        "`raw_env` and `env()` decisions/s with 2, 3 and 4 players, and the 2-player "
        "figures divided by the null AEC floor (an environment that does no game "
        "work, `scavenger_env/bench/null_env.py`) measured in the same run: bare for "
        "`raw_env`, wrapped as `env()` is for `env()`. The project's goal is 0.5 "
        "for each ratio (0.3 at the least).\n\n"
    )
    page += env_table(runs["env"])
    page += (
        "\n## PettingZoo's classic games in the same runs\n\n"
        "Each anchor's `env()` decisions/s ÷ the wrapped floor, beside the game's "
        "own `env()` ratio from that run.\n\n"
    )
    page += anchor_table(runs["env"])
    return write(output, page)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, measure and write the page."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", choices=tuple(SCALES), default="full")
    parser.add_argument("--repeats", type=int, default=None, help="runs of each bench")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument(
        "--game",
        action="append",
        default=[],
        choices=GAMES,
        help="measure only this game, put into the existing page (repeatable)",
    )
    args = parser.parse_args(argv)
    path = write_page(args.scale, args.output, argv, args.repeats, args.game)
    say(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
