"""The code seal: how a tournament knows that no bot changed the code it plays by.

A bot runs in the tournament's process, so it can reach shared code by attribute
access: `type(view.game).same_state = ...`, a module's function replaced through
`sys.modules`, a method's `__code__` swapped. What a bot is handed are private
copies (its view's game object, state and config), so none of that needs a live
object of the tournament; but the classes, modules and functions are shared.

A `CodeSeal` records, before any agent of a game is made, every name bound in the
loaded modules of this library (`scavenger_env`, `agents`), in their classes, and
the code, defaults and keyword defaults of their functions. `check_game_class`
looks at the game's own classes and the view's (cheap: after every decision);
`check` looks at everything (after each game, and after every decision of a
watched game). A name that now leads to another object is reported; names added
since (a module imported later, a warning registry) are not.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Iterable, Mapping
from types import FunctionType, ModuleType
from typing import Any

__all__ = ["SEALED_PACKAGES", "CodeSeal"]

SEALED_PACKAGES = ("scavenger_env", "agents")
"""The packages whose code a tournament seals."""

_MISSING = object()


class _Namespace:
    """One namespace's names and the objects they were bound to."""

    __slots__ = ("keys", "label", "mapping", "values")

    def __init__(self, label: str, mapping: Mapping[str, Any]) -> None:
        self.label = label
        self.mapping = mapping
        self.keys = tuple(mapping)
        self.values = [mapping.get(k, _MISSING) for k in self.keys]

    def changed(self) -> str | None:
        get = self.mapping.get
        now = [get(k, _MISSING) for k in self.keys]
        if all(map(operator.is_, now, self.values)):
            return None
        for key, was, value in zip(self.keys, self.values, now):
            if was is not value:
                return f"{self.label}.{key}"
        return self.label  # pragma: no cover - a difference was found above


class CodeSeal:
    """The state of the library's code when a game starts; see the module."""

    def __init__(self, game: object, view_class: type) -> None:
        modules = [
            (name, module)
            for name, module in list(sys.modules.items())
            if isinstance(module, ModuleType)
            and name.partition(".")[0] in SEALED_PACKAGES
        ]
        self._namespaces: list[_Namespace] = []
        functions: list[tuple[str, FunctionType]] = []
        for name, module in modules:
            names = vars(module)
            self._namespaces.append(_Namespace(name, names))
            for value in list(names.values()):
                if isinstance(value, type) and value.__module__ == name:
                    self._add_class(value, functions)
                elif isinstance(value, FunctionType):
                    functions.append((f"{name}.{value.__name__}", value))
        self._quick = [
            _Namespace(cls.__qualname__, cls.__dict__)
            for cls in (*type(game).__mro__, *view_class.__mro__)
            if cls is not object
        ]
        self._quick.append(_Namespace(f"the game object {game!r}", vars(game)))
        self._functions = [f for _, f in functions]
        self._labels = [label for label, _ in functions]
        self._code = self._code_of(self._functions)

    def _add_class(self, cls: type, functions: list[tuple[str, FunctionType]]) -> None:
        label = f"{cls.__module__}.{cls.__qualname__}"
        self._namespaces.append(_Namespace(label, cls.__dict__))
        for key, value in list(cls.__dict__.items()):
            for func in _functions_in(value):
                functions.append((f"{label}.{key}", func))

    @staticmethod
    def _code_of(functions: Iterable[FunctionType]) -> list[tuple[Any, Any, Any]]:
        return [(f.__code__, f.__defaults__, f.__kwdefaults__) for f in functions]

    def check_game_class(self) -> str | None:
        """What changed in the game's classes, its object or the view's class
        (None: nothing)."""
        for namespace in self._quick:
            changed = namespace.changed()
            if changed is not None:
                return changed
        return None

    def check(self) -> str | None:
        """What changed anywhere in the sealed code (None: nothing)."""
        changed = self.check_game_class()
        if changed is not None:
            return changed
        for namespace in self._namespaces:
            changed = namespace.changed()
            if changed is not None:
                return changed
        now = self._code_of(self._functions)
        if now != self._code:
            for label, was, value in zip(self._labels, self._code, now):
                if was != value:
                    return f"the code of {label}"
        return None


def _functions_in(value: object) -> list[FunctionType]:
    """The Python functions a class attribute runs: a method, a static or class
    method's function, a property's accessors."""
    if isinstance(value, FunctionType):
        return [value]
    if isinstance(value, (staticmethod, classmethod)):
        inner = value.__func__
        return [inner] if isinstance(inner, FunctionType) else []
    if isinstance(value, property):
        return [
            f
            for f in (value.fget, value.fset, value.fdel)
            if isinstance(f, FunctionType)
        ]
    return []
