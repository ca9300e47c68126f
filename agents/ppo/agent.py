"""The `ppo` player: a trained policy file played with numpy.

`ppo` plays the model shipped for the game and player count
(`agents/ppo/models/{game}-{n}p.npz`); `ppo:model=PATH` plays a `policy.npz`
written by training; `ppo:deterministic=0` samples from the policy instead of
taking its best action. The agent reads only its observation and action mask
(an observing `SeatView`), exactly what the policy saw in training.

A file is read once per process (cached by path and modification time), so the
fresh agents a tournament builds for every game share it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from ..base import SeatView
from .policy import Policy, PolicyNotFoundError, train_hint

__all__ = ["MODELS_DIR", "PPOAgent", "cached_policy", "shipped_model", "shipped_models"]

MODELS_DIR = Path(__file__).parent / "models"
"""Where the shipped models live, one `{game}-{n}p.npz` per game and player count."""

#: (resolved path, mtime_ns, size) -> the policy read from it
_POLICIES: dict[tuple[str, int, int], Policy] = {}


def shipped_models() -> list[str]:
    """The shipped models' names ("cavein-2p", ...), sorted."""
    return sorted(p.stem for p in MODELS_DIR.glob("*.npz"))


def shipped_model(game: str, num_players: int) -> Path:
    """The shipped model's path for `game` with `num_players` seats.

    Raises:
        PolicyNotFoundError: none is shipped; the message lists those that are.
    """
    path = MODELS_DIR / f"{game}-{num_players}p.npz"
    if not path.is_file():
        shipped = ", ".join(shipped_models()) or "none yet"
        raise PolicyNotFoundError(
            f"no model is shipped for {game} with {num_players} players (shipped: "
            f"{shipped}); pass a policy file with ppo:model=PATH ("
            f"{train_hint(game, num_players)})"
        )
    return path


def cached_policy(path: str | os.PathLike[str]) -> Policy:
    """`Policy.read(path)`, once per process for each version of the file."""
    where = Path(path).expanduser().absolute()
    try:
        stat = where.stat()
    except OSError:
        return Policy.read(where)  # raises, saying what is missing
    key = (str(where.resolve()), stat.st_mtime_ns, stat.st_size)
    policy = _POLICIES.get(key)
    if policy is None:
        policy = _POLICIES[key] = Policy.read(where)
    return policy


class PPOAgent:
    """A trained MaskablePPO policy (the shipped model, or model=PATH), numpy only."""

    name = "ppo"
    reads_observation = True  # an observing view: observation and mask only
    reads_view = False
    option_info: ClassVar[dict[str, dict[str, object]]] = {
        "model": {"default": "the model shipped for the game and player count"},
    }

    def __init__(self, model: str = "", deterministic: bool = True) -> None:
        """Args:
        model: a policy file (`policy.npz` from training); empty: the shipped
            model for the game and player count.
        deterministic: play the policy's best legal action; False: draw from
            its distribution over the legal actions (with the seat's generator).
        """
        self.model = Path(model).expanduser().absolute() if model else None
        self.deterministic = bool(deterministic)
        self.seat = -1
        #: the (game name, player count) the policy below was checked for
        self._bound: tuple[str, int] | None = None
        self._policy: Policy | None = None
        self._codec: Any = None
        if self.model is not None:
            cached_policy(self.model)  # a missing or broken file fails here

    def reset(self, seat: int, config: Any) -> None:
        self.seat = seat
        if self.model is not None:  # the game is known at the first act only
            cached_policy(self.model).check(num_players=config.num_players)

    def check_game(self, game: str, num_players: int) -> None:
        """Raise `PolicyFileError` (a ValueError) now, before any game, when no
        policy plays `game` with `num_players` seats: a tournament is refused
        at its start instead of failing at the first decision."""
        path = (
            self.model if self.model is not None else shipped_model(game, num_players)
        )
        cached_policy(path).check(game, num_players)

    def _bind(self, view: SeatView) -> None:
        """Find and check the policy for the view's game and player count."""
        game, n = view.game.name, view.num_players
        path = self.model if self.model is not None else shipped_model(game, n)
        policy = cached_policy(path)
        policy.check(game, n)
        self._policy, self._codec, self._bound = policy, view.game.codec(), (game, n)

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if self._bound != (view.game.name, view.num_players):
            self._bind(view)
        if len(legal) == 1:
            return legal[0]
        assert self._policy is not None
        env_id = self._policy.act(
            view.observation(), view.action_mask(), rng, self.deterministic
        )
        action = int(self._codec.decode(env_id, view.seat, view.num_players))
        if action not in legal:
            raise RuntimeError(
                f"ppo chose env action {env_id} (engine action {action}), which is "
                f"not legal for seat {view.seat}: the action mask and the legal "
                "actions disagree (a bug in the game's codec or encoder)"
            )
        return action
