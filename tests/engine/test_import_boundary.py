"""The rules engine is pure: importing it loads no gymnasium, pettingzoo or torch.

Each check runs in a fresh interpreter (`sys.executable`), so modules imported
by other tests in this process cannot hide or fake a leak.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FORBIDDEN = ("gymnasium", "pettingzoo", "torch")


def top_level_modules_after(statement: str) -> set[str]:
    """Top-level package names in `sys.modules` after running `statement`."""
    code = (
        "import json, sys\n"
        f"{statement}\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "statement",
    [
        "import scavenger_env.cavein.engine",
        "from scavenger_env.cavein.engine import *",
        "import scavenger_env.cavein.engine.scenario",
    ],
)
def test_engine_import_loads_no_rl_framework(statement: str) -> None:
    loaded = top_level_modules_after(statement)
    assert "scavenger_env" in loaded  # the import really happened
    assert "numpy" in loaded  # the engine's one dependency: the listing works
    leaked = sorted(set(FORBIDDEN) & loaded)
    assert leaked == [], f"{statement!r} loaded {leaked}"


def test_the_check_would_see_a_forbidden_import() -> None:
    """The same listing reports gymnasium (a dependency of the package, so it is
    installed) when it is imported."""
    assert "gymnasium" in top_level_modules_after("import gymnasium")
