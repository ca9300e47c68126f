"""`scavenger tournament`: bots against each other over seeded deals and rotated
seats, with a summary of win rates and ratings."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from scavenger_env.cli.common import (
    EXIT_OK,
    UserError,
    add_game_option,
    add_rules_option,
    int_at_least,
    require_extra,
)
from scavenger_env.core.errors import MAX_SEED

__all__ = ["TOURNAMENT_MODULES", "add_command", "default_jobs"]

TOURNAMENT_MODULES = ("openskill", "tqdm")
"""What a tournament needs beyond the environment (the [tournament] extra): the
ratings and the progress bar. matplotlib (winrates.png) is in the extra too, but a
tournament without it says so and skips the plot."""


def default_jobs() -> int:
    """The CPUs this process may use (the default of `--jobs`)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def add_command(commands: Any) -> None:
    """Add `tournament` to the `scavenger` sub-parsers."""
    tour = commands.add_parser(
        "tournament",
        help="play bots against each other over seeded deals and rotated seats",
        description="Play a lineup of bots against each other: every deal (a "
        "set-up seed derived from --seed) is played once in every seating, so each "
        "player sits in each seat equally often and meets the same cards. Records "
        "go to DIR/games.jsonl as they finish; a rerun into the same DIR resumes. "
        "At the end: win rates with 95% Wilson intervals (a tie is a win for every "
        "tied player), mean VP and margin, openskill ratings, per-seat rates and "
        "head to head, in DIR/summary.json, summary.csv, report.md, winrates.png and on the "
        "terminal.",
    )
    tour.add_argument(
        "--list-players",
        action="store_true",
        help="list the player names with a line about each, and exit",
    )
    add_game_option(tour)
    add_rules_option(tour)
    tour.add_argument(
        "--players",
        metavar="SPECS",
        help="the lineup, comma-separated, e.g. random,greedy or "
        "random,ismcts:iterations=200 (a name may repeat: random,random); "
        "name=NAME in any spec is what the tables call that player, e.g. "
        'ppo:model=PATH,name=ppo; exec:"python mybot.py" seats a bot program '
        "that speaks the bot protocol, in its own process; file:mybot.py a bot "
        "class in a Python file (untrusted: see --isolation)",
    )
    tour.add_argument(
        "--isolation",
        choices=("auto", "process", "none"),
        default="auto",
        help="process: every bot in a process of its own, where it cannot reach "
        "the game; none: bots in the tournament's processes (fast, for code you "
        "trust); auto (default): process when any bot is untrusted (file:), else "
        "none. The games are the same either way",
    )
    tour.add_argument(
        "--num-players",
        type=int_at_least(1),
        default=None,
        metavar="N",
        help="seats per game (default: the number of --players); with fewer "
        "seats than players every group of N plays",
    )
    tour.add_argument(
        "--games",
        type=int_at_least(1),
        default=100,
        metavar="G",
        help="total games, rounded up to whole deals (deals × seatings; default: 100)",
    )
    tour.add_argument(
        "--seed",
        type=int_at_least(0, MAX_SEED),
        default=0,
        metavar="S",
        help="master seed the deals derive from (default: 0)",
    )
    tour.add_argument(
        "--jobs",
        type=int_at_least(1),
        default=default_jobs(),
        metavar="J",
        help="worker processes; 1 plays in this process (default: the CPUs, "
        f"{default_jobs()} here); the records do not depend on it",
    )
    tour.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes (default) or Ray (pip install "
        '"scavenger-env[distributed]")',
    )
    tour.add_argument(
        "--address",
        metavar="ADDR",
        help="the Ray cluster to use (default with --backend ray: a local Ray "
        "with --jobs CPUs)",
    )
    tour.add_argument(
        "--all-seatings",
        action="store_true",
        help="with 4 seats, play all 24 orders of each group instead of a "
        "balanced Latin square of 4",
    )
    tour.add_argument(
        "--output",
        type=Path,
        metavar="DIR",
        help="folder for tournament.json, games.jsonl and the summary (created; "
        "a rerun with the same settings resumes)",
    )
    tour.add_argument(
        "--watch",
        type=int_at_least(0),
        default=2,
        metavar="N",
        help="write replay viewer pages of the first N games into DIR/watch/, "
        "linked from report.md (default: 2; 0 for none)",
    )
    tour.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never show the progress bar (it shows only on a terminal anyway)",
    )
    tour.set_defaults(func=run)


def _list_players(game: str) -> str:
    from agents.registry import agent_options, describe_agents

    described = describe_agents(game)
    width = max(len(name) for name in described)
    lines = [
        "players for --players (a spec is NAME or NAME:key=value,key=value; "
        "every spec also takes name=NAME, what the tables call the player):"
    ]
    for name, text in described.items():
        if name == "human":
            text += " (not in tournaments: use `scavenger play`)"
        lines.append(f"  {name.ljust(width)}  {text}")
        try:
            options = agent_options(name, game)
        except Exception:  # its module cannot be imported: said above
            options = {}
        for i, option in enumerate(options.values()):  # one a line, typed
            label = "options: " if i == 0 else ""
            lines.append(f"  {''.ljust(width)}  {label:>9}{option.describe()}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Plan and play a tournament (or list the players), printing the summary."""
    if args.list_players:
        print(_list_players(args.game))
        return EXIT_OK
    require_extra("tournament", TOURNAMENT_MODULES, "`scavenger tournament`")

    from agents.backends import BackendError
    from agents.report import count, format_table
    from agents.tournament import (
        GAMES_FILE,
        PLOT_FILE,
        REPORT_FILE,
        SUMMARY_CSV,
        SUMMARY_FILE,
        TIMING_FILE,
        AgentError,
        Plan,
        TournamentError,
        make_plan,
        rules_note,
        run_tournament,
    )
    from agents.tournament.outputs import WATCH_DIR

    if not args.players:
        raise UserError(
            "--players is required, e.g. --players random,random "
            "(`scavenger tournament --list-players` lists the names)"
        )
    if args.address and args.backend != "ray":
        raise UserError("--address is for --backend ray")
    config = None
    if args.rules:
        from scavenger_env.cli.common import rules_config
        from scavenger_env.core.games import get_game

        seats_wanted = args.num_players or len(
            [p for p in args.players.split(",") if p.strip()]
        )
        config = rules_config(get_game(args.game), seats_wanted, args.rules)
    try:
        plan = make_plan(
            args.players,
            None if config is not None else args.num_players,
            games=args.games,
            seed=args.seed,
            all_seatings=args.all_seatings,
            config=config,
            game=args.game,
        )
        if args.output is None:
            raise UserError(
                "--output DIR is required: the folder for the games and summary"
            )
    except TournamentError as err:
        raise UserError(str(err)) from None
    output: Path = args.output

    def header(plan: Plan) -> None:
        # Printed once the folder is locked and its records checked, so a refused
        # run prints only its error.
        seats = len(plan.seatings)
        print(
            f"tournament: {count(plan.games, 'game')} of {args.game} with "
            f"{plan.num_players} players ({count(plan.deals, 'deal')} × "
            f"{count(seats, 'seating')}), master seed {plan.seed}, into {output}"
        )
        if plan.games != args.games:
            print(
                f"note: --games {args.games} rounded up to {plan.games}, whole deals "
                f"(each deal is played in all {seats} seatings)"
            )
        note = rules_note(plan, output)
        if note:
            print(f"note: {note}")

    try:
        result = run_tournament(
            plan,
            output,
            jobs=args.jobs,
            backend=args.backend,
            address=args.address,
            progress=args.progress,
            on_start=header,
            watch=args.watch,
            isolation=args.isolation,
        )
    except (TournamentError, BackendError, AgentError) as err:
        raise UserError(str(err)) from None
    except OSError as err:
        raise UserError(f"cannot write {output}: {err.strerror or err}") from None
    except KeyboardInterrupt:
        print(
            f"the finished games are in {output / GAMES_FILE}; "
            "run the same command again to resume",
            file=sys.stderr,
        )
        raise
    for note in result.notes:
        print(f"note: {note}")
    workers = f"{args.jobs} job{'s' if args.jobs != 1 else ''}, {args.backend}"
    if result.played:
        print(
            f"played {count(result.played, 'game')} in {result.elapsed:.2f} s "
            f"({result.games_per_s:,.1f} games/s, {workers})"
            + (
                f"; {result.resumed} {'was' if result.resumed == 1 else 'were'} "
                "already there"
                if result.resumed
                else ""
            )
        )
    else:
        print(f"all {result.plan.games} games were already there; nothing to play")
    assert result.summary is not None
    print()
    print(format_table(result.summary))
    print()
    names = [GAMES_FILE, SUMMARY_FILE, SUMMARY_CSV, REPORT_FILE, TIMING_FILE]
    if (output / PLOT_FILE).exists():
        names.append(PLOT_FILE)
    watched = [f"game-{k}.html" for k in range(1, args.watch + 1)]
    names += [
        f"{WATCH_DIR}/{page}"
        for page in watched
        if (output / WATCH_DIR / page).exists()
    ]
    print(f"wrote {', '.join(str(output / n) for n in names)}")
    return EXIT_OK
