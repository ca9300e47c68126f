"""`scavenger maps`: list the bundled Hewns maps and check a map file.

A designer writes a map file (the format is on the docs' map page), runs
``scavenger maps show FILE`` to see it drawn and checked for each player count,
then plays it with ``--rules map=FILE`` in ``simulate``, ``tournament`` or
``balance tune``.
"""

from __future__ import annotations

import argparse
from typing import Any

from scavenger_env.cli.common import EXIT_OK, UserError

__all__ = ["EXIT_ADVICE", "add_command"]

EXIT_ADVICE = 1
"""`maps show --strict`: the map loads but the checks give advice."""


def add_command(commands: Any) -> Any:
    """Add `maps` (with its `list` and `show` targets) to the `scavenger`
    sub-parsers."""
    maps = commands.add_parser(
        "maps",
        help="Hewns maps: list the bundled ones, draw and check a map file",
        description="Hewns maps are JSON files (the docs' map page has the "
        "format). `list` names the bundled maps; `show` draws a bundled map or a "
        "file for each player count and prints the checks' result. Play a map "
        "with --rules map=NAME_OR_FILE (simulate, tournament, balance tune).",
    )
    targets = maps.add_subparsers(dest="target", metavar="TARGET", required=True)
    listing = targets.add_parser(
        "list", help="the bundled maps, with their player counts and sizes"
    )
    listing.set_defaults(func=run_list)
    show = targets.add_parser(
        "show",
        help="draw a map and check it",
        description="Check a map (a mistake exits 2 naming the element and the "
        "fix), then draw it for each player count (or one) with its spaces, "
        "entrance stock and the designer's checks (`mapfile.map_advice`).",
    )
    show.add_argument(
        "map", metavar="NAME_OR_FILE", help="a bundled map's name or a .json file"
    )
    show.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=None,
        metavar="N",
        help="draw the map for N players only (default: every count it has)",
    )
    show.add_argument(
        "--strict",
        action="store_true",
        help=f"exit {EXIT_ADVICE} when the checks give advice",
    )
    show.set_defaults(func=run_show)
    return targets


def run_list(args: argparse.Namespace) -> int:
    """Print one block per bundled map."""
    from scavenger_env.hewns.engine.mapfile import bundled_maps, read_map

    for name in bundled_maps():
        mapfile = read_map(name)
        sizes = ", ".join(
            f"{n}p {len(mapfile.spec(n).spaces)}" for n in mapfile.players
        )
        print(f"{name}: spaces {sizes}")
        print(f"  {mapfile.description}")
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    """Draw and check one map."""
    from scavenger_env.hewns.engine.board import build_board, render_map
    from scavenger_env.hewns.engine.mapfile import MapError, map_advice, read_map

    try:
        mapfile = read_map(args.map)
        counts = mapfile.players if args.players is None else (args.players,)
        specs = [(n, mapfile.spec(n)) for n in counts]
    except MapError as err:
        raise UserError(str(err)) from None
    print(f"map {mapfile.name!r} for {', '.join(map(str, mapfile.players))} players")
    if mapfile.description:
        print(mapfile.description)
    advised = False
    for n, spec in specs:
        stock = "/".join(str(k) for k in spec.entrance_stock)
        print(f"\n--- {n} players: {len(spec.spaces)} spaces; entrance stock S/M/B "
              f"{stock}")  # fmt: skip
        print(render_map(build_board(spec)))
        advice = map_advice(spec)
        advised = advised or bool(advice)
        print("checks: " + ("all good" if not advice else "; ".join(advice)))
    return EXIT_ADVICE if args.strict and advised else EXIT_OK
