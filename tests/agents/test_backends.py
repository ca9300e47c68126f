"""The local process pool: results in chunk order, workers that exit quietly when
the parent is killed (no BrokenPipeError traceback in the run's log), and a close
that returns at once and leaves no worker, however the run was cut short."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from agents.backends import BackendError, open_backend, quiet_worker


def _square(x: int) -> int:
    return x * x


def test_the_pool_yields_in_chunk_order() -> None:
    with open_backend("local", jobs=2) as backend:
        assert list(backend.map(_square, range(20))) == [x * x for x in range(20)]


def test_quiet_worker_swallows_only_a_dead_parents_pipes() -> None:
    def broken() -> None:
        raise BrokenPipeError(32, "Broken pipe")

    def eof() -> None:
        raise EOFError

    def bug() -> None:
        raise ZeroDivisionError

    quiet_worker(broken)
    quiet_worker(eof)
    with pytest.raises(ZeroDivisionError):
        quiet_worker(bug)


PARENT = textwrap.dedent(
    """
    import sys, time
    from agents.backends import open_backend

    def slow(x):
        time.sleep(0.3)
        return x

    backend = open_backend("local", jobs=2)
    pids = backend.pids
    for i, _ in enumerate(backend.map(slow, range(1000))):
        if i == 2:
            print(*pids, flush=True)
    """
)


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"  # an unreaped zombie has exited


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_of_a_killed_parent_exit_without_a_traceback(tmp_path: Path) -> None:
    log = tmp_path / "log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with log.open("w") as err:
        parent = subprocess.Popen(
            [sys.executable, "-c", PARENT],
            stdout=subprocess.PIPE,
            stderr=err,
            env=env,
            text=True,
        )
        assert parent.stdout is not None
        pids = [int(p) for p in parent.stdout.readline().split()]
        assert len(pids) == 2
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 20
    while any(_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in pids)
    assert log.read_text() == ""


STUCK_PARENT = textwrap.dedent(
    """
    import time
    from agents.backends import open_backend

    def long_chunk(x):
        if x >= 2:
            time.sleep(600)
        return x

    backend = open_backend("local", jobs=2)
    pids = backend.pids
    for i, _ in enumerate(backend.map(long_chunk, range(4))):
        if i == 1:  # both workers are now in a chunk of ten minutes
            print(*pids, flush=True)
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_of_a_killed_parent_exit_in_the_middle_of_a_chunk(
    tmp_path: Path,
) -> None:
    """A worker hears of its parent's death from its pipe only when it next uses
    it; one playing a long chunk must not go on playing it for nobody (an orphan
    of a ``kill -9`` tournament kept running for minutes)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    parent = subprocess.Popen(
        [sys.executable, "-c", STUCK_PARENT],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    )
    assert parent.stdout is not None
    pids = [int(p) for p in parent.stdout.readline().split()]
    parent.stdout.close()
    assert len(pids) == 2
    time.sleep(0.2)  # both are asleep in their chunk
    assert all(map(_running, pids))
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 5
    while any(map(_running, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    orphans = [pid for pid in pids if _running(pid)]
    for pid in orphans:  # leave no sleeper behind when this fails
        os.kill(pid, signal.SIGKILL)
    assert not orphans


# ------------------------------------------------------------------ stopping


def _slow_square(x: int) -> int:
    time.sleep(0.02)
    return x * x


def _fails_at_three(x: int) -> int:
    if x == 3:
        raise ZeroDivisionError(f"chunk {x}")
    return x


def _big(x: int) -> bytes:
    return bytes(1 << 20)  # larger than a pipe's buffer: written in many parts


def _no_worker_left(pids: list[int]) -> bool:
    return not multiprocessing.active_children() and not any(map(_running, pids))


def test_an_interrupted_map_closes_at_once_and_leaves_no_worker() -> None:
    """The hang this guards against: a pool's terminate() waiting forever on a
    queue lock that a worker killed mid-write still held. Workers here share no
    lock; big results keep them writing when they are stopped."""
    for attempt in range(8):
        backend = open_backend("local", jobs=2)
        pids = backend.pids
        work = _big if attempt % 2 else _slow_square
        with pytest.raises(KeyboardInterrupt), backend:
            for i, _ in enumerate(backend.map(work, range(200))):
                if i == 1 + attempt:
                    started = time.monotonic()
                    raise KeyboardInterrupt
        assert time.monotonic() - started < 5
        assert _no_worker_left(pids)


def test_an_interrupted_tournament_stops_at_once_every_time(tmp_path: Path) -> None:
    """As Ctrl-C does: KeyboardInterrupt from the progress callback, several runs
    in a row into one folder; each stops within seconds and leaves no worker."""
    from agents.tournament import make_plan, run_tournament

    plan = make_plan("random,random", games=60, seed=2)
    for stop_at in (3, 9, 10, 17, 30):
        stopped: list[float] = []

        def stop(index: int, stop_at: int = stop_at, stopped: list = stopped) -> None:
            if index == stop_at:
                stopped.append(time.monotonic())
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            run_tournament(plan, tmp_path, jobs=2, on_game=stop, outputs=False)
        assert time.monotonic() - stopped[0] < 5
        assert not multiprocessing.active_children()
    result = run_tournament(plan, tmp_path, jobs=2, outputs=False)
    assert result.complete and result.resumed + result.played == plan.games


def test_a_workers_error_reaches_the_caller_with_its_traceback() -> None:
    with open_backend("local", jobs=2) as backend:
        got = []
        with pytest.raises(ZeroDivisionError, match="chunk 3") as info:
            for value in backend.map(_fails_at_three, range(8)):
                got.append(value)
        assert got == [0, 1, 2]  # in chunk order, up to the failed one
        assert "_fails_at_three" in str(info.value.__cause__)
        # the pool still works after a map cut short
        assert list(backend.map(_square, range(6))) == [x * x for x in range(6)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_worker_is_an_error_not_a_hang() -> None:
    with open_backend("local", jobs=2) as backend:
        pids = backend.pids
        with pytest.raises(BackendError, match=r"died with exit code -9"):
            for i, _ in enumerate(backend.map(_slow_square, range(400))):
                if i == 5:
                    os.kill(pids[0], signal.SIGKILL)
    assert _no_worker_left(pids)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_close_returns_though_workers_died_holding_what_they_held() -> None:
    """An idle worker waits for work holding whatever a pool shares; killed there,
    it never lets go. close() must return anyway (checked from a thread, so that
    a hang fails the test instead of stopping the suite)."""
    backend = open_backend("local", jobs=2)
    assert list(backend.map(_square, range(4))) == [0, 1, 4, 9]
    pids = backend.pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    closer = threading.Thread(target=backend.close, daemon=True)
    closer.start()
    closer.join(10)
    assert not closer.is_alive(), "close() hung"
    assert _no_worker_left(pids)
