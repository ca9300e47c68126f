"""The league: the learner's opponents, sampled by prioritised fictitious self-play.

Members are the scripted bots and frozen snapshots of the learner. Each member
keeps the learner's recent results against it (the last `window` games); its
estimated win rate `p` is (wins + 1) / (games + 2), so an unplayed member counts
as an even match. Opponents are drawn with weight (1 - p)², floored at `floor`:
the members the learner beats least are played most, and none is forgotten
(prioritised fictitious self-play, "hard" weighting).

A snapshot of the learner joins when the learner wins at least `threshold` of
its recent games against every member, with at least `min_games` against each;
then the oldest snapshot leaves if there are more than `max_snapshots`.

The whole league is plain data (`state_dict`), saved in every checkpoint.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class Member:
    """One opponent of the league."""

    name: str
    #: a scripted bot's agent spec, or None for a snapshot
    spec: str | None = None
    #: a snapshot's policy file, relative to the run folder
    path: str | None = None
    #: the learner's step count when it joined
    joined: int = 0
    results: deque[int] = field(default_factory=deque)
    games: int = 0

    @property
    def is_snapshot(self) -> bool:
        return self.path is not None


class League:
    """The opponents and their results (see the module docstring)."""

    def __init__(
        self,
        scripted: list[str],
        *,
        window: int = 200,
        threshold: float = 0.6,
        min_games: int = 40,
        max_snapshots: int = 6,
        floor: float = 0.02,
    ) -> None:
        self.window = window
        self.threshold = threshold
        self.min_games = min_games
        self.max_snapshots = max_snapshots
        self.floor = floor
        from agents.registry import player_name

        self.members = [
            Member(player_name(spec), spec=spec, results=deque(maxlen=window))
            for spec in scripted
        ]
        self.snapshots_made = 0

    # -- results and weights ---------------------------------------------------

    def member(self, name: str) -> Member | None:
        for m in self.members:
            if m.name == name:
                return m
        return None

    def record(self, name: str, won: bool) -> None:
        """The learner's result against `name` (a member that left is ignored)."""
        m = self.member(name)
        if m is not None:
            m.results.append(1 if won else 0)
            m.games += 1

    def win_rate(self, m: Member) -> float:
        """The learner's estimated recent win rate against `m`."""
        return (sum(m.results) + 1) / (len(m.results) + 2)

    def weights(self) -> np.ndarray:
        """Each member's draw weight (normalised): hard opponents more often."""
        w = np.array(
            [max((1 - self.win_rate(m)) ** 2, self.floor) for m in self.members]
        )
        return w / w.sum()

    # -- snapshots -----------------------------------------------------------------

    def ready_for_snapshot(self) -> bool:
        """Does the learner beat every member often enough to freeze a copy?"""
        return all(
            len(m.results) >= self.min_games
            and sum(m.results) / len(m.results) >= self.threshold
            for m in self.members
        )

    def next_snapshot_name(self) -> str:
        return f"snapshot-{self.snapshots_made + 1}"

    def add_snapshot(self, name: str, path: str, step: int) -> Member | None:
        """Add a snapshot; returns the snapshot that left to make room, if any."""
        self.snapshots_made += 1
        self.members.append(
            Member(name, path=path, joined=step, results=deque(maxlen=self.window))
        )
        snaps = [m for m in self.members if m.is_snapshot]
        if len(snaps) > self.max_snapshots:
            self.members.remove(snaps[0])
            return snaps[0]
        return None

    # -- saving ---------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        return {
            "window": self.window,
            "threshold": self.threshold,
            "min_games": self.min_games,
            "max_snapshots": self.max_snapshots,
            "floor": self.floor,
            "snapshots_made": self.snapshots_made,
            "members": [
                {
                    "name": m.name,
                    "spec": m.spec,
                    "path": m.path,
                    "joined": m.joined,
                    "results": list(m.results),
                    "games": m.games,
                }
                for m in self.members
            ],
        }

    @classmethod
    def from_state_dict(cls, data: dict[str, Any]) -> League:
        league = cls(
            [],
            window=data["window"],
            threshold=data["threshold"],
            min_games=data["min_games"],
            max_snapshots=data["max_snapshots"],
            floor=data["floor"],
        )
        league.snapshots_made = data["snapshots_made"]
        league.members = [
            Member(
                m["name"],
                spec=m["spec"],
                path=m["path"],
                joined=m["joined"],
                results=deque(m["results"], maxlen=league.window),
                games=m["games"],
            )
            for m in data["members"]
        ]
        return league

    def summary(self) -> list[dict[str, Any]]:
        """Per member: name, games, recent win rate, draw weight (for the logs)."""
        weights = self.weights()
        return [
            {
                "opponent": m.name,
                "games": m.games,
                "recent_games": len(m.results),
                "win_rate": sum(m.results) / len(m.results) if m.results else None,
                "weight": float(w),
            }
            for m, w in zip(self.members, weights)
        ]
