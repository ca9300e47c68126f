"""Fair play against a hostile bot: every route from what a bot is handed to the
tournament's own objects is either closed (the bot changes only its own copies, and
the games are those of an honest bot playing the same moves) or caught (the games
are refused and nothing is written).

Each hostile bot below chooses its moves exactly as `random` does, so a tournament
in which its tricks change nothing writes the very games of the same tournament
with `random` in its place.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents.base import SeatView
from agents.registry import REGISTRY
from agents.tournament import AgentError, make_plan, run_tournament
from agents.tournament.folder import GAMES_FILE
from scavenger_env.core.games import GAMES, get_game
from scavenger_env.core.records import iter_records
from scavenger_env.core.simulate import play_random_game, replay_record

GAME_NAMES = tuple(sorted(GAMES))
"""Every registered game."""

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
    views: list[SeatView] = []
    #: frozen objects bent in place: (object, field, value before)
    bent: list[tuple[Any, str, Any]] = []


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
        Log.patched += 1
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
        Log.patched += 1
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
        Log.patched += 1
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
        Log.patched += 1
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
        Log.patched += 1
        return _random_choice(legal, rng)


class CodeSwapper:
    """Swaps the code of a Python method of the game's base class (shared)."""

    name = "code-swapper"

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        method = type(view.game).progress
        method.__code__ = (lambda self, state: "rigged").__code__
        Log.patched += 1
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
            Log.patched += 1
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
        Log.patched += 1
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
        Log.patched += 1
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
                    Log.patched += 1
                except (TypeError, AttributeError):
                    Log.saw_own_patch += 1  # read-only
        return _random_choice(legal, rng)


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
    )
}


@pytest.fixture
def hostile(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Registers the bots, and puts back whatever shared code they change."""
    for name, cls in HOSTILE.items():
        monkeypatch.setitem(REGISTRY, name, cls)
    Log.patched = Log.saw_own_patch = 0
    Log.views = []
    Log.bent = []
    saved: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if name.partition(".")[0] in ("scavenger_env", "agents"):
            saved.append((vars(module), dict(vars(module))))
    tables = [  # module-level dicts, whose contents a bot could change in place
        (value, dict(value))
        for module in list(sys.modules.values())
        if getattr(module, "__name__", "").partition(".")[0]
        in ("scavenger_env", "agents")
        for value in list(vars(module).values())
        if type(value) is dict
    ]
    games_before = {g: dict(vars(get_game(g))) for g in GAME_NAMES}
    codecs = [get_game(g).codec() for g in GAME_NAMES]
    codecs_before = [  # a compiled codec has no __dict__ (and refuses writes)
        (c, dict(vars(c))) for c in codecs if hasattr(c, "__dict__")
    ]
    classes = {type(get_game(g)) for g in GAME_NAMES}
    class_dicts = {
        cls: dict(vars(cls))
        for game_cls in classes
        for cls in game_cls.__mro__
        if cls is not object
    }
    code = {
        cls: {k: v.__code__ for k, v in d.items() if hasattr(v, "__code__")}
        for cls, d in class_dicts.items()
    }
    yield
    for entry, field, value in Log.bent:
        object.__setattr__(entry, field, value)
    for names, copy in saved:
        for key, value in copy.items():
            if names.get(key) is not value:
                names[key] = value
    for table, contents in tables:
        if len(table) != len(contents) or any(
            table.get(k, _MISSING) is not v for k, v in contents.items()
        ):
            table.clear()
            table.update(contents)
    for g, before in games_before.items():
        vars(get_game(g)).clear()
        vars(get_game(g)).update(before)
    for codec, before in codecs_before:
        vars(codec).update(before)
    for cls, d in class_dicts.items():
        for key in set(vars(cls)) - set(d) - {"__slotnames__"}:
            delattr(cls, key)  # added by a bot: it shadows the base's
        for key, value in d.items():
            if vars(cls).get(key) is not value:
                setattr(cls, key, value)
        for key, func_code in code[cls].items():
            d[key].__code__ = func_code


def _tournament(folder: Path, game: str, players: str, seed: int = 3) -> list[Any]:
    plan = make_plan(players, 2, games=4, seed=seed, game=game)
    run_tournament(plan, folder, jobs=1)
    return list(iter_records(folder / GAMES_FILE))


def _same_games(a: list[Any], b: list[Any]) -> None:
    assert len(a) == len(b) == 4
    for x, y in zip(a, b):
        assert (x.config, x.seed, x.actions, x.scores, x.digest) == (
            y.config,
            y.seed,
            y.actions,
            y.scores,
            y.digest,
        )
        replay_record(x)


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize(
    "bot",
    [
        "instance-patcher",
        "blind-patcher",
        "config-bender",
        "view-meddler",
        "rules-narrower",
    ],
)
def test_a_bot_changes_only_its_own_copies(
    hostile: None, tmp_path: Path, game: str, bot: str
) -> None:
    """Patching the view's game object, its methods, the config or the view's
    internals changes nothing in play: the games are those of `random`."""
    cheat = _tournament(tmp_path / "cheat", game, f"{bot},{bot}")
    honest = _tournament(tmp_path / "honest", game, "random,random")
    assert Log.patched > 20
    if bot != "blind-patcher":  # a blind view serves its seat for the whole game
        assert Log.saw_own_patch == 0  # each view's game object is a fresh copy
    _same_games(cheat, honest)
    plan_config = get_game(game).make_config(2).to_dict()
    assert all(r.config == plan_config for r in cheat)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_bot_cannot_empty_the_hide_lists(
    hostile: None, tmp_path: Path, game: str
) -> None:
    """The engine's tables of what to hide refuse every change in place (a
    bot that emptied them would read the others' secret picks in its next
    copy); the games are those of `random`."""
    for name in GAME_NAMES:
        get_game(name)  # every game's engine loaded
    before = {(m.__name__, k): dict(getattr(m, k)) for m, k in _hide_lists()}
    assert before and all(before.values())
    cheat = _tournament(tmp_path / "cheat", game, "hide-emptier,hide-emptier")
    honest = _tournament(tmp_path / "honest", game, "random,random")
    assert Log.patched == 0 and Log.saw_own_patch > 20
    _same_games(cheat, honest)
    assert {(m.__name__, k): dict(getattr(m, k)) for m, k in _hide_lists()} == before


_IMMUTABLE = (int, float, str, bytes, type(None), enum.Enum, range)


def _reachable(root: Any) -> dict[int, tuple[str, Any]]:
    """Every object reachable from `root` through attributes, items and keys,
    by id, with a path to it (functions, classes and modules left out: the
    seal watches those)."""
    seen: dict[int, tuple[str, Any]] = {}
    stack: list[tuple[str, Any]] = [("copy", root)]
    while stack:
        path, obj = stack.pop()
        if (
            isinstance(obj, (*_IMMUTABLE, types.ModuleType, np.ndarray))
            or callable(obj)
            or id(obj) in seen
        ):
            continue
        seen[id(obj)] = (path, obj)
        if isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend((f"{path}[{i}]", v) for i, v in enumerate(obj))
        elif isinstance(obj, (dict, types.MappingProxyType)):
            stack.extend((f"{path}[{k!r}]", v) for k, v in obj.items())
            stack.extend((f"{path} key", k) for k in obj)
        else:
            for name in dir(obj):
                if not name.startswith("__"):
                    try:
                        stack.append((f"{path}.{name}", getattr(obj, name)))
                    except Exception:
                        continue
    return seen


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_bots_copy_shares_no_changeable_object_with_the_game(game: str) -> None:
    """A redacted copy (what a bot is handed) and the live state share only
    objects nothing can change: ints, strings, tuples, read-only mappings. A
    frozen dataclass counts as changeable (`object.__setattr__`)."""
    rules = get_game(game)
    for n in (rules.min_players, rules.max_players):
        config = rules.make_config(n)
        state = rules.new_game(config, 5)
        for step in range(0, 400, 40):
            _, actions = play_random_game(rules, config, 5)
            state = rules.new_game(config, 5)
            for action in actions[:step]:
                rules.apply_action(state, action)
            live = _reachable(state)
            for seat in range(n):
                copy = _reachable(rules.redact(state, seat))
                shared = [
                    copy[i][0]
                    for i in copy
                    if i in live
                    and not isinstance(copy[i][1], (tuple, frozenset))
                    and type(copy[i][1]) is not types.MappingProxyType
                ]
                assert not shared, f"{game} step {step} seat {seat}: {shared}"


def _refused(folder: Path, game: str, players: str, why: str) -> None:
    with pytest.raises(AgentError, match=why):
        _tournament(folder, game, players)
    games = folder / GAMES_FILE
    assert not games.exists() or games.read_text() == ""
    assert not (folder / "summary.json").exists()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_bot_patching_the_game_class_is_caught_at_once(
    hostile: None, tmp_path: Path, game: str
) -> None:
    cls = type(get_game(game)).__qualname__
    _refused(
        tmp_path / "run",
        game,
        "random,class-patcher",
        rf"'class-patcher' \(seat \d\) changed the library's code \({cls}.same_state\)",
    )


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize(
    "bot", ["module-patcher", "code-swapper", "shared-patcher", "table-bender"]
)
def test_a_bot_patching_shared_code_is_caught_and_nothing_written(
    hostile: None, tmp_path: Path, game: str, bot: str
) -> None:
    _refused(
        tmp_path / "run",
        game,
        f"random,{bot}",
        # after the batch, or at the end of its game when it played otherwise
        r"refused: the library's code was changed (while they were played|during it)",
    )


def test_a_game_played_alone_is_checked_at_its_end(hostile: None) -> None:
    """`play_game` without a batch's seal takes its own and checks it in full."""
    from agents.tournament import play_game

    config = get_game("krysis").make_config(2)
    with pytest.raises(AgentError, match="library's code was changed during it"):
        play_game(config, 1, ["module-patcher", "random"], 1, game="krysis")


def test_the_hostile_bots_really_reach_shared_code(hostile: None) -> None:
    """The tricks caught above are real: without the seal, the class patch would
    pass any end state."""
    game = get_game("krysis")
    bot = ClassPatcher()
    view = SeatView(game.new_game(game.make_config(2), 1), 0, game=game)
    bot.act(view, [0], np.random.default_rng(0))
    assert game.same_state(object(), object()) is True


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_shared_codec_tables_are_read_only(game: str) -> None:
    """What `view.game.codec()` hands a bot cannot be rewritten in place."""
    codec: Any = get_game(game).codec()
    with pytest.raises(TypeError):
        codec._encode_at[(0, 2)] = ()
    with pytest.raises(TypeError):
        codec._decode_at[(0, 2)] = ()
