"""Every registered game's state survives `pickle` (protocol 5), in both builds,
so that a state can cross to another process (the isolated bot host is sent its
seat's redacted copy).

At many positions of random games, under the default rules and the game's
options (`tests/<game>/config_values.py`, and a few more Hewns variants), the
state and each seat's redacted copy come back from a round trip as the same
position (`same_state`), play on identically (the same legal actions, the same
final position and digest), and share no changeable object with the original.
A compiled class cannot be made without its `__init__`'s arguments, so each
state class (and each Hewns frame class) says how it is rebuilt: these checks
run in the compiled build too (CI runs `tests/` against it).
"""

from __future__ import annotations

import importlib
import pickle
from enum import Enum
from typing import Any

import numpy as np
import pytest

from scavenger_env.core.games import GAMES, get_game
from scavenger_env.core.simulate import play_random_game

NAMES = sorted(GAMES)
POSITIONS = 8  # positions checked per game, the start and the end included
PLAY_ON = 60  # steps a redacted copy and its round trip play on together

#: more Hewns variants than its config values give: each card set, another map
#: and the longest Mudgestick (the board is rebuilt from the config on loading)
HEWNS_VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {"cards": "core"}),
    (3, {"cards": "terrain"}),
    (4, {"cards": "nanas", "secret_loads": True}),
    (3, {"map": "twins", "mudgestick": 6}),
]

#: fields a state's pickle leaves out because loading rebuilds them from the
#: config (or from the constructor's arguments)
REBUILT: dict[str, set[str]] = {
    "cavein.GameState": {"cards"},
    "hewns.State": {
        "config",
        "scenario",
        "board",
        "num_players",
        "card_table",
        "tech_table",
    },
}


def values_of(name: str) -> Any:
    """The game's `tests/<name>/config_values.py`."""
    return importlib.import_module(f"{name}.config_values")


def configs(name: str) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) to play: the defaults and every option at once at 2
    and the most players, each option that excludes others alone, and the
    game's extra variants."""
    game = get_game(name)
    values = values_of(name)
    options = {
        k: v
        for k, v in values.NON_DEFAULT.items()
        if k not in values.ALONE and k != "num_players"
    }
    out: list[tuple[int, dict[str, Any]]] = []
    for n in (game.min_players, game.max_players):
        out += [(n, {}), (n, options)]
    out += [(game.min_players, {k: values.NON_DEFAULT[k]}) for k in values.ALONE]
    if name == "hewns":
        out += HEWNS_VARIANTS
    return out


def cases() -> list[Any]:
    return [
        pytest.param(name, n, options, seed, id=f"{name}-{n}p-{i}")
        for name in NAMES
        for i, (n, options) in enumerate(configs(name))
        for seed in (i, 100 + i)
    ]


def round_trip(state: Any) -> Any:
    return pickle.loads(pickle.dumps(state, protocol=5))


# --- what pickle writes --------------------------------------------------------

_ATOMS = (bool, int, float, complex, str, bytes, type(None), Enum, type)


def reachable(root: object) -> list[object]:
    """Every object pickle writes for `root` (by each object's own
    `__reduce_ex__`, as pickle asks it), the containers and the engines'
    objects; plain values, enum members and classes apart."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if isinstance(obj, _ATOMS) or id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj)
            stack.extend(obj.values())
        else:
            reduced = obj.__reduce_ex__(5)
            assert isinstance(reduced, tuple), type(obj)
            stack.extend(reduced[1])
            state = reduced[2] if len(reduced) > 2 else None
            if isinstance(state, tuple):  # (dict, slots): a class with __slots__
                stack.extend(part for part in state if part is not None)
            elif state is not None:
                stack.append(state)
    return list(seen.values())


def attribute_names(obj: object) -> set[str]:
    """The attributes an object of an engine class has: a compiled class lists
    them in `__mypyc_attrs__`, a pure one in its `__slots__` and `__dict__`."""
    compiled = getattr(type(obj), "__mypyc_attrs__", None)
    if compiled is not None:
        return set(compiled) - {"__dict__"}
    names = {
        name
        for cls in type(obj).__mro__
        for name in getattr(cls, "__slots__", ())
        if name not in ("__dict__", "__weakref__")
    }
    return names | set(getattr(obj, "__dict__", {}))


def check_fields_complete(state: Any, name: str) -> None:
    """Each object of the engine pickles its fields by name, in a form the same
    in both builds (a dict: pickle's own `(None, slots)` for a class with
    `__slots__` is lost on a compiled class, whose `__setstate__` reads a
    dict), and names every attribute it has but those its loading rebuilds."""
    for obj in reachable(state):
        if isinstance(obj, (list, tuple, set, frozenset, dict)):
            continue
        reduced = obj.__reduce_ex__(5)
        fields = reduced[2] if len(reduced) > 2 else None
        if fields is None:  # made from its arguments alone (a config, a card)
            continue
        where = f"{name}.{type(obj).__name__}"
        assert isinstance(fields, dict), f"{where} pickles its fields as {fields!r}"
        missing = attribute_names(obj) - set(fields) - REBUILT.get(where, set())
        assert not missing, f"{where} does not pickle {sorted(missing)}"


def check_shares_nothing(game: Any, state: Any, back: Any) -> None:
    """`back` (the round trip of `state`) shares no changeable object with it,
    and changing every list, dict and set of `back` leaves `state` as it was."""
    before = game.clone(state)
    # both lists stay alive: the dicts a reduction makes are new, and an id
    # is unique only among live objects
    mine = [o for o in reachable(state) if not isinstance(o, (tuple, frozenset))]
    theirs = [o for o in reachable(back) if not isinstance(o, (tuple, frozenset))]
    ids = {id(o) for o in mine}
    shared = [type(o).__name__ for o in theirs if id(o) in ids]
    assert not shared, f"the round trip shares {shared}"
    for obj in theirs:
        if isinstance(obj, list):
            obj.append(-99)
        elif isinstance(obj, dict):
            obj[-99] = -99
        elif isinstance(obj, set):
            obj.add(-99)
    assert game.same_state(state, before)


# --- playing on --------------------------------------------------------------


def options_at(game: Any, state: Any) -> list[int]:
    """The actions (or the chance outcomes) at `state`."""
    if game.is_chance_node(state):
        return sorted(o for o, _ in game.chance_outcomes(state))
    return list(game.legal_actions(state))


def play_on_together(game: Any, a: Any, b: Any, rng: np.random.Generator) -> None:
    """Play the same random actions in `a` and `b` for `PLAY_ON` steps (or to
    the end): they offer the same actions at every step and end as the same
    position."""
    for _ in range(PLAY_ON):
        if game.is_over(a):
            break
        legal = options_at(game, a)
        assert options_at(game, b) == legal
        action = legal[int(rng.integers(len(legal)))]
        try:
            game.apply_action(a, action)
        except Exception as err:
            # a seat's copy cannot always play another seat's hidden choice
            # on (seen at another seat's Hewns Banjer fitting, its choices
            # hidden): the round trip fails alike
            with pytest.raises(type(err)):
                game.apply_action(b, action)
            return
        game.apply_action(b, action)
    assert game.is_over(b) == game.is_over(a)
    assert game.same_state(a, b)


# --- the tests -----------------------------------------------------------------


@pytest.mark.parametrize(("name", "num_players", "options", "seed"), cases())
def test_a_state_and_its_redacted_copies_survive_pickle(
    name: str, num_players: int, options: dict[str, Any], seed: int
) -> None:
    """Every position of a random game comes back as itself; at `POSITIONS` of
    them the round trip also plays the rest of the game to the same end and
    digest, shares nothing with the state, and each seat's redacted copy comes
    back as itself and plays on alike."""
    game = get_game(name)
    config = game.make_config(num_players, **options)
    final, actions = play_random_game(game, config, seed)
    start = game.new_game(config, seed)
    marks = {round(i * len(actions) / (POSITIONS - 1)) for i in range(POSITIONS)}
    state = game.clone(start)
    rng = np.random.default_rng(seed)
    for done in range(len(actions) + 1):
        if done:
            game.apply_action(state, actions[done - 1])
        back = round_trip(state)
        assert back is not state and game.same_state(back, state), (name, done)
        if done:  # the check can fail: a later position is another one
            assert not game.same_state(back, start)
        if done not in marks:
            continue
        check_fields_complete(state, name)
        check_shares_nothing(game, state, back)
        # the round trip plays on as the game did, to the same end and digest
        back = round_trip(state)
        for action in actions[done:]:
            game.apply_action(back, action)
        assert game.same_state(back, final)
        assert game.digest(back, seed, actions) == game.digest(final, seed, actions)
        # what a bot at each seat is handed
        for seat in range(num_players):
            copy = game.redact(state, seat)
            back = round_trip(copy)
            assert game.same_state(back, copy), (name, done, seat)
            check_shares_nothing(game, copy, back)
            play_on_together(game, copy, round_trip(copy), rng)
    assert game.same_state(state, final)


@pytest.mark.parametrize("name", NAMES)
def test_pickles_of_different_positions_differ(name: str) -> None:
    """The round trip keeps what tells positions apart (not only what a new
    game has): a position after some actions does not come back as the start,
    nor as another seat's copy."""
    game = get_game(name)
    config = game.make_config(2)
    _, actions = play_random_game(game, config, 7)
    start = game.new_game(config, 7)
    state = game.clone(start)
    for action in actions[: len(actions) // 2]:
        game.apply_action(state, action)
    assert not game.same_state(round_trip(state), start)
    assert not game.same_state(round_trip(state), round_trip(start))
    assert pickle.dumps(state, 5) != pickle.dumps(start, 5)


def test_every_hewns_frame_class_says_how_it_is_pickled() -> None:
    """A frame is rebuilt by its class called with its constructor's
    arguments: a subclass that inherited its parent's `__reduce__` would be
    called with the parent's arguments (and lose its own fields)."""
    from scavenger_env.hewns.engine import rules  # noqa: F401 (every frame class)
    from scavenger_env.hewns.engine.state import Frame

    classes: list[type] = []
    todo: list[type] = [Frame]
    while todo:
        cls = todo.pop()
        classes.append(cls)
        todo.extend(cls.__subclasses__())
    assert len(classes) > 10
    lacking = [c.__name__ for c in classes if "__reduce__" not in vars(c)]
    assert not lacking, f"no __reduce__ of their own: {lacking}"


def test_a_rigged_hewns_card_survives_pickle() -> None:
    """A card a position rigged (`position.rig`) is the one card table entry
    pickled; the others are rebuilt from the config, so the loaded state reads
    the config's own cards, as a new game does."""
    from scavenger_env.hewns.engine.position import rig
    from scavenger_env.hewns.engine.state import PRINTED_CARDS, game_cards

    game = get_game("hewns")
    config = game.make_config(3)
    _, actions = play_random_game(game, config, 5)
    state = game.new_game(config, 5)
    for action in actions[: len(actions) // 3]:
        game.apply_action(state, action)
    assert round_trip(state).card_table is PRINTED_CARDS
    hewn = max(range(len(state.card_table)), key=lambda h: state.card(h).ap)
    rigged = rig(state, hewn, ap=state.card(hewn).ap - 1)
    for copy in (state, game.redact(state, 1)):
        back = round_trip(copy)
        assert game.same_state(back, copy)
        assert back.card(hewn) == rigged and back.card(hewn) is not rigged
        own = game_cards(back.config)
        assert all(back.card_table[h] is own[h] for h in range(len(own)) if h != hewn)
        for action in actions[len(actions) // 3 :][:PLAY_ON]:
            if game.is_over(copy) or action not in options_at(game, copy):
                break
            game.apply_action(copy, action)
            game.apply_action(back, action)
        assert game.same_state(back, copy)


def _frames() -> dict[str, Any]:
    """One frame of each Hewns frame class, by class name (a class added
    without a line here fails `test_every_hewns_frame_survives_pickle`)."""
    from scavenger_env.hewns.engine.auction import BidFrame
    from scavenger_env.hewns.engine.bomb import OverflowFrame
    from scavenger_env.hewns.engine.danger import TokenAttackFrame
    from scavenger_env.hewns.engine.digging import DigFrame
    from scavenger_env.hewns.engine.encounter import Enc, EncounterFrame
    from scavenger_env.hewns.engine.entrances import EntranceFrame
    from scavenger_env.hewns.engine.flight import FlightFrame
    from scavenger_env.hewns.engine.management import BanjerFrame, LoadFrame, TxFrame
    from scavenger_env.hewns.engine.mining import MineFrame, PlaceFrame
    from scavenger_env.hewns.engine.payment import PayFrame
    from scavenger_env.hewns.engine.samespace import ExpelFrame
    from scavenger_env.hewns.engine.state import Ask, Frame, RoundFrame
    from scavenger_env.hewns.engine.suderer import ExtractFrame
    from scavenger_env.hewns.engine.turnstate import HewnTurnFrame

    frames = [
        Frame(Ask.BID_TURN, 1),
        RoundFrame(2, 3),
        HewnTurnFrame(1, 5, 4, 1),
        EntranceFrame(1, 2),
        BidFrame(1),
        PayFrame(1, 5, 0, 3, 1, 3, [7, 2]),
        DigFrame(Ask.DIG_TARGET, 1, 5),
        TxFrame(1, 0, [3, 4]),
        BanjerFrame(1, 0),
        LoadFrame(1, 0),
        EncounterFrame(Ask.RANGED, 1, 5, Enc()),
        ExtractFrame(1, 5, 2),
        MineFrame(1, 5, 20, 1),
        PlaceFrame(1, 5, 0, 0, 20),
        FlightFrame(1, 5, 0, 12),
        TokenAttackFrame(1, [3, 4], 3, [5, 6]),
        ExpelFrame(1, 5),
        OverflowFrame(1, 5, 3, [6]),
    ]
    return {type(f).__name__: f for f in frames}


def _fill(obj: object, counter: list[int]) -> None:
    """Give every field of `obj` a value of its type unlike the others (a
    record inside a frame too), so that a field lost in the round trip shows."""
    for name in sorted(attribute_names(obj)):
        value = getattr(obj, name)
        counter[0] += 1
        if isinstance(value, bool):
            setattr(obj, name, not value)
        elif isinstance(value, int):
            setattr(obj, name, 100 + counter[0])
        elif isinstance(value, list):
            setattr(obj, name, [counter[0], -counter[0]])
        else:
            _fill(value, counter)


def _fields(obj: object) -> dict[str, Any]:
    """Every field of `obj` as plain values (a record inside, field by field)."""
    out: dict[str, Any] = {}
    for name in attribute_names(obj):
        value = getattr(obj, name)
        if isinstance(value, (bool, int, list)):
            out[name] = (type(value), value)
        else:
            out[name] = (type(value), _fields(value))
    return out


def test_every_hewns_frame_survives_pickle() -> None:
    """Each frame class, with every field changed from its constructor's
    values, comes back with every field and its key (random games do not
    reach every kind of decision, so each class is checked here)."""
    from scavenger_env.hewns.engine.state import Frame

    frames = _frames()
    classes: list[type] = []
    todo: list[type] = [Frame]
    while todo:
        cls = todo.pop()
        classes.append(cls)
        todo.extend(cls.__subclasses__())
    assert sorted(frames) == sorted(c.__name__ for c in classes)
    counter = [0]
    for name, frame in frames.items():
        _fill(frame, counter)
        back = round_trip(frame)
        assert type(back) is type(frame), name
        assert _fields(back) == _fields(frame), name
        assert back.key() == frame.key(), name
        check_fields_complete(frame, "hewns")
