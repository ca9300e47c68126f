"""Registers the games with PettingZoo without importing PettingZoo eagerly.

The engines must import without gymnasium or pettingzoo (they are pure rules), yet
`import scavenger_env` must make `pettingzoo.make("aec", "scavenger/cavein-v0")`
work. So registration runs now if pettingzoo is already imported, and otherwise
right after pettingzoo's own import finishes (a one-shot post-import hook).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

GAMES = {"scavenger/cavein-v0": "scavenger_env.cavein_v0:env"}


def register_all() -> None:
    """Add every game to PettingZoo's AEC registry."""
    from pettingzoo import register

    for env_id, entry_point in GAMES.items():
        register("aec", env_id, entry_point=entry_point)


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
