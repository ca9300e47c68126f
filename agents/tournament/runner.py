"""Running a tournament: lock and check the folder, play the missing games on a
backend in chunks, append each record in game order, then write the summary.
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scavenger_env.core.games import DEFAULT_GAME, GAMES, get_game

from ..backends import Backend, open_backend
from ..pipe.isolate import check_isolated, end_idle, isolated
from ..registry import ANY_GAME, REGISTRY, AgentSpecError, Factory
from . import scan as scanning
from .errors import TournamentError
from .folder import (
    GAMES_FILE,
    SETTINGS_FILE,
    TIMING_FILE,
    check_directory,
    check_settings,
    write_json_atomic,
)
from .lock import FolderLock
from .match import ThinkTime, play_game
from .outputs import write_outputs
from .plan import GameTask, Plan

__all__ = ["RunResult", "play_tasks", "run_tournament"]


def play_tasks(
    config_dict: dict[str, Any],
    tasks: Sequence[GameTask],
    game: str = DEFAULT_GAME,
    isolate: bool = False,
) -> list[tuple[str, str]]:
    """Play a chunk of games of ``game``; return, in task order, each game's record
    and its thinking times, both as JSON lines. ``isolate``: every bot in a process
    of its own (:mod:`agents.pipe.isolate`)."""
    rules = get_game(game)
    config = rules.config_from_dict(config_dict)
    out = []
    for t in tasks:
        clock = ThinkTime.zero(config.num_players)
        record = play_game(
            config,
            t.seed,
            t.specs,
            t.rng_seed,
            players=t.players,
            meta={"deal": t.deal, "seating": t.seating, "rng_seed": t.rng_seed},
            clock=clock,
            game=rules,
            isolate=isolate,
        )
        out.append((record.to_json(), clock.to_json(t.number, t.players)))
    return out


def _chunk_size(todo: int, workers: int) -> int:
    if workers <= 1:
        return 8
    # About 16 chunks per worker keep the tail (one worker still busy, the others
    # done) short; a chunk costs one round trip, small next to its games.
    return max(1, min(64, math.ceil(todo / (16 * workers))))


@dataclass
class RunResult:
    """What :func:`run_tournament` did."""

    plan: Plan
    directory: Path
    played: int
    """Games played by this run."""
    resumed: int
    """Games found in ``games.jsonl`` from earlier runs."""
    elapsed: float
    """Seconds spent playing (without reading, sorting and statistics)."""
    complete: bool
    """Whether every game of the plan is in ``games.jsonl``."""
    summary: dict[str, Any] | None = None
    """``summary.json``'s content, when complete."""
    notes: list[str] = field(default_factory=list)
    """Things worth telling the user (a dropped partial line, a plot not drawn)."""

    @property
    def games_per_s(self) -> float:
        return self.played / self.elapsed if self.elapsed > 0 else 0.0


def run_tournament(
    plan: Plan,
    directory: str | os.PathLike[str],
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    max_games: int | None = None,
    on_game: Callable[[int], None] | None = None,
    outputs: bool = True,
    on_start: Callable[[Plan], None] | None = None,
    watch: int = 0,
    isolation: str = "auto",
) -> RunResult:
    """Play the games of ``plan`` not yet in ``directory``, then write the summary.

    The folder is locked for the whole run (a second run into it is refused), and
    every record already there is replayed first: a record that does not reproduce
    its outcome and digest is refused with its line number.

    Args:
        plan: The tournament (:func:`make_plan`).
        directory: The output folder (created if missing).
        jobs: Worker processes (``local``) or CPUs of a local Ray (``ray``).
        backend: ``"local"`` or ``"ray"`` (:mod:`agents.backends`).
        address: A Ray cluster's address (``ray`` only).
        progress: Show a tqdm bar on stderr (only when it is a terminal).
        max_games: Play at most this many games in this run (the rest is left for
            a later run, which resumes).
        on_game: Called with each game's index right after its line is written.
        outputs: Write ``summary.json``, ``summary.csv`` and ``winrates.png`` when
            every game is in.
        on_start: Called with the plan followed (see :func:`check_directory`) once
            the folder is locked and checked and the backend started, before the
            first game.
        watch: With the outputs, write replay viewer pages of the first this
            many games into ``watch/`` and link them from ``report.md``.
        isolation: ``"process"``: every bot in a process of its own, where it
            cannot reach the game (:mod:`agents.pipe.isolate`); ``"none"``:
            every bot but ``exec`` in the tournament's processes (fast; for code
            you trust); ``"auto"`` (default): ``"process"`` when any bot is
            untrusted (a ``file:`` bot). The games are the same either way.

    Raises:
        TournamentError: the folder holds another tournament, foreign files or an
            edited record, or another run is using it.
        BackendError: the backend cannot be started.
        AgentError: an agent failed (the games written so far are kept).
    """
    isolate = isolated(isolation, plan.specs)  # ValueError: not a choice
    if isolate:
        try:
            check_isolated(plan.specs, plan.game)
        except AgentSpecError as err:
            raise TournamentError(str(err)) from None
    directory = Path(directory)
    check_directory(plan, directory)  # refuse a foreign folder before touching it
    directory.mkdir(parents=True, exist_ok=True)
    with FolderLock(directory), contextlib.ExitStack() as stack:
        plan = check_settings(directory, plan)  # again, now that it is ours
        games_path = directory / GAMES_FILE
        notes: list[str] = []
        found = scanning.scan(games_path, plan, notes)
        order = found.order
        done = set(order)
        todo = [g for g in range(plan.games) if g not in done]
        if max_games is not None:
            todo = todo[: max(0, max_games)]
        runner: Backend | None = None
        if todo or (jobs > 1 and len(found.to_verify) > scanning.VERIFY_CHUNK):
            runner = stack.enter_context(open_backend(backend, jobs, address))
        scanning.verify(games_path, found.to_verify, runner)
        if on_start is not None:
            on_start(plan)
        write_json_atomic(directory / SETTINGS_FILE, plan.settings())
        try:
            elapsed, played = _play(
                plan, directory, todo, order, runner, progress, on_game, isolate
            )
        finally:
            end_idle()  # the bots' processes this process kept between games
        if not found.tidy or order != sorted(order):
            scanning.rewrite_sorted(games_path, order)
        complete = len(order) == plan.games
        result = RunResult(
            plan=plan,
            directory=directory,
            played=played,
            resumed=len(done),
            elapsed=elapsed,
            complete=complete,
            notes=notes,
        )
        if complete and outputs:
            result.summary = write_outputs(plan, directory, notes, watch)
    return result


def _play(
    plan: Plan,
    directory: Path,
    todo: list[int],
    order: list[int],
    runner: Backend | None,
    progress: bool,
    on_game: Callable[[int], None] | None,
    isolate: bool,
) -> tuple[float, int]:
    """Play the games ``todo``, appending each line in game order and its index to
    ``order``; return the seconds spent and the games played."""
    from tqdm import tqdm

    start = time.perf_counter()
    if not todo or runner is None:
        return time.perf_counter() - start, 0
    played = 0
    size = _chunk_size(len(todo), runner.workers)
    chunks = [
        [plan.task(g) for g in todo[i : i + size]] for i in range(0, len(todo), size)
    ]
    work = _ChunkPlayer(plan.game, plan.config.to_dict(), plan.specs, isolate)
    with (
        (directory / GAMES_FILE).open("a", encoding="utf-8", newline="\n") as out,
        (directory / TIMING_FILE).open("a", encoding="utf-8", newline="\n") as timing,
        tqdm(
            total=plan.games,
            initial=len(order),
            unit="game",
            desc="tournament",
            smoothing=0.1,
            disable=None if progress else True,
        ) as bar,
    ):
        for chunk, lines in zip(chunks, runner.map(work, chunks)):
            for task, (line, times) in zip(chunk, lines):
                out.write(line + "\n")
                out.flush()
                timing.write(times + "\n")
                timing.flush()
                order.append(task.number)
                played += 1
                bar.update(1)
                if on_game is not None:
                    on_game(task.number)
    return time.perf_counter() - start, played


class _ChunkPlayer:
    """A picklable ``chunk -> lines`` function (the config travels once per chunk).

    It carries the game's name and its ``"module:attr"`` entry in the registry of
    games, and the lineup's ``"module:Class"`` agent registry entries for that
    game, so a game or an agent added at run time is known to spawned and Ray
    workers too (a Python object registered as a factory reaches forked local
    workers only).
    """

    def __init__(
        self,
        game: str,
        config: dict[str, Any],
        specs: Sequence[str],
        isolate: bool = False,
    ) -> None:
        self.game = game
        self.config = config
        self.isolate = isolate
        self.game_entry = GAMES.get(game)
        names = {spec.partition(":")[0].strip() for spec in specs}
        self.registry: dict[str, Factory | dict[str, Factory]] = {}
        for name in sorted(names):
            entry = REGISTRY.get(name)
            if isinstance(entry, str):
                self.registry[name] = entry
            elif isinstance(entry, dict):
                wanted: dict[str, Factory] = {
                    key: factory
                    for key in (game, ANY_GAME)
                    if isinstance(factory := entry.get(key), str)
                }
                if wanted:
                    self.registry[name] = wanted

    def __call__(self, chunk: Sequence[GameTask]) -> list[tuple[str, str]]:
        if self.game_entry is not None:
            GAMES.setdefault(self.game, self.game_entry)
        for name, entry in self.registry.items():
            have = REGISTRY.get(name)
            if isinstance(entry, dict) and isinstance(have, dict):
                REGISTRY[name] = {**have, **entry}
            else:
                REGISTRY[name] = dict(entry) if isinstance(entry, dict) else entry
        return play_tasks(self.config, chunk, self.game, self.isolate)
