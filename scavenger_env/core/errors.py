"""The errors every game raises for bad input, so that generic tools can catch
them without knowing the game.

A game's own error classes subclass these (Cave-In's `ConfigError` and
`IllegalActionError` do), so `except scavenger_env.core.ConfigError` catches a bad
config of any game.
"""

from __future__ import annotations


class ConfigError(ValueError):
    """A game config has a value the rules do not allow; the message says which
    and what is allowed."""


class IllegalActionError(ValueError):
    """An action that is not legal now; the message says why. The state is left
    exactly as it was."""
