"""The ``scavenger`` command line (`main`); each command lives in its own module
(`simulate`, `replay`, `bench` here; the bots' commands in `agents.commands`)."""

from .main import main

__all__ = ["main"]
