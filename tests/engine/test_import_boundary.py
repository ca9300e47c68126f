"""Every game's rules engine is pure: importing it loads no gymnasium, pettingzoo or
torch; nor does any other module of the game's package but its environment, which
loads no torch. None of them loads the bots or the training code.

The games come from the registry (`scavenger_env.core.games.GAMES`), so a game
added there is checked at once. Each check runs in a fresh interpreter
(`sys.executable`), so modules imported by other tests in this process cannot hide
or fake a leak.
"""

from __future__ import annotations

import importlib.util
import json
import pkgutil
import subprocess
import sys

import pytest

from scavenger_env.core.games import GAMES, get_game

RL_FRAMEWORKS = ("gymnasium", "pettingzoo", "torch")
NOT_THE_GAMES = ("agents", "training", "torch", "tqdm", "openskill", "matplotlib")
"""What no module of a game loads: the bots, training and the extras' packages."""


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


def game_package(name: str) -> str:
    """The package of game `name`'s `Game` ("scavenger_env.cavein")."""
    return GAMES[name].partition(":")[0].rpartition(".")[0]


def env_modules(name: str) -> set[str]:
    """The modules of game `name` that make its PettingZoo environment: the module
    of `Game.env_entry_point` and the package's `env` (the convention)."""
    return {
        get_game(name).env_entry_point.partition(":")[0],
        f"{game_package(name)}.env",
    }


def package_modules(package: str) -> list[str]:
    """Every module of `package`, its subpackages' included (pure or compiled)."""
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations, package
    found = pkgutil.walk_packages(
        list(spec.submodule_search_locations), prefix=f"{package}."
    )
    return [package, *sorted(info.name for info in found)]


def importing_each(modules: list[str], forbidden: tuple[str, ...]) -> str:
    """A statement that imports `modules` one by one and raises, naming the first
    that loads a package of `forbidden`. A module that loads one loads it whatever
    was imported before it, so one interpreter checks them all."""
    return (
        "import importlib\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"    leaked = sorted({set(forbidden)!r} & {{m.split('.')[0] for m in sys.modules}})\n"
        "    if leaked:\n"
        "        raise SystemExit(f'importing {name} loaded {leaked}')\n"
    )


GAME_NAMES = sorted(GAMES)


def test_the_games_are_the_registry_s() -> None:
    assert len(GAME_NAMES) >= 2
    for name in GAME_NAMES:
        assert importlib.util.find_spec(f"{game_package(name)}.engine"), name


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize(
    "statement",
    ["import {engine}", "from {engine} import *"],
)
def test_engine_import_loads_no_rl_framework(game: str, statement: str) -> None:
    statement = statement.format(engine=f"{game_package(game)}.engine")
    loaded = top_level_modules_after(statement)
    assert "scavenger_env" in loaded  # the import really happened
    leaked = sorted(set(RL_FRAMEWORKS + NOT_THE_GAMES) & loaded)
    assert leaked == [], f"{statement!r} loaded {leaked}"


def test_the_listing_sees_a_third_party_package() -> None:
    """The check above can fail: a third-party package imported is listed. (It
    used to look for numpy after importing each engine; Hewns's engine package
    needs none.)"""
    assert "numpy" in top_level_modules_after("import numpy")
    assert "numpy" not in top_level_modules_after("import json")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_module_of_the_game_but_its_env_loads_no_rl_framework(
    game: str,
) -> None:
    """The engine's every module (`scenario` too), the game interface, codec,
    observation encoder, rendering: all a tool needs that runs no environment."""
    envs = env_modules(game)
    modules = [m for m in package_modules(game_package(game)) if m not in envs]
    assert f"{game_package(game)}.engine.rules" in modules
    assert f"{game_package(game)}.game" in modules
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\n" + importing_each(modules, RL_FRAMEWORKS + NOT_THE_GAMES),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr.strip().splitlines()[-1:]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_game_s_environment_loads_no_torch_bots_or_training(game: str) -> None:
    modules = sorted(env_modules(game))
    result = subprocess.run(
        [sys.executable, "-c", "import sys\n" + importing_each(modules, NOT_THE_GAMES)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr.strip().splitlines()[-1:]


def test_the_check_would_see_a_forbidden_import() -> None:
    """The same listing reports gymnasium (a dependency of the package, so it is
    installed) when it is imported, and the module-by-module check names the
    module that loads one."""
    assert "gymnasium" in top_level_modules_after("import gymnasium")
    env = sorted(env_modules(GAME_NAMES[-1]))
    result = subprocess.run(
        [sys.executable, "-c", "import sys\n" + importing_each(env, RL_FRAMEWORKS)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "loaded ['gymnasium', 'pettingzoo']" in result.stderr
