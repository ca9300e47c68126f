"""What every game's config shares: the field checks and the dict round trip.

A game's config is a frozen dataclass that subclasses `CheckedConfig`, names its
`ConfigError` subclass in `config_error` and checks its fields in
`__post_init__` with `self._check(ok, name, value, allowed)`, which raises
"`Class.name=value` is not allowed; use `allowed`". `to_dict` and `from_dict`
store and read it back (unknown keys refused, fields added since a config was
stored filled from `legacy_values`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, asdict, fields
from types import MappingProxyType
from typing import Any, ClassVar, TypeGuard, TypeVar

from scavenger_env.core.errors import ConfigError

__all__ = ["CheckedConfig", "FrozenDict", "is_int", "option_path", "put_in_option"]

_C = TypeVar("_C", bound="CheckedConfig")


def is_int(value: object) -> TypeGuard[int]:
    """An int that is not a bool (True would otherwise pass as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


_PATH = re.compile(r"^(\w+)((?:\.[^.\[\]]+|\[\d+\])+)$")
_STEP = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def option_path(name: str) -> tuple[str, list[str | int]] | None:
    """A name that reaches inside an option, as the rules text and the balance
    tuner write it: the option, then its steps, a key after each dot and an
    index in each pair of brackets (`card_data.Igil.cost` is ``("card_data",
    ["Igil", "cost"])``, `income[0]` ``("income", [0])``); None for a plain
    option name."""
    match = _PATH.match(name.strip())
    if not match:
        return None
    steps: list[str | int] = [
        word.strip() if word else int(index)
        for word, index in _STEP.findall(match.group(2))
    ]
    return match.group(1), steps


def put_in_option(
    current: Any, steps: Sequence[str | int], value: Any, effective: Any = None
) -> Any:
    """`current` (an option's value) with the entry at `steps` set to `value`,
    as new tuples and dicts. An entry `current` lacks comes from `effective`
    (the value in force: a config's ``effective_NAME``), a mapping's from an
    empty mapping (an override names only what it changes). Raises
    `ValueError` saying which step does not fit the option."""
    if not steps:
        return value
    step, rest = steps[0], steps[1:]
    if isinstance(step, str):
        shown = current if current is not None else effective
        if shown is not None and not isinstance(shown, Mapping):
            raise ValueError(f".{step}: the option is {shown!r}, not a mapping")
        inner = _entry(effective, step)
        new = dict(current or {})
        here = new.get(step, {} if rest and isinstance(rest[0], str) else inner)
        new[step] = put_in_option(here, rest, value, inner)
        return new
    if current is None:
        current = effective
    if not isinstance(current, Sequence) or isinstance(current, str):
        raise ValueError(f"[{step}]: the option is {current!r}, not a list")
    if step >= len(current):
        raise ValueError(
            f"[{step}]: the option has {len(current)} entries, numbered 0 to "
            f"{len(current) - 1}"
        )
    items = list(current)
    items[step] = put_in_option(items[step], rest, value, _entry(effective, step))
    return tuple(items)


def _entry(effective: Any, step: str | int) -> Any:
    """Entry `step` of the value in force, None where there is none."""
    try:
        return effective[step]
    except (KeyError, IndexError, TypeError):
        return None


class FrozenDict(dict[str, Any]):
    """A read-only dict that can be hashed: a config field holding a mapping
    (frozen configs are hashed and shared). It compares equal to a plain dict
    with the same items, and JSON writes it as an object."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a config's mapping is read-only; make a new config")

    __setitem__ = _refuse
    __delitem__ = _refuse
    clear = _refuse
    pop = _refuse
    popitem = _refuse  # type: ignore[assignment]
    setdefault = _refuse
    update = _refuse
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (a bot in another process) as a new one from a plain dict."""
        return (type(self), (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self


class CheckedConfig:
    """The base of a game's frozen config dataclass (see the module)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    #: the error a bad value raises (the game's subclass of `ConfigError`)
    config_error: ClassVar[type[ConfigError]] = ConfigError
    #: what a field missing from a stored config means: its value before it
    #: existed (a config written by `to_dict` holds every field but those below);
    #: read-only, since every config (a bot's copy too) reaches it
    legacy_values: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    #: fields `to_dict` writes only when changed, so that configs, records and
    #: digests made before they existed stay as they were
    written_when_changed: ClassVar[tuple[str, ...]] = ()

    def _check(self, ok: bool, name: str, value: object, allowed: str) -> None:
        """Refuse field `name`'s `value` unless `ok`, saying what is allowed."""
        if not ok:
            raise self.config_error(
                f"{type(self).__name__}.{name}={value!r} is not allowed; use {allowed}"
            )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (tuples as lists); `from_dict` reads it back."""
        d = asdict(self)
        for k, v in d.items():
            if isinstance(v, tuple):
                d[k] = list(v)
        defaults = self.__dataclass_fields__
        for k in self.written_when_changed:
            if getattr(self, k) == defaults[k].default:
                del d[k]
        return d

    @classmethod
    def from_dict(cls: type[_C], data: dict[str, Any]) -> _C:
        """Build a config from `to_dict` output; unknown keys raise the game's
        ConfigError. A field missing from `data` takes its `legacy_values`
        entry when it has one (the config was stored before the field existed),
        else its default."""
        if not isinstance(data, dict):
            raise cls.config_error(
                f"a config must be a JSON object, got {type(data).__name__}"
            )
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise cls.config_error(
                f"unknown config field(s) {unknown}; allowed: {sorted(known)}"
            )
        filled = {k: v for k, v in cls.legacy_values.items() if k not in data}
        make: Callable[..., _C] = cls
        try:
            return make(**data, **filled)
        except TypeError as exc:  # pragma: no cover - guarded by the check above
            raise cls.config_error(str(exc)) from exc
