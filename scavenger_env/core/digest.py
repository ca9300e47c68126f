"""One digest for every game: a short fingerprint of a game that a record stores.

A replay recomputes it, so a record proves that its seed and actions lead to the
very position it ended in. The digest is the SHA-256 of a canonical text:

* the plan, ``[seed, [action, ...]]`` as compact JSON, then a newline;
* the final position as one line of JSON, built from the game's
  `Game.state_data`: the fields that make the game, by name, with no
  presentation in them (no log lines or other words).

The text depends on the values alone: an enum is its number, a float its exact
hex form, a set and a dict are sorted, and only the game's named fields
(`Fields`) keep the order they are given in. So the digest is the same in the pure
and the compiled build, under any Python hash seed, and rewording a message
changes no stored record.

Records name the version of the digest they hold (:data:`DIGEST_VERSION`); a record
without one holds version 1, each game's digest from before this module existed
(`Game.digests_for` knows it).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = [
    "DIGEST_LENGTH",
    "DIGEST_VERSION",
    "DIGEST_VERSIONS",
    "Fields",
    "fields_of",
    "game_digest",
    "plain",
    "state_text",
]

DIGEST_VERSION = 2
"""The digest this version of scavenger-env writes into records."""

DIGEST_VERSIONS = (1, 2)
"""The digest versions a record may name (1: each game's first digest)."""

DIGEST_LENGTH = 32
"""Hex characters kept of the SHA-256 (128 bits: no accidental collision)."""


class Fields(dict[str, Any]):
    """An object's fields by name, in the order given: written as a JSON object.

    A plain ``dict`` in a state is data whose order means nothing (a Mine slot to
    a colour), so it is written as sorted pairs; `Fields` marks a record of named
    fields (a player's board, the config), whose names are written as keys.
    """

    __slots__ = ()


def fields_of(obj: object, names: Iterable[str]) -> Fields:
    """The named attributes of ``obj``, in the order of ``names``."""
    return Fields((name, getattr(obj, name)) for name in names)


def plain(value: Any) -> Any:
    """``value`` as JSON data that depends on its content alone.

    Raises:
        TypeError: a value of a type the digest does not know; a game gives its
            own objects as `Fields` (or lists) in `Game.state_data`.
    """
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return int(value)  # an IntEnum as its number
    if isinstance(value, float):
        return {"float": value.hex()}  # exact, unlike repr
    if isinstance(value, (list, tuple)):
        if all(type(v) is int for v in value):  # the common case, taken as it is
            return list(value)
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return {"set": sorted(plain(v) for v in value)}
    if isinstance(value, Fields):
        return {name: plain(v) for name, v in value.items()}
    if isinstance(value, dict):
        return {"dict": sorted([plain(k), plain(v)] for k, v in value.items())}
    raise TypeError(
        f"digest: no canonical form for a {type(value).__name__}; give it to the "
        "digest as Fields, a list or plain values in the game's state_data"
    )


def state_text(data: Mapping[str, Any]) -> str:
    """The canonical text of a position (one line of JSON), from its fields."""
    position = {name: plain(value) for name, value in data.items()}
    return json.dumps(position, separators=(",", ":"), ensure_ascii=True)


def state_digest(data: Mapping[str, Any]) -> str:
    """The digest of a position alone: ``DIGEST_LENGTH`` lowercase hex digits."""
    text = state_text(data).encode("utf-8")
    return hashlib.sha256(text).hexdigest()[:DIGEST_LENGTH]


def game_digest(data: Mapping[str, Any], seed: int, actions: Sequence[int]) -> str:
    """The digest of a whole game: its seed, its actions and its final position
    (``data``, the game's `state_data`). ``DIGEST_LENGTH`` lowercase hex digits."""
    plan = json.dumps([int(seed), [int(a) for a in actions]], separators=(",", ":"))
    text = f"{plan}\n{state_text(data)}".encode()
    return hashlib.sha256(text).hexdigest()[:DIGEST_LENGTH]
