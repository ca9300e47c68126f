"""Builds scavenger-env; everything but the compiled modules is in pyproject.toml.

A regular install (`pip install .`) compiles each game's engine, action codec,
observation encoder (`COMPILED_MODULES` in scavenger_env/core/build.py) and scripted
bots (`COMPILED_MODULES` in agents/build.py) with mypyc when a working C compiler is
found: the same code and behaviour, 5-8x faster in the engine. Without one it
installs pure Python and says so in one line of the build log (`pip install -v .`
shows it).
An editable install (`pip install -e .`) is always pure Python, so edits to the
sources take effect at once.

SCAVENGER_COMPILE=1 forces the compiled build: the install fails, saying why, when
it cannot compile. SCAVENGER_COMPILE=0 forces pure Python. If compiling fails
half-way without the force, the build drops every compiled module it made and
installs pure Python, so an install is never part compiled.
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
# The commands that build the modules to install; metadata, sdist and editable
# builds never compile.
BUILD_COMMANDS = frozenset({"bdist_wheel", "build", "build_ext", "install"})
EDITABLE_COMMANDS = frozenset({"editable_wheel", "develop"})


def note(message: str) -> None:
    """One line in the build log."""
    print(f"scavenger-env: {message}", file=sys.stderr, flush=True)


def short(exc: BaseException) -> str:
    """An error in a few words (a failed compiler call names its whole command)."""
    lines = str(exc).strip().splitlines()
    text = f"{type(exc).__name__}: {lines[0] if lines else ''}"
    return text if len(text) <= 100 else text[:97] + "..."


COMPILED_LISTS = ("scavenger_env/core/build.py", "agents/build.py")
"""The files that list the modules to compile (`COMPILED_MODULES`): the
environment package's and the bots'."""


def compiled_sources() -> list[str]:
    """The files to compile, from the packages' own lists (which import nothing)."""
    names = [
        name
        for listing in COMPILED_LISTS
        for name in runpy.run_path(str(HERE / listing))["COMPILED_MODULES"]
    ]
    return [name.replace(".", "/") + ".py" for name in names]


def compile_mode(environ: Mapping[str, str]) -> str:
    """'1' (force compiled), '0' (force pure) or 'auto' from SCAVENGER_COMPILE."""
    value = environ.get("SCAVENGER_COMPILE", "").strip().lower()
    if value in ("", "auto"):
        return "auto"
    if value in ("0", "1"):
        return value
    raise SystemExit(
        f"scavenger-env: SCAVENGER_COMPILE={value!r} is not understood; use 1 "
        "(compiled build), 0 (pure Python) or leave it unset (compiled when a C "
        "compiler works)"
    )


def wants_compiled(argv: list[str], mode: str) -> bool:
    """Whether this setup.py run should try to compile (before any compiler check).

    Raises SystemExit for SCAVENGER_COMPILE=1 with an editable install, which
    would put compiled modules beside the sources and hide every later edit.
    """
    commands = set(argv)
    if commands & EDITABLE_COMMANDS:
        if mode == "1":
            raise SystemExit(
                "scavenger-env: SCAVENGER_COMPILE=1 asks for the compiled build, "
                "but an editable install (pip install -e) is pure Python; use "
                "`pip install .` for the compiled build"
            )
        return False
    return mode != "0" and bool(commands & BUILD_COMMANDS)


def compiler_problem() -> str | None:
    """Why no C extension can be built here, or None when a trivial one builds.

    Compiles and links a one-function extension with the compiler Python was
    built with (sysconfig's CC), which catches a missing compiler and missing
    Python headers before mypyc spends a minute generating C.
    """
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text(
            "#include <Python.h>\n"
            "int scavenger_probe(void) { return Py_IsInitialized(); }\n"
        )
        try:
            objects = compiler.compile(
                [str(source)],
                output_dir=tmp,
                include_dirs=[sysconfig.get_paths()["include"]],
            )
            compiler.link_shared_object(objects, str(Path(tmp) / "probe.so"))
        except (CCompilerError, DistutilsError, OSError) as exc:
            return f"the C compiler does not work here ({short(exc)})"
    return None


class BuildExt(build_ext):
    """Builds the compiled modules; if that fails (and it was not forced), removes
    what it built so that the wheel holds only the pure Python modules."""

    forced = False

    def run(self) -> None:
        try:
            super().run()
        except (Exception, SystemExit) as exc:
            if self.forced:
                raise SystemExit(
                    f"scavenger-env: compiling with mypyc failed ({short(exc)}; the "
                    "compiler's messages are above); SCAVENGER_COMPILE=1 forbids "
                    "falling back to pure Python"
                ) from exc
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []
            self.distribution.ext_modules = []
            note(
                f"compiling failed ({short(exc)}; the compiler's messages are "
                "above); installing the pure Python build"
            )


def ext_modules(mode: str) -> list[Any]:
    """The mypyc extensions to build, or [] for the pure Python build."""
    problem = compiler_problem()
    if problem is None:
        try:
            from mypyc.build import mypycify
        except ImportError:
            problem = "mypy (mypyc) is not installed in the build environment"
    if problem is not None:
        if mode == "1":
            raise SystemExit(f"scavenger-env: SCAVENGER_COMPILE=1, but {problem}")
        note(f"{problem}; installing the pure Python build (slower, same behaviour)")
        return []
    try:
        # numpy is only a type here (the rng); its stubs are not needed to compile
        return list(
            mypycify(["--ignore-missing-imports", *compiled_sources()], opt_level="3")
        )
    except (Exception, SystemExit) as exc:
        if mode == "1":
            raise
        note(
            f"mypyc could not translate the sources ({short(exc)}); installing "
            "the pure Python build"
        )
        return []


def main() -> None:
    mode = compile_mode(os.environ)
    modules = ext_modules(mode) if wants_compiled(sys.argv[1:], mode) else []
    BuildExt.forced = mode == "1"
    if modules:
        note(f"compiling {len(modules)} extension module(s) with mypyc")
    setup(ext_modules=modules, cmdclass={"build_ext": BuildExt})


if __name__ == "__main__":
    main()
