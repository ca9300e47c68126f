"""`scavenger simulate`: play games of any game with random legal moves and write
their records."""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scavenger_env.core.errors import MAX_SEED

from .common import (
    EXIT_OK,
    UserError,
    add_game_option,
    add_keep_options,
    add_rules_option,
    append_lines,
    check_output_file,
    int_at_least,
    progress_bar,
    rules_config,
)

__all__ = ["add_command"]


def add_command(commands: Any) -> None:
    """Add `simulate` to the `scavenger` sub-parsers."""
    sim = commands.add_parser(
        "simulate",
        help="play games with random legal moves and write their records",
        description="Play games with uniformly random legal moves and write one "
        "JSON record per game (JSON Lines). Game i's seed is the i-th child of "
        "numpy.random.SeedSequence(SEED), so a run is reproducible from --seed.",
    )
    add_game_option(sim)
    add_rules_option(sim)
    sim.add_argument(
        "--num-players",
        type=int_at_least(1),
        default=3,
        metavar="N",
        help="players per game (default: 3)",
    )
    sim.add_argument(
        "--games",
        type=int_at_least(1),
        default=100,
        metavar="K",
        help="number of games (default: 100)",
    )
    sim.add_argument(
        "--seed",
        type=int_at_least(0, MAX_SEED),
        default=0,
        metavar="S",
        help="master seed the per-game seeds derive from (default: 0)",
    )
    sim.add_argument(
        "--output",
        type=Path,
        required=True,
        metavar="FILE.jsonl",
        help="where to write the records; an existing file is refused, before "
        "any game is played, unless --append or --force",
    )
    add_keep_options(sim)
    sim.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never show the progress bar (it shows only on a terminal anyway)",
    )
    sim.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Simulate `args.games` games and print a summary."""
    from scavenger_env.core.errors import ConfigError
    from scavenger_env.core.games import get_game
    from scavenger_env.core.records import GameRecord, write_records
    from scavenger_env.core.seeding import game_seeds
    from scavenger_env.core.simulate import simulate_games

    game = get_game(args.game)
    if args.rules:
        config = rules_config(game, args.num_players, args.rules)
    else:
        try:
            config = game.make_config(args.num_players)
        except ConfigError as err:
            raise UserError(f"--num-players {args.num_players}: {err}") from None
    output: Path = args.output
    check_output_file(output, append=args.append, force=args.force)
    appending = args.append and output.exists()

    seeds = game_seeds(args.seed, args.games)
    turns: list[int] = []
    wins = [0.0] * args.num_players
    start = time.perf_counter()

    def tally(records: Iterator[GameRecord], bar: Any) -> Iterator[GameRecord]:
        for record in records:
            turns.append(record.turns)
            for seat in record.winners:  # a tie splits the win among the tied
                wins[seat] += 1 / len(record.winners)
            bar.update(1)
            yield record

    with progress_bar(
        args.games, unit="game", desc="simulate", enabled=args.progress
    ) as bar:
        try:
            played = tally(simulate_games(game, config, seeds), bar)
            if appending:
                written = append_lines(output, (r.to_json() for r in played))
            else:
                written = write_records(output, played)
        except OSError as err:
            raise UserError(f"cannot write {output}: {err.strerror or err}") from None
    elapsed = time.perf_counter() - start

    share = ", ".join(
        f"player {seat} {100 * w / written:.1f}%" for seat, w in enumerate(wins)
    )
    print(
        f"{'added' if appending else 'wrote'} {written} games to {output} "
        f"({args.num_players} players, master seed {args.seed})"
    )
    print(
        f"turns per game: mean {sum(turns) / written:.1f}, "
        f"min {min(turns)}, max {max(turns)}"
    )
    print(f"win share by seat (ties split): {share}")
    print(f"elapsed: {elapsed:.2f} s ({written / elapsed:,.1f} games/s)")
    return EXIT_OK
