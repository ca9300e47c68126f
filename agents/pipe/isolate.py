"""Isolation: a tournament's bots, each in a process of its own.

With isolation on, every bot but an `exec` one (already a program of its own)
is played by the host (`agents.pipe.host`) in a process of its own, and the
tournament's process runs no bot code at all: a bot can then neither read what
its seat may not know nor change the game, whatever it does. The games are the
very games of the same tournament played in one process (the host hands the bot
the same view and the same random numbers); only the time differs.

`isolation="auto"` (the default) turns it on when any bot is untrusted (a
`file:` bot, or one registered with `trusted=False`); `"process"` always;
`"none"` never (every bot but `exec` in the tournament's process: fast, for code
you trust).
"""

from __future__ import annotations

import inspect
import shlex
import sys
from collections.abc import Sequence

from scavenger_env.core.game import Game
from scavenger_env.core.games import get_game

from ..base import Agent
from ..registry import (
    ANY_GAME,
    REGISTRY,
    AgentSpecError,
    check_agent_spec,
    is_trusted,
    make_agent,
    spec_kind,
)
from .agent import ProcessAgent, end_idle

__all__ = [
    "DECISION_TIME",
    "ISOLATION",
    "check_isolated",
    "end_idle",
    "host_command",
    "hosted",
    "isolated",
    "isolated_agent",
    "make_seat_agent",
]

ISOLATION = ("auto", "process", "none")
"""The choices of a tournament's `isolation`."""

DECISION_TIME = 60.0
"""Seconds a bot in its own process may take for a decision (a host's bot is
held to no tighter limit than in the tournament's own process; a bot that needs
more, or a limit of its own, is seated with `exec:` and the host's command)."""

HOST_GAMES = 1_000_000
"""Games a host plays before it is ended: it lives as long as the tournament's
process (or worker) that started it, and builds a fresh bot for every game."""


def isolated(isolation: str, specs: Sequence[str]) -> bool:
    """Whether a tournament of `specs` plays its bots in their own processes."""
    if isolation not in ISOLATION:
        raise ValueError(
            f"isolation must be one of {', '.join(ISOLATION)}, not {isolation!r}"
        )
    if isolation == "auto":
        return not all(is_trusted(spec) for spec in specs)
    return isolation == "process"


def _entry_text(name: str, game: str) -> str | None:
    """The import path `module:attr` of the bot `name` for `game`, to register
    in the host (a bot registered at run time as a Python object is found by
    where it was defined); None when the host knows the name already."""
    entry = REGISTRY.get(name)
    if isinstance(entry, dict):
        entry = entry.get(game, entry.get(ANY_GAME))
    if entry is None or isinstance(entry, str):
        return entry
    module = getattr(entry, "__module__", None)
    qualname = getattr(entry, "__qualname__", "")
    if not module or module == "__main__" or "<" in qualname:
        where = "a script" if module == "__main__" else "a function"
        raise AgentSpecError(
            f"{name!r} is registered as a Python object defined in {where}, which a "
            "bot's own process cannot import: move it to a module and register it "
            f"by its import path, register({name!r}, 'mymodule:{qualname or 'Bot'}')"
        )
    if inspect.ismodule(entry):  # pragma: no cover - not a factory
        raise AgentSpecError(f"{name!r} is registered as a module, not a bot")
    return f"{module}:{qualname}"


def host_command(spec: str, game: Game | str) -> list[str]:
    """The command line of the host playing `spec` in `game`."""
    name = get_game(game).name
    kind = spec_kind(spec)
    command = [sys.executable, "-m", "agents.pipe.host", "--game", name]
    entry = _entry_text(kind, name)
    if entry is not None:
        command += ["--entry", f"{kind}={entry}"]
    return [*command, spec]


def hosted(spec: str) -> bool:
    """Whether isolation plays `spec` through the host: every bot but `exec`,
    which is a program of its own already."""
    return spec_kind(spec) != "exec"


def check_isolated(specs: Sequence[str], game: Game | str) -> None:
    """`AgentSpecError` for a bot of `specs` that a process of its own cannot
    build (one registered as an object defined in a script or a function)."""
    for spec in specs:
        if hosted(spec):
            host_command(spec, game)


def isolated_agent(spec: str, game: Game | str) -> ProcessAgent:
    """The bot of `spec`, played by a host in its own process: it keeps to the
    rules of a bot in the tournament's process (an error stops the tournament,
    naming it), with a decision's time capped at `DECISION_TIME`."""
    agent = ProcessAgent(
        cmd=shlex.join(host_command(spec, game)),
        time=DECISION_TIME,
        bank=0.0,
        on_error="fail",
        batch=HOST_GAMES,
    )
    agent.label = f"{spec!r} (in its own process)"
    return agent


def make_seat_agent(spec: str, who: str | None, game: Game | str) -> Agent:
    """`make_agent`, but an untrusted bot (`file:`) is checked without running
    its code and played in its own process (as `play` seats bots)."""
    if is_trusted(spec):
        return make_agent(spec, who, game=game)
    check_agent_spec(spec, who, game=game)
    return isolated_agent(spec, game)
