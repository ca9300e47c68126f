"""The registry of games: every tool finds a game here by its name.

`GAMES` maps a name to where the game's `Game` object lives ("module:attribute");
the module is imported on first use, so listing the games imports none of them,
and this module (like the rest of `core`) imports no game package.
"""

from __future__ import annotations

import difflib
import importlib
from typing import Any

from scavenger_env.core.game import Game

AnyGame = Game[Any, Any]
"""A game of any state and config type (what the tools hold)."""

__all__ = ["DEFAULT_GAME", "GAMES", "UnknownGameError", "game_names", "get_game"]

GAMES: dict[str, str] = {
    "cavein": "scavenger_env.cavein.game:CAVEIN",
    "krysis": "scavenger_env.krysis.game:KRYSIS",
    "hewns": "scavenger_env.hewns.game:HEWNS",
}
"""name -> "module:attribute" of its `Game` instance. A new game adds a line."""

DEFAULT_GAME = "cavein"
"""The game a tool plays when none is named (the flagship)."""

_LOADED: dict[str, AnyGame] = {}


class UnknownGameError(ValueError):
    """A game name that is not in the registry."""


def game_names() -> list[str]:
    """The registered games' names, sorted."""
    return sorted(GAMES)


def get_game(game: str | AnyGame = DEFAULT_GAME) -> AnyGame:
    """The `Game` named `game` (a `Game` is returned as it is).

    Raises:
        UnknownGameError: no game has that name; the message lists the games.
    """
    if isinstance(game, Game):
        return game
    loaded = _LOADED.get(game)
    if loaded is not None:
        return loaded
    where = GAMES.get(game) if isinstance(game, str) else None
    if where is None:
        close = difflib.get_close_matches(str(game), GAMES, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownGameError(
            f"unknown game {game!r}{hint}; the games are {', '.join(game_names())}"
        )
    module, _, attribute = where.partition(":")
    found = getattr(importlib.import_module(module), attribute)
    if not isinstance(found, Game):
        raise TypeError(f"{where} is not a scavenger_env.core.game.Game")
    _LOADED[game] = found
    return found
