"""`scavenger train --algo expert`: the options of expert iteration and its run."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

from scavenger_env.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    UserError,
    int_at_least,
    positive_float,
)

__all__ = ["add_expert_arguments", "run_critic", "run_expert", "run_imitate"]

#: flag (argparse dest) -> ExpertSettings field, for the flags PPO shares
SHARED = {
    "num_players": "num_players",
    "seed": "seed",
    "threads": "threads",
    "learning_rate": "learning_rate",
    "batch_size": "batch_size",
    "n_epochs": "epochs",
    "eval_every": "eval_every",
    "eval_games": "eval_games",
    "init_from": "init_from",
}
#: expert iteration's own flags (dest -> field)
OWN = {
    "generations": "generations",
    "selfplay_games": "games",
    "search_iterations": "search_iterations",
    "c_puct": "c_puct",
    "temperature": "temperature",
    "noise": "noise",
    "league_share": "league_share",
    "max_snapshots": "max_snapshots",
    "window": "window",
    "gate_games": "gate_games",
    "gate_margin": "gate_margin",
    "jobs": "jobs",
    "backend": "backend",
    "address": "address",
}


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and 1")
    return value


def add_expert_arguments(p: argparse.ArgumentParser) -> None:
    """Add expert iteration's own options (a group of the `train` parser)."""
    from .expert import ExpertSettings

    d = ExpertSettings()
    g = p.add_argument_group(
        "expert iteration (--algo expert)",
        "The az search plays itself and a league; the net learns the search's "
        "visit shares and the results; a new net replaces the best only when a "
        "sequential test says it is stronger. --n-epochs, --batch-size, "
        "--learning-rate, --eval-every (in generations), --eval-games, --opponents "
        "(the league's scripted bots), --init-from (a policy file) and --threads "
        "apply too.",
    )
    g.add_argument("--generations", type=int_at_least(1), default=None, metavar="G",
                   help=f"generations to run in all (default: {d.generations}; "
                   "with --resume it may grow)")  # fmt: skip
    g.add_argument("--selfplay-games", type=int_at_least(1), default=None, metavar="N",
                   help=f"self-play games per generation (default: {d.games})")  # fmt: skip
    g.add_argument("--search-iterations", type=int_at_least(1), default=None,
                   metavar="K", help="az iterations per decision in self-play and "
                   f"promotion games (default: {d.search_iterations})")  # fmt: skip
    g.add_argument("--c-puct", type=positive_float, default=None, metavar="C",
                   help=f"az's c_puct (default: {d.c_puct})")  # fmt: skip
    g.add_argument("--temperature", type=positive_float, default=None, metavar="T",
                   help="self-play moves drawn by visits^(1/T) (default: "
                   f"{d.temperature})")  # fmt: skip
    g.add_argument("--noise", type=_share, default=None, metavar="X",
                   help=f"Dirichlet noise share at the root in self-play (default: {d.noise})")  # fmt: skip
    g.add_argument("--league-share", type=_share, default=None, metavar="X",
                   help="share of self-play games against the league (default: "
                   f"{d.league_share})")  # fmt: skip
    g.add_argument("--max-snapshots", type=int_at_least(0), default=None, metavar="K",
                   help=f"earlier best nets kept in the league (default: {d.max_snapshots})")  # fmt: skip
    g.add_argument("--window", type=int_at_least(1), default=None, metavar="G",
                   help=f"generations of samples the net learns from (default: {d.window})")  # fmt: skip
    g.add_argument("--gate-games", type=int_at_least(1), default=None, metavar="N",
                   help=f"most games of a promotion test (default: {d.gate_games})")  # fmt: skip
    g.add_argument("--gate-margin", type=positive_float, default=None, metavar="X",
                   help="the win share above an equal's (1/n) the promotion test "
                   f"looks for (default: {d.gate_margin})")  # fmt: skip
    g.add_argument("--jobs", type=int_at_least(1), default=None, metavar="J",
                   help="game-playing workers: local processes, or CPUs of a local "
                   f"Ray (default: {d.jobs})")  # fmt: skip
    g.add_argument("--backend", choices=("local", "ray"), default=None,
                   help="where games are played (default: local)")  # fmt: skip
    g.add_argument("--address", default=None, metavar="ADDR",
                   help="a Ray cluster's address (with --backend ray)")  # fmt: skip
    c = p.add_argument_group(
        "fitting a critic (--algo critic)",
        "Play games with the policy file --init-from (sampling from it, in every "
        "seat, or in one seat against --opponents), fit a critic to the results "
        "(the actor is kept), and write DIR/policy.npz, which az can search with, "
        "and DIR/critic.json (how good the critic is on held-out games). "
        "--n-epochs, --seed, --jobs, --backend and --address apply too.",
    )
    c.add_argument("--critic-games", type=int_at_least(10), default=None, metavar="N",
                   help="games to learn from, one in ten held out (default: 400)")  # fmt: skip
    m = p.add_argument_group(
        "learning a bot's play (--algo imitate)",
        "Play games with the bot --teacher (in every seat, or in one seat against "
        "--opponents), fit a fresh network's policy to its moves and its critic "
        "to the results, and write DIR/policy.npz (play it as ppo:model=..., "
        "search with it as az:model=..., or fine-tune it with --init-from) and "
        "DIR/imitation.json (how close it came on held-out games). --net-arch, "
        "--n-epochs, --batch-size, --learning-rate, --seed, --threads, --jobs, "
        "--backend and --address apply too.",
    )
    m.add_argument("--teacher", default=None, metavar="SPEC",
                   help="the bot to learn from, e.g. greedy or ismcts:iterations=200")  # fmt: skip
    m.add_argument("--imitate-games", type=int_at_least(10), default=None,
                   metavar="N", help="games to learn from, one in ten held out "
                   "(default: 400)")  # fmt: skip


def _asked(args: argparse.Namespace, game: str) -> dict[str, Any]:
    from .commands import checked_opponents

    asked: dict[str, Any] = {}
    for flags in (SHARED, OWN):
        for dest, name in flags.items():
            value = getattr(args, dest, None)
            if value is not None:
                asked[name] = value
    if args.game is not None:
        asked["game"] = args.game
    if args.opponents is not None:
        asked["opponents"] = checked_opponents(
            args.opponents, game, num_players=args.num_players
        )
    return asked


def run_expert(args: argparse.Namespace) -> int:
    """Start or resume an expert-iteration run from the parsed `train` options."""
    from scavenger_env.core.errors import ConfigError

    from .expert import ExpertSettings, train_expert
    from .run import TrainingError

    folder = Path(args.output)
    try:
        if args.resume and (folder / "run.json").is_file():
            import json

            data = json.loads((folder / "run.json").read_text())
            if data.get("algo") != "expert":
                raise UserError(
                    f"{folder} holds a PPO run; resume it without --algo expert"
                )
            base = ExpertSettings.from_dict(data)
            if args.game is not None and args.game != base.game:
                raise UserError(
                    f"--game {args.game}: the run in {folder} trains {base.game}"
                )
        else:
            base = ExpertSettings(game=args.game or ExpertSettings.game)
        settings = dataclasses.replace(
            base, **_asked(args, game=args.game or base.game)
        )
        say = (lambda _msg: None) if args.quiet else _say
        result = train_expert(
            settings, folder, resume=args.resume, progress=not args.quiet, say=say
        )
    except (ConfigError, TrainingError) as err:
        raise UserError(str(err)) from None
    except KeyboardInterrupt:
        print(
            f"\ninterrupted: resume with scavenger train --algo expert --output "
            f"{folder} --resume",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    say(
        f"done: {result.generations} generation(s) in {result.wall_s:.0f} s; the best "
        f"net is generation {result.best_generation}: {folder / 'policy.npz'} (play "
        f"it with --players az:model={folder / 'policy.npz'})"
    )
    return EXIT_OK


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_critic(args: argparse.Namespace) -> int:
    """Fit a critic onto the policy file `--init-from`."""
    from agents.ppo import PolicyFileError
    from scavenger_env.core.errors import ConfigError

    from .critic import fit_critic

    if not args.init_from:
        raise UserError(
            "--algo critic fits a critic onto a policy file: give it with "
            "--init-from FILE (e.g. agents/ppo/models/cavein-2p.npz)"
        )
    from .commands import checked_opponents

    opponents: tuple[str, ...] = ()
    try:
        if args.opponents is not None:
            from agents.ppo import Policy

            game = args.game or str(Policy.read(args.init_from).meta["game"])
            opponents = checked_opponents(
                args.opponents, game, num_players=args.num_players
            )
        fit_critic(
            args.init_from,
            args.output,
            game=args.game,
            num_players=args.num_players,
            games=args.critic_games or 400,
            epochs=args.n_epochs or 10,
            seed=args.seed or 0,
            opponents=opponents,
            jobs=args.jobs or 1,
            backend=args.backend or "local",
            address=args.address,
            progress=not args.quiet,
            say=(lambda _m: None) if args.quiet else _say,
        )
    except (ConfigError, PolicyFileError) as err:
        raise UserError(str(err)) from None
    return EXIT_OK


def run_imitate(args: argparse.Namespace) -> int:
    """Learn the bot `--teacher`'s play."""
    from scavenger_env.core.errors import ConfigError

    from .commands import _sizes, checked_opponents
    from .imitate import imitate

    if not args.teacher:
        raise UserError(
            "--algo imitate learns a bot's play: name it with --teacher SPEC "
            "(e.g. --teacher greedy)"
        )
    game = args.game or "cavein"
    num_players = args.num_players or 2
    teachers = checked_opponents(args.teacher, game, "--teacher", num_players)
    if len(teachers) != 1:
        raise UserError(f"--teacher {args.teacher!r}: give one bot")
    (teacher,) = teachers
    try:
        opponents: tuple[str, ...] = ()
        if args.opponents is not None:
            opponents = checked_opponents(args.opponents, game, num_players=num_players)
        hidden = (
            _sizes("--net-arch", args.net_arch, allow_none=False)
            if args.net_arch is not None
            else (64, 64)
        )
        imitate(
            teacher,
            args.output,
            game=game,
            num_players=num_players,
            games=args.imitate_games or 400,
            epochs=args.n_epochs or 10,
            seed=args.seed or 0,
            opponents=opponents,
            hidden=hidden,
            value_hidden=hidden,
            batch_size=args.batch_size or 256,
            learning_rate=args.learning_rate or 1e-3,
            threads=args.threads or 1,
            jobs=args.jobs or 1,
            backend=args.backend or "local",
            address=args.address,
            progress=not args.quiet,
            say=(lambda _m: None) if args.quiet else _say,
        )
    except ConfigError as err:
        raise UserError(str(err)) from None
    return EXIT_OK
