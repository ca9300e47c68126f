"""The layers hold: generic modules import no game, the env package no bots.

Every import in the source is read (at module level and inside functions, so a
lazy import counts too). The generic modules reach a game only through
`scavenger_env.core.games` and the agent registry's "module:Class" strings.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

GENERIC = [
    "scavenger_env/core",
    "scavenger_env/cli",
    "scavenger_env/bench",
    "agents/tournament",
    "agents/commands",
    "agents/ppo",
    "training",
    *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "agents").glob("*.py"))),
]
"""The modules that must run any game."""

GAME_PACKAGES = ("scavenger_env.cavein", "agents.cavein")


def imported_modules(source: str, package: str) -> set[str]:
    """Every module `source` imports (relative imports resolved in `package`)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def python_files(path: str) -> list[Path]:
    p = ROOT / path
    return [p] if p.suffix == ".py" else sorted(p.rglob("*.py"))


def module_package(file: Path) -> str:
    parts = list(file.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts if parts[-1] == "__init__" else parts[:-1]).removesuffix(
        ".__init__"
    )


def offending(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for file in files:
        for module in imported_modules(file.read_text(), module_package(file)):
            if any(module == f or module.startswith(f + ".") for f in forbidden):
                bad.append(f"{file.relative_to(ROOT)} imports {module}")
    return sorted(set(bad))


def test_the_generic_modules_exist() -> None:
    for path in GENERIC:
        assert python_files(path), f"{path} holds no module: update GENERIC"


@pytest.mark.parametrize("path", GENERIC)
def test_a_generic_module_imports_no_game(path: str) -> None:
    assert offending(python_files(path), GAME_PACKAGES) == []


def test_the_env_package_imports_no_bots_and_no_training() -> None:
    files = python_files("scavenger_env")
    assert len(files) > 30
    assert offending(files, ("agents", "training")) == []


def test_the_scan_sees_lazy_and_relative_imports() -> None:
    source = (
        "def f():\n"
        "    from scavenger_env.cavein.engine import new_game\n"
        "from ..cavein import game\n"
    )
    found = imported_modules(source, "scavenger_env.core")
    assert "scavenger_env.cavein.engine" in found
    assert "scavenger_env.cavein" in found


def test_the_bots_import_no_training() -> None:
    """`ppo` plays with numpy alone: the bots never need the training package
    (nor, through it, torch)."""
    files = python_files("agents")
    assert len(files) > 20
    assert offending(files, ("training",)) == []
