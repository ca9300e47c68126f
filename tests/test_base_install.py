"""The environment package requires only what the environments need.

pyproject.toml's required dependencies are numpy, gymnasium and pettingzoo; every
other package comes with an extra. With every extra's packages made unimportable
(a finder in front of `sys.meta_path` refuses them, as if never installed), the
`scavenger` program of a base install loads all its commands, runs `simulate`,
`replay`, `bench engine` and `bench env` (and `play`, between scripted bots), and
each command that needs an extra says which one to install. One interpreter runs
them all, in a fresh process, so nothing this test process imported can help.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from project_commands import PROJECT_COMMANDS, pyproject

from scavenger_env.cli import common
from scavenger_env.core.games import GAMES

BASE = {"numpy", "gymnasium", "pettingzoo"}
"""The distributions an environment needs: all that `pip install .` requires."""

EXTRA_MODULES = {
    "tqdm": "tqdm",
    "openskill": "openskill",
    "matplotlib": "matplotlib",
    "torch": "torch",
    "stable-baselines3": "stable_baselines3",
    "sb3-contrib": "sb3_contrib",
    "tensorboard": "tensorboard",
    "pandas": "pandas",
    "scipy": "scipy",
    "optuna": "optuna",
    "nbmake": "nbmake",
    "ipykernel": "ipykernel",
    "ray": "ray",
    "pytest": "pytest",
    "pytest-xdist": "xdist",
    "hypothesis": "hypothesis",
    "ruff": "ruff",
    "mypy": "mypy",
    "rlcard": "rlcard",
    "pygame-ce": "pygame",
    "resvg-py": "resvg_py",
    "playwright": "playwright",
    "pillow": "PIL",
    "sphinx": "sphinx",
    "myst-parser": "myst_parser",
    "myst-nb": "myst_nb",
    "furo": "furo",
    "sphinx-argparse": "sphinxarg",
}
"""Each extra's distribution -> the module it installs (what the test blocks)."""


def distribution(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match, requirement
    return match.group(0).lower()


def extras() -> dict[str, set[str]]:
    """Each extra -> its distributions (an extra named inside another is left out:
    its own entry lists them)."""
    declared: dict[str, list[str]] = pyproject()["project"]["optional-dependencies"]
    return {
        extra: {distribution(r) for r in reqs} - {"scavenger-env"}
        for extra, reqs in declared.items()
    }


def test_the_required_dependencies_are_the_environment_s() -> None:
    required = pyproject()["project"]["dependencies"]
    assert {distribution(r) for r in required} == BASE


def test_every_extra_package_is_blocked_below() -> None:
    """A package added to an extra must be added to `EXTRA_MODULES` too, or the
    base-install run below would not notice a command that needs it."""
    found = set().union(*extras().values())
    assert found - set(EXTRA_MODULES) == set()
    assert {"tqdm", "openskill", "matplotlib"} <= extras()["tournament"]


@pytest.mark.parametrize("extra", ["train", "balance", "distributed", "dev"])
def test_the_extras_that_play_tournaments_bring_the_tournament_extra(
    extra: str,
) -> None:
    declared: dict[str, list[str]] = pyproject()["project"]["optional-dependencies"]
    assert "scavenger-env[tournament]" in declared[extra]


RUNNER = r"""
import contextlib, importlib.abc, io, json, sys

blocked, commands, runs = (json.loads(a) for a in sys.argv[1:4])


class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.partition(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None


already = sorted(set(blocked) & {m.partition(".")[0] for m in sys.modules})
sys.meta_path.insert(0, Blocker())
try:
    import tqdm  # noqa: F401
    blocking = False
except ImportError:
    blocking = True

from scavenger_env.cli import main

results = []
for argv in runs:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv, commands=commands)
    results.append({"argv": argv, "status": status, "out": out.getvalue(),
                    "err": err.getvalue()})
loaded = sorted(set(blocked) & {m.partition(".")[0] for m in sys.modules})
print(json.dumps({"already": already, "blocking": blocking, "loaded": loaded,
                  "results": results}))
"""


def run_without_extras(runs: list[list[str]], cwd: Path) -> dict[str, Any]:
    """Run the command lines `runs` through `main` in a fresh interpreter where
    no extra's package can be imported; their statuses and output."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            RUNNER,
            json.dumps(sorted(set(EXTRA_MODULES.values()))),
            json.dumps(PROJECT_COMMANDS),
            json.dumps(runs),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,  # not the source tree: the installed package is the one run
    )
    assert result.returncode == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["already"] == []  # nothing imported them before the blocker
    assert report["blocking"] is True
    assert report["loaded"] == []
    return report


def command(words: str, *more: str) -> list[str]:
    """A command line: `words` split at spaces, then `more` (paths) as they are."""
    return [*words.split(), *more]


@pytest.fixture(scope="module")
def without_extras(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("base")
    runs = [command("--version")]
    for game in sorted(GAMES):
        records = str(tmp / f"{game}.jsonl")
        runs += [
            command(
                f"simulate --game {game} --num-players 2 --games 3 --output", records
            ),
            command("replay", records),
            command(f"bench engine --game {game} --seconds 0.05 --json"),
        ]
    runs += [
        command("bench env --seconds 0.03 --json"),
        command("play --players random,random --seed 1"),
        command("tournament --list-players"),
        command(
            "tournament --players random,random --games 2 --output",
            str(tmp / "tournament"),
        ),
        command("bench tournament --games 2 --rounds 1"),
        command("balance tune --players random,random --output", str(tmp / "tune")),
        command("train --timesteps 100 --output", str(tmp / "train")),
        command("bench train"),
    ]
    report = run_without_extras(runs, tmp)
    report["tmp"] = tmp
    return report


def outcome(report: dict[str, Any], *argv: str) -> dict[str, Any]:
    """The first run whose command line starts with `argv`."""
    for result in report["results"]:
        if tuple(result["argv"][: len(argv)]) == argv:
            assert "Traceback" not in result["err"], result["err"]
            return dict(result)
    raise AssertionError(f"{argv} was not run")


def test_a_base_install_simulates_replays_and_benchmarks(
    without_extras: dict[str, Any],
) -> None:
    version = outcome(without_extras, "--version")
    assert version["status"] == 0
    assert version["out"].startswith("scavenger-env ")
    for game in sorted(GAMES):
        simulate = outcome(without_extras, "simulate", "--game", game)
        assert simulate["status"] == 0, simulate["err"]
        assert simulate["out"].startswith("wrote 3 games to ")
        assert simulate["err"] == ""  # no bar: not a terminal
        replay = [r for r in without_extras["results"] if r["argv"][0] == "replay"][
            sorted(GAMES).index(game)
        ]
        assert replay["status"] == 0, replay["err"]
        assert "every outcome matches the record" in replay["out"]
        bench = outcome(without_extras, "bench", "engine", "--game", game)
        assert bench["status"] == 0, bench["err"]
        assert json.loads(bench["out"])["decisions_per_s"]
    bench_env = outcome(without_extras, "bench", "env")
    assert bench_env["status"] == 0, bench_env["err"]
    assert json.loads(bench_env["out"])


def test_a_base_install_plays_between_bots(without_extras: dict[str, Any]) -> None:
    play = outcome(without_extras, "play")
    assert play["status"] == 0, play["err"]
    assert "player 1 (random)" in play["out"]
    assert outcome(without_extras, "tournament", "--list-players")["status"] == 0


@pytest.mark.parametrize(
    ("argv", "extra"),
    [
        (("tournament", "--players"), "tournament"),
        (("bench", "tournament"), "tournament"),
        (("balance", "tune"), "balance"),
        (("train",), "train"),
        (("bench", "train"), "train"),
    ],
)
def test_a_command_that_needs_an_extra_names_it(
    without_extras: dict[str, Any], argv: tuple[str, ...], extra: str
) -> None:
    result = outcome(without_extras, *argv)
    assert result["status"] == 2
    assert result["err"].startswith("error: ")
    assert f"[{extra}] extra" in result["err"]
    assert f"pip install 'scavenger-env[{extra}]'" in result["err"]
    assert result["out"] == ""
    tmp: Path = without_extras["tmp"]
    for folder in ("tournament", "tune", "train"):  # refused before writing
        assert not (tmp / folder).exists()


# ------------------------------------------------------------- the plain bar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_without_tqdm_the_bar_is_a_plain_counter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # `import tqdm` fails
    screen = Terminal()
    with common.progress_bar(3, unit="game", desc="simulate", file=screen) as bar:
        for _ in range(3):
            bar.update(1)
    assert screen.getvalue().endswith("\rsimulate: 3/3 games\n")
    quiet = Terminal()
    with common.progress_bar(
        3, unit="game", desc="simulate", enabled=False, file=quiet
    ) as bar:
        bar.update(3)
    assert quiet.getvalue() == ""
    not_a_terminal = io.StringIO()
    with common.progress_bar(
        3, unit="game", desc="simulate", file=not_a_terminal
    ) as bar:
        bar.update(3)
    assert not_a_terminal.getvalue() == ""


def test_with_tqdm_the_bar_is_tqdm_s() -> None:
    tqdm = pytest.importorskip("tqdm")
    bar = common.progress_bar(3, unit="game", desc="x", file=io.StringIO())
    assert isinstance(bar, tqdm.tqdm)
    bar.close()


def test_a_missing_module_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openskill", None)
    assert common.missing_modules(("json", "openskill", "no_such_module_x")) == [
        "openskill",
        "no_such_module_x",
    ]
    with pytest.raises(common.UserError, match=r"needs the \[tournament\] extra"):
        common.require_extra("tournament", ("openskill",), "`scavenger tournament`")
    common.require_extra("tournament", ("json",), "`scavenger tournament`")


# ------------------------------------------------------- the README's commands

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    """The README's two commands: the quick start's main job and its tests."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Quick start")
    quick_start = text[start : text.index("\n## ", start + 1)]
    return re.findall(r"```bash\n(.*?)\n```", quick_start)[:2]


def test_the_quick_start_installs_the_extra_its_command_needs() -> None:
    """`scavenger tournament` needs the [tournament] extra, so the command that
    runs it installs that extra."""
    from agents.commands.tournament import TOURNAMENT_MODULES

    main_job, _ = readme_commands()
    install = re.search(r'pip install "\.\[([\w,]+)\]"', main_job)
    assert install, main_job
    assert "scavenger tournament " in main_job
    assert "tournament" in install.group(1).split(",")
    modules = {EXTRA_MODULES[d] for d in extras()["tournament"]}
    assert set(TOURNAMENT_MODULES) <= modules


def test_the_readme_tests_as_ci_does() -> None:
    """The README's test command installs what .ci/run installs and runs its
    pytest line."""
    _, tests = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pytest_line = next(
        line.strip()
        for line in ci.splitlines()
        if line.strip().startswith("python -m pytest")
    )
    assert tests.endswith(f"&& {pytest_line}")
    ci_extras = re.search(r'pip install --quiet -e "\.\[([\w,]+)\]"', ci)
    readme_extras = re.search(r'pip install -e "\.\[([\w,]+)\]"', tests)
    assert ci_extras and readme_extras
    assert ci_extras.group(1) == readme_extras.group(1)
    assert "tournament" in {
        e for x in ci_extras.group(1).split(",") for e in (x, *brought_by(x))
    }


def brought_by(extra: str) -> list[str]:
    """The extras that `extra` brings (named inside it)."""
    declared: dict[str, list[str]] = pyproject()["project"]["optional-dependencies"]
    return re.findall(r"scavenger-env\[([\w,]+)\]", " ".join(declared[extra]))
