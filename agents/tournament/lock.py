"""The folder lock: one run at a time writes a tournament's folder.

``DIR/.lock`` is locked with ``flock`` (``msvcrt.locking`` on Windows) and holds
the owner's PID; the system drops the lock when its process ends, so a run that
was killed never blocks the next one.

A ``flock`` belongs to the open file, not to the process: every copy of the file
descriptor keeps it. A process forked while the lock is held (the ``--jobs``
workers) would hold a copy and, orphaned by a ``kill -9`` of the run, keep the
folder locked for as long as it lives. So every child forked from this process
closes its copies at once (``os.register_at_fork``); closing a copy never
releases the parent's lock (``LOCK_UN`` would, so it is not used there).

The run removes ``DIR/.lock`` as it lets go, so a finished folder holds only
its results. It unlinks the file while still holding the lock; a run that
opened the old file just before, and locks it after, finds the path gone or
another file there, and opens the path again (``_same_file``), so two runs
never hold two different files of one folder.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from .errors import TournamentError

__all__ = ["LOCK_FILE", "FolderLock"]

LOCK_FILE = ".lock"
"""The file in the output folder that a running tournament holds locked."""

_WINDOWS_LOCK_OFFSET = 4096
"""Windows locks bytes: one past the PID text, so that others can still read it."""

_HELD: set[int] = set()
"""The file descriptors of the locks this process holds."""


def _close_held_in_child() -> None:
    """In a forked child: close the inherited copies of the parent's locks."""
    for fd in _HELD:
        with contextlib.suppress(OSError):  # already closed
            os.close(fd)
    _HELD.clear()


if hasattr(os, "register_at_fork"):  # POSIX; Windows spawns and inherits no fd
    os.register_at_fork(after_in_child=_close_held_in_child)


class FolderLock:
    """An exclusive lock on a tournament folder, held while a run uses it.

    ``DIR/.lock`` is locked with ``flock`` (``msvcrt.locking`` on Windows) and
    holds the owner's PID. The system drops the lock when its process ends, so a
    run that was killed never blocks the next one.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.fd: int | None = None
        self._owner = 0

    def __enter__(self) -> FolderLock:
        while True:
            fd = self._open_locked()
            if _same_file(fd, self.directory / LOCK_FILE):
                break
            os.close(fd)  # a run that was letting go removed it: open it anew
        _HELD.add(fd)
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
        self.fd = fd
        self._owner = os.getpid()
        return self

    def _open_locked(self) -> int:
        """``DIR/.lock`` opened (made if missing) and locked; TournamentError
        when another run holds it or it cannot be locked."""
        fd = os.open(self.directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except BlockingIOError:
            holder = _read_pid(fd)
            os.close(fd)
            raise TournamentError(
                f"{self.directory} is in use by another tournament (pid {holder}); "
                "wait for it to finish or choose another --output folder"
            ) from None
        except OSError as exc:
            os.close(fd)
            raise TournamentError(
                f"cannot lock {self.directory / LOCK_FILE} "
                f"({exc.strerror or exc}); choose an --output folder on a local disk"
            ) from None
        return fd

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None and self._owner != os.getpid():
            self.fd = None  # a forked child: its copy was closed at the fork
        if self.fd is not None:
            path = self.directory / LOCK_FILE
            if sys.platform != "win32":  # unlinked while held: see the module
                with contextlib.suppress(OSError):
                    os.unlink(path)
            _HELD.discard(self.fd)
            os.close(self.fd)  # releases the lock
            self.fd = None
            if sys.platform == "win32":  # an open file cannot be removed there
                with contextlib.suppress(OSError):
                    os.unlink(path)


def _same_file(fd: int, path: Path) -> bool:
    """Whether `path` still names the file open as `fd` (not removed, not
    replaced by another run's)."""
    if sys.platform == "win32":  # no file is removed while it is open there
        return True
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino)


def _lock(fd: int) -> None:
    """Lock ``fd`` at once or raise BlockingIOError (no lock where neither works)."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:  # another process holds it
            raise BlockingIOError from None
        return
    try:
        import fcntl
    except ImportError:  # pragma: no cover - neither POSIX nor Windows: no lock
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _read_pid(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32)
    except OSError:
        text = b""
    pid = text.decode("ascii", "replace").strip()
    return pid if pid.isdigit() else "unknown"
