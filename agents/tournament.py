"""Fair, reproducible bot tournaments: duplicate deals, seat rotation, resumable
JSONL records, statistics.

A tournament is a **lineup** of K players (agent specs such as ``random`` or
``ismcts:iterations=200``) for games of N seats, N ≤ K. A spec named more than once
becomes several players, ``random#1``, ``random#2``, ... (a mirror match).

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
  ``meta`` = deal, seating, start player, rng_seed; flushed after each game),
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
- **One writer**: a run holds an exclusive lock on ``DIR/.lock`` throughout; a
  second run into the folder is refused at once. The lock dies with its process.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import math
import operator
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from scavenger_env.cavein.engine import (
    ConfigError,
    GameConfig,
    IllegalActionError,
    apply_action,
    apply_legal_action,
    explain_illegal,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.state import GameState, same_state, snapshot
from scavenger_env.cavein.simulate import GAME, MAX_DECISIONS, record_from_game
from scavenger_env.core.records import GameRecord, RecordError, atomic_output
from scavenger_env.core.seeding import game_seed

from .backends import Backend, BackendError, open_backend
from .base import view_for
from .registry import REGISTRY, make_agent

__all__ = [
    "GAMES_FILE",
    "LOCK_FILE",
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
    "make_plan",
    "play_game",
    "player_labels",
    "read_timing",
    "replays_to",
    "run_tournament",
    "seat_rngs",
    "seatings",
    "split_players",
    "summarize_games",
    "write_outputs",
]

SETTINGS_FILE = "tournament.json"
GAMES_FILE = "games.jsonl"
SUMMARY_FILE = "summary.json"
TIMING_FILE = "timing.jsonl"
REPORT_FILE = "report.md"
SUMMARY_CSV = "summary.csv"
PLOT_FILE = "winrates.png"

SETTINGS_FORMAT = 1
"""The format of ``tournament.json``."""

INTERACTIVE = frozenset({"human"})
"""Agents that read a keyboard: refused in tournaments."""

_IDENTITY = ("game", "config", "specs", "seed", "all_seatings")
"""The settings a rerun into the same folder must repeat (``deals`` may grow)."""


class TournamentError(ValueError):
    """A mistake the user can fix: a bad lineup, a folder of another tournament."""


class AgentError(RuntimeError):
    """An agent raised, or chose an illegal action; the message names it and the game."""


# ------------------------------------------------------------------ one game


def seat_rngs(rng_seed: int, num_players: int) -> list[np.random.Generator]:
    """Seat ``s``'s generator: ``default_rng(SeedSequence(rng_seed, spawn_key=(s,)))``."""
    return [
        np.random.default_rng(np.random.SeedSequence(rng_seed, spawn_key=(seat,)))
        for seat in range(num_players)
    ]


@dataclass
class ThinkTime:
    """How long each seat thought in one game: only decisions with a choice count."""

    seconds: list[float]
    decisions: list[int]
    slowest: list[float]

    @classmethod
    def zero(cls, num_players: int) -> ThinkTime:
        return cls([0.0] * num_players, [0] * num_players, [0.0] * num_players)

    def add(self, seat: int, seconds: float) -> None:
        self.seconds[seat] += seconds
        self.decisions[seat] += 1
        self.slowest[seat] = max(self.slowest[seat], seconds)

    def to_json(self, game: int, players: Sequence[str]) -> str:
        return json.dumps(
            {
                "game": game,
                "players": list(players),
                "seconds": [round(x, 6) for x in self.seconds],
                "decisions": self.decisions,
                "slowest": [round(x, 6) for x in self.slowest],
            }
        )


def play_game(
    config: GameConfig,
    seed: int,
    specs_by_seat: Sequence[str],
    rng_seed: int,
    *,
    players: Sequence[str] | None = None,
    meta: dict[str, Any] | None = None,
    clock: ThinkTime | None = None,
    watch: bool = False,
) -> GameRecord:
    """Play one game between fresh agents built from ``specs_by_seat``.

    Agents see redacted copies (:class:`~agents.base.SeatView`), so what they are
    given cannot change the game. Whatever else an agent does, the game is refused
    unless its actions, replayed from ``new_game(config, seed)``, lead to the very
    state it ended in; the game is then played once more with ``watch`` on to name
    the agent that changed the state.

    Args:
        config: The rules; ``config.num_players`` must equal ``len(specs_by_seat)``.
        seed: The set-up seed (``new_game(config, seed)``).
        specs_by_seat: An agent spec per seat (``make_agent``).
        rng_seed: The seed each seat's generator derives from (:func:`seat_rngs`).
        players: The names to record per seat (default: the specs).
        meta: Extra facts for the record's ``meta``; ``start_player`` is added.
        clock: If given, each seat's thinking time is added to it (decisions with
            one legal action are not timed).
        watch: Compare the state before and after every agent's decision (slow).

    Returns:
        The game's record, with ``players`` and ``meta`` set.

    Raises:
        ValueError: a bad spec, or as many specs as seats are not given.
        AgentError: an agent raised, chose an illegal action or changed the state
            outside the rules.
    """
    n = config.num_players
    if len(specs_by_seat) != n:
        raise ValueError(f"{len(specs_by_seat)} agents for {n} seats")
    names = list(players) if players is not None else list(specs_by_seat)
    agents = [make_agent(spec) for spec in specs_by_seat]
    rngs = seat_rngs(rng_seed, n)
    for seat, agent in enumerate(agents):
        agent.reset(seat, config)
    state = new_game(config, seed)
    actions: list[int] = []
    # An agent that declares it never reads its view gets one blind view per
    # seat, kept up to date (a blind view holds no state, so it can be shared).
    blind = [
        None if getattr(agent, "reads_view", True) else view_for(agent, state, seat)
        for seat, agent in enumerate(agents)
    ]
    while not state.is_over:
        seat = state.current_player
        legal = legal_actions(state)
        if len(actions) >= MAX_DECISIONS:
            raise AgentError(
                f"game with seed {seed} did not end within {MAX_DECISIONS} decisions"
            )
        try:
            started = time.perf_counter()
            before = snapshot(state) if watch else None
            view = blind[seat]
            if view is None:
                view = view_for(agents[seat], state, seat)
            else:
                view.refresh(state)
            action = operator.index(agents[seat].act(view, legal[:], rngs[seat]))
            if clock is not None and len(legal) > 1:
                clock.add(seat, time.perf_counter() - started)
        except Exception as exc:
            raise AgentError(
                f"player {names[seat]!r} (seat {seat}) failed in the game with seed "
                f"{seed}: {type(exc).__name__}: {exc}"
            ) from exc
        if action not in legal:
            raise AgentError(
                f"player {names[seat]!r} (seat {seat}) chose the illegal action "
                f"{action} in the game with seed {seed}: {explain_illegal(state, action)}"
            )
        if before is not None and snapshot(state) != before:
            raise AgentError(
                f"player {names[seat]!r} (seat {seat}) changed the game's state outside "
                f"the rules in the game with seed {seed}; the game is refused (an "
                "agent may only return an action)"
            )
        try:
            apply_legal_action(state, action)  # `legal` is this very state's list
        except Exception:
            if watch:
                raise
            break  # a state changed outside the rules can break the engine: below
        actions.append(action)
    if not watch and not replays_to(config, seed, actions, state):
        # Play it again, watching every decision, to name the agent; this raises
        # unless the agents do not repeat themselves (a clock, say).
        play_game(config, seed, specs_by_seat, rng_seed, players=names, watch=True)
        raise AgentError(
            f"the game with seed {seed} between {', '.join(map(repr, names))} is "
            "refused: its state was changed outside the rules (its actions replayed "
            "do not lead to the state it ended in), and a second run with every "
            "decision watched did not show which agent did it"
        )
    record = record_from_game(config, seed, state, actions)
    record.players = names
    record.meta = {**(meta or {}), "start_player": int(state.start_player)}
    return record


def replays_to(
    config: GameConfig, seed: int, actions: Sequence[int], state: GameState
) -> bool:
    """Whether ``actions``, replayed under the rules from ``new_game(config, seed)``,
    end the game in exactly ``state``: the check that nothing but the rules moved
    it. Every action is checked as `scavenger replay` checks it, so a record that
    passes replays. The check costs about a fifth of a random bots' game, and
    nothing next to a searching bot's thinking."""
    if not state.is_over:
        return False
    replay = new_game(config, seed)
    try:
        for action in actions:
            apply_action(replay, action)
    except IllegalActionError:
        return False
    return same_state(replay, state)


# ------------------------------------------------------------------ the lineup


def split_players(text: str) -> list[str]:
    """Split ``"random,ismcts:iterations=200,time=1,greedy"`` into agent specs.

    Commas separate players, except that a part with ``=`` and no ``:`` continues
    the options of the spec before it.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def player_labels(specs: Sequence[str]) -> list[str]:
    """One distinct name per player: the spec, numbered ``#1, #2, ...`` if repeated."""
    counts = {spec: specs.count(spec) for spec in specs}
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        if counts[spec] == 1:
            labels.append(spec)
        else:
            seen[spec] = seen.get(spec, 0) + 1
            labels.append(f"{spec}#{seen[spec]}")
    return labels


def _williams(n: int) -> list[tuple[int, ...]]:
    """A Williams design: each symbol in each column once, each ordered pair of
    neighbours once (``n`` rows for even ``n``, ``2n`` for odd ``n``)."""
    first = [0]
    low, high = 1, n - 1
    while len(first) < n:
        first.append(low)
        low += 1
        if len(first) < n:
            first.append(high)
            high -= 1
    rows = [tuple((x + i) % n for x in first) for i in range(n)]
    if n % 2:
        rows += [row[::-1] for row in rows]
    return rows


def seatings(k: int, n: int, all_seatings: bool = False) -> list[tuple[int, ...]]:
    """The seatings of a lineup of ``k`` players in ``n`` seats.

    Each seating lists, per seat, the index of the player in it. For every group of
    ``n`` players (``itertools.combinations``), all orders when ``n <= 3`` or
    ``all_seatings``, else a Williams Latin square. Every player sits in every seat
    equally often.
    """
    if not 1 <= n <= k:
        raise ValueError(f"{k} players cannot fill {n} seats")
    if n <= 3 or all_seatings:
        rows = list(itertools.permutations(range(n)))
    else:
        rows = _williams(n)
    return [
        tuple(group[i] for i in row)
        for group in itertools.combinations(range(k), n)
        for row in rows
    ]


class GameTask(NamedTuple):
    """Everything a worker needs to play game ``index`` of a tournament."""

    number: int
    """The game's place in the tournament: ``deal * seatings + seating``."""
    deal: int
    seating: int
    seed: int
    rng_seed: int
    specs: tuple[str, ...]
    players: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """A tournament's settings and its games (build with :func:`make_plan`)."""

    specs: tuple[str, ...]
    config: GameConfig
    deals: int
    seed: int = 0
    all_seatings: bool = False
    game: str = GAME
    rules_given: bool = True
    """Whether the rules were chosen; when not (``make_plan`` without ``config``), a
    folder made under older rules is resumed under its own (:func:`check_directory`)."""
    labels: tuple[str, ...] = field(init=False)
    seatings: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "labels", tuple(player_labels(self.specs)))
        object.__setattr__(
            self,
            "seatings",
            tuple(
                seatings(len(self.specs), self.config.num_players, self.all_seatings)
            ),
        )

    @property
    def num_players(self) -> int:
        return self.config.num_players

    @property
    def games(self) -> int:
        """Deals × seatings."""
        return self.deals * len(self.seatings)

    def deal_seed(self, deal: int) -> int:
        return game_seed(self.seed, deal)

    def rng_seed(self, deal: int, seating: int) -> int:
        child = np.random.SeedSequence(self.seed, spawn_key=(deal, seating))
        return int(child.generate_state(1, np.uint64)[0]) >> 1

    def locate(self, index: int) -> tuple[int, int]:
        """Game ``index`` -> (deal, seating)."""
        return divmod(index, len(self.seatings))

    def task(self, index: int) -> GameTask:
        deal, seating = self.locate(index)
        order = self.seatings[seating]
        return GameTask(
            number=index,
            deal=deal,
            seating=seating,
            seed=self.deal_seed(deal),
            rng_seed=self.rng_seed(deal, seating),
            specs=tuple(self.specs[i] for i in order),
            players=tuple(self.labels[i] for i in order),
        )

    def settings(self) -> dict[str, Any]:
        """The JSON of ``tournament.json``."""
        return {
            "format": SETTINGS_FORMAT,
            "game": self.game,
            "config": self.config.to_dict(),
            "specs": list(self.specs),
            "players": list(self.labels),
            "num_players": self.num_players,
            "seed": self.seed,
            "all_seatings": self.all_seatings,
            "seatings": [[self.labels[i] for i in s] for s in self.seatings],
            "deals": self.deals,
            "games": self.games,
        }


def check_spec(spec: str, who: str | None = None) -> None:
    """Build the agent of ``spec`` once, turning any failure into TournamentError
    (``who`` names the player in it, e.g. "player 2 of 3")."""
    name = spec.partition(":")[0].strip()
    if name in INTERACTIVE:
        raise TournamentError(
            f"player {name!r} waits for a person at the keyboard and cannot play "
            "a tournament; play it with `scavenger play`"
        )
    try:
        make_agent(spec, who)
    except ValueError as exc:
        raise TournamentError(str(exc)) from None
    except (ImportError, AttributeError) as exc:
        raise TournamentError(
            f"player {name!r} is registered but cannot be loaded ({exc}); "
            f"choose from: {', '.join(sorted(REGISTRY))}"
        ) from None


def make_plan(
    players: Sequence[str] | str,
    num_players: int | None = None,
    *,
    games: int | None = None,
    deals: int | None = None,
    seed: int = 0,
    all_seatings: bool = False,
    config: GameConfig | None = None,
) -> Plan:
    """Check a tournament's settings and plan its games.

    Args:
        players: Agent specs, or one comma-separated string (:func:`split_players`).
        num_players: Seats per game (default: the number of players, or
            ``config.num_players``).
        games: Total games wanted; rounded up to whole deals (each deal is played
            in every seating). Give this or ``deals``.
        deals: Number of deals.
        seed: The master seed.
        all_seatings: With 4 seats, play all 24 orders instead of a Latin square.
        config: The rules (default: ``GameConfig(num_players=...)``; a folder
            made under older rules then resumes under its own, see
            :func:`check_directory`).

    Raises:
        TournamentError: what is wrong, and what is allowed.
    """
    specs = (
        split_players(players)
        if isinstance(players, str)
        else [p.strip() for p in players]
    )
    if any(not s for s in specs):
        raise TournamentError(
            "an empty player name in the list; write e.g. random,random"
        )
    if len(specs) < 2:
        raise TournamentError(
            f"a tournament needs at least 2 players, got {len(specs)}: give a list "
            "such as random,random (a name may be repeated)"
        )
    rules_given = config is not None
    if config is None:
        n = len(specs) if num_players is None else num_players
        try:
            config = GameConfig(num_players=n)
        except ConfigError as err:
            hint = (
                f" (one seat per player named; give fewer seats, e.g. --num-players "
                f"{min(4, len(specs))}, to play every group of that many)"
                if num_players is None
                else ""
            )
            raise TournamentError(f"{n} players per game: {err}{hint}") from None
    elif num_players is not None and num_players != config.num_players:
        raise TournamentError(
            f"num_players {num_players} differs from config.num_players "
            f"{config.num_players}"
        )
    n = config.num_players
    if len(specs) < n:
        raise TournamentError(
            f"too few players: {len(specs)} for {n} seats; name at least {n} "
            f"(repeat a name to seat the same bot twice, e.g. "
            f"{','.join([specs[0]] * n)})"
        )
    for index, spec in enumerate(specs):
        if spec not in specs[:index]:
            check_spec(spec, f"player {index + 1} of {len(specs)}")
    if (games is None) == (deals is None):
        raise TournamentError("give the number of games or of deals, not both")
    count = len(seatings(len(specs), n, all_seatings))
    if deals is None:
        assert games is not None
        if games < 1:
            raise TournamentError(
                f"the number of games must be at least 1, got {games}"
            )
        deals = math.ceil(games / count)
    if deals < 1:
        raise TournamentError(f"the number of deals must be at least 1, got {deals}")
    if seed < 0:
        raise TournamentError(f"the seed must be a non-negative int, got {seed}")
    return Plan(
        specs=tuple(specs),
        config=config,
        deals=deals,
        seed=seed,
        all_seatings=all_seatings,
        rules_given=rules_given,
    )


# ------------------------------------------------------------------ workers


def play_tasks(
    config_dict: dict[str, Any], tasks: Sequence[GameTask]
) -> list[tuple[str, str]]:
    """Play a chunk of games; return, in task order, each game's record and its
    thinking times, both as JSON lines."""
    config = GameConfig.from_dict(config_dict)
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
        )
        out.append((record.to_json(), clock.to_json(t.number, t.players)))
    return out


def _chunk_size(todo: int, workers: int) -> int:
    if workers <= 1:
        return 8
    # About 16 chunks per worker keep the tail (one worker still busy, the others
    # done) short; a chunk costs one round trip, small next to its games.
    return max(1, min(64, math.ceil(todo / (16 * workers))))


# ------------------------------------------------------------------ the folder


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


def check_directory(plan: Plan, directory: str | os.PathLike[str]) -> Plan:
    """Check that ``directory`` is new, or holds this tournament (reads only).

    Returns:
        The plan a run into ``directory`` follows: ``plan`` itself, or, when
        ``plan.rules_given`` is false and the folder was made under older rules
        (its config lacks fields added since, such as ``rules_version``), ``plan``
        under the folder's rules, so that it resumes as it began.

    Raises:
        TournamentError: ``directory`` is a file, or holds another tournament.
    """
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise TournamentError(f"--output {directory} is a file; give a folder")
    if directory.is_dir():
        return _check_settings(directory, plan)
    return plan


def _check_settings(directory: Path, plan: Plan) -> Plan:
    settings_path = directory / SETTINGS_FILE
    if not settings_path.exists():
        if (directory / GAMES_FILE).exists():
            raise TournamentError(
                f"{directory / GAMES_FILE} exists but {settings_path} does not, so its "
                "games cannot be checked; choose another --output folder"
            )
        return plan
    try:
        stored = json.loads(settings_path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        why = "nested too deeply" if isinstance(exc, RecursionError) else exc
        raise TournamentError(
            f"{settings_path} cannot be read ({why}); choose another --output folder"
        ) from None
    if not isinstance(stored, dict):
        raise TournamentError(f"{settings_path} is not a tournament's settings file")
    stored_config = _read_config(stored.get("config"))
    if not plan.rules_given and stored_config is not None:
        plan = _with_folder_rules(plan, stored["config"], stored_config)
    wanted = plan.settings()
    differ = [
        key
        for key in _IDENTITY
        if (
            stored_config != plan.config
            if key == "config"
            else stored.get(key) != wanted[key]
        )
    ]
    if differ:
        what = "; ".join(
            _config_difference(stored.get(key), stored_config, plan.config)
            if key == "config"
            else f"{key}: {_show(stored.get(key))} there, {_show(wanted[key])} now"
            for key in differ
        )
        raise TournamentError(
            f"{directory} holds a tournament with other settings ({what}); "
            "rerun with the same settings to resume it, or choose another --output "
            "folder"
        )
    return plan


def _read_config(data: Any) -> GameConfig | None:
    """A stored config as a GameConfig (a field it lacks takes its legacy value)."""
    if not isinstance(data, dict):
        return None
    try:
        return GameConfig.from_dict(data)
    except (ConfigError, TypeError):
        return None


def _with_folder_rules(
    plan: Plan, stored_data: dict[str, Any], stored: GameConfig
) -> Plan:
    """``plan`` under the stored rules, when it differs from them only in fields
    the user did not choose: ``rules_version`` and the fields the stored config
    lacks (added since it was written)."""
    have, wanted = stored.to_dict(), plan.config.to_dict()
    for key, value in wanted.items():
        if key != "rules_version" and key in stored_data and have[key] != value:
            return plan  # other settings: refused by the caller
    if stored == plan.config:
        return plan
    return dataclasses.replace(plan, config=stored)


def _config_difference(data: Any, stored: GameConfig | None, config: GameConfig) -> str:
    if stored is None:
        return f"config: {_show(data)} there, {_show(config.to_dict())} now"
    have, wanted = stored.to_dict(), config.to_dict()
    return "; ".join(
        f"config.{key}: {_show(have[key])} there, {_show(wanted[key])} now"
        for key in wanted
        if have[key] != wanted[key]
    )


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True)
    return str(value)


def _write_json_atomic(path: Path, data: Any) -> None:
    with atomic_output(path) as out:
        out.write(json.dumps(data, indent=2) + "\n")


# ------------------------------------------------------------------ the lock

LOCK_FILE = ".lock"
"""The file in the output folder that a running tournament holds locked."""

_WINDOWS_LOCK_OFFSET = 4096
"""Windows locks bytes: one past the PID text, so that others can still read it."""


class _FolderLock:
    """An exclusive lock on a tournament folder, held while a run uses it.

    ``DIR/.lock`` is locked with ``flock`` (``msvcrt.locking`` on Windows) and
    holds the owner's PID. The system drops the lock when its process ends, so a
    run that was killed never blocks the next one.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.fd: int | None = None

    def __enter__(self) -> _FolderLock:
        fd = os.open(self.directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except BlockingIOError:
            holder = _read_pid(fd)
            os.close(fd)
            raise TournamentError(
                f"{self.directory} is in use by another tournament (pid {holder}); "
                "wait for it to finish or choose another --output folder"
            ) from None
        except OSError as exc:
            os.close(fd)
            raise TournamentError(
                f"cannot lock {self.directory / LOCK_FILE} "
                f"({exc.strerror or exc}); choose an --output folder on a local disk"
            ) from None
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
        self.fd = fd
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # releases the lock
            self.fd = None


def _lock(fd: int) -> None:
    """Lock ``fd`` at once or raise BlockingIOError (no lock where neither works)."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:  # another process holds it
            raise BlockingIOError from None
        return
    try:
        import fcntl
    except ImportError:  # pragma: no cover - neither POSIX nor Windows: no lock
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _read_pid(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32)
    except OSError:
        text = b""
    pid = text.decode("ascii", "replace").strip()
    return pid if pid.isdigit() else "unknown"


# ------------------------------------------------------------------ reading back


_FIX_LINE = (
    "delete that line (its game is then played again) or choose another --output folder"
)

_VERIFY_CHUNK = 32
"""Records replayed per chunk when a worker pool checks a folder."""


class _Scan(NamedTuple):
    order: list[int]
    """The game indices in ``games.jsonl``, in file order."""
    tidy: bool
    """False when the file has blank lines (it is then rewritten at the end)."""
    to_verify: list[tuple[int, str]]
    """``(line number, line)`` of every record kept, to be replayed."""


def _scan(path: Path, plan: Plan, notes: list[str]) -> _Scan:
    """Read ``games.jsonl`` back: which games are there, and which lines to replay.

    Drops an incomplete last line (a write cut off).

    Raises:
        TournamentError: a line that is not a record of this tournament, a game
            recorded twice, a deal beyond ``plan.deals``, or a file none of whose
            lines belongs to this tournament.
    """
    if not path.exists():
        return _Scan([], True, [])
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
    return _Scan(order, tidy, to_verify)


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
        or not _same_config(record.config, config, plan.config, configs)
    ):
        return (
            f"deal {deal}, seating {seating} does not match this tournament's settings",
            None,
        )
    return None, index


def _same_config(
    data: dict[str, Any],
    config: dict[str, Any],
    wanted: GameConfig,
    cache: dict[str, bool],
) -> bool:
    """Whether a record's config is the plan's (an older record's config may lack
    fields added since; it is read as ``GameConfig.from_dict`` reads it)."""
    if data == config:
        return True
    key = json.dumps(data, sort_keys=True)
    if key not in cache:
        cache[key] = _read_config(data) == wanted
    return cache[key]


def _verify_lines(lines: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """Replay records; return ``(line number, what is wrong)`` for each that does
    not reproduce its outcome and digest (a picklable worker function)."""
    from scavenger_env.cavein.simulate import replay_record

    bad = []
    for number, line in lines:
        try:
            replay_record(GameRecord.from_json(line))
        except RecordError as err:
            bad.append((number, err.problem))
        except Exception as exc:  # a record the engine cannot even replay
            bad.append((number, f"the replay failed ({type(exc).__name__}: {exc})"))
    return bad


def _verify(path: Path, lines: list[tuple[int, str]], runner: Backend | None) -> None:
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
            lines[i : i + _VERIFY_CHUNK] for i in range(0, len(lines), _VERIFY_CHUNK)
        ]
        bad = [item for part in runner.map(_verify_lines, chunks) for item in part]
    if bad:
        number, problem = min(bad)
        raise TournamentError(
            f"{path} line {number}: {problem}; the record was edited or damaged: "
            f"{_FIX_LINE}"
        )


def _rewrite_sorted(path: Path, order: list[int]) -> None:
    lines = [
        line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()
    ]
    pairs = sorted(zip(order, lines))
    with atomic_output(path) as out:
        for _, line in pairs:
            out.write(line + "\n")


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

    Raises:
        TournamentError: the folder holds another tournament, foreign files or an
            edited record, or another run is using it.
        BackendError: the backend cannot be started.
        AgentError: an agent failed (the games written so far are kept).
    """
    directory = Path(directory)
    check_directory(plan, directory)  # refuse a foreign folder before touching it
    directory.mkdir(parents=True, exist_ok=True)
    with _FolderLock(directory), contextlib.ExitStack() as stack:
        plan = _check_settings(directory, plan)  # again, now that it is ours
        games_path = directory / GAMES_FILE
        notes: list[str] = []
        scan = _scan(games_path, plan, notes)
        order = scan.order
        done = set(order)
        todo = [g for g in range(plan.games) if g not in done]
        if max_games is not None:
            todo = todo[: max(0, max_games)]
        runner: Backend | None = None
        if todo or (jobs > 1 and len(scan.to_verify) > _VERIFY_CHUNK):
            runner = stack.enter_context(open_backend(backend, jobs, address))
        _verify(games_path, scan.to_verify, runner)
        if on_start is not None:
            on_start(plan)
        _write_json_atomic(directory / SETTINGS_FILE, plan.settings())
        elapsed, played = _play(plan, directory, todo, order, runner, progress, on_game)
        if not scan.tidy or order != sorted(order):
            _rewrite_sorted(games_path, order)
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
            result.summary = write_outputs(plan, directory, notes)
    return result


def _play(
    plan: Plan,
    directory: Path,
    todo: list[int],
    order: list[int],
    runner: Backend | None,
    progress: bool,
    on_game: Callable[[int], None] | None,
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
    work = _ChunkPlayer(plan.config.to_dict(), plan.specs)
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

    It carries the lineup's ``"module:Class"`` registry entries, so an agent added
    with ``register`` at run time is known to spawned and Ray workers too (a
    factory registered as a Python object reaches forked local workers only).
    """

    def __init__(self, config: dict[str, Any], specs: Sequence[str]) -> None:
        self.config = config
        names = {spec.partition(":")[0].strip() for spec in specs}
        self.registry = {
            name: entry
            for name in sorted(names)
            if isinstance(entry := REGISTRY.get(name), str)
        }

    def __call__(self, chunk: Sequence[GameTask]) -> list[tuple[str, str]]:
        REGISTRY.update(self.registry)
        return play_tasks(self.config, chunk)


def summarize_games(plan: Plan, directory: str | os.PathLike[str]) -> dict[str, Any]:
    """The statistics of ``directory/games.jsonl`` with the plan's header."""
    from scavenger_env.core.records import iter_records

    from .stats import summarize

    stats = summarize(iter_records(Path(directory) / GAMES_FILE), plan.labels)
    header = {
        "game": plan.game,
        "num_players": plan.num_players,
        "lineup": list(plan.labels),
        "specs": list(plan.specs),
        "seed": plan.seed,
        "deals": plan.deals,
        "seatings": len(plan.seatings),
    }
    return {**header, **stats}


def read_timing(path: Path, plan: Plan) -> dict[str, dict[str, float | None]]:
    """Per player: ``ms_per_decision`` (mean thinking time over its decisions with
    a choice) and ``max_ms_per_decision``, from ``timing.jsonl``.

    Clocks are not part of the record, so this file is best effort: a line that
    cannot be read, or one of a game played again after an interruption, is
    skipped (the last line of a game wins). A player with no timed decision gets
    ``None``.
    """
    per_game: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
                per_game[int(entry["game"])] = entry
            except (ValueError, KeyError, TypeError, RecursionError):
                continue
    seconds = dict.fromkeys(plan.labels, 0.0)
    decisions = dict.fromkeys(plan.labels, 0)
    slowest = dict.fromkeys(plan.labels, 0.0)
    for entry in per_game.values():
        try:
            rows = zip(
                entry["players"],
                entry["seconds"],
                entry["decisions"],
                entry["slowest"],
                strict=True,
            )
            for name, secs, count, top in rows:
                if name in seconds:
                    seconds[name] += float(secs)
                    decisions[name] += int(count)
                    slowest[name] = max(slowest[name], float(top))
        except (ValueError, KeyError, TypeError):
            continue
    return {
        name: {
            "ms_per_decision": (
                round(1000 * seconds[name] / decisions[name], 3)
                if decisions[name]
                else None
            ),
            "max_ms_per_decision": (
                round(1000 * slowest[name], 3) if decisions[name] else None
            ),
        }
        for name in plan.labels
    }


def write_outputs(
    plan: Plan, directory: str | os.PathLike[str], notes: list[str] | None = None
) -> dict[str, Any]:
    """Write ``summary.json``, ``summary.csv``, ``report.md`` and ``winrates.png``;
    return the summary.

    ``summary.json`` depends on the games alone (the same seed, the same bytes).
    The returned summary and the CSV add each player's thinking time
    (:func:`read_timing`), which differs from run to run.
    """
    from .report import format_markdown, plot_win_rates, write_csv

    directory = Path(directory)
    summary = summarize_games(plan, directory)
    _write_json_atomic(directory / SUMMARY_FILE, summary)
    timing = read_timing(directory / TIMING_FILE, plan)
    summary = {
        **summary,
        "players": [{**p, **timing[p["player"]]} for p in summary["players"]],
    }
    write_csv(summary, directory / SUMMARY_CSV)
    (directory / REPORT_FILE).write_text(
        format_markdown(summary, f"Tournament in {directory.name}"), encoding="utf-8"
    )
    why_not = plot_win_rates(summary, directory / PLOT_FILE)
    if why_not and notes is not None:
        notes.append(why_not)
    return summary
