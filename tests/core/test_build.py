"""Which build runs (compiled or pure Python), `scavenger --version`, and the
decisions setup.py takes about compiling."""

from __future__ import annotations

import importlib.util
import runpy
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

import scavenger_env
from agents import build as bots_build
from scavenger_env.cli import main
from scavenger_env.core.build import (
    COMPILED_MODULES,
    build_description,
    build_kind,
)

SETUP_PY = Path(__file__).resolve().parents[2] / "setup.py"


def running_compiled() -> bool:
    """Straight from the modules, independently of build_kind."""
    import scavenger_env.cavein.engine.rules as rules
    import scavenger_env.cavein.observation as observation

    suffixes = (".so", ".pyd")
    return str(rules.__file__).endswith(suffixes) and str(
        observation.__file__
    ).endswith(suffixes)


@pytest.mark.parametrize(
    ("files", "kind"),
    [
        (["a/rules.py", "a/view.py"], "pure"),
        (
            ["a/rules.cpython-311-x86_64-linux-gnu.so", "a/view.cp311-win_amd64.pyd"],
            "compiled",
        ),
        (["a/rules.cpython-311-x86_64-linux-gnu.so", "a/view.py"], "mixed"),
    ],
)
def test_build_kind_reads_the_module_files(files: list[str], kind: str) -> None:
    assert build_kind(files) == kind
    description = build_description(files)
    assert {
        "pure": "pure Python build",
        "compiled": "compiled build: mypyc",
        "mixed": "mixed build: 1 of 2 modules compiled; reinstall with `pip install .`",
    }[kind] == description


def test_the_build_in_use_is_reported() -> None:
    """CI runs this under both builds: the editable (pure) and `pip install .`."""
    expected = "compiled" if running_compiled() else "pure"
    assert build_kind() == expected
    assert expected == scavenger_env.BUILD


def test_the_bots_are_built_as_the_environment() -> None:
    """The bots keep their own list of compiled modules (the environment package
    knows nothing of them); one install builds both the same way."""
    assert bots_build.build_kind() == scavenger_env.BUILD
    assert set(bots_build.COMPILED_MODULES).isdisjoint(COMPILED_MODULES)
    assert all(name.startswith("agents.") for name in bots_build.COMPILED_MODULES)


def test_reading_the_build_imports_no_bots() -> None:
    """`scavenger_env.BUILD` imports the environment's compiled modules alone."""
    code = (
        "import sys, scavenger_env\n"
        "scavenger_env.BUILD\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'agents', 'training'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert out.strip() == "[]"


def test_version_names_the_version_and_the_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    build = "compiled build: mypyc" if running_compiled() else "pure Python build"
    assert out == f"scavenger-env {scavenger_env.__version__} ({build})"


def test_every_module_to_compile_exists_as_python_source() -> None:
    """setup.py compiles these files; a renamed module must not be missed."""
    for name in (*COMPILED_MODULES, *bots_build.COMPILED_MODULES):
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin, name
        source = Path(spec.origin).with_name(name.rsplit(".", 1)[1] + ".py")
        assert source.is_file(), source


# -- setup.py ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def setup_py() -> dict[str, Any]:
    """setup.py's functions, without running setup()."""
    pytest.importorskip("setuptools")
    if not SETUP_PY.is_file():
        pytest.skip("not run from a source checkout")
    return runpy.run_path(str(SETUP_PY), run_name="setup_py_under_test")


@pytest.mark.parametrize(
    ("argv", "mode", "compile_"),
    [
        (["bdist_wheel", "--dist-dir", "/tmp/x"], "auto", True),
        (["bdist_wheel", "--dist-dir", "/tmp/x"], "1", True),
        (["bdist_wheel", "--dist-dir", "/tmp/x"], "0", False),
        (["editable_wheel", "--dist-dir", "/tmp/x"], "auto", False),
        (["editable_wheel", "--dist-dir", "/tmp/x"], "0", False),
        (["develop"], "auto", False),
        (["dist_info", "--output-dir", "/tmp/x"], "auto", False),
        (["egg_info"], "auto", False),
        (["sdist"], "1", False),
    ],
)
def test_setup_compiles_only_regular_builds(
    setup_py: dict[str, Any], argv: list[str], mode: str, compile_: bool
) -> None:
    assert setup_py["wants_compiled"](argv, mode) is compile_


def test_setup_refuses_a_forced_compile_of_an_editable_install(
    setup_py: dict[str, Any],
) -> None:
    with pytest.raises(SystemExit, match=r"editable install .* pure Python"):
        setup_py["wants_compiled"](["editable_wheel"], "1")


@pytest.mark.parametrize(
    ("value", "mode"), [(None, "auto"), ("", "auto"), ("0", "0"), ("1", "1")]
)
def test_setup_reads_scavenger_compile(
    setup_py: dict[str, Any], value: str | None, mode: str
) -> None:
    environ = {} if value is None else {"SCAVENGER_COMPILE": value}
    assert setup_py["compile_mode"](environ) == mode


def test_setup_refuses_an_unknown_scavenger_compile(setup_py: dict[str, Any]) -> None:
    with pytest.raises(SystemExit, match="SCAVENGER_COMPILE='yes' is not understood"):
        setup_py["compile_mode"]({"SCAVENGER_COMPILE": "yes"})


def test_setup_lists_the_package_modules(setup_py: dict[str, Any]) -> None:
    sources = setup_py["compiled_sources"]()
    names = (*COMPILED_MODULES, *bots_build.COMPILED_MODULES)
    assert sources == [n.replace(".", "/") + ".py" for n in names]
    assert "scavenger_env/cavein/engine/rules.py" in sources
    assert "agents/cavein/heuristics.py" in sources
    assert "agents/krysis/greedy.py" in sources


def test_setup_without_a_compiler_falls_back_or_fails_when_forced(
    setup_py: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc")
    problem = setup_py["compiler_problem"]()
    assert problem and "C compiler" in problem
    assert setup_py["ext_modules"]("auto") == []
    note = capsys.readouterr().err.strip()
    assert note.startswith("scavenger-env: the C compiler does not work here")
    assert note.endswith("installing the pure Python build (slower, same behaviour)")
    assert "\n" not in note
    with pytest.raises(SystemExit, match="SCAVENGER_COMPILE=1, but the C compiler"):
        setup_py["ext_modules"]("1")


@pytest.mark.skipif(
    shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0]) is None,
    reason="no C compiler here",
)
def test_setup_finds_the_working_compiler(setup_py: dict[str, Any]) -> None:
    assert setup_py["compiler_problem"]() is None


def build_broken_extension(
    setup_py: dict[str, Any], tmp_path: Path, forced: bool
) -> tuple[Path, Any]:
    """Run setup.py's build_ext on a C file that does not compile, with a stale
    compiled module from an earlier build already in the build folder."""
    from setuptools import Distribution, Extension

    tmp_path.mkdir(parents=True, exist_ok=True)
    source = tmp_path / "broken.c"
    source.write_text("this is not C\n")
    ext = Extension("broken", [str(source)])
    dist = Distribution({"name": "probe", "ext_modules": [ext]})
    cmd = setup_py["BuildExt"](dist)
    cmd.build_lib = str(tmp_path / "lib")
    cmd.build_temp = str(tmp_path / "temp")
    cmd.forced = forced
    cmd.force = True
    cmd.ensure_finalized()
    stale = Path(cmd.get_ext_fullpath("broken"))
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_text("an extension left by an earlier build")
    return stale, cmd


@pytest.mark.skipif(
    shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0]) is None,
    reason="no C compiler here",
)
def test_a_failed_compile_leaves_no_compiled_module(
    setup_py: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A half-built install would mix compiled and pure modules: drop them all."""
    stale, cmd = build_broken_extension(setup_py, tmp_path, forced=False)
    cmd.run()
    assert not stale.exists()
    assert cmd.get_outputs() == []
    assert "installing the pure Python build" in capsys.readouterr().err

    stale, cmd = build_broken_extension(setup_py, tmp_path / "forced", forced=True)
    with pytest.raises(SystemExit, match="SCAVENGER_COMPILE=1 forbids falling back"):
        cmd.run()


def test_setup_asks_mypyc_for_one_c_file_per_module(
    setup_py: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One C file per module lets the compiler work on several at once; the
    modules stay in one extension (no `separate`), calling each other natively."""
    mypyc_build = pytest.importorskip("mypyc.build")
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(
        mypyc_build, "mypycify", lambda paths, **options: calls.append(options) or []
    )
    monkeypatch.setitem(
        setup_py["ext_modules"].__globals__, "compiler_problem", lambda: None
    )
    assert setup_py["ext_modules"]("1") == []
    assert calls[0]["multi_file"] is True
    assert not calls[0].get("separate")
    assert calls[0]["opt_level"] == "3"


def test_setup_compiles_the_c_files_of_an_extension_at_once(
    setup_py: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """BuildExt runs the compiler on two files at a time (a stand-in compiler that
    waits for a second one to start: run one at a time, it times out)."""
    import threading
    from distutils.ccompiler import new_compiler

    from setuptools import Distribution, Extension

    sources = []
    for name in ("a", "b", "c", "d"):
        sources.append(str(tmp_path / f"{name}.c"))
        Path(sources[-1]).write_text("/* empty */\n")
    dist = Distribution(
        {"name": "probe", "ext_modules": [Extension("probe", list(sources))]}
    )
    cmd = setup_py["BuildExt"](dist)
    cmd.build_lib = str(tmp_path / "lib")
    cmd.build_temp = str(tmp_path / "temp")
    cmd.force = True
    cmd.ensure_finalized()
    cmd.compiler = new_compiler()
    cmd.compiler.compiler_type = "unix"
    pairs = threading.Barrier(2, timeout=10)
    compiled: list[str] = []
    linked: list[list[str]] = []

    def compile_(sources: list[str], **kwargs: Any) -> list[str]:
        assert len(sources) == 1, "one file per compiler call"
        pairs.wait()
        compiled.append(sources[0])
        return [sources[0][:-2] + ".o"]

    cmd.compiler.compile = compile_
    cmd.compiler.link_shared_object = lambda objects, *a, **k: linked.append(objects)
    monkeypatch.setitem(
        setup_py["BuildExt"].build_extensions.__globals__, "compile_workers", lambda: 2
    )
    cmd.build_extensions()
    assert sorted(compiled) == sorted(sources)
    assert linked == [[s[:-2] + ".o" for s in sorted(sources)]]
    err = capsys.readouterr().err
    assert "compiling 4 C files on 2 cores at once" in err
    assert "compiled 4/4 C files" in err


def test_setup_starts_the_biggest_c_files_first(
    setup_py: dict[str, Any], tmp_path: Path
) -> None:
    """The longest compiles go first, so no core is left with one at the end; the
    objects come back in the order of the sources (the link's order)."""
    from concurrent.futures import ThreadPoolExecutor

    sizes = {"small.c": 10, "big.c": 3000, "mid.c": 500}
    for name, size in sizes.items():
        (tmp_path / name).write_text("x" * size)
    sources = [str(tmp_path / name) for name in sizes]
    started: list[str] = []

    def compile_(files: list[str], **kwargs: Any) -> list[str]:
        started.append(Path(files[0]).name)
        return [files[0] + ".o"]

    with ThreadPoolExecutor(1) as pool:
        objects = setup_py["parallel_compile"](compile_, pool, lambda *_: None)(
            sources, output_dir="x"
        )
    assert started == ["big.c", "mid.c", "small.c"]
    assert objects == [s + ".o" for s in sources]
