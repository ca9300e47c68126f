"""Pictures of positions: SVG drawn from a state, and the same picture as pixels.

Every game draws a position as SVG (`GameText.picture`), for the whole truth or
for one seat: the drawing code starts from what that seat may know, so a seat's
picture shows nothing more than its observation. SVG is plain text, so drawing
needs nothing beyond the standard library; turning it into pixels
(`Picture.to_rgb`, `render_mode="rgb_array"`) needs the `[render]` extra
(resvg, a self-contained SVG renderer, and Pillow to read its PNG).

`Svg` is the small builder the games draw with: shapes and text with escaped
content, `data-*` attributes (the browser viewer and web play find clickable
things by them) and a `<title>` on any shape (a tooltip in a browser).
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Final
from xml.sax.saxutils import escape

import numpy as np

__all__ = [
    "FONT",
    "MONO",
    "SEAT_COLOURS",
    "Picture",
    "RenderExtraMissing",
    "Svg",
    "rasterize",
    "text_picture",
]

FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The pictures' font: DejaVu where it is installed (most Linux systems), so text
measures the same in the browser and in `rasterize`."""
MONO: Final = "DejaVu Sans Mono, Menlo, Consolas, monospace"
SEAT_COLOURS: Final = ("#d1495b", "#00798c", "#edae49", "#66a182")
"""Seat 0..3's colour in every game's picture (red, teal, amber, green: apart for
the common colour-vision deficiencies by lightness as well as hue)."""
NEUTRAL_COLOUR: Final = "#8d8d8d"
_CHAR_WIDTH: Final = 0.6
"""A monospace character's width as a share of the font size (DejaVu Sans Mono)."""


class RenderExtraMissing(ImportError):
    """Pixels of a picture were asked for without the `[render]` extra."""


_QUOTED: Final = {'"': "&quot;", "\n": "&#10;", "\t": "&#9;"}


@lru_cache(maxsize=16384)
def _escaped_text(content: str) -> str:
    return escape(content)


def _attrs(attrs: Mapping[str, Any]) -> str:
    """`key="value"` pairs; a `_` in a key becomes `-` (`data_action`,
    `font_size`); None values are left out; floats keep 2 decimals."""
    return "".join([_pair(k, v) for k, v in attrs.items() if v is not None])


@lru_cache(maxsize=1 << 16, typed=True)
def _pair(key: str, value: object) -> str:
    """One ` key="value"` (pictures repeat most pairs: colours, sizes, places)."""
    if type(value) is float:
        shown = f"{value:.2f}".rstrip("0").rstrip(".")
    elif type(value) is int:
        shown = str(value)
    else:
        shown = escape(str(value), _QUOTED)
    return f' {key.rstrip("_").replace("_", "-")}="{shown}"'


class Svg:
    """An SVG document built shape by shape (coordinates in pixels, y down)."""

    def __init__(self, width: float, height: float, *, title: str = "") -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = []
        if title:
            self._parts.append(f"<title>{escape(title)}</title>")

    def _shape(self, tag: str, tip: str | None, attrs: Mapping[str, Any]) -> None:
        if tip:
            self._parts.append(
                f"<{tag}{_attrs(attrs)}><title>{escape(tip)}</title></{tag}>"
            )
        else:
            self._parts.append(f"<{tag}{_attrs(attrs)}/>")

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        tip: str | None = None,
        **attrs: Any,
    ) -> None:
        """A rectangle; `tip` is its tooltip, `attrs` SVG attributes."""
        self._shape("rect", tip, {"x": x, "y": y, "width": w, "height": h, **attrs})

    def circle(
        self, cx: float, cy: float, r: float, *, tip: str | None = None, **attrs: Any
    ) -> None:
        self._shape("circle", tip, {"cx": cx, "cy": cy, "r": r, **attrs})

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self._shape("line", None, {"x1": x1, "y1": y1, "x2": x2, "y2": y2, **attrs})

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        *,
        tip: str | None = None,
        **attrs: Any,
    ) -> None:
        shown = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        self._shape("polygon", tip, {"points": shown, **attrs})

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 12,
        mono: bool = False,
        **attrs: Any,
    ) -> None:
        """One line of text with its baseline at `y` (escaped: any string is
        safe)."""
        base: dict[str, Any] = {"x": x, "y": y, "font_size": size}
        if mono:  # the document's font is FONT (set once, on the root)
            base["font_family"] = MONO
        base["fill"] = "#222"
        base.update(attrs)
        self._parts.append(f"<text{_attrs(base)}>{_escaped_text(content)}</text>")

    def text_block(
        self,
        x: float,
        y: float,
        lines: Sequence[str],
        *,
        size: float = 12,
        mono: bool = False,
        leading: float = 1.3,
        **attrs: Any,
    ) -> float:
        """Lines of text from top `y` down; returns the y below the last."""
        step = size * leading
        for i, content in enumerate(lines):
            self.text(x, y + size + i * step, content, size=size, mono=mono, **attrs)
        return y + len(lines) * step + (size * (leading - 1))

    @contextmanager
    def group(self, **attrs: Any) -> Iterator[None]:
        """Shapes drawn inside are one `<g>` (a transform, a `data-*` tag)."""
        self._parts.append(f"<g{_attrs(attrs)}>")
        try:
            yield
        finally:
            self._parts.append("</g>")

    def mark(self) -> int:
        """The place in the document reached so far (see `behind`)."""
        return len(self._parts)

    @contextmanager
    def behind(self, mark: int) -> Iterator[None]:
        """Shapes drawn inside go at `mark`, under everything drawn since: a
        panel's background, sized once its content is laid out."""
        start = len(self._parts)
        try:
            yield
        finally:
            added = self._parts[start:]
            del self._parts[start:]
            self._parts[mark:mark] = added

    def picture(self) -> Picture:
        """The finished document."""
        w, h = round(self.width), round(self.height)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="{FONT}">'
        )
        background = f'<rect width="{w}" height="{h}" fill="#fbfaf7"/>'
        return Picture(head + background + "".join(self._parts) + "</svg>", w, h)


class Picture:
    """A drawn position: SVG text, shown inline by Jupyter, saved as `.svg` or
    `.png`, or turned into an `H x W x 3` uint8 array."""

    __slots__ = ("height", "svg", "width")

    def __init__(self, svg: str, width: int, height: int) -> None:
        self.svg = svg
        self.width = width
        self.height = height

    def __repr__(self) -> str:
        return f"<Picture {self.width}x{self.height} SVG, {len(self.svg)} characters>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Picture) and other.svg == self.svg

    def __hash__(self) -> int:
        return hash(self.svg)

    def _repr_svg_(self) -> str:
        return self.svg

    def to_png(self, zoom: float = 1.0) -> bytes:
        """PNG bytes of the picture (`zoom` 2 for a sharper one); needs the
        `[render]` extra."""
        return rasterize(self.svg, zoom)

    def to_rgb(self, zoom: float = 1.0) -> np.ndarray:
        """The picture as an `H x W x 3` uint8 array (what `rgb_array` returns);
        needs the `[render]` extra."""
        image = _pillow().open(io.BytesIO(self.to_png(zoom))).convert("RGB")
        pixels: np.ndarray = np.asarray(image, dtype=np.uint8).copy()
        return pixels

    def save(self, path: str | Path) -> Path:
        """Write the picture to `path`: SVG text for `.svg`, an image for `.png`."""
        out = Path(path)
        suffix = out.suffix.lower()
        if suffix == ".svg":
            out.write_text(self.svg, encoding="utf-8")
        elif suffix == ".png":
            out.write_bytes(self.to_png())
        else:
            raise ValueError(
                f"cannot save a picture as {out.name!r}: name a .svg or a .png file"
            )
        return out


def _missing(what: str) -> RenderExtraMissing:
    return RenderExtraMissing(
        f"turning a picture into pixels needs the [render] extra ({what} is not "
        "installed): pip install 'scavenger-env[render]' (or pip install -e "
        "'.[render]' in a checkout); the SVG itself (Picture.svg) needs nothing"
    )


def _pillow() -> Any:
    try:
        from PIL import Image
    except ImportError as err:
        raise _missing("Pillow") from err
    return Image


def rasterize(svg: str, zoom: float = 1.0) -> bytes:
    """PNG bytes of an SVG document, drawn by resvg with the system's fonts."""
    try:
        import resvg_py
    except ImportError as err:
        raise _missing("resvg-py") from err
    data = resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom, background="#fbfaf7")
    return bytes(data)


def text_picture(text: str, *, title: str = "", size: float = 12) -> Picture:
    """A text render as a picture (monospace, line for line): the picture of a
    game that draws nothing of its own."""
    lines = text.splitlines() or [""]
    width = max(len(line) for line in lines) * size * _CHAR_WIDTH + 24
    height = len(lines) * size * 1.3 + 24
    svg = Svg(max(width, 200), height, title=title)
    kept = [line.replace(" ", "\u00a0") for line in lines]  # spaces that stay
    svg.text_block(12, 8, kept, size=size, mono=True)
    return svg.picture()
