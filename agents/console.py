"""The screen of `scavenger play`: where humans read from and the game is written.

`Console` wraps the terminal, a file or two functions, so tests can script a
whole game; `wrap` breaks a sentence to the screen's width.
"""

from __future__ import annotations

import builtins
import textwrap
from collections.abc import Callable
from typing import Protocol

__all__ = ["WIDTH", "Console", "wrap"]

WIDTH = 80
"""Columns of the play screen (every line printed fits)."""


def wrap(text: str, indent: int = 4) -> list[str]:
    """`text` broken into lines of at most WIDTH columns, later ones indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=" " * indent)


class SupportsReadline(Protocol):
    def readline(self) -> str: ...


class SupportsWrite(Protocol):
    def write(self, text: str, /) -> object: ...


class Console:
    """Where humans read from and everything is written to.

    ``input`` is a file-like object with ``readline`` (``io.StringIO("1\\n2\\n")``,
    ``sys.stdin``) or a function ``prompt -> line`` like ``input``; ``output`` is
    a file-like object with ``write`` or a function ``text -> None`` like
    ``print``. Both default to the terminal. From a file-like input each prompt
    is written to the output with the line read, like a transcript; the input's
    end ends the game (as ``quit`` does).
    """

    def __init__(
        self,
        input: Callable[[str], str] | SupportsReadline | None = None,
        output: Callable[[str], object] | SupportsWrite | None = None,
    ) -> None:
        self.output: Callable[[str], None] = self._writer(output)
        self.input: Callable[[str], str] = self._reader(input)

    def _writer(
        self, output: Callable[[str], object] | SupportsWrite | None
    ) -> Callable[[str], None]:
        if output is None:
            return lambda text: builtins.print(text)  # looked up per call
        if hasattr(output, "write"):
            stream = output

            def write(text: str) -> None:
                stream.write(f"{text}\n")

            return write
        if callable(output):
            call = output

            def send(text: str) -> None:
                call(text)

            return send
        raise TypeError(
            f"Console output must have a write method or be callable, "
            f"not {type(output).__name__}"
        )

    def _reader(
        self, source: Callable[[str], str] | SupportsReadline | None
    ) -> Callable[[str], str]:
        if source is None:
            return lambda prompt: builtins.input(prompt)  # a patched input is used
        if hasattr(source, "readline"):
            stream = source

            def read(prompt: str) -> str:
                line = stream.readline()
                if not line:
                    raise EOFError
                line = line.rstrip("\r\n")
                self.output(prompt + line)
                return str(line)

            return read
        if callable(source):
            return source
        raise TypeError(
            f"Console input must have a readline method or be callable, "
            f"not {type(source).__name__}"
        )
