"""The ``scavenger`` command line (`main`); each command lives in its own module
(`simulate`, `replay`, `bench` here; other packages add theirs through the
``scavenger_env.commands`` entry points)."""

from .main import main

__all__ = ["main"]
