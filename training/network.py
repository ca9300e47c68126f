"""Layers shared by the actor and the critic, as an SB3 features extractor.

Cave-In's observation has 2,049 inputs, so the first layer of each network does
most of the arithmetic of a PPO update. Sharing it (one 2,049 x 64 layer that
both heads read, instead of one each) halves that work. SB3's `net_arch` no
longer offers shared layers, hence this extractor; `Policy.from_sb3` reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor


class SharedLayers(BaseFeaturesExtractor):
    """Linear + Tanh layers of `sizes` on the flat observation (the `mlp`
    attribute, a `torch.nn.Sequential`)."""

    def __init__(self, observation_space: gym.Space[Any], sizes: Sequence[int]):
        if not sizes or min(sizes) < 1:
            raise ValueError(f"shared layer sizes must be positive, got {sizes!r}")
        super().__init__(observation_space, int(sizes[-1]))
        layers: list[torch.nn.Module] = []
        inputs = int(gym.spaces.flatdim(observation_space))
        for size in sizes:
            layers += [torch.nn.Linear(inputs, int(size)), torch.nn.Tanh()]
            inputs = int(size)
        self.mlp = torch.nn.Sequential(*layers)

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return self.mlp(torch.flatten(observations, start_dim=1))


def policy_kwargs(net_arch: Sequence[int], shared_layers: Sequence[int]) -> dict:
    """`MlpPolicy` keyword arguments: `shared_layers` feeding actor and critic
    heads of `net_arch` each (no shared layers: SB3's default extractor)."""
    kwargs: dict[str, Any] = {"net_arch": list(net_arch)}
    if shared_layers:
        kwargs["features_extractor_class"] = SharedLayers
        kwargs["features_extractor_kwargs"] = {"sizes": list(shared_layers)}
        kwargs["share_features_extractor"] = True
    return kwargs
