"""Hostile bots, for the fair-play tests (tests/agents/test_hostile_bots.py).

Each chooses its moves exactly as `random` does, and tries something no rule
allows: in the tournament's own process, the tricks on the bot's own copies must
change nothing, and those that reach shared code show why an untrusted bot runs
in its own process; in its own process (`file:` bots, isolated), none of them
may change a game. A file of bots (`file:cheats.py,cls=ClassPatcher`), so the
same classes run in both places.

`Log` counts what they did in this process; with `SCAVENGER_CHEAT_LOG` set, every
patch also adds a line to that file (a bot in its own process says so there).
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import gc
import os
import sys
import types
from typing import Any

import numpy as np

from agents.base import SeatView
from scavenger_env.core.games import get_game
from scavenger_env.core.records import GameRecord

_MISSING = object()


def _random_choice(legal: list[int], rng: np.random.Generator) -> int:
    return legal[int(rng.integers(len(legal)))]


def _bend(config: Any) -> None:
    """Change a frozen config in place, as no rule allows."""
    for field in dataclasses.fields(config):
        value = getattr(config, field.name)
        if isinstance(value, bool):
            object.__setattr__(config, field.name, not value)
    object.__setattr__(config, "num_players", 9)


def _scramble(state: Any) -> None:
    """Change every list of ints a state holds (its own copy)."""
    for name in dir(state):
        if name.startswith("__"):
            continue
        try:
            value = getattr(state, name)
        except Exception:
            continue
        if isinstance(value, list) and value and isinstance(value[0], int):
            value[0] += 50


class Log:
    """What the hostile bots saw, for the tests to check."""

    patched = 0
    saw_own_patch = 0
    finished = 0
    views: list[SeatView] = []
    #: frozen objects bent in place: (object, field, value before)
    bent: list[tuple[Any, str, Any]] = []
    #: game records rewritten (other code's, in this process): (record, scores,
    #: actions) as they were
    records: list[tuple[Any, list[int], list[int]]] = []


class InstancePatcher:
    """Patches its view's game object: the view's `redact` to hand over the true
    state, `same_state` to pass any end state, `scores` to favour itself; then
    changes its copy of the state. It reads its views, so it is handed states."""

    name = "instance-patcher"

    def reset(self, seat: int, config: Any) -> None:
        self.seat = seat

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        game = view.game
        if "redact" in vars(game):
            Log.saw_own_patch += 1
        game.redact = lambda state, seat: state  # type: ignore[method-assign]
        game.same_state = lambda a, b: True  # type: ignore[method-assign]
        game.scores = lambda state: [999] * 4  # type: ignore[method-assign]
        _patched()
        _scramble(view._state)
        return _random_choice(legal, rng)


class ConfigBender:
    """Changes the frozen config it is handed at reset, its view's config and its
    copy's config with `object.__setattr__`."""

    name = "config-bender"

    def reset(self, seat: int, config: Any) -> None:
        _bend(config)

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        _bend(view.config)
        if view._state is not None:
            _bend(view.game.config_of(view._state))
        _patched()
        return _random_choice(legal, rng)


class ViewMeddler:
    """Keeps every view it is handed, and at each decision changes all of them
    (its own earlier ones and those of the other seats played by this class):
    their states, observations, masks, configs and game objects."""

    name = "view-meddler"
    reads_view = True

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        for old in Log.views[-20:]:
            if old._state is not None:
                _scramble(old._state)
            old._phase = 99
            old._num_players = 1
            old.seat = 3
            old.game.legal_actions = lambda state: [0]  # type: ignore[method-assign]
        view.observation()[:] = 7  # a copy: the next call is whole again
        Log.views.append(view)
        _patched()
        return _random_choice(legal, rng)


class BlindPatcher(InstancePatcher):
    """The same tricks with a blind view (no state): the view's game is still its
    own copy."""

    name = "blind-patcher"
    reads_view = False


class ClassPatcher:
    """Patches the game's class (shared code): every `same_state` passes, and
    `redact` hands over the true state."""

    name = "class-patcher"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        cls = type(view.game)
        cls.same_state = lambda self, a, b: True  # type: ignore[method-assign]
        _patched()
        return _random_choice(legal, rng)


class ModulePatcher:
    """Reaches the engine module behind one of its view's game methods (through
    the function's globals, or `sys.modules` in the compiled build) and replaces
    a name there; the game class itself is left alone."""

    name = "module-patcher"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        scores = view.game.scores
        names = getattr(scores, "__globals__", None)
        if names is None:
            names = vars(sys.modules[scores.__module__])
        key = next(k for k, v in names.items() if callable(v) and not k.startswith("_"))
        names[key] = lambda *args: None
        _patched()
        return _random_choice(legal, rng)


class CodeSwapper:
    """Swaps the code of a Python method of the game's base class (shared)."""

    name = "code-swapper"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        method = type(view.game).progress
        method.__code__ = (lambda self, state: "rigged").__code__
        _patched()
        return _random_choice(legal, rng)


class SharedObjectPatcher:
    """Reaches shared objects through its view: the game's codec (its tables and
    attributes) and the registry's game object (that the next game's copy would
    be made from)."""

    name = "shared-patcher"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        codec = view.game.codec()
        try:
            codec._encode_at[(0, 2)] = ()  # type: ignore[attr-defined]
        except (TypeError, AttributeError):
            Log.saw_own_patch += 1  # the tables are read-only
        try:
            object.__setattr__(codec, "num_actions", 1)
            _patched()
        except (TypeError, AttributeError):  # the compiled build refuses it
            pass
        get_game(view.game.name).describe_action = lambda *a: "rigged"  # type: ignore[method-assign]
        return _random_choice(legal, rng)


def _bend_field(obj: Any, name: str, value: Any) -> None:
    """Set a frozen field (the compiled build refuses a value of another type:
    an empty tuple for a tuple of three ints)."""
    with contextlib.suppress(TypeError):
        object.__setattr__(obj, name, value)


def _narrow(obj: Any, seen: set[int]) -> None:
    """Rewrite every frozen dataclass reachable from `obj` (a state's config,
    scenario, board and card tables) in place: ints to 1 (a Bidox capacity of
    1), bools flipped, tuples emptied; rules no copy should let reach a game."""
    if id(obj) in seen or isinstance(obj, (type, types.ModuleType)):
        return
    seen.add(id(obj))
    if dataclasses.is_dataclass(obj):
        for field in dataclasses.fields(obj):
            value = getattr(obj, field.name)
            if isinstance(value, bool):
                _bend_field(obj, field.name, not value)
            elif isinstance(value, int) and not isinstance(value, enum.Enum):
                _bend_field(obj, field.name, 1)
            elif isinstance(value, tuple):
                _bend_field(obj, field.name, ())
            else:
                _narrow(value, seen)
        return
    for name in dir(obj):
        if name.startswith("__"):
            continue
        try:
            value = getattr(obj, name)
        except Exception:
            continue
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            _narrow(value, seen)


class RulesNarrower:
    """Narrows the rules its copy holds (config, scenario, board, card tables),
    frozen or not, with `object.__setattr__`: had the copy shared them with the
    game, the game would be played under the narrowed rules and a fresh replay
    would accept it."""

    name = "rules-narrower"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        _narrow(view._state, set())
        _patched()
        return _random_choice(legal, rng)


class TableBender:
    """Changes in place, with `object.__setattr__`, an entry of a card or die
    table of its game's engine (frozen dataclasses in the engine's data module,
    read by every game, the replay's too)."""

    name = "table-bender"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        data = sys.modules[f"scavenger_env.{view.game.name}.engine.data"]
        entry, field = next(
            (v[0], f.name)
            for v in vars(data).values()
            if isinstance(v, tuple) and v and dataclasses.is_dataclass(v[0])
            for f in dataclasses.fields(v[0])
            if type(getattr(v[0], f.name)) is int
        )
        if not any(e is entry and n == field for e, n, _ in Log.bent):
            Log.bent.append((entry, field, getattr(entry, field)))
        object.__setattr__(entry, field, getattr(entry, field) + 1)
        _patched()
        return _random_choice(legal, rng)


def _hide_lists() -> list[tuple[Any, str]]:
    """The module tables of every game's engine that say what to hide from a
    seat (`SECRET_...`), as (module, name)."""
    found = []
    for name, module in list(sys.modules.items()):
        if name.startswith("scavenger_env.") and name.endswith(".engine.view"):
            found += [(module, key) for key in vars(module) if key.startswith("SECRET")]
    return found


def _empty(table: Any, how: str) -> None:
    """Empty `table` in place: with `clear`, `pop` or `del`."""
    if how == "clear":
        table.clear()
    elif how == "pop":
        for key in list(table):
            table.pop(key)
    else:
        for key in list(table):
            del table[key]


class HideListEmptier:
    """Reaches the engine's tables of what to hide through the modules and
    tries to empty them in place (clear, delete each kind): had it worked, its
    next copies would show the other seats' secret picks."""

    name = "hide-emptier"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        for module, key in _hide_lists():
            table = getattr(module, key)
            for attempt in ("clear", "pop", "delete"):
                try:
                    _empty(table, attempt)
                    _patched()
                except (TypeError, AttributeError):
                    Log.saw_own_patch += 1  # read-only
        return _random_choice(legal, rng)


def _patched() -> None:
    """Count a patch (and say it in the log file, if one is set)."""
    Log.patched += 1
    path = os.environ.get("SCAVENGER_CHEAT_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(f"{os.getpid()}\n")


class LiveStateReacher:
    """Walks the garbage collector to every state of its game that is not its own
    copy (the live game, in the tournament's process) and changes it."""

    name = "live-reacher"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        mine = view.redacted()
        for obj in gc.get_objects():
            if type(obj) is type(mine) and obj is not mine:
                _scramble(obj)
                _patched()
        return _random_choice(legal, rng)


class RecordTamperer:
    """At the end of each game (`finish`, after its last decision) walks the
    garbage collector to every game record and rewrites its scores and actions."""

    name = "record-tamperer"
    reads_view = False

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        return _random_choice(legal, rng)

    def finish(self, scores: list[int], winners: list[int]) -> None:
        Log.finished += 1
        for obj in gc.get_objects():
            if isinstance(obj, GameRecord):
                if not any(r is obj for r, *_ in Log.records):  # to put back
                    Log.records.append((obj, obj.scores, obj.actions[:]))
                obj.scores = [999] * len(obj.scores)
                obj.actions.reverse()
                _patched()


HOSTILE = {
    cls.name: cls
    for cls in (
        InstancePatcher,
        BlindPatcher,
        ConfigBender,
        ViewMeddler,
        ClassPatcher,
        ModulePatcher,
        CodeSwapper,
        SharedObjectPatcher,
        RulesNarrower,
        HideListEmptier,
        TableBender,
        LiveStateReacher,
        RecordTamperer,
    )
}
