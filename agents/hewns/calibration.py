"""Hewns's calibration: the auction watcher that builds the lot table, the
calibration tournaments (the strongest scripted bots at 2, 3 and 4 players),
and the check of the data's calibration log.

The questions themselves, their rulings, intervals and verdicts are generic
tables in `agents.balance.calibration`, re-exported here so that a notebook or
script needs this one module: `tables(folders)` replays Hewns records into the
seat and lot tables, and `answers(tables)` answers the four questions.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents.balance.calibration import (
    IMMEDIATE_ENDS,
    MIN_TYPE_SEATS,
    TARGETS,
    CalibrationError,
    Tables,
    all_lots_bought,
    answers,
    auction_table,
    by_bid_place,
    cluster_rate,
    end_rounds,
    ended_early,
    first_seat,
    game_table,
    lots_bought,
    metrics,
    type_shares,
    verdict,
)
from agents.balance.calibration import tables as _tables
from agents.balance.frames import Source
from agents.balance.variants import Variant, play_variant

__all__ = [
    "GAMES",
    "IMMEDIATE_ENDS",
    "LINEUPS",
    "MIN_TYPE_SEATS",
    "SEED",
    "TARGETS",
    "AuctionWatcher",
    "CalibrationError",
    "Tables",
    "all_lots_bought",
    "answers",
    "auction_table",
    "by_bid_place",
    "cluster_rate",
    "end_rounds",
    "ended_early",
    "first_seat",
    "game_table",
    "lot_kind",
    "lots_bought",
    "metrics",
    "play",
    "play_log",
    "tables",
    "type_shares",
    "verdict",
]


def tables(sources: Source | Sequence[Source], progress: bool = False) -> Tables:
    """The seat and lot tables of Hewns records (files, tournament folders,
    records), each replayed once and checked."""
    return _tables(sources, "hewns", progress)


def lot_kind(lot: int) -> str:
    """A lot's kind by its place in the offer: the turn-order stack, a big,
    medium or small Hewn, or a technology."""
    from scavenger_env.hewns.engine.flow import FIRST_TECH_LOT, LOT_SIZES

    if lot == 0:
        return "turn order"
    if lot < FIRST_TECH_LOT:
        return {3: "big Hewn", 2: "medium Hewn", 1: "small Hewn"}[LOT_SIZES[lot]]
    return "technology"


class AuctionWatcher:
    """Watches a replay (`replay_record`'s `on_action`) and keeps one row per
    offered lot of every resolved auction: the offer is read while the bidding
    is on, the winners as soon as the round has moved past it."""

    def __init__(self, game: int = 0) -> None:
        self.game = game
        self.rows: list[dict[str, Any]] = []
        self._pending: tuple[int, list[int]] | None = None

    def __call__(self, state: Any, action: int = 0) -> None:
        from scavenger_env.hewns.engine.state import RoundStep

        if state.over or not state.frames:
            return
        if state.frames[0].step == RoundStep.BIDDING:
            if self._pending is None:
                self._pending = (state.round, list(state.offer))
        elif self._pending is not None:
            self._resolved(state)

    def finish(self, state: Any) -> None:
        """After the last action: an auction resolved by it is kept; one cut
        off by the safety stop is not (it never resolved)."""
        if self._pending is not None and state.frames and not state.over:
            self(state)

    def _resolved(self, state: Any) -> None:
        from scavenger_env.hewns.engine.state import NONE

        assert self._pending is not None
        round_, offer = self._pending
        self._pending = None
        for lot, card in enumerate(offer):
            if lot and card == NONE:
                continue  # an empty place: nothing offered
            winner = state.lot_winner[lot]
            self.rows.append(
                {
                    "game": self.game,
                    "round": round_,
                    "lot": lot,
                    "kind": lot_kind(lot),
                    "won": winner != NONE,
                    "winner": winner if winner != NONE else None,
                }
            )


LINEUPS: dict[int, str] = {
    2: "greedy,raider,prospector",
    3: "greedy,raider,prospector",
    4: "greedy,raider,prospector,prospector",
}
"""The strongest scripted Hewns bots (the ladders rank greedy, raider and
prospector far above random, and within each other's intervals at 3 and 4
players), every deal in every seating; at 4 players a second prospector fills
the fourth seat.
The search bot (ismcts) is left out: a game of it costs minutes."""

GAMES: dict[str, dict[int, int]] = {
    "tiny": {2: 1, 3: 1, 4: 1},
    "small": {2: 48, 3: 24, 4: 24},
    "full": {2: 420, 3: 240, 4: 240},
}
"""Games per player count at each scale (rounded up to whole deals: one deal is
6 games at 2 and 3 players, 4 at 4; `tiny` is a smoke test). Full: about
±5 points on a 2-player rate (Wilson half-width at 50% and 420 games: 4.8),
about ±6 at 3 and 4 players."""

SEED = 2026

PLAY_LOG = "played.json"
"""Per tournament folder: the games `play` played there and the seconds it
spent, summed over the runs that played some (a resumed run adds its own), so
a full run's time can be foreseen from any run's."""


def _games_in(folder: Path) -> int:
    path = folder / "games.jsonl"
    if not path.exists():
        return 0
    with path.open(encoding="utf-8") as f:
        return sum(1 for line in f if line.strip())


def play_log(folder: str | os.PathLike[str]) -> dict[str, float]:
    """`games` played and `seconds` spent in a tournament folder by `play`
    (zeros when it played none there)."""
    path = Path(folder) / PLAY_LOG
    if not path.exists():
        return {"games": 0, "seconds": 0.0}
    data = json.loads(path.read_text())
    return {"games": int(data["games"]), "seconds": float(data["seconds"])}


def play(
    scale: str,
    folder: str | os.PathLike[str],
    *,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    counts: Sequence[int] = (2, 3, 4),
) -> dict[int, Path]:
    """Play (or finish) the calibration tournaments of `scale` under the rule
    `options` in `folder/Np` (one per player count); returns them by count."""
    if scale not in GAMES:
        raise CalibrationError(f"scale {scale!r}: use one of {', '.join(GAMES)}")
    out = {}
    for n in counts:
        variant = Variant(f"{n}p", options or {})
        where = Path(folder) / variant.folder_name
        before, start = _games_in(where), time.perf_counter()
        out[n] = play_variant(
            variant,
            LINEUPS[n],
            n,
            GAMES[scale][n],
            folder,
            seed=SEED,
            game="hewns",
            jobs=jobs,
        )
        played = _games_in(where) - before
        if played > 0:
            spent = play_log(where)
            spent["games"] += played
            spent["seconds"] = round(spent["seconds"] + time.perf_counter() - start, 1)
            (where / PLAY_LOG).write_text(json.dumps(spent) + "\n")
    return out
