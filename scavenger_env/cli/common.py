"""What every command of the ``scavenger`` command line shares: the user-error
type and exit statuses, argument types, and the options several commands take.

Command modules (here and in other packages, found through the
``scavenger_env.commands`` entry points) import these, so that every command
reports mistakes and reads numbers the same way.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from scavenger_env.core.games import DEFAULT_GAME, game_names

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "UserError",
    "add_game_option",
    "add_json_flag",
    "int_at_least",
    "positive_float",
    "seats",
]

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class UserError(Exception):
    """A mistake the user can fix; printed as ``error: <message>``, exit status 2."""


def int_at_least(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer from `minimum` (to `maximum`, a seed's limit)."""

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


def positive_float(text: str) -> float:
    """An argparse type: a finite number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text}")
    return value


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """`--json`: one JSON object instead of a table."""
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of a table"
    )


def add_game_option(
    parser: argparse.ArgumentParser,
    default: str | None = DEFAULT_GAME,
    help: str = "the game",
) -> None:
    """`--game NAME`, one of the registered games (read when the parser is built)."""
    parser.add_argument("--game", choices=game_names(), default=default, help=help)


def seats(seats: Sequence[int]) -> str:
    """ "player 2" or "players 0, 1 and 3"."""
    if len(seats) == 1:
        return f"player {seats[0]}"
    return "players " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"
