"""Krysis rules engine: pure rules, no gymnasium, pettingzoo or torch.

A game is exactly `(config, seed, actions)`:

>>> from scavenger_env.krysis.engine import KrysisConfig, new_game, legal_actions
>>> state = new_game(KrysisConfig(num_players=3), seed=7)
>>> len(legal_actions(state)) > 0
True
"""

from .actions import NUM_ACTIONS
from .config import RULES_VERSION, ConfigError, KrysisConfig
from .digest import game_digest, state_digest
from .rules import (
    IllegalActionError,
    apply_action,
    apply_legal_action,
    decision,
    describe_action,
    explain_illegal,
    legal_actions,
)
from .scoring import ScoreBreakdown, final_scores, score_breakdown, winners
from .setup import new_game
from .state import ACTION_PHASES, Phase, State, same_state
from .view import PlayerView, PublicSeat, determinize, player_view, redact

__all__ = [
    "ACTION_PHASES",
    "NUM_ACTIONS",
    "RULES_VERSION",
    "ConfigError",
    "IllegalActionError",
    "KrysisConfig",
    "Phase",
    "PlayerView",
    "PublicSeat",
    "ScoreBreakdown",
    "State",
    "apply_action",
    "apply_legal_action",
    "decision",
    "describe_action",
    "determinize",
    "explain_illegal",
    "final_scores",
    "game_digest",
    "legal_actions",
    "new_game",
    "player_view",
    "redact",
    "same_state",
    "score_breakdown",
    "state_digest",
    "winners",
]
