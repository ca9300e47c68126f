"""A bot's process: started from a command line, spoken to in JSON lines.

Its output is read by a thread of its own, line by line (at most `MAX_LINE`
characters a line), into a queue, so that waiting for an answer can time out;
its error output is drained by another and the last lines kept, to say why a bot
died. The process is killed when it is closed, when it floods, or when the
`BotProcess` is garbage collected.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import Any, Final

from .protocol import FORMS, MAX_LINE, BotProtocolError, Hello

__all__ = ["BotCrashed", "BotProcess", "BotTimeout"]

_EOF: Final = object()


class BotTimeout(TimeoutError):
    """A bot did not answer in time."""


class BotCrashed(BotProtocolError):
    """A bot's process ended (or could not start), or flooded its output."""


class BotProcess:
    """One running bot program."""

    def __init__(self, command: str | Sequence[str], cwd: str | None = None) -> None:
        args = shlex.split(command) if isinstance(command, str) else list(command)
        if not args:
            raise BotCrashed("no command to start")
        self.command = " ".join(args)
        self.games = 0  # games finished (a program may play a batch of them)
        self.hello = Hello("", FORMS)  # what it said in its hello
        try:
            self._proc = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                start_new_session=True,  # its own group: Ctrl+C reaches only us
            )
        except OSError as err:
            raise BotCrashed(
                f"cannot start {self.command!r}: {err.strerror or err}"
            ) from None
        self._lines: queue.Queue[object] = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=20)
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_out(self) -> None:
        stream = self._proc.stdout
        assert stream is not None
        try:
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    self._lines.put(
                        BotCrashed(f"wrote a line longer than {MAX_LINE} characters")
                    )
                    break
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(_EOF)

    def _read_err(self) -> None:
        stream = self._proc.stderr
        assert stream is not None
        try:
            for line in stream:
                self.stderr_tail.append(line.rstrip("\n")[:500])
        except (OSError, ValueError):
            pass

    @property
    def alive(self) -> bool:
        return self._proc.poll() is None

    def send(self, message: dict[str, Any]) -> None:
        """Write one message (a line); `BotCrashed` if the bot is gone."""
        stream = self._proc.stdin
        assert stream is not None
        try:
            stream.write(json.dumps(message, separators=(",", ":")) + "\n")
            stream.flush()
        except (OSError, ValueError):
            raise BotCrashed(self._gone()) from None

    def receive(self, timeout: float) -> str:
        """The next line the bot writes, within `timeout` seconds; `BotTimeout`
        or `BotCrashed` otherwise."""
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            try:
                item = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise BotTimeout(f"did not answer within {timeout:.3g} s") from None
            if item is _EOF:
                raise BotCrashed(self._gone())
            if isinstance(item, BotCrashed):
                self.kill()
                raise item
            assert isinstance(item, str)
            if item.strip():
                return item

    def _gone(self) -> str:
        try:
            code = self._proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        said = (
            f" (its last error output: {self.stderr_tail[-1]!r})"
            if self.stderr_tail
            else ""
        )
        how = f"exited with status {code}" if code is not None else "closed its output"
        return f"{how}{said}"

    def close(self, grace: float = 1.0) -> None:
        """Close its input (a polite end), wait `grace` seconds, then kill it."""
        if self._proc.poll() is None:
            try:
                assert self._proc.stdin is not None
                self._proc.stdin.close()
            except OSError:
                pass
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._proc.wait(timeout=grace)
        self.kill()

    def kill(self) -> None:
        if self._proc.poll() is None:
            try:
                os.killpg(self._proc.pid, 9)  # the bot and anything it started
            except (OSError, AttributeError):
                self._proc.kill()
            self._proc.wait()
        for stream in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.kill()
