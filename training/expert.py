"""Expert iteration: the `az` search plays, the network learns what it chose.

A run goes by generations. In each:

1. **Self-play.** The best net so far, searching with `az` (temperature and
   root noise for variety), plays `games` games: most against itself, a
   `league_share` of them against the league (the scripted bots and frozen
   earlier best nets). Every searched decision of a searching seat becomes a
   sample: the seat's observation and mask, the search's visit shares as the
   policy target, and at the end the seat's result (each seat's share of the
   win, own seat first) as the value target.
2. **Learning.** The candidate net (actor and critic) is fitted to the samples
   of the last `window` generations: cross-entropy to the visit shares, squared
   error to the results.
3. **Promotion.** The candidate, searching, plays the best net, searching, seats
   rotated, until a sequential test (`training.sprt`) says it is stronger (it
   becomes the best, and the old best joins the league) or not, or
   `gate_games` are played (undecided: the best stays).
4. **Evaluation** every `eval_every` generations: the best net, searching,
   plays tournaments against the scripted bots (`eval/gen-N/`, `eval.csv`).

Games are played on the project's backends (`agents.backends`): in this
process, `jobs` local processes, or Ray (a cluster at `address`), so a cluster
plays self-play, promotion and evaluation games without any change here.

Everything a generation needs is derived from the seed and the generation's
number, and every generation leaves its files before the next begins, so a run
stopped at any point and resumed (`resume=True`) redoes at most the generation
it was in and goes on exactly as if it had not stopped.

The run folder: `run.json` (settings, with `"algo": "expert"`), `state.json`
(the generations done, the best net, the league), `nets/best.npz` and
`nets/candidate.npz`, `snapshots/gen-N.npz` (earlier best nets),
`samples/gen-N.npz`, `expert.csv` (a row per generation: losses, the promotion
test, throughput), `eval.csv`, `eval/`, and at the end `policy.npz` (the best
net: play it with `az:model=DIR/policy.npz`, or without search with
`ppo:model=DIR/policy.npz`) and `curve.png`.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from scavenger_env.core.chance import sample_outcome
from scavenger_env.core.errors import ConfigError
from scavenger_env.core.games import get_game
from scavenger_env.core.records import atomic_output

from .logs import EVAL_COLUMNS, EVAL_CSV, CsvLog
from .settings import SETTINGS_FILE, default_opponents
from .sprt import ACCEPT, CONTINUE, Sprt

__all__ = [
    "EXPERT_COLUMNS",
    "ExpertResult",
    "ExpertSettings",
    "GameTask",
    "play_tasks",
    "train_expert",
]

ALGO = "expert"
STATE_FILE = "state.json"
EXPERT_CSV = "expert.csv"
FINAL_POLICY = "policy.npz"
BEST = "nets/best.npz"
CANDIDATE = "nets/candidate.npz"
EXPERT_COLUMNS = (
    "generation",
    "wall_s",
    "games",
    "samples",
    "decisions",
    "searched",
    "decisions_per_s",
    "policy_loss",
    "value_loss",
    "gate_games",
    "gate_score",
    "gate_decision",
    "promoted",
    "best",
)
#: settings a resumed run may change: how long, where and how often it measures
MAY_CHANGE = frozenset(
    {"generations", "jobs", "backend", "address", "threads", "eval_every", "eval_games"}
)
#: a decision of a game that runs longer than this is a broken game
_MAX_DECISIONS = 100_000


@dataclass(frozen=True)
class ExpertSettings:
    """Everything that decides an expert-iteration run (`scavenger train --algo
    expert --help`)."""

    game: str = "cavein"
    num_players: int = 2
    seed: int = 0
    generations: int = 20
    #: self-play games per generation
    games: int = 40
    #: az iterations per decision in self-play and promotion games
    search_iterations: int = 64
    c_puct: float = 1.5
    #: self-play picks moves in proportion to visits^(1/temperature)
    temperature: float = 1.0
    #: the share of Dirichlet noise in the root's prior in self-play
    noise: float = 0.25
    #: the share of self-play games played against the league
    league_share: float = 0.25
    #: the league's scripted bots (agent specs); empty: the game's default
    opponents: tuple[str, ...] = ()
    #: the frozen earlier best nets the league keeps (oldest leave first)
    max_snapshots: int = 4
    hidden: tuple[int, ...] = (64, 64)
    value_hidden: tuple[int, ...] = (64, 64)
    #: start from this policy file (its actor, and its critic if it has one of
    #: kind "outcome"); "" for fresh weights
    init_from: str = ""
    #: the generations of samples the net learns from
    window: int = 4
    epochs: int = 4
    batch_size: int = 256
    learning_rate: float = 1e-3
    value_weight: float = 1.0
    #: the most games of a promotion test
    gate_games: int = 60
    #: the win share the test looks for above an equal's (1/n)
    gate_margin: float = 0.1
    #: generations between evaluations against the scripted bots (0: none)
    eval_every: int = 5
    eval_games: int = 40
    #: game-playing workers (local processes or Ray CPUs)
    jobs: int = 1
    backend: str = "local"
    address: str = ""
    threads: int = 1
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.opponents:
            object.__setattr__(self, "opponents", default_opponents(self.game))

    def check(self) -> ExpertSettings:
        """Raise `ConfigError` saying what is wrong; return self when all is well."""
        game = get_game(self.game)
        if not game.min_players <= self.num_players <= game.max_players:
            raise ConfigError(
                f"num_players={self.num_players}: {game.name} takes "
                f"{game.min_players} to {game.max_players} players"
            )
        for name in (
            "generations",
            "games",
            "search_iterations",
            "epochs",
            "batch_size",
            "window",
            "gate_games",
            "eval_games",
            "jobs",
            "threads",
        ):
            if getattr(self, name) <= 0:
                raise ConfigError(f"{name} must be positive, got {getattr(self, name)}")
        if self.seed < 0 or self.eval_every < 0 or self.max_snapshots < 0:
            raise ConfigError("seed, eval_every and max_snapshots must be non-negative")
        for name in ("league_share", "noise"):
            if not 0 <= getattr(self, name) <= 1:
                raise ConfigError(
                    f"{name} must lie in [0, 1], got {getattr(self, name)}"
                )
        p0 = 1 / self.num_players
        if not 0 < self.gate_margin < 1 - p0:
            raise ConfigError(
                f"gate_margin must lie in (0, {1 - p0:g}) at {self.num_players} "
                f"players, got {self.gate_margin}"
            )
        if self.backend not in ("local", "ray"):
            raise ConfigError(f"backend={self.backend!r}: use local or ray")
        if self.address and self.backend != "ray":
            raise ConfigError("address is for the ray backend (--backend ray)")
        for name in ("hidden", "value_hidden"):
            if any(size < 1 for size in getattr(self, name)):
                raise ConfigError(f"{name}: layer sizes must be positive")
        return self

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        for name in ("opponents", "hidden", "value_hidden"):
            data[name] = list(data[name])
        return {"algo": ALGO, **data}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExpertSettings:
        values = {k: v for k, v in data.items() if k != "algo"}
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ConfigError(f"unknown expert-iteration setting(s) {unknown}")
        for name in ("opponents", "hidden", "value_hidden"):
            if name in values:
                values[name] = tuple(values[name])
        return cls(**values)

    def search_spec(self, model: str | os.PathLike[str], *, selfplay: bool) -> str:
        """The `az` spec of a searching seat playing `model`."""
        spec = (
            f"az:model={Path(model).resolve()},iterations={self.search_iterations},"
            f"c_puct={self.c_puct}"
        )
        if selfplay:
            spec += f",temperature={self.temperature},noise={self.noise}"
        return spec


# -- playing games ---------------------------------------------------------------


@dataclass(frozen=True)
class GameTask:
    """One game to play: a spec per seat, the seats whose searches become
    samples, and the seed of everything drawn in it. With `imitate`, a sampled
    seat's own move is its policy target when it does not search."""

    game: str
    num_players: int
    seed: int
    specs: tuple[str, ...]
    sampled: tuple[int, ...] = ()
    imitate: bool = False


@dataclass
class GameOutcome:
    """What a game gave: each seat's share of the win, and the samples."""

    shares: list[float]
    decisions: int
    searched: int
    seconds: float
    arrays: dict[str, np.ndarray] | None = None


def _seeded(*parts: int) -> int:
    """A 63-bit seed from the run's seed and where it is used."""
    return int(
        np.random.SeedSequence(list(parts))
        .generate_state(2, np.uint32)
        .view(np.uint64)[0]
        >> 1
    )


def play_task(task: GameTask) -> GameOutcome:
    """Play `task` to the end (legal actions only; every draw from its seed)."""
    from agents.az import AZAgent
    from agents.base import view_for
    from agents.registry import make_agent

    rules = get_game(task.game)
    n = task.num_players
    config = rules.make_config(n)
    seeds = np.random.SeedSequence(task.seed).spawn(n + 2)
    state = rules.new_game(config, np.random.default_rng(seeds[0]))
    chance_rng = np.random.default_rng(seeds[1])
    seat_rngs = [np.random.default_rng(s) for s in seeds[2:]]
    agents = [make_agent(spec, game=rules.name) for spec in task.specs]
    for seat, agent in enumerate(agents):
        agent.reset(seat, rules.config_of(state))
    encoder = rules.make_encoder()
    codec = rules.codec()
    actions = rules.env_actions
    rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]] = []
    decisions = searched = 0
    start = time.perf_counter()
    while not rules.is_over(state):
        if rules.is_chance_node(state):
            rules.apply_action(
                state, sample_outcome(rules.chance_outcomes(state), chance_rng)
            )
            continue
        decisions += 1
        if decisions > _MAX_DECISIONS:
            raise RuntimeError(
                f"a game of {task.game} ran past {_MAX_DECISIONS} decisions"
            )
        seat = rules.current_player(state)
        legal = rules.legal_actions(state)
        agent = agents[seat]
        action = agent.act(
            view_for(agent, state, seat, game=rules), legal, seat_rngs[seat]
        )
        if seat in task.sampled and len(legal) > 1:
            # a search's visit shares are a policy target (or, imitating, the
            # move made); another player's decision gives a value target only
            # (a row of zeros for pi)
            pi = np.zeros(actions, dtype=np.float32)
            if isinstance(agent, AZAgent):
                searched += 1
                for a, visits in agent.last_visits.items():
                    pi[codec.encode(a, seat, n)] = visits
                pi /= max(float(pi.sum()), 1.0)
            elif task.imitate:
                pi[codec.encode(action, seat, n)] = 1.0
            mask = np.asarray(codec.legal_mask(legal, seat, n)) != 0
            rows.append((encoder.encode(state, seat), mask, pi, seat))
        rules.apply_action(state, action)
    won = rules.winners(state)
    shares = [1.0 / len(won) if p in won else 0.0 for p in range(n)]
    arrays = None
    if task.sampled:
        arrays = {
            "obs": np.array([r[0] for r in rows], dtype=np.float32).reshape(
                len(rows), -1
            ),
            "mask": np.array([r[1] for r in rows], dtype=bool).reshape(
                len(rows), actions
            ),
            "pi": np.array([r[2] for r in rows], dtype=np.float32).reshape(
                len(rows), actions
            ),
            "value": np.array(
                [[shares[(r[3] + i) % n] for i in range(n)] for r in rows],
                dtype=np.float32,
            ).reshape(len(rows), n),
        }
    return GameOutcome(shares, decisions, searched, time.perf_counter() - start, arrays)


def _play_chunk(chunk: list[GameTask]) -> list[GameOutcome]:
    return [play_task(task) for task in chunk]


def play_tasks(
    tasks: Sequence[GameTask],
    backend: Any,
    *,
    on_game: Callable[[GameOutcome], bool] | None = None,
) -> list[GameOutcome]:
    """Play `tasks` on `backend` (one game a chunk), in order; `on_game` sees
    each outcome in that order and may return True to stop (the games already
    sent are still waited for, and dropped)."""
    out: list[GameOutcome] = []
    results = backend.map(_play_chunk, [[t] for t in tasks])
    try:
        for chunk in results:
            for outcome in chunk:
                out.append(outcome)
                if on_game is not None and on_game(outcome):
                    return out
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    return out


# -- the run ---------------------------------------------------------------------


@dataclass
class ExpertResult:
    folder: Path
    generations: int
    best_generation: int
    wall_s: float


@dataclass
class _State:
    """What `state.json` holds: the generations done and who is best."""

    generation: int = 0
    best_generation: int = 0
    snapshots: list[str] = field(default_factory=list)
    wall_s: float = 0.0

    def save(self, run: Path) -> None:
        with atomic_output(run / STATE_FILE) as out:
            out.write(json.dumps(dataclasses.asdict(self), indent=2) + "\n")

    @classmethod
    def load(cls, run: Path) -> _State:
        try:
            return cls(**json.loads((run / STATE_FILE).read_text()))
        except FileNotFoundError:
            return cls()
        except (ValueError, TypeError) as exc:
            raise ConfigError(
                f"{run / STATE_FILE} is damaged ({exc}); start the run again in "
                "another folder"
            ) from None


def _meta(settings: ExpertSettings, **extra: Any) -> dict[str, Any]:
    return {
        "algo": ALGO,
        "seed": settings.seed,
        "settings": settings.to_dict(),
        **extra,
    }


def _initial_net(settings: ExpertSettings) -> Any:
    """The first net: `init_from`'s (actor, and critic when it is an outcome
    critic for this player count) or fresh weights."""
    from agents.ppo import Policy

    from .nets import PolicyValueNet

    rules = get_game(settings.game)
    if settings.init_from:
        policy = Policy.load(
            settings.init_from, game=rules.name, num_players=settings.num_players
        )
        return PolicyValueNet.from_policy(policy, settings.num_players)
    import torch

    torch.manual_seed(_seeded(settings.seed, 0))
    return PolicyValueNet(
        rules.observation_size,
        rules.env_actions,
        settings.num_players,
        hidden=settings.hidden,
        value_hidden=settings.value_hidden,
    )


def _prepare(run: Path, settings: ExpertSettings, resume: bool) -> ExpertSettings:
    """Create or check the run folder; returns the settings the run goes on with."""
    saved_file = run / SETTINGS_FILE
    if resume and saved_file.is_file():
        data = json.loads(saved_file.read_text())
        if data.get("algo") != ALGO:
            raise ConfigError(
                f"{run} holds a PPO run; resume it without --algo expert, or "
                "start expert iteration in another --output folder"
            )
        saved = ExpertSettings.from_dict(data)
        diff = [
            f"{f.name}: run {getattr(saved, f.name)!r}, asked {getattr(settings, f.name)!r}"
            for f in dataclasses.fields(ExpertSettings)
            if f.name not in MAY_CHANGE
            and getattr(saved, f.name) != getattr(settings, f.name)
        ]
        if diff:
            raise ConfigError(
                "this run was made with other settings (" + "; ".join(diff) + "); "
                "resume it with its own settings, or start a new run elsewhere"
            )
    elif run.exists() and any(run.iterdir()):
        raise ConfigError(
            f"{run} is not empty: give a new --output folder, or --resume to go on "
            "with the run in it"
        )
    run.mkdir(parents=True, exist_ok=True)
    (run / "nets").mkdir(exist_ok=True)
    (run / "samples").mkdir(exist_ok=True)
    (run / "snapshots").mkdir(exist_ok=True)
    with atomic_output(run / SETTINGS_FILE) as out:
        out.write(json.dumps(settings.to_dict(), indent=2) + "\n")
    return settings


def _selfplay_tasks(
    settings: ExpertSettings, generation: int, best: Path, league: list[str]
) -> list[GameTask]:
    """The generation's self-play games: the best net searching in every seat,
    or (a `league_share` of games) in one seat against league members."""
    n = settings.num_players
    rng = np.random.default_rng(_seeded(settings.seed, generation, 1))
    search = settings.search_spec(best, selfplay=True)
    tasks = []
    for i in range(settings.games):
        seed = _seeded(settings.seed, generation, 2, i)
        if league and rng.random() < settings.league_share:
            seat = i % n
            specs = [league[int(rng.integers(len(league)))] for _ in range(n)]
            specs[seat] = search
            tasks.append(GameTask(settings.game, n, seed, tuple(specs), (seat,)))
        else:
            tasks.append(
                GameTask(settings.game, n, seed, (search,) * n, tuple(range(n)))
            )
    return tasks


def _league(settings: ExpertSettings, state: _State, run: Path) -> list[str]:
    snaps = [
        f"ppo:model={(run / s).resolve()},deterministic=0" for s in state.snapshots
    ]
    return [*settings.opponents, *snaps]


def _gate(settings: ExpertSettings, generation: int, run: Path, backend: Any) -> Sprt:
    """Play the candidate against the best (both searching, no noise), seats
    rotated, until the sequential test decides or `gate_games` are played."""
    n = settings.num_players
    p0 = 1.0 / n
    test = Sprt(p0, p0 + settings.gate_margin)
    cand = settings.search_spec(run / CANDIDATE, selfplay=False)
    best = settings.search_spec(run / BEST, selfplay=False)
    tasks = []
    for i in range(settings.gate_games):
        specs = [best] * n
        specs[i % n] = cand
        tasks.append(
            GameTask(
                settings.game, n, _seeded(settings.seed, generation, 3, i), tuple(specs)
            )
        )

    def book(outcome: GameOutcome) -> bool:
        seat = len(test_seats) % n
        test_seats.append(seat)
        return test.add(outcome.shares[seat]) != CONTINUE

    test_seats: list[int] = []
    play_tasks(tasks, backend, on_game=book)
    return test


def train_expert(
    settings: ExpertSettings,
    folder: str | os.PathLike[str],
    *,
    resume: bool = False,
    progress: bool = False,
    say: Callable[[str], None] = print,
    stop_after: int | None = None,
) -> ExpertResult:
    """Run (or resume) expert iteration in `folder`; see the module docstring.
    `stop_after`: stop after this many generations in all, as an interruption
    would (no final files), for tests of resuming."""
    from agents.backends import open_backend

    from .nets import PolicyValueNet, Samples, fit

    settings = settings.check()
    run = Path(folder)
    if settings.init_from and not resume:
        from agents.ppo import Policy

        Policy.load(
            settings.init_from, game=settings.game, num_players=settings.num_players
        )
    settings = _prepare(run, settings, resume)
    state = _State.load(run)
    rules = get_game(settings.game)
    if not (run / BEST).is_file():
        net = _initial_net(settings)
        meta = _meta(settings, generation=0, game=rules.name)
        net.to_policy(meta).save(run / BEST)
        shutil.copyfile(run / BEST, run / CANDIDATE)
    log = CsvLog(run / EXPERT_CSV, EXPERT_COLUMNS)
    log.truncate_after(state.generation)
    evals = CsvLog(run / EVAL_CSV, EVAL_COLUMNS)
    evals.truncate_after(state.generation)
    started = time.perf_counter() - state.wall_s
    with open_backend(
        settings.backend, settings.jobs, settings.address or None
    ) as backend:
        while state.generation < settings.generations:
            if stop_after is not None and state.generation >= stop_after:
                return ExpertResult(
                    run, state.generation, state.best_generation, state.wall_s
                )
            g = state.generation + 1
            t0 = time.perf_counter()
            tasks = _selfplay_tasks(
                settings, g, run / BEST, _league(settings, state, run)
            )
            outcomes = _with_bar(tasks, backend, progress, f"generation {g}: self-play")
            spent = time.perf_counter() - t0
            parts = [o.arrays for o in outcomes if o.arrays is not None]
            gen_samples = Samples.concat(
                [Samples(a["obs"], a["mask"], a["pi"], a["value"]) for a in parts]
            )
            gen_samples.save(run / "samples" / f"gen-{g}.npz")
            window = [
                Samples.load(run / "samples" / f"gen-{k}.npz")
                for k in range(max(1, g - settings.window + 1), g + 1)
                if (run / "samples" / f"gen-{k}.npz").is_file()
            ]
            from agents.ppo import Policy

            net = PolicyValueNet.from_policy(
                Policy.read(run / CANDIDATE), settings.num_players
            )
            losses = fit(
                net,
                Samples.concat(window),
                epochs=settings.epochs,
                batch_size=settings.batch_size,
                lr=settings.learning_rate,
                value_weight=settings.value_weight,
                seed=_seeded(settings.seed, g, 4),
                threads=settings.threads,
            )
            net.to_policy(_meta(settings, generation=g, game=rules.name)).save(
                run / CANDIDATE
            )
            test = _gate(settings, g, run, backend)
            promoted = test.decision == ACCEPT
            if promoted:
                old = f"snapshots/gen-{state.best_generation}.npz"
                shutil.copyfile(run / BEST, run / old)
                state.snapshots = (
                    [*state.snapshots, old][-settings.max_snapshots :]
                    if settings.max_snapshots
                    else []
                )
                shutil.copyfile(run / CANDIDATE, run / BEST)
                state.best_generation = g
            decisions = sum(o.decisions for o in outcomes)
            searched = sum(o.searched for o in outcomes)
            log.write(
                {
                    "generation": g,
                    "wall_s": round(time.perf_counter() - started, 1),
                    "games": len(outcomes),
                    "samples": len(gen_samples),
                    "decisions": decisions,
                    "searched": searched,
                    "decisions_per_s": round(decisions / spent, 1) if spent else None,
                    "policy_loss": losses.get("policy_loss"),
                    "value_loss": losses.get("value_loss"),
                    "gate_games": test.games,
                    "gate_score": round(test.score / max(test.games, 1), 4),
                    "gate_decision": test.decision,
                    "promoted": int(promoted),
                    "best": state.best_generation,
                }
            )
            say(
                f"generation {g}: {len(gen_samples)} samples from {len(outcomes)} games "
                f"({decisions / spent if spent else 0:.0f} decisions/s); losses policy "
                f"{losses.get('policy_loss', float('nan')):.3f} value "
                f"{losses.get('value_loss', float('nan')):.4f}; candidate scored "
                f"{test.score:.1f} of {test.games} against the best: {test.decision}"
                + (" (promoted)" if promoted else "")
            )
            if settings.eval_every and g % settings.eval_every == 0:
                _evaluate(settings, g, state.best_generation, run, evals, progress, say)
            state.generation = g
            state.wall_s = time.perf_counter() - started
            state.save(run)
    shutil.copyfile(run / BEST, run / FINAL_POLICY)
    _plot(run, say)
    return ExpertResult(run, state.generation, state.best_generation, state.wall_s)


def _with_bar(
    tasks: list[GameTask], backend: Any, progress: bool, what: str
) -> list[GameOutcome]:
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(tasks), desc=what, unit="game", leave=False)

    def tick(_: GameOutcome) -> bool:
        if bar is not None:
            bar.update()
        return False

    try:
        return play_tasks(tasks, backend, on_game=tick)
    finally:
        if bar is not None:
            bar.close()


def _evaluate(
    settings: ExpertSettings,
    generation: int,
    best: int,
    run: Path,
    log: CsvLog,
    progress: bool,
    say: Callable[[str], None],
) -> None:
    """The best net, searching, against the scripted bots (tournaments)."""
    from .evaluate import measure

    results = measure(
        run / BEST,
        [o for o in settings.opponents],
        game=settings.game,
        num_players=settings.num_players,
        games=settings.eval_games,
        seed=_seeded(settings.seed, generation, 5) % 2**31,
        folder=run / "eval" / f"gen-{generation}",
        jobs=settings.jobs,
        progress=progress,
        spec=settings.search_spec(run / BEST, selfplay=False),
        backend=settings.backend,
        address=settings.address or None,
    )
    for r in results:
        log.write(r.as_row(generation))
    say(
        f"generation {generation}: the best net (of generation {best}) searching: "
        + ", ".join(
            f"{r.win_rate:.0%} vs {r.opponent} ({r.interval[0]:.0%}-{r.interval[1]:.0%})"
            for r in results
        )
    )


def _plot(run: Path, say: Callable[[str], None]) -> None:
    """`curve.png`: the evaluation win rates over the generations (when any)."""
    try:
        from .plots import plot_expert
    except ImportError:
        return
    path = plot_expert(run)
    if path is not None:
        say(f"wrote {path}")
