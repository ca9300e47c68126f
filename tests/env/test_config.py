"""Every registered game's config: each bad field value is refused, by the
constructor and by `from_dict`, with a message naming the field and what it
accepts; `to_dict` / `from_dict` round-trip through JSON; unknown keys and
non-dicts are refused; the error is the core `ConfigError`.

The checks run over the registry (`scavenger_env.core.games.GAMES`); the values
they use are each game's own, in `tests/<game>/config_values.py` (a game added to
the registry without that file fails here, saying so). A game's own rules about
its options (scenario numbers, fields added since records were first stored)
are tested in its folder.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from types import ModuleType
from typing import Any

import pytest

from scavenger_env.core.errors import ConfigError
from scavenger_env.core.games import GAMES, get_game

NAMES = sorted(GAMES)


def values_of(name: str) -> ModuleType:
    """The game's `tests/<name>/config_values.py`."""
    return importlib.import_module(f"{name}.config_values")


def config_class(name: str) -> Any:
    """The game's config dataclass (the type `make_config` returns)."""
    return type(get_game(name).make_config(2))


def field_names(name: str) -> list[str]:
    return [f.name for f in dataclasses.fields(config_class(name))]


def bad_value_cases() -> list[Any]:
    return [
        pytest.param(name, field, value, allowed, id=f"{name}-{field}={value!r}")
        for name in NAMES
        for field, value, allowed in values_of(name).BAD_VALUES
    ]


def round_trip_cases() -> list[Any]:
    return [
        pytest.param(name, config, id=f"{name}-{i}")
        for name in NAMES
        for i, config in enumerate(values_of(name).ROUND_TRIP)
    ]


@pytest.mark.parametrize("name", NAMES)
def test_every_registered_game_has_its_config_values(name: str) -> None:
    module = values_of(name)
    for table in ("NON_DEFAULT", "ONE_VALUE", "ALONE", "BAD_VALUES", "ROUND_TRIP"):
        assert hasattr(module, table), f"tests/{name}/config_values.py: no {table}"


@pytest.mark.parametrize("name", NAMES)
def test_every_field_has_bad_values_listed(name: str) -> None:
    listed = {field for field, _, _ in values_of(name).BAD_VALUES}
    assert sorted(listed) == sorted(field_names(name))


@pytest.mark.parametrize("name", NAMES)
def test_every_field_has_a_non_default_value_or_only_one(name: str) -> None:
    values = values_of(name)
    assert sorted([*values.NON_DEFAULT, *values.ONE_VALUE]) == sorted(field_names(name))
    defaults = config_class(name)()
    for field, value in values.NON_DEFAULT.items():
        assert getattr(defaults, field) != value, field


@pytest.mark.parametrize(("name", "field", "value", "allowed"), bad_value_cases())
def test_a_bad_value_is_refused_naming_the_field_and_the_allowed_values(
    name: str, field: str, value: Any, allowed: str
) -> None:
    cls = config_class(name)
    made: list[Any] = []
    with pytest.raises(cls.config_error) as info:
        made.append(cls(**{field: value}))
    assert made == []  # no object escapes
    message = str(info.value)
    assert message.startswith(f"{cls.__name__}.{field}={value!r} is not allowed; use ")
    assert allowed in message


@pytest.mark.parametrize(("name", "field", "value", "allowed"), bad_value_cases())
def test_from_dict_refuses_the_same_values(
    name: str, field: str, value: Any, allowed: str
) -> None:
    cls = config_class(name)
    stored = cls().to_dict()  # the defaults the messages above assume
    before = dict(stored)
    with pytest.raises(cls.config_error, match=f"{cls.__name__}.{field}=") as info:
        cls.from_dict({**stored, field: value})
    assert allowed in str(info.value)
    assert stored == before  # the caller's dict is left as it was


@pytest.mark.parametrize("name", NAMES)
def test_the_config_error_is_the_core_config_error(name: str) -> None:
    """Generic tools catch any game's bad config by the core class."""
    cls = config_class(name)
    assert issubclass(cls.config_error, ConfigError)
    assert issubclass(cls.config_error, ValueError)
    with pytest.raises(ConfigError):
        cls(num_players=7)
    with pytest.raises(ConfigError):
        get_game(name).make_config(7)


@pytest.mark.parametrize("name", NAMES)
def test_the_config_is_frozen(name: str) -> None:
    config = config_class(name)()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.num_players = 3
    assert config == config_class(name)()


@pytest.mark.parametrize(("name", "config"), round_trip_cases())
def test_to_dict_from_dict_round_trip(name: str, config: Any) -> None:
    cls = type(config)
    stored = config.to_dict()
    # every field, but those written only when changed left out at their default
    defaults = cls()
    assert sorted(stored) == sorted(
        f
        for f in field_names(name)
        if f not in cls.written_when_changed
        or getattr(config, f) != getattr(defaults, f)
    )
    assert cls.from_dict(stored) == config
    # JSON-safe: tuples become lists and come back as tuples
    again = cls.from_dict(json.loads(json.dumps(stored)))
    assert again == config
    assert again.to_dict() == stored
    assert hash(again) == hash(config)


@pytest.mark.parametrize("name", NAMES)
def test_from_dict_fills_missing_fields(name: str) -> None:
    """A missing field takes its default, or its `legacy_values` entry where it
    has one (a config stored before the field existed)."""
    cls = config_class(name)
    legacy = dict(cls.legacy_values)
    assert cls.from_dict({}) == cls(**legacy)
    legacy.pop("num_players", None)
    assert cls.from_dict({"num_players": 3}) == cls(num_players=3, **legacy)
    assert cls.from_dict(cls(num_players=3).to_dict()) == cls(num_players=3)


@pytest.mark.parametrize("name", NAMES)
def test_from_dict_rejects_unknown_keys_naming_the_allowed_ones(name: str) -> None:
    cls = config_class(name)
    stored = {**cls().to_dict(), "colour": "red", "players": 2}
    with pytest.raises(cls.config_error) as info:
        cls.from_dict(stored)
    message = str(info.value)
    assert "['colour', 'players']" in message
    for field in field_names(name):
        assert f"'{field}'" in message


@pytest.mark.parametrize("name", NAMES)
def test_from_dict_rejects_a_non_dict(name: str) -> None:
    cls = config_class(name)
    with pytest.raises(cls.config_error, match="must be a JSON object, got list"):
        cls.from_dict([("num_players", 2)])


@pytest.mark.parametrize("name", NAMES)
def test_game_config_from_dict_is_the_configs(name: str) -> None:
    """The game's `config_from_dict` (what records use) reads `to_dict` back."""
    game = get_game(name)
    for config in values_of(name).ROUND_TRIP:
        assert game.config_from_dict(config.to_dict()) == config
