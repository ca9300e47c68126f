"""Registers the games with PettingZoo without importing PettingZoo eagerly.

The engines must import without gymnasium or pettingzoo (they are pure rules), yet
`import scavenger_env` must make `pettingzoo.make("aec", "scavenger/cavein-v0")`
work. So registration runs now if pettingzoo is already imported, and otherwise
right after pettingzoo's own import finishes (a one-shot post-import hook).

Every game of `scavenger_env.core.games.GAMES` is registered, and none is imported
to do it: a game's env id is `scavenger/NAME-v0` by convention (its `Game.env_id`
says the same; a test checks), and the registered entry point is a small
callable that finds the game and its `env_entry_point` only when an environment
is made.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

__all__ = ["env_id_of", "install", "register_all"]


def env_id_of(name: str) -> str:
    """The PettingZoo id of the game registered as `name`."""
    return f"scavenger/{name}-v0"


class _LazyEntryPoint:
    """Makes the environment of game `name` through its `env_entry_point`,
    importing the game only then."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, **kwargs: Any) -> Any:
        from scavenger_env.core.games import get_game

        module, _, attribute = get_game(self.name).env_entry_point.partition(":")
        return getattr(importlib.import_module(module), attribute)(**kwargs)

    def __repr__(self) -> str:
        return f"<the env_entry_point of game {self.name!r}>"


def register_all() -> None:
    """Add every registered game to PettingZoo's AEC registry (those not there
    yet: a game registered since the last call is added)."""
    from pettingzoo import aec_registry, register

    from scavenger_env.core.games import GAMES  # here: keeps `import` light

    for name in GAMES:
        if env_id_of(name) not in aec_registry:
            register("aec", env_id_of(name), entry_point=_LazyEntryPoint(name))


class _AfterPettingZoo(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `pettingzoo` with the normal finders, then registers after it loads."""

    def __init__(self) -> None:
        self._loader: importlib.abc.Loader | None = None

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "pettingzoo":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        self._loader = spec.loader
        spec.loader = self
        return spec

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        assert self._loader is not None
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        assert self._loader is not None
        self._loader.exec_module(module)
        register_all()


def install() -> None:
    """Register now, or as soon as pettingzoo is imported."""
    if "pettingzoo" in sys.modules:
        register_all()
    elif not any(isinstance(f, _AfterPettingZoo) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterPettingZoo())
