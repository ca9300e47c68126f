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


# ------------------------------------------------------------------ argument types


def _int_at_least(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected an integer, got {text!r}"
            ) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
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
    print(f"replayed {count} games from {path}: every outcome matches the record")
    return EXIT_OK


def _seats(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"player {seats[0]}"
    return "players " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


# ------------------------------------------------------------------ bench


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


# ------------------------------------------------------------------ parser


def build_parser() -> argparse.ArgumentParser:
    """The ``scavenger`` argument parser, with one sub-parser per command."""
    parser = argparse.ArgumentParser(
        prog="scavenger",
        description="Simulate, replay and benchmark Star Scrappers games.",
    )
    parser.add_argument(
        "--version", action="version", version=f"scavenger {_version()}"
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
        "game ends with the recorded scores, winners and turns. Prints each game "
        "turn by turn, or one line per game with --quiet. Exits 2 at the first "
        "corrupt record, record made under other rules, or mismatch.",
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
        description="Measure speed on one core, in this process.",
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
    engine.add_argument(
        "--json", action="store_true", help="print one JSON object instead of a table"
    )
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
    env.add_argument(
        "--json", action="store_true", help="print one JSON object instead of a table"
    )
    env.set_defaults(func=_cmd_bench_env)
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
