"""`scavenger play`: one game at the keyboard against bots."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from scavenger_env.cli.common import (
    EXIT_OK,
    UserError,
    add_game_option,
    add_game_specific_option,
    add_keep_options,
    add_rules_option,
    append_lines,
    check_output_file,
    game_specific_values,
    int_at_least,
)
from scavenger_env.core.records import MAX_SEED

__all__ = ["add_command"]


def bots_text() -> str:
    """The bots each game offers, from the registry (so a new bot shows up):
    "cavein: greedy, ...; krysis: ..."."""
    from agents.registry import agent_names
    from agents.tournament.plan import INTERACTIVE
    from scavenger_env.core.games import game_names

    return "; ".join(
        f"{game}: "
        + ", ".join(
            n for n in agent_names(game) if n not in INTERACTIVE | {"exec", "file"}
        )
        for game in game_names()
    )


def add_command(commands: Any) -> None:
    """Add `play` to the `scavenger` sub-parsers."""
    from scavenger_env.cli.main import games_text

    play = commands.add_parser(
        "play",
        help="play a game at the keyboard against bots",
        description=f"Play one game of {games_text('or')} (--game) in the "
        "terminal, with bots in the other seats. At the start of your turn you "
        "see the game as you know it, "
        "before each further decision what changed, and your choices, numbered "
        "(a decision with one choice is taken for you); type a number, help, "
        "look, cards, card NAME, rules or quit. The bots' moves are shown between "
        "your turns, the scores at the end.",
    )
    add_game_option(play)
    add_rules_option(play)
    play.add_argument(
        "--players",
        default="human,random",
        metavar="LIST",
        help="one agent per seat, in seat order, comma-separated: human or a bot "
        f"({bots_text()}), a bot program in its own process, "
        'exec:"python mybot.py", or a bot class from a file, file:mybot.py (played '
        "in its own process); options as name:key=value, and name=NAME names "
        "the seat; default: human,random",
    )
    play.add_argument(
        "--num-players",
        type=int_at_least(1),
        default=None,
        metavar="N",
        help="players (2-4; default: as many as --players lists; extra seats get "
        "the last bot listed, or random)",
    )
    play.add_argument(
        "--seed",
        type=int_at_least(0, MAX_SEED),
        default=None,
        metavar="S",
        help="set-up seed; the same seed deals the same game (default: a fresh one, "
        "printed at the start)",
    )
    # Cave-In's set-up; refused, naming Cave-In, when given for another game.
    add_game_specific_option(
        play,
        "--factions",
        field="factions",
        metavar="F",
        help="Cave-In: random (default), first_game (the rulebook's first-game "
        "set), or four faction names, comma-separated",
    )
    add_game_specific_option(
        play,
        "--merc-distribution",
        field="merc_distribution",
        choices=("5/4/2/2", "4/4/3/2"),
        help="Cave-In: copies of levels 1/2/3/4 per faction (default: 5/4/2/2)",
    )
    add_game_specific_option(
        play,
        "--weedlock-text",
        field="weedlock_text",
        choices=("en", "de"),
        help="Cave-In: Weedlock card texts of the English or German rulebook "
        "(default: en)",
    )
    add_game_specific_option(
        play,
        "--start-player",
        field="start_player",
        metavar="SEAT",
        help="Cave-In: the seat that starts, or random (default)",
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
    add_keep_options(play)
    play.add_argument(
        "--web",
        action="store_true",
        help="play in the browser instead of the terminal: serves the game on "
        "--host:--port and says the address to open (one human seat)",
    )
    play.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="with --web: the address to serve on (default: 127.0.0.1, this "
        "machine only)",
    )
    play.add_argument(
        "--port",
        type=int_at_least(0, 65535),
        default=8000,
        metavar="PORT",
        help="with --web: the port (default: 8000; 0 picks a free one)",
    )
    play.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Set the game up, play it on screen and write its record if asked."""
    import secrets

    from agents.pipe.isolate import make_seat_agent
    from agents.play import play_match
    from agents.registry import given_name, without_name
    from agents.tournament.plan import split_players
    from scavenger_env.core.errors import ConfigError
    from scavenger_env.core.games import get_game

    game = get_game(args.game)

    specs = split_players(args.players)
    if not all(specs):
        raise UserError(
            f"--players {args.players!r} has an empty name; "
            "write one name per seat, e.g. --players human,random"
        )
    n = len(specs) if args.num_players is None else args.num_players
    if not game.min_players <= n <= game.max_players:
        raise UserError(
            f"a game has {game.min_players} to {game.max_players} players, not {n}; "
            "list one per seat in --players "
            "(or set --num-players)"
        )
    if len(specs) > n:
        raise UserError(
            f"--players lists {len(specs)} players but --num-players is {n}; "
            "list at most one player per seat"
        )
    bots = [s for s in specs if s.partition(":")[0].strip() != "human"]
    specs += [without_name(bots[-1]) if bots else "random"] * (n - len(specs))

    options: dict[str, object] = dict(game_specific_values(args, game))
    if "factions" in options:
        factions = str(options["factions"]).strip()
        options["factions"] = (
            tuple(f.strip() for f in factions.split(","))
            if "," in factions
            else factions
        )
    if "start_player" in options:
        start = str(options["start_player"]).strip()
        options["start_player"] = int(start) if start.lstrip("-").isdigit() else start
    if args.rules:  # the game's own options; they win over the set-up flags
        from scavenger_env.cli.common import rules_config

        ruled = rules_config(game, n, args.rules).to_dict()
        options.update({k: v for k, v in ruled.items() if k != "num_players"})
    try:
        config = game.make_config(n, **options)
    except ConfigError as err:
        raise UserError(str(err)) from None

    output: Path | None = args.output
    check_output_file(
        output, append=args.append, force=args.force, what="this game's record"
    )

    agents = []
    for seat, spec in enumerate(specs):
        try:
            agents.append(  # an untrusted bot (file:) in its own process
                make_seat_agent(spec, f"player {seat + 1} of {len(specs)}", game.name)
            )
        except ValueError as err:
            raise UserError(f"--players: {err}") from None
        except (ImportError, AttributeError) as err:
            raise UserError(
                f"--players: {spec.partition(':')[0]!r} cannot be loaded in this "
                f"installation ({err})"
            ) from None

    names = [given_name(s) or s.partition(":")[0].strip() for s in specs]
    for seat, spec in enumerate(specs):
        name = given_name(spec)
        if name is not None and name in names[:seat] + names[seat + 1 :]:
            other = next(i for i, m in enumerate(names) if m == name and i != seat)
            raise UserError(
                f"--players: players {min(seat, other) + 1} and "
                f"{max(seat, other) + 1} are both named {name!r}; rename one "
                "(name=NAME), each seat needs a name of its own"
            )

    # An agent that cannot play this table (a ppo model for another player count,
    # say) says so now, as a usage error, rather than from inside the game.
    for seat, agent in enumerate(agents):
        try:
            agent.reset(seat, config)
        except ValueError as err:
            raise UserError(
                f"--players: player {seat + 1} ({specs[seat]}): {err}"
            ) from None
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    if args.web:
        return _play_in_browser(args, game, config, seed, agents, names, output)
    if args.host != "127.0.0.1" or args.port != 8000:
        raise UserError("--host and --port are for --web (play in the browser)")
    result = play_match(config, seed, agents, game=game, names=names)
    if result.quit:
        return EXIT_OK
    if output is not None:
        record = game.record(config, seed, result.state, result.actions)
        try:
            _save_record(record, output, args.append)
        except OSError as err:
            raise UserError(f"cannot write {output}: {err.strerror or err}") from None
    return EXIT_OK


def _save_record(record: Any, output: Path, append: bool) -> None:
    """Write the finished game's record to `output` (added at its end with
    `--append`) and say so; an `OSError` when it cannot be written."""
    from scavenger_env.core.records import write_records

    if append and output.exists():
        append_lines(output, [record.to_json()])
    else:
        write_records(output, [record])
    done = "added to" if append else "written to"
    print(f"game record {done} {output} (replay it: scavenger replay {output})")


def _play_in_browser(
    args: argparse.Namespace,
    game: Any,
    config: Any,
    seed: int,
    agents: list[Any],
    names: list[str],
    output: Path | None,
) -> int:
    """Serve the game to one person in the browser until Ctrl+C."""
    from agents.human import HumanAgent
    from agents.web_play import WebGame, make_server
    from scavenger_env.core.records import GameRecord

    humans = [seat for seat, a in enumerate(agents) if isinstance(a, HumanAgent)]
    if len(humans) != 1:
        raise UserError(
            f"--web seats one person and bots; --players lists {len(humans)} "
            "human seats (e.g. --players human,greedy)"
        )

    def save(record: GameRecord) -> str:
        if output is None:
            return ""
        try:
            _save_record(record, output, args.append)
        except OSError as err:
            return (
                f"The record could not be written to {output}: {err.strerror or err}."
            )
        return f"The record is in {output}."

    bots = [None if seat == humans[0] else a for seat, a in enumerate(agents)]
    session = WebGame(game, config, seed, bots, names, humans[0], on_over=save)
    try:
        server = make_server(session, args.host, args.port)
    except OSError as err:
        raise UserError(
            f"cannot serve on {args.host}:{args.port} ({err.strerror or err}); "
            "choose another --port (0 picks a free one)"
        ) from None
    host, port = server.server_address[:2]
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"warning: serving on {host}, which other machines may reach")
    print(f"{game.title}, seed {seed}: open http://{host}:{port}/ in a browser")
    print("(Ctrl+C stops the server)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        server.server_close()
    return EXIT_OK
