"""A tournament's summary as a terminal table, a Markdown report, a CSV file and a
win-rate plot.

They read the summary alone; the one word that depends on the game, the unit of
its scores ("VP" in Cave-In), comes from the game the summary names
(:func:`score_unit`).
"""

from __future__ import annotations

import csv
import os
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scavenger_env.core.games import DEFAULT_GAME, UnknownGameError, get_game

__all__ = [
    "CSV_COLUMNS",
    "MATPLOTLIB_MISSING",
    "count",
    "format_markdown",
    "format_table",
    "plot_title",
    "plot_win_rates",
    "score_unit",
    "write_csv",
]

CSV_COLUMNS = (
    "player",
    "games",
    "wins",
    "win_rate",
    "ci_low",
    "ci_high",
    "mean_vp",
    "mean_margin",
    "rating_conservative",
    "rating_mu",
    "rating_sigma",
    "ms_per_decision",
    "max_ms_per_decision",
)
"""The columns of ``summary.csv``, then ``win_rate_seat0``, ``win_rate_seat1``, ..."""

MATPLOTLIB_MISSING = (
    "winrates.png not drawn: matplotlib is not installed "
    '(pip install matplotlib, or pip install -e ".[tournament]")'
)


def score_unit(summary: dict[str, Any]) -> str:
    """The unit of the scores of the summary's game ("VP" for Cave-In; a summary
    without a game is Cave-In's, one of a game not installed here says "points")."""
    try:
        return get_game(summary.get("game", DEFAULT_GAME)).score_unit
    except UnknownGameError:
        return "points"


def count(n: int, word: str) -> str:
    """ "1 game", "2 games": a number and its noun in the right form."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _ci(entry: dict[str, Any]) -> str:
    return f"{100 * entry['ci_low']:.1f}–{100 * entry['ci_high']:.1f}%"


def _num(x: float | None, spec: str) -> str:
    return "—" if x is None else format(x, spec)


def _ms(entry: dict[str, Any]) -> str:
    """Mean thinking time per decision, the slowest in brackets (both or neither)."""
    mean = entry.get("ms_per_decision")
    if mean is None:
        return "—"
    return f"{mean:.1f} ({entry['max_ms_per_decision']:.0f})"


def _grid(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(w) if r else cell.ljust(w)
            for cell, w, r in zip(row, widths, right)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def format_table(summary: dict[str, Any]) -> str:
    """The summary as plain text for the terminal: players, seats, head to head."""
    players = sorted(
        summary["players"],
        key=lambda p: (-(p["win_rate"] or 0), -p["rating_conservative"], p["player"]),
    )
    unit = score_unit(summary)
    rows = [
        [
            "player",
            "games",
            "wins",
            "win rate",
            "95% CI",
            f"mean {unit}",
            "margin",
            "rating μ ± σ",
            "ms/decision",
        ]
    ]
    for p in players:
        rows.append(
            [
                p["player"],
                str(p["games"]),
                str(p["wins"]),
                _pct(p["win_rate"]),
                _ci(p),
                _num(p["mean_vp"], ".1f"),
                _num(p["mean_margin"], "+.1f"),
                f"{p['rating_mu']:.1f} ± {p['rating_sigma']:.1f}",
                _ms(p),
            ]
        )
    lines = _grid(rows, [False] + [True] * 8)
    lines.append(
        f"{count(summary['games'], 'game')}, {count(summary['ties'], 'tie')} (a tie "
        "is a win for every tied player); rating μ ± σ: openskill Plackett-Luce "
        "(the files' rating_conservative is μ − 3σ); ms/decision: mean thinking "
        "time (slowest in brackets)"
    )
    seats = ", ".join(
        f"seat {s['seat']} {_pct(s['win_rate'])} ({_ci(s)})" for s in summary["seats"]
    )
    lines.append(f"win rate by seat: {seats}")
    if "positions" in summary:
        pos = ", ".join(
            f"{ordinal(p['position'])} {_pct(p['win_rate'])} ({_ci(p)})"
            for p in summary["positions"]
        )
        lines.append(f"win rate by turn order (who moved first): {pos}")
    h2h = summary["head_to_head"]
    names = h2h["players"]
    if len(names) > 1:
        lines.append(
            f"head to head (row scored more {unit} than column; a tie counts half):"
        )
        grid = [["", *names]]
        for name, rates, counts in zip(names, h2h["win_rate"], h2h["games"]):
            grid.append(
                [name]
                + [
                    "—" if rate is None else f"{_pct(rate)} of {n}"
                    for rate, n in zip(rates, counts)
                ]
            )
        lines.extend("  " + line for line in _grid(grid, [False] + [True] * len(names)))
    return "\n".join(lines)


def format_markdown(summary: dict[str, Any], title: str = "Tournament") -> str:
    """The summary as Markdown (for a README or an issue): the players with their
    intervals, then the head-to-head matrix with an interval in every cell."""
    unit = score_unit(summary)
    lines = [f"## {title}", ""]
    lineup = ", ".join(summary.get("specs") or summary.get("lineup") or [])
    facts = [count(summary["games"], "game")]
    if "num_players" in summary:
        facts.append(f"{summary['num_players']} players")
    if "deals" in summary:
        facts.append(
            f"{count(summary['deals'], 'deal')} × {count(summary['seatings'], 'seating')}"
        )
    if "seed" in summary:
        facts.append(f"seed {summary['seed']}")
    lines.append("; ".join(facts) + (f"; lineup `{lineup}`" if lineup else "") + ".")
    lines += [
        "",
        f"| player | games | win rate | 95% CI | mean {unit} | margin "
        "| rating μ ± σ | ms/decision |",
        "|---|---:|---:|---|---:|---:|---:|---:|",
    ]
    players = sorted(summary["players"], key=lambda p: -(p["win_rate"] or 0))
    for p in players:
        lines.append(
            f"| {p['player']} | {p['games']} | {_pct(p['win_rate'])} | {_ci(p)} "
            f"| {_num(p['mean_vp'], '.1f')} | {_num(p['mean_margin'], '+.1f')} "
            f"| {_rating(p)} | {_ms(p)} |"
        )
    lines += [
        "",
        "Rating μ ± σ: openskill Plackett-Luce (summary.json's rating_conservative "
        "is μ − 3σ); ms/decision: mean thinking time (slowest in brackets).",
    ]
    lines += _markdown_seats(summary)
    h2h = summary["head_to_head"]
    names = h2h["players"]
    if len(names) > 1:
        lines += [
            "",
            "Head to head: the share of shared games in which the row player "
            f"scored more {unit} than the column player (a tie counts half), 95% "
            "Wilson interval, games.",
            "",
            "| | " + " | ".join(names) + " |",
            "|---|" + "---|" * len(names),
        ]
        for i, name in enumerate(names):
            cells = []
            for j in range(len(names)):
                rate = h2h["win_rate"][i][j]
                if rate is None:
                    cells.append("—")
                    continue
                low, high = h2h["ci_low"][i][j], h2h["ci_high"][i][j]
                cells.append(
                    f"{100 * rate:.1f}% ({100 * low:.1f}–{100 * high:.1f}), "
                    f"{h2h['games'][i][j]}"
                )
            lines.append(f"| **{name}** | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _rating(player: dict[str, Any]) -> str:
    mu, sigma = player.get("rating_mu"), player.get("rating_sigma")
    return "—" if mu is None or sigma is None else f"{mu:.1f} ± {sigma:.1f}"


def _markdown_seats(summary: dict[str, Any]) -> list[str]:
    """The win rates by seat (and by turn order, when known) as Markdown tables,
    as the terminal gives them."""
    lines: list[str] = []
    groups = [("Win rate by seat", "seat", summary.get("seats") or [])]
    if summary.get("positions"):
        groups.append(
            (
                "Win rate by turn order (who moved first)",
                "position",
                summary["positions"],
            )
        )
    for heading, key, rows in groups:
        if not rows:
            continue
        label = "seat" if key == "seat" else "turn order"
        lines += ["", f"{heading}:", "", f"| {label} | games | win rate | 95% CI |"]
        lines.append("|---|---:|---:|---|")
        for r in rows:
            name = f"seat {r['seat']}" if key == "seat" else ordinal(r["position"])
            lines.append(
                f"| {name} | {r['games']} | {_pct(r['win_rate'])} | {_ci(r)} |"
            )
    return lines


def plot_title(summary: dict[str, Any]) -> str:
    """The plot's heading: the game, the lineup and the games played."""

    game = summary.get("game")
    try:
        name = get_game(game).title if game else "Tournament"
    except UnknownGameError:
        name = str(game)
    lineup = ", ".join(summary.get("lineup") or summary.get("specs") or [])
    players = summary.get("num_players")
    head = name + (f", {players} players" if players else "")
    head += f": {lineup}" if lineup else ""
    return (
        f"{head}\n{count(summary['games'], 'game')}; a tie is a win for every "
        "tied player"
    )


def write_csv(summary: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """One row per player: :data:`CSV_COLUMNS`, then the win rate in each seat."""
    seats = len(summary["seats"])
    with Path(path).open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*CSV_COLUMNS, *(f"win_rate_seat{s}" for s in range(seats))])
        for p in summary["players"]:
            writer.writerow(
                [*("" if p.get(c) is None else p[c] for c in CSV_COLUMNS)]
                + ["" if s["win_rate"] is None else s["win_rate"] for s in p["by_seat"]]
            )


def ordinal(position: int) -> str:
    """Turn-order position 0 -> "1st", as the terminal table and the plot say it."""
    number = position + 1
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{'th' if 10 <= number % 100 <= 20 else suffix}"


def seat_group(
    summary: dict[str, Any],
) -> tuple[str, list[str], list[dict[str, Any]]]:
    """The plot's second panel: its title, bar labels and rows, by turn order
    ("1st", "2nd", ... as the terminal says) when known, else by seat."""
    if summary.get("positions"):
        rows = summary["positions"]
        labels = [ordinal(r["position"]) for r in rows]
        return "win rate by turn order (1st moved first)", labels, rows
    rows = summary["seats"]
    return "win rate by seat", [f"seat {r['seat']}" for r in rows], rows


def plot_win_rates(summary: dict[str, Any], path: str | os.PathLike[str]) -> str | None:
    """Draw win rates with 95% intervals (per player, and per seat) to a PNG.

    Returns:
        ``None`` when drawn, else why not (:data:`MATPLOTLIB_MISSING`).
    """
    try:
        # A Figure of its own, not pyplot: pyplot would need a backend switch
        # that turns off a notebook's inline plots for the rest of its kernel.
        import matplotlib  # noqa: F401  (the package first: it may be absent)
        from matplotlib.figure import Figure
    except ImportError:
        return MATPLOTLIB_MISSING

    players = sorted(summary["players"], key=lambda p: -(p["win_rate"] or 0.0))
    groups = [("win rate by player", [p["player"] for p in players], players)]
    groups.append(seat_group(summary))
    seat_rows = groups[-1][2]
    height = max(2.8, 1.4 + 0.4 * max(len(players), len(seat_rows)))
    fig = Figure(figsize=(10, height))
    axes = fig.subplots(1, 2, squeeze=False)
    for ax, (title, labels, rows) in zip(axes[0], groups):
        rates = [r["win_rate"] or 0.0 for r in rows]
        low = [rate - r["ci_low"] for rate, r in zip(rates, rows)]
        high = [r["ci_high"] - rate for rate, r in zip(rates, rows)]
        ys = list(range(len(rows)))[::-1]
        ax.barh(ys, rates, xerr=[low, high], color="#4c72b0", capsize=4)
        ax.set_yticks(ys, labels)
        ax.set_xlim(0, 1.16)  # room for the labels right of the intervals
        ax.set_xticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
        ax.set_xlabel("win rate, 95% Wilson interval")
        ax.set_title(title)
        ax.axvline(1 / len(summary["seats"]), color="grey", linestyle=":", linewidth=1)
        for y, rate, r in zip(ys, rates, rows):
            ax.text(r["ci_high"] + 0.015, y, f"{100 * rate:.1f}%", va="center")
    fig.suptitle(plot_title(summary))
    with warnings.catch_warnings():  # a long label (a model's path) cannot fit
        warnings.filterwarnings("ignore", "Tight layout not applied")
        fig.tight_layout()
    fig.savefig(path, dpi=100)
    return None
