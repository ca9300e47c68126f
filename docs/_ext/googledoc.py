"""Google-style docstrings, read by napoleon, with attribute docs read as prose.

napoleon reads the first line of an attribute's or a module constant's doc as
``type: text`` when it holds a colon, so "The largest seed: a record's seed ..."
would render with the type "The largest seed". Here types come from annotations
and such docs are sentences, so they are parsed like any other docstring (their
sections still work); everything else goes through napoleon unchanged.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.ext.napoleon import Config, GoogleDocstring

_CONFIG = Config(napoleon_google_docstring=True, napoleon_numpy_docstring=False)
_PROSE = {"attribute", "data", "property"}


def _parse(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Rewrite `lines` (one docstring) from Google style to reStructuredText."""
    kind = "object" if what in _PROSE else what
    lines[:] = GoogleDocstring(lines, _CONFIG, app, kind, name, obj, options).lines()


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the docstring filter (a Sphinx extension's entry point)."""
    app.setup_extension("sphinx.ext.autodoc")
    app.connect("autodoc-process-docstring", _parse)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
