"""The local process pool: results in chunk order, and workers that exit quietly
when the parent is killed (no BrokenPipeError traceback in the run's log)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from agents.backends import open_backend, quiet_worker


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
    pids = [p.pid for p in backend._pool._pool]
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
