"""The ``scavenger`` command line: its parser is built from command plugins.

A command plugin is a function `add_command(commands)` that adds one sub-parser
(with `set_defaults(func=...)`) to `commands`; a plugin named `NAME.TARGET` adds to
the sub-parsers that the plugin `NAME` returned (`bench.tournament`). Plugins are
found through the entry points of group `scavenger_env.commands` (declared in
pyproject.toml), so other packages add commands (`tournament`, `play`, `train`)
without this package importing them or knowing where they live.

Run ``scavenger --help`` (or ``scavenger COMMAND --help``) for the options; the
documentation's command-line reference covers every command. User mistakes (a missing file, a corrupt record, a bad
option) print ``error: ...`` to stderr and exit with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from importlib.metadata import entry_points
from typing import Any

from .common import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, UserError

__all__ = [
    "COMMANDS_GROUP",
    "COMMAND_ORDER",
    "build_parser",
    "discovered_commands",
    "games_text",
    "main",
]

COMMANDS_GROUP = "scavenger_env.commands"
"""The entry-point group the commands are found in."""

COMMAND_ORDER: tuple[str, ...] = (
    "simulate",
    "replay",
    "bench",
    "bench.tournament",
    "play",
    "tournament",
    "train",
    "bench.train",
    "balance",
    "maps",
)
"""This project's commands by name, in the order `--help` lists them (where each
lives is the entry points' business); pyproject.toml declares exactly these, in
this order (a test checks). Other commands follow, sorted by name."""

Plugin = Callable[[Any], Any]

_NONE_INSTALLED = (
    f"no commands are installed (they are found through the {COMMANDS_GROUP!r} "
    "entry points, which an installation declares): this source tree was never "
    "installed, or was installed before those existed; run `pip install -e .` in it"
)


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


def discovered_commands() -> dict[str, str]:
    """The installed commands ("name" -> "module:function") of the entry-point
    group, this project's in `COMMAND_ORDER`, then others by name."""
    found = {ep.name: ep.value for ep in entry_points(group=COMMANDS_GROUP)}
    rank = {name: i for i, name in enumerate(COMMAND_ORDER)}
    ordered = sorted(found, key=lambda name: (rank.get(name, len(rank)), name))
    return {name: found[name] for name in ordered}


def _load(target: str) -> Plugin:
    module, _, attribute = target.partition(":")
    plugin: Plugin = getattr(importlib.import_module(module), attribute)
    return plugin


def games_text(conjunction: str = "and") -> str:
    """ "Cave-In and Krysis": the registered games, by their titles without a
    series name (read from the registry, so that a new game shows in --help)."""
    from scavenger_env.core.games import game_names, get_game

    titles = [get_game(name).title.rpartition(": ")[2] for name in game_names()]
    return f" {conjunction} ".join(filter(None, [", ".join(titles[:-1]), titles[-1]]))


def build_parser(commands: dict[str, str] | None = None) -> argparse.ArgumentParser:
    """The ``scavenger`` argument parser with a sub-parser per command.

    Args:
        commands: "name" -> "module:function" of the command plugins (default: the
            installed entry points, `discovered_commands()`).

    Raises:
        UserError: a plugin cannot be loaded.
    """
    if commands is None:
        commands = discovered_commands()
    parser = argparse.ArgumentParser(
        prog="scavenger",
        description="Play, simulate, replay and benchmark the board games "
        f"{games_text()}, and "
        "run bots on them: see the commands below.",
        epilog=None if commands else f"error: {_NONE_INSTALLED}",
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="print the version and build"
    )
    top = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    holders: dict[str, Any] = {"": top}
    # Parents before their targets ("bench" before "bench.tournament").
    for name in sorted(commands, key=lambda n: n.count(".")):
        parent = name.rpartition(".")[0]
        if parent not in holders:
            raise UserError(
                f"command {name!r} adds to {parent!r}, which is not installed or "
                "has no targets; reinstall with `pip install -e .`"
            )
        try:
            plugin = _load(commands[name])
        except (ImportError, AttributeError) as err:
            raise UserError(
                f"command {name!r} ({commands[name]}) cannot be loaded: {err}; "
                "reinstall with `pip install -e .`"
            ) from None
        holders[name] = plugin(holders[parent])
    return parser


@contextlib.contextmanager
def notices_once() -> Iterator[None]:
    """Show the project's notices (`core.errors.Notice` warnings) as ``note: ...``
    on stderr, each text once in this command (however many places raise it, and
    in the worker processes forked from here), instead of Python's warning lines;
    other warnings show as Python shows them."""
    from scavenger_env.core.errors import Notice

    said: set[str] = set()
    python_shows = warnings.showwarning

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: Any = None,
        line: str | None = None,
    ) -> None:
        if not issubclass(category, Notice):
            python_shows(message, category, filename, lineno, file, line)
            return
        text = str(message)
        if text not in said:
            said.add(text)
            print(f"note: {text}", file=sys.stderr, flush=True)

    with warnings.catch_warnings():
        warnings.simplefilter("always", Notice)  # the text decides, not the place
        warnings.showwarning = show
        yield


def main(
    argv: Sequence[str] | None = None, commands: dict[str, str] | None = None
) -> int:
    """Run the ``scavenger`` command line; return the exit status.

    `commands`: the command plugins to offer (default: the installed ones).
    """
    if commands is None:
        commands = discovered_commands()
    try:
        parser = build_parser(commands)
    except UserError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    args_given = sys.argv[1:] if argv is None else list(argv)
    if not commands and not {"-h", "--help", "--version"} & set(args_given):
        print(f"error: {_NONE_INSTALLED}", file=sys.stderr)
        return EXIT_USAGE
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version, or a usage error
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    try:
        with notices_once():
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
