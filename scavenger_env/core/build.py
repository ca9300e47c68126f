"""Which build is running: the mypyc-compiled modules or the pure Python ones.

`pip install .` compiles the modules in `COMPILED_MODULES` when a C compiler works
(setup.py reads the list from this file, so it imports nothing but the standard
library); an editable install runs them as plain Python. The answer comes from the
modules themselves: a compiled module is an extension module (`.so` / `.pyd`).

The list holds this package's modules only: a distribution that ships more compiled
modules beside it keeps its own list, and `build_kind(module_files(names))` says
how those were built.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

COMPILED_MODULES = (
    "scavenger_env.core.errors",
    "scavenger_env.core.actions",
    "scavenger_env.core.codec",
    "scavenger_env.cavein.engine.actions",
    "scavenger_env.cavein.engine.data",
    "scavenger_env.cavein.engine.effects",
    "scavenger_env.cavein.engine.payment",
    "scavenger_env.cavein.engine.queries",
    "scavenger_env.cavein.engine.raid",
    "scavenger_env.cavein.engine.rules",
    "scavenger_env.cavein.engine.scoring",
    "scavenger_env.cavein.engine.setup",
    "scavenger_env.cavein.engine.skills",
    "scavenger_env.cavein.engine.state",
    "scavenger_env.cavein.engine.turn",
    "scavenger_env.cavein.engine.describe",
    "scavenger_env.cavein.engine.digest",
    "scavenger_env.cavein.engine.view",
    "scavenger_env.cavein.observation",
    "scavenger_env.krysis.engine.actions",
    "scavenger_env.krysis.engine.capacity",
    "scavenger_env.krysis.engine.chance",
    "scavenger_env.krysis.engine.data",
    "scavenger_env.krysis.engine.describe",
    "scavenger_env.krysis.engine.digest",
    "scavenger_env.krysis.engine.flow",
    "scavenger_env.krysis.engine.queries",
    "scavenger_env.krysis.engine.rules",
    "scavenger_env.krysis.engine.scoring",
    "scavenger_env.krysis.engine.setup",
    "scavenger_env.krysis.engine.speed",
    "scavenger_env.krysis.engine.state",
    "scavenger_env.krysis.engine.view",
    "scavenger_env.krysis.observation",
    "scavenger_env.hewns.engine.actions",
    "scavenger_env.hewns.engine.artillery",
    "scavenger_env.hewns.engine.auction",
    "scavenger_env.hewns.engine.board",
    "scavenger_env.hewns.engine.bomb",
    "scavenger_env.hewns.engine.combat",
    "scavenger_env.hewns.engine.danger",
    "scavenger_env.hewns.engine.data",
    "scavenger_env.hewns.engine.describe",
    "scavenger_env.hewns.engine.digging",
    "scavenger_env.hewns.engine.digest",
    "scavenger_env.hewns.engine.effects",
    "scavenger_env.hewns.engine.encounter",
    "scavenger_env.hewns.engine.encounters",
    "scavenger_env.hewns.engine.ending",
    "scavenger_env.hewns.engine.entrances",
    "scavenger_env.hewns.engine.flight",
    "scavenger_env.hewns.engine.flow",
    "scavenger_env.hewns.engine.hearts",
    "scavenger_env.hewns.engine.management",
    "scavenger_env.hewns.engine.maps",
    "scavenger_env.hewns.engine.mining",
    "scavenger_env.hewns.engine.nanas",
    "scavenger_env.hewns.engine.payment",
    "scavenger_env.hewns.engine.position",
    "scavenger_env.hewns.engine.ranged",
    "scavenger_env.hewns.engine.rounds",
    "scavenger_env.hewns.engine.rules",
    "scavenger_env.hewns.engine.samespace",
    "scavenger_env.hewns.engine.secrets",
    "scavenger_env.hewns.engine.setup",
    "scavenger_env.hewns.engine.sight",
    "scavenger_env.hewns.engine.state",
    "scavenger_env.hewns.engine.suderer",
    "scavenger_env.hewns.engine.swarm",
    "scavenger_env.hewns.engine.tunnels",
    "scavenger_env.hewns.engine.tuning",
    "scavenger_env.hewns.engine.turns",
    "scavenger_env.hewns.engine.turnstate",
    "scavenger_env.hewns.engine.view",
    "scavenger_env.hewns.observation",
)
"""The modules of this package that a regular install compiles with mypyc
(pure-Python siblings stay)."""

EXTENSION_SUFFIXES = (".so", ".pyd")


def module_files(names: Iterable[str] = COMPILED_MODULES) -> list[str]:
    """The file each module of `names` (default `COMPILED_MODULES`) was imported
    from."""
    return [str(importlib.import_module(name).__file__ or "") for name in names]


def build_kind(files: Iterable[str] | None = None) -> str:
    """'compiled' when every module of `COMPILED_MODULES` is an extension module,
    'pure' when none is, 'mixed' otherwise (a broken install: reinstall).

    `files` defaults to the modules' own files (`module_files()`).
    """
    paths = module_files() if files is None else list(files)
    compiled = sum(p.endswith(EXTENSION_SUFFIXES) for p in paths)
    if paths and compiled == len(paths):
        return "compiled"
    return "pure" if compiled == 0 else "mixed"


def build_description(files: Iterable[str] | None = None) -> str:
    """The build in words, for `scavenger --version`."""
    paths = module_files() if files is None else list(files)
    kind = build_kind(paths)
    if kind == "compiled":
        return "compiled build: mypyc"
    if kind == "pure":
        return "pure Python build"
    compiled = sum(p.endswith(EXTENSION_SUFFIXES) for p in paths)
    return (
        f"mixed build: {compiled} of {len(paths)} modules compiled; "
        "reinstall with `pip install .`"
    )
