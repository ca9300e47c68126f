"""Fit an outcome critic onto a policy file (`scavenger train --algo critic`).

A policy file without a critic (one written before critics were saved) plays as
`ppo` but cannot guide the `az` search, whose leaves need each seat's expected
share of the win. This plays games with the policy (sampling from it, in every
seat, or in one seat against `opponents`), records every decision of the
policy's seats with the results, and fits a critic to them, leaving the actor
as it is. One game in ten (by game, not by decision, so no game is on both
sides) is held out to say how good the critic is: its squared error against a
constant equal share's, and how often "my share is above an equal's" agrees
with who won.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scavenger_env.core.errors import ConfigError
from scavenger_env.core.records import atomic_output

from .expert import GameTask, _seeded, _with_bar

if TYPE_CHECKING:
    from .nets import Samples

__all__ = ["REPORT_FILE", "fit_critic"]

REPORT_FILE = "critic.json"
HELD_OUT = 10
"""One game in this many is held out."""


def critic_tasks(
    spec: str,
    game: str,
    num_players: int,
    games: int,
    seed: int,
    opponents: Sequence[str],
) -> list[GameTask]:
    """The games to learn from: the policy in every seat, or (with opponents)
    in one seat, rotated, against opponents drawn in turn."""
    n = num_players
    tasks = []
    for i in range(games):
        game_seed = _seeded(seed, 7, i)
        if opponents:
            seat = i % n
            specs = [opponents[(i // n + k) % len(opponents)] for k in range(n)]
            specs[seat] = spec
            tasks.append(GameTask(game, n, game_seed, tuple(specs), (seat,)))
        else:
            tasks.append(GameTask(game, n, game_seed, (spec,) * n, tuple(range(n))))
    return tasks


def split_games(outcomes: Sequence[Any]) -> tuple[list[Samples], list[Samples]]:
    """The games' samples, a `Samples` a game: those learned from, and one game
    in `HELD_OUT` held out (by game, so no game is on both sides)."""
    from .nets import Samples

    parts = [
        Samples(a["obs"], a["mask"], a["pi"], a["value"])
        for a in (o.arrays for o in outcomes)
        if a is not None and len(a["obs"])
    ]
    held = [p for i, p in enumerate(parts) if i % HELD_OUT == HELD_OUT - 1]
    learn = [p for i, p in enumerate(parts) if i % HELD_OUT != HELD_OUT - 1]
    return learn, held


def fit_critic(
    policy_path: str | os.PathLike[str],
    output: str | os.PathLike[str],
    *,
    game: str | None = None,
    num_players: int | None = None,
    games: int = 400,
    epochs: int = 10,
    seed: int = 0,
    opponents: Sequence[str] = (),
    value_hidden: Sequence[int] = (64, 64),
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    say: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Write `output/policy.npz` (the same actor, a fitted "outcome" critic) and
    `output/critic.json` (the held-out figures, returned)."""
    from agents.backends import open_backend
    from agents.ppo import Policy

    from .nets import PolicyValueNet, Samples, fit

    policy = Policy.load(policy_path, game=game, num_players=num_players)
    game = str(policy.meta["game"])
    n = int(policy.meta["num_players"])
    if games < HELD_OUT:
        raise ConfigError(f"games={games}: fit a critic on at least {HELD_OUT} games")
    out = Path(output)
    if (out / "policy.npz").exists():
        raise ConfigError(f"{out / 'policy.npz'} exists; give another --output folder")
    spec = f"ppo:model={Path(policy_path).resolve()},deterministic=0"
    tasks = critic_tasks(spec, game, n, games, seed, opponents)
    with open_backend(backend, jobs, address) as runner:
        outcomes = _with_bar(tasks, runner, progress, "critic: games")
    learn, held = split_games(outcomes)
    train_set, test_set = Samples.concat(learn), Samples.concat(held)
    source = PolicyValueNet.from_policy(policy, n)
    net = PolicyValueNet(
        policy.observation_size,
        policy.env_actions,
        n,
        hidden=policy.hidden,
        value_hidden=value_hidden,
        activation=policy.activation,
    )
    net.actor.load_state_dict(source.actor.state_dict())
    losses = fit(
        net, train_set, epochs=epochs, train_policy=False, seed=_seeded(seed, 8)
    )
    report = _held_out(net, test_set, n)
    report.update(
        {
            "games": games,
            "held_out_games": len(held),
            "samples": len(train_set),
            "epochs": epochs,
            "seed": seed,
            "opponents": list(opponents),
            "train_value_loss": round(losses.get("value_loss", float("nan")), 5),
        }
    )
    meta = {
        k: v
        for k, v in policy.meta.items()
        if k not in ("value", "format", "format_version")
    }
    meta["critic_fit"] = report
    out.mkdir(parents=True, exist_ok=True)
    net.to_policy(meta).save(out / "policy.npz")
    with atomic_output(out / REPORT_FILE) as f:
        f.write(json.dumps(report, indent=2) + "\n")
    say(
        f"critic fitted on {len(train_set)} decisions of {games - len(held)} games; "
        f"held out {len(held)} games: squared error {report['mse']:.4f} (an equal "
        f"share for all: {report['mse_equal_share']:.4f}), says who wins "
        f"{report['accuracy']:.1%} of decisions; wrote {out / 'policy.npz'}"
    )
    return report


def _held_out(net: Any, test: Samples, n: int) -> dict[str, Any]:
    import torch

    with torch.no_grad():
        _, values = net(torch.from_numpy(test.obs))
    v = values.numpy()
    mse = float(((v - test.value) ** 2).mean())
    equal = float(((1.0 / n - test.value) ** 2).mean())
    own = test.value[:, 0]
    decided = own != 1.0 / n  # not a tie among all
    agree = (v[decided, 0] > 1.0 / n) == (own[decided] > 1.0 / n)
    return {
        "mse": round(mse, 5),
        "mse_equal_share": round(equal, 5),
        "accuracy": round(float(agree.mean()) if len(agree) else float("nan"), 4),
        "held_out_samples": len(test),
    }
