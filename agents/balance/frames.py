"""Tournament records as pandas tables: one row per seat of every game.

Each record is replayed (which also checks it) and the game's `seat_facts` are
spread into columns, so the analysis never needs the engine again:

- scalars keep their name (`order`, `factions`, `end`);
- a list becomes a count (`totems`) and one True/False column per item seen
  (`totems:Bioss`);
- a dict becomes one column per key (`artifacts:Contract`, `vp:crystals`), empty
  (NaN) where a seat does not have the key: an artifact it does not own.

The fixed columns: `game` (0, 1, ... in reading order), `source` (the file),
`deal` and `seating` (a tournament's), `num_players`, `seat`, `player` (the
record's name for the seat, or `seat N`), `won` (a tie is a win for every tied
seat, as the rulebook says), `tied`, `score`, `margin` (own score minus the best
other's), `turns`, `actions` (the record's length), and the rules as `config:KEY`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from scavenger_env.core.records import GameRecord, iter_records
from scavenger_env.core.simulate import game_of, replay_record

Source = str | os.PathLike[str] | GameRecord | Iterable[GameRecord]


def _records(sources: Source | Sequence[Source]) -> Iterable[tuple[str, GameRecord]]:
    """(source name, record) from files, tournament folders or records."""
    if isinstance(sources, (str, os.PathLike, GameRecord)):
        sources = [sources]
    for source in sources:
        if isinstance(source, GameRecord):
            yield "", source
        elif isinstance(source, (str, os.PathLike)):
            path = Path(source)
            if path.is_dir():
                path = path / "games.jsonl"
            if not path.is_file():
                raise FileNotFoundError(
                    f"{source}: no game records here; give a games.jsonl file or "
                    "a tournament folder that holds one"
                )
            for record in iter_records(path):
                yield str(source), record
        else:
            for record in source:
                yield "", record


def _spread(facts: dict[str, Any]) -> dict[str, Any]:
    """Facts as flat columns (see the module docstring)."""
    row: dict[str, Any] = {}
    for key, value in facts.items():
        if isinstance(value, dict):
            for name, x in value.items():
                row[f"{key}:{name}"] = x
        elif isinstance(value, (list, tuple)):
            row[key] = len(value)
            for item in value:
                row[f"{key}:{item}"] = True
        else:
            row[key] = value
    return row


def _config_value(value: Any) -> Any:
    """A config value as one cell: a list joined by "/", an object stored inline
    (a Hewns map file's content) by its "source" (else as compact JSON)."""
    if isinstance(value, dict):
        source = value.get("source")
        return source if isinstance(source, str) else json.dumps(value, sort_keys=True)
    return "/".join(map(str, value)) if isinstance(value, (list, tuple)) else value


def seat_rows(
    record: GameRecord, game_index: int, source: str = "", state: Any = None
) -> list[dict]:
    """The rows of one record's seats (replaying it, unless its final `state`
    is given: a caller that replayed it already)."""
    if state is None:
        state = replay_record(record)
    game = game_of(record)
    scores = record.scores
    meta = record.meta or {}
    config = {f"config:{k}": _config_value(v) for k, v in record.config.items()}
    rows = []
    for seat, score in enumerate(scores):
        others = [s for i, s in enumerate(scores) if i != seat]
        rows.append(
            {
                "game": game_index,
                "source": source,
                "deal": meta.get("deal"),
                "seating": meta.get("seating"),
                "num_players": len(scores),
                "seat": seat,
                "player": record.players[seat] if record.players else f"seat {seat}",
                "won": seat in record.winners,
                "tied": seat in record.winners and len(record.winners) > 1,
                "score": score,
                "margin": score - max(others) if others else 0,
                "turns": record.turns,
                "actions": len(record.actions),
                **_spread(game.seat_facts(state, seat)),
                **config,
            }
        )
    return rows


def seat_frame(
    sources: Source | Sequence[Source], progress: bool = False
) -> pd.DataFrame:
    """One row per seat of every game in `sources` (files, tournament folders,
    records); `progress` shows a bar while the records are replayed."""
    rows: list[dict] = []
    items: Iterable[tuple[str, GameRecord]] = _records(sources)
    if progress:
        from tqdm import tqdm

        items = tqdm(items, desc="replaying", unit="game")
    for index, (source, record) in enumerate(items):
        rows.extend(seat_rows(record, index, source))
    return seat_table(rows)


def seat_table(rows: Sequence[dict]) -> pd.DataFrame:
    """The seat table of `seat_rows`' rows: a list's item columns hold
    True/False (absent means False)."""
    frame = pd.DataFrame(list(rows))
    for column in frame.columns:
        if ":" in column and frame[column].dtype == object:
            values = set(frame[column].dropna().unique())
            if values <= {True}:  # an item of a list: absent means False
                frame[column] = frame[column].notna()
    return frame


def game_frame(seats: pd.DataFrame) -> pd.DataFrame:
    """One row per game: its length, the winner's margin, the first player's
    result and the game-wide columns (`factions`, `end`, the rules)."""
    first = seats[seats["order"] == 0] if "order" in seats else seats.iloc[0:0]
    wide = [c for c in ("factions", "end") if c in seats]
    wide += [c for c in seats.columns if c.startswith("config:")]
    games = seats.groupby("game").agg(
        source=("source", "first"),
        num_players=("num_players", "first"),
        turns=("turns", "first"),
        actions=("actions", "first"),
        winners=("won", "sum"),
        top_score=("score", "max"),
        **{c: (c, "first") for c in wide},
    )
    games["winner_margin"] = seats[seats["won"]].groupby("game")["margin"].max()
    if len(first):
        games["first_player_won"] = first.set_index("game")["won"]
    return games
