"""Fair play against a hostile bot.

In the tournament's own process (trusted code, `isolation="none"`), what a bot is
handed leads to no object the tournament uses: a bot that changes its view, its
copy of the game object, the rules or its copy of the state plays the very games
of `random` making the same moves; one that reaches the live game through the
garbage collector has the game refused (its actions do not replay to the state
it ended in), and nothing is written; the record is made after the bots' last
call, so no bot can change it. Code shared by the process (classes, modules,
card tables) is out of a copy's reach but not of a bot's: the last test shows a
bot patching it. That is why an untrusted bot plays in a process of its own:

In its own process (`file:` bots, isolated by default), every trick of every
hostile bot, those on shared code included, changes nothing in play: the games
are those of `random`.

The bots are in `cheats.py` (a bot file: `file:cheats.py,cls=ClassPatcher`).
"""

from __future__ import annotations

import enum
import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents.base import SeatView
from agents.file_bot import bot_module
from agents.tournament import AgentError, make_plan, run_tournament
from agents.tournament.folder import GAMES_FILE
from scavenger_env.core.games import GAMES, get_game
from scavenger_env.core.records import iter_records
from scavenger_env.core.simulate import play_random_game, replay_record

GAME_NAMES = tuple(sorted(GAMES))
"""Every registered game."""

CHEATS = str(Path(__file__).with_name("cheats.py"))
cheats = bot_module(CHEATS)
Log = cheats.Log
_MISSING = object()


def cheat(name: str, label: str | None = None) -> str:
    """The spec of the hostile bot class `name` of cheats.py."""
    return f"file:{CHEATS},cls={name},name={label or name}"


@pytest.fixture
def hostile() -> Iterator[None]:
    """Puts back whatever shared code the bots change in this process."""
    Log.patched = Log.saw_own_patch = Log.finished = 0
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
    Log.records = []
    yield
    for entry, field, value in Log.bent:
        object.__setattr__(entry, field, value)
    for record, scores, actions in Log.records:
        record.scores, record.actions[:] = scores, actions
    Log.records = []
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


def _tournament(
    folder: Path, game: str, players: list[str], isolation: str = "none"
) -> list[Any]:
    plan = make_plan(players, 2, games=4, seed=3, game=game)
    run_tournament(plan, folder, jobs=1, isolation=isolation)
    return list(iter_records(folder / GAMES_FILE))


def _facts(records: list[Any]) -> list[tuple[Any, ...]]:
    """What makes each game that game, as values no bot can change later."""
    return [
        (repr(r.config), r.seed, tuple(r.actions), tuple(r.scores), r.digest)
        for r in records
    ]


def _same_games(played: list[Any], honest: list[tuple[Any, ...]]) -> None:
    assert len(played) == len(honest) == 4
    assert _facts(played) == honest
    for record in played:
        replay_record(record)


_HONEST: dict[str, list[tuple[Any, ...]]] = {}


def _honest(folder: Path, game: str) -> list[tuple[Any, ...]]:
    """The games of `random,random` (the cheats' moves), played once per game."""
    if game not in _HONEST:
        records = _tournament(folder / f"honest-{game}", game, ["random"] * 2)
        _HONEST[game] = _facts(records)
    return _HONEST[game]


OWN_COPIES = (
    "InstancePatcher",
    "BlindPatcher",
    "ConfigBender",
    "ViewMeddler",
    "RulesNarrower",
)
"""The bots whose tricks reach only their own copies."""


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("bot", OWN_COPIES)
def test_a_bot_changes_only_its_own_copies(
    hostile: None, tmp_path: Path, game: str, bot: str
) -> None:
    """Patching the view's game object, its methods, the config or the view's
    internals changes nothing in play: the games are those of `random`."""
    played = _tournament(tmp_path / "cheat", game, [cheat(bot, "a"), cheat(bot, "b")])
    assert Log.patched > 20
    if bot != "BlindPatcher":  # a blind view serves its seat for the whole game
        assert Log.saw_own_patch == 0  # each view's game object is a fresh copy
    _same_games(played, _honest(tmp_path, game))
    plan_config = get_game(game).make_config(2).to_dict()
    assert all(r.config == plan_config for r in played)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_bot_cannot_empty_the_hide_lists(
    hostile: None, tmp_path: Path, game: str
) -> None:
    """The engine's tables of what to hide refuse every change in place (a
    bot that emptied them would read the others' secret picks in its next
    copy); the games are those of `random`."""
    for name in GAME_NAMES:
        get_game(name)  # every game's engine loaded
    hide_lists = cheats._hide_lists
    before = {(m.__name__, k): dict(getattr(m, k)) for m, k in hide_lists()}
    assert before and all(before.values())
    bot = "HideListEmptier"
    played = _tournament(tmp_path / "cheat", game, [cheat(bot, "a"), cheat(bot, "b")])
    assert Log.patched == 0 and Log.saw_own_patch > 20
    _same_games(played, _honest(tmp_path, game))
    assert {(m.__name__, k): dict(getattr(m, k)) for m, k in hide_lists()} == before


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_bot_reaching_the_live_game_has_it_refused(
    hostile: None, tmp_path: Path, game: str
) -> None:
    """A bot in the tournament's process that walks the garbage collector to the
    live state and changes it: the game is refused (its actions do not replay to
    the state it ended in), or the bot fails changing it (a compiled state
    refuses a value of the wrong type), and nothing of it is written."""
    folder = tmp_path / "run"
    with pytest.raises(AgentError, match=r"is refused|'LiveStateReacher' .* failed"):
        _tournament(folder, game, ["random", cheat("LiveStateReacher")])
    assert Log.patched > 0
    games = folder / GAMES_FILE
    assert not games.exists() or games.read_text() == ""
    assert not (folder / "summary.json").exists()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_bot_cannot_change_a_record(hostile: None, tmp_path: Path, game: str) -> None:
    """A bot that rewrites every game record it finds, at each game's end (its
    last call), finds none to rewrite: the record is made after it; the games are
    those of `random`."""
    bot = "RecordTamperer"
    played = _tournament(tmp_path / "cheat", game, [cheat(bot, "a"), cheat(bot, "b")])
    assert Log.finished == 8  # two seats, four games: it was called each time
    _same_games(played, _honest(tmp_path, game))


ISOLATED_PAIRS = (
    ("ClassPatcher", "ModulePatcher"),
    ("CodeSwapper", "SharedObjectPatcher"),
    ("TableBender", "LiveStateReacher"),
    ("InstancePatcher", "RulesNarrower"),
)
"""Hostile bots seated against each other in their own processes: every trick,
on shared code too."""


@pytest.mark.parametrize("game", GAME_NAMES)
def test_hostile_bots_in_their_own_processes_change_nothing(
    hostile: None, tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `file:` bot is untrusted, so a tournament seating one plays every bot in
    a process of its own (isolation "auto"): patching the game's class, an engine
    module, a function's code, a card table or the live states it can find
    reaches its own process only; the games are those of `random`."""
    log = tmp_path / "patches.log"
    monkeypatch.setenv("SCAVENGER_CHEAT_LOG", str(log))
    for a, b in ISOLATED_PAIRS:
        played = _tournament(
            tmp_path / f"{a}-{b}", game, [cheat(a), cheat(b)], isolation="auto"
        )
        _same_games(played, _honest(tmp_path, game))
    pids = set(log.read_text().split())
    assert len(pids) >= 2 and str(os.getpid()) not in pids  # done, elsewhere
    assert Log.patched == 0  # nothing ran in this process


def test_the_hostile_bots_really_reach_shared_code(hostile: None) -> None:
    """In the tournament's process a bot can patch shared code (here the game's
    class, so that any end state would pass the replay check): what isolation is
    for."""
    game = get_game("krysis")
    bot = cheats.ClassPatcher()
    view = SeatView(game.new_game(game.make_config(2), 1), 0, game=game)
    bot.act(view, [0], np.random.default_rng(0))
    assert game.same_state(object(), object()) is True


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


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_shared_codec_tables_are_read_only(game: str) -> None:
    """What `view.game.codec()` hands a bot cannot be rewritten in place."""
    codec: Any = get_game(game).codec()
    with pytest.raises(TypeError):
        codec._encode_at[(0, 2)] = ()
    with pytest.raises(TypeError):
        codec._decode_at[(0, 2)] = ()
