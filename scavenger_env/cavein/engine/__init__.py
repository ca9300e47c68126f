"""Star Scrappers: Cave-In rules engine: pure rules, no gymnasium, pettingzoo or torch.

A game is exactly `(config, seed, actions)`:

>>> from scavenger_env.cavein.engine import GameConfig, new_game, legal_actions
>>> state = new_game(GameConfig(num_players=3), seed=7)
>>> 0 in legal_actions(state) or state.phase != 2
True
"""

from .actions import NUM_ACTIONS
from .config import RULES_VERSION, ConfigError, GameConfig
from .digest import game_digest, state_digest
from .rules import (
    IllegalActionError,
    apply_action,
    apply_legal_action,
    describe_action,
    explain_illegal,
    legal_actions,
)
from .scoring import ScoreBreakdown, final_scores, score_breakdown, winners
from .setup import new_game
from .state import Effect, GameState, Kind, Phase, PlayerState

__all__ = [
    "NUM_ACTIONS",
    "RULES_VERSION",
    "ConfigError",
    "Effect",
    "GameConfig",
    "GameState",
    "IllegalActionError",
    "Kind",
    "Phase",
    "PlayerState",
    "ScoreBreakdown",
    "apply_action",
    "apply_legal_action",
    "describe_action",
    "explain_illegal",
    "final_scores",
    "game_digest",
    "legal_actions",
    "new_game",
    "score_breakdown",
    "state_digest",
    "winners",
]
