"""Sphinx configuration of the scavenger_env documentation.

Build (from the repository root; warnings are errors so that a broken link or a
docstring that renders wrongly fails the build):

    python -m sphinx -W --keep-going -b html docs docs/_build/html

Nothing is fetched over the network, and notebooks are shown with the outputs
they were saved with (never executed here).
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# autodoc reads the source tree (pure Python), never a compiled install.
sys.path.insert(0, str(ROOT))
# Every module in _ext/ is a local extension and is loaded without editing this file.
EXT = DOCS / "_ext"
sys.path.insert(0, str(EXT))
LOCAL_EXTENSIONS = sorted(
    p.stem for p in EXT.glob("*.py") if not p.stem.startswith("_")
)

project = "scavenger_env"
author = "scavenger_env contributors"
copyright = "scavenger_env contributors"

extensions = [
    "myst_nb",  # MyST Markdown (myst_parser) and notebooks
    "sphinx.ext.autodoc",  # Google-style docstrings: napoleon, via _ext/googledoc.py
    "sphinx.ext.viewcode",
    "sphinxarg.ext",
    *LOCAL_EXTENSIONS,
]

# results/runs: the games the results scripts play (their default folder, not pages)
exclude_patterns = [
    "_build",
    "**/.ipynb_checkpoints",
    "results/scripts",
    "results/runs",
]

# _static: the browser tests' screenshots (screens/) and the results pages' replay
# viewers (watch/), copied as they are
html_static_path = ["_static"]

# MyST: ::: fences, definition lists, and anchors for headings down to ### so that
# links such as [options](#options) resolve.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Notebooks are committed with their outputs; the docs build never runs them.
nb_execution_mode = "off"

# autodoc: members in source order, type hints in the text.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# Training's network and PPO need torch and Stable-Baselines3; the docs do not.
autodoc_mock_imports = ["torch", "stable_baselines3", "sb3_contrib"]

# Typographic quotes and ellipses, but no dashes: "--resume" must stay an option.
smartquotes_action = "qe"

html_theme = "furo"
html_title = "scavenger_env"
