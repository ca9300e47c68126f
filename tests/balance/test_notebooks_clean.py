"""The notebooks are kept without outputs, and each reads SCAVENGER_SCALE."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))


def test_the_notebooks_are_there() -> None:
    names = [p.stem for p in NOTEBOOKS]
    assert names == [
        "01_rules_walkthrough",
        "02_first_player_advantage",
        "03_factions_and_artifacts",
        "04_skill_gradient",
        "05_rule_variants",
        "06_training_curves",
        "07_tuning",
        "08_krysis_balance",
        "09_hewns_balance",
        "10_hewns_calibration",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_outputs_in_git(path: Path) -> None:
    cells = json.loads(path.read_text())["cells"]
    for cell in cells:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, path


@pytest.mark.parametrize("path", NOTEBOOKS[1:], ids=lambda p: p.stem)
def test_experiments_read_the_scale(path: Path) -> None:
    source = "".join(
        "".join(c["source"]) for c in json.loads(path.read_text())["cells"]
    )
    assert "scale()" in source, f"{path.name} ignores SCAVENGER_SCALE"
