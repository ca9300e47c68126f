"""Game records: one JSON object per finished game, stored as JSON Lines.

A game of any scavenger_env game is exactly ``(game, config, seed, actions)``: the
engine draws all randomness at set-up from ``seed``, so replaying ``actions`` from
``new_game(config, seed)`` re-creates the game bit for bit. ``scores``, ``winners``
and ``turns`` are the outcome, kept so a replay can check it and so statistics can be
computed without re-simulating. ``turns`` counts turns as ``Game.turns`` does (one
seat's go, however many decisions it takes); format 1, the first, kept each game's
own count, which for Krysis was its decisions, so a format-1 record may hold either.

One line of a ``.jsonl`` file (keys in this order)::

    {
        "format_version": 2,
        "game": "cavein",
        "config": {...},
        "seed": 123,
        "actions": [4, 17, 0],
        "scores": [12, 9, 15],
        "winners": [2],
        "turns": 57,
    }

Four optional keys may follow, written only when set: ``digest``, a fingerprint of
the game's seed, actions and final state (hex digits) that a replay compares with
its own, so a record proves it reproduces its game; ``digest_version``, which
fingerprint that is (:mod:`scavenger_env.core.digest`; a record with a digest and no
version holds version 1, the game's first); ``players``, one name per seat (the bots
of a tournament); and ``meta``, a JSON object of facts about how the game was made
(a tournament's deal and seating). Replay ignores ``players``, and checks the
facts of ``meta`` that the game recomputes (``Game.record_meta``). Records
written before ``digest`` or ``digest_version`` existed read and replay as before.

Reading is strict, so that a damaged or hand-made line is refused with its line
number rather than half-understood: duplicate keys, ``NaN``, numbers of more than
4300 digits, nesting deeper than :data:`MAX_DEPTH` and ints out of range are errors.

This module is game-agnostic: it checks the record's shape, never its rules.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from scavenger_env.core import errors
from scavenger_env.core.digest import DIGEST_VERSIONS
from scavenger_env.core.errors import show_int

__all__ = [
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_SEED",
    "GameRecord",
    "RecordError",
    "atomic_output",
    "enumerate_records",
    "iter_records",
    "write_records",
]

FORMAT_VERSION = 2
"""The record format this version of scavenger-env writes (it reads format 1 too:
the same keys, with ``turns`` as each game counted them then)."""

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

_OPTIONAL_FIELDS = ("digest", "digest_version", "players", "meta")
"""Keys a record may have after :data:`_FIELDS`; written only when not ``None``."""

MAX_SEED = errors.MAX_SEED
"""The largest seed a record may hold (the engines seed numpy with 64 bits)."""

MAX_INT = 2**63 - 1
"""The largest action id, score or turn count a record may hold."""

MAX_DEPTH = 32
"""How deeply arrays and objects may nest in a record line (records use 3)."""

_DIGEST = re.compile(r"[0-9a-f]{16,128}")


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
        turns: Turns taken in the game, all players together (``Game.turns``;
            in a format-1 record, the game's own count then: see the module).
        format_version: The record format (see :data:`FORMAT_VERSION`).
        digest: Optional: the game's fingerprint of its seed, actions and final
            state (:mod:`scavenger_env.core.digest`), which a replay must
            reproduce.
        digest_version: Which digest ``digest`` is (written with it); a record
            with a digest and no version holds version 1, the game's first.
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
    digest: str | None = None
    digest_version: int | None = None
    players: list[str] | None = None
    meta: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the record as a JSON-safe dict, keys in the documented order.

        ``digest``, ``digest_version``, ``players`` and ``meta`` are present
        only when not ``None``.
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
        if version not in (1, FORMAT_VERSION):
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
            raise RecordError(f"unknown field {names} in a format-{version} record")

        game, config, seed = data["game"], data["config"], data["seed"]
        actions, scores = data["actions"], data["scores"]
        winners, turns = data["winners"], data["turns"]
        if not isinstance(game, str) or not game:
            raise RecordError("field 'game' must be a non-empty string")
        if not isinstance(config, dict):
            raise RecordError("field 'config' must be a JSON object")
        if not _is_int(seed) or seed < 0:
            raise RecordError("field 'seed' must be a non-negative int")
        if seed > MAX_SEED:
            raise RecordError(
                f"field 'seed' is {_show_int(seed)}, above the largest seed 2**64 - 1"
            )
        if not _is_int_list(actions) or any(a < 0 for a in actions):
            raise RecordError(
                "field 'actions' must be a list of ints (engine action ids, >= 0)"
            )
        too_big = next((a for a in actions if a > MAX_INT), None)
        if too_big is not None:
            raise RecordError(
                f"field 'actions' holds the id {_show_int(too_big)}, above 2**63 - 1"
            )
        if not _is_int_list(scores) or not scores:
            raise RecordError("field 'scores' must be a non-empty list of ints")
        if any(abs(x) > MAX_INT for x in scores):
            raise RecordError("field 'scores' holds a number beyond 64 bits")
        if not _is_int_list(winners) or not winners:
            raise RecordError("field 'winners' must be a non-empty list of ints")
        if len(set(winners)) != len(winners) or not all(
            0 <= w < len(scores) for w in winners
        ):
            raise RecordError(
                f"field 'winners' must list distinct seats 0..{len(scores) - 1}"
            )
        if not _is_int(turns) or not 0 <= turns <= MAX_INT:
            raise RecordError("field 'turns' must be an int from 0 to 2**63 - 1")
        digest = data.get("digest")
        if digest is not None and not (
            isinstance(digest, str) and _DIGEST.fullmatch(digest)
        ):
            raise RecordError(
                "field 'digest' must be a string of 16 to 128 lowercase hex digits"
            )
        digest_version = data.get("digest_version")
        if digest_version is not None:
            if digest is None:
                raise RecordError("field 'digest_version' is set but 'digest' is not")
            if not _is_int(digest_version) or digest_version < 1:
                raise RecordError("field 'digest_version' must be a positive int")
            if digest_version not in DIGEST_VERSIONS:
                raise RecordError(
                    f"digest version {_show_int(digest_version)} is newer than this "
                    f"scavenger-env reads (versions {DIGEST_VERSIONS[0]} to "
                    f"{DIGEST_VERSIONS[-1]})",
                    hint="upgrade scavenger-env, or re-create the file with "
                    "`scavenger simulate`",
                )
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
            digest=digest,
            digest_version=digest_version,
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
        return cls.from_dict(parse_json_line(line))


def parse_json_line(line: str) -> Any:
    """Decode one line of JSON strictly: what a record line may hold, nothing more.

    Raises:
        RecordError: the line is not valid JSON, repeats a key in an object, holds
            ``NaN`` or ``Infinity``, a number of more than 4300 digits, or nests
            deeper than :data:`MAX_DEPTH` (no location attached).
    """
    try:
        data = json.loads(
            line, object_pairs_hook=_unique_keys, parse_constant=_no_constant
        )
    except json.JSONDecodeError as err:
        # json's own words may end in "at" ("Invalid control character at"),
        # the place that follows them here
        words = err.msg[:-3] if err.msg.endswith(" at") else err.msg
        raise RecordError(
            f"not valid JSON ({words} at column {err.colno}); the line may be truncated"
        ) from None
    except RecursionError:
        raise RecordError(
            f"the line is nested too deeply to be a record (arrays or objects "
            f"more than {MAX_DEPTH} levels deep)"
        ) from None
    except ValueError as err:  # an int of over 4300 digits, a repeated key, NaN
        raise RecordError(_value_problem(err)) from None
    if _depth(data) > MAX_DEPTH:
        raise RecordError(
            f"the line is nested too deeply to be a record (arrays or objects "
            f"more than {MAX_DEPTH} levels deep)"
        )
    return data


class _StrictJSONError(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _StrictJSONError(
                f"the key {key!r} appears twice in one object; a record names "
                "each key once"
            )
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise _StrictJSONError(f"{name} is not a number a record may hold")


def _value_problem(err: ValueError) -> str:
    if isinstance(err, _StrictJSONError):
        return str(err)
    if "digits" in str(err):
        return "a number has more digits than Python reads (4300); no record has one"
    return f"not valid JSON ({err})"


def _depth(data: Any) -> int:
    """How deeply ``data`` nests (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            level += 1
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                stack.extend((v, level) for v in value)
    return deepest


def write_records(path: str | os.PathLike[str], records: Iterable[GameRecord]) -> int:
    """Write records to ``path`` as JSON Lines, one record per line.

    ``records`` may be a generator: records are written as they come. The file is
    written aside and moved to ``path`` at the end (:func:`atomic_output`), so an
    interrupted run never leaves a half-written file under ``path``.

    Returns:
        The number of records written.

    Raises:
        OSError: ``path`` cannot be written.
    """
    count = 0
    with atomic_output(path) as out:
        for record in records:
            out.write(record.to_json())
            out.write("\n")
            count += 1
    return count


@contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[IO[str]]:
    """Open a text file that replaces ``path`` only when the ``with`` block ends well.

    On Linux the data goes to an unnamed file (``O_TMPFILE``) in ``path``'s folder,
    named only at the very end, so even a process killed with ``kill -9`` leaves
    nothing behind. Elsewhere (or where the file system cannot) it goes to
    ``.NAME.tmp-PID`` beside ``path``, removed on failure; such a file left by a
    killed process is removed by the next write to ``path`` (POSIX: once that PID
    is gone).

    Raises:
        OSError: ``path`` cannot be written.
    """
    target = Path(path)
    tmp = _temporary_name(target)
    _remove_stale_temporaries(target)
    fd = _unnamed_file(target.parent)
    if fd is not None:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            yield out
            out.flush()
            if tmp.exists():
                tmp.unlink()
            _name_unnamed_file(fd, tmp)
        try:
            os.replace(tmp, target)
        finally:
            if tmp.exists():
                tmp.unlink()
        return
    try:
        with tmp.open("w", encoding="utf-8", newline="\n") as out:
            yield out
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


def _temporary_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.tmp-{os.getpid()}")


def _unnamed_file(folder: Path) -> int | None:
    """A file descriptor of a new unnamed file in ``folder``, or ``None`` where the
    system cannot make one that can be named later (then a named file is used)."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None:
        return None
    try:
        fd = os.open(folder, flag | os.O_WRONLY, 0o666)
    except OSError:  # a file system without O_TMPFILE, or an old kernel
        return None
    if not os.path.exists(f"/proc/self/fd/{fd}"):  # no /proc: cannot name it later
        os.close(fd)
        return None
    return fd


def _name_unnamed_file(fd: int, name: Path) -> None:
    """Give the unnamed file ``fd`` the name ``name`` (``linkat`` following the
    ``/proc`` link: a plain ``os.link`` would link the link itself)."""
    folder = os.open(name.parent, os.O_RDONLY)
    try:
        os.link(
            f"/proc/self/fd/{fd}", name.name, dst_dir_fd=folder, follow_symlinks=True
        )
    finally:
        os.close(folder)


def _remove_stale_temporaries(target: Path) -> None:
    """Remove ``.NAME.tmp-PID`` files beside ``target`` whose process is gone."""
    if os.name != "posix":  # os.kill(pid, 0) would not just probe elsewhere
        return
    prefix = f".{target.name}.tmp-"
    try:
        names = [p for p in target.parent.iterdir() if p.name.startswith(prefix)]
    except OSError:
        return
    for stale in names:
        pid_text = stale.name[len(prefix) :]
        if not pid_text.isdigit() or int(pid_text) == os.getpid():
            continue
        try:
            os.kill(int(pid_text), 0)
        except ProcessLookupError:  # no such process: the file is stale
            with suppress(OSError):
                stale.unlink()
        except (OSError, OverflowError):  # alive (another user's) or not a PID
            continue


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


_show_int = show_int
"""An int for a message: its digits, or how many when there are too many."""


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
