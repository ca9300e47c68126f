"""Engine speed of any game: random legal play and state cloning, one core,
in-process.

Used by ``scavenger bench engine``. Every figure comes from the same run, so ratios
between them are meaningful; absolute figures depend on the machine.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, get_game
from scavenger_env.core.simulate import play_random_game

__all__ = [
    "EngineBenchResult",
    "bench_engine",
    "format_engine_table",
    "player_counts_of",
    "short_title",
]


@dataclass(frozen=True)
class EngineBenchResult:
    """Engine benchmark figures; the per-count dicts are keyed by the player count
    (``"2"``, ``"3"``, ``"4"`` for Cave-In).

    Attributes:
        decisions_per_s: Engine decisions (applied actions) per second.
        games_per_s: Complete games (set-up included) per second.
        decisions_per_game: Mean decisions per game.
        turns_per_game: Mean turns per game, all players together.
        clone_us: Mean ``game.clone()`` time in microseconds over mid-game states
            of all player counts (best of several passes).
    """

    decisions_per_s: dict[str, float]
    games_per_s: dict[str, float]
    decisions_per_game: dict[str, float]
    turns_per_game: dict[str, float]
    clone_us: float

    def to_dict(self) -> dict[str, Any]:
        """The figures as a JSON-safe dict with the attribute names as keys."""
        return asdict(self)


def player_counts_of(game: Game) -> tuple[int, ...]:
    """Every player count the game allows, fewest first."""
    return tuple(range(game.min_players, game.max_players + 1))


def short_title(game: Game) -> str:
    """The game's title without its series ("Star Scrappers: Cave-In" -> "Cave-In")."""
    return game.title.rpartition(": ")[2]


def bench_engine(
    seconds: float = 2.0,
    player_counts: Sequence[int] | None = None,
    seed: int = 0,
    clone_states: int = 2000,
    clone_passes: int = 5,
    game: str | Game = DEFAULT_GAME,
    options: Mapping[str, Any] | None = None,
) -> EngineBenchResult:
    """Measure random legal play for each player count, then ``game.clone()``.

    Args:
        seconds: Time spent playing games per player count (at least one game is
            always played).
        player_counts: The player counts to measure (default: every count the
            game allows).
        seed: Game ``i`` of each player count uses set-up seed ``seed + i``.
        clone_states: How many mid-game states to time ``clone()`` on.
        clone_passes: Passes over those states; the fastest pass is reported.
        game: The game (or its registered name).
        options: Rules options of the game (config fields other than the player
            count), e.g. ``{"cards": "core"}``; default: the rulebook.
    """
    game = get_game(game)
    if player_counts is None:
        player_counts = player_counts_of(game)
    chosen = dict(options or {})
    decisions_per_s: dict[str, float] = {}
    games_per_s: dict[str, float] = {}
    decisions_per_game: dict[str, float] = {}
    turns_per_game: dict[str, float] = {}
    for n in player_counts:
        config = game.make_config(n, **chosen)
        games = decisions = turns = 0
        start = time.perf_counter()
        while True:
            state, actions = play_random_game(game, config, seed + games)
            games += 1
            decisions += len(actions)
            turns += game.turns(state)
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        key = str(n)
        decisions_per_s[key] = decisions / elapsed
        games_per_s[key] = games / elapsed
        decisions_per_game[key] = decisions / games
        turns_per_game[key] = turns / games
    pool = _mid_game_states(game, player_counts, seed, clone_states, chosen)
    return EngineBenchResult(
        decisions_per_s=decisions_per_s,
        games_per_s=games_per_s,
        decisions_per_game=decisions_per_game,
        turns_per_game=turns_per_game,
        clone_us=_time_clones(game, pool, clone_passes) * 1e6,
    )


def _mid_game_states(
    game: Game,
    player_counts: Sequence[int],
    seed: int,
    count: int,
    options: Mapping[str, Any],
) -> list[Any]:
    """About ``count`` states spread over whole games, player counts in turn."""
    per_count = max(1, count // max(1, len(player_counts)))
    pool: list[Any] = []
    for n in player_counts:
        config = game.make_config(n, **options)
        taken = 0
        played = 0
        while taken < per_count:
            _, actions = play_random_game(game, config, seed + played)
            played += 1
            # Replay the game, keeping a copy of every few states, so the pool
            # covers the start, middle and end of games alike.
            stride = max(1, len(actions) // 50)
            state = game.new_game(config, seed + played - 1)
            for i, action in enumerate(actions):
                if i % stride == 0 and taken < per_count:
                    pool.append(game.clone(state))
                    taken += 1
                game.apply_action(state, action)
    return pool


def _time_clones(game: Game, pool: Sequence[Any], passes: int) -> float:
    """Seconds per ``clone()``: the fastest of ``passes`` passes over ``pool``."""
    clone = game.clone
    best = float("inf")
    for _ in range(max(1, passes)):
        start = time.perf_counter()
        for state in pool:
            clone(state)
        best = min(best, (time.perf_counter() - start) / len(pool))
    return best


def format_engine_table(
    result: EngineBenchResult, seconds: float, game: str | Game = DEFAULT_GAME
) -> str:
    """A readable table of ``result`` (measured on ``game``) for the terminal."""
    lines = [
        f"{short_title(get_game(game))} engine: random legal play, one core "
        f"(Python {platform.python_version()}, {seconds:g} s per player count)",
        "",
        f"{'players':>7}  {'decisions/s':>12}  {'games/s':>9}  "
        f"{'decisions/game':>14}  {'turns/game':>10}",
    ]
    for key in result.decisions_per_s:
        lines.append(
            f"{key:>7}  {result.decisions_per_s[key]:>12,.0f}  "
            f"{result.games_per_s[key]:>9,.1f}  "
            f"{result.decisions_per_game[key]:>14,.1f}  "
            f"{result.turns_per_game[key]:>10,.1f}"
        )
    lines += ["", f"state.clone(): {result.clone_us:,.1f} µs per mid-game state"]
    return "\n".join(lines)
