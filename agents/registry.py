"""Agents by name, per game: `make_agent("ismcts:time=0.5", game="cavein")`.

A spec is a registered name, optionally followed by `:key=value,key=value`
options passed to the agent's constructor. The options an agent takes, their
types and defaults come from its constructor's signature (`agent_options`); each
value is checked against them, and a mistake raises `AgentSpecError` naming the
player, the option and the valid choices.

A name may stand for a different class in each game: `REGISTRY[name]` maps a game
name, or `ANY_GAME` for a bot that plays every game, to the agent's constructor.
`random` plays every game; `ismcts` has a generic version and versions that know
Cave-In's and Krysis's turns; `greedy` has a version for each of the two games;
the scripted heuristics play one game each (Cave-In: `miner`, `raider`,
`collector`; Krysis: `hauler`, `bandit`; Hewns: `prospector`, and a `raider` of
its own); `ppo` plays every game it is given (or shipped) a trained policy file
for, and `az` searches with such a file's policy and critic.

Every spec also takes `name=NAME` (`ppo:model=/long/path.npz,name=ppo`): the name
tables, reports and records show for that player in place of the whole spec
(`player_name`); the agent never sees it.
"""

from __future__ import annotations

import ast
import difflib
import importlib
import inspect
import math
import sys
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, get_game

from .base import Agent

ANY_GAME = "*"
"""The key of a registry entry that plays every game."""

Factory = str | Callable[..., Agent]
"""A constructor, or "module:Class" imported on first use."""

#: name -> game name (or ANY_GAME) -> constructor; a bare constructor in place of
#: the inner dict plays every game
REGISTRY: dict[str, dict[str, Factory] | Factory] = {
    "random": {ANY_GAME: "agents.base:RandomAgent"},
    "human": {
        ANY_GAME: "agents.human:HumanAgent",
        "cavein": "agents.cavein.human:CaveInHumanAgent",
        "krysis": "agents.krysis.human:KrysisHumanAgent",
        "hewns": "agents.hewns.human:HewnsHumanAgent",
    },
    "greedy": {
        "cavein": "agents.cavein.greedy:GreedyAgent",
        "krysis": "agents.krysis.greedy:GreedyAgent",
        "hewns": "agents.hewns.greedy:GreedyAgent",
    },
    "miner": {"cavein": "agents.cavein.heuristics:MinerAgent"},
    "raider": {
        "cavein": "agents.cavein.heuristics:RaiderAgent",
        "hewns": "agents.hewns.heuristics:RaiderAgent",
    },
    "collector": {"cavein": "agents.cavein.heuristics:CollectorAgent"},
    "hauler": {"krysis": "agents.krysis.heuristics:HaulerAgent"},
    "bandit": {"krysis": "agents.krysis.heuristics:BanditAgent"},
    "prospector": {"hewns": "agents.hewns.heuristics:ProspectorAgent"},
    "ismcts": {
        ANY_GAME: "agents.ismcts:ISMCTSAgent",
        "cavein": "agents.cavein.ismcts:CaveInISMCTSAgent",
        "krysis": "agents.krysis.ismcts:KrysisISMCTSAgent",
        "hewns": "agents.hewns.ismcts:HewnsISMCTSAgent",
    },
    "ppo": {ANY_GAME: "agents.ppo.agent:PPOAgent"},
    "az": {ANY_GAME: "agents.az:AZAgent"},
    "exec": {ANY_GAME: "agents.pipe.agent:ProcessAgent"},
    "file": {ANY_GAME: "agents.file_bot:load_file_bot"},
}

UNTRUSTED: set[str] = {"file"}
"""The names of bots whose code the library did not ship and the user does not
vouch for: a tournament with one of them plays every bot in a process of its own
(`isolation="auto"`). `register(..., trusted=False)` adds a name."""


NAME_OPTION = "name"
"""The option every spec takes: what to call the player (not the agent's)."""


def split_options(text: str) -> list[str]:
    """`a,b="x, y",c` -> ["a", 'b="x, y"', "c"]: commas inside double quotes do
    not split (a program's command line may hold them)."""
    parts: list[str] = []
    current: list[str] = []
    quoted = False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if ch == "," and not quoted:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def _unquoted(part: str) -> str:
    """`key="value"` -> `key=value`; a bare `"value"` stays quoted."""
    key, eq, value = part.partition("=")
    value = value.strip()
    if eq and len(value) >= 2 and value[0] == value[-1] == '"':
        return f"{key}={value[1:-1]}"
    return part


def _spec_parts(spec: str) -> tuple[str, list[str]]:
    """`NAME:k=v,k=v` -> (NAME, ["k=v", "k=v"]), blanks dropped; a value may be
    double-quoted (`exec:cmd="python bot.py"`). A first part with no key (`exec:"python
    bot.py"`, `file:mybot.py`) comes back as `=VALUE`: the value of the option
    the agent names in its `spec_value` (see `make_agent`)."""
    name, _, opts = spec.strip().partition(":")
    parts = [p.strip() for p in split_options(opts) if p.strip()]
    if parts and (parts[0].startswith('"') or "=" not in parts[0]):
        parts[0] = f"={parts[0]}"
    return name.strip(), [_unquoted(p) for p in parts]


def _quoted(part: str) -> str:
    """`key=a, b` -> `key="a, b"`: a value holding a comma is quoted again (a
    bare value, `=a b`, is written `"a b"`)."""
    key, eq, value = part.partition("=")
    if eq and not key:
        return f'"{value}"'
    if eq and "," in value:
        return f'{key}="{value}"'
    return part


def given_name(spec: str) -> str | None:
    """The `name=` option of `spec`, or None when it has none."""
    for part in _spec_parts(spec)[1]:
        key, eq, text = part.partition("=")
        if eq and key.strip() == NAME_OPTION:
            return text.strip()
    return None


def without_name(spec: str) -> str:
    """`spec` without its `name=` option (for a copy that needs a name of its own)."""
    kind, parts = _spec_parts(spec)
    kept = [_quoted(p) for p in parts if p.partition("=")[0].strip() != NAME_OPTION]
    return f"{kind}:{','.join(kept)}" if kept else kind


def spec_kind(spec: str) -> str:
    """The registered name a spec names: `ismcts` of `ismcts:iterations=5`."""
    return _spec_parts(spec)[0]


def is_trusted(spec: str) -> bool:
    """Whether the bot of `spec` is code the user vouches for: every bot but
    `file` and those registered with `trusted=False` (`UNTRUSTED`)."""
    return spec_kind(spec) not in UNTRUSTED


def player_name(spec: str) -> str:
    """What to call the player of `spec` in tables and records: its `name=`
    option, else the spec itself (so long specs can be given short names)."""
    name = given_name(spec)
    return name if name else spec.strip()


def _game_name(game: Game | str) -> str:
    return game.name if isinstance(game, Game) else get_game(game).name


def _entries(name: str) -> dict[str, Factory]:
    entry = REGISTRY.get(name, {})
    return entry if isinstance(entry, dict) else {ANY_GAME: entry}


def register(
    name: str, factory: Factory, game: Game | str = ANY_GAME, *, trusted: bool = True
) -> None:
    """Add an agent under `name` for `game` (ANY_GAME: every game), replacing
    what was there for that game. `trusted=False`: a tournament seating it plays
    every bot in a process of its own (`UNTRUSTED`)."""
    key = ANY_GAME if game == ANY_GAME else _game_name(game)
    REGISTRY[name] = {**_entries(name), key: factory}
    if trusted:
        UNTRUSTED.discard(name)
    else:
        UNTRUSTED.add(name)


def agent_names(game: Game | str = DEFAULT_GAME) -> list[str]:
    """The names of the agents that play `game`, sorted."""
    key = _game_name(game)
    return sorted(n for n in REGISTRY if {key, ANY_GAME} & set(_entries(n)))


def _entry(name: str, game: Game | str) -> Factory:
    key = _game_name(game)
    entries = _entries(name)
    entry = entries.get(key, entries.get(ANY_GAME))
    if entry is None:
        names = ", ".join(agent_names(key))
        if entries:
            raise AgentSpecError(
                f"{name!r} does not play {key!r}; the players for {key} are: {names}"
            )
        close = difflib.get_close_matches(name, agent_names(key), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise AgentSpecError(f"unknown player {name!r}{hint}; choose from: {names}")
    return entry


def factory_of(name: str, game: Game | str = DEFAULT_GAME) -> Callable[..., Agent]:
    """The constructor registered under `name` for `game`."""
    entry = _entry(name, game)
    if isinstance(entry, str):
        module, _, attr = entry.partition(":")
        factory: Callable[..., Agent] = getattr(importlib.import_module(module), attr)
        return factory
    return entry


def docstring(factory: Callable[..., Agent]) -> str:
    """The factory's docstring. Classes compiled by mypyc (the scripted bots of a
    regular install) have none at run time, so theirs is read from the Python
    source installed beside the compiled module."""
    doc = (factory.__doc__ or "").strip()
    if doc:
        return doc
    module = sys.modules.get(getattr(factory, "__module__", ""))
    compiled = Path(getattr(module, "__file__", None) or "")
    if compiled.suffix not in (".so", ".pyd"):
        return ""
    source = compiled.with_name(compiled.name.split(".", 1)[0] + ".py")
    if not source.is_file():
        return ""
    name = getattr(factory, "__name__", "")
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef) and node.name == name:
            return (ast.get_docstring(node) or "").strip()
    return ""


def describe_agents(game: Game | str = DEFAULT_GAME) -> dict[str, str]:
    """Name -> the first line of the agent's docstring, for `--list-players`; an
    agent whose module cannot be imported here is described by why."""
    out = {}
    for name in agent_names(game):
        try:
            doc = docstring(factory_of(name, game))
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


def agent_options(name: str, game: Game | str = DEFAULT_GAME) -> dict[str, AgentOption]:
    """The options the agent `name` takes in a spec, in signature order.

    They are its constructor's keyword parameters of type int, float, str or bool
    (from the annotations, else the default's type), with their defaults. A
    factory may add `option_info = {"key": {"choices": (...), "default": "..."}}`
    for what the signature cannot say: the allowed words, or how a stand-in
    default reads (ismcts' iterations=0 means 50).
    """
    factory = factory_of(name, game)
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
    # A class compiled by mypyc reports its parameters as positional-only (its
    # signature is a text one, without annotations), yet takes them by name.
    by_name: set[object] = {
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.KEYWORD_ONLY,
    }
    if not (inspect.isfunction(target) or inspect.ismethod(target)):
        by_name.add(inspect.Parameter.POSITIONAL_ONLY)
    out = {}
    for p in params:
        if p.kind not in by_name:
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


def make_agent(
    spec: str, who: str | None = None, *, game: Game | str = DEFAULT_GAME
) -> Agent:
    """Build an agent from a spec such as "greedy" or "ismcts:iterations=200",
    the version of it that plays `game`.

    Every option is checked against the agent's declared options
    (`agent_options`): its name, its type, its allowed words. `name=` (what
    tables call the player, `player_name`) is taken by every spec and not
    passed on.

    Args:
        spec: NAME or NAME:key=value,key=value.
        who: How errors name the player, e.g. "player 2 of 3".
        game: The game it will play (a `Game` or its name).

    Raises:
        AgentSpecError: an unknown name (or one that does not play `game`), an
            unknown option or a bad value; the message names the player, the
            option and what is allowed.
    """
    agent = _build(spec, who, game, build=True)
    assert agent is not None
    return agent


def _build(spec: str, who: str | None, game: Game | str, build: bool) -> Agent | None:
    """`make_agent` (`build`), or only its checks (not `build`: None)."""
    name, parts = _spec_parts(spec)
    factory = factory_of(name, game)  # AgentSpecError: unknown here
    options = agent_options(name, game)
    whose = f"{who} ({name})" if who else name

    def fail(problem: str) -> AgentSpecError:
        listed = (
            "options: " + ", ".join(o.describe() for o in options.values())
            if options
            else f"{name} takes no options"
        ) + " (and name=NAME, what tables call the player)"
        return AgentSpecError(f"{whose}: {problem}; {listed}")

    kwargs: dict[str, object] = {}
    named = False
    bare = getattr(factory, "spec_value", None)  # the option a bare value sets
    for index, part in enumerate(parts):
        key, eq, text = part.partition("=")
        key, text = key.strip(), text.strip()
        if not eq:
            raise fail(f"bad option {part!r}; write key=value")
        if not key and index == 0 and isinstance(bare, str):
            key = bare
        elif not key:
            raise fail(f"bad option {text!r}; write key=value")
        if key == NAME_OPTION and key not in options:
            if named:
                raise fail(f"option {key} is given twice")
            if not text:
                raise fail("name= needs a name, e.g. name=bot1")
            named = True
            continue
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
    if not build:
        check = getattr(factory, "check_options", None)
        try:
            if check is not None:
                check(**kwargs)
        except (TypeError, ValueError) as exc:
            raise fail(str(exc)) from None
        return None
    try:
        return factory(**kwargs)
    except (TypeError, ValueError) as exc:
        raise fail(str(exc)) from None


def check_agent_spec(
    spec: str, who: str | None = None, *, game: Game | str = DEFAULT_GAME
) -> None:
    """Check `spec` as `make_agent` does, without building the agent: for a bot
    whose code must not run here (an untrusted one, played in its own process),
    its options are checked by its factory's `check_options`, if it has one."""
    _build(spec, who, game, build=False)
