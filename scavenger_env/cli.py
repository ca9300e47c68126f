"""The ``scavenger`` command line: simulate games, replay records, benchmark.

Run ``scavenger --help`` (or ``scavenger COMMAND --help``) for the options; README.md
documents every command. User mistakes (a missing file, a corrupt record, a bad
option) print ``error: ...`` to stderr and exit with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from scavenger_env.core.records import MAX_SEED

__all__ = ["main"]

GAMES = ("cavein",)
"""Games the command line can simulate and replay."""

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class UserError(Exception):
    """A mistake the user can fix; printed as ``error: <message>``, exit status 2."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("scavenger-env")
    except PackageNotFoundError:  # running from a source tree that is not installed
        from scavenger_env import __version__

        return __version__


class _Version(argparse.Action):
    """`--version`, with the build that runs; worked out only when asked, since
    it imports the engine."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from scavenger_env.core.build import build_description

        sys.stdout.write(f"scavenger-env {_version()} ({build_description()})\n")
        parser.exit()


# ------------------------------------------------------------------ argument types


def _int_at_least(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected an integer, got {text!r}"
            ) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(
                f"must be at most {maximum} (a record's seed is 64 bits), got {value}"
            )
        return value

    return parse


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text}")
    return value


# ------------------------------------------------------------------ simulate


def _cmd_simulate(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from scavenger_env.cavein.engine import ConfigError, GameConfig
    from scavenger_env.cavein.simulate import simulate_games
    from scavenger_env.core.records import GameRecord, write_records
    from scavenger_env.core.seeding import game_seeds

    try:
        config = GameConfig(num_players=args.num_players)
    except ConfigError as err:
        raise UserError(f"--num-players {args.num_players}: {err}") from None
    output: Path = args.output
    if output.is_dir():
        raise UserError(f"--output {output} is a directory; give a file name")
    if not output.parent.is_dir():
        raise UserError(
            f"--output {output}: folder {output.parent} does not exist; create it first"
        )

    seeds = game_seeds(args.seed, args.games)
    turns: list[int] = []
    wins = [0.0] * args.num_players
    start = time.perf_counter()

    def tally(records: Iterator[GameRecord], bar: tqdm) -> Iterator[GameRecord]:
        for record in records:
            turns.append(record.turns)
            for seat in record.winners:  # a tie splits the win among the tied
                wins[seat] += 1 / len(record.winners)
            bar.update(1)
            yield record

    with tqdm(
        total=args.games,
        unit="game",
        file=sys.stderr,
        disable=None if args.progress else True,  # None: only on a terminal
        desc="simulate",
    ) as bar:
        try:
            written = write_records(output, tally(simulate_games(config, seeds), bar))
        except OSError as err:
            raise UserError(f"cannot write {output}: {err.strerror or err}") from None
    elapsed = time.perf_counter() - start

    share = ", ".join(
        f"player {seat} {100 * w / written:.1f}%" for seat, w in enumerate(wins)
    )
    print(
        f"wrote {written} games to {output} "
        f"({args.num_players} players, master seed {args.seed})"
    )
    print(
        f"turns per game: mean {sum(turns) / written:.1f}, "
        f"min {min(turns)}, max {max(turns)}"
    )
    print(f"win share by seat (ties split): {share}")
    print(f"elapsed: {elapsed:.2f} s ({written / elapsed:,.1f} games/s)")
    return EXIT_OK


# ------------------------------------------------------------------ replay


def _cmd_replay(args: argparse.Namespace) -> int:
    from scavenger_env.core.records import RecordError, enumerate_records

    path: Path = args.file
    if not path.exists():
        raise UserError(
            f"{path}: no such file; make one with "
            f"`scavenger simulate --output {path} ...`"
        )
    if path.is_dir():
        raise UserError(f"{path} is a directory; give a .jsonl file of game records")

    from scavenger_env.cavein.simulate import replay_record, replay_transcript

    count = 0
    line = None
    try:
        for line, record in enumerate_records(path):
            count += 1
            players = len(record.scores)
            if args.quiet:
                replay_record(record)
                scores = "/".join(str(s) for s in record.scores)
                who = _seats(record.winners)
                print(
                    f"line {line}: ok — {players} players, seed {record.seed}, "
                    f"{record.turns} turns, {len(record.actions)} decisions, "
                    f"scores {scores}, won by {who}"
                )
                continue
            if not 0 <= args.viewer < players:
                raise UserError(
                    f"--viewer {args.viewer}: line {line} is a {players}-player "
                    f"game; choose a seat 0..{players - 1}"
                )
            print(
                f"=== Game {count} ({path} line {line}): {players} players, "
                f"seed {record.seed} ==="
            )
            for text in replay_transcript(record, viewer=args.viewer):
                print(text)
            print()
    except RecordError as err:
        if err.line is None:  # raised by the replay, not the reader: add the place
            err = err.located(path, line)
        raise UserError(str(err)) from None
    except UnicodeDecodeError:
        raise UserError(
            f"{path} is not a text file of game records; "
            "re-create it with `scavenger simulate`"
        ) from None
    except BrokenPipeError:
        raise
    except OSError as err:
        raise UserError(f"cannot read {path}: {err.strerror or err}") from None
    if count == 0:
        raise UserError(
            f"{path} holds no game records; re-create it with `scavenger simulate`"
        )
    games = "game" if count == 1 else "games"
    print(f"replayed {count} {games} from {path}: every outcome matches the record")
    return EXIT_OK


def _seats(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"player {seats[0]}"
    return "players " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


# ------------------------------------------------------------------ bench


def _add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of a table"
    )


def _cmd_bench_engine(args: argparse.Namespace) -> int:
    from scavenger_env.cavein.bench import bench_engine, format_engine_table

    result = bench_engine(seconds=args.seconds)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_engine_table(result, args.seconds))
    return EXIT_OK


def _cmd_bench_env(args: argparse.Namespace) -> int:
    from scavenger_env.cavein.bench_env import bench_env, format_env_table

    result = bench_env(seconds=args.seconds)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_env_table(result))
    return EXIT_OK


def _cmd_bench_tournament(args: argparse.Namespace) -> int:
    # `agents` is imported here only: the package itself never depends on it.
    from agents.tournament.bench import bench_tournament, format_tournament_bench

    result = bench_tournament(games=args.games, rounds=args.rounds)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_tournament_bench(result))
    return EXIT_OK


# ------------------------------------------------------------------ play


def _cmd_play(args: argparse.Namespace) -> int:
    import secrets

    # `agents` is imported here only: the package itself never depends on it.
    from agents.play import play_match
    from agents.registry import make_agent
    from scavenger_env.cavein.engine import ConfigError, GameConfig
    from scavenger_env.cavein.simulate import record_from_game
    from scavenger_env.core.records import write_records

    specs = [s.strip() for s in args.players.split(",")]
    if not all(specs):
        raise UserError(
            f"--players {args.players!r} has an empty name; "
            "write one name per seat, e.g. --players human,random"
        )
    n = len(specs) if args.num_players is None else args.num_players
    if not 2 <= n <= 4:
        raise UserError(
            f"a game has 2 to 4 players, not {n}; list one per seat in --players "
            "(or set --num-players)"
        )
    if len(specs) > n:
        raise UserError(
            f"--players lists {len(specs)} players but --num-players is {n}; "
            "list at most one player per seat"
        )
    bots = [s for s in specs if s.partition(":")[0].strip() != "human"]
    specs += [bots[-1] if bots else "random"] * (n - len(specs))

    options: dict[str, object] = {
        "merc_distribution": args.merc_distribution,
        "weedlock_text": args.weedlock_text,
    }
    factions = args.factions.strip()
    options["factions"] = (
        tuple(f.strip() for f in factions.split(",")) if "," in factions else factions
    )
    start = args.start_player.strip()
    options["start_player"] = int(start) if start.lstrip("-").isdigit() else start
    try:
        config = GameConfig(num_players=n, **options)  # type: ignore[arg-type]
    except ConfigError as err:
        raise UserError(str(err)) from None

    output: Path | None = args.output
    if output is None and (args.append or args.force):
        raise UserError("--append and --force apply to --output FILE; add --output")
    if output is not None and (output.is_dir() or not output.parent.is_dir()):
        raise UserError(f"--output {output}: give a file name in an existing folder")
    if output is not None and output.exists() and not (args.append or args.force):
        raise UserError(
            f"--output {output} already exists; add --append to add this game's "
            "record to it, --force to replace it, or choose another file"
        )

    agents = []
    for seat, spec in enumerate(specs):
        try:
            agents.append(make_agent(spec, f"player {seat + 1} of {len(specs)}"))
        except ValueError as err:
            raise UserError(f"--players: {err}") from None
        except (ImportError, AttributeError) as err:
            raise UserError(
                f"--players: {spec.partition(':')[0]!r} cannot be loaded in this "
                f"installation ({err})"
            ) from None

    seed = args.seed if args.seed is not None else secrets.randbits(63)
    result = play_match(config, seed, agents)
    if result.quit:
        return EXIT_OK
    if output is not None:
        record = record_from_game(config, seed, result.state, result.actions)
        try:
            if args.append and output.exists():
                _append_record(output, record.to_json())
            else:
                write_records(output, [record])
        except OSError as err:
            raise UserError(f"cannot write {output}: {err.strerror or err}") from None
        done = "added to" if args.append else "written to"
        print(f"game record {done} {output} (replay it: scavenger replay {output})")
    return EXIT_OK


def _append_record(path: Path, line: str) -> None:
    """Add one JSON line at the end of `path`, after a newline if it lacks one."""
    with path.open("rb+") as f:
        f.seek(0, os.SEEK_END)
        if f.tell():
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
        f.write(line.encode("utf-8") + b"\n")


# ------------------------------------------------------------------ tournament


def _default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _list_players() -> str:
    from agents.registry import agent_options, describe_agents

    described = describe_agents()
    width = max(len(name) for name in described)
    lines = ["players for --players (a spec is NAME or NAME:key=value,key=value):"]
    for name, text in described.items():
        if name == "human":
            text += " (not in tournaments: use `scavenger play`)"
        lines.append(f"  {name.ljust(width)}  {text}")
        try:
            options = agent_options(name)
        except Exception:  # its module cannot be imported: said above
            options = {}
        for i, option in enumerate(options.values()):  # one a line, typed
            label = "options: " if i == 0 else ""
            lines.append(f"  {''.ljust(width)}  {label:>9}{option.describe()}")
    return "\n".join(lines)


def _cmd_tournament(args: argparse.Namespace) -> int:
    # `agents` is imported here only: the package itself never depends on it.
    if args.list_players:
        print(_list_players())
        return EXIT_OK

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
        run_tournament,
    )
    from scavenger_env.cavein.engine import RULES_VERSION

    if not args.players:
        raise UserError(
            "--players is required, e.g. --players random,random "
            "(`scavenger tournament --list-players` lists the names)"
        )
    if args.address and args.backend != "ray":
        raise UserError("--address is for --backend ray")
    try:
        plan = make_plan(
            args.players,
            args.num_players,
            games=args.games,
            seed=args.seed,
            all_seatings=args.all_seatings,
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
        if plan.config.rules_version != RULES_VERSION:
            print(
                f"note: {output} was made under rules version "
                f"{plan.config.rules_version}; it is resumed under them"
            )

    try:
        result = run_tournament(
            plan,
            output,
            jobs=args.jobs,
            backend=args.backend,
            address=args.address,
            progress=args.progress,
            on_start=header,
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
    print(f"wrote {', '.join(str(output / n) for n in names)}")
    return EXIT_OK


# ------------------------------------------------------------------ parser


def build_parser() -> argparse.ArgumentParser:
    """The ``scavenger`` argument parser, with one sub-parser per command."""
    parser = argparse.ArgumentParser(
        prog="scavenger",
        description="Simulate, replay and benchmark Star Scrappers games.",
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="print the version and build"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    sim = commands.add_parser(
        "simulate",
        help="play games with random legal moves and write their records",
        description="Play games with uniformly random legal moves and write one "
        "JSON record per game (JSON Lines). Game i's seed is the i-th child of "
        "numpy.random.SeedSequence(SEED), so a run is reproducible from --seed.",
    )
    sim.add_argument("--game", choices=GAMES, default="cavein", help="the game")
    sim.add_argument(
        "--num-players",
        type=_int_at_least(1),
        default=3,
        metavar="N",
        help="players per game (default: 3)",
    )
    sim.add_argument(
        "--games",
        type=_int_at_least(1),
        default=100,
        metavar="K",
        help="number of games (default: 100)",
    )
    sim.add_argument(
        "--seed",
        type=_int_at_least(0),
        default=0,
        metavar="S",
        help="master seed the per-game seeds derive from (default: 0)",
    )
    sim.add_argument(
        "--output",
        type=Path,
        required=True,
        metavar="FILE.jsonl",
        help="where to write the records (replaced if it exists)",
    )
    sim.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never show the progress bar (it shows only on a terminal anyway)",
    )
    sim.set_defaults(func=_cmd_simulate)

    rep = commands.add_parser(
        "replay",
        help="re-simulate recorded games and check their outcomes",
        description="Re-simulate every record of a JSONL file and check that each "
        "game ends with the recorded scores, winners and turns, and gives the "
        "recorded digest. Prints each game turn by turn, or one line per game with "
        "--quiet. Exits 2 at the first corrupt record, record made under other "
        "rules, or mismatch.",
    )
    rep.add_argument("file", type=Path, metavar="FILE.jsonl", help="game records")
    rep.add_argument(
        "-q", "--quiet", action="store_true", help="one summary line per game"
    )
    rep.add_argument(
        "--viewer",
        type=_int_at_least(0),
        default=0,
        metavar="SEAT",
        help="whose view the final state is drawn from (default: 0)",
    )
    rep.set_defaults(func=_cmd_replay)

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
    engine.add_argument(
        "--seconds",
        type=_positive_float,
        default=2.0,
        metavar="S",
        help="seconds of play per player count (default: 2)",
    )
    _add_json_flag(engine)
    engine.set_defaults(func=_cmd_bench_engine)
    env = targets.add_parser(
        "env",
        help="the PettingZoo environment against the null-AEC floor",
        description="Random legal play through the AEC loop: raw_env and env() "
        "with 2, 3 and 4 players, the null-AEC floor (bare and wrapped) and, where "
        "installed, PettingZoo's classic leduc_holdem_v4, texas_holdem_no_limit_v6 "
        "and connect_four_v3 (decisions/s). The measurements are interleaved; the "
        "ratios of our 2-player figures to the floor are the ones to compare.",
    )
    env.add_argument(
        "--seconds",
        type=_positive_float,
        default=1.0,
        metavar="S",
        help="seconds of measurement per figure, split over 3 interleaved rounds "
        "(default: 1; a run takes about 12 S)",
    )
    _add_json_flag(env)
    env.set_defaults(func=_cmd_bench_env)
    tbench = targets.add_parser(
        "tournament",
        help="random 2-player tournaments with 1 and 2 worker processes",
        description="Random 2-player tournaments, played alternately with --jobs 1 "
        "and --jobs 2 (games/s while playing, and the speed-up). This one uses two "
        "processes; run it on an idle machine.",
    )
    tbench.add_argument(
        "--games",
        type=_int_at_least(1),
        default=400,
        metavar="G",
        help="games per run (default: 400)",
    )
    tbench.add_argument(
        "--rounds",
        type=_int_at_least(1),
        default=3,
        metavar="R",
        help="runs per number of jobs, interleaved (default: 3)",
    )
    _add_json_flag(tbench)
    tbench.set_defaults(func=_cmd_bench_tournament)
    play = commands.add_parser(
        "play",
        help="play a game at the keyboard against bots",
        description="Play one game of Cave-In in the terminal, with bots in the "
        "other seats. At the start of your turn you see the game as you know it, "
        "before each further decision what changed, and your choices, numbered "
        "(a decision with one choice is taken for you); type a number, help, "
        "look, cards, card NAME, rules or quit. The bots' moves are shown between "
        "your turns, the scores at the end.",
    )
    play.add_argument(
        "--players",
        default="human,random",
        metavar="LIST",
        help="one agent per seat, in seat order, comma-separated: human, random, "
        "greedy, miner, raider, collector, ismcts (options as name:key=value); "
        "default: human,random",
    )
    play.add_argument(
        "--num-players",
        type=_int_at_least(1),
        default=None,
        metavar="N",
        help="players (2-4; default: as many as --players lists; extra seats get "
        "the last bot listed, or random)",
    )
    play.add_argument(
        "--seed",
        type=_int_at_least(0, MAX_SEED),
        default=None,
        metavar="S",
        help="set-up seed; the same seed deals the same game (default: a fresh one, "
        "printed at the start)",
    )
    play.add_argument(
        "--factions",
        default="random",
        metavar="F",
        help="random (default), first_game (the rulebook's first-game set), or four "
        "faction names, comma-separated",
    )
    play.add_argument(
        "--merc-distribution",
        choices=("5/4/2/2", "4/4/3/2"),
        default="5/4/2/2",
        help="copies of levels 1/2/3/4 per faction (default: 5/4/2/2)",
    )
    play.add_argument(
        "--weedlock-text",
        choices=("en", "de"),
        default="en",
        help="Weedlock card texts of the English or German rulebook (default: en)",
    )
    play.add_argument(
        "--start-player",
        default="random",
        metavar="SEAT",
        help="the seat that starts, or random (default)",
    )
    play.add_argument(
        "--output",
        type=Path,
        default=None,
        metavar="FILE.jsonl",
        help="write the finished game's record here (for scavenger replay); an "
        "existing file is refused, before the game starts, unless --append or "
        "--force",
    )
    keep = play.add_mutually_exclusive_group()
    keep.add_argument(
        "--append",
        action="store_true",
        help="add the record to the end of an existing --output file",
    )
    keep.add_argument(
        "--force",
        action="store_true",
        help="replace an existing --output file",
    )
    play.set_defaults(func=_cmd_play)
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
    tour.add_argument("--game", choices=GAMES, default="cavein", help="the game")
    tour.add_argument(
        "--players",
        metavar="SPECS",
        help="the lineup, comma-separated, e.g. random,greedy or "
        "random,ismcts:iterations=200 (a name may repeat: random,random)",
    )
    tour.add_argument(
        "--num-players",
        type=_int_at_least(1),
        default=None,
        metavar="N",
        help="seats per game (default: the number of --players); with fewer "
        "seats than players every group of N plays",
    )
    tour.add_argument(
        "--games",
        type=_int_at_least(1),
        default=100,
        metavar="G",
        help="total games, rounded up to whole deals (deals × seatings; default: 100)",
    )
    tour.add_argument(
        "--seed",
        type=_int_at_least(0),
        default=0,
        metavar="S",
        help="master seed the deals derive from (default: 0)",
    )
    tour.add_argument(
        "--jobs",
        type=_int_at_least(1),
        default=_default_jobs(),
        metavar="J",
        help="worker processes; 1 plays in this process (default: the CPUs, "
        f"{_default_jobs()} here); the records do not depend on it",
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
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never show the progress bar (it shows only on a terminal anyway)",
    )
    tour.set_defaults(func=_cmd_tournament)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``scavenger`` command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version, or a usage error
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    try:
        status: int = args.func(args)
        return status
    except UserError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `scavenger replay games.jsonl | head`
        # Point stdout at /dev/null so the interpreter's final flush stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
