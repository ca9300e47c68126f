"""Learner steps/s: the single-agent environment alone, and MaskablePPO training.

Both are measured in one run for each opponent, so the ratio of training to
random play says what share of the time the learning takes.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from scavenger_env.core.single_agent import SingleAgentEnv


def adapter_rate(game: str, opponent: str, seconds: float, seed: int = 0) -> float:
    """Learner steps/s of one `SingleAgentEnv`, the learner playing random legal
    actions from its mask."""
    from agents.registry import make_agent

    env = SingleAgentEnv(game, 2, opponents=[make_agent(opponent, game=game)])
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(100):
            legal = np.flatnonzero(env.action_masks())
            _, _, done, cut, _ = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if done or cut:
                env.reset()
    return steps / elapsed


def training_rate(
    game: str,
    opponent: str,
    steps: int,
    seed: int = 0,
    changes: dict[str, Any] | None = None,
) -> float:
    """Learner steps/s of MaskablePPO at the default training settings with
    `changes` (the first rollout, which builds the network, is not timed)."""
    import torch

    from .league import League
    from .run import fast_torch, make_envs, new_model
    from .settings import TrainSettings

    settings = TrainSettings(
        game=game, opponents=(opponent,), seed=seed, **(changes or {})
    ).check()
    fast_torch(torch, "cpu", settings.threads)
    vec = make_envs(settings, League([opponent]), run=None)
    model = new_model(settings, vec, "cpu")
    model.learn(settings.rollout_steps)
    rollouts = max(1, steps // settings.rollout_steps)
    start = time.perf_counter()
    model.learn(rollouts * settings.rollout_steps, reset_num_timesteps=False)
    took = time.perf_counter() - start
    vec.close()
    return rollouts * settings.rollout_steps / took


def bench_train(
    game: str,
    opponents: list[str],
    steps: int,
    seconds: float,
    changes: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """One row per opponent: the adapter's and training's steps/s, and the
    network, threads and vec env that training ran with."""
    from .settings import TrainSettings

    settings = TrainSettings(**(changes or {}))
    rows = []
    for opponent in opponents:
        env_rate = adapter_rate(game, opponent, seconds)
        train_rate = training_rate(game, opponent, steps, changes=changes)
        rows.append(
            {
                "game": game,
                "opponent": opponent,
                "net_arch": list(settings.net_arch),
                "shared_layers": list(settings.shared_layers),
                "threads": settings.threads,
                "vec_env": settings.vec_env,
                "adapter_steps_per_s": round(env_rate),
                "training_steps_per_s": round(train_rate),
                "ratio": round(train_rate / env_rate, 3),
            }
        )
    return rows


def format_bench(rows: list[dict[str, Any]]) -> str:
    empty: dict[str, Any] = {
        "net_arch": [], "shared_layers": [], "threads": 0, "vec_env": "dummy"
    }  # fmt: skip
    first = rows[0] if rows else empty
    shared = ",".join(map(str, first["shared_layers"])) or "none"
    lines = [
        "learner steps/s, 2 players (training: MaskablePPO, 16 envs, batch 512; "
        f"net_arch {','.join(map(str, first['net_arch']))}, shared layers {shared}, "
        f"torch threads {first['threads']}, vec env {first['vec_env']})",
        f"{'opponent':<12}{'adapter':>12}{'training':>12}{'ratio':>8}",
    ]
    for r in rows:
        lines.append(
            f"{r['opponent']:<12}{r['adapter_steps_per_s']:>12,}"
            f"{r['training_steps_per_s']:>12,}{r['ratio']:>8.2f}"
        )
    return "\n".join(lines)


def expert_rates(
    game: str,
    games: int = 2,
    iterations: int = 64,
    seed: int = 0,
    threads: int = 1,
) -> dict[str, Any]:
    """Expert iteration's throughput at its default net (64x64, fresh weights),
    2 players: self-play games with `az` searching `iterations` times a decision
    in every seat, played in this process (one core), then one epoch of the fit
    on the samples they gave.

    Environment steps/s counts every decision; searched decisions/s only those
    with a choice (a forced move asks no search), and search iterations/s is
    those times `iterations`."""
    import tempfile
    from pathlib import Path

    from .expert import (
        ExpertSettings,
        GameTask,
        _initial_net,
        _meta,
        _seeded,
        play_task,
    )
    from .nets import Samples, fit

    settings = ExpertSettings(
        game=game, search_iterations=iterations, seed=seed, threads=threads
    ).check()
    net = _initial_net(settings)
    with tempfile.TemporaryDirectory() as tmp:
        model = net.to_policy(_meta(settings, game=settings.game)).save(
            Path(tmp) / "net.npz"
        )
        spec = settings.search_spec(model, selfplay=True)
        outcomes = [
            play_task(
                GameTask(settings.game, 2, _seeded(seed, 7, i), (spec,) * 2, (0, 1))
            )
            for i in range(games)
        ]
    seconds = sum(o.seconds for o in outcomes)
    decisions = sum(o.decisions for o in outcomes)
    searched = sum(o.searched for o in outcomes)
    samples = Samples.concat(
        [
            Samples(a["obs"], a["mask"], a["pi"], a["value"])
            for a in (o.arrays for o in outcomes)
            if a is not None
        ]
    )
    # the fit is timed on the samples repeated to 16 batches, after one batch
    # that warms torch up
    batch = settings.batch_size
    rows = np.resize(np.arange(len(samples)), 16 * batch)
    fit(net, samples.take(rows[:batch]), epochs=1, batch_size=batch, threads=threads)
    start = time.perf_counter()
    fit(net, samples.take(rows), epochs=1, batch_size=batch, threads=threads)
    fit_s = time.perf_counter() - start
    return {
        "game": settings.game,
        "iterations": iterations,
        "games": games,
        "decisions": decisions,
        "searched": searched,
        "steps_per_s": round(decisions / seconds, 1),
        "searched_per_s": round(searched / seconds, 1),
        "iterations_per_s": round(searched * iterations / seconds),
        "samples": len(samples),
        "fit_samples_per_s": round(len(rows) / fit_s),
    }


def format_expert(row: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"expert iteration self-play, 2 players, {row['games']} "
            f"game{'s' if row['games'] != 1 else ''} in one process (az, "
            f"{row['iterations']} iterations a decision, 64x64 net)",
            f"{'environment steps/s':<24}{row['steps_per_s']:>10,.1f}",
            f"{'searched decisions/s':<24}{row['searched_per_s']:>10,.1f}",
            f"{'search iterations/s':<24}{row['iterations_per_s']:>10,}",
            f"{'fit samples/s':<24}{row['fit_samples_per_s']:>10,}"
            f"  (the {row['samples']:,} samples, batch 256)",
        ]
    )
