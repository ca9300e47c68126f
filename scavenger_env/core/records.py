"""Game records: one JSON object per finished game, stored as JSON Lines.

A game of any scavenger_env game is exactly ``(game, config, seed, actions)``: the
engine draws all randomness at set-up from ``seed``, so replaying ``actions`` from
``new_game(config, seed)`` re-creates the game bit for bit. ``scores``, ``winners``
and ``turns`` are the outcome, kept so a replay can check it and so statistics can be
computed without re-simulating.

One line of a ``.jsonl`` file (keys in this order)::

    {
        "format_version": 1,
        "game": "cavein",
        "config": {...},
        "seed": 123,
        "actions": [4, 17, 0],
        "scores": [12, 9, 15],
        "winners": [2],
        "turns": 57,
    }

Two optional keys may follow, written only when set (records without them, such as
those of ``scavenger simulate``, are unchanged): ``players``, one name per seat (the
bots of a tournament), and ``meta``, a JSON object of facts about how the game was
made (a tournament's deal and seating). Replay ignores both.

This module is game-agnostic: it checks the record's shape, never its rules.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "FORMAT_VERSION",
    "GameRecord",
    "RecordError",
    "enumerate_records",
    "iter_records",
    "write_records",
]

FORMAT_VERSION = 1
"""The record format this version of scavenger-env writes and reads."""

REMAKE_HINT = "re-create the file with `scavenger simulate`"

_FIELDS = (
    "format_version",
    "game",
    "config",
    "seed",
    "actions",
    "scores",
    "winners",
    "turns",
)
"""The keys every record has, in the order they are written."""

_OPTIONAL_FIELDS = ("players", "meta")
"""Keys a record may have after :data:`_FIELDS`; written only when not ``None``."""


class RecordError(ValueError):
    """A game record is corrupt, or does not replay to the outcome it records.

    ``str(err)`` reads ``"<file> line <n>: <problem>; <what to do>"``; the location
    part is present once the error has been located (see :meth:`located`).

    Attributes:
        problem: What is wrong, e.g. ``"field 'actions' must be a list of ints"``.
        hint: What to do about it.
        source: The file the record came from, if known.
        line: The 1-based line number in ``source``, if known.
    """

    def __init__(
        self,
        problem: str,
        *,
        hint: str = REMAKE_HINT,
        source: str | os.PathLike[str] | None = None,
        line: int | None = None,
    ) -> None:
        self.problem = problem
        self.hint = hint
        self.source = None if source is None else str(source)
        self.line = line
        super().__init__(self._message())

    def _message(self) -> str:
        parts = []
        if self.source is not None:
            parts.append(self.source)
        if self.line is not None:
            parts.append(f"line {self.line}")
        where = " ".join(parts)
        text = f"{self.problem}; {self.hint}" if self.hint else self.problem
        return f"{where}: {text}" if where else text

    def located(
        self, source: str | os.PathLike[str] | None, line: int | None
    ) -> RecordError:
        """Return a copy of this error that names the file and line it comes from."""
        return RecordError(self.problem, hint=self.hint, source=source, line=line)


@dataclass
class GameRecord:
    """One finished game: what is needed to replay it, and its outcome.

    Attributes:
        game: The game's short name, e.g. ``"cavein"``.
        config: The game's rules configuration, as its JSON-safe ``to_dict()``.
        seed: The set-up seed given to the engine's ``new_game``.
        actions: Every engine action id applied, in order.
        scores: Final victory points per player (absolute seat order).
        winners: The seats that won (all tied players win).
        turns: Turns taken in the game, all players together.
        format_version: The record format (see :data:`FORMAT_VERSION`).
        players: Optional: who played each seat (e.g. bot names), in seat order.
        meta: Optional: a JSON-safe dict of facts about how the game was made,
            e.g. a tournament's ``{"deal": 3, "seating": 1}``.
    """

    game: str
    config: dict[str, Any]
    seed: int
    actions: list[int]
    scores: list[int]
    winners: list[int]
    turns: int
    format_version: int = field(default=FORMAT_VERSION)
    players: list[str] | None = None
    meta: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the record as a JSON-safe dict, keys in the documented order.

        ``players`` and ``meta`` are present only when they are not ``None``.
        """
        data = {name: getattr(self, name) for name in _FIELDS}
        for name in _OPTIONAL_FIELDS:
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        return data

    def to_json(self) -> str:
        """Return the record as one line of compact JSON (no trailing newline)."""
        return json.dumps(self.to_dict(), separators=(",", ":"), allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Build a record from a decoded JSON object, checking every field.

        Raises:
            RecordError: ``data`` is not a valid record (no location attached).
        """
        if not isinstance(data, dict):
            raise RecordError(
                f"a record must be a JSON object, found {_json_type(data)}"
            )
        version = data.get("format_version", None)
        if version is None:
            raise RecordError("field 'format_version' is missing")
        if not _is_int(version):
            raise RecordError("field 'format_version' must be an int")
        if version != FORMAT_VERSION:
            if version > FORMAT_VERSION:
                raise RecordError(
                    f"record format {version} is newer than this scavenger-env "
                    f"reads (format {FORMAT_VERSION})",
                    hint="upgrade scavenger-env, or re-create the file with "
                    "`scavenger simulate`",
                )
            raise RecordError(f"unknown record format {version}")
        missing = [name for name in _FIELDS if name not in data]
        if missing:
            names = ", ".join(repr(n) for n in missing)
            noun = "field" if len(missing) == 1 else "fields"
            verb = "is" if len(missing) == 1 else "are"
            raise RecordError(f"{noun} {names} {verb} missing")
        unknown = sorted(
            str(k) for k in data if k not in _FIELDS and k not in _OPTIONAL_FIELDS
        )
        if unknown:
            names = ", ".join(repr(n) for n in unknown)
            raise RecordError(f"unknown field {names} in a format-1 record")

        game, config, seed = data["game"], data["config"], data["seed"]
        actions, scores = data["actions"], data["scores"]
        winners, turns = data["winners"], data["turns"]
        if not isinstance(game, str) or not game:
            raise RecordError("field 'game' must be a non-empty string")
        if not isinstance(config, dict):
            raise RecordError("field 'config' must be a JSON object")
        if not _is_int(seed) or seed < 0:
            raise RecordError("field 'seed' must be a non-negative int")
        if not _is_int_list(actions) or any(a < 0 for a in actions):
            raise RecordError(
                "field 'actions' must be a list of ints (engine action ids, >= 0)"
            )
        if not _is_int_list(scores) or not scores:
            raise RecordError("field 'scores' must be a non-empty list of ints")
        if not _is_int_list(winners) or not winners:
            raise RecordError("field 'winners' must be a non-empty list of ints")
        if len(set(winners)) != len(winners) or not all(
            0 <= w < len(scores) for w in winners
        ):
            raise RecordError(
                f"field 'winners' must list distinct seats 0..{len(scores) - 1}"
            )
        if not _is_int(turns) or turns < 0:
            raise RecordError("field 'turns' must be a non-negative int")
        players, meta = data.get("players"), data.get("meta")
        if players is not None and (
            not isinstance(players, list)
            or len(players) != len(scores)
            or not all(isinstance(p, str) and p for p in players)
        ):
            raise RecordError(
                f"field 'players' must be a list of {len(scores)} non-empty "
                "strings, one per seat"
            )
        if meta is not None and not isinstance(meta, dict):
            raise RecordError("field 'meta' must be a JSON object")
        return cls(
            game=game,
            config=config,
            seed=seed,
            actions=list(actions),
            scores=list(scores),
            winners=list(winners),
            turns=turns,
            format_version=version,
            players=None if players is None else list(players),
            meta=meta,
        )

    @classmethod
    def from_json(cls, line: str) -> GameRecord:
        """Parse one JSONL line written by :meth:`to_json`.

        Raises:
            RecordError: the line is not valid JSON or not a valid record (no
                location attached; :func:`enumerate_records` adds it).
        """
        try:
            data = json.loads(line)
        except json.JSONDecodeError as err:
            raise RecordError(
                f"not valid JSON ({err.msg} at column {err.colno}); "
                "the line may be truncated"
            ) from None
        return cls.from_dict(data)


def write_records(path: str | os.PathLike[str], records: Iterable[GameRecord]) -> int:
    """Write records to ``path`` as JSON Lines, one record per line.

    ``records`` may be a generator: records are written as they come. The file is
    written to a temporary name beside ``path`` and renamed at the end, so an
    interrupted run never leaves a half-written file under ``path``.

    Returns:
        The number of records written.

    Raises:
        OSError: ``path`` cannot be written.
    """
    target = Path(path)
    tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    count = 0
    try:
        with tmp.open("w", encoding="utf-8", newline="\n") as out:
            for record in records:
                out.write(record.to_json())
                out.write("\n")
                count += 1
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()
    return count


def enumerate_records(
    path: str | os.PathLike[str],
) -> Iterator[tuple[int, GameRecord]]:
    """Yield ``(line_number, record)`` for every record in a JSONL file.

    Blank lines are skipped. Line numbers are 1-based.

    Raises:
        FileNotFoundError: ``path`` does not exist.
        RecordError: a line is not a valid record; the message names the file and
            the line.
    """
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                record = GameRecord.from_json(line)
            except RecordError as err:
                raise err.located(path, number) from None
            yield number, record


def iter_records(path: str | os.PathLike[str]) -> Iterator[GameRecord]:
    """Yield every record in a JSONL file written by :func:`write_records`.

    Raises:
        FileNotFoundError: ``path`` does not exist.
        RecordError: a line is not a valid record; the message names the file and
            the line.
    """
    for _, record in enumerate_records(path):
        yield record


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_int_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_int(v) for v in value)


def _json_type(value: Any) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return "a number"
