"""`scavenger balance tune`: search rule options toward targets (Optuna)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scavenger_env.cli.common import (
    EXIT_OK,
    UserError,
    add_game_option,
    add_rules_option,
    int_at_least,
    require_extra,
    rules_config,
)
from scavenger_env.core.errors import MAX_SEED

from .tournament import TOURNAMENT_MODULES

__all__ = ["add_command"]


def add_command(commands: Any) -> None:
    """Add `balance` (with its `tune` target) to the `scavenger` sub-parsers."""
    balance = commands.add_parser(
        "balance",
        help="game-balance research: the rule tuner",
        description="Game-balance research on tournaments (needs the [balance] "
        "extra: pip install 'scavenger-env[balance]').",
    )
    targets = balance.add_subparsers(dest="target", metavar="TARGET", required=True)
    tune = targets.add_parser(
        "tune",
        help="search rule options toward targets with Optuna",
        description="Search rule options toward targets: each trial (Optuna's TPE "
        "sampler) plays a tournament under the options it picks and measures the "
        "first player's win rate, the game length, the winner's margin and the "
        "skill gradient; the objective is how far they fall outside their target "
        "ranges. Every trial's tournament is kept in DIR/trials/; DIR/report.md "
        "gives the best options with 95% intervals. Rerun with --resume to go on.",
        epilog="example: scavenger balance tune --players greedy,random "
        "--param 'cave_in_thresholds[0]=int:5:10' --target turns=36:40 "
        "--trials 20 --games 200 --output tuning/length",
    )
    add_game_option(tune)
    tune.add_argument("--players", required=True, metavar="SPECS",
                      help="the lineup of every trial's tournament, e.g. greedy,random")  # fmt: skip
    tune.add_argument("--num-players", type=int_at_least(2), default=2, metavar="N",
                      help="seats per game (default: 2)")  # fmt: skip
    tune.add_argument("--param", action="append", default=[], metavar="SPEC",
                      help="a rule option to search: NAME=int:LOW:HIGH, "
                      "NAME=float:LOW:HIGH or NAME=choice:A,B; NAME[i] is entry i of "
                      "a tuple option (cave_in_thresholds[0] is the 2-player "
                      "threshold); repeat for more")  # fmt: skip
    tune.add_argument("--target", action="append", default=[], metavar="SPEC",
                      help="METRIC=LOW:HIGH, METRIC one of first_player_win_rate, "
                      "turns, actions, winner_margin, skill_gradient (Hewns also "
                      "ended_early, lots_bought, all_lots_bought, first_seat_win_rate, "
                      "type_share_max: docs/results/calibration.md); repeat for more")  # fmt: skip
    tune.add_argument("--tiers", default="", metavar="NAMES",
                      help="players from weakest to strongest, for the skill "
                      "gradient (default: none)")  # fmt: skip
    tune.add_argument("--trials", type=int_at_least(1), default=20, metavar="T",
                      help="finished trials wanted (default: 20)")  # fmt: skip
    tune.add_argument("--games", type=int_at_least(2), default=200, metavar="G",
                      help="games per trial (default: 200)")  # fmt: skip
    tune.add_argument("--seed", type=int_at_least(0, MAX_SEED), default=0, metavar="S",
                      help="the deals' and the sampler's seed (default: 0)")  # fmt: skip
    tune.add_argument("--jobs", type=int_at_least(1), default=1, metavar="J",
                      help="worker processes per tournament (default: 1)")  # fmt: skip
    tune.add_argument("--backend", choices=("local", "ray"), default="local",
                      help="where the trials' games run (default: local processes)")  # fmt: skip
    tune.add_argument("--output", required=True, metavar="DIR",
                      help="the study folder")  # fmt: skip
    tune.add_argument("--resume", action="store_true",
                      help="go on with the study in DIR")  # fmt: skip
    tune.add_argument("--quiet", action="store_true", help="no progress bar")
    add_rules_option(tune)  # the options every trial keeps (a Hewns map, say)
    tune.set_defaults(func=run_tune)


def _base_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options `--rules` sets, as the config stores them (a map file's
    content inline, so that every trial plays the map as it was at the start)."""
    from scavenger_env.core.games import get_game

    if not args.rules:
        return {}
    game = get_game(args.game)
    chosen = rules_config(game, args.num_players, args.rules).to_dict()
    default = game.make_config(args.num_players).to_dict()
    return {k: v for k, v in chosen.items() if default.get(k) != v}


def run_tune(args: argparse.Namespace) -> int:
    # the tuner plays tournaments; the [balance] extra brings the [tournament] one
    require_extra(
        "balance", ("optuna", "pandas", "scipy", *TOURNAMENT_MODULES), "the tuner"
    )
    try:
        from agents.balance.tune import Param, Study, Target, TuneError, tune
    except ImportError as err:
        raise UserError(
            f"the tuner needs the [balance] extra ({err.name} is missing): "
            "pip install 'scavenger-env[balance]'"
        ) from None
    from agents.tournament.plan import split_players

    base = _base_options(args)
    try:
        study = Study(
            params=tuple(Param.parse(p) for p in args.param),
            targets=tuple(Target.parse(t) for t in args.target),
            players=tuple(split_players(args.players)),
            num_players=args.num_players,
            games=args.games,
            seed=args.seed,
            tiers=tuple(split_players(args.tiers)) if args.tiers else (),
            game=args.game,
            base_options=base,
        ).check()
        table = tune(args.output, study, args.trials, resume=args.resume,
                     jobs=args.jobs, backend=args.backend,
                     progress=not args.quiet and sys.stderr.isatty())  # fmt: skip
    except TuneError as err:
        raise UserError(str(err)) from None
    except ValueError as err:  # a rule option the game does not have, a bad value
        raise UserError(f"{err}") from None
    best = table.iloc[0]
    chosen = ", ".join(f"{p.name}={best[p.name]}" for p in study.params)
    print(f"best of {len(table)} trials: {chosen} (objective {best['objective']:.4g}); "
          f"report: {args.output}/report.md")  # fmt: skip
    return EXIT_OK
