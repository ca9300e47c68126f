"""`scavenger bench engine|env`: the speed of a game's engine and environment.

`add_command` returns the `bench` targets, so that other packages add their own
(`bench.tournament`, from the bots' package) as entry points named `bench.NAME`.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import (
    EXIT_OK,
    add_game_option,
    add_json_flag,
    add_rules_option,
    int_at_least,
    positive_float,
    rules_options,
)

__all__ = ["add_command"]


def add_command(commands: Any) -> Any:
    """Add `bench` with its `engine` and `env` targets; return the targets."""
    bench = commands.add_parser(
        "bench",
        help="measure speed",
        description="Measure speed: the engine and the environment on one core "
        "in this process; tournaments with one and two worker processes.",
    )
    targets = bench.add_subparsers(dest="target", metavar="TARGET", required=True)
    engine = targets.add_parser(
        "engine",
        help="random legal play with 2, 3 and 4 players, and state cloning",
        description="Random legal play with 2, 3 and 4 players (decisions/s, "
        "games/s, decisions and turns per game) and state.clone() time.",
    )
    add_game_option(engine)
    add_rules_option(engine)
    engine.add_argument(
        "--seconds",
        type=positive_float,
        default=2.0,
        metavar="S",
        help="seconds of play per player count (default: 2)",
    )
    add_json_flag(engine)
    engine.set_defaults(func=run_engine)
    env = targets.add_parser(
        "env",
        help="the PettingZoo environment against the null-AEC floor",
        description="Random legal play through the AEC loop: raw_env and env() "
        "with 2, 3 and 4 players, the null-AEC floor (bare and wrapped) and, where "
        "installed, PettingZoo's classic leduc_holdem_v4, texas_holdem_no_limit_v6 "
        "and connect_four_v3 (decisions/s). The measurements are interleaved; the "
        "ratios of our 2-player figures to the floor are the ones to compare.",
    )
    add_game_option(env)
    add_rules_option(env)
    env.add_argument(
        "--seconds",
        type=positive_float,
        default=1.0,
        metavar="S",
        help="seconds of measurement per figure, split over the interleaved "
        "rounds (default: 1; a run takes about 12 S)",
    )
    env.add_argument(
        "--rounds",
        type=int_at_least(1),
        default=3,
        metavar="N",
        help="interleaved rounds: every figure is measured in N slices, one per "
        "round (default: 3; more rounds spread a busy machine's noise more evenly)",
    )
    add_json_flag(env)
    env.set_defaults(func=run_env)
    return targets


def run_engine(args: argparse.Namespace) -> int:
    """Measure the engine of `args.game` and print the figures."""
    from scavenger_env.bench.engine import bench_engine, format_engine_table

    result = bench_engine(seconds=args.seconds, game=args.game, options=_options(args))
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_engine_table(result, args.seconds, game=args.game))
    return EXIT_OK


def run_env(args: argparse.Namespace) -> int:
    """Measure the environment of `args.game` and print the figures."""
    from scavenger_env.bench.env import bench_env, format_env_table

    result = bench_env(
        seconds=args.seconds, rounds=args.rounds, game=args.game, options=_options(args)
    )
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_env_table(result, game=args.game))
    return EXIT_OK


def _options(args: argparse.Namespace) -> dict[str, object]:
    """The `--rules` options, checked at every player count the game allows."""
    from scavenger_env.core.games import get_game

    game = get_game(args.game)
    options: dict[str, object] = {}
    for n in range(game.min_players, game.max_players + 1):
        options = rules_options(game, n, args.rules or "")
    return options
