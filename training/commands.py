"""`scavenger train`: MaskablePPO against a league of scripted bots and past
selves, or expert iteration (`--algo expert`); `scavenger bench train`: the
learner's steps/s."""

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
    add_game_option,
    add_json_flag,
    int_at_least,
    missing_modules,
    positive_float,
)
from scavenger_env.core.errors import MAX_SEED

__all__ = ["add_bench_command", "add_command"]

LEARNER_MODULES = ("torch", "sb3_contrib", "stable_baselines3")
"""What the learner needs (the [train] extra)."""
TRAIN_MODULES = (*LEARNER_MODULES, "openskill", "tqdm")
"""What a training run needs: the learner, and the tournaments that evaluate it
with their progress bar (the [train] extra brings the [tournament] one)."""


def _require(modules: tuple[str, ...]) -> None:
    """Raise a `UserError` naming the [train] extra when any of `modules` is
    missing."""
    missing = missing_modules(modules)
    if missing:
        from .run import TRAIN_EXTRA_HINT

        verb = "is" if len(missing) == 1 else "are"
        raise UserError(
            f"{TRAIN_EXTRA_HINT} ({', '.join(missing)} {verb} not installed)"
        )


_DEFAULTS = None


def _defaults() -> Any:
    from .settings import TrainSettings

    return TrainSettings()


def add_command(commands: Any) -> None:
    """Add `train` to the `scavenger` sub-parsers."""
    from .settings import DEFAULT_OPPONENTS, VEC_ENVS

    d = _defaults()
    p = commands.add_parser(
        "train",
        help="train a MaskablePPO agent against a league of bots and past selves, "
        "or a net by expert iteration (--algo expert)",
        description="Train a masked PPO policy (sb3-contrib's MaskablePPO) by "
        "self-play: the learner plays one seat, the others are drawn from a league "
        "of scripted bots and frozen snapshots of the learner (a snapshot joins when "
        "the learner beats every member often enough; harder members are drawn more "
        "often). Writes to DIR: run.json (settings), checkpoints/ (every "
        "--checkpoint-rollouts rollouts; a run killed at any moment resumes with "
        "--resume as if never stopped), training.csv, league.csv, eval.csv and tb/ "
        "(TensorBoard), eval/ (tournaments against the bots every --eval-every steps) "
        "and at the end policy.npz (play it: --players ppo:model=DIR/policy.npz), "
        "model.zip and benchmark/ + benchmark.md (tournaments against every bot). "
        "Needs the [train] extra: pip install torch==2.13.0 --extra-index-url "
        "https://download.pytorch.org/whl/cpu && pip install -e '.[train]' (PyTorch's "
        "CPU build; without that index, Linux gets the CUDA build, several GB).",
    )
    # None: not given, so that --resume can tell a --game that differs from the
    # run's (refused) from no --game at all (the run's)
    add_game_option(p, default=None,
                    help=f"the game (default: {d.game}; with --resume, the run's)")  # fmt: skip
    p.add_argument("--num-players", type=int_at_least(1), default=None, metavar="N",
                   help=f"players per game (default: {d.num_players})")  # fmt: skip
    p.add_argument("--timesteps", type=int_at_least(1), default=None, metavar="T",
                   help=f"learner steps in all (default: {d.timesteps:,}); with "
                   "--resume it may grow")  # fmt: skip
    p.add_argument("--seed", type=int_at_least(0, MAX_SEED), default=None, metavar="S",
                   help=f"seed of everything random (default: {d.seed})")  # fmt: skip
    p.add_argument("--output", "-o", required=True, metavar="DIR",
                   help="the run folder, e.g. runs/cavein-2p")  # fmt: skip
    p.add_argument("--resume", action="store_true",
                   help="go on with the run in DIR from its last checkpoint (its "
                   "settings are read from DIR/run.json)")  # fmt: skip
    p.add_argument("--opponents", metavar="SPECS", default=None,
                   help="the league's scripted bots, comma-separated (default: "
                   + "; ".join(f"{g}: {','.join(o)}" for g, o in DEFAULT_OPPONENTS.items())
                   + "); also the bots it is evaluated against")  # fmt: skip
    p.add_argument("--no-self-play", action="store_true",
                   help="train against the scripted bots only (no snapshots)")  # fmt: skip
    p.add_argument("--device", default=None, metavar="DEV",
                   help="auto, cpu, cuda or cuda:N (default: auto: cuda when "
                   "available)")  # fmt: skip
    p.add_argument("--threads", type=int_at_least(1), default=None, metavar="N",
                   help="torch threads on the CPU, at most the cores here "
                   f"(default: {d.threads}; give 1 to run two trainings side by "
                   "side)")  # fmt: skip
    p.add_argument("--reward", choices=("score", "win", "win+score"), default=None,
                   help=f"the learner's reward at the end of a game (default: "
                   f"{d.reward}: the score margin, own minus best opponent's, "
                   "which learns far faster than win/loss)")  # fmt: skip
    p.add_argument("--n-envs", type=int_at_least(1), default=None, metavar="E",
                   help=f"environments stepped together (default: {d.n_envs})")  # fmt: skip
    p.add_argument("--vec-env", choices=VEC_ENVS, default=None,
                   help=f"step the environments all in this process (dummy) or "
                   "each in a process of its own (subproc: faster when the "
                   "opponents think, e.g. greedy, on a machine with several cores; "
                   f"the same games either way) (default: {d.vec_env})")  # fmt: skip
    p.add_argument("--n-steps", type=int_at_least(1), default=None, metavar="K",
                   help=f"steps per environment per rollout (default: {d.n_steps})")  # fmt: skip
    p.add_argument("--batch-size", type=int_at_least(1), default=None, metavar="B",
                   help=f"minibatch size (default: {d.batch_size})")  # fmt: skip
    p.add_argument("--learning-rate", type=positive_float, default=None, metavar="LR",
                   help=f"Adam's step size (default: {d.learning_rate})")  # fmt: skip
    p.add_argument("--n-epochs", type=int_at_least(1), default=None, metavar="K",
                   help=f"passes over each rollout (default: {d.n_epochs})")  # fmt: skip
    p.add_argument("--gamma", type=positive_float, default=None, metavar="G",
                   help=f"discount factor (default: {d.gamma})")  # fmt: skip
    p.add_argument("--ent-coef", type=float, default=None, metavar="C",
                   help=f"entropy bonus (default: {d.ent_coef})")  # fmt: skip
    p.add_argument("--net-arch", default=None, metavar="SIZES",
                   help="hidden layer sizes of the policy and value networks "
                   f"(default: {','.join(map(str, d.net_arch))})")  # fmt: skip
    p.add_argument("--shared-layers", default=None, metavar="SIZES",
                   help="hidden layers shared by both networks, before their "
                   "--net-arch layers; 'none' for none (default: "
                   f"{_sizes_text(d.shared_layers)})")  # fmt: skip
    p.add_argument("--eval-every", type=int_at_least(0), default=None, metavar="T",
                   help=f"steps between evaluations, 0 for none (default: "
                   f"{d.eval_every:,})")  # fmt: skip
    p.add_argument("--eval-games", type=int_at_least(1), default=None, metavar="G",
                   help=f"games per bot at each evaluation (default: {d.eval_games})")  # fmt: skip
    p.add_argument("--final-games", type=int_at_least(0), default=None, metavar="G",
                   help=f"games per bot of the final benchmark, 0 for none "
                   f"(default: {d.final_games})")  # fmt: skip
    p.add_argument("--checkpoint-rollouts", type=int_at_least(1), default=None,
                   metavar="R", help="rollouts between checkpoints (default: "
                   f"{d.checkpoint_rollouts})")  # fmt: skip
    p.add_argument("--init-from", default=None, metavar="RUN",
                   help="start from the network of another run (its folder or "
                   "model.zip) or the actor of a policy file (.npz, e.g. a "
                   "shipped model) instead of fresh weights: to fine-tune, e.g. "
                   "--no-self-play against chosen bots")  # fmt: skip
    p.add_argument("--critic-warmup", type=int_at_least(0), default=None,
                   metavar="T", help="steps at the start in which only the "
                   "critic learns: for --init-from a policy file, whose critic "
                   f"is fresh (default: {d.critic_warmup})")  # fmt: skip
    p.add_argument("--quiet", "-q", action="store_true",
                   help="no progress bar and no messages")  # fmt: skip
    p.add_argument("--algo", choices=ALGOS, default="ppo",
                   help="ppo: MaskablePPO against a league (the options above); "
                   "expert: expert iteration, the az search teaching the net; "
                   "critic: fit a critic onto the policy file --init-from; "
                   "imitate: learn a bot's play (the options below). Default: "
                   "ppo")  # fmt: skip
    from .expert_cli import add_expert_arguments

    add_expert_arguments(p)
    p.set_defaults(func=run)


#: the training algorithms `--algo` chooses from
ALGOS = ("ppo", "expert", "critic", "imitate")
_PPO = (
    "timesteps", "device", "reward", "n_envs", "vec_env", "n_steps", "gamma",
    "ent_coef", "shared_layers", "checkpoint_rollouts",
    "critic_warmup", "final_games", "no_self_play",
)  # fmt: skip
_EXPERT = (
    "generations", "selfplay_games", "search_iterations", "c_puct",
    "temperature", "noise", "league_share", "max_snapshots", "window",
    "gate_games", "gate_margin",
)  # fmt: skip
_LEARNING = ("learning_rate", "batch_size", "threads")
_EVALUATION = ("eval_every", "eval_games")
_GAMES = ("jobs", "backend", "address")
#: the options that only some algorithms take (argparse dest -> those)
_TAKEN_BY: dict[str, tuple[str, ...]] = {
    **{d: ("ppo",) for d in _PPO},
    **{d: ("expert",) for d in _EXPERT},
    **{d: ("ppo", "expert", "imitate") for d in _LEARNING},
    **{d: ("ppo", "expert") for d in _EVALUATION},
    **{d: ("expert", "critic", "imitate") for d in _GAMES},
    "resume": ("ppo", "expert"),
    "critic_games": ("critic",),
    "init_from": ("ppo", "expert", "critic"),
    "net_arch": ("ppo", "imitate"),
    "teacher": ("imitate",),
    "imitate_games": ("imitate",),
}


def _refuse_others(args: argparse.Namespace) -> None:
    """An option of another algorithm than --algo's is a mistake: say so."""
    given = [
        d
        for d, algos in _TAKEN_BY.items()
        if args.algo not in algos and getattr(args, d, None) not in (None, False)
    ]
    if given:
        flags = ", ".join("--" + d.replace("_", "-") for d in given)
        takers = sorted({a for d in given for a in _TAKEN_BY[d]})
        raise UserError(
            f"{flags}: for --algo {' or '.join(takers)}, not --algo {args.algo}; "
            f"drop {'it' if len(given) == 1 else 'them'} or pass the --algo it is for"
        )


_FLAGS = {
    "num_players": "num_players",
    "timesteps": "timesteps",
    "seed": "seed",
    "device": "device",
    "threads": "threads",
    "reward": "reward",
    "n_envs": "n_envs",
    "vec_env": "vec_env",
    "n_steps": "n_steps",
    "batch_size": "batch_size",
    "learning_rate": "learning_rate",
    "n_epochs": "n_epochs",
    "gamma": "gamma",
    "ent_coef": "ent_coef",
    "eval_every": "eval_every",
    "eval_games": "eval_games",
    "final_games": "final_games",
    "checkpoint_rollouts": "checkpoint_rollouts",
    "init_from": "init_from",
    "critic_warmup": "critic_warmup",
}


def refuse_interactive(flag: str, specs: list[str]) -> None:
    """Refuse a player that waits for a person (``human``): training plays
    thousands of games unattended, and only `scavenger play` seats a person.

    Raises:
        UserError: naming the player and the command that takes it.
    """
    from agents.tournament.plan import INTERACTIVE

    for spec in specs:
        name = spec.partition(":")[0].strip()
        if name in INTERACTIVE:
            raise UserError(
                f"{flag}: {name!r} waits for a person at the keyboard and cannot "
                "be a training opponent; give bots here (e.g. random,greedy), "
                "and play a trained policy yourself with `scavenger play "
                "--players human,ppo:model=FOLDER/policy.npz`"
            )


def checked_opponents(
    text: str, game: str, flag: str = "--opponents", num_players: int | None = None
) -> tuple[str, ...]:
    """The agent specs of `flag` (`--opponents`), each built once for `game` to
    check it; with `num_players`, an agent that can say whether it plays that
    game (`ppo`: is a model shipped for it?) is asked too, so a run is refused
    before its first game rather than failing in it.

    Raises:
        UserError: a player that waits for a person, or a bad spec.
    """
    from agents.registry import AgentSpecError, make_agent
    from agents.tournament.plan import split_players
    from scavenger_env.core.games import get_game

    specs = split_players(text)
    refuse_interactive(flag, specs)
    for spec in specs:
        try:
            agent = make_agent(spec, game=game)
            check_game = getattr(agent, "check_game", None)
            if check_game is not None and num_players is not None:
                check_game(get_game(game).name, num_players)
        except (AgentSpecError, ValueError) as err:
            raise UserError(f"{flag}: {err}") from None
    return tuple(specs)


def _asked(args: argparse.Namespace, game: str) -> dict[str, Any]:
    """The settings given on the command line (None: not given); `game` is the
    run's game, for checking `--opponents`."""
    asked = {field: getattr(args, flag) for flag, field in _FLAGS.items()}
    asked["game"] = args.game
    if args.opponents is not None:
        asked["opponents"] = checked_opponents(
            args.opponents, game, num_players=args.num_players
        )
    if args.no_self_play:
        asked["self_play"] = False
    if args.net_arch is not None:
        asked["net_arch"] = _sizes("--net-arch", args.net_arch, allow_none=False)
    if args.shared_layers is not None:
        asked["shared_layers"] = _sizes("--shared-layers", args.shared_layers)
    return {k: v for k, v in asked.items() if v is not None}


def _sizes_text(sizes: tuple[int, ...]) -> str:
    return ",".join(map(str, sizes)) or "none"


def _sizes(flag: str, text: str, allow_none: bool = True) -> tuple[int, ...]:
    """Layer sizes from `64,64` (or `none`, where no layers are allowed)."""
    if allow_none and text.strip().lower() == "none":
        return ()
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise UserError(f"{flag} {text!r}: give sizes like 64,64") from None
    if not sizes or min(sizes) < 1:
        raise UserError(f"{flag} {text!r}: sizes must be positive")
    return sizes


def run(args: argparse.Namespace) -> int:
    _require(TRAIN_MODULES)
    _refuse_others(args)
    if args.algo == "expert":
        from .expert_cli import run_expert

        return run_expert(args)
    if args.algo == "critic":
        from .expert_cli import run_critic

        return run_critic(args)
    if args.algo == "imitate":
        from .expert_cli import run_imitate

        return run_imitate(args)
    from scavenger_env.core.errors import ConfigError

    from .run import TrainingError, train
    from .settings import TrainSettings, load_settings

    folder = Path(args.output)
    try:
        if args.resume and folder.is_dir():
            base = load_settings(folder)  # a --game unlike the run's is refused
        else:  # the game first: its default league depends on it
            base = TrainSettings(game=args.game or TrainSettings.game)
        asked = _asked(args, game=args.game or base.game)
        settings = dataclasses.replace(base, **asked)
        say = (lambda _msg: None) if args.quiet else _say
        train(settings, folder, resume=args.resume, progress=not args.quiet, say=say)
    except (ConfigError, TrainingError) as err:
        raise UserError(str(err)) from None
    except KeyboardInterrupt:
        print(
            f"\ninterrupted: resume with scavenger train --output {folder} --resume",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    return EXIT_OK


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# -- scavenger bench train ---------------------------------------------------------


def add_bench_command(targets: Any) -> None:
    """Add the `train` target to `scavenger bench`."""
    from .settings import VEC_ENVS

    b = targets.add_parser(
        "train",
        help="learner steps/s: the adapter alone and MaskablePPO training",
        description="Learner steps/s of the single-agent environment with random "
        "masked actions, and of MaskablePPO training at the default settings of "
        "`scavenger train` (16 environments in one process, batch 512, 10 epochs, "
        "two torch threads) or the network, threads and vec env given, for 2 players "
        "against random and against greedy (Hewns: prospector), in one run; each training figure with "
        "its ratio to the adapter's random-play rate against the same opponent. "
        "With --algo expert: expert iteration's self-play (az searching in every "
        "seat, fresh 64x64 net, one process) in environment steps/s, searched "
        "decisions/s and search iterations/s, and its fit in samples/s.",
    )
    add_game_option(b)
    b.add_argument("--algo", choices=("ppo", "expert"), default="ppo",
                   help="what to measure: MaskablePPO (default) or expert iteration")  # fmt: skip
    b.add_argument("--games", type=int_at_least(1), default=None, metavar="N",
                   help="--algo expert: self-play games to time (default: 2)")  # fmt: skip
    b.add_argument("--search-iterations", type=int_at_least(1), default=None,
                   metavar="K", help="--algo expert: az iterations a decision "
                   "(default: 64, as `scavenger train --algo expert`)")  # fmt: skip
    b.add_argument("--opponents", default=None, metavar="SPECS",
                   help="opponents, one measurement each (default: the first two "
                   "of the game's training league: random,greedy; for hewns "
                   "random,prospector)")  # fmt: skip
    b.add_argument("--steps", type=int_at_least(1000), default=20_480, metavar="T",
                   help="training steps per measurement (default: 20,480)")  # fmt: skip
    b.add_argument("--seconds", type=positive_float, default=5.0, metavar="S",
                   help="seconds of random play per adapter measurement (default: 5)")  # fmt: skip
    b.add_argument("--net-arch", default=None, metavar="SIZES",
                   help="as for `scavenger train` (default: its default)")  # fmt: skip
    b.add_argument("--shared-layers", default=None, metavar="SIZES",
                   help="as for `scavenger train` (default: its default)")  # fmt: skip
    b.add_argument("--threads", type=int_at_least(1), default=None, metavar="N",
                   help="as for `scavenger train` (default: its default)")  # fmt: skip
    b.add_argument("--vec-env", choices=VEC_ENVS, default=None,
                   help="as for `scavenger train` (default: its default)")  # fmt: skip
    add_json_flag(b)
    b.set_defaults(func=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    _require(LEARNER_MODULES)
    import json

    from agents.tournament.plan import split_players

    from .bench import bench_train, format_bench
    from .settings import default_opponents

    if args.algo == "expert":
        return _bench_expert(args)
    for flag in ("games", "search_iterations"):
        if getattr(args, flag) is not None:
            raise UserError(
                f"--{flag.replace('_', '-')}: for --algo expert, not --algo ppo; "
                "drop it or pass --algo expert"
            )
    changes: dict[str, Any] = {}
    if args.net_arch is not None:
        changes["net_arch"] = _sizes("--net-arch", args.net_arch, allow_none=False)
    if args.shared_layers is not None:
        changes["shared_layers"] = _sizes("--shared-layers", args.shared_layers)
    if args.threads is not None:
        changes["threads"] = args.threads
    if args.vec_env is not None:
        changes["vec_env"] = args.vec_env
    given = args.opponents
    if given is None:
        given = ",".join(default_opponents(args.game)[:2])
    opponents = split_players(given)
    refuse_interactive("--opponents", opponents)
    rows = bench_train(
        game=args.game,
        opponents=opponents,
        steps=args.steps,
        seconds=args.seconds,
        changes=changes,
    )
    print(json.dumps(rows) if args.json else format_bench(rows))
    return EXIT_OK


def _bench_expert(args: argparse.Namespace) -> int:
    import json

    from .bench import expert_rates, format_expert

    ppo_only = [
        flag
        for flag in ("opponents", "net_arch", "shared_layers", "vec_env")
        if getattr(args, flag) is not None
    ]
    if ppo_only:
        flags = ", ".join("--" + f.replace("_", "-") for f in ppo_only)
        raise UserError(f"{flags}: for --algo ppo, not --algo expert; drop it")
    row = expert_rates(
        args.game,
        games=args.games or 2,
        iterations=args.search_iterations or 64,
        threads=args.threads or 1,
    )
    print(json.dumps([row]) if args.json else format_expert(row))
    return EXIT_OK
