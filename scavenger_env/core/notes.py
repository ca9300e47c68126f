"""The shapes of a game's notes: its rulings, rules versions and components.

Each game keeps what a player should know beyond the code's tables in its own
`notes` module, as data built from these types, so that every ruling is one
named item next to the rules it documents and the documentation's game page is
generated from the package (nothing in an engine reads them).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Component", "ComponentTable", "RulesVersion", "Ruling"]


class Ruling(NamedTuple):
    """One ruling: a named item, its text, what it rests on and its options."""

    title: str
    text: str
    #: what the ruling rests on: "rulebook" (a reading of its words), "faq" (the
    #: publisher's FAQ), "web" (the publisher's site) or "ruling" (the rulebook
    #: is silent; the engine decides)
    source: str
    #: the config fields that choose another reading
    options: tuple[str, ...] = ()


class RulesVersion(NamedTuple):
    """A rules version (the config's `rules_version`) and how it differs."""

    version: int
    summary: str
    #: what this version plays differently from the one before it
    changes: tuple[str, ...] = ()


class Component(NamedTuple):
    """A component, what it is made of and where the values come from."""

    name: str
    content: str
    provenance: str


class ComponentTable(NamedTuple):
    """A detailed table of one kind of component (built from the game's data)."""

    title: str
    intro: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
