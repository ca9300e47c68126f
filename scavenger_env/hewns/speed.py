"""Hewns against its speed targets, one core, in-process: ``python -m
scavenger_env.hewns.speed``.

Uses the shared benchmarks (`scavenger_env.bench`) with the Hewns game object
itself, so it runs before Hewns is in the game registry. The targets, for the
compiled build (`pip install .`):

* random play of the engine: at least 20,000 decisions/s with 2 players,
  counted as ``scavenger bench engine`` counts every game (every applied action,
  chance outcomes included);
* the bare environment (``raw_env``) at least 0.15 of the null-AEC floor;
* a whole random 4-player game in under 0.5 s.

Every figure comes from one run; absolute figures depend on the machine.
"""

from __future__ import annotations

import argparse
import platform
import time

from scavenger_env.bench.engine import bench_engine
from scavenger_env.bench.env import bench_env
from scavenger_env.core.build import build_description, module_files
from scavenger_env.core.simulate import play_random_game

from .game import HEWNS

DECISIONS_TARGET = 20_000
"""Engine decisions/s with 2 players, compiled build."""
RAW_RATIO_TARGET = 0.15
"""``raw_env`` ÷ the bare null-AEC floor, 2 players, compiled build."""
GAME_4P_TARGET_S = 0.5
"""Seconds for one whole random 4-player game, compiled build."""

ENGINE_MODULES = (
    "scavenger_env.hewns.engine.rules",
    "scavenger_env.hewns.engine.flow",
    "scavenger_env.hewns.observation",
)
"""Modules whose files say which build of Hewns runs."""


def four_player_game_seconds(games: int, seed: int = 0) -> tuple[float, float]:
    """Mean and slowest seconds of `games` whole random 4-player games."""
    config = HEWNS.make_config(4)
    times: list[float] = []
    for i in range(games):
        start = time.perf_counter()
        play_random_game(HEWNS, config, seed + i)
        times.append(time.perf_counter() - start)
    return sum(times) / len(times), max(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per figure")
    parser.add_argument("--games", type=int, default=200, help="4-player games timed")
    args = parser.parse_args(argv)

    build = build_description(module_files(ENGINE_MODULES))
    print(f"Hewns speed: {build}; Python {platform.python_version()}")
    engine = bench_engine(seconds=args.seconds, game=HEWNS, clone_states=600)
    env = bench_env(seconds=args.seconds, rounds=3, game=HEWNS, anchors=())
    mean_s, worst_s = four_player_game_seconds(args.games)

    print("engine, random play (decisions/s, chance outcomes counted):")
    for n, rate in engine.decisions_per_s.items():
        print(
            f"  {n} players: {rate:10,.0f}/s  "
            f"({engine.decisions_per_game[n]:.0f} decisions a game, "
            f"{engine.games_per_s[n]:.0f} games/s)"
        )
    print(f"  clone: {engine.clone_us:.1f} us")
    print("raw_env (decisions/s):")
    for n, rate in env.decisions_per_s["raw"].items():
        print(f"  {n} players: {rate:10,.0f}/s")
    print(f"null-AEC floor (bare): {env.null_floor['bare']:,.0f}/s")
    print(
        f"4-player game: {mean_s * 1000:.1f} ms mean, {worst_s * 1000:.1f} ms slowest"
    )
    checks = [
        ("engine, 2 players", engine.decisions_per_s["2"], DECISIONS_TARGET, True),
        ("raw_env / null floor", env.raw_ratio, RAW_RATIO_TARGET, True),
        ("4-player game, slowest (s)", worst_s, GAME_4P_TARGET_S, False),
    ]
    print("targets (compiled build):")
    met = True
    for name, value, target, at_least in checks:
        ok = value >= target if at_least else value < target
        met = met and ok
        sign = ">=" if at_least else "<"
        print(f"  {name}: {value:,.3f} {sign} {target:,} {'ok' if ok else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
