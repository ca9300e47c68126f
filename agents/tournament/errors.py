"""The two ways a tournament fails: a user's mistake, or an agent's."""

from __future__ import annotations

__all__ = ["AgentError", "TournamentError"]


class TournamentError(ValueError):
    """A mistake the user can fix: a bad lineup, a folder of another tournament."""


class AgentError(RuntimeError):
    """An agent raised, or chose an illegal action; the message names it and the game."""
