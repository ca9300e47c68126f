"""Measuring a policy against the scripted bots through the tournament code.

Every measurement is a tournament (`agents.tournament`): seats rotated, each deal
played in every seating, records and the usual report in its folder. With two
players the policy meets each bot alone (one tournament per bot); with more, it
sits at a table of scripted bots, the field.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.stats import wilson_interval
from agents.tournament import make_plan, run_tournament


@dataclass(frozen=True)
class Result:
    """The policy's record in one tournament."""

    opponent: str
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def as_row(self, step: int) -> dict[str, Any]:
        low, high = self.interval
        return {
            "step": step,
            "opponent": self.opponent,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "ci_low": round(low, 4),
            "ci_high": round(high, 4),
        }


def tag(name: str) -> str:
    """An agent spec as a folder or log tag (no ':' or '=')."""
    return name.replace(":", "_").replace("=", "-")


def policy_spec(path: Path) -> str:
    """The `ppo` agent spec that plays the policy file at `path`."""
    return f"ppo:model={Path(path).resolve()}"


def _matchups(bots: list[str], num_players: int) -> list[tuple[str, list[str]]]:
    """(label, the bots at the table) per tournament to play."""
    if num_players == 2:
        return [(bot, [bot]) for bot in bots]
    # the first N - 1 bots (repeated when there are fewer): every game is the
    # policy against N - 1 scripted players
    return [("field", [bots[i % len(bots)] for i in range(num_players - 1)])]


def measure(
    policy_path: Path,
    bots: list[str],
    *,
    game: str,
    num_players: int,
    games: int,
    seed: int,
    folder: Path,
    jobs: int | None = None,
    progress: bool = False,
    spec: str | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[Result]:
    """Play the policy against `bots`; one tournament folder per matchup under
    `folder` (a rerun into the same folder resumes it). `spec`: how the policy
    plays (default: `ppo` on the file; expert iteration passes an `az` spec);
    `backend`/`address`: where the games run (`agents.backends`)."""
    jobs = jobs or min(2, os.cpu_count() or 1)
    spec = spec or policy_spec(policy_path)
    results = []
    for label, field in _matchups(bots, num_players):
        plan = make_plan([spec, *field], num_players, games=games, seed=seed, game=game)
        where = folder / f"vs-{tag(label)}"
        run_tournament(
            plan, where, jobs=jobs, progress=progress, backend=backend, address=address
        )
        results.append(_policy_record(where, label, spec))
    return results


def _policy_record(where: Path, label: str, spec: str) -> Result:
    summary = json.loads((where / "summary.json").read_text())
    for player in summary["players"]:
        if player["player"] == spec or player["player"].startswith(spec):
            return Result(label, player["games"], player["wins"])
    raise RuntimeError(f"{where}: the policy {spec} is not in the summary")
