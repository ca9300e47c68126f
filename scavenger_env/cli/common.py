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
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
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
    "add_game_specific_option",
    "add_json_flag",
    "add_keep_options",
    "add_rules_option",
    "append_lines",
    "check_output_file",
    "game_specific_values",
    "int_at_least",
    "missing_modules",
    "positive_float",
    "progress_bar",
    "require_extra",
    "rules_config",
    "rules_options",
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


def add_game_specific_option(
    parser: argparse.ArgumentParser, flag: str, *, field: str, **kwargs: Any
) -> None:
    """An option that sets the config field `field` of the games that have one
    (Cave-In's `--start-player`, say). It defaults to None, "not given", so that
    `game_specific_values` can refuse it for a game without that field instead of
    dropping it unseen."""
    dest = flag.lstrip("-").replace("-", "_")
    parser.add_argument(flag, dest=dest, default=None, **kwargs)
    known = parser.get_default("game_specific") or ()
    parser.set_defaults(game_specific=(*known, (flag, dest, field)))


def game_specific_values(args: argparse.Namespace, game: Any) -> dict[str, str]:
    """The config fields (name -> text as given) set by the game-specific options
    of `args` (those added by `add_game_specific_option`) that were given.

    Raises:
        UserError: an option given for a game without its field, naming the
            games it belongs to (and changing nothing).
    """
    from scavenger_env.core.games import get_game

    values: dict[str, str] = {}
    known = game.config_options()
    for flag, dest, field in getattr(args, "game_specific", ()):
        value = getattr(args, dest, None)
        if value is None:
            continue
        if field not in known:
            owners = [
                name
                for name in game_names()
                if field in get_game(name).config_options()
            ]
            raise UserError(
                f"{flag} is an option of {' and '.join(owners) or 'no game'}, not "
                f"of {game.name}; leave it out ({game.name}'s own options go in "
                "--rules KEY=VALUE, and a wrong key lists them)"
            )
        values[field] = value
    return values


def add_keep_options(parser: argparse.ArgumentParser) -> None:
    """`--append` / `--force`: what to do with an existing `--output` file. Without
    either, a command refuses it: no command destroys records unasked."""
    keep = parser.add_mutually_exclusive_group()
    keep.add_argument(
        "--append",
        action="store_true",
        help="add the records to the end of an existing --output file",
    )
    keep.add_argument(
        "--force",
        action="store_true",
        help="replace an existing --output file",
    )


def check_output_file(
    output: Path | None, *, append: bool, force: bool, what: str = "records"
) -> None:
    """Refuse an `--output` file that cannot be written, or that exists when
    neither `--append` nor `--force` says what to do with it (checked before any
    work, so a refused run changes nothing).

    Raises:
        UserError: saying which flag to add, or what to fix.
    """
    if output is None:
        if append or force:
            raise UserError("--append and --force apply to --output FILE; add --output")
        return
    if output.is_dir():
        raise UserError(f"--output {output} is a directory; give a file name")
    if not output.parent.is_dir():
        raise UserError(
            f"--output {output}: folder {output.parent} does not exist; create it first"
        )
    if output.exists() and not (append or force):
        raise UserError(
            f"--output {output} already exists; add --append to add the {what} "
            "to it, --force to replace it, or choose another file"
        )


def append_lines(path: Path, lines: Iterable[str]) -> int:
    """Add `lines` (each without its newline) at the end of `path`, after a newline
    if the file lacks one; each line is written whole. Returns how many."""
    written = 0
    with path.open("ab+") as f:
        f.seek(0, os.SEEK_END)
        if f.tell():
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
        for line in lines:
            f.write(line.encode("utf-8") + b"\n")
            f.flush()
            written += 1
    return written


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
        "krysis; a list in brackets (cave_in_thresholds=[6,7,8]) or one entry "
        "of it (cave_in_thresholds[0]=6); a value inside a mapping option after "
        "dots (card_data.Igil.cost=10 for hewns); a wrong key lists the game's "
        "options (default: the rulebook)",
    )


_INDEXED_KEY = re.compile(r"^(\w+)\s*\[\s*(\d+)\s*\]$")
"""`KEY[i]`: one entry of a list option (as the balance tuner names them)."""


def _rule_value(text: str) -> object:
    """`true`/`false` -> bool, an integer -> int, `[a,b,...]` -> a tuple of
    such values, anything else stays a string."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return tuple(_rule_value(t) for t in inner.split(",")) if inner else ()
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(low)
    except ValueError:
        return text


def _rule_pairs(rules: str) -> list[str]:
    """The `KEY=VALUE` pairs of `rules`: split at the commas outside brackets
    (those inside separate a list's entries).

    Raises:
        UserError: a bracket left open or closed without being opened, or an
            empty entry (`--rules ,` or `a=1,,b=2`: a typo, never a choice).
    """
    pairs, depth, start = [], 0, 0
    for i, char in enumerate(rules):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth < 0:
                break
        elif char == "," and depth == 0:
            pairs.append(rules[start:i])
            start = i + 1
    if depth != 0:
        raise UserError(
            f"--rules {rules!r}: unbalanced brackets; write a list as "
            "KEY=[A,B,...] (e.g. cave_in_thresholds=[6,7,8])"
        )
    pairs.append(rules[start:])
    if not rules.strip():  # no --rules: the rulebook
        return []
    if any(not p.strip() for p in pairs):
        raise UserError(
            f"--rules {rules!r}: an empty entry (a comma too many); give "
            "KEY=VALUE pairs separated by single commas, e.g. "
            "--rules advanced=true,missions=true"
        )
    return pairs


def _unknown_option(game: Any, key: str) -> UserError:
    """The error for an option `game` lacks, listing those it has."""
    import difflib

    known = game.config_options()
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    listing = "; ".join(f"{k}: {line}" for k, line in known.items())
    return UserError(
        f"--rules: {game.name} has no option {key!r}{hint}; its options "
        f"are {listing or 'none'}"
    )


def rules_options(game: Any, num_players: int, rules: str) -> dict[str, object]:
    """The options (config fields) of `game` that the `--rules` text gives, for
    `num_players`, checked by building the config.

    A value in brackets is a list (`cave_in_thresholds=[6,7,8]`); `KEY[i]=V`
    sets entry `i` of a list option, the others keeping their value (the
    option's own, the rulebook's, or the config's `effective_KEY` for an option
    left unset); `KEY.NAME...=V` sets a value inside a mapping option
    (`card_data.Igil.cost=10`, `core.config.option_path`).

    Raises:
        UserError: a malformed pair, an unknown option (the message lists the
            game's options with a line each), an option given twice, an index
            past a list's end or on an option that is no list, or a value the
            rules refuse.
    """
    from scavenger_env.core.config import option_path
    from scavenger_env.core.errors import ConfigError

    options: dict[str, object] = {}
    entries: dict[str, dict[int, object]] = {}  # key -> index -> value
    inside: list[tuple[str, list[str | int], object]] = []  # dotted keys
    given: dict[str, str] = {}  # key (or key[i]) -> its pair as written
    known = game.config_options()
    for pair in _rule_pairs(rules):
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(
                f"--rules {rules!r}: {pair.strip()!r} is not KEY=VALUE "
                "(write e.g. --rules advanced=true,missions=true; a list goes in "
                "brackets: cave_in_thresholds=[6,7,8])"
            )
        indexed = _INDEXED_KEY.match(key)
        path = None if indexed else option_path(key)
        name = indexed.group(1) if indexed else path[0] if path else key
        if name not in known:
            raise _unknown_option(game, name)
        label = f"{name}[{int(indexed.group(2))}]" if indexed else key
        if label in given:
            raise UserError(
                f"--rules {rules!r}: the option {label!r} is given twice "
                f"({given[label]!r} and {pair.strip()!r}); give each option once"
            )
        given[label] = pair.strip()
        if indexed:
            entries.setdefault(name, {})[int(indexed.group(2))] = _rule_value(value)
        elif path:
            inside.append((name, path[1], _rule_value(value)))
        else:
            options[name] = _rule_value(value)
    try:
        default = game.make_config(num_players) if entries or inside else None
        if entries:
            for name, values in entries.items():
                current = options.get(name, getattr(default, name, None))
                if current is None:
                    current = getattr(default, f"effective_{name}", None)
                if not isinstance(current, (tuple, list)):
                    raise UserError(
                        f"--rules {rules!r}: {name} is {current!r}, not a list, "
                        f"so it has no entries to set; give it whole ({name}=...)"
                    )
                current = list(current)
                for index, value in sorted(values.items()):
                    if index >= len(current):
                        raise UserError(
                            f"--rules {rules!r}: {name}[{index}]: {name} has "
                            f"{len(current)} entries, numbered 0 to "
                            f"{len(current) - 1}"
                        )
                    current[index] = value
                options[name] = tuple(current)
        for name, steps, value in inside:
            options[name] = _put_inside(rules, default, options, name, steps, value)
        game.make_config(num_players, **options)
    except ConfigError as err:
        players = f"{num_players} player{'' if num_players == 1 else 's'}"
        where = f"--rules {rules}" if rules else players
        raise UserError(f"{where}: {err}") from None
    return options


def _put_inside(
    rules: str,
    default: Any,
    options: dict[str, object],
    name: str,
    steps: list[str | int],
    value: object,
) -> object:
    """Option `name` with the value at `steps` inside it set (`rules_options`)."""
    from scavenger_env.core.config import put_in_option

    current = options.get(name, getattr(default, name, None))
    effective = getattr(default, f"effective_{name}", None)
    try:
        return put_in_option(current, steps, value, effective)
    except ValueError as err:
        raise UserError(f"--rules {rules!r}: {name} at {err}") from None


def rules_config(game: Any, num_players: int, rules: str) -> Any:
    """The config of `game` for `num_players` under the `--rules` text
    (`rules_options`; raises `UserError` as it does)."""
    return game.make_config(num_players, **rules_options(game, num_players, rules))


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
