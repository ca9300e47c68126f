"""scavenger_env: multi-agent environments for competitive mining board games
(Star Scrappers: Cave-In and Krysis, and Hewns).

Importing the package registers every game of `scavenger_env.core.games.GAMES`
with PettingZoo (lazily, so that the pure engines import without it):
`pettingzoo.make("aec", "scavenger/cavein-v0")`, `"scavenger/krysis-v0"`,
`"scavenger/hewns-v0"`.

`scavenger_env.BUILD` says which build runs: "compiled" (mypyc, from
`pip install .` with a C compiler), "pure" (pure Python) or "mixed" (a broken
install). It is worked out on first use, so the import stays light.
"""

from typing import Any

from .registration import install as _install

__version__ = "0.1.0"

_install()


def __getattr__(name: str) -> Any:
    if name == "BUILD":
        from .core.build import build_kind

        return build_kind()
    raise AttributeError(f"module 'scavenger_env' has no attribute {name!r}")
