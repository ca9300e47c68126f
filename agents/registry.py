"""Agents by name: `make_agent("ismcts:time=0.5")` -> an Agent.

A spec is a registered name, optionally followed by `:key=value,key=value`
options passed to the agent's constructor. The options an agent takes, their
types and defaults come from its constructor's signature (`agent_options`); each
value is checked against them, and a mistake raises `AgentSpecError` naming the
player, the option and the valid choices.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import math
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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


class AgentSpecError(ValueError):
    """A spec that cannot be built: an unknown name, an unknown option, or a value
    of the wrong type. The message names the player, the option and the valid
    choices; the command line prints it as ``error: ...`` (exit status 2)."""


@dataclass(frozen=True)
class AgentOption:
    """One option a spec may give an agent (`name:key=value`)."""

    name: str
    type: type  # int, float, str or bool
    default: object
    choices: tuple[str, ...] = ()
    #: how the default reads when the signature's value stands for something else
    shown_default: str | None = None

    def describe(self) -> str:
        """E.g. "iterations (int, default 50, none when time is set)"."""
        kind = (
            "one of " + "/".join(self.choices) if self.choices else self.type.__name__
        )
        return f"{self.name} ({kind}, default {self.default_text()})"

    def default_text(self) -> str:
        if self.shown_default is not None:
            return self.shown_default
        if isinstance(self.default, float):
            return format(self.default, "g")
        return str(self.default)

    def parse(self, text: str) -> object:
        """The value of `text`; ValueError says what is wrong with it."""
        if self.choices:
            if text not in self.choices:
                raise ValueError(f"is not one of {', '.join(self.choices)}")
            return text
        if self.type is bool:
            word = text.lower()
            if word not in _BOOLS:
                raise ValueError("is not a yes/no value (true, false, 1, 0)")
            return _BOOLS[word]
        if self.type is int:
            try:
                return int(text)
            except ValueError:
                raise ValueError("is not an int (a whole number)") from None
        if self.type is float:
            try:
                value = float(text)
            except ValueError:
                raise ValueError("is not a number") from None
            if not math.isfinite(value):
                raise ValueError("is not a finite number")
            return value
        return text


_BOOLS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
_SCALARS = (bool, int, float, str)


def _option_type(annotation: object, default: object) -> type | None:
    """int, float, str or bool from an annotation (`int | None` counts as int),
    else from the default's type; None: not an option a spec can give."""
    if isinstance(annotation, str):  # an annotation get_type_hints could not resolve
        annotation = {t.__name__: t for t in _SCALARS}.get(annotation, annotation)
    if isinstance(annotation, type) and annotation in _SCALARS:
        return annotation
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if len(args) == 1 and args[0] in _SCALARS:
        return typing.cast(type, args[0])
    if annotation is inspect.Parameter.empty or annotation is None:
        for kind in _SCALARS:  # bool before int: True is an int too
            if isinstance(default, kind):
                return kind
    return None


def agent_options(name: str) -> dict[str, AgentOption]:
    """The options the agent `name` takes in a spec, in signature order.

    They are its constructor's keyword parameters of type int, float, str or bool
    (from the annotations, else the default's type), with their defaults. A
    factory may add `option_info = {"key": {"choices": (...), "default": "..."}}`
    for what the signature cannot say: the allowed words, or how a stand-in
    default reads (ismcts' iterations=0 means 50).
    """
    factory = factory_of(name)
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin or C factory: nothing to show
        return {}
    target: Any = factory
    if isinstance(factory, type):  # a class: its annotations are on __init__
        target = target.__init__
    try:
        hints = typing.get_type_hints(target)
    except Exception:  # an annotation that cannot be resolved: use the defaults
        hints = {}
    info: dict[str, dict[str, Any]] = getattr(factory, "option_info", {})
    out = {}
    for p in params:
        if p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            continue
        kind = _option_type(hints.get(p.name, p.annotation), p.default)
        if kind is None:
            continue
        extra = info.get(p.name, {})
        shown = extra.get("default")
        out[p.name] = AgentOption(
            name=p.name,
            type=kind,
            default=p.default,
            choices=tuple(extra.get("choices", ())),
            shown_default=None if shown is None else str(shown),
        )
    return out


def make_agent(spec: str, who: str | None = None) -> Agent:
    """Build an agent from a spec such as "greedy" or "ismcts:iterations=200".

    Every option is checked against the agent's declared options
    (`agent_options`): its name, its type, its allowed words.

    Args:
        spec: NAME or NAME:key=value,key=value.
        who: How errors name the player, e.g. "player 2 of 3".

    Raises:
        AgentSpecError: an unknown name, an unknown option or a bad value; the
            message names the player, the option and what is allowed.
    """
    name, _, opts = spec.strip().partition(":")
    name = name.strip()
    if name not in REGISTRY:
        raise AgentSpecError(
            f"unknown player {name!r}; choose from: {', '.join(sorted(REGISTRY))}"
        )
    options = agent_options(name)
    whose = f"{who} ({name})" if who else name

    def fail(problem: str) -> AgentSpecError:
        listed = (
            "options: " + ", ".join(o.describe() for o in options.values())
            if options
            else f"{name} takes no options"
        )
        return AgentSpecError(f"{whose}: {problem}; {listed}")

    kwargs: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in opts.split(","))):
        key, eq, text = part.partition("=")
        key, text = key.strip(), text.strip()
        if not eq or not key:
            raise fail(f"bad option {part!r}; write key=value")
        if key not in options:
            close = difflib.get_close_matches(key, options, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise fail(f"no option {key!r}{hint}")
        if key in kwargs:
            raise fail(f"option {key} is given twice")
        try:
            kwargs[key] = options[key].parse(text)
        except ValueError as exc:
            raise fail(f"option {key}={text} {exc}") from None
    try:
        return factory_of(name)(**kwargs)
    except (TypeError, ValueError) as exc:
        raise fail(str(exc)) from None
