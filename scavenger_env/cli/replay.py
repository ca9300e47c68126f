"""`scavenger replay`: re-simulate recorded games of any game and check their
outcomes (each record names its game)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from scavenger_env.core.errors import show_value

from .common import EXIT_OK, UserError, add_game_option, seats

__all__ = ["add_command"]


def add_command(commands: Any) -> None:
    """Add `replay` to the `scavenger` sub-parsers."""
    rep = commands.add_parser(
        "replay",
        help="re-simulate recorded games and check their outcomes",
        description="Re-simulate every record of a JSONL file and check that each "
        "game ends with the recorded scores, winners, turns and the facts of its "
        "meta that the game recomputes, and gives the recorded digest. Prints each game turn by turn, or one line per game with "
        "--quiet. Exits 2 at the first corrupt record, record made under other "
        "rules, or mismatch.",
    )
    rep.add_argument("file", type=Path, metavar="FILE.jsonl", help="game records")
    add_game_option(
        rep,
        default=None,
        help="accept only records of this game (default: any; each record names "
        "its game)",
    )
    rep.add_argument(
        "-q", "--quiet", action="store_true", help="one summary line per game"
    )
    rep.add_argument(  # checked in run(), against each game's seats
        "--viewer",
        default="0",
        metavar="SEAT",
        help="whose view the final state is drawn from (default: 0)",
    )
    rep.add_argument(
        "--html",
        type=Path,
        metavar="OUT.html",
        help="write each game as a replay viewer page (one self-contained file, "
        "works offline) instead of printing it; with several games in FILE, "
        "OUT-1.html, OUT-2.html, ... (or pick one with --record)",
    )
    rep.add_argument(
        "--record",
        type=int,
        metavar="N",
        help="only the N-th game of FILE (1 for the first)",
    )
    rep.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay every record of `args.file`, printing transcripts or summaries."""
    from scavenger_env.core.records import RecordError, enumerate_records

    path: Path = args.file
    viewer = _viewer(args.viewer)
    if not path.exists():
        raise UserError(
            f"{path}: no such file; make one with "
            f"`scavenger simulate --output {path} ...`"
        )
    if path.is_dir():
        raise UserError(f"{path} is a directory; give a .jsonl file of game records")

    from scavenger_env.core.simulate import replay_record, replay_transcript

    if args.record is not None and args.record < 1:
        raise UserError(f"--record {args.record}: the first game is --record 1")
    html_out: Path | None = args.html
    if html_out is not None and html_out.suffix.lower() not in (".html", ".htm"):
        raise UserError(f"--html {html_out}: name an .html file")
    if html_out is not None and not html_out.parent.is_dir():
        raise UserError(f"--html {html_out}: no folder {html_out.parent}")
    count = 0
    line = None
    pages: list[Path] = []
    try:
        for line, record in enumerate_records(path):
            count += 1
            if args.record is not None and count != args.record:
                continue
            if args.game is not None and record.game != args.game:
                raise RecordError(
                    f"the record is for game {record.game!r}, not {args.game!r}",
                    hint="leave out --game to replay records of any game",
                )
            players = len(record.scores)
            if html_out is not None:
                pages.append(_write_page(record, html_out, count, args.record))
                continue
            if args.quiet:
                replay_record(record)
                scores = "/".join(str(s) for s in record.scores)
                who = seats(record.winners)
                print(
                    f"line {line}: ok — {players} players, seed {record.seed}, "
                    f"{record.turns} turns, {len(record.actions)} decisions, "
                    f"scores {scores}, won by {who}"
                )
                continue
            if not 0 <= viewer < players:
                raise UserError(
                    f"--viewer {viewer}: line {line} is a {players}-player "
                    f"game; choose a seat 0..{players - 1}"
                )
            print(
                f"=== Game {count} ({path} line {line}): {players} players, "
                f"seed {record.seed} ==="
            )
            for text in replay_transcript(record, viewer=viewer):
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
    if args.record is not None and args.record > count:
        raise UserError(f"--record {args.record}: {path} holds {count} games")
    if html_out is not None:
        if len(pages) == 1 and pages[0] != html_out:  # one game: the name asked for
            pages[0] = pages[0].replace(html_out)
        for page in pages:
            print(f"wrote {page}")
        return EXIT_OK
    games = "game" if count == 1 else "games"
    print(f"replayed {count} {games} from {path}: every outcome matches the record")
    return EXIT_OK


def _write_page(record: Any, out: Path, number: int, chosen: int | None) -> Path:
    """Write one game's viewer page: `out` itself for a chosen game, else
    `OUT-<number>.html` (renamed to `out` when the file held only one game)."""
    from scavenger_env.core.records import atomic_output
    from scavenger_env.core.viewer import viewer_page

    page = viewer_page(record)
    target = (
        out if chosen is not None else out.with_name(f"{out.stem}-{number}{out.suffix}")
    )
    with atomic_output(target) as handle:
        handle.write(page)
    return target


def _viewer(text: str) -> int:
    """`--viewer`'s seat; refused like a seat the game lacks, as `error: ...`."""
    try:
        seat = int(text)
    except ValueError:
        seat = -1
    if seat < 0:
        raise UserError(
            f"--viewer {show_value(text)}: a seat is a number, 0 for the first "
            "player (a game of N players has the seats 0..N-1)"
        )
    return seat
