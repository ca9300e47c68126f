"""The learned players against the bots they are measured by: `docs/results/learned.md`.

One tournament per matchup (`agents.tournament`: every deal in every seating,
seats rotated, master seed ``--seed``): the `az` search with each shipped
model, and the shipped `ppo` policy alone, against the strongest scripted or
searching bots of the game, with 95% Wilson intervals and each player's thinking
time; and the critics that the shipped models carry, with their held-out
figures. The games are kept under ``--runs`` (default
``docs/results/runs/learned``, ignored by git); a rerun resumes them.

Usage (from the repository root)::

    python docs/results/scripts/learned.py [--scale tiny|full] [--seed S]
        [--jobs J] [--runs DIR] [--output FILE] [--match NAME ...]

``--match NAME`` (repeatable; the names are the tournaments' ``--output``
folders, e.g. ``cavein-az-vs-ppo``) plays only those matchups and keeps the
other rows of the existing page, which says so.

``tiny`` (two games a matchup, a small search) is a smoke test; ``full`` plays
200 games a matchup, the size the project's targets are stated at.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _page import ROOT, command, header, pct, say, table, write

OUTPUT = ROOT / "docs" / "results" / "learned.md"
RUNS = ROOT / "docs" / "results" / "runs" / "learned"


@dataclass(frozen=True)
class Match:
    """One tournament: the learned player, its opponent (at 3 and 4 players a
    field: one bot a seat, comma-separated), the games, and the share of them
    the project aims for (None: none stated)."""

    game: str
    player: str
    opponent: str
    games: int
    target: float | None = None
    num_players: int = 2

    @property
    def name(self) -> str:
        seats = "" if self.num_players == 2 else f"-{self.num_players}p"
        return f"{self.game}{seats}-{_short(self.player)}-vs-{_short(self.opponent)}"


def _short(specs: str) -> str:
    from agents.tournament.plan import split_players

    return "+".join(spec.split(":")[0] for spec in split_players(specs))


AZ = "az:iterations=100,name=az"
SCALES: dict[str, list[Match]] = {
    "tiny": [
        Match("cavein", "az:iterations=4,name=az", "ismcts:iterations=4", 2, 0.65),
        Match("krysis", "az:iterations=4,name=az", "greedy", 2, 0.8),
        Match("cavein", "greedy", "raider,miner", 6, 0.5, num_players=3),
    ],
    "full": [
        Match("cavein", AZ, "ismcts", 200, 0.65),
        Match("cavein", AZ, "ppo", 200, 0.60),
        Match("krysis", "az:iterations=200,name=az", "greedy", 200, 0.80),
        Match("krysis", "ppo", "greedy", 200, 0.80),
        Match("hewns", "ppo", "random", 200, 0.95),
        Match("hewns", "ppo", "greedy", 200, 0.60),
        # 34 deals x 6 seatings; an equal player's share is 1/3, the target 1.5/3
        Match("cavein", "ppo", "raider,miner", 204, 0.5, num_players=3),
        Match("krysis", "ppo", "greedy,hauler", 204, 0.5, num_players=3),
        Match("hewns", "ppo", "greedy,prospector", 204, 0.5, num_players=3),
        # 50 deals x 4 seatings (a Williams square); an equal share is 1/4
        Match("cavein", "ppo", "raider,miner,collector", 200, 0.375, num_players=4),
        Match("krysis", "ppo", "greedy,hauler,bandit", 200, 0.375, num_players=4),
        Match("hewns", "ppo", "prospector,greedy,raider", 200, 0.375, num_players=4),
    ],
}


def play(match: Match, seed: int, jobs: int, runs: Path) -> dict[str, Any]:
    """Play (or resume) one matchup; returns the learned player's row of the
    summary with the opponent's thinking time."""
    from agents.tournament import make_plan, run_tournament

    plan = make_plan(
        f"{match.player},{match.opponent}",
        match.num_players,
        games=match.games,
        seed=seed,
        game=match.game,
    )
    folder = runs / match.name
    say(f"{match.name}: {plan.games} games")
    result = run_tournament(plan, folder, jobs=jobs)
    if result.summary is None:
        raise RuntimeError(f"{folder}: the tournament did not finish")
    with (folder / "summary.csv").open(newline="") as f:
        timing = {row["player"]: row for row in csv.DictReader(f)}
    players = {p["player"]: p for p in result.summary["players"]}
    me, *them = plan.labels
    thought = 0.0
    for line in (folder / "timing.jsonl").read_text().splitlines():
        thought += sum(json.loads(line)["seconds"])
    return {
        "thought_s": thought,
        "row": players[me],
        "ms": timing[me].get("ms_per_decision", ""),
        "their_ms": [timing[t].get("ms_per_decision", "") for t in them],
        "slowest": timing[me].get("max_ms_per_decision", ""),
    }


def _ms(text: str) -> str:
    return f"{float(text):.1f}" if text else ""


def critic_rows() -> list[tuple[Any, ...]]:
    """The shipped models' critics and their held-out figures."""
    from agents.ppo import Policy, shipped_models
    from agents.ppo.agent import MODELS_DIR

    rows = []
    for name in shipped_models():
        policy = Policy.read(MODELS_DIR / f"{name}.npz")
        fit = policy.meta.get("critic_fit") or {}
        rows.append(
            (
                f"`{name}`",
                policy.value_kind or "none",
                fit.get("games", ""),
                fit.get("samples", ""),
                fit.get("mse", ""),
                fit.get("mse_equal_share", ""),
                pct(fit["accuracy"]) if "accuracy" in fit else "",
            )
        )
    return rows


def kept_rows(text: str) -> tuple[dict[str, list[str]], str]:
    """From an earlier page `text`: each matchup's row of cells by its name (the
    tournament's ``--output``, listed in the same order), and that run's date."""
    lines = text.splitlines()
    date = next(
        (x.removeprefix("- **Date**: ") for x in lines if x.startswith("- **Date**: ")),
        "an earlier run",
    )
    rows, names = [], []
    in_table = False
    for line in lines:
        if line.startswith("| game | players |"):
            in_table = True
        elif in_table and line.startswith("| ") and not line.startswith("| ---"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif in_table and not line.startswith("|"):
            in_table = False
        if line.startswith("- `scavenger tournament "):
            names.append(line.rstrip("`").split("--output ")[-1])
    return dict(zip(names, rows)), date


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", choices=tuple(SCALES), default="full")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--runs", type=Path, default=RUNS)
    ap.add_argument("--output", type=Path, default=OUTPUT)
    ap.add_argument("--match", action="append", default=[], metavar="NAME",
                    help="play only this matchup (repeatable); keep the other "
                    "rows of the existing page")  # fmt: skip
    args = ap.parse_args(argv)
    matches = SCALES[args.scale]
    unknown = set(args.match) - {m.name for m in matches}
    if unknown:
        ap.error(
            f"--match: no matchup {', '.join(sorted(unknown))} at scale "
            f"{args.scale}; choose from {', '.join(m.name for m in matches)}"
        )
    kept: dict[str, list[str]] = {}
    scale = f"**Scale**: `{args.scale}`, master seed {args.seed}"
    if args.match:
        old = args.output.read_text() if args.output.is_file() else ""
        kept, date = kept_rows(old)
        if kept:
            scale += (
                f"; this run played {', '.join(args.match)} only, the other rows "
                f"are kept from earlier runs of this script (the last on {date})"
            )
    start = time.perf_counter()
    results = [
        (m, play(m, args.seed, args.jobs, args.runs))
        for m in matches
        if not args.match or m.name in args.match
    ]
    played = {m.name: r for m, r in results}
    rows: list[Any] = []
    listed = []
    for m in matches:
        if m.name not in played:
            if m.name in kept:
                rows.append(kept[m.name])
                listed.append(m)
            continue
        listed.append(m)
        r = played[m.name]
        p = r["row"]
        verdict = ""
        if m.target is not None:
            low, high = p["ci_low"], p["ci_high"]
            verdict = (
                "met" if low >= m.target else "missed" if high < m.target else "unclear"
            )
            verdict = f"{pct(m.target)}: {verdict}"
        rows.append(
            (
                m.game,
                m.num_players,
                f"`{m.player}`",
                f"`{m.opponent}`",
                p["games"],
                pct(p["win_rate"], p["ci_low"], p["ci_high"]),
                verdict,
                _ms(r["ms"]),
                " / ".join(_ms(t) for t in r["their_ms"]),
            )
        )
    cmds = [
        f"`scavenger tournament --game {m.game} --players {m.player},{m.opponent} "
        f"--num-players {m.num_players} --games {m.games} --seed {args.seed} "
        f"--output {m.name}`"
        for m in listed
    ]
    text = header(
        "Learned players",
        command("learned.py", argv),
        time.perf_counter() - start,
        [
            scale,
            "**Thinking time of every game's players, summed** (this run's "
            "matchups; their games may have been played by earlier runs, resumed): "
            f"{sum(r['thought_s'] for _, r in results):.0f} s",
        ],
    )
    text += (
        "\nThe `az` search (the shipped model's policy as its prior, its critic at "
        "the leaves) and the shipped `ppo` policy alone, each against what the "
        "project measures it by: at 2 players one bot, at 3 and 4 a field of the "
        "game's best scripted bots (one a seat), seats rotated and every deal "
        "played in every seating. The win rate counts a tie as a win for each "
        "tied player; against a field it is the learned player's share of the "
        "wins, which an equal player would hold at 1/n. A verdict is *met* when the 95% interval lies at or above "
        "the target, *missed* when it lies below, *unclear* otherwise. Thinking "
        "time is the mean per decision on this machine.\n\n"
    )
    text += table(
        ["game", "players", "player", "opponent", "games", "win rate (95% CI)",
         "target", "ms/decision", "opponent's ms/decision"],
        rows,
        "lrllrrlrr",
    )  # fmt: skip
    text += "\nThe tournaments:\n\n" + "\n".join(f"- {c}" for c in cmds) + "\n"
    text += (
        "\n## The critics of the shipped models\n\n"
        "Each shipped model carries a critic fitted onto its unchanged policy "
        "(`scavenger train --algo critic`): games of the policy against itself "
        "and the game's strong bots, one game in ten held out. The squared error "
        "of its win shares on the held-out decisions, next to the error of "
        "giving every seat an equal share, and how often it names the eventual "
        "winner:\n\n"
    )
    text += table(
        ["model", "critic", "games", "decisions learned", "held-out error",
         "equal share's error", "names the winner"],
        critic_rows(),
        "llrrrrr",
    )  # fmt: skip
    path = write(args.output, text)
    say(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
