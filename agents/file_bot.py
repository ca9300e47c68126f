"""`file`: a bot written in a Python file of its own, seated by its path.

`file:mybot.py` (or `file:path=mybot.py,cls=MyBot`) loads the file and seats the
one class in it that has an `act` method (or the class `cls` names), built with
no arguments. The file is code the library did not ship, so `file` is an
*untrusted* bot (`agents.registry.UNTRUSTED`): a tournament that seats one plays
every bot in a process of its own (`isolation="auto"`), so the file is run only
there, never in the tournament's process, and cannot reach the game.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["bot_module", "check_file_bot", "load_file_bot"]

_LOADED: dict[tuple[Path, int], ModuleType] = {}
"""Files loaded in this process, by path and modification time: a file is run
once, not once per game."""


def _path(path: str) -> Path:
    if not path.strip():
        raise ValueError("file needs the bot's Python file: file:mybot.py")
    found = Path(path).expanduser().resolve()
    if not found.is_file():
        raise ValueError(f"no bot file {path!r} (looked for {found})")
    if found.suffix != ".py":
        raise ValueError(f"{path!r} is not a Python file (.py)")
    return found


def check_file_bot(path: str = "", cls: str = "") -> None:
    """Check a `file` spec without running the file (a tournament checks its
    players before it plays, in its own process)."""
    _path(path)
    if cls and not cls.isidentifier():
        raise ValueError(f"cls={cls} is not a class name")


def bot_module(path: str) -> ModuleType:
    """The module of the bot file `path`, run once in this process (its classes
    and whatever it keeps at module level)."""
    return _module(_path(path))


def _module(found: Path) -> ModuleType:
    key = (found, found.stat().st_mtime_ns)
    module = _LOADED.get(key)
    if module is None:
        digest = hashlib.sha1(str(found).encode()).hexdigest()[:10]
        name = f"scavenger_file_bot_{found.stem}_{digest}"
        spec = importlib.util.spec_from_file_location(name, found)
        if spec is None or spec.loader is None:
            raise ValueError(f"cannot load {str(found)!r} as Python")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its classes' pickling and dataclasses need it
        spec.loader.exec_module(module)
        _LOADED[key] = module
    return module


def load_file_bot(path: str = "", cls: str = "") -> Any:
    """A bot in its own Python file: file:mybot.py (untrusted: played in a
    process of its own). path is the file; cls the class to seat when the file
    holds several bots."""
    check_file_bot(path, cls)
    found = _path(path)
    module = _module(found)
    bots = {
        name: value
        for name, value in vars(module).items()
        if inspect.isclass(value)
        and value.__module__ == module.__name__
        and callable(getattr(value, "act", None))
    }
    if cls:
        if cls not in bots:
            listed = ", ".join(sorted(bots)) or "none"
            raise ValueError(
                f"{found.name} has no bot class {cls!r} (classes with an act "
                f"method: {listed})"
            )
        return bots[cls]()
    if len(bots) != 1:
        listed = ", ".join(sorted(bots)) or "none"
        raise ValueError(
            f"{found.name} must hold exactly one class with an act method, or "
            f"name it with cls= (found: {listed})"
        )
    return next(iter(bots.values()))()


load_file_bot.spec_value = "path"  # type: ignore[attr-defined]
load_file_bot.check_options = check_file_bot  # type: ignore[attr-defined]
load_file_bot.option_info = {  # type: ignore[attr-defined]
    "path": {"default": "none: give the file"},
    "cls": {"default": "the file's one bot class"},
}
