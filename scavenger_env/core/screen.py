"""Where `render_mode="human"` shows a picture: inline in a notebook, else a window.

In a Jupyter kernel the picture appears under the cell and each step replaces it
(one display, updated), so a played game reads as an animation rather than a
column of pictures. Anywhere else a pygame window opens, sized to the picture,
and shows each new one; it needs the `[render]` extra (pygame-ce, resvg, Pillow).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any

from scavenger_env.core.picture import Picture, RenderExtraMissing

__all__ = ["NoScreenError", "Screen", "in_notebook", "screen_missing"]


def in_notebook() -> bool:
    """Whether this process is a Jupyter kernel (where `display` draws inline)."""
    shell = sys.modules.get("IPython")
    if shell is None or "ipykernel" not in sys.modules:
        return False
    get = getattr(shell, "get_ipython", None)
    return get is not None and get() is not None


def screen_missing() -> str:
    """What a window needs and this install lacks ('' if nothing): asked when an
    env is made, so a missing extra is said before the first step."""
    if in_notebook():
        return ""
    wanted = {"pygame": "pygame-ce", "resvg_py": "resvg-py", "PIL": "Pillow"}
    missing = [
        package
        for module, package in wanted.items()
        if importlib.util.find_spec(module) is None
    ]
    if not missing:
        return ""
    return (
        f"render_mode='human' opens a window, which needs the [render] extra "
        f"({', '.join(missing)} missing): pip install 'scavenger-env[render]'; "
        "or use render_mode='ansi' (text) or 'rgb_array' (an array)"
    )


class NoScreenError(RuntimeError):
    """`render_mode="human"` outside a notebook, on a machine with no screen."""


class Screen:
    """Shows pictures one after another; `last` is the one on show."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.last: Picture | None = None
        self._handle: Any = None
        self._window: Any = None
        self._pygame: Any = None

    def show(self, picture: Picture) -> None:
        self.last = picture
        if in_notebook():
            self._show_inline(picture)
        else:
            self._show_window(picture)

    def _show_inline(self, picture: Picture) -> None:
        ipython: Any = importlib.import_module("IPython.display")
        shown = ipython.SVG(data=picture.svg)
        if self._handle is None:
            self._handle = ipython.display(shown, display_id=True)
        else:
            self._handle.update(shown)

    def _show_window(self, picture: Picture) -> None:
        try:
            import pygame
        except ImportError as err:
            raise RenderExtraMissing(screen_missing() or str(err)) from err
        pixels = picture.to_rgb()
        height, width = pixels.shape[:2]
        if self._window is None or self._window.get_size() != (width, height):
            if self._pygame is None:
                pygame.init()
                pygame.display.set_caption(self.title)
                self._pygame = pygame
            try:
                self._window = pygame.display.set_mode((width, height))
            except pygame.error as err:
                raise NoScreenError(
                    f"render_mode='human' cannot open a window here ({err}): on a "
                    "machine without a screen use render_mode='rgb_array' (or run "
                    "in a notebook, where the picture shows inline)"
                ) from None
        surface = pygame.surfarray.make_surface(pixels.swapaxes(0, 1))
        self._window.blit(surface, (0, 0))
        pygame.display.flip()
        pygame.event.pump()  # keeps the window responsive between steps

    def close(self) -> None:
        """Close the window (if one opened); the next `show` opens a new one."""
        if self._pygame is not None:
            self._pygame.display.quit()
            self._pygame = None
            self._window = None
        self._handle = None
