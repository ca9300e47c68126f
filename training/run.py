"""A training run: MaskablePPO against a league, checkpointed, evaluated, resumable.

`train(settings, folder)` trains in chunks of `checkpoint_rollouts` rollouts.
After each chunk it evaluates (when a multiple of `eval_every` steps has been
passed) and writes a checkpoint. Everything that decides what happens next is in
the checkpoint: the network and optimiser, the league, each environment's
episode in progress and the global generators Stable-Baselines3 draws from. So a
run killed at any moment and resumed (`resume=True`) goes on exactly as if it had
not been stopped: same counters, same pool, same network.

The run folder:

- `run.json`: the settings; `checkpoints/`: the newest two checkpoints;
- `training.csv`, `league.csv`, `eval.csv`, `tb/` (TensorBoard): the logs;
- `snapshots/`: the policies frozen into the league;
- `eval/step-N/`: the tournaments of each evaluation;
- at the end: `policy.npz` (play it with `ppo:model=FOLDER/policy.npz`),
  `curve.png` (the evaluation and league win rates over the steps),
  `model.zip` (SB3, to train on), `benchmark/` (the final tournaments, with their
  reports) and `benchmark.md`.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
import zipfile
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from scavenger_env.core.errors import ConfigError
from scavenger_env.core.single_agent import SingleAgentEnv

from . import checkpoint as ckpt
from .evaluate import Result, measure, tag
from .league import League, Member
from .logs import (
    EVAL_COLUMNS,
    EVAL_CSV,
    LEAGUE_COLUMNS,
    LEAGUE_CSV,
    TRAINING_COLUMNS,
    TRAINING_CSV,
    CsvLog,
)
from .settings import (
    MAY_CHANGE,
    SETTINGS_FILE,
    TrainSettings,
    check_resume,
    load_settings,
    save_settings,
)
from .warm_start import ActorFreeze, is_policy_file, load_policy_file

SNAPSHOTS = "snapshots"
EVAL_DIR = "eval"
BENCHMARK_DIR = "benchmark"
BENCHMARK_FILE = "benchmark.md"
FINAL_POLICY = "policy.npz"
FINAL_MODEL = "model.zip"

TRAIN_EXTRA_HINT = (
    "training needs the [train] extra: pip install torch==2.13.0 --extra-index-url "
    "https://download.pytorch.org/whl/cpu (PyTorch's CPU build) && pip install "
    "'scavenger-env[train]' (or pip install -e '.[train]' in a checkout)"
)


class TrainingError(RuntimeError):
    """A training run cannot start or go on; the message says why and what to do."""


@dataclass
class TrainResult:
    folder: Path
    steps: int
    wall_s: float
    snapshots: int
    benchmark: list[Result]


def _sb3() -> Any:
    try:
        import sb3_contrib
        import torch  # noqa: F401
    except ImportError as exc:
        raise TrainingError(f"{TRAIN_EXTRA_HINT} ({exc})") from None
    return sb3_contrib


# -- the opponents -------------------------------------------------------------------


def league_opponents(
    league: League, settings: TrainSettings, run: Path | None
) -> list[Any]:
    """One agent object per league member (fresh objects: one set per env)."""
    return [member_agent(m, settings, run) for m in league.members]


def member_agent(m: Member, settings: TrainSettings, run: Path | None) -> Any:
    """A fresh agent object playing league member `m`, named as the member (the
    results are booked under that name)."""
    from agents.ppo import PPOAgent
    from agents.registry import make_agent

    if m.spec is not None:
        agent = make_agent(m.spec, game=settings.game)
    else:
        assert run is not None, "a league with snapshots needs its run folder"
        agent = PPOAgent(model=str(run / str(m.path)), deterministic=False)
    agent.name = m.name
    return agent


def restore_episode(
    vec: Any,
    index: int,
    saved: dict[str, Any],
    players: list[str],
    departed: dict[str, Member],
    settings: TrainSettings,
    run: Path,
) -> np.ndarray:
    """Put environment `index` of `vec` (holding the league's opponents) back
    into a saved episode.

    The episode's opponents are found by name (`players`, by seat): a snapshot
    that left the league while the episode went on still plays it out (it is
    rebuilt from `departed`, and not drawn again)."""
    env = _EnvAt(vec, index)
    league_players = list(env.get("opponents"))
    names = [str(getattr(p, "name", "")) for p in league_players]
    everyone = list(league_players)
    weights = list(saved["opponent_p"])
    drawn: list[int | None] = []
    for seat, index in enumerate(saved["drawn"]):
        if index is None:
            drawn.append(None)
            continue
        name = players[seat]
        if name not in names:
            names.append(name)
            everyone.append(member_agent(departed[name], settings, run))
            weights.append(0.0)
        drawn.append(names.index(name))
    if len(everyone) > len(league_players):
        env.call("set_opponents", everyone, weights)
    obs = env.call("restore_episode", {**saved, "drawn": drawn, "opponent_p": weights})
    if len(everyone) > len(league_players):
        # later episodes draw from the league alone (the next rollout sets the
        # weights, as in a run that never stopped)
        env.call("set_opponents", league_players, saved["opponent_p"])
    return np.asarray(obs)


class _EnvAt:
    """Environment `index` of a VecEnv, reached through the VecEnv's own calls:
    the same code whether it lives in this process or in a worker process."""

    def __init__(self, vec: Any, index: int) -> None:
        self.vec, self.index = vec, index

    def get(self, name: str) -> Any:
        return self.vec.get_attr(name, indices=[self.index])[0]

    def call(self, method: str, *args: Any) -> Any:
        return self.vec.env_method(method, *args, indices=[self.index])[0]


def fast_torch(torch: Any, device: str, threads: int) -> None:
    """Set torch up for training these small networks: `threads` CPU threads
    (at most the cores here; torch's default of one per core is slower when
    the game shares the process) and no argument checks on the action
    distributions (about 6% of the training time; SB3 builds only valid ones)."""
    if device == "cpu":
        torch.set_num_threads(max(1, min(threads, os.cpu_count() or 1)))
    torch.distributions.Distribution.set_default_validate_args(False)


def new_model(settings: TrainSettings, vec: Any, device: str) -> Any:
    """A fresh MaskablePPO for `settings` on the vectorised envs `vec`."""
    from sb3_contrib import MaskablePPO

    from .network import policy_kwargs

    return MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=settings.n_steps,
        batch_size=settings.batch_size,
        n_epochs=settings.n_epochs,
        learning_rate=settings.learning_rate,
        gamma=settings.gamma,
        gae_lambda=settings.gae_lambda,
        clip_range=settings.clip_range,
        ent_coef=settings.ent_coef,
        policy_kwargs=policy_kwargs(settings.net_arch, settings.shared_layers),
        seed=settings.seed,
        device=device,
        verbose=0,
    )


def make_envs(settings: TrainSettings, league: League, run: Path | None) -> Any:
    """The vectorised environments: `n_envs` `SingleAgentEnv`s, all stepped in
    this process (`vec_env="dummy"`: measured faster on 2 cores when the
    opponents are quick, as the policy update takes most of the time) or each in
    a worker process of its own (`"subproc"`: the opponents' thinking spreads
    over the cores). Each builds its own opponents from the league."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    weights = league.weights().tolist()

    def one() -> SingleAgentEnv:
        return SingleAgentEnv(
            settings.game,
            settings.num_players,
            opponents=league_opponents(league, settings, run),
            opponent_weights=weights,
            reward=settings.reward,
        )

    if settings.vec_env == "subproc":
        return SubprocVecEnv([one for _ in range(settings.n_envs)])
    return DummyVecEnv([one for _ in range(settings.n_envs)])


# -- the callback: league bookkeeping, logs, progress ----------------------------------


def _make_callback(run_state: _RunState) -> Any:
    from stable_baselines3.common.callbacks import BaseCallback

    class LeagueCallback(BaseCallback):
        """Feeds finished episodes to the league, reweights and grows it at each
        rollout, writes the logs."""

        def _on_step(self) -> bool:
            run_state.on_step(
                self.locals["infos"], self.locals["dones"], self.locals["rewards"]
            )
            return True

        def _on_rollout_start(self) -> None:
            run_state.on_rollout_start(self.model)

        def _on_rollout_end(self) -> None:
            run_state.on_rollout_end(self.model, self.logger)

    return LeagueCallback()


class _RunState:
    """What the run keeps between callbacks (and in its checkpoints)."""

    def __init__(
        self,
        settings: TrainSettings,
        run: Path,
        league: League,
        vec: Any,
        progress: Any,
        say: Callable[[str], None],
    ) -> None:
        self.settings = settings
        self.run = run
        self.league = league
        self.vec = vec
        self.progress = progress
        self.say = say
        self.episodes = 0
        self.wall_s = 0.0
        self.recent_len: deque[int] = deque(maxlen=200)
        self.recent_reward: deque[float] = deque(maxlen=200)
        self.recent_won: deque[int] = deque(maxlen=200)
        self.learner_steps = [0] * settings.n_envs
        self.returns = [0.0] * settings.n_envs
        self.last_eval = 0
        #: snapshots that left the league, while episodes against them go on
        self.departed: dict[str, Member] = {}
        self._clock = time.perf_counter()
        self._rollout_clock = time.perf_counter()
        self._rollout_start_steps = -1
        self.training_log = CsvLog(run / TRAINING_CSV, TRAINING_COLUMNS)
        self.league_log = CsvLog(run / LEAGUE_CSV, LEAGUE_COLUMNS)
        self.eval_log = CsvLog(run / EVAL_CSV, EVAL_COLUMNS)

    # -- counters in checkpoints
    def counters(self) -> dict[str, Any]:
        return {
            "episodes": self.episodes,
            "wall_s": self.elapsed(),
            "recent_len": list(self.recent_len),
            "recent_reward": list(self.recent_reward),
            "recent_won": list(self.recent_won),
            "learner_steps": list(self.learner_steps),
            "returns": list(self.returns),
            "last_eval": self.last_eval,
        }

    def restore(self, counters: dict[str, Any]) -> None:
        self.episodes = counters["episodes"]
        self.wall_s = counters["wall_s"]
        self.recent_len.extend(counters["recent_len"])
        self.recent_reward.extend(counters["recent_reward"])
        self.recent_won.extend(counters["recent_won"])
        self.learner_steps = list(counters["learner_steps"])
        self.returns = list(counters["returns"])
        self.last_eval = counters["last_eval"]

    def elapsed(self) -> float:
        return self.wall_s + time.perf_counter() - self._clock

    # -- callbacks
    def on_step(
        self, infos: list[dict[str, Any]], dones: np.ndarray, rewards: np.ndarray
    ) -> None:
        for i, (info, done) in enumerate(zip(infos, dones)):
            self.learner_steps[i] += 1
            # float32 as SB3 stores it (a SubprocVecEnv hands back float64)
            self.returns[i] += float(np.float32(rewards[i]))
            if not done:
                continue
            self.episodes += 1
            won = bool(info.get("won", False))
            if not info.get("truncated", False):
                for name in set(info.get("opponents", ())) - {"learner"}:
                    self.league.record(name, won)
            self.recent_len.append(self.learner_steps[i])
            self.recent_won.append(int(won))
            self.recent_reward.append(self.returns[i])
            self.learner_steps[i] = 0
            self.returns[i] = 0.0

    def on_rollout_start(self, model: Any) -> None:
        if self._rollout_start_steps < 0:  # the first rollout of this process
            self._rollout_clock = time.perf_counter()
            self._rollout_start_steps = model.num_timesteps
        league = self.league
        if self.settings.self_play and league.ready_for_snapshot():
            self.add_snapshot(model)
        self.vec.env_method("set_opponent_weights", league.weights().tolist())

    def add_snapshot(self, model: Any) -> None:
        league = self.league
        name = league.next_snapshot_name()
        rel = f"{SNAPSHOTS}/{name}.npz"
        (self.run / SNAPSHOTS).mkdir(exist_ok=True)
        export_policy(model, self.settings, {"snapshot": name}).save(self.run / rel)
        left = league.add_snapshot(name, rel, model.num_timesteps)
        if left is not None:
            self.departed[left.name] = left
        weights = league.weights().tolist()
        for i in range(self.vec.num_envs):  # fresh opponent objects for each env
            opponents = league_opponents(league, self.settings, self.run)
            _EnvAt(self.vec, i).call("set_opponents", opponents, weights)
        gone = f"; {left.name} leaves" if left else ""
        self.say(
            f"step {model.num_timesteps:,}: {name} joins the league{gone} "
            f"({len(league.members)} members)"
        )

    def on_rollout_end(self, model: Any, logger: Any) -> None:
        step = model.num_timesteps
        # steps/s since the previous rollout ended: collecting, the update and
        # the checkpoints and evaluations in between
        now = time.perf_counter()
        took = now - self._rollout_clock
        done = step - self._rollout_start_steps
        self._rollout_clock, self._rollout_start_steps = now, step
        values = dict(logger.name_to_value)
        row: dict[str, Any] = {
            "step": step,
            "wall_s": round(self.elapsed(), 1),
            "steps_per_s": done / took if took > 0 else None,
            "episodes": self.episodes,
            "ep_len_mean": float(np.mean(self.recent_len)) if self.recent_len else None,
            "ep_reward_mean": (
                float(np.mean(self.recent_reward)) if self.recent_reward else None
            ),
            "win_rate": float(np.mean(self.recent_won)) if self.recent_won else None,
            "pool_size": len(self.league.members),
        }
        for key in TRAINING_COLUMNS:
            if f"train/{key}" in values:
                row[key] = values[f"train/{key}"]
        self.training_log.write(row)
        logger.record("rollout/episodes", self.episodes)
        if row["ep_len_mean"] is not None:
            logger.record("rollout/ep_len_mean", row["ep_len_mean"])
            logger.record("rollout/win_rate", row["win_rate"])
        if row["steps_per_s"] is not None:
            logger.record("time/steps_per_s", row["steps_per_s"])
        logger.record("league/size", len(self.league.members))
        for entry in self.league.summary():
            self.league_log.write({"step": step, **entry})
            name = tag(entry["opponent"])
            if entry["win_rate"] is not None:
                logger.record(f"league/win_rate_vs_{name}", entry["win_rate"])
            logger.record(f"league/weight_{name}", entry["weight"])
        if self.progress is not None:
            self.progress.update(done)
            self.progress.set_postfix(
                win=f"{row['win_rate']:.2f}" if row["win_rate"] is not None else "-",
                pool=len(self.league.members),
                sps=f"{row['steps_per_s']:.0f}" if row["steps_per_s"] else "-",
            )


# -- the policy file ------------------------------------------------------------------


def export_policy(model: Any, settings: TrainSettings, extra: dict[str, Any]) -> Any:
    from agents.ppo import Policy

    meta = {
        "steps": int(model.num_timesteps),
        "seed": settings.seed,
        "settings": settings.to_dict(),
        **extra,
    }
    return Policy.from_sb3(
        model, game=settings.game, num_players=settings.num_players, extra_meta=meta
    )


def initial_model_file(init_from: str) -> Path:
    """The file that `init_from` names: the file itself (an SB3 `model.zip` or a
    policy file), or a run folder's final model, or its newest checkpoint's when
    it has not finished."""
    path = Path(init_from)
    if path.is_file():
        return path
    if path.is_dir():
        if (path / FINAL_MODEL).is_file():
            return path / FINAL_MODEL
        found = ckpt.latest(path)
        if found is not None:
            return found / ckpt.MODEL_FILE
        raise ConfigError(
            f"init_from={init_from!r}: the folder holds neither {FINAL_MODEL} nor "
            "a checkpoint; give a training run's folder, its model.zip or a "
            "policy file (.npz)"
        )
    raise ConfigError(
        f"init_from={init_from!r} does not exist; give a training run's folder, "
        "its model.zip or a policy file (.npz)"
    )


def load_initial_weights(model: Any, settings: TrainSettings, device: str) -> None:
    """Put the weights and optimiser state of `settings.init_from` into `model`
    (from a policy file: the actor's weights only); a network of another shape
    (other game, player count, --net-arch or --shared-layers) is refused with
    the reason."""
    path = initial_model_file(settings.init_from)
    if is_policy_file(path):
        load_policy_file(model, path, settings)
        return
    if not zipfile.is_zipfile(path):
        raise ConfigError(
            f"init_from={settings.init_from!r}: {path} is not a readable SB3 model "
            "(not a zip file); give a training run's folder, its model.zip or a "
            "policy file (.npz)"
        )
    try:
        model.set_parameters(str(path), exact_match=True, device=device)
    except (RuntimeError, ValueError, KeyError) as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else repr(err)
        raise ConfigError(
            f"init_from={settings.init_from!r}: its network does not fit this run "
            f"({settings.game}, {settings.num_players} players, net_arch "
            f"{list(settings.net_arch)}, shared_layers "
            f"{list(settings.shared_layers)}): {first}"
        ) from None
    except (OSError, EOFError, zipfile.BadZipFile) as err:
        raise ConfigError(
            f"init_from={settings.init_from!r}: {path} is not a readable SB3 "
            f"model ({err}); give a training run's folder or its model.zip"
        ) from None


# -- the run ---------------------------------------------------------------------------


def prepare_folder(
    folder: Path, settings: TrainSettings, resume: bool
) -> TrainSettings:
    """Check the output folder against `resume`; returns the settings to run."""
    settings.check()
    if resume:
        if not folder.is_dir():
            raise ConfigError(
                f"--resume: {folder} does not exist; drop --resume to start a run there"
            )
        saved = load_settings(folder)
        check_resume(saved, settings)
        # the saved settings decide, but for what may change
        settings = replace(saved, **{k: getattr(settings, k) for k in MAY_CHANGE})
        save_settings(folder, settings)
        return settings
    if folder.exists() and any(folder.iterdir()):
        raise ConfigError(
            f"{folder} already exists and is not empty: pass --resume to go on with "
            "the run in it, or give another --output"
        )
    folder.mkdir(parents=True, exist_ok=True)
    save_settings(folder, settings)
    return settings


def train(
    settings: TrainSettings,
    folder: str | os.PathLike[str],
    *,
    resume: bool = False,
    progress: bool = False,
    say: Callable[[str], None] = print,
    stop_after: int | None = None,
) -> TrainResult:
    """Train (or resume) the run in `folder`; see the module docstring.

    `stop_after`: stop once this many steps are done, as an interruption would
    (for tests of resuming): no final files, and when it falls between two
    checkpoints the steps since the last one are lost (a resumed run redoes them).
    """
    sb3_contrib = _sb3()
    import torch
    from stable_baselines3.common.logger import Logger, make_output_format

    run = Path(folder)
    # before the folder is made: a device that is not here leaves nothing behind
    device = _device(settings.check().device, torch)
    if settings.init_from and not resume:
        initial_model_file(settings.init_from)  # before anything is written
    made_folder = not run.exists()
    settings = prepare_folder(run, settings, resume)
    fast_torch(torch, device, settings.threads)
    ckpt.clean_partial(run)
    found = ckpt.latest(run) if resume else None
    saved_state = ckpt.load_state(found) if found is not None else None
    if saved_state is not None:
        league = League.from_state_dict(saved_state["league"])
    else:
        league = League(
            list(settings.opponents),
            window=settings.league_window,
            threshold=settings.snapshot_threshold,
            min_games=settings.snapshot_min_games,
            max_snapshots=settings.max_snapshots,
        )
    if found is not None and _finished(run, settings, _checkpoint_step(found)):
        say(_finished_message(run, settings, _checkpoint_step(found)))
        return TrainResult(run, _checkpoint_step(found), 0.0,
                           league.snapshots_made, [])  # fmt: skip
    vec = make_envs(settings, league, run)
    departed: dict[str, Member] = {}
    if found is not None and saved_state is not None:
        model = sb3_contrib.MaskablePPO.load(
            found / ckpt.MODEL_FILE, env=vec, device=device
        )
        departed = {
            name: Member(name, spec=m["spec"], path=m["path"])
            for name, m in saved_state["departed"].items()
        }
        obs = [
            restore_episode(vec, i, ep, players, departed, settings, run)
            for i, (ep, players) in enumerate(
                zip(saved_state["episodes"], saved_state["players"])
            )
        ]
        model._last_obs = np.stack(obs)
        model._last_episode_starts = saved_state["episode_starts"]
        ckpt.set_global_rng_state(saved_state["rng"])
        step = int(model.num_timesteps)
        say(f"resuming {run} from step {step:,} ({found.name})")
    else:
        model = new_model(settings, vec, device)
        if settings.init_from:
            try:
                load_initial_weights(model, settings, device)
            except ConfigError:
                vec.close()
                if not resume:  # a new run: take back what prepare_folder wrote
                    (run / SETTINGS_FILE).unlink(missing_ok=True)
                    if made_folder:
                        run.rmdir()
                raise
        step = 0
    for log, columns in (
        (TRAINING_CSV, TRAINING_COLUMNS),
        (LEAGUE_CSV, LEAGUE_COLUMNS),
        (EVAL_CSV, EVAL_COLUMNS),
    ):
        CsvLog(run / log, columns).truncate_after(step)
    formats = [make_output_format("tensorboard", str(run / "tb"))] if _has_tb() else []
    model.set_logger(Logger(str(run), formats))
    if saved_state is not None:  # the losses of the last update, not yet logged
        for key, value in saved_state["pending_logs"].items():
            model.logger.record(key, value)
    if settings.critic_warmup > step:
        ActorFreeze(model, settings.critic_warmup)
    bar = _progress_bar(progress, settings.timesteps, step)
    state = _RunState(settings, run, league, vec, bar, say)
    state.departed = departed
    if saved_state is not None:
        state.restore(saved_state["counters"])
    callback = _make_callback(state)
    chunk = settings.checkpoint_rollouts * settings.rollout_steps
    end = (
        settings.timesteps
        if stop_after is None
        else min(settings.timesteps, stop_after)
    )
    try:
        while model.num_timesteps < end:
            # chunks end at multiples of `chunk` (or at the end of the run),
            # wherever the run was resumed: evaluations and checkpoints fall on
            # the same steps as in a run that was never stopped
            boundary = (model.num_timesteps // chunk + 1) * chunk
            model.learn(
                min(boundary, end) - model.num_timesteps,
                callback=callback,
                reset_num_timesteps=False,
            )
            if model.num_timesteps < min(boundary, settings.timesteps):
                break  # stop_after between two checkpoints: as a kill would
            _evaluate_if_due(model, settings, state, run, say)
            _save_checkpoint(run, model, settings, state, vec)
    finally:
        if bar is not None:
            bar.close()
        vec.close()
    if stop_after is not None and model.num_timesteps < settings.timesteps:
        return TrainResult(run, int(model.num_timesteps), state.elapsed(),
                           league.snapshots_made, [])  # fmt: skip
    return _finish(model, settings, state, run, progress, say)


def _checkpoint_step(checkpoint: Path) -> int:
    """The learner steps done at `checkpoint` (its folder is named for them)."""
    return int(checkpoint.name.rpartition("-")[2])


def _finished(run: Path, settings: TrainSettings, step: int) -> bool:
    """Whether the run in `run` has trained all its steps and written its final
    files (the benchmark too, when it has one): resuming it has nothing to do. A
    run killed during its closing benchmark is not finished: it resumes it."""
    if step < settings.timesteps or not (run / FINAL_POLICY).is_file():
        return False
    return settings.final_games == 0 or (run / BENCHMARK_FILE).is_file()


def _finished_message(run: Path, settings: TrainSettings, step: int) -> str:
    bench = f", its benchmark in {run / BENCHMARK_FILE}" if settings.final_games else ""
    return (
        f"{run} is finished: {step:,} steps trained, its policy in "
        f"{run / FINAL_POLICY}{bench}; nothing to do (give a larger --timesteps "
        "to train longer)"
    )


def _finish(
    model: Any,
    settings: TrainSettings,
    state: _RunState,
    run: Path,
    progress: bool,
    say: Callable[[str], None],
) -> TrainResult:
    model.logger.dump(int(model.num_timesteps))  # what the last chunk recorded
    latest = ckpt.latest(run)
    assert latest is not None
    shutil.copyfile(latest / ckpt.MODEL_FILE, run / FINAL_MODEL)
    export_policy(model, settings, {"final": True}).save(run / FINAL_POLICY)
    results: list[Result] = []
    if settings.final_games > 0:
        say(
            f"benchmark: {settings.final_games} games per matchup against "
            f"{', '.join(settings.opponents)}"
        )
        bench = run / BENCHMARK_DIR
        _forget_other_policys_benchmark(bench, run / FINAL_POLICY)
        results = _measure(
            settings, bench / FINAL_POLICY, settings.final_games,
            settings.seed + 1_000_003, bench, progress,
        )  # fmt: skip
        (run / BENCHMARK_FILE).write_text(benchmark_markdown(results, settings))
        for r in results:
            low, high = r.interval
            say(
                f"  vs {r.opponent}: won {r.wins}/{r.games} = {r.win_rate:.1%} "
                f"(95% CI {low:.1%}-{high:.1%})"
            )
    try:
        from .plots import plot_run

        plot_run(run)
    except ImportError:  # matplotlib comes with [train]; without it, no plot only
        say("matplotlib is missing: no curve.png")
    say(
        f"trained {model.num_timesteps:,} steps in {state.elapsed() / 60:.1f} min; "
        "play it with: "
        + play_command(settings.game, settings.num_players, run / FINAL_POLICY)
    )
    return TrainResult(run, int(model.num_timesteps), state.elapsed(),
                       state.league.snapshots_made, results)  # fmt: skip


def _measure(
    settings: TrainSettings,
    policy: Path,
    games: int,
    seed: int,
    folder: Path,
    progress: bool = False,
) -> list[Result]:
    """The policy against the run's scripted bots, through the tournament."""
    return measure(
        policy,
        list(settings.opponents),
        game=settings.game,
        num_players=settings.num_players,
        games=games,
        seed=seed,
        folder=folder,
        progress=progress,
    )


def _forget_other_policys_benchmark(bench: Path, policy: Path) -> None:
    """Keep `bench` only if it measured this very policy (a run killed during its
    benchmark resumes it); a run resumed to train longer measures afresh. The
    policy measured is copied into the folder, so its games name it."""
    kept = bench / FINAL_POLICY
    if bench.exists() and not (
        kept.is_file() and kept.read_bytes() == policy.read_bytes()
    ):
        shutil.rmtree(bench)
    bench.mkdir(parents=True, exist_ok=True)
    if not kept.exists():
        shutil.copyfile(policy, kept)


def benchmark_markdown(results: list[Result], settings: TrainSettings) -> str:
    lines = [
        f"# Benchmark: {settings.game}, {settings.num_players} players",
        "",
        "| opponent | games | wins | win rate | 95% CI |",
        "|---|---:|---:|---:|---|",
    ]
    for r in results:
        low, high = r.interval
        lines.append(
            f"| {r.opponent} | {r.games} | {r.wins} | {r.win_rate:.1%} | "
            f"{low:.1%}-{high:.1%} |"
        )
    lines += ["", f"Each matchup's tournament report is in `{BENCHMARK_DIR}/`.", ""]
    return "\n".join(lines)


def _evaluate_if_due(
    model: Any,
    settings: TrainSettings,
    state: _RunState,
    run: Path,
    say: Callable[[str], None],
) -> None:
    every = settings.eval_every
    step = int(model.num_timesteps)
    if every <= 0 or step // every <= state.last_eval // every:
        return
    where = run / EVAL_DIR / f"step-{step:012d}"
    where.mkdir(parents=True, exist_ok=True)
    policy_path = where / FINAL_POLICY
    export_policy(model, settings, {"eval": step}).save(policy_path)
    results = _measure(
        settings, policy_path, settings.eval_games, settings.seed + 7, where
    )
    parts = []
    for r in results:
        row = r.as_row(step)
        state.eval_log.write(row)
        for key in ("win_rate", "ci_low", "ci_high"):
            model.logger.record(f"eval/{key}_vs_{tag(r.opponent)}", row[key])
        parts.append(
            f"{r.opponent} {r.win_rate:.0%} [{row['ci_low']:.0%}-{row['ci_high']:.0%}]"
        )
    # (no dump here: the next rollout's dump writes these with the losses)
    state.last_eval = step
    say(f"step {step:,}: eval " + ", ".join(parts))


def _save_checkpoint(
    run: Path, model: Any, settings: TrainSettings, state: _RunState, vec: Any
) -> None:
    players = vec.env_method("opponent_names")
    playing = {name for names in players for name in names}
    state.departed = {n: m for n, m in state.departed.items() if n in playing}
    data = {
        "step": int(model.num_timesteps),
        "league": state.league.state_dict(),
        "episodes": vec.env_method("episode_state"),
        # each episode's opponents by seat, and the snapshots among them that
        # left the league: a resumed run seats the same players
        "players": players,
        "departed": {
            n: {"spec": m.spec, "path": m.path} for n, m in state.departed.items()
        },
        "episode_starts": np.array(model._last_episode_starts, copy=True),
        "rng": ckpt.global_rng_state(),
        "counters": state.counters(),
        "pending_logs": {
            k: float(v)
            for k, v in model.logger.name_to_value.items()
            if isinstance(v, (int, float, np.integer, np.floating))
        },
    }
    ckpt.save(run, int(model.num_timesteps), model,
              export_policy(model, settings, {"checkpoint": True}), data)  # fmt: skip


def _device(asked: str, torch: Any) -> str:
    if asked == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if asked.startswith("cuda") and not torch.cuda.is_available():
        raise ConfigError(
            f"--device {asked}: no CUDA device is available here (torch "
            f"{torch.__version__}); use --device cpu or auto"
        )
    return asked


def _has_tb() -> bool:
    try:
        import tensorboard  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def play_command(game: str, num_players: int, policy: Path) -> str:
    """The command that seats you against `policy` (in every other seat, the
    player count it was trained for), quoted to run as printed."""
    import shlex

    return (
        f"scavenger play --game {shlex.quote(game)} --num-players {num_players} "
        f"--players {shlex.quote(f'human,ppo:model={policy}')}"
    )


class PlainProgress:
    """Training's progress where stderr is no terminal (a log file, a pipe, a
    job's output): a plain line every `every` seconds and at the end, where a
    drawn bar would fill the file with carriage returns."""

    def __init__(
        self, total: int, done: int, file: Any = None, every: float = 60.0
    ) -> None:
        self.total, self.n, self.every = total, done, every
        self.file = sys.stderr if file is None else file
        self.postfix: dict[str, object] = {}
        self._shown_at = time.monotonic()
        self._closed = False

    def update(self, n: int = 1) -> None:
        self.n += n
        if time.monotonic() - self._shown_at >= self.every:
            self._show()

    def set_postfix(self, **values: object) -> None:
        self.postfix = values

    def _show(self) -> None:
        share = self.n / self.total if self.total else 1.0
        extra = "".join(f", {k} {v}" for k, v in self.postfix.items())
        print(
            f"train: {self.n:,}/{self.total:,} steps ({share:.0%}){extra}",
            file=self.file,
            flush=True,
        )
        self._shown_at = time.monotonic()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._show()


def _progress_bar(progress: bool, total: int, done: int) -> Any:
    """tqdm's bar on a terminal; plain periodic lines elsewhere (PlainProgress)."""
    if not progress:
        return None
    if not sys.stderr.isatty():
        return PlainProgress(total, done)
    from tqdm import tqdm

    return tqdm(total=total, initial=done, unit="step", unit_scale=True, desc="train")
