"""Where a tournament's games are played: in this process, local processes, or Ray.

A backend maps a function over a list of chunks (each a list of games) and yields
the results **in the order of the chunks**, whatever order they finish in, so the
caller writes the same file whatever the backend and the number of workers.

- ``local`` with ``jobs == 1``: in this process, one chunk after the other.
- ``local`` with ``jobs > 1``: a ``multiprocessing`` pool of ``jobs`` processes
  (forked on Linux, so workers start in milliseconds; spawned elsewhere).
- ``ray``: Ray tasks, on a local Ray started for the run (``jobs`` CPUs) or on the
  cluster at ``address``. Ray is optional: ``pip install "scavenger-env[distributed]"``.
  The cluster's workers must have this package installed.
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import multiprocessing.pool
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["BACKENDS", "Backend", "BackendError", "open_backend"]

BACKENDS = ("local", "ray")
"""The backends :func:`open_backend` knows."""

T = TypeVar("T")
R = TypeVar("R")

RAY_MISSING = (
    "--backend ray needs Ray, which is not installed; "
    'install it with: pip install "scavenger-env[distributed]"  (or: pip install ray)'
)


class BackendError(RuntimeError):
    """A backend cannot be used: Ray is missing, or its cluster cannot be reached."""


class Backend:
    """Runs ``fn`` over chunks, yielding results in chunk order. Use as a context."""

    workers = 1
    """How many chunks can run at once (used to size the chunks)."""

    def map(self, fn: Callable[[T], R], chunks: Sequence[T]) -> Iterator[R]:
        for chunk in chunks:
            yield fn(chunk)

    def close(self) -> None:
        """Stop the workers (a run cut short leaves none behind)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcess(Backend):
    """``--jobs 1``: everything in this process."""


def _ignore_sigint() -> None:
    # Ctrl-C goes to the whole process group: let the parent alone handle it, so
    # the workers are terminated quietly instead of each printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


PARENT_GONE = (BrokenPipeError, ConnectionResetError, EOFError)
"""What a worker's pipes raise once the parent has died (``kill -9``, say)."""


def quiet_worker(target: Callable[..., object], *args: object) -> None:
    """Run a pool worker's loop; when the parent is gone, stop without a word.

    A killed parent leaves its workers writing results into a pipe nobody reads;
    the BrokenPipeError would otherwise print a traceback per worker into the log
    of a run that is already over. The games they played are lost either way:
    a rerun plays them again.
    """
    with contextlib.suppress(*PARENT_GONE):
        target(*args)


class _QuietPool(multiprocessing.pool.Pool):
    """A Pool whose workers exit quietly when the parent dies (`quiet_worker`)."""

    @staticmethod
    def Process(ctx: Any, *args: Any, **kwds: Any) -> Any:
        target, worker_args = kwds.pop("target"), kwds.pop("args", ())
        return ctx.Process(
            *args, target=quiet_worker, args=(target, *worker_args), **kwds
        )


class LocalProcesses(Backend):
    """A pool of ``jobs`` local processes (``multiprocessing``)."""

    def __init__(self, jobs: int) -> None:
        method = "fork" if sys.platform.startswith("linux") else "spawn"
        context = multiprocessing.get_context(method)
        self.workers = jobs
        self._pool = _QuietPool(jobs, initializer=_ignore_sigint, context=context)

    def map(self, fn: Callable[[T], R], chunks: Sequence[T]) -> Iterator[R]:
        # imap keeps the order of the chunks; the workers run ahead of the writer.
        yield from self._pool.imap(fn, chunks)

    def close(self) -> None:
        self._pool.terminate()
        self._pool.join()


def _apply(fn: Callable[[Any], Any], chunk: Any) -> Any:
    return fn(chunk)


class RayTasks(Backend):
    """Ray tasks on a local Ray (``jobs`` CPUs) or on the cluster at ``address``."""

    def __init__(self, jobs: int, address: str | None) -> None:
        try:
            import ray
        except ImportError:
            raise BackendError(RAY_MISSING) from None
        self._ray = ray
        self._owner = False
        if not ray.is_initialized():
            import logging

            try:
                if address:
                    ray.init(address=address, logging_level=logging.WARNING)
                else:
                    ray.init(
                        num_cpus=jobs,
                        include_dashboard=False,
                        logging_level=logging.WARNING,
                    )
            except Exception as exc:  # Ray raises several kinds; all mean "no Ray"
                where = f"the Ray cluster at {address}" if address else "a local Ray"
                raise BackendError(f"cannot start {where}: {exc}") from None
            self._owner = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        self._remote = ray.remote(_apply)

    def map(self, fn: Callable[[T], R], chunks: Sequence[T]) -> Iterator[R]:
        ray = self._ray
        fn_ref = ray.put(fn)
        pending: collections.deque[Any] = collections.deque()
        window = 2 * self.workers  # enough in flight to keep every CPU busy
        chunk_iter = iter(chunks)
        for chunk in chunk_iter:
            pending.append(self._remote.remote(fn_ref, chunk))
            if len(pending) >= window:
                break
        while pending:
            result = ray.get(pending.popleft())
            for chunk in chunk_iter:
                pending.append(self._remote.remote(fn_ref, chunk))
                break
            yield result

    def close(self) -> None:
        if self._owner:
            self._ray.shutdown()
            self._owner = False


def open_backend(
    name: str = "local", jobs: int = 1, address: str | None = None
) -> Backend:
    """Start the backend ``name`` ("local" or "ray") with ``jobs`` workers.

    Raises:
        BackendError: an unknown name, Ray not installed, or Ray not reachable.
    """
    if name == "local":
        if address:
            raise BackendError("--address is for --backend ray")
        return InProcess() if jobs <= 1 else LocalProcesses(jobs)
    if name == "ray":
        return RayTasks(jobs, address)
    raise BackendError(f"unknown backend {name!r}; choose from: {', '.join(BACKENDS)}")
