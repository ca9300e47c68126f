"""The code seal: how a tournament knows that no bot changed the code it plays by.

A bot runs in the tournament's process, so it can reach shared code by attribute
access: `type(view.game).same_state = ...`, a module's function replaced through
`sys.modules`, a method's `__code__` swapped. What a bot is handed are private
copies (its view's game object, state and config), so none of that needs a live
object of the tournament; but the classes, modules and functions are shared.

A `CodeSeal` records, before any agent of a batch of games is made, every name
bound in the loaded modules of this library (`scavenger_env`, `agents`) and in
their classes, and the code, defaults and keyword defaults of their functions.
`check_decision` looks at the methods of the game and the view that see the live
state (cheap: after every decision); `check` looks at everything (after each game
played alone, after each batch of a tournament, and after every decision of a
watched game). A name that now leads to another object is reported; names added
since (a module imported later, a warning registry) are not.

Its limit: code that a bot changes and puts back between two full checks (through
a module's namespace, or a function's `__code__`, outside the game's and the view's
methods above) goes unseen, as does anything a bot does through the garbage
collector, the stack frames or C.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Mapping
from itertools import repeat
from types import FunctionType, ModuleType
from typing import Any

__all__ = ["SEALED_PACKAGES", "CodeSeal"]

SEALED_PACKAGES = ("scavenger_env", "agents")
"""The packages whose code a tournament seals."""

_MISSING = object()

_FUNCTION_PARTS = ("__code__", "__defaults__", "__kwdefaults__")
"""What a function runs with, that a bot could swap."""


class _Namespace:
    """One namespace's names and the objects they were bound to."""

    __slots__ = ("keys", "label", "mapping", "values")

    def __init__(self, label: str, mapping: Mapping[str, Any]) -> None:
        self.label = label
        self.mapping = mapping
        self.keys = tuple(mapping)
        self.values = [mapping.get(k, _MISSING) for k in self.keys]

    def changed(self) -> str | None:
        now = list(map(self.mapping.get, self.keys, repeat(_MISSING)))
        if all(map(operator.is_, now, self.values)):
            return None
        for key, was, value in zip(self.keys, self.values, now):
            if was is not value:
                return f"{self.label}.{key}"
        return self.label  # pragma: no cover - a difference was found above


_DECISION_METHODS = (
    "is_over",
    "current_player",
    "legal_actions",
    "apply_action",
    "apply_legal_action",
    "explain_illegal",
    "redact",
    "phase",
    "num_players",
    "config_of",
    "make_encoder",
    "codec",
    "clone",
    "same_state",
)
"""The game's methods that see the live state at every decision."""

_VIEW_METHODS = ("__init__", "_observe", "refresh")
"""The view's methods that see the live state."""


class CodeSeal:
    """The state of the library's code when games start; see the module."""

    def __init__(self, game_type: type, view_class: type) -> None:
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
        for cls in (*game_type.__mro__, *view_class.__mro__):  # wherever they live
            if cls is not object and not cls.__module__.startswith(SEALED_PACKAGES):
                self._add_class(cls, functions)
        self._functions = [f for _, f in functions]
        self._labels = [label for label, _ in functions]
        self._code = self._code_of(self._functions)
        self._decision = [
            (game_type, _DECISION_METHODS),
            (view_class, _VIEW_METHODS),
        ]
        self._decision_values = self._methods_now()

    def _add_class(self, cls: type, functions: list[tuple[str, FunctionType]]) -> None:
        label = f"{cls.__module__}.{cls.__qualname__}"
        self._namespaces.append(_Namespace(label, cls.__dict__))
        for key, value in list(cls.__dict__.items()):
            for func in _functions_in(value):
                functions.append((f"{label}.{key}", func))

    @staticmethod
    def _code_of(functions: list[FunctionType]) -> list[list[Any]]:
        return [
            list(map(operator.attrgetter(part), functions)) for part in _FUNCTION_PARTS
        ]

    def _methods_now(self) -> list[list[Any]]:
        return [
            [getattr(cls, name, _MISSING) for name in names]
            for cls, names in self._decision
        ]

    def check_decision(self) -> str | None:
        """What changed among the methods that see the live state at a decision
        (None: nothing); cheap enough for every decision."""
        now = self._methods_now()
        if now == self._decision_values:
            return None
        for (cls, names), was, value in zip(self._decision, self._decision_values, now):
            for name, a, b in zip(names, was, value):
                if a is not b:
                    return f"{cls.__qualname__}.{name}"
        return None  # pragma: no cover - a difference was found above

    def check(self) -> str | None:
        """What changed anywhere in the sealed code (None: nothing)."""
        changed = self.check_decision()
        if changed is not None:
            return changed
        for namespace in self._namespaces:
            changed = namespace.changed()
            if changed is not None:
                return changed
        now = self._code_of(self._functions)
        for part, was, value in zip(_FUNCTION_PARTS, self._code, now):
            if not all(map(operator.is_, was, value)):
                for label, a, b in zip(self._labels, was, value):
                    if a is not b:
                        return f"{label}.{part}"
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
