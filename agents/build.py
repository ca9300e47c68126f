"""The bots' modules that a regular install compiles with mypyc, and how they were
built.

setup.py reads `COMPILED_MODULES` from this file (beside the environment package's
own list, `scavenger_env.core.build.COMPILED_MODULES`), so at module level it
imports nothing but the standard library.
"""

from __future__ import annotations

COMPILED_MODULES = (
    "agents.cavein.evaluation",
    "agents.cavein.heuristics",
    "agents.cavein.greedy",
    "agents.krysis.evaluation",
    "agents.krysis.heuristics",
    "agents.krysis.greedy",
)
"""The scripted bots (and the evaluation they share), compiled with mypyc by a
regular install (pure-Python siblings stay)."""


def build_kind() -> str:
    """'compiled', 'pure' or 'mixed' for the bots' modules, as
    `scavenger_env.core.build.build_kind` says it for the environment's."""
    from scavenger_env.core.build import build_kind as kind_of
    from scavenger_env.core.build import module_files

    return kind_of(module_files(COMPILED_MODULES))
