"""The policy-and-value network that expert iteration trains, and its fitting.

`PolicyValueNet` is two plain MLPs on the flat observation, laid out exactly as
a policy file (`agents.ppo.Policy`) computes them: the actor's hidden layers and
logits, and the critic's hidden layers and one output per seat (each seat's
expected share of the win, the observing seat first). So a net goes to a file
that plays without torch (`to_policy`) and comes back from one (`from_policy`)
with nothing lost.

`Samples` are what self-play gives the net to learn: observations, masks, the
search's visit shares (the policy target) and the results (the value target).
`fit` is plain supervised learning on them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from agents.ppo.policy import FORMAT, FORMAT_VERSION, Policy
from scavenger_env.core.games import get_game

__all__ = ["PolicyValueNet", "Samples", "fit"]

_ACTIVATIONS = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}


def _mlp(sizes: Sequence[int], activation: str) -> torch.nn.Sequential:
    """Linear layers of `sizes`, the activation after each but the last."""
    layers: list[torch.nn.Module] = []
    for i, (a, b) in enumerate(itertools.pairwise(sizes)):
        layers.append(torch.nn.Linear(a, b))
        if i < len(sizes) - 2:
            layers.append(_ACTIVATIONS[activation]())
    return torch.nn.Sequential(*layers)


def _linears(seq: torch.nn.Sequential) -> list[torch.nn.Linear]:
    return [m for m in seq if isinstance(m, torch.nn.Linear)]


class PolicyValueNet(torch.nn.Module):
    """An actor (logits over the env's actions) and a critic (a win share per
    seat, own seat first), each an MLP on the observation."""

    def __init__(
        self,
        observation_size: int,
        env_actions: int,
        num_players: int,
        hidden: Sequence[int] = (64, 64),
        value_hidden: Sequence[int] = (64, 64),
        activation: str = "tanh",
    ) -> None:
        super().__init__()
        if activation not in _ACTIVATIONS:
            raise ValueError(f"activation {activation!r}: use tanh or relu")
        self.activation = activation
        self.num_players = int(num_players)
        self.actor = _mlp([observation_size, *hidden, env_actions], activation)
        self.critic = _mlp([observation_size, *value_hidden, num_players], activation)
        with torch.no_grad():  # start every seat at an equal's share
            last = _linears(self.critic)[-1]
            last.weight.zero_()
            last.bias.fill_(1.0 / num_players)

    def forward(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.actor(obs), self.critic(obs)

    @classmethod
    def from_policy(
        cls, policy: Policy, num_players: int | None = None
    ) -> PolicyValueNet:
        """A net with `policy`'s actor, and its critic when it has an "outcome"
        critic for `num_players` seats (else a fresh one of the actor's hidden
        sizes)."""
        n = int(num_players or policy.meta["num_players"])
        keep = policy.value_kind == "outcome" and policy.value_weights[-1].shape[0] == n
        value_hidden = (
            [w.shape[0] for w in policy.value_weights[:-1]] if keep else policy.hidden
        )
        net = cls(
            policy.observation_size,
            policy.env_actions,
            n,
            hidden=policy.hidden,
            value_hidden=value_hidden,
            activation=policy.activation,
        )
        pairs = list(zip(_linears(net.actor), zip(policy.weights, policy.biases)))
        if keep:
            pairs += zip(
                _linears(net.critic), zip(policy.value_weights, policy.value_biases)
            )
        with torch.no_grad():
            for layer, (w, b) in pairs:
                layer.weight.copy_(torch.from_numpy(np.array(w)))
                layer.bias.copy_(torch.from_numpy(np.array(b)))
        return net

    def to_policy(self, meta: dict[str, Any]) -> Policy:
        """The net as a policy file's `Policy` (critic of kind "outcome");
        `meta` must name the game and the player count."""

        def arrays(seq: torch.nn.Sequential) -> list[tuple[np.ndarray, np.ndarray]]:
            return [
                (
                    m.weight.detach().cpu().numpy().copy(),
                    m.bias.detach().cpu().numpy().copy(),
                )
                for m in _linears(seq)
            ]

        rules = get_game(meta["game"])
        full = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "rules_version": rules.rules_version,
            **meta,
            "num_players": self.num_players,
        }
        return Policy(
            arrays(self.actor),
            self.activation,
            full,
            value_layers=arrays(self.critic),
            value_kind="outcome",
        )


@dataclass
class Samples:
    """Training rows: `obs` (N, O) float32, `mask` (N, A) bool (the legal env
    actions), `pi` (N, A) float32 (the policy target: a distribution over the
    legal actions, or a row of zeros for none), `value` (N, n) float32 (each
    seat's share of the win, the observing seat first)."""

    obs: np.ndarray
    mask: np.ndarray
    pi: np.ndarray
    value: np.ndarray

    def __len__(self) -> int:
        return int(self.obs.shape[0])

    def take(self, idx: np.ndarray | Sequence[int]) -> Samples:
        return Samples(self.obs[idx], self.mask[idx], self.pi[idx], self.value[idx])

    @staticmethod
    def concat(parts: Sequence[Samples]) -> Samples:
        if not parts:
            raise ValueError("no samples to join")
        return Samples(
            *(
                np.concatenate([getattr(p, k) for p in parts])
                for k in ("obs", "mask", "pi", "value")
            )
        )

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        tmp = path.with_name(f".{path.name}.tmp")
        with tmp.open("wb") as f:
            np.savez_compressed(
                f, obs=self.obs, mask=self.mask, pi=self.pi, value=self.value
            )
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, path: str | Path) -> Samples:
        with np.load(path, allow_pickle=False) as data:
            return cls(data["obs"], data["mask"], data["pi"], data["value"])


def fit(
    net: PolicyValueNet,
    samples: Samples,
    *,
    epochs: int,
    batch_size: int = 256,
    lr: float = 1e-3,
    value_weight: float = 1.0,
    train_policy: bool = True,
    train_value: bool = True,
    seed: int = 0,
    threads: int = 1,
) -> dict[str, float]:
    """Fit `net` to `samples` with Adam: cross-entropy of the masked logits to
    `pi` (rows with a target) and squared error of the values to `value`.
    Returns the last epoch's mean losses. Deterministic under `seed`; with
    `train_policy=False` the actor is left as it is (and likewise the critic)."""
    torch.set_num_threads(max(1, threads))
    params = []
    if train_policy:
        params += list(net.actor.parameters())
    if train_value:
        params += list(net.critic.parameters())
    if not params or not len(samples):
        return {}
    optimiser = torch.optim.Adam(params, lr=lr)
    gen = torch.Generator().manual_seed(int(seed) % 2**63)
    obs = torch.from_numpy(np.ascontiguousarray(samples.obs, dtype=np.float32))
    mask = torch.from_numpy(np.ascontiguousarray(samples.mask, dtype=bool))
    pi = torch.from_numpy(np.ascontiguousarray(samples.pi, dtype=np.float32))
    value = torch.from_numpy(np.ascontiguousarray(samples.value, dtype=np.float32))
    has_pi = pi.sum(dim=1) > 0
    n = len(samples)
    last: dict[str, float] = {}
    for _ in range(epochs):
        order = torch.randperm(n, generator=gen)
        totals = {"policy_loss": 0.0, "value_loss": 0.0}
        counts = {"policy_loss": 0, "value_loss": 0}
        for start in range(0, n, batch_size):
            idx = order[start : start + batch_size]
            logits, values = net(obs[idx])
            loss = torch.zeros(())
            if train_policy:
                rows = has_pi[idx]
                if rows.any():
                    z = logits[rows].masked_fill(~mask[idx][rows], -1e9)
                    ce = (
                        -(pi[idx][rows] * torch.log_softmax(z, dim=1)).sum(dim=1).mean()
                    )
                    loss = loss + ce
                    totals["policy_loss"] += float(ce.detach()) * int(rows.sum())
                    counts["policy_loss"] += int(rows.sum())
            if train_value:
                mse = ((values - value[idx]) ** 2).mean()
                loss = loss + value_weight * mse
                totals["value_loss"] += float(mse.detach()) * len(idx)
                counts["value_loss"] += len(idx)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        last = {k: totals[k] / counts[k] for k in totals if counts[k]}
    return last
