"""The bot ladders of Cave-In, Krysis and Hewns: one tournament per game and player
count.

Plays each lineup with the project's tournament (``agents.tournament``: every deal
in every seating, seats rotated, master seed ``--seed``) and writes
``docs/results/ladder.md``: per player the win rate with its 95% Wilson interval,
mean VP, margin, openskill rating (μ ± σ), thinking time; the win rate by turn
order; and the 2-player head-to-head matrices. The games are kept under
``--runs`` (default ``docs/results/runs/ladder``, ignored by git); a rerun with the
same settings resumes them.

Usage (from the repository root)::

    python docs/results/scripts/ladder.py [--scale quick|full] [--seed S]
        [--jobs J] [--runs DIR] [--output FILE] [--game GAME ...]

``--game GAME`` (repeatable) plays only that game's ladders and puts their
sections into the existing page in place of that game's earlier ones, with a line
of their own provenance; the other games' sections stay as they were.

Each tournament equals ``scavenger tournament --game GAME --players LINEUP
--num-players N --games G --seed S --output DIR`` (the page lists them).
Every ladder has the game's scripted bots and ``ismcts``; where a model is shipped
for the game and player count, ``ppo`` (the policy alone) and ``az`` (the search
it guides) too. ``tiny`` (two bots) and ``quick`` (one deal per tournament) are
smoke tests; the page's provenance says how long ``full`` took.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _page import (
    ROOT,
    command,
    game_title,
    header,
    pct,
    provenance,
    say,
    splice_game,
    table,
    write,
)

OUTPUT = ROOT / "docs" / "results" / "ladder.md"
WATCH = ROOT / "docs" / "_static" / "watch"
"""Where the page's replay viewers go: the first game of each 2-player ladder."""
RUNS = ROOT / "docs" / "results" / "runs" / "ladder"
PLAY_LOG = "played.json"
"""Per tournament folder: the games played by this script and the seconds it
spent playing them, summed over the runs that played (a resumed run adds its own)."""
LINEUPS = {
    "cavein": "random,greedy,miner,raider,collector",
    "krysis": "random,bandit,greedy,hauler",
    "hewns": "random,greedy,prospector,raider",
}
"""Each game's scripted bots."""
SEARCH = "ismcts"
"""The search bot every ladder adds (its default budget)."""
LEARNED = ("ppo", "az:iterations=100,name=az")
"""The learned bots a ladder adds where a model is shipped for its game and player
count: the policy alone, and the search it guides (its critic at the leaves)."""


def lineup(game: str, num_players: int) -> str:
    """Every bot of `game` at `num_players` seats: the scripted ones, `ismcts`,
    and `ppo` and `az` when a model is shipped for that count."""
    from agents.ppo import shipped_models

    bots = [LINEUPS[game], SEARCH]
    if f"{game}-{num_players}p" in shipped_models():
        bots += LEARNED
    return ",".join(bots)


@dataclass(frozen=True)
class Ladder:
    """One tournament: a game, a lineup, seats per game and the games wanted."""

    game: str
    players: str
    num_players: int
    games: int

    @property
    def name(self) -> str:
        return f"{self.game}-{self.num_players}p"


def _ladders(games: dict[tuple[str, int], int]) -> list[Ladder]:
    return [Ladder(g, lineup(g, n), n, k) for (g, n), k in games.items()]


SCALES: dict[str, list[Ladder]] = {
    # Seconds: two bots a game, one deal each (for the tests).
    "tiny": [
        Ladder("cavein", "random,greedy", 2, 2),
        Ladder("krysis", "random,hauler", 2, 2),
        Ladder("hewns", "random,greedy", 2, 2),
    ],
    # One deal each (2p: 20 / 12 seatings, 3p: 60 / 24, 4p: 20 / 4).
    "quick": _ladders(
        {
            ("cavein", 2): 20,
            ("krysis", 2): 12,
            ("krysis", 4): 4,
            ("hewns", 2): 12,
        }
    ),
    # About 70 to 120 games a player at 2 and 3 seats (whole deals: every
    # seating of every group of players is played once a deal).
    "full": _ladders(
        {
            ("cavein", 2): 336,
            ("cavein", 3): 240,
            ("cavein", 4): 120,
            ("krysis", 2): 252,
            ("krysis", 3): 120,
            ("krysis", 4): 40,
            # a Hewns game takes about 10 times a Cave-In one (pure build)
            ("hewns", 2): 120,
            ("hewns", 3): 60,
            ("hewns", 4): 40,
        }
    ),
}


def play(
    ladder: Ladder, seed: int, jobs: int, runs: Path
) -> tuple[dict[str, Any], dict[str, dict[str, str]], Path]:
    """Play (or resume) one ladder; returns its summary, the CSV rows by player
    and its folder."""
    from agents.tournament import make_plan, run_tournament

    plan = make_plan(
        ladder.players,
        ladder.num_players,
        games=ladder.games,
        seed=seed,
        game=ladder.game,
    )
    folder = runs / ladder.name
    total = plan.games
    done = [0]
    last = [time.perf_counter()]

    def on_game(_index: int) -> None:
        done[0] += 1
        now = time.perf_counter()
        if now - last[0] > 15 or done[0] == total:
            last[0] = now
            say(f"  {ladder.name}: {done[0]}/{total} games")

    result = run_tournament(plan, folder, jobs=jobs, on_game=on_game)
    if result.summary is None:
        raise RuntimeError(f"{folder}: the tournament did not finish")
    log = folder / PLAY_LOG
    spent = (
        json.loads(log.read_text()) if log.exists() else {"games": 0, "seconds": 0.0}
    )
    if result.played:
        spent = {
            "games": spent["games"] + result.played,
            "seconds": round(spent["seconds"] + result.elapsed, 1),
        }
        log.write_text(json.dumps(spent) + "\n")
    result.summary["played"] = spent
    with (folder / "summary.csv").open(newline="") as f:
        rows = {row["player"]: row for row in csv.DictReader(f)}
    return result.summary, rows, folder


def _bots(game: str) -> str:
    """The game's bots as the page names them: its scripted bots, the search, and
    the learned bots with the player counts they play."""
    from agents.ppo import shipped_models

    counts = sorted(
        int(name.rsplit("-", 1)[1].rstrip("p"))
        for name in shipped_models()
        if name.rsplit("-", 1)[0] == game
    )
    text = f"{LINEUPS[game].replace(',', ', ')}, {SEARCH}"
    if counts:
        text += f", ppo and az ({', '.join(map(str, counts))} players)"
    return text


def _cli(ladder: Ladder, games: int, seed: int) -> str:
    return (
        f"scavenger tournament --game {ladder.game} --players {ladder.players} "
        f"--num-players {ladder.num_players} --games {games} --seed {seed} "
        f"--output ladder/{ladder.name}"
    )


def section(
    ladder: Ladder,
    summary: dict[str, Any],
    timing: dict[str, dict[str, str]],
    seed: int,
) -> str:
    """One tournament's tables: players, turn order, head to head (2 players)."""
    games = summary["games"]
    out = [
        f"\n## {ladder.game}, {ladder.num_players} players\n\n",
        f"`{_cli(ladder, games, seed)}`: {summary['deals']} deals × "
        f"{summary['seatings']} seatings = {games} games, {summary['ties']} tie{'' if summary['ties'] == 1 else 's'}, "
        f"{summary['mean_turns']:.1f} turns a game on average.\n\n",
    ]
    players = sorted(
        summary["players"], key=lambda p: (-p["win_rate"], -p["rating_conservative"])
    )
    rows = []
    for p in players:
        t = timing.get(p["player"], {})
        ms = (
            f"{float(t['ms_per_decision']):.1f} ({float(t['max_ms_per_decision']):.0f})"
            if t.get("ms_per_decision")
            else ""
        )
        rows.append(
            (
                p["player"],
                p["games"],
                pct(p["win_rate"], p["ci_low"], p["ci_high"]),
                f"{p['mean_vp']:.1f}",
                f"{p['mean_margin']:+.1f}",
                f"{p['rating_mu']:.1f} ± {p['rating_sigma']:.1f}",
                f"{p['rating_conservative']:.1f}",
                ms,
            )
        )
    out.append(
        table(
            (
                "player",
                "games",
                "win rate (95% CI)",
                f"mean {_unit(ladder.game)}",
                "margin",
                "rating μ ± σ",
                "μ − 3σ",
                "ms/decision (max)",
            ),
            rows,
            "lrlrrrrr",
        )
    )
    positions = summary.get("positions")
    if positions:
        what, key, label = (
            "turn order (who moved first, second, ...)",
            "position",
            "turn order",
        )
    else:
        what, key, label = (
            "seat (seat number; the game draws its start order at set-up, and its "
            "records carry no start player: see the balance page for turn order)",
            "seat",
            "seat",
        )
        positions = summary["seats"]
    order = [
        (
            f"{q[key] + 1}",
            q["games"],
            pct(q["win_rate"], q["ci_low"], q["ci_high"]),
            pct(1 / ladder.num_players),
        )
        for q in positions
    ]
    out.append(f"\nWin rate by {what}:\n\n")
    out.append(
        table((label, "games", "win rate (95% CI)", "fair share"), order, "rrlr")
    )
    if ladder.num_players == 2:
        h = summary["head_to_head"]
        names = h["players"]
        rank = [names.index(p["player"]) for p in players]
        matrix: list[tuple[str, ...]] = []
        for i in rank:
            cells = []
            for j in rank:
                if i == j or not h["games"][i][j]:
                    cells.append("—")
                else:
                    cells.append(
                        pct(h["win_rate"][i][j], h["ci_low"][i][j], h["ci_high"][i][j])
                    )
            matrix.append((f"**{names[i]}**", *cells))
        per_cell = max(max(r) for r in h["games"])
        out.append(
            f"\nHead to head (row scores more {_unit(ladder.game)} than column, a tie counts half; {per_cell} games a cell):\n\n"
        )
        out.append(table(("row beats column", *[names[j] for j in rank]), matrix))
    return "".join(out)


def watch_section(ladder: Ladder, runs: Path) -> str:
    """The ladder's first game without `random` in a replay viewer, embedded in
    the page (the viewer page is written into docs/_static/watch/)."""
    from scavenger_env.core.records import iter_records
    from scavenger_env.core.viewer import viewer_page

    record = next(
        r
        for r in iter_records(runs / ladder.name / "games.jsonl")
        if "random" not in (r.players or ["random"])
    )
    WATCH.mkdir(parents=True, exist_ok=True)
    write(WATCH / f"{ladder.name}.html", viewer_page(record))
    players = record.players or []
    who = " against ".join(players)
    return (
        f"\n### Watch a game of {game_title(ladder.game)}\n\nThe ladder's first game "
        f"of two bots that think, {who} "
        f"(seed {record.seed}), in the replay viewer that `scavenger replay "
        "--html` writes: step with the buttons or the arrow keys, and choose the "
        "whole truth or one seat's view "
        f"([open it alone](../_static/watch/{ladder.name}.html)).\n\n"
        f'<iframe src="../_static/watch/{ladder.name}.html" title="a game of '
        f'{ladder.game}, {who}" width="100%" height="760" loading="lazy" '
        'style="border: 1px solid #ccc"></iframe>\n'
    )


def _unit(game: str) -> str:
    """What the game scores ("VP", "normal Substract")."""
    from scavenger_env.core.games import get_game

    return str(get_game(game).score_unit)


def write_page(
    scale: str,
    seed: int,
    jobs: int,
    runs: Path,
    output: Path,
    argv: Sequence[str] | None = None,
    games: Sequence[str] = (),
) -> Path:
    """Play every ladder of `scale` and write the ladder page; with `games`, only
    theirs, spliced into the existing page (the others' sections kept)."""
    ladders = [x for x in SCALES[scale] if not games or x.game in games]
    start = time.perf_counter()
    parts = []
    times: list[str] = []
    for i, ladder in enumerate(ladders, 1):
        say(
            f"ladder {i}/{len(ladders)}: {ladder.name} ({ladder.players}, {ladder.games} games)"
        )
        summary, timing, _ = play(ladder, seed, jobs, runs)
        played = summary["played"]
        if played["games"] == summary["games"]:
            how = f"{played['seconds']:.0f} s of play"
        elif played["games"]:
            how = (
                f"{played['games']} played in {played['seconds']:.0f} s, the rest "
                "kept from an interrupted run of this script"
            )
        else:
            how = "kept from an interrupted run of this script, time not logged"
        times.append(f"{ladder.name} {summary['games']} games ({how})")
        parts.append(section(ladder, summary, timing, seed))
        if ladder.num_players == 2 and output == OUTPUT:
            parts[-1] += watch_section(ladder, runs)
    elapsed = time.perf_counter() - start
    if games:
        text = output.read_text(encoding="utf-8") if output.exists() else ""
        for game in games:
            mine = [p for p, x in zip(parts, ladders) if x.game == game]
            spent = [t for t, x in zip(times, ladders) if x.game == game]
            line = provenance(
                game,
                command("ladder.py", argv),
                elapsed,
                f"scale `{scale}`: {', '.join(spent)}; master seed {seed}, {jobs} "
                f"worker process(es); bots {_bots(game)}",
            )
            # the provenance goes under the first of the game's headings
            heading, _, rest = "".join(mine).lstrip("\n").partition("\n\n")
            text = splice_game(text, game, f"{heading}\n\n{line}\n{rest}")
        return write(output, text)
    page = header(
        "Bot ladder",
        command("ladder.py", argv),
        elapsed,
        [
            f"**Scale**: `{scale}`: "
            + ", ".join(times)
            + f"; master seed {seed}, {jobs} worker process(es)",
            "**Bots**: every bot of each game: "
            + "; ".join(f"{g}: {_bots(g)}" for g in LINEUPS)
            + f". `{SEARCH}` at its default budget in every ladder; the shipped "
            "model as `ppo` (its policy alone) and as `az` (searching 100 "
            "iterations a decision with the policy and its critic) in the ladders "
            "of the game and player count it was trained for",
        ],
    )
    page += (
        "\n**Win rate**: the share of its games a player won; a tie is a win for every "
        "tied player, with the 95% Wilson interval. **Margin**: own VP minus the best "
        "other's. **Rating**: openskill Plackett-Luce, game by game in file order; "
        "μ − 3σ is the conservative rating. **ms/decision**: mean thinking time per "
        "decision with a choice (slowest in brackets), on this machine under its "
        "load. With more seats than 2, every group of that many players plays every "
        "seating (3 seats: all 6 orders; 4: a Williams Latin square).\n"
    )
    page += "".join(parts)
    return write(output, page)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, play the ladders and write the page."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", choices=tuple(SCALES), default="full")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=Path, default=RUNS)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument(
        "--game",
        action="append",
        default=[],
        choices=tuple(LINEUPS),
        help="only this game's ladders, put into the existing page (repeatable)",
    )
    args = parser.parse_args(argv)
    path = write_page(
        args.scale, args.seed, args.jobs, args.runs, args.output, argv, args.game
    )
    say(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
