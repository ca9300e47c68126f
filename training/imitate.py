"""Learn a bot's play (`scavenger train --algo imitate`): a network that starts
where a strong bot is, for PPO to fine-tune or for `az` to search with.

Self-play from fresh weights spends most of its steps finding what a scripted
bot already knows. This plays games with a teacher (any bot spec: a scripted
bot, `ismcts`, ...), in every seat or in one seat against `opponents`, records
each of the teacher's decisions with a choice (the observation, the legal
actions, the move it made) and the results, and fits a fresh network: its policy
to the teacher's moves (cross-entropy), its critic to each seat's share of the
win (stopping at the epoch that does best on games it does not learn from, as a
critic learns each game's result by heart). One game in ten is held out to say how close it came: how often its most
likely move is the teacher's, and the critic's squared error against an equal
share's.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from scavenger_env.core.errors import ConfigError
from scavenger_env.core.games import get_game
from scavenger_env.core.records import atomic_output

from .critic import HELD_OUT, _held_out, split_games
from .expert import GameTask, _seeded, _with_bar

if TYPE_CHECKING:
    from .nets import Samples

__all__ = ["REPORT_FILE", "imitate", "imitation_tasks"]

REPORT_FILE = "imitation.json"


def imitation_tasks(
    teacher: str,
    game: str,
    num_players: int,
    games: int,
    seed: int,
    opponents: Sequence[str],
) -> list[GameTask]:
    """The teacher in every seat, or (with opponents) in one seat, rotated,
    against opponents drawn in turn; every teacher seat is learned from."""
    n = num_players
    tasks = []
    for i in range(games):
        game_seed = _seeded(seed, 9, i)
        if opponents:
            seat = i % n
            specs = [opponents[(i // n + k) % len(opponents)] for k in range(n)]
            specs[seat] = teacher
            sampled: tuple[int, ...] = (seat,)
        else:
            specs = [teacher] * n
            sampled = tuple(range(n))
        tasks.append(GameTask(game, n, game_seed, tuple(specs), sampled, imitate=True))
    return tasks


def imitate(
    teacher: str,
    output: str | os.PathLike[str],
    *,
    game: str,
    num_players: int = 2,
    games: int = 400,
    epochs: int = 10,
    seed: int = 0,
    opponents: Sequence[str] = (),
    hidden: Sequence[int] = (64, 64),
    value_hidden: Sequence[int] = (64, 64),
    batch_size: int = 256,
    learning_rate: float = 1e-3,
    threads: int = 1,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    say: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Write `output/policy.npz` (a policy and an "outcome" critic learned from
    `teacher`'s games) and `output/imitation.json` (the held-out figures,
    returned)."""
    from agents.backends import open_backend

    from .nets import PolicyValueNet, Samples, fit

    rules = get_game(game)
    if not rules.min_players <= num_players <= rules.max_players:
        raise ConfigError(
            f"num_players={num_players}: {rules.name} takes {rules.min_players} "
            f"to {rules.max_players} players"
        )
    if games < HELD_OUT:
        raise ConfigError(f"games={games}: imitate on at least {HELD_OUT} games")
    out = Path(output)
    if (out / "policy.npz").exists():
        raise ConfigError(f"{out / 'policy.npz'} exists; give another --output folder")
    tasks = imitation_tasks(teacher, rules.name, num_players, games, seed, opponents)
    with open_backend(backend, jobs, address) as runner:
        outcomes = _with_bar(tasks, runner, progress, "imitate: games")
    learn, held = split_games(outcomes)
    train_set, test_set = Samples.concat(learn), Samples.concat(held)
    import torch

    torch.manual_seed(_seeded(seed, 10))
    net = PolicyValueNet(
        rules.observation_size,
        rules.env_actions,
        num_players,
        hidden=hidden,
        value_hidden=value_hidden,
    )
    losses = fit(
        net,
        train_set,
        epochs=epochs,
        batch_size=batch_size,
        lr=learning_rate,
        train_value=False,
        seed=_seeded(seed, 11),
        threads=threads,
    )
    # every decision of a game has that game's result as its target, so a
    # critic can learn the games by heart: it learns epoch by epoch on nine in
    # ten of the learned games and keeps the epoch that did best on the tenth
    check = [p for i, p in enumerate(learn) if i % HELD_OUT == 0]
    rest = [p for i, p in enumerate(learn) if i % HELD_OUT != 0]
    critic_epochs, value_loss = _fit_critic(
        net,
        Samples.concat(rest),
        Samples.concat(check),
        epochs=epochs,
        batch_size=batch_size,
        lr=learning_rate,
        seed=seed,
        threads=threads,
    )
    losses["value_loss"] = value_loss
    report = _held_out(net, test_set, num_players)
    report["agreement"] = _agreement(net, test_set)
    won = [o.shares for o in outcomes]
    report.update(
        {
            "teacher": teacher,
            "opponents": list(opponents),
            "games": games,
            "held_out_games": len(held),
            "samples": len(train_set),
            "epochs": epochs,
            "critic_epochs": critic_epochs,
            "seed": seed,
            "teacher_win_share": round(_teacher_share(tasks, won), 4),
            "train_policy_loss": round(losses.get("policy_loss", float("nan")), 5),
            "train_value_loss": round(losses.get("value_loss", float("nan")), 5),
        }
    )
    meta = {
        "game": rules.name,
        "seed": seed,
        "imitation": report,
        "training": _command(
            teacher, rules.name, num_players, games, epochs, seed, opponents,
            hidden, batch_size, learning_rate,
        ),
    }  # fmt: skip
    out.mkdir(parents=True, exist_ok=True)
    net.to_policy(meta).save(out / "policy.npz")
    with atomic_output(out / REPORT_FILE) as f:
        f.write(json.dumps(report, indent=2) + "\n")
    say(
        f"learned {teacher}'s play from {len(train_set)} decisions of "
        f"{games - len(held)} games; held out {len(held)} games: its first choice "
        f"is {teacher}'s at {report['agreement']:.1%} of decisions, the critic's "
        f"squared error {report['mse']:.4f} (an equal share for all: "
        f"{report['mse_equal_share']:.4f}); wrote {out / 'policy.npz'}"
    )
    return report


def _fit_critic(
    net: Any,
    learn: Samples,
    check: Samples,
    *,
    epochs: int,
    batch_size: int,
    lr: float,
    seed: int,
    threads: int,
) -> tuple[int, float]:
    """Fit the critic an epoch at a time on `learn` while its squared error on
    `check` falls; keep the best epoch's weights. Returns the epochs kept and
    their training loss."""
    import copy

    from .nets import fit

    best = (float("inf"), 0, float("nan"), copy.deepcopy(net.critic.state_dict()))
    for epoch in range(1, epochs + 1):
        loss = fit(
            net,
            learn,
            epochs=1,
            batch_size=batch_size,
            lr=lr,
            train_policy=False,
            seed=_seeded(seed, 12, epoch),
            threads=threads,
        ).get("value_loss", float("nan"))
        error = _held_out(net, check, net.num_players)["mse"] if len(check) else 0.0
        if error >= best[0]:
            break
        best = (error, epoch, loss, copy.deepcopy(net.critic.state_dict()))
    net.critic.load_state_dict(best[3])
    return best[1], best[2]


def _agreement(net: Any, test: Samples) -> float:
    """The share of held-out decisions where the net's most likely legal move is
    the teacher's."""
    import torch

    if not len(test):
        return float("nan")
    with torch.no_grad():
        logits, _ = net(torch.from_numpy(test.obs))
    z = logits.numpy()
    z[~test.mask] = -np.inf
    return round(float((z.argmax(axis=1) == test.pi.argmax(axis=1)).mean()), 4)


def _teacher_share(tasks: Sequence[GameTask], shares: Sequence[list[float]]) -> float:
    """The teacher's mean share of the win over its seats in the games."""
    got = [s[seat] for t, s in zip(tasks, shares) for seat in t.sampled]
    return float(np.mean(got)) if got else float("nan")


def _command(
    teacher: str,
    game: str,
    num_players: int,
    games: int,
    epochs: int,
    seed: int,
    opponents: Sequence[str],
    hidden: Sequence[int],
    batch_size: int,
    learning_rate: float,
) -> str:
    """The command that makes this network again (where it is written aside)."""
    words = [
        f"scavenger train --algo imitate --game {game} --num-players {num_players}",
        f"--teacher {teacher}",
    ]
    if opponents:
        words.append(f"--opponents {','.join(opponents)}")
    words += [
        f"--imitate-games {games} --n-epochs {epochs} --seed {seed}",
        f"--net-arch {','.join(map(str, hidden))} --batch-size {batch_size}",
        f"--learning-rate {learning_rate:g}",
    ]
    return " ".join(words)
