"""Leave out of the root page's toctrees the glob entries that match no page yet.

The contents page lists its sections by glob (``guides/*``, ``games/*``), so a
page joins the site by being written. Sphinx warns about a glob that matches
nothing, and that warning cannot be suppressed by type, so a section whose pages
are not written yet would fail the warnings-as-errors build; this drops such an
entry from the source before it is parsed. Entries that name one page are kept,
so a link to a missing page still fails the build.
"""

from __future__ import annotations

import re
from typing import Any

from sphinx.application import Sphinx
from sphinx.util.matching import patfilter

# A toctree line that is a bare glob pattern (no title, no URL).
_GLOB_ENTRY = re.compile(r"^[\w./-]*[*?\[][\w./*?\[\]-]*$")


def _drop_empty_globs(app: Sphinx, docname: str, source: list[str]) -> None:
    """Remove glob entries of the root document that match no found document."""
    if docname != app.config.root_doc:
        return
    found = sorted(app.env.found_docs)
    kept = []
    for line in source[0].splitlines(keepends=True):
        entry = line.strip()
        if _GLOB_ENTRY.match(entry) and not patfilter(found, entry):
            continue
        kept.append(line)
    source[0] = "".join(kept)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the source filter (a Sphinx extension's entry point)."""
    app.connect("source-read", _drop_empty_globs)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
