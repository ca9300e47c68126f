"""Every command that installs PyTorch, in the docs, the notebooks, the messages of
`scavenger train` and CI, pins the version and PyTorch's CPU index as the README
does: an unpinned `pip install torch` takes the CUDA build (several GB) when the
CPU index cannot be reached."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PINNED = (
    "pip install torch==2.13.0 --extra-index-url https://download.pytorch.org/whl/cpu"
)
INSTALL = re.compile(
    r"(?<!`)pip install(?: --quiet)? torch\S*(?: --extra-index-url \S+)?"
)


def texts() -> dict[str, str]:
    """The files a user reads or runs an install command from."""
    paths = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / ".ci" / "run"]
    for folder, pattern in (("docs", "*.md"), ("notebooks", "*.ipynb")):
        paths += sorted((ROOT / folder).rglob(pattern))
    paths += sorted((ROOT / "training").glob("*.py"))
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}


def test_the_readme_gives_the_pinned_command() -> None:
    assert PINNED in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_torch_install_command_is_pinned_to_the_cpu_build() -> None:
    found, unpinned = 0, []
    for name, text in texts().items():
        text = re.sub(r'"\s*\n\s*"', "", text)  # a message split over lines
        # (a command in backquotes inside prose is named as what not to do)
        for match in INSTALL.finditer(text):
            command = match.group(0).replace(" --quiet", "")
            found += 1
            if command != PINNED:
                unpinned.append(f"{name}: {match.group(0)}")
    assert found >= 8, found  # the README, the install pages, training, CI
    assert unpinned == []
