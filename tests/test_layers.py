"""The layers hold: generic modules import no game, the env package no bots.

Every import in the source is read (at module level and inside functions, so a
lazy import counts too). The generic modules reach a game only through
`scavenger_env.core.games` and the agent registry's "module:Class" strings.

The games come from the registry (`scavenger_env.core.games.GAMES`), so a game
added there is covered at once: its package, its PettingZoo module and its bots'
package are closed to every generic module.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from agents.registry import REGISTRY
from scavenger_env.core.games import GAMES, get_game

ROOT = Path(__file__).resolve().parents[1]

GENERIC = [
    "scavenger_env/__init__.py",
    "scavenger_env/registration.py",
    "scavenger_env/core",
    "scavenger_env/cli",
    "scavenger_env/bench",
    "agents/tournament",
    "agents/commands",
    "agents/ppo",
    "agents/balance",
    "training",
    *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "agents").glob("*.py"))),
]
"""The modules that must run any game."""


def game_packages(name: str) -> tuple[str, ...]:
    """The modules that belong to game `name` alone, from the registries: the
    package of its `Game` (`GAMES`: "scavenger_env.cavein"), the module of its
    PettingZoo `env` (`Game.env_entry_point`: "scavenger_env.cavein_v0"), and its
    bots' package ("agents.cavein", and any package the agent registry names for
    the game)."""
    game_module = GAMES[name].partition(":")[0]
    package = game_module.rpartition(".")[0]
    env_module = get_game(name).env_entry_point.partition(":")[0]
    bots = {f"agents.{package.rpartition('.')[2]}"}
    for entry in REGISTRY.values():
        factory = entry.get(name) if isinstance(entry, dict) else None
        if isinstance(factory, str):
            bots.add(factory.partition(":")[0].rpartition(".")[0])
    return (package, env_module, *sorted(bots))


GAME_PACKAGES = tuple(p for name in sorted(GAMES) for p in game_packages(name))
"""Every game's own modules: no generic module may import any of them."""


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


def test_every_registered_game_is_covered() -> None:
    """Each game's package is its own (not a generic folder) and exists, and the
    list of forbidden packages holds every game's."""
    assert len(GAMES) >= 2
    generic = {p.removesuffix(".py").replace("/", ".") for p in GENERIC}
    for name in GAMES:
        package, env_module, *bots = game_packages(name)
        assert package not in generic and package != "scavenger_env", name
        assert (ROOT / package.replace(".", "/") / "__init__.py").is_file(), name
        assert (ROOT / (env_module.replace(".", "/") + ".py")).is_file(), name
        assert f"agents.{package.rpartition('.')[2]}" in bots
        assert {package, env_module, *bots} <= set(GAME_PACKAGES)
    assert "scavenger_env.krysis" in GAME_PACKAGES
    assert "agents.krysis" in GAME_PACKAGES
    assert "scavenger_env.hewns" in GAME_PACKAGES
    assert "agents.hewns" in GAME_PACKAGES


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


NAMES_BOTS_OR_TRAINING = re.compile(
    # a module path, entry point or folder: agents.cavein, "training.commands:x",
    # agents/ppo, f"agents.{name}" (not PettingZoo's `env.agents.index` nor a
    # sentence that ends with "agents.")
    r"(?<![\w.])(?:agents|training)[.:/](?=[\w{])"
    # an import statement, in code or in a docstring's example
    r"|^[ \t>.]*(?:import\s+(?:agents|training)\b"
    r"|from\s+(?:agents|training)(?:\.\w+)*\s+import\b)"
    # an import by name
    r"|(?:import_module|__import__)\(\s*[\"'](?:agents|training)[\"'.]",
    re.MULTILINE,
)
"""`agents` or `training` named as a module. The bare words stay allowed: a
PettingZoo environment has `agents` (its players), and RL has training."""


def names_of_bots_or_training(text: str) -> list[str]:
    """Each line of `text` that names the bots' or the training package."""
    lines = text.splitlines()
    return [
        lines[text.count("\n", 0, m.start())].strip()
        for m in NAMES_BOTS_OR_TRAINING.finditer(text)
    ]


def test_the_env_package_names_no_bots_and_no_training() -> None:
    """Not even in a string or a docstring: `scavenger_env` knows nothing of the
    packages built on it (the bots' compiled modules, their commands and entry
    points are listed on their side: agents/build.py, pyproject.toml)."""
    found = []
    files = [
        f
        for f in sorted((ROOT / "scavenger_env").rglob("*"))
        if f.is_file()
        and "__pycache__" not in f.parts
        and not f.name.endswith((".so", ".pyd", ".pyc"))
    ]
    assert len(files) > 30
    for file in files:
        try:
            text = file.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # binary data (no module names in it)
            continue
        found += [
            f"{file.relative_to(ROOT)}: {line}"
            for line in names_of_bots_or_training(text)
        ]
    assert found == []


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('"agents.cavein.heuristics",', True),
        ('"train": "training.commands:add_command",', True),
        ("The balance tools (`agents.balance`) turn these", True),
        ("the models in agents/ppo/models", True),
        ('f"agents.{game}.greedy"', True),
        ("import agents", True),
        ("    from training.run import train", True),
        ("    >>> from agents import make_agent", True),
        ('importlib.import_module("training")', True),
        ("self.agents = self.possible_agents[:]", False),
        ("self.agents.index(agent)", False),
        ('slots = ("agents", "rewards")', False),
        ("drawing agents. Then", False),
        ("special agents: the", False),
        ("A training checkpoint keeps it", False),
        ("what is hidden from agents in the view", False),
        ("`agents = ['player_0', ...]`", False),
    ],
)
def test_the_name_scan_tells_modules_from_words(text: str, named: bool) -> None:
    assert bool(names_of_bots_or_training(text)) is named


def test_the_scan_sees_lazy_and_relative_imports() -> None:
    source = (
        "def f():\n"
        "    from scavenger_env.cavein.engine import new_game\n"
        "from ..cavein import game\n"
    )
    found = imported_modules(source, "scavenger_env.core")
    assert "scavenger_env.cavein.engine" in found
    assert "scavenger_env.cavein" in found


@pytest.mark.parametrize(
    "source",
    [
        "import scavenger_env.krysis.engine\n",
        "from scavenger_env import krysis_v0\n",
        "def f():\n    from agents.krysis.greedy import GreedyAgent\n",
        "from ..krysis import greedy\n",
    ],
)
def test_an_import_of_any_game_is_caught(tmp_path: Path, source: str) -> None:
    """What a generic module (here a copy of the tournament's plan) would be
    refused for: importing any registered game, not only the first."""
    plan = ROOT / "agents" / "tournament" / "plan.py"
    copy = tmp_path / "plan.py"
    copy.write_text(plan.read_text() + "\n" + source)
    assert offending([plan], GAME_PACKAGES) == []
    found = [
        module
        for module in imported_modules(copy.read_text(), "agents.tournament")
        if any(module == f or module.startswith(f + ".") for f in GAME_PACKAGES)
    ]
    assert found, source


def test_the_bots_import_no_training() -> None:
    """`ppo` plays with numpy alone: the bots never need the training package
    (nor, through it, torch)."""
    files = python_files("agents")
    assert len(files) > 20
    assert offending(files, ("training",)) == []


# --- the engines: no lazy import, no import circle -------------------------------------
def engine_files(name: str) -> list[Path]:
    """The modules of game `name`'s rules engine (its package's `engine`)."""
    package = GAMES[name].partition(":")[0].rpartition(".")[0]
    folder = ROOT / package.replace(".", "/") / "engine"
    return sorted(folder.glob("*.py"))


def imports_below_module_level(source: str) -> list[int]:
    """The lines of the import statements of `source` that are not at module
    level (inside a function, a class, or a conditional)."""
    tree = ast.parse(source)
    top = {id(node) for node in tree.body}
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top
    )


def engine_graph(files: list[Path]) -> dict[str, set[str]]:
    """Module -> the modules of the same engine it imports."""
    names = {f.stem for f in files}
    graph: dict[str, set[str]] = {}
    for file in files:
        package = module_package(file)
        graph[file.stem] = {
            module.rpartition(".")[2]
            for module in imported_modules(file.read_text(), package)
            if module.rpartition(".")[0] == package
            and module.rpartition(".")[2] in names
        } - {file.stem}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other, directly or not (each circle once,
    sorted): the graph's strongly connected components of two or more."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            circle = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                circle.append(w)
                if w == v:
                    break
            if len(circle) > 1:
                circles.append(sorted(circle))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(circles)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_engine_imports_only_at_module_level(name: str) -> None:
    """Every import of a rules engine sits at the top of its module, so a reader
    sees what a module needs and a module needed by two rule modules lives below
    both (an import inside a function hides an import circle)."""
    files = engine_files(name)
    assert len(files) > 3, name
    found = [
        f"{file.relative_to(ROOT)}:{line}"
        for file in files
        for line in imports_below_module_level(file.read_text())
    ]
    assert found == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_engine_has_no_import_circle(name: str) -> None:
    """The modules of a rules engine form layers: no module imports, directly or
    through others, a module that imports it."""
    graph = engine_graph(engine_files(name))
    assert sum(len(v) for v in graph.values()) > 3, name
    assert import_circles(graph) == []


def test_the_engine_scans_see_lazy_imports_and_circles() -> None:
    """The scans above catch what they forbid."""
    source = "import os\n\ndef f():\n    from . import rules\n\nif os:\n    import re\n"
    assert imports_below_module_level(source) == [4, 7]
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert import_circles(graph) == [["a", "b", "c"]]
    assert import_circles({"a": {"b"}, "b": set()}) == []
