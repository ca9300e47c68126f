"""The CSV logs: a resumed run drops the rows past its checkpoint and a line
cut off by a kill, so a log reads as one run."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from training.logs import CsvLog, read_csv


def test_truncate_keeps_the_rows_up_to_the_step(tmp_path: Path) -> None:
    log = CsvLog(tmp_path / "t.csv", ("step", "value"))
    for step in (256, 512, 768, 1024):
        log.write({"step": step, "value": step / 256})
    log.truncate_after(512)
    assert read_csv(tmp_path / "t.csv") == [
        {"step": "256", "value": "1"},
        {"step": "512", "value": "2"},
    ]
    log.write({"step": 768, "value": 3.5})  # the resumed run goes on
    assert [r["step"] for r in read_csv(tmp_path / "t.csv")] == ["256", "512", "768"]


def test_truncate_drops_a_cut_off_last_line(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    log = CsvLog(path, ("step", "opponent", "value"))
    log.write({"step": 256, "opponent": "random", "value": 0.25})
    with path.open("a") as f:
        f.write("512,gre")  # killed in the middle of a row
    log.truncate_after(512)
    assert read_csv(path) == [{"step": "256", "opponent": "random", "value": "0.25"}]
    assert path.read_text().endswith("\n")


def test_truncate_at_zero_keeps_the_header(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    log = CsvLog(path, ("step", "value"))
    log.write({"step": 256, "value": 1})
    log.truncate_after(0)
    assert path.read_text().splitlines() == ["step,value"]
    CsvLog(tmp_path / "missing.csv", ("step",)).truncate_after(5)  # no error


def test_an_existing_log_is_appended_to(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    CsvLog(path, ("step", "value")).write({"step": 1, "value": None})
    CsvLog(path, ("step", "value")).write({"step": 2, "value": 7})
    assert read_csv(path) == [{"step": "1", "value": ""}, {"step": "2", "value": "7"}]


def test_numpy_and_python_floats_are_written_alike(tmp_path: Path) -> None:
    """A resumed run gets its last losses back as floats from the checkpoint,
    the run that never stopped has numpy's float32: the rows must not differ."""
    path = tmp_path / "t.csv"
    log = CsvLog(path, ("step", "value"))
    x = np.float32(4.5743072e-05)
    log.write({"step": 1, "value": x})
    log.write({"step": 1, "value": float(x)})
    a, b = read_csv(path)
    assert a == b and a["value"] == "4.57431e-05"
