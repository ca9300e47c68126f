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

The tables of frozen data the engines read (card and die tables, rulebook facts:
module-level dataclass instances, or tuples and read-only mappings of them) are
frozen, yet `object.__setattr__` still changes one in place; a full check compares
their `repr` with the one taken with the seal.

Its limit: code that a bot changes and puts back between two full checks (through
a module's namespace, or a function's `__code__`, outside the game's and the view's
methods above) goes unseen, as does data reached only through a function's cache
(Hewns' boards) and anything a bot does through the garbage collector, the stack
frames or C.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Mapping
from dataclasses import is_dataclass
from itertools import repeat
from types import FunctionType, MappingProxyType, ModuleType
from typing import Any

__all__ = ["SEALED_PACKAGES", "CodeSeal"]

SEALED_PACKAGES = ("scavenger_env", "agents")
"""The packages whose code a tournament seals."""

_MISSING = object()

_CACHED = "__slotnames__"
"""The one name Python itself adds to a class later (`copy` caches it there)."""

_FUNCTION_PARTS = ("__code__", "__defaults__", "__kwdefaults__")
"""What a function runs with, that a bot could swap."""


class _Namespace:
    """One namespace and the names it held when the layout was taken."""

    __slots__ = ("closed", "keys", "label", "mapping")

    def __init__(self, label: str, mapping: Mapping[str, Any], closed: bool) -> None:
        self.label = label
        self.mapping = mapping
        self.keys = tuple(mapping)
        #: whether a name added counts as a change (a class's or an object's: it
        #: would shadow what was there; a module gains submodules as they load)
        self.closed = closed

    def size(self) -> int:
        if not self.closed:
            return -1
        return len(self.mapping) - (_CACHED in self.mapping)

    def values(self) -> list[Any]:
        return list(map(self.mapping.get, self.keys, repeat(_MISSING)))


class _Layout:
    """Where the sealed names and functions are (built once per process and set of
    loaded modules; a seal takes their values)."""

    def __init__(self, game_type: type, view_class: type) -> None:
        self.modules = len(sys.modules)
        self.namespaces: list[_Namespace] = []
        functions: list[tuple[str, FunctionType]] = []
        for name, module in list(sys.modules.items()):
            if not isinstance(module, ModuleType):
                continue
            if name.partition(".")[0] not in SEALED_PACKAGES:
                continue
            names = vars(module)
            self.namespaces.append(_Namespace(name, names, closed=False))
            for key, value in list(names.items()):
                if isinstance(value, type) and value.__module__ == name:
                    self._add_class(value, functions)
                elif isinstance(value, FunctionType):
                    functions.append((f"{name}.{value.__name__}", value))
                elif _ours(type(value)) and hasattr(value, "__dict__"):
                    # a module's own object (a game, a codec): its attributes
                    self.namespaces.append(
                        _Namespace(f"{name}.{key}", vars(value), closed=True)
                    )
        for cls in (*game_type.__mro__, *view_class.__mro__):  # wherever they live
            if cls is not object and not cls.__module__.startswith(SEALED_PACKAGES):
                self._add_class(cls, functions)
        self.data = _frozen_tables(self.namespaces)
        self.functions = [f for _, f in functions]
        self.labels = [label for label, _ in functions]
        self.decision = (
            (game_type, operator.attrgetter(*_DECISION_METHODS), _DECISION_METHODS),
            (view_class, operator.attrgetter(*_VIEW_METHODS), _VIEW_METHODS),
        )

    def _add_class(self, cls: type, functions: list[tuple[str, FunctionType]]) -> None:
        label = f"{cls.__module__}.{cls.__qualname__}"
        self.namespaces.append(_Namespace(label, cls.__dict__, closed=True))
        for key, value in list(cls.__dict__.items()):
            for func in _functions_in(value):
                functions.append((f"{label}.{key}", func))


def _holds_frozen_data(value: object, depth: int = 0) -> bool:
    """Whether `value` is a frozen dataclass instance, or a tuple or read-only
    mapping holding one (frozen, yet `object.__setattr__` still changes it)."""
    if is_dataclass(value) and not isinstance(value, type):
        params = getattr(type(value), "__dataclass_params__", None)
        return bool(getattr(params, "frozen", False))
    if depth >= 3:
        return False
    if isinstance(value, (tuple, frozenset)):
        return any(_holds_frozen_data(v, depth + 1) for v in value)
    if isinstance(value, MappingProxyType):
        return any(_holds_frozen_data(v, depth + 1) for v in value.values())
    return False


def _frozen_tables(namespaces: list[_Namespace]) -> list[tuple[str, Any]]:
    """The modules' tables of frozen data, once each: (label, table)."""
    found: dict[int, tuple[str, Any]] = {}
    for namespace in namespaces:
        if namespace.closed:  # a class's or an object's: their code is sealed
            continue
        for key in namespace.keys:
            value = namespace.mapping.get(key)
            if not key.startswith("__") and _holds_frozen_data(value):
                found.setdefault(id(value), (f"{namespace.label}.{key}", value))
    return list(found.values())


def _ours(cls: type) -> bool:
    return cls.__module__.partition(".")[0] in SEALED_PACKAGES


_LAYOUTS: dict[tuple[type, type], _Layout] = {}


def _layout(game_type: type, view_class: type) -> _Layout:
    layout = _LAYOUTS.get((game_type, view_class))
    if layout is None or layout.modules != len(sys.modules):
        layout = _LAYOUTS[(game_type, view_class)] = _Layout(game_type, view_class)
    return layout


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
        self._layout = layout = _layout(game_type, view_class)
        self._values = [namespace.values() for namespace in layout.namespaces]
        self._sizes = [namespace.size() for namespace in layout.namespaces]
        self._code = self._code_now()
        self._decision_values = self._methods_now()
        self._data = self._data_now()

    def _data_now(self) -> list[str]:
        return [repr(table) for _, table in self._layout.data]

    def _code_now(self) -> list[list[Any]]:
        functions = self._layout.functions
        return [
            list(map(operator.attrgetter(part), functions)) for part in _FUNCTION_PARTS
        ]

    def _methods_now(self) -> list[Any]:
        try:
            return [get(cls) for cls, get, _ in self._layout.decision]
        except AttributeError:  # a method deleted
            return []

    def check_decision(self) -> str | None:
        """What changed among the methods that see the live state at a decision
        (None: nothing); cheap enough for every decision."""
        now = self._methods_now()
        if now == self._decision_values:
            return None
        for (cls, _, names), was in zip(self._layout.decision, self._decision_values):
            for name, before in zip(names, was):
                if getattr(cls, name, _MISSING) is not before:
                    return f"{cls.__qualname__}.{name}"
        return "a method of the game or the view"  # pragma: no cover

    def check(self) -> str | None:
        """What changed anywhere in the sealed code (None: nothing)."""
        changed = self.check_decision()
        if changed is not None:
            return changed
        for namespace, size in zip(self._layout.namespaces, self._sizes):
            if namespace.size() != size:
                added = sorted(set(namespace.mapping) - {*namespace.keys, _CACHED})
                return f"{namespace.label}.{added[0] if added else '(a name)'}"
        for namespace, was in zip(self._layout.namespaces, self._values):
            now = namespace.values()
            if not all(map(operator.is_, now, was)):
                for key, a, b in zip(namespace.keys, was, now):
                    if a is not b:
                        return f"{namespace.label}.{key}"
        for part, was, now in zip(_FUNCTION_PARTS, self._code, self._code_now()):
            if not all(map(operator.is_, was, now)):
                for label, a, b in zip(self._layout.labels, was, now):
                    if a is not b:
                        return f"{label}.{part}"
        for (label, _), was, now in zip(
            self._layout.data, self._data, self._data_now()
        ):
            if was != now:
                return f"{label} (its data)"
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
