"""Starting a run from a policy file, and letting its fresh critic catch up first.

A policy file (`policy.npz`, the format the shipped models use) holds only the
actor: the layers that choose actions. A run started from one (`init_from` naming
the file) gets those weights and a fresh critic, so its first advantages are
noise. `critic_warmup` steps of training with the actor held still (its
gradients zeroed, so Adam leaves it as it is) give the critic time to learn the
values of the policy it starts from, before the actor is moved by them.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from scavenger_env.core.errors import ConfigError

from .settings import TrainSettings

__all__ = ["ActorFreeze", "actor_layers", "is_policy_file", "load_policy_file"]


def is_policy_file(path: Path) -> bool:
    """Whether `path` is a policy file (`Policy.save`'s `.npz`: a zip holding
    `meta.npy`) rather than an SB3 model."""
    try:
        with zipfile.ZipFile(path) as z:
            return "meta.npy" in z.namelist()
    except (zipfile.BadZipFile, OSError):
        return False


def actor_layers(policy: Any) -> list[str]:
    """The names of the actor's Linear layers in an SB3 `MlpPolicy`, in the
    order a policy file stores them: training's shared layers, the policy net,
    the action head."""
    import torch

    groups: list[tuple[str, Any]] = []
    if type(policy.features_extractor).__name__ == "SharedLayers":
        groups.append(("features_extractor.mlp", policy.features_extractor.mlp))
    groups.append(("mlp_extractor.policy_net", policy.mlp_extractor.policy_net))
    names = [
        f"{prefix}.{i}"
        for prefix, modules in groups
        for i, module in enumerate(modules)
        if isinstance(module, torch.nn.Linear)
    ]
    return [*names, "action_net"]


def load_policy_file(model: Any, path: Path, settings: TrainSettings) -> None:
    """Put the actor of the policy file `path` into `model`; the critic keeps
    its fresh weights. A file for another game or player count, or with other
    layer sizes or activation than this run's network, is refused with the
    settings that would fit it."""
    import torch

    from agents.ppo import Policy, PolicyFileError

    where = f"init_from={settings.init_from!r}"
    try:
        policy = Policy.load(path, game=settings.game, num_players=settings.num_players)
    except PolicyFileError as err:
        raise ConfigError(f"{where}: {err}") from None
    names = actor_layers(model.policy)
    activation = model.policy.activation_fn.__name__.lower()
    state = model.policy.state_dict()
    shapes = [tuple(state[f"{name}.weight"].shape) for name in names]
    theirs = [tuple(w.shape) for w in policy.weights]
    if shapes != theirs or activation != policy.activation:
        hidden = ",".join(map(str, policy.hidden))
        raise ConfigError(
            f"{where}: its actor ({policy.activation}, hidden layers {hidden}) does "
            f"not fit this run's network ({activation}, shared_layers "
            f"{list(settings.shared_layers)}, net_arch {list(settings.net_arch)}); "
            f"train with --net-arch {hidden} and no --shared-layers, or with shared "
            "layers and --net-arch that add up to those sizes"
        )
    with torch.no_grad():
        for name, w, b in zip(names, policy.weights, policy.biases):
            state[f"{name}.weight"].copy_(torch.from_numpy(np.asarray(w)))
            state[f"{name}.bias"].copy_(torch.from_numpy(np.asarray(b)))


class ActorFreeze:
    """Zero the actor's gradients while the model has taken no more than
    `until` steps (the updates of those rollouts train the critic alone).

    Adam moves a parameter only by its running gradient averages, which stay
    zero while every gradient is zero, so the frozen actor does not move at all.
    """

    def __init__(self, model: Any, until: int) -> None:
        self.model = model
        self.until = int(until)
        actor = {f"{name}.{part}" for name in actor_layers(model.policy)
                 for part in ("weight", "bias")}  # fmt: skip
        # the hooks keep this object alive as long as the model
        for name, p in model.policy.named_parameters():
            if name in actor:
                p.register_hook(self._gradient)

    @property
    def frozen(self) -> bool:
        return int(self.model.num_timesteps) <= self.until

    def _gradient(self, grad: Any) -> Any:
        return grad * 0 if self.frozen else grad
