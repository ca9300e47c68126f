"""Fair play against a hostile bot: every route from what a bot is handed to the
tournament's own objects is either closed (the bot changes only its own copies, and
the games are those of an honest bot playing the same moves) or caught (the games
are refused and nothing is written).

Each hostile bot below chooses its moves exactly as `random` does, so a tournament
in which its tricks change nothing writes the very games of the same tournament
with `random` in its place.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents.base import SeatView
from agents.registry import REGISTRY
from agents.tournament import AgentError, make_plan, run_tournament
from agents.tournament.folder import GAMES_FILE
from scavenger_env.core.games import get_game
from scavenger_env.core.records import iter_records
from scavenger_env.core.simulate import replay_record

GAME_NAMES = ("cavein", "krysis")


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
    )
}


@pytest.fixture
def hostile(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Registers the bots, and puts back whatever shared code they change."""
    for name, cls in HOSTILE.items():
        monkeypatch.setitem(REGISTRY, name, cls)
    Log.patched = Log.saw_own_patch = 0
    Log.views = []
    saved: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if name.partition(".")[0] in ("scavenger_env", "agents"):
            saved.append((vars(module), dict(vars(module))))
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
    for names, copy in saved:
        for key, value in copy.items():
            if names.get(key) is not value:
                names[key] = value
    for g, before in games_before.items():
        vars(get_game(g)).clear()
        vars(get_game(g)).update(before)
    for codec, before in codecs_before:
        vars(codec).update(before)
    for cls, d in class_dicts.items():
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
    "bot", ["instance-patcher", "blind-patcher", "config-bender", "view-meddler"]
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
@pytest.mark.parametrize("bot", ["module-patcher", "code-swapper", "shared-patcher"])
def test_a_bot_patching_shared_code_is_caught_and_nothing_written(
    hostile: None, tmp_path: Path, game: str, bot: str
) -> None:
    _refused(
        tmp_path / "run",
        game,
        f"random,{bot}",
        "refused: the library's code was changed while they were played",
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
