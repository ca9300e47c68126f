"""Agents by name: `make_agent("ismcts:time=0.5")` -> an Agent.

A spec is a registered name, optionally followed by `:key=value,key=value`
options passed to the agent's constructor (ints and floats are parsed).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable

from .base import Agent

#: name -> "module:Class" (imported on first use) or a factory.
REGISTRY: dict[str, str | Callable[..., Agent]] = {
    "random": "agents.base:RandomAgent",
    "human": "agents.human:HumanAgent",
    "greedy": "agents.greedy:GreedyAgent",
    "miner": "agents.heuristics:MinerAgent",
    "raider": "agents.heuristics:RaiderAgent",
    "collector": "agents.heuristics:CollectorAgent",
    "ismcts": "agents.ismcts:ISMCTSAgent",
}


def register(name: str, factory: str | Callable[..., Agent]) -> None:
    """Add an agent under `name`: a factory, or "module:Class" (replaces any)."""
    REGISTRY[name] = factory


def factory_of(name: str) -> Callable[..., Agent]:
    """The constructor registered under `name`."""
    entry = REGISTRY[name]
    if isinstance(entry, str):
        module, _, attr = entry.partition(":")
        factory: Callable[..., Agent] = getattr(importlib.import_module(module), attr)
        return factory
    return entry


def describe_agents() -> dict[str, str]:
    """Name -> the first line of the agent's docstring, for `--list-players`; an
    agent whose module cannot be imported here is described by why."""
    out = {}
    for name in sorted(REGISTRY):
        try:
            doc = (factory_of(name).__doc__ or "").strip()
        except Exception as err:  # a registered module missing on this machine
            out[name] = f"(cannot be loaded here: {err})"
            continue
        out[name] = doc.splitlines()[0] if doc else ""
    return out


def agent_options(name: str) -> dict[str, object]:
    """The options an agent takes in a spec (`name:key=value`) with their defaults:
    the keyword parameters whose default is a number or a string."""
    try:
        params = inspect.signature(factory_of(name)).parameters.values()
    except (TypeError, ValueError):  # a builtin or C factory: nothing to show
        return {}
    return {
        p.name: p.default
        for p in params
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        and isinstance(p.default, (int, float, str))
    }


def _value(text: str) -> object:
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def make_agent(spec: str) -> Agent:
    """Build an agent from a spec such as "greedy" or "ismcts:iterations=200".

    Raises:
        ValueError: an unknown name or a malformed option, saying what is allowed.
    """
    name, _, opts = spec.strip().partition(":")
    if name not in REGISTRY:
        raise ValueError(
            f"unknown player {name!r}; choose from: {', '.join(sorted(REGISTRY))}"
        )
    kwargs: dict[str, object] = {}
    for part in filter(None, opts.split(",") if opts else []):
        key, eq, val = part.partition("=")
        if not eq or not key:
            raise ValueError(f"bad option {part!r} in {spec!r}; write key=value")
        kwargs[key.strip()] = _value(val.strip())
    try:
        return factory_of(name)(**kwargs)
    except TypeError as exc:
        raise ValueError(f"bad options for {name!r}: {exc}") from exc
