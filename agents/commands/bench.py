"""`scavenger bench tournament`: tournament games/s with one and two workers."""

from __future__ import annotations

import argparse
import json
from typing import Any

from scavenger_env.cli.common import (
    EXIT_OK,
    add_game_option,
    add_json_flag,
    int_at_least,
    require_extra,
)

from .tournament import TOURNAMENT_MODULES

__all__ = ["add_command"]


def add_command(targets: Any) -> None:
    """Add the `tournament` target to `scavenger bench`."""
    tbench = targets.add_parser(
        "tournament",
        help="2-player tournaments with 1 and 2 worker processes",
        description="2-player tournaments (random against random unless --players "
        "says otherwise), played alternately with --jobs 1 and --jobs 2 (games/s "
        "while playing, and the speed-up). This one uses two processes; run it on "
        "an idle machine.",
    )
    add_game_option(tbench)
    tbench.add_argument(
        "--games",
        type=int_at_least(1),
        default=400,
        metavar="G",
        help="games per run (default: 400)",
    )
    tbench.add_argument(
        "--rounds",
        type=int_at_least(1),
        default=3,
        metavar="R",
        help="runs per number of jobs, interleaved (default: 3)",
    )
    tbench.add_argument(
        "--players",
        default="random,random",
        metavar="SPECS",
        help="the two players (default: random,random)",
    )
    tbench.add_argument(
        "--isolation",
        choices=("none", "process"),
        default="none",
        help="where the bots run (see `scavenger tournament --help`; default: none, "
        "in the workers' own processes)",
    )
    add_json_flag(tbench)
    tbench.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the tournament benchmark and print its figures."""
    require_extra("tournament", TOURNAMENT_MODULES, "`scavenger bench tournament`")
    from agents.tournament.bench import bench_tournament, format_tournament_bench

    result = bench_tournament(
        games=args.games,
        rounds=args.rounds,
        game=args.game,
        players=args.players,
        isolation=args.isolation,
    )
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_tournament_bench(result))
    return EXIT_OK
