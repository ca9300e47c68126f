"""The run's CSV logs: `training.csv` (a row per rollout), `league.csv` (a row per
member per rollout) and `eval.csv` (a row per evaluation matchup).

Every row starts with the learner's step count. A resumed run first drops the
rows past its checkpoint (written by the part of the run that is replayed), so a
log reads as one uninterrupted run.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from scavenger_env.core.records import atomic_output

TRAINING_CSV = "training.csv"
LEAGUE_CSV = "league.csv"
EVAL_CSV = "eval.csv"

TRAINING_COLUMNS = (
    "step",
    "wall_s",
    "steps_per_s",
    "episodes",
    "ep_len_mean",
    "ep_reward_mean",
    "win_rate",
    "pool_size",
    "entropy_loss",
    "policy_gradient_loss",
    "value_loss",
    "approx_kl",
    "clip_fraction",
    "explained_variance",
    "learning_rate",
)
LEAGUE_COLUMNS = ("step", "opponent", "games", "recent_games", "win_rate", "weight")
EVAL_COLUMNS = ("step", "opponent", "games", "wins", "win_rate", "ci_low", "ci_high")


class CsvLog:
    """One CSV file with fixed columns, appended to row by row (flushed)."""

    def __init__(self, path: Path, columns: Sequence[str]) -> None:
        self.path = path
        self.columns = tuple(columns)
        if not path.exists() or path.stat().st_size == 0:
            with path.open("w", newline="") as f:
                csv.writer(f).writerow(self.columns)

    def write(self, row: dict[str, Any]) -> None:
        with self.path.open("a", newline="") as f:
            csv.writer(f).writerow([_cell(row.get(c)) for c in self.columns])

    def truncate_after(self, step: int) -> None:
        """Drop the rows whose step is past `step` (and a cut-off last line)."""
        if not self.path.exists():
            return
        with self.path.open(newline="") as f:
            rows = list(csv.reader(f))
        kept = [self.columns]
        for row in rows[1:]:
            if len(row) != len(self.columns):
                continue
            try:
                if int(row[0]) <= step:
                    kept.append(tuple(row))
            except ValueError:
                continue
        with atomic_output(self.path) as out:
            csv.writer(out).writerows(kept)


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (float, np.floating)):
        # numpy's float32 too (SB3's losses), else a resumed run, which gets them
        # back from its checkpoint as floats, would write them otherwise
        return f"{float(value):.6g}"
    return value


def read_csv(path: Path) -> list[dict[str, str]]:
    """A log's rows as dicts (for plots and tests)."""
    with path.open(newline="") as f:
        return list(csv.DictReader(f))
