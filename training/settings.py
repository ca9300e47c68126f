"""The settings of a training run, saved as `run.json` in its folder.

A resumed run must be the same run: `check_resume` refuses settings that differ
from the saved ones, except those that only say how long or where it runs, or
how often it is measured (`timesteps` may grow; `device`, `threads`,
`eval_every` and `final_games` may change).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scavenger_env.core.errors import ConfigError
from scavenger_env.core.games import get_game
from scavenger_env.core.records import atomic_output
from scavenger_env.core.single_agent import REWARD_MODES

SETTINGS_FILE = "run.json"
#: settings a resumed run may change
MAY_CHANGE = frozenset(
    {"timesteps", "device", "threads", "vec_env", "eval_every", "final_games"}
)
#: how the environments are stepped: all in this process (SB3's DummyVecEnv), or
#: each in a process of its own (SubprocVecEnv); the same games either way
VEC_ENVS = ("dummy", "subproc")
#: each game's league of scripted bots when --opponents is not given: the
#: random bot, the greedy one and the game's strongest scripted heuristic
DEFAULT_OPPONENTS: dict[str, tuple[str, ...]] = {
    "cavein": ("random", "greedy", "raider"),
    "krysis": ("random", "greedy", "hauler"),
    "hewns": ("random", "prospector", "raider"),
}


def default_opponents(game: str) -> tuple[str, ...]:
    """The league's scripted bots for `game` when none are asked for."""
    return DEFAULT_OPPONENTS.get(game, ("random", "greedy"))


@dataclass(frozen=True)
class TrainSettings:
    """Everything that decides a training run (see `scavenger train --help`)."""

    game: str = "cavein"
    num_players: int = 2
    timesteps: int = 2_000_000
    seed: int = 0
    #: the scripted bots of the league (agent specs); empty: the game's default
    opponents: tuple[str, ...] = ()
    #: add frozen snapshots of the learner to the league
    self_play: bool = True
    reward: str = "score"
    #: environments stepped together
    n_envs: int = 16
    #: "dummy": all in this process, best when the opponents are quick (the
    #: policy update is most of the time); "subproc": a process each, so bots
    #: that think (greedy, ismcts) use every core
    vec_env: str = "dummy"
    #: steps per environment per rollout (a rollout is n_envs * n_steps steps)
    n_steps: int = 256
    batch_size: int = 512
    #: the shipped 2-player model's settings: on a 2-core budget a small network
    #: with many passes learned more per step than 256 x 256 with 5 passes
    n_epochs: int = 10
    learning_rate: float = 3e-4
    gamma: float = 0.99
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    ent_coef: float = 0.0
    net_arch: tuple[int, ...] = (64, 64)
    #: layers shared by the actor and the critic, before their `net_arch` layers
    shared_layers: tuple[int, ...] = ()
    #: a snapshot joins the league once the learner wins at least this share of
    #: its recent games against every member
    snapshot_threshold: float = 0.6
    #: ... with at least this many recent games against each member
    snapshot_min_games: int = 40
    #: the recent games per member that the win rates are taken over
    league_window: int = 200
    max_snapshots: int = 6
    #: rollouts between checkpoints
    checkpoint_rollouts: int = 5
    #: steps between evaluations against the scripted bots (0: none)
    eval_every: int = 250_000
    eval_games: int = 100
    #: games per bot of the final benchmark (0: none)
    final_games: int = 200
    device: str = "auto"
    #: torch threads on the CPU (capped at the cores here): two made the update
    #: about 1.4 times faster on a 2-core machine, the game running between
    threads: int = 2
    #: start from the network (and optimiser) of another run: its folder or an
    #: SB3 model.zip ("" for fresh weights); for fine-tuning and curricula
    init_from: str = ""
    #: steps at the start in which only the critic learns (the actor is held
    #: still): for a run started from a policy file, whose critic is fresh
    critic_warmup: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.opponents:
            object.__setattr__(self, "opponents", default_opponents(self.game))

    @property
    def rollout_steps(self) -> int:
        return self.n_envs * self.n_steps

    def check(self) -> TrainSettings:
        """Raise `ConfigError` saying what is wrong; return self when all is well."""
        game = get_game(self.game)
        if not game.min_players <= self.num_players <= game.max_players:
            raise ConfigError(
                f"num_players={self.num_players}: {game.name} takes "
                f"{game.min_players} to {game.max_players} players"
            )
        for name in (
            "timesteps",
            "n_envs",
            "n_steps",
            "batch_size",
            "n_epochs",
            "threads",
        ):
            if getattr(self, name) <= 0:
                raise ConfigError(f"{name} must be positive, got {getattr(self, name)}")
        if self.seed < 0:
            raise ConfigError(f"seed must be non-negative, got {self.seed}")
        if self.critic_warmup < 0:
            raise ConfigError(
                f"critic_warmup must be non-negative, got {self.critic_warmup}"
            )
        if self.vec_env not in VEC_ENVS:
            raise ConfigError(
                f"vec_env={self.vec_env!r}: use one of {', '.join(VEC_ENVS)}"
            )
        if self.reward not in REWARD_MODES:
            raise ConfigError(
                f"reward={self.reward!r}: use one of {', '.join(REWARD_MODES)}"
            )
        twice = sorted({o for o in self.opponents if self.opponents.count(o) > 1})
        if twice:
            # the league books results by name: a second copy would never be played
            raise ConfigError(
                f"opponents: {', '.join(twice)} given more than once; give each once"
            )
        if not 0 < self.snapshot_threshold <= 1:
            raise ConfigError("snapshot_threshold must lie in (0, 1]")
        if self.device not in ("auto", "cpu", "cuda") and not self.device.startswith(
            "cuda:"
        ):
            raise ConfigError(f"device={self.device!r}: use auto, cpu, cuda or cuda:N")
        for name in ("net_arch", "shared_layers"):
            if any(size < 1 for size in getattr(self, name)):
                raise ConfigError(
                    f"{name}={list(getattr(self, name))}: sizes must be positive"
                )
        if (self.rollout_steps) % self.batch_size:
            raise ConfigError(
                f"batch_size={self.batch_size} must divide the rollout of "
                f"n_envs * n_steps = {self.rollout_steps} steps"
            )
        return self

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["opponents"] = list(self.opponents)
        data["net_arch"] = list(self.net_arch)
        data["shared_layers"] = list(self.shared_layers)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrainSettings:
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown training setting(s) {unknown}")
        values = dict(data)
        # runs saved before shared layers existed had none
        values.setdefault("shared_layers", ())
        for name in ("opponents", "net_arch", "shared_layers"):
            if name in values:
                values[name] = tuple(values[name])
        return cls(**values)


def save_settings(folder: Path, settings: TrainSettings) -> None:
    with atomic_output(folder / SETTINGS_FILE) as out:
        out.write(json.dumps(settings.to_dict(), indent=2) + "\n")


def load_settings(folder: Path) -> TrainSettings:
    path = folder / SETTINGS_FILE
    try:
        return TrainSettings.from_dict(json.loads(path.read_text()))
    except FileNotFoundError:
        raise ConfigError(
            f"{folder} holds no training run ({SETTINGS_FILE} is missing): give "
            "another --output, or drop --resume to start a new run there"
        ) from None
    except (ValueError, TypeError) as exc:
        raise ConfigError(f"{path} is not a training run's settings: {exc}") from None


def check_resume(saved: TrainSettings, asked: TrainSettings) -> None:
    """Refuse to resume `saved` with settings that would make it another run."""
    diff = [
        f"{name}: run {getattr(saved, name)!r}, asked {getattr(asked, name)!r}"
        for name in (f.name for f in dataclasses.fields(TrainSettings))
        if name not in MAY_CHANGE and getattr(saved, name) != getattr(asked, name)
    ]
    if diff:
        raise ConfigError(
            "this run was made with other settings (" + "; ".join(diff) + "); "
            "resume it with its own settings (omit them: --resume reads run.json), "
            "or start a new run in another --output folder"
        )
    if asked.timesteps < saved.timesteps:
        raise ConfigError(
            f"--timesteps {asked.timesteps} is less than the run's {saved.timesteps}; "
            "a resumed run may only train longer"
        )
