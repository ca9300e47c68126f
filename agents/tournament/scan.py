"""Reading a folder's ``games.jsonl`` back: which games are there, in what order,
and whether every kept record still replays to its outcome and digest.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from scavenger_env.core.games import get_game
from scavenger_env.core.records import GameRecord, RecordError, atomic_output
from scavenger_env.core.simulate import replay_record

from ..backends import Backend
from .errors import TournamentError
from .folder import read_config
from .plan import Plan

__all__ = ["VERIFY_CHUNK", "Scan", "rewrite_sorted", "scan", "verify"]

_FIX_LINE = (
    "delete that line (its game is then played again) or choose another --output folder"
)

VERIFY_CHUNK = 32
"""Records replayed per chunk when a worker pool checks a folder."""


class Scan(NamedTuple):
    order: list[int]
    """The game indices in ``games.jsonl``, in file order."""
    tidy: bool
    """False when the file has blank lines (it is then rewritten at the end)."""
    to_verify: list[tuple[int, str]]
    """``(line number, line)`` of every record kept, to be replayed."""


def scan(path: Path, plan: Plan, notes: list[str]) -> Scan:
    """Read ``games.jsonl`` back: which games are there, and which lines to replay.

    Drops an incomplete last line (a write cut off).

    Raises:
        TournamentError: a line that is not a record of this tournament, a game
            recorded twice, a deal beyond ``plan.deals``, or a file none of whose
            lines belongs to this tournament.
    """
    if not path.exists():
        return Scan([], True, [])
    raw = path.read_bytes()
    cut = raw.rfind(b"\n") + 1
    try:
        text = raw[:cut].decode("utf-8")
    except UnicodeDecodeError:
        raise TournamentError(
            f"{path} is not a text file of game records; choose another --output folder"
        ) from None
    if cut < len(raw):
        os.truncate(path, cut)
        notes.append(
            f"dropped an incomplete last line of {path} (a write cut off); "
            "that game is played again"
        )
    seen: dict[int, int] = {}
    order: list[int] = []
    to_verify: list[tuple[int, str]] = []
    tidy = True
    beyond = 0
    ours = 0
    first: tuple[int, str] | None = None  # the first bad line and what is wrong
    config = plan.config.to_dict()
    configs: dict[str, bool] = {}  # a stored config's JSON -> whether it is ours
    for number, line in enumerate(text.split("\n")[:-1], start=1):
        if not line.strip():
            tidy = False
            continue
        problem = None
        try:
            record = GameRecord.from_json(line)
        except RecordError as err:
            problem = err.problem
        else:
            problem, index = _place(record, plan, config, configs)
            if problem is None and index is not None:
                deal = index // len(plan.seatings)
                if deal >= plan.deals:
                    beyond = max(beyond, deal + 1)
                    continue
                ours += 1
                if index in seen:
                    problem = (
                        f"deal {deal}, seating {index % len(plan.seatings)} is "
                        f"already on line {seen[index]}"
                    )
                else:
                    seen[index] = number
                    order.append(index)
                    to_verify.append((number, line))
        if problem is not None and first is None:
            first = (number, problem)
    if first is not None:
        number, problem = first
        if ours == 0 and beyond == 0:
            raise TournamentError(
                f"{path} holds no game of this tournament (line {number}: {problem}); "
                "it belongs to another tournament or is no tournament's file: choose "
                "another --output folder, or move the file away to resume there"
            )
        raise TournamentError(f"{path} line {number}: {problem}; {_FIX_LINE}")
    if beyond:
        raise TournamentError(
            f"{path} already holds games of {beyond} deals, more than the "
            f"{plan.deals} asked for; ask for at least {beyond * len(plan.seatings)} "
            "games to resume it"
        )
    return Scan(order, tidy, to_verify)


def _place(
    record: GameRecord,
    plan: Plan,
    config: dict[str, Any],
    configs: dict[str, bool],
) -> tuple[str | None, int | None]:
    """``(problem, None)`` for a record that is not a game of ``plan``, else
    ``(None, index)``: its game's index (perhaps of a deal beyond ``plan.deals``)."""
    meta = record.meta or {}
    deal, seating = meta.get("deal"), meta.get("seating")
    if not (
        type(deal) is int
        and type(seating) is int
        and deal >= 0
        and 0 <= seating < len(plan.seatings)
    ):
        return (
            "not a game of this tournament (no valid meta.deal and meta.seating)",
            None,
        )
    index = deal * len(plan.seatings) + seating
    if deal >= plan.deals:
        return None, index
    expected = plan.task(index)
    if (
        record.seed != expected.seed
        or record.players != list(expected.players)
        or record.game != plan.game
        or not _same_config(record.config, config, plan, configs)
    ):
        return (
            f"deal {deal}, seating {seating} does not match this tournament's settings",
            None,
        )
    return None, index


def _same_config(
    data: dict[str, Any],
    config: dict[str, Any],
    plan: Plan,
    cache: dict[str, bool],
) -> bool:
    """Whether a record's config is the plan's (an older record's config may lack
    fields added since; it is read as ``game.config_from_dict`` reads it)."""
    wanted, game = plan.config, get_game(plan.game)
    if data == config:
        return True
    key = json.dumps(data, sort_keys=True)
    if key not in cache:
        cache[key] = read_config(data, game) == wanted
    return cache[key]


def _verify_lines(lines: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """Replay records; return ``(line number, what is wrong)`` for each that does
    not reproduce its outcome and digest (a picklable worker function)."""
    bad = []
    for number, line in lines:
        try:
            replay_record(GameRecord.from_json(line))
        except RecordError as err:
            bad.append((number, err.problem))
        except Exception as exc:  # a record the engine cannot even replay
            bad.append((number, f"the replay failed ({type(exc).__name__}: {exc})"))
    return bad


def verify(path: Path, lines: list[tuple[int, str]], runner: Backend | None) -> None:
    """Replay every kept record (on ``runner``'s workers when given).

    Raises:
        TournamentError: the first line whose record does not reproduce its game.
    """
    if not lines:
        return
    if runner is None or runner.workers <= 1:
        bad = _verify_lines(lines)
    else:
        chunks = [
            lines[i : i + VERIFY_CHUNK] for i in range(0, len(lines), VERIFY_CHUNK)
        ]
        bad = [item for part in runner.map(_verify_lines, chunks) for item in part]
    if bad:
        number, problem = min(bad)
        raise TournamentError(
            f"{path} line {number}: {problem}; the record was edited or damaged: "
            f"{_FIX_LINE}"
        )


def rewrite_sorted(path: Path, order: list[int]) -> None:
    """Rewrite ``games.jsonl`` in game order, without blank lines (all or nothing).

    ``order`` holds the game index of each of its lines, in file order."""
    lines = [
        line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()
    ]
    pairs = sorted(zip(order, lines))
    with atomic_output(path) as out:
        for _, line in pairs:
            out.write(line + "\n")
