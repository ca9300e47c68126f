"""This project's `scavenger` commands as pyproject.toml declares them ("name" ->
"module:function"), for the tests that run the command line without relying on
an installation's entry points."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def pyproject() -> dict[str, Any]:
    """pyproject.toml, parsed."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    data: dict[str, Any] = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    return data


def pyproject_commands() -> dict[str, str]:
    """The entry points of group `scavenger_env.commands`, in declared order."""
    commands: dict[str, str] = pyproject()["project"]["entry-points"][
        "scavenger_env.commands"
    ]
    return commands


PROJECT_COMMANDS = pyproject_commands()
