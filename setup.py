"""Builds scavenger-env; everything but the compiled modules is in pyproject.toml.

A regular install (`pip install .`) compiles each game's engine, action codec,
observation encoder (`COMPILED_MODULES` in scavenger_env/core/build.py) and scripted
bots (`COMPILED_MODULES` in agents/build.py) with mypyc when a working C compiler is
found: the same code and behaviour, 5-8x faster in the engine. Without one it
installs pure Python and says so in one line of the build log (`pip install -v .`
shows it, with the compile's progress).
mypyc writes one C file per module (`multi_file`) and the C compiler runs on every
core at once (`BuildExt`): mypyc's default, one 20 MB C file, kept one core busy
for minutes; the split files take about two thirds of its CPU time, spread over
all the cores.
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
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
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


def took(start: float) -> str:
    """The time since `start` (time.monotonic()), in words."""
    seconds = round(time.monotonic() - start)
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"


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


MYPYC_OPTIONS: dict[str, Any] = {"opt_level": "3", "multi_file": True}
"""mypycify's options: one C file per module (and mypyc's runtime as its own
files), so that the C compiler can work on several at once; still one extension
holding every module, with the shims that import it."""


def compile_workers() -> int:
    """How many C files to compile at once: one per core this process may use."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores)


def parallel_compile(
    compile_: Callable[..., list[str]],
    pool: Executor,
    done: Callable[[str, float], None],
) -> Callable[..., list[str]]:
    """`compile_` (a CCompiler's compile) sending each source of a call to `pool`
    alone, largest first, and calling `done(source, start)` after each.

    distutils compiles the sources of one extension in turn, and mypyc puts every
    module in one extension.
    """

    def compile_each(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
        def one(source: str) -> list[str]:
            start = time.monotonic()
            objects = compile_([source], *args, **kwargs)
            done(source, start)
            return objects

        # The biggest files take longest: start them first so that no core waits
        # on one at the end.
        order = sorted(sources, key=source_size, reverse=True)
        futures = {source: pool.submit(one, source) for source in order}
        # Every file finishes (or fails) before this returns: no compiler runs on
        # after a failure has sent the build to its fallback.
        for future in futures.values():
            future.exception()
        return [obj for source in sources for obj in futures[source].result()]

    return compile_each


def source_size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


class BuildExt(build_ext):
    """Builds the compiled modules, the C files on every core at once; if that
    fails (and it was not forced), removes what it built so that the wheel holds
    only the pure Python modules."""

    forced = False

    def build_extensions(self) -> None:
        workers = compile_workers()
        if self.compiler.compiler_type != "unix" or workers == 1:
            # MSVC sets itself up on its first compile: not from two threads.
            note(f"compiling the C files one at a time ({workers} core(s))")
            super().build_extensions()
            return
        total = sum(len(ext.sources) for ext in self.extensions if self.stale(ext))
        count = 0
        lock = threading.Lock()
        start = time.monotonic()

        def done(source: str, began: float) -> None:
            nonlocal count
            with lock:
                count += 1
                note(
                    f"compiled {count}/{total} C files ({took(start)}): "
                    f"{os.path.basename(source)} in {took(began)}"
                )

        note(
            f"compiling {total} C files on {workers} cores at once; this is the long "
            "part (a few minutes on two busy cores)"
        )
        with ThreadPoolExecutor(workers, thread_name_prefix="cc") as pool:
            self.compiler.compile = parallel_compile(self.compiler.compile, pool, done)
            # Extensions build side by side too (their links overlap the compiles);
            # their C files all queue on the one pool, so no more than `workers`
            # compilers run.
            self.parallel = self.parallel or workers
            super().build_extensions()
        note(
            f"compiled and linked {len(self.extensions)} extension modules in {took(start)}"
        )

    def stale(self, ext: Any) -> bool:
        """Whether build_extension will compile `ext` (it skips one that is up to
        date in the build folder)."""
        from setuptools.modified import newer_group  # pyproject asks for >= 77

        target = self.get_ext_fullpath(ext.name)
        return bool(self.force or newer_group([*ext.sources, *ext.depends], target))

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
    sources = compiled_sources()
    note(f"type-checking {len(sources)} modules and translating them to C (mypyc)")
    start = time.monotonic()
    try:
        # numpy is only a type here (the rng); its stubs are not needed to compile
        modules = list(
            mypycify(["--ignore-missing-imports", *sources], **MYPYC_OPTIONS)
        )
    except (Exception, SystemExit) as exc:
        if mode == "1":
            raise
        note(
            f"mypyc could not translate the sources ({short(exc)}); installing "
            "the pure Python build"
        )
        return []
    note(f"translated to C in {took(start)}: {len(modules)} extension modules")
    return modules


def main() -> None:
    mode = compile_mode(os.environ)
    modules = ext_modules(mode) if wants_compiled(sys.argv[1:], mode) else []
    BuildExt.forced = mode == "1"
    setup(ext_modules=modules, cmdclass={"build_ext": BuildExt})


if __name__ == "__main__":
    main()
