"""Trained policies played with numpy: the policy file format and the `ppo` agent.

Nothing here imports torch or Stable-Baselines3 (only `Policy.from_sb3` touches
a torch model, through the model's own methods), so the shipped models play
without the `train` extra.
"""

from .agent import PPOAgent, cached_policy, shipped_model, shipped_models
from .policy import (
    NotAPolicyFileError,
    Policy,
    PolicyFileError,
    PolicyGameError,
    PolicyNotFoundError,
    PolicyPlayersError,
    PolicyShapeError,
    RulesVersionWarning,
    UnsupportedModelError,
)

__all__ = [
    "NotAPolicyFileError",
    "PPOAgent",
    "Policy",
    "PolicyFileError",
    "PolicyGameError",
    "PolicyNotFoundError",
    "PolicyPlayersError",
    "PolicyShapeError",
    "RulesVersionWarning",
    "UnsupportedModelError",
    "cached_policy",
    "shipped_model",
    "shipped_models",
]
