"""Where a tournament's games are played: in this process, local processes, or Ray.

A backend maps a function over a list of chunks (each a list of games) and yields
the results **in the order of the chunks**, whatever order they finish in, so the
caller writes the same file whatever the backend and the number of workers.

- ``local`` with ``jobs == 1``: in this process, one chunk after the other.
- ``local`` with ``jobs > 1``: ``jobs`` worker processes, each fed through its
  own pipe (forked on Linux, so workers start in milliseconds; spawned
  elsewhere); nothing shared between them can be left locked by a worker killed
  mid-write, so stopping them never hangs.
- ``ray``: Ray tasks, on a local Ray started for the run (``jobs`` CPUs) or on the
  cluster at ``address``. Ray is optional: ``pip install "scavenger-env[distributed]"``.
  The cluster's workers must have this package installed.
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, NamedTuple, TypeVar

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
    """Run a worker's loop; when the parent is gone, stop without a word.

    A killed parent leaves its workers writing results into a pipe nobody reads;
    the BrokenPipeError would otherwise print a traceback per worker into the log
    of a run that is already over. The games they played are lost either way:
    a rerun plays them again.
    """
    with contextlib.suppress(*PARENT_GONE):
        target(*args)


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker (its ``__cause__``)."""

    def __str__(self) -> str:
        return str(self.args[0])


PARENT_POLL = 0.25
"""Seconds between a worker's checks that its parent is still alive."""


def _exit_with_parent(parent_pid: int) -> None:
    """End this worker process as soon as its parent (``parent_pid``) is gone.

    The pipe tells a worker of its parent's death only when it next reads or
    writes it, that is after the chunk it is playing, which can take minutes of
    games that nobody will write. A daemon thread watches instead: the parent's
    sentinel (every platform) and, on POSIX, the parent's pid (an orphan is
    adopted by another process), and ends the process at once with ``os._exit``.
    """
    parent = multiprocessing.parent_process()

    def watch() -> None:
        while True:
            if parent is not None:
                parent.join(PARENT_POLL)  # returns at once when the parent ends
                gone = not parent.is_alive()
            else:  # pragma: no cover - a worker is always a multiprocessing child
                time.sleep(PARENT_POLL)
                gone = False
            if os.name == "posix" and os.getppid() != parent_pid:
                gone = True
            if gone:
                os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _serve(conn: Connection, inherited: Sequence[Connection], parent_pid: int) -> None:
    """A worker's loop: receive ``(fn, chunk)``, send back ``(True, fn(chunk))``
    or ``(False, exception, traceback)``; stop at ``None`` or as soon as the
    parent is gone, even in the middle of a chunk."""
    _ignore_sigint()
    _exit_with_parent(parent_pid)
    # A forked worker holds copies of the parent's ends of every pipe made so far;
    # closing them leaves each end in one process, so the death of the parent (or
    # of a worker) is seen at once as the end of its pipe.
    for other in inherited:
        other.close()
    while True:
        task = conn.recv()
        if task is None:
            return
        fn, chunk = task
        try:
            reply = pickle.dumps((True, fn(chunk)))
        except Exception as exc:
            reply = _error_reply(exc)
        conn.send_bytes(reply)


def _error_reply(exc: Exception) -> bytes:
    text = traceback.format_exc()
    try:
        return pickle.dumps((False, exc, text))
    except Exception:  # an exception that cannot travel: send its words
        portable = RuntimeError(f"{type(exc).__name__}: {exc}")
        return pickle.dumps((False, portable, text))


class _Worker(NamedTuple):
    process: Any  # a multiprocessing Process of the pool's context
    conn: Connection


class LocalProcesses(Backend):
    """``jobs`` local processes, each with its own pipe (``multiprocessing``).

    Nothing is shared between the workers: no queue, no lock. A worker killed at
    any moment (Ctrl-C, ``close`` during a run, the system) can therefore never
    leave a lock held that the parent or another worker then waits for, so
    ``close`` always returns within seconds and leaves no process behind. Each
    worker holds at most one chunk, sent when it is idle: neither side ever
    blocks writing to a pipe that the other is not reading.
    """

    STOP_TIMEOUT = 5.0
    """Seconds ``close`` waits for terminated workers before killing them."""

    def __init__(self, jobs: int) -> None:
        method = "fork" if sys.platform.startswith("linux") else "spawn"
        context: Any = multiprocessing.get_context(method)
        self.workers = jobs
        self._pool: list[_Worker] = []
        self._busy: dict[Connection, tuple[_Worker, int]] = {}
        try:
            for _ in range(jobs):
                here, there = context.Pipe(duplex=True)
                inherited = [w.conn for w in self._pool] + [here]
                process = context.Process(
                    target=quiet_worker,
                    args=(
                        _serve,
                        there,
                        inherited if method == "fork" else [],
                        os.getpid(),
                    ),
                    daemon=True,
                )
                process.start()
                there.close()
                self._pool.append(_Worker(process, here))
        except BaseException:
            self.close()
            raise

    @property
    def pids(self) -> list[int]:
        """The workers' process ids."""
        return [w.process.pid for w in self._pool]

    def map(self, fn: Callable[[T], R], chunks: Sequence[T]) -> Iterator[R]:
        self._drain()  # a map cut short earlier may have left chunks running
        done: dict[int, tuple[Any, ...]] = {}
        idle = list(self._pool)
        sent = given = 0
        while given < len(chunks):
            if given in done:
                reply = done.pop(given)
                given += 1
                if not reply[0]:
                    _, exc, text = reply
                    raise exc from RemoteTraceback(text)
                yield reply[1]
                continue
            while idle and sent < len(chunks):
                worker = idle.pop()
                self._send(worker, (fn, chunks[sent]))
                self._busy[worker.conn] = (worker, sent)
                sent += 1
            for conn in wait(list(self._busy)):
                assert isinstance(conn, Connection)
                worker, index = self._busy.pop(conn)
                done[index] = self._receive(worker)
                idle.append(worker)

    def _send(self, worker: _Worker, message: tuple[Any, ...]) -> None:
        try:
            worker.conn.send(message)
        except OSError:  # the pipe broke: the worker died while idle
            raise self._died(worker) from None

    def _receive(self, worker: _Worker) -> tuple[Any, ...]:
        try:
            reply: tuple[Any, ...] = worker.conn.recv()
        except (EOFError, OSError):
            raise self._died(worker) from None
        return reply

    @staticmethod
    def _died(worker: _Worker) -> BackendError:
        worker.process.join(1)
        return BackendError(
            f"a worker process (pid {worker.process.pid}) died with exit code "
            f"{worker.process.exitcode} (out of memory, or killed?); its games "
            "are not written: run the same command again to resume"
        )

    def _drain(self) -> None:
        while self._busy:
            _, (worker, _) = self._busy.popitem()
            self._receive(worker)

    def close(self) -> None:
        pool, self._pool = self._pool, []
        self._busy.clear()
        for worker in pool:
            if worker.process.is_alive():
                worker.process.terminate()
        deadline = time.monotonic() + self.STOP_TIMEOUT
        for worker in pool:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()  # ignored SIGTERM: no choice left
                worker.process.join(self.STOP_TIMEOUT)
            worker.conn.close()


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
