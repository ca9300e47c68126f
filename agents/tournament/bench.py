"""How fast tournaments run: games/s with one worker and with two, interleaved.

The project's speed goal for 2-player `random` tournaments is 100 games/s on one
core and 1.8 times that with ``--jobs 2``. Runs alternate (1 job, 2 jobs, 1 job, ...)
so that a machine busy for a while slows both sides alike; the speed counts the
playing time only (``RunResult.elapsed``: no start-up, no statistics), and each run
writes to a fresh temporary folder.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME

from .plan import make_plan
from .runner import run_tournament

__all__ = ["TournamentBench", "bench_tournament", "format_tournament_bench"]


@dataclass
class TournamentBench:
    """Games/s of each run, per number of jobs, and what they add up to."""

    players: str
    num_players: int
    games: int
    runs: dict[int, list[float]]
    isolation: str = "none"

    def median(self, jobs: int) -> float:
        return statistics.median(self.runs[jobs])

    def ratio(self, jobs: int) -> float:
        """Median games/s with `jobs` workers over the median with the fewest."""
        return self.median(jobs) / self.median(min(self.runs))

    def to_dict(self) -> dict[str, object]:
        out = asdict(self)
        out["runs"] = {str(j): [round(x, 1) for x in v] for j, v in self.runs.items()}
        out["median"] = {str(j): round(self.median(j), 1) for j in self.runs}
        out["ratio"] = {str(j): round(self.ratio(j), 3) for j in self.runs}
        return out


def bench_tournament(
    games: int = 400,
    rounds: int = 3,
    jobs: Sequence[int] = (1, 2),
    players: str = "random,random",
    num_players: int = 2,
    seed: int = 7,
    game: Game | str = DEFAULT_GAME,
    isolation: str = "none",
) -> TournamentBench:
    """Play the same tournament of `game` `rounds` times for each entry of `jobs`,
    interleaved; `isolation` as `run_tournament` takes it."""
    if games < 1 or rounds < 1 or not jobs or min(jobs) < 1:
        raise ValueError("bench_tournament needs games, rounds and jobs of at least 1")
    plan = make_plan(players, num_players, games=games, seed=seed, game=game)
    runs: dict[int, list[float]] = {j: [] for j in jobs}
    for _ in range(rounds):
        for j in jobs:
            folder = tempfile.mkdtemp(prefix="scavenger-bench-")
            try:
                result = run_tournament(
                    plan, folder, jobs=j, outputs=False, isolation=isolation
                )
            finally:
                shutil.rmtree(folder, ignore_errors=True)
            runs[j].append(result.games_per_s)
    return TournamentBench(players, num_players, plan.games, runs, isolation)


def format_tournament_bench(bench: TournamentBench) -> str:
    """A short table: runs, median games/s and the speed-up over one job."""
    lines = [
        f"tournament {bench.players}, {bench.num_players} players, "
        f"{bench.games} games a run (playing time only), isolation "
        f"{bench.isolation}",
        f"{'jobs':>4}  {'median games/s':>14}  {'speed-up':>8}  runs (games/s)",
    ]
    for j, values in bench.runs.items():
        shown = ", ".join(f"{v:.0f}" for v in values)
        lines.append(
            f"{j:>4}  {bench.median(j):>14.1f}  {bench.ratio(j):>7.2f}x  {shown}"
        )
    if bench.players == "random,random" and bench.isolation == "none":
        lines.append("Goal: 100 games/s with 1 job, 1.8x that with 2 jobs.")
    return "\n".join(lines)
