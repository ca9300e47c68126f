"""What every command of the ``scavenger`` command line shares: the user-error
type and exit statuses, argument types, the options several commands take, the
check for an optional dependency (an extra) and a progress bar that needs none.

Command modules (here and in other packages, found through the
``scavenger_env.commands`` entry points) import these, so that every command
reports mistakes and reads numbers the same way.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, TextIO

from scavenger_env.core.errors import show_int, show_value
from scavenger_env.core.games import DEFAULT_GAME, game_names

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "UserError",
    "add_game_option",
    "add_json_flag",
    "add_rules_option",
    "int_at_least",
    "missing_modules",
    "positive_float",
    "progress_bar",
    "require_extra",
    "rules_config",
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
                f"expected an integer, got {show_value(text)}"
            ) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"must be at least {minimum}, got {show_int(value)}"
            )
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(
                f"must be at most {maximum} (a seed is 64 bits), got {show_int(value)}"
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


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """`--rules KEY=VALUE,...`: the game's rules options (its config fields)."""
    parser.add_argument(
        "--rules",
        metavar="KEY=VALUE[,...]",
        default="",
        help="rules options of the game, e.g. advanced=true,missions=true for "
        "krysis (a wrong key lists the game's options; default: the rulebook)",
    )


def _rule_value(text: str) -> object:
    """`true`/`false` -> bool, an integer -> int, anything else stays a string."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(low)
    except ValueError:
        return text.strip()


def rules_config(game: Any, num_players: int, rules: str) -> Any:
    """The config of `game` for `num_players` under the `--rules` text.

    Raises:
        UserError: a malformed pair, an unknown option (the message lists the
            game's options with a line each), an option given twice or a value
            the rules refuse.
    """
    from scavenger_env.core.errors import ConfigError

    options: dict[str, object] = {}
    given: dict[str, str] = {}  # key -> its pair as written
    for pair in (p for p in rules.split(",") if p.strip()):
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(
                f"--rules {rules!r}: {pair.strip()!r} is not KEY=VALUE "
                "(write e.g. --rules advanced=true,missions=true)"
            )
        known = game.config_options()
        if key not in known:
            import difflib

            close = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            listing = "; ".join(f"{k}: {line}" for k, line in known.items())
            raise UserError(
                f"--rules: {game.name} has no option {key!r}{hint}; its options "
                f"are {listing or 'none'}"
            )
        if key in given:
            raise UserError(
                f"--rules {rules!r}: the option {key!r} is given twice "
                f"({given[key]!r} and {pair.strip()!r}); give each option once"
            )
        given[key] = pair.strip()
        options[key] = _rule_value(value)
    try:
        return game.make_config(num_players, **options)
    except ConfigError as err:
        where = f"--rules {rules}" if rules else f"{num_players} players"
        raise UserError(f"{where}: {err}") from None


# ------------------------------------------------------------ optional dependencies


def missing_modules(names: Sequence[str]) -> list[str]:
    """Those of the top-level modules `names` that cannot be imported here (looked
    up, not imported)."""
    missing = []
    for name in names:
        try:
            found = importlib.util.find_spec(name) is not None
        except ImportError:  # a broken or blocked installation
            found = False
        except ValueError:  # imported already, without a spec
            found = True
        if not found:
            missing.append(name)
    return missing


def require_extra(extra: str, modules: Sequence[str], needed_by: str) -> None:
    """Raise a `UserError` saying which extra to install when any of `modules`
    (what the extra `extra` brings) is missing.

    `needed_by` names what needs them in the message ("`scavenger tournament`").
    """
    missing = missing_modules(modules)
    if missing:
        raise UserError(
            f"{needed_by} needs the [{extra}] extra ({', '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not installed): "
            f"pip install 'scavenger-env[{extra}]' "
            f"(or pip install -e '.[{extra}]' in a checkout)"
        )


class _PlainBar:
    """A progress counter for when tqdm is not installed: on a terminal, a line
    `DESC: N/TOTAL UNITs` rewritten at most twice a second; elsewhere nothing."""

    def __init__(
        self, total: int, *, unit: str, desc: str, file: TextIO, show: bool
    ) -> None:
        self.total, self.unit, self.desc, self.file = total, unit, desc, file
        self.show = show
        self.n = 0
        self._shown_at = 0.0

    def _draw(self) -> None:
        self.file.write(f"\r{self.desc}: {self.n}/{self.total} {self.unit}s")
        self.file.flush()
        self._shown_at = time.monotonic()

    def update(self, n: int = 1) -> None:
        self.n += n
        if self.show and (
            self.n >= self.total or time.monotonic() - self._shown_at >= 0.5
        ):
            self._draw()

    def close(self) -> None:
        if self.show:
            self._draw()
            self.file.write("\n")
            self.file.flush()
            self.show = False

    def __enter__(self) -> _PlainBar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def progress_bar(
    total: int,
    *,
    unit: str,
    desc: str,
    enabled: bool = True,
    file: TextIO | None = None,
) -> Any:
    """A progress bar on `file` (stderr) with `update(n)`, usable as a context
    manager: tqdm's when tqdm is installed, a plain counter otherwise. It shows
    only when `enabled` and `file` is a terminal."""
    out = sys.stderr if file is None else file
    try:
        from tqdm import tqdm
    except ImportError:
        return _PlainBar(
            total, unit=unit, desc=desc, file=out, show=enabled and out.isatty()
        )
    return tqdm(
        total=total,
        unit=unit,
        file=out,
        disable=None if enabled else True,  # None: only on a terminal
        desc=desc,
    )
