"""Fair, reproducible bot tournaments: duplicate deals, seat rotation, resumable
JSONL records, statistics.

A tournament is a **lineup** of K players (agent specs such as ``random`` or
``ismcts:iterations=200``) for games of N seats, N ≤ K, of one registered game
(``make_plan(..., game="cavein")``; every state is reached through
``scavenger_env.core.games.get_game(plan.game)``, so any game that implements the
game interface plays here). A spec named more than once becomes several players,
``random#1``, ``random#2``, ... (a mirror match).

- **Seatings**: for every group of N players out of the K (all of them when K = N),
  every order of the group for N ≤ 3, and for N = 4 a Williams Latin square (four
  orders in which each player sits in each seat once and directly follows each
  other player once; ``all_seatings=True`` plays all 24 orders). So every player
  sits in every seat equally often.
- **Deals**: deal ``d`` is the set-up seed ``game_seed(master_seed, d)``
  (:mod:`scavenger_env.core.seeding`, the seeds ``scavenger simulate`` uses), and
  every deal is played once in every seating: the same cards for everyone.
- **Games**: game ``g`` is deal ``g // S``, seating ``g % S`` (S seatings), so a
  tournament of D deals is ``D × S`` games. Each seat's agent draws from its own
  generator, ``default_rng(SeedSequence(rng_seed, spawn_key=(seat,)))``, where the
  game's ``rng_seed`` is the 63-bit ``SeedSequence(master_seed, spawn_key=(d, s))``;
  no global random state is used, so a game depends on the settings alone.
- **Files** in the output folder: ``tournament.json`` (the settings),
  ``games.jsonl`` (one record per game in game order, with ``players`` by seat and
  ``meta`` = deal, seating, rng_seed and the game's ``record_meta`` (Cave-In: the
  start player); flushed after each game),
  and, once every game is in, ``summary.json``, ``summary.csv``, ``report.md``
  and ``winrates.png`` (:mod:`agents.stats`, :mod:`agents.report`). ``timing.jsonl``
  holds each game's thinking time per seat (seconds, decisions, the slowest one);
  it is kept apart because clocks differ from run to run, and it feeds the
  ``ms_per_decision`` and ``max_ms_per_decision`` columns of the table and the CSV
  (``summary.json`` stays a function of the games alone).
- **Resume**: a rerun into the same folder keeps the games already there and plays
  the rest; an incomplete last line (a write cut off) is dropped and replayed.
  Every kept record is replayed first and must reproduce its outcome and digest (an
  edited record is refused with its line number). Settings that differ from
  ``tournament.json`` are refused, except the number of deals, which may grow (the
  earlier deals are the same); a folder made before rules versions resumes under
  its rules when the plan chose none. Since every game is a function of the
  settings and is written in game order, the file is byte for byte the same
  whatever the backend, the number of jobs and the interruptions.
- **Isolation**: ``run_tournament(..., isolation="process")`` plays every bot in a
  process of its own (:mod:`agents.pipe.isolate`), where it cannot reach the game;
  ``"none"`` plays bots in the tournament's processes (trusted code); ``"auto"``
  (the default) is ``"process"`` when any bot is untrusted (a ``file:`` bot). The
  games are the same either way.
- **One writer**: a run holds an exclusive lock on ``DIR/.lock`` throughout; a
  second run into the folder is refused at once. The lock dies with its process.

The modules: :mod:`.plan` (the lineup, seatings, deals, tasks), :mod:`.match` (one
game and its fair-play check: copies, one verifying replay), :mod:`.folder` (file names, ``tournament.json``,
older rules), :mod:`.lock` (one writer), :mod:`.scan` (reading ``games.jsonl``
back and replaying it, :mod:`.replay`), :mod:`.runner` (the run, on a backend),
:mod:`.outputs` (summary, CSV, report, plot) and :mod:`.bench` (games/s).
"""

from __future__ import annotations

from scavenger_env.core.simulate import replay_record

from ..backends import BackendError
from .errors import AgentError, TournamentError
from .folder import (
    GAMES_FILE,
    PLOT_FILE,
    REPORT_FILE,
    SETTINGS_FILE,
    SUMMARY_CSV,
    SUMMARY_FILE,
    TIMING_FILE,
    check_directory,
    rules_note,
)
from .lock import LOCK_FILE
from .match import MAX_DECISIONS, ThinkTime, play_game, replays_to, seat_rngs
from .outputs import read_timing, summarize_games, write_outputs
from .plan import (
    GameTask,
    Plan,
    check_spec,
    make_plan,
    player_labels,
    seatings,
    split_players,
)
from .runner import RunResult, play_tasks, run_tournament

__all__ = [
    "GAMES_FILE",
    "LOCK_FILE",
    "MAX_DECISIONS",
    "PLOT_FILE",
    "REPORT_FILE",
    "SETTINGS_FILE",
    "SUMMARY_CSV",
    "SUMMARY_FILE",
    "TIMING_FILE",
    "AgentError",
    "BackendError",
    "GameTask",
    "Plan",
    "RunResult",
    "ThinkTime",
    "TournamentError",
    "check_directory",
    "check_spec",
    "make_plan",
    "play_game",
    "play_tasks",
    "player_labels",
    "read_timing",
    "replay_record",
    "replays_to",
    "rules_note",
    "run_tournament",
    "seat_rngs",
    "seatings",
    "split_players",
    "summarize_games",
    "write_outputs",
]
