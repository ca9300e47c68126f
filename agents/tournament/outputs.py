"""A finished tournament's outputs: the statistics of its games (``summary.json``,
a function of the games alone), the thinking times, the CSV, the report, the
plot and replay viewer pages of a few games.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .folder import (
    GAMES_FILE,
    PLOT_FILE,
    REPORT_FILE,
    SUMMARY_CSV,
    SUMMARY_FILE,
    TIMING_FILE,
    write_json_atomic,
)
from .plan import Plan

__all__ = [
    "WATCH_DIR",
    "read_timing",
    "summarize_games",
    "write_outputs",
    "write_watch_pages",
]


def summarize_games(plan: Plan, directory: str | os.PathLike[str]) -> dict[str, Any]:
    """The statistics of ``directory/games.jsonl`` with the plan's header."""
    from scavenger_env.core.records import iter_records

    from ..stats import summarize

    stats = summarize(iter_records(Path(directory) / GAMES_FILE), plan.labels)
    header = {
        "game": plan.game,
        "num_players": plan.num_players,
        "lineup": list(plan.labels),
        "specs": list(plan.specs),
        "seed": plan.seed,
        "deals": plan.deals,
        "seatings": len(plan.seatings),
    }
    return {**header, **stats}


def read_timing(path: Path, plan: Plan) -> dict[str, dict[str, float | None]]:
    """Per player: ``ms_per_decision`` (mean thinking time over its decisions with
    a choice) and ``max_ms_per_decision``, from ``timing.jsonl``.

    Clocks are not part of the record, so this file is best effort: a line that
    cannot be read, or one of a game played again after an interruption, is
    skipped (the last line of a game wins). A player with no timed decision gets
    ``None``.
    """
    per_game: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
                per_game[int(entry["game"])] = entry
            except (ValueError, KeyError, TypeError, RecursionError):
                continue
    seconds = dict.fromkeys(plan.labels, 0.0)
    decisions = dict.fromkeys(plan.labels, 0)
    slowest = dict.fromkeys(plan.labels, 0.0)
    for entry in per_game.values():
        try:
            rows = zip(
                entry["players"],
                entry["seconds"],
                entry["decisions"],
                entry["slowest"],
                strict=True,
            )
            for name, secs, count, top in rows:
                if name in seconds:
                    seconds[name] += float(secs)
                    decisions[name] += int(count)
                    slowest[name] = max(slowest[name], float(top))
        except (ValueError, KeyError, TypeError):
            continue
    return {
        name: {
            "ms_per_decision": (
                round(1000 * seconds[name] / decisions[name], 3)
                if decisions[name]
                else None
            ),
            "max_ms_per_decision": (
                round(1000 * slowest[name], 3) if decisions[name] else None
            ),
        }
        for name in plan.labels
    }


def report_title(plan: Plan) -> str:
    """The heading of ``report.md``: what was played (the folder's name said
    "Tournament in tournament" for the default folder)."""
    from scavenger_env.core.games import get_game

    return f"{get_game(plan.game).title} tournament, {plan.num_players} players"


WATCH_DIR = "watch"
"""The folder of a tournament's replay viewer pages (``watch/game-1.html``...)."""


def write_watch_pages(directory: Path, count: int) -> list[str]:
    """Write replay viewer pages of the first ``count`` games into ``watch/`` and
    return the report's lines that link them (none for ``count`` 0)."""
    from scavenger_env.core.records import atomic_output, iter_records
    from scavenger_env.core.viewer import viewer_page

    if count <= 0:
        return []
    folder = directory / WATCH_DIR
    folder.mkdir(exist_ok=True)
    links = []
    for number, record in enumerate(iter_records(directory / GAMES_FILE), start=1):
        if number > count:
            break
        name = f"game-{number}.html"
        with atomic_output(folder / name) as out:
            out.write(viewer_page(record))
        players = record.players or [f"seat {q}" for q in range(len(record.scores))]
        won = " and ".join(players[q] for q in record.winners)
        links.append(
            f"- [game {number}]({WATCH_DIR}/{name}): "
            + ", ".join(f"{p} {s}" for p, s in zip(players, record.scores, strict=True))
            + f"; won by {won}"
        )
    return [
        "",
        "## Watch a game",
        "",
        "Replay viewer pages (open one in a browser; each works offline, and shows "
        "the whole truth or what one seat saw, decision by decision):",
        "",
        *links,
    ]


def write_outputs(
    plan: Plan,
    directory: str | os.PathLike[str],
    notes: list[str] | None = None,
    watch: int = 0,
) -> dict[str, Any]:
    """Write ``summary.json``, ``summary.csv``, ``report.md`` and ``winrates.png``
    (and viewer pages of the first ``watch`` games, linked from the report);
    return the summary.

    ``summary.json`` depends on the games alone (the same seed, the same bytes).
    The returned summary and the CSV add each player's thinking time
    (:func:`read_timing`), which differs from run to run.
    """
    from ..report import format_markdown, plot_win_rates, write_csv

    directory = Path(directory)
    summary = summarize_games(plan, directory)
    write_json_atomic(directory / SUMMARY_FILE, summary)
    timing = read_timing(directory / TIMING_FILE, plan)
    summary = {
        **summary,
        "players": [{**p, **timing[p["player"]]} for p in summary["players"]],
    }
    write_csv(summary, directory / SUMMARY_CSV)
    report = format_markdown(summary, report_title(plan))
    watch_lines = write_watch_pages(directory, watch)
    if watch_lines:
        report += "\n".join(watch_lines) + "\n"
    (directory / REPORT_FILE).write_text(report, encoding="utf-8")
    why_not = plot_win_rates(summary, directory / PLOT_FILE)
    if why_not and notes is not None:
        notes.append(why_not)
    return summary
