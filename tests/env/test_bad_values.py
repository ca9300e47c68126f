"""Values of the wrong kind, for every registered game's environment: numpy
integers work wherever Python ints do, bools and other values are refused with
an error that says what was wrong, and a refused call changes nothing. Also:
whose hand the rendered picture shows.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

import numpy as np
import pytest

from scavenger_env.core import screen
from scavenger_env.core.aec import UnknownAgentError
from scavenger_env.core.errors import ConfigError, IllegalActionError, SeedError
from scavenger_env.core.games import GAMES, get_game
from scavenger_env.core.picture import Picture
from scavenger_env.core.records import GameRecord
from scavenger_env.core.screen import Screen

NAMES = sorted(GAMES)
KINDS = ["env", "raw_env"]

NOT_ACTIONS = [
    True,
    False,
    np.True_,
    1.0,
    np.float64(2.0),
    "3",
    None,
    [3],
    np.array([3]),
    np.array(3.0),
    np.array(True),
]


def maker(name: str, kind: str = "raw_env") -> Any:
    """The game's `env` or `raw_env` (from its entry point's module)."""
    module = get_game(name).env_entry_point.partition(":")[0]
    return getattr(importlib.import_module(module), kind)


class Position:
    """A copy of a game's state that equals an equal position (`same_state`):
    a game's state may hold read-only tables that pickle cannot copy."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, game: Any, state: Any) -> None:
        self.game, self.state = game, game.clone(state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.game.same_state(
            self.state, other.state
        )


def state_of(e: Any) -> dict[str, Any]:
    """What a refused call could have changed."""
    base = e.unwrapped
    return {
        "game": Position(base.rules, base.game),
        "actions": list(base.actions),
        "seed": base.seed_used,
        "agent_selection": e.agent_selection,
        "terminations": dict(e.terminations),
        "truncations": dict(e.truncations),
        "rewards": dict(e.rewards),
        "cumulative": dict(base._cumulative_rewards),
    }


def picture(e: Any, seat: int | None = None) -> str:
    """The game's picture of the env's state for `seat` (default: the mover)."""
    game, state = e.unwrapped.rules, e.unwrapped.game
    return game.render(state, game.current_player(state) if seat is None else seat)


def legal(e: Any) -> int:
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])


def illegal(e: Any) -> int:
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
def test_a_value_that_is_not_an_action_is_refused_and_changes_nothing(
    name: str, kind: str, action: object
) -> None:
    """`env().step(True)` used to warn that the game ends and then crash inside
    PettingZoo's mask lookup; `raw_env` read True as action 1."""
    e = maker(name, kind)(num_players=2)
    e.reset(seed=3)
    for _ in range(5):
        e.step(legal(e))
    before = state_of(e)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "the game ends" warning either
        with pytest.raises(IllegalActionError) as info:
            e.step(action)
    message = str(info.value)
    assert type(action).__name__ in message
    assert f"0..{get_game(name).env_actions - 1}" in message
    assert state_of(e) == before
    e.step(legal(e))  # the game goes on
    assert len(e.unwrapped.actions) == len(before["actions"]) + 1


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", NAMES)
def test_numpy_integers_and_0d_arrays_play_like_ints(name: str, kind: str) -> None:
    """`step(np.array(0))` used to raise when legal (raw_env) and was treated as a
    move when illegal (env()): every integer form must act like the int."""
    kinds = [
        int,
        np.int64,
        np.int32,
        np.uint8,
        np.array,
        lambda a: np.array(a, np.int16),
    ]
    game = get_game(name)
    games = []
    for int_kind in kinds:
        e = maker(name, kind)(num_players=3)
        e.reset(seed=5)
        for _ in range(40):
            e.step(int_kind(legal(e)))
        games.append(e.unwrapped.game)
        assert all(type(a) is int for a in e.unwrapped.actions)
    assert all(game.same_state(g, games[0]) for g in games[1:])


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_0d_array_in_env_ends_the_game_like_the_int(name: str) -> None:
    """env()'s classic convention: an illegal action loses, whatever its int type."""
    outcomes = []
    for kind in (int, np.array, np.int64):
        e = maker(name, "env")(num_players=2)
        e.reset(seed=2)
        mover = e.agent_selection
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            e.step(kind(illegal(e)))
        assert any(mover in str(w.message) for w in caught)
        assert all(e.terminations.values())
        outcomes.append(dict(e._cumulative_rewards))
    assert outcomes[0] == outcomes[1] == outcomes[2]
    assert outcomes[0][mover] == -1.0


@pytest.mark.parametrize("name", NAMES)
def test_raw_env_out_of_range_ints_say_the_range(name: str) -> None:
    size = get_game(name).env_actions
    e = maker(name)(num_players=2)
    e.reset(seed=0)
    before = state_of(e)
    for action in (-1, size, np.int64(1000 + size)):
        with pytest.raises(IllegalActionError, match=rf"out of range.*0\.\.{size - 1}"):
            e.step(action)
    assert state_of(e) == before


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "call",
    [
        lambda e: e.step(0),
        lambda e: e.observe("player_0"),
        lambda e: e.last(),
        lambda e: e.explain(0),
    ],
    ids=["step", "observe", "last", "explain"],
)
def test_raw_env_before_reset_says_to_call_reset(name: str, call: Any) -> None:
    """`raw_env().step(0)` used to raise a bare AttributeError."""
    e = maker(name)(num_players=2, render_mode="ansi")
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        call(e)
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        e.render()


@pytest.mark.parametrize("name", NAMES)
def test_raw_env_attributes_before_reset_say_reset_sets_them(name: str) -> None:
    e = maker(name)(num_players=2)
    for attribute in ("agent_selection", "agents", "rewards", "terminations", "infos"):
        with pytest.raises(AttributeError, match=r"call reset\(\) first"):
            getattr(e, attribute)
    assert not hasattr(e, "agent_selection")
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        e.nonsense  # noqa: B018
    e.reset(seed=0)
    assert e.agent_selection in e.possible_agents


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("agent", ["player_9", "player_2", "Player_0", 0, None])
def test_an_unknown_agent_names_the_agents(name: str, kind: str, agent: object) -> None:
    """`observe('player_9')` used to raise a bare KeyError."""
    e = maker(name, kind)(num_players=2)
    e.reset(seed=0)
    for call in (e.observe, e.observation_space, e.action_space):
        with pytest.raises(UnknownAgentError) as info:
            call(agent)
        message = str(info.value)
        assert repr(agent) in message
        assert "player_0, player_1" in message
        assert not message.startswith("'"), "printed as a message, not a key"
    with pytest.raises(KeyError):  # still a KeyError for code that catches one
        e.observe(agent)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("seed", "error", "words"),
    [
        (True, TypeError, "not bool"),
        (np.True_, TypeError, "not bool"),
        (1.0, TypeError, "not float"),
        ("7", TypeError, "not str"),
        (-1, ValueError, "non-negative"),
        (np.int64(-5), ValueError, "non-negative"),
    ],
    ids=repr,
)
def test_a_bad_seed_is_refused_and_the_game_is_kept(
    name: str, kind: str, seed: object, error: type, words: str
) -> None:
    """`reset(seed=True)` used to deal game 1."""
    e = maker(name, kind)(num_players=2)
    e.reset(seed=4)
    e.step(legal(e))
    before = state_of(e)
    with pytest.raises(error) as info:
        e.reset(seed=seed)
    assert words in str(info.value)
    assert "seed" in str(info.value)
    assert state_of(e) == before


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", NAMES)
def test_a_numpy_seed_deals_the_same_game_as_the_int(name: str, kind: str) -> None:
    """`reset(seed=np.int64(5))` used to be refused."""
    game = get_game(name)
    deals = []
    for seed in (5, np.int64(5), np.uint32(5), np.array(5)):
        e = maker(name, kind)(num_players=2)
        e.reset(seed=seed)
        assert type(e.unwrapped.seed_used) is int
        assert e.unwrapped.seed_used == 5
        deals.append(e.unwrapped.game)
    other = maker(name, kind)(num_players=2)
    other.reset(seed=6)
    assert not game.same_state(deals[0], other.unwrapped.game)  # it can fail
    assert all(game.same_state(d, deals[0]) for d in deals[1:])


@pytest.mark.parametrize("name", NAMES)
def test_reset_options_must_be_a_dict(name: str) -> None:
    """No reset option is defined; a dict is ignored (PettingZoo's api_test passes
    one), anything else is a mistake."""
    e = maker(name)(num_players=2)
    e.reset(seed=1, options={"anything": 1})
    e.step(legal(e))
    before = state_of(e)
    with pytest.raises(TypeError, match="options must be None or a dict, not list"):
        e.reset(seed=2, options=["num_players", 3])
    assert state_of(e) == before


def as_numpy(value: Any) -> Any:
    """`value` with its bools and ints as numpy scalars (tuples item by item)."""
    if isinstance(value, bool):
        return np.bool_(value)
    if isinstance(value, int):
        return np.int64(value) if value % 2 else np.int32(value)
    if isinstance(value, tuple):
        return tuple(as_numpy(v) for v in value)
    return value


def plain_types(value: Any) -> bool:
    """No numpy value anywhere in `value` (a config's dict)."""
    if isinstance(value, (list, tuple)):
        return all(plain_types(v) for v in value)
    return not isinstance(value, np.generic)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", NAMES)
def test_numpy_values_are_accepted_as_config_keywords(name: str, kind: str) -> None:
    """`num_players=np.int64(3)` used to be refused: every option given as numpy
    values makes the config of the plain ones, holding plain values."""
    values = importlib.import_module(f"{name}.config_values")
    options = {k: v for k, v in values.NON_DEFAULT.items() if k not in values.ALONE}
    e = maker(name, kind)(**{k: as_numpy(v) for k, v in options.items()})
    assert e.unwrapped.config == get_game(name).make_config(**options)
    assert all(plain_types(v) for v in e.unwrapped.config.to_dict().values())
    assert type(e.unwrapped.config.num_players) is int
    assert e.possible_agents == ["player_0", "player_1", "player_2"]


def bool_and_float_cases() -> list[Any]:
    """The bools and floats of each game's bad values (tests/<game>/config_values.py)."""
    return [
        pytest.param(name, field, value, id=f"{name}-{field}={value!r}")
        for name in NAMES
        for field, value, _ in importlib.import_module(
            f"{name}.config_values"
        ).BAD_VALUES
        if isinstance(value, (bool, float))
    ]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("name", "field", "value"), bool_and_float_cases())
def test_bools_and_floats_are_refused_as_ints(
    name: str, kind: str, field: str, value: Any
) -> None:
    """As Python and as numpy values: `np.False_` is no seat 0."""
    for given in (value, as_numpy(value)):
        with pytest.raises(ConfigError) as info:
            maker(name, kind)(**{field: given})
        assert field in str(info.value)


# -- whose hand the picture shows -----------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_human_render_needs_to_be_told_whose_view_to_print(name: str) -> None:
    """A human watching a bot game must not see the bots' hands unasked."""
    for kind in KINDS:
        with pytest.raises(ConfigError) as info:
            maker(name, kind)(num_players=3, render_mode="human")
        message = str(info.value)
        assert "render_seat=0..2" in message
        assert "'acting'" in message


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[Picture]:
    """The pictures a "human" env shows, in order (recorded instead of opening a
    window: the window itself is tested in tests/env/test_pictures.py)."""
    pictures: list[Picture] = []
    monkeypatch.setattr(Screen, "_show_window", lambda self, p: pictures.append(p))
    monkeypatch.setattr(screen, "in_notebook", lambda: False)
    return pictures


def drawn(e: Any, seat: int | None = None) -> Picture:
    """The game's drawn picture of the env's state for `seat` (default: the
    mover)."""
    game, state = e.unwrapped.rules, e.unwrapped.game
    return game.picture(state, game.current_player(state) if seat is None else seat)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seat", [1, "player_1", np.int64(1)], ids=repr)
def test_human_render_with_a_seat_shows_only_that_seats_view(
    name: str, seat: object, shown: list[Picture]
) -> None:
    e = maker(name, "env")(num_players=2, render_mode="human", render_seat=seat)
    e.reset(seed=9)
    game = e.unwrapped.rules
    movers = set()
    for step in range(30):
        movers.add(game.current_player(e.unwrapped.game))
        e.step(legal(e))
        assert len(shown) == step + 1
        assert shown[-1] == drawn(e, 1)
    assert movers == {0, 1}, "both seats moved, yet only seat 1's view was shown"


@pytest.mark.parametrize("name", NAMES)
def test_acting_render_follows_the_mover(name: str, shown: list[Picture]) -> None:
    e = maker(name, "env")(num_players=3, render_mode="human", render_seat="acting")
    e.reset(seed=9)
    game = e.unwrapped.rules
    seen = set()
    for _ in range(30):
        e.step(legal(e))
        assert shown[-1] == drawn(e)
        seen.add(game.current_player(e.unwrapped.game))
    assert len(seen) > 1


@pytest.mark.parametrize("name", NAMES)
def test_ansi_render_defaults_to_the_mover_and_can_be_fixed(name: str) -> None:
    mover = maker(name, "env")(num_players=3, render_mode="ansi")
    fixed = maker(name, "env")(num_players=3, render_mode="ansi", render_seat=2)
    game = get_game(name)
    for e in (mover, fixed):
        e.reset(seed=9)
        for _ in range(30):
            e.step(legal(e))
        # On to a decision of another seat than 2 (the same in both games).
        while game.current_player(e.unwrapped.game) == 2:
            e.step(legal(e))
    assert game.current_player(mover.unwrapped.game) != 2
    assert mover.render() == picture(mover)
    assert fixed.render() == picture(fixed, 2)
    assert mover.render() != fixed.render()  # the comparison can fail


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "seat", [2, -1, True, 1.0, "player_2", "seat_0", "Acting"], ids=repr
)
def test_a_bad_render_seat_names_what_is_allowed(name: str, seat: object) -> None:
    for kind in KINDS:
        with pytest.raises(ConfigError) as info:
            maker(name, kind)(num_players=2, render_mode="ansi", render_seat=seat)
        message = str(info.value)
        assert f"render_seat={seat!r}" in message
        assert "seat from 0 to 1" in message
        assert "'acting'" in message


# ---------------------------------------------------------------- every game

HUGE = [10**5000, -(10**5000)]
"""Ints whose digits Python refuses to print (over 4300 of them)."""
MASKED = [np.ma.masked_array(3, mask=True), np.ma.masked]


def started(name: str, kind: str = "raw_env") -> Any:
    e = maker(name, kind)(num_players=2)
    e.reset(seed=3)
    for _ in range(3):
        e.step(legal(e))
    return e


def frozen(e: Any) -> tuple[object, ...]:
    """Everything a refused call could have changed, of any game."""
    base = e.unwrapped
    return (
        Position(base.rules, base.game),
        list(base.actions),
        e.agent_selection,
        dict(e.terminations),
        dict(e.truncations),
        dict(e._cumulative_rewards),
    )


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("action", HUGE, ids=["huge", "-huge"])
def test_a_huge_int_is_refused_by_its_digit_count(name: str, action: int) -> None:
    """An action of 10**5000 raised ValueError ("Exceeds the limit (4300 digits)
    for integer string conversion") while the message was being written."""
    engine = get_game(name)
    e = started(name)
    before = frozen(e)
    state = e.unwrapped.game
    with pytest.raises(IllegalActionError, match="number of 5001 digits"):
        engine.apply_action(state, action)
    assert "number of 5001 digits" in engine.explain_illegal(state, action)
    assert "number of 5001 digits" in e.unwrapped.explain(action)
    with pytest.raises(IllegalActionError, match="of 5001 digits is out of range"):
        e.step(action)
    assert frozen(e) == before
    e.step(legal(e))  # the game goes on


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("action", MASKED, ids=["masked_array", "masked"])
def test_a_masked_value_is_not_an_action(name: str, kind: str, action: Any) -> None:
    """`step(np.ma.masked_array(3, mask=True))` raised numpy's MaskError."""
    engine = get_game(name)
    e = started(name, kind)
    before = frozen(e)
    with pytest.raises(IllegalActionError, match="an action must be an int") as info:
        e.step(action)
    assert type(action).__name__ in str(info.value)
    with pytest.raises(IllegalActionError, match="an action must be an int"):
        e.unwrapped.explain(action)
    state = e.unwrapped.game
    with pytest.raises(IllegalActionError, match=type(action).__name__):
        engine.apply_action(state, action)
    assert frozen(e) == before
    e.step(legal(e))


@pytest.mark.parametrize("name", NAMES)
def test_explain_illegal_takes_the_numpy_integers_apply_action_takes(
    name: str,
) -> None:
    """Cave-In's `explain_illegal(s, np.int64(a))` said "an action must be an int"
    of the very value its `apply_action` played; Krysis's explained it."""
    engine = get_game(name)
    e = started(name)
    state = e.unwrapped.game
    rules = e.unwrapped.rules
    legal_now = rules.legal_actions(state)
    wrong = next(a for a in range(rules.num_actions) if a not in legal_now)
    for kind in (np.int64, np.int32, np.uint8):
        assert engine.explain_illegal(state, kind(legal_now[0])) == ""
        reason = engine.explain_illegal(state, kind(wrong))
        assert reason == engine.explain_illegal(state, wrong)
        assert "must be an int" not in reason and "is an int" not in reason
    engine.apply_action(state, np.int64(legal_now[0]))


def finished(name: str, kind: str) -> Any:
    e = maker(name, kind)(num_players=2)
    e.reset(seed=1)
    while not any(e.terminations.values()) and not any(e.truncations.values()):
        e.step(legal(e))
    return e


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "action",
    ["x", 1.5, 3, 10**6, -1, np.int64(2), True, 10**5000],
    ids=["str", "float", "3", "1e6", "-1", "int64", "True", "huge"],
)
def test_a_value_after_the_end_says_the_only_action_is_none(
    name: str, kind: str, action: object
) -> None:
    """Once the game is over, env() answered 'x' or 10**6 with PettingZoo's bare
    AssertionError ("action is not in action space"), raw_env with a bare
    ValueError: the only action left is None, and the error says so."""
    e = finished(name, kind)
    agent = e.agent_selection
    before = frozen(e)
    with pytest.raises(IllegalActionError) as info:
        e.step(action)
    message = str(info.value)
    assert f"the game is over for {agent}" in message
    assert "step(None)" in message
    assert type(action).__name__ in message
    assert frozen(e) == before
    for _ in e.agent_iter():  # None still ends every agent's game
        e.step(None)
    assert e.agents == []


@pytest.mark.parametrize("name", NAMES)
def test_a_value_after_a_game_lost_by_an_illegal_move_says_the_same(
    name: str,
) -> None:
    """env() ends the game itself on an illegal move; PettingZoo then answered
    any action but None with a bare ValueError."""
    e = maker(name, "env")(num_players=2)
    e.reset(seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal(e))
    assert all(e.terminations.values())
    with pytest.raises(IllegalActionError, match="its only action is None"):
        e.step(0)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", [2**64 + 7, 10**5000], ids=["2**64+7", "huge"])
def test_a_seed_beyond_64_bits_is_refused_where_it_enters(
    name: str, kind: str, seed: Any
) -> None:
    """`reset(seed=2**64 + 7)` dealt a game whose record was then refused (a
    record keeps its seed in 64 bits)."""
    e = started(name, kind)
    before = frozen(e)
    seed_before = e.unwrapped.seed_used
    with pytest.raises(SeedError, match=r"a seed must be at most 2\*\*64 - 1"):
        e.reset(seed=seed)
    assert frozen(e) == before and e.unwrapped.seed_used == seed_before
    e.reset(seed=2**64 - 1)  # the largest is fine, and its record too
    assert e.unwrapped.seed_used == 2**64 - 1


@pytest.mark.parametrize("name", NAMES)
def test_new_game_refuses_a_seed_a_record_cannot_keep(name: str) -> None:
    rules = get_game(name)
    config = rules.make_config(2)
    for seed in (2**64, -1, np.int64(-1)):
        with pytest.raises(SeedError, match=r"new_game\(seed="):
            rules.new_game(config, seed)
    with pytest.raises(TypeError, match="not a bool"):
        rules.new_game(config, True)
    a = rules.new_game(config, 2**64 - 1)
    b = rules.new_game(config, np.uint64(2**64 - 1))
    assert rules.same_state(a, b)
    record = rules.record(config, 2**64 - 1, a, [])
    assert GameRecord.from_json(record.to_json()).seed == 2**64 - 1
