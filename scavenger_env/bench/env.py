"""Environment speed: the AEC loop over a game against its floor, one core, in-process.

Used by ``scavenger bench env``. One run measures, with the loop a user writes
(``agent_iter``, ``last``, a uniformly random legal action from the mask, ``step``):

* the game's environment (built by ``game.env_entry_point``), bare (``raw_env``,
  its ``unwrapped``) and wrapped (``env()``), decisions/s with every player count
  (2, 3 and 4 for Cave-In);
* the null-AEC floor (:mod:`scavenger_env.bench.null_env`) with the game's space
  sizes, bare and wrapped;
* where installed, PettingZoo's classic ``leduc_holdem_v4``,
  ``texas_holdem_no_limit_v6`` and ``connect_four_v3`` as anchors.

The measurements are interleaved: the run is split into rounds, every round
measures every figure for a slice of the time, and the null floor is measured once
more after the last round; each figure is the mean of its slices. So a slow spell
of the machine hits our figures and the floor alike, and the ratios
(``raw_ratio`` = ``raw_env`` ÷ bare floor, ``wrapped_ratio`` = ``env()`` ÷ wrapped
floor, both with the game's fewest players: 2) are the figures to compare between
machines.
"""

from __future__ import annotations

import importlib
import platform
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any

from pettingzoo import AECEnv

from scavenger_env.bench.engine import player_counts_of, short_title
from scavenger_env.bench.null_env import (
    NullEnv,
    decisions_per_second,
    wrapped_null_env,
)
from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, get_game

__all__ = [
    "ANCHORS",
    "GOAL_RATIO",
    "EnvBenchResult",
    "bench_env",
    "env_maker",
    "format_env_table",
    "load_anchor",
]

ANCHORS = ("leduc_holdem_v4", "texas_holdem_no_limit_v6", "connect_four_v3")
"""PettingZoo classic games measured alongside ours when they can be imported."""

GOAL_RATIO = 0.5
"""The project's speed goal for both ratios (the docs: guides/speed.md)."""

_SEED_STRIDE = 1_000_000  # slice k of a figure deals games from seed + k * stride


@dataclass(frozen=True)
class EnvBenchResult:
    """Environment benchmark figures, all in decisions per second unless noted.

    Attributes:
        raw_ratio: ``raw_env`` with the fewest players ÷ the bare null floor.
        wrapped_ratio: ``env()`` with the fewest players ÷ the wrapped null floor.
        decisions_per_s: ``{"raw": {"2":, "3":, "4":}, "wrapped": {...}}``.
        null_floor: ``{"bare":, "wrapped":}``.
        anchors: PettingZoo classic game -> decisions/s of its ``env()``, or
            ``None`` where it cannot be imported (``pip install
            "pettingzoo[classic]"``).
        anchor_ratios: the same ÷ the wrapped null floor (``None`` if missing).
        seconds: seconds of measurement per figure.
        rounds: how many interleaved slices each figure is split into.
        python: the Python version.
    """

    raw_ratio: float
    wrapped_ratio: float
    decisions_per_s: dict[str, dict[str, float]]
    null_floor: dict[str, float]
    anchors: dict[str, float | None]
    anchor_ratios: dict[str, float | None]
    seconds: float
    rounds: int
    python: str

    def to_dict(self) -> dict[str, Any]:
        """The figures as a JSON-safe dict with the attribute names as keys."""
        return asdict(self)


def load_anchor(name: str) -> Callable[[], AECEnv] | None:
    """The ``env`` constructor of ``pettingzoo.classic.<name>``, or None if missing.

    PettingZoo deprecates importing the modules directly in favour of its registry
    (which would hide a missing dependency behind its own error type), and some of
    the games warn about their own spaces when built; those warnings are not ours
    and are silenced here, for the import and for building the environment.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module = importlib.import_module(f"pettingzoo.classic.{name}")
    except ImportError:
        return None

    def build() -> AECEnv:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            made: AECEnv = module.env()
        return made

    return build


def env_maker(game: Game) -> Callable[..., AECEnv]:
    """The game's wrapped-environment constructor, named by ``game.env_entry_point``
    ("module:attribute"), as PettingZoo's registry would build it."""
    module, _, attribute = game.env_entry_point.partition(":")
    maker: Callable[..., AECEnv] = getattr(importlib.import_module(module), attribute)
    return maker


def bench_env(
    seconds: float = 1.0,
    rounds: int = 3,
    seed: int = 0,
    player_counts: Sequence[int] | None = None,
    anchors: Sequence[str] = ANCHORS,
    game: str | Game = DEFAULT_GAME,
    options: Mapping[str, Any] | None = None,
) -> EnvBenchResult:
    """Measure every figure for ``seconds`` in all, in ``rounds`` interleaved slices.

    Args:
        seconds: Measurement time per figure (each slice plays whole games, so a
            slice can run over by up to one game).
        rounds: Slices per figure; the null floor gets one more, after the rest.
        seed: Games are dealt from ``seed`` on (see ``decisions_per_second``).
        player_counts: Player counts of ours to measure (default: all the game
            allows); must include the fewest (the ratios are taken there).
        anchors: Names of PettingZoo classic modules to measure where installed.
        game: The game (or its registered name).
        options: Rules options of the game (config fields other than the player
            count), e.g. ``{"cards": "core"}``; default: the rulebook.
    """
    game = get_game(game)
    chosen = dict(options or {})
    fewest = game.min_players
    if player_counts is None:
        player_counts = player_counts_of(game)
    if fewest not in player_counts:
        raise ValueError(
            f"player_counts must include {fewest}: the ratios are taken there"
        )
    rounds = max(1, int(rounds))
    slice_s = seconds / rounds

    # One environment per figure, built once: construction is not measured.
    make = env_maker(game)
    subjects: dict[str, AECEnv] = {}
    for n in player_counts:
        subjects[f"raw/{n}"] = make(num_players=n, **chosen).unwrapped
        subjects[f"wrapped/{n}"] = make(num_players=n, **chosen)
    loaded: dict[str, float | None] = {}
    for name in anchors:
        constructor = load_anchor(name)
        if constructor is None:
            loaded[name] = None
        else:
            subjects[f"anchor/{name}"] = constructor()
    sizes = {"obs_size": game.observation_size, "num_actions": game.env_actions}
    floors = {"bare": NullEnv(**sizes), "wrapped": wrapped_null_env(**sizes)}

    samples: dict[str, list[float]] = {key: [] for key in (*floors, *subjects)}

    def measure(key: str, env: AECEnv, k: int) -> None:
        samples[key].append(decisions_per_second(env, slice_s, seed + k * _SEED_STRIDE))

    for k in range(rounds):
        for key, env in floors.items():
            measure(key, env, k)
        for key, env in subjects.items():
            measure(key, env, k)
    for key, env in floors.items():  # and once more after the last round
        measure(key, env, rounds)

    rates = {key: fmean(values) for key, values in samples.items()}
    floor = {"bare": rates["bare"], "wrapped": rates["wrapped"]}
    per_count = {
        "raw": {str(n): rates[f"raw/{n}"] for n in player_counts},
        "wrapped": {str(n): rates[f"wrapped/{n}"] for n in player_counts},
    }
    anchor_rates: dict[str, float | None] = {}
    for name in anchors:
        anchor_rates[name] = loaded.get(name, rates.get(f"anchor/{name}"))
    return EnvBenchResult(
        raw_ratio=per_count["raw"][str(fewest)] / floor["bare"],
        wrapped_ratio=per_count["wrapped"][str(fewest)] / floor["wrapped"],
        decisions_per_s=per_count,
        null_floor=floor,
        anchors=anchor_rates,
        anchor_ratios={
            name: None if rate is None else rate / floor["wrapped"]
            for name, rate in anchor_rates.items()
        },
        seconds=seconds,
        rounds=rounds,
        python=platform.python_version(),
    )


def format_env_table(result: EnvBenchResult, game: str | Game = DEFAULT_GAME) -> str:
    """A readable table of ``result`` (measured on ``game``) for the terminal."""
    counts = list(result.decisions_per_s["raw"])
    fewest = min(counts, key=int)
    floor = result.null_floor
    lines = [
        f"{short_title(get_game(game))} environment: random legal play "
        "through the AEC loop, one core "
        f"(Python {result.python}, {result.seconds:g} s per figure "
        f"in {result.rounds} interleaved rounds)",
        "",
        f"{'decisions/s':<16}" + "".join(f"{n + ' players':>13}" for n in counts),
    ]
    for label, key in (("raw_env", "raw"), ("env()", "wrapped")):
        row = result.decisions_per_s[key]
        lines.append(f"{label:<16}" + "".join(f"{row[n]:>13,.0f}" for n in counts))
    lines += [
        "",
        f"null AEC floor: bare {floor['bare']:,.0f}/s, wrapped {floor['wrapped']:,.0f}/s",
        f"{fewest} players ÷ floor: raw_env {result.raw_ratio:.3f}, "
        f"env() {result.wrapped_ratio:.3f} (goal ≥ {GOAL_RATIO:g} each)",
        "",
        "PettingZoo classic anchors, env(), decisions/s (÷ wrapped floor):",
    ]
    width = max((len(name) for name in result.anchors), default=0)
    for name, rate in result.anchors.items():
        if rate is None:
            lines.append(
                f'  {name:<{width}}  not installed (pip install "pettingzoo[classic]")'
            )
        else:
            ratio = result.anchor_ratios[name]
            lines.append(f"  {name:<{width}}  {rate:>10,.0f}  ({ratio:.3f})")
    return "\n".join(lines)
