"""Records written before digest versions existed still replay and resume, from
either build.

`records_0_1_0/` holds records written by scavenger-env 0.1.0 before its records
named a digest version, once by the pure build (an editable install) and once by
the compiled one (`pip install .`): `scavenger simulate` files of both games under
several rules, and two small tournament folders. The Krysis files of the two builds
differ (the first Krysis digest hashed `repr()` of its fields, and the phase was an
enum in one build and a plain int in the other); both must replay here, whichever
build runs this test.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scavenger_env.cli.main import main
from scavenger_env.core.digest import DIGEST_VERSION
from scavenger_env.core.games import get_game
from scavenger_env.core.records import GameRecord, iter_records
from scavenger_env.core.simulate import replay_record

HERE = Path(__file__).parent / "records_0_1_0"
BUILDS = ("pure", "compiled")
FILES = sorted(p.name for p in (HERE / "pure").glob("*.jsonl"))


def test_the_fixtures_are_of_both_builds_and_krysis_differs() -> None:
    """The two builds really wrote different Krysis records (else this test
    would prove nothing about reading the other build's)."""
    assert FILES
    for name in FILES:
        pure = (HERE / "pure" / name).read_text()
        compiled = (HERE / "compiled" / name).read_text()
        if name.startswith("krysis"):
            assert pure != compiled, name
        else:
            assert pure == compiled, name


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("name", FILES)
def test_an_old_record_replays(build: str, name: str) -> None:
    records = list(iter_records(HERE / build / name))
    assert records
    for record in records:
        assert record.digest is not None and record.digest_version is None
        replay_record(record)


@pytest.mark.parametrize("build", BUILDS)
def test_an_edited_old_krysis_record_is_refused(build: str) -> None:
    """The first digest is still checked: an old record whose digest was taken of
    another game fails."""
    first, second = list(iter_records(HERE / build / "krysis-3p.jsonl"))[:2]
    forged = GameRecord(**{**first.__dict__, "digest": second.digest})
    with pytest.raises(Exception, match="does not reproduce its game"):
        replay_record(forged)


def test_old_krysis_records_counted_decisions_and_new_ones_count_turns() -> None:
    """Format 1 kept each game's own count, Krysis's decisions; the same count
    in a format-2 record, or any other count in an old one, is refused."""
    record = next(iter_records(HERE / "pure" / "krysis-3p.jsonl"))
    assert record.format_version == 1 and record.turns == len(record.actions)
    as_new = GameRecord(**{**record.__dict__, "format_version": 2})
    with pytest.raises(Exception, match="recorded turns"):
        replay_record(as_new)
    off_by_one = GameRecord(**{**record.__dict__, "turns": record.turns - 1})
    with pytest.raises(Exception, match="recorded turns"):
        replay_record(off_by_one)
    state = replay_record(record)
    assert 0 < get_game("krysis").turns(state) < record.turns


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize(
    ("game", "rules"),
    [("krysis", "advanced=true,rules_version=1"), ("cavein", "rules_version=2")],
)
def test_an_old_tournament_folder_resumes(
    tmp_path: Path, build: str, game: str, rules: str
) -> None:
    """A folder left by an old run with games missing: the rerun verifies the old
    records (by their first digest) and plays the rest with the new one."""
    folder = tmp_path / "run"
    shutil.copytree(HERE / build / f"tournament-{game}", folder)
    settings = json.loads((folder / "tournament.json").read_text())
    lines = (folder / "games.jsonl").read_text().splitlines()
    (folder / "games.jsonl").write_text("\n".join(lines[:-2]) + "\n")
    timing = (folder / "timing.jsonl").read_text().splitlines()
    (folder / "timing.jsonl").write_text("\n".join(timing[:-2]) + "\n")
    code = main(
        [
            "tournament",
            "--no-progress",
            "--game",
            game,
            "--rules",
            rules,
            "--players",
            ",".join(settings["specs"]),
            "--num-players",
            str(settings["num_players"]),
            "--games",
            str(settings["games"]),
            "--seed",
            str(settings["seed"]),
            "--jobs",
            "1",
            "--output",
            str(folder),
        ]
    )
    assert code == 0
    records = list(iter_records(folder / "games.jsonl"))
    assert len(records) == settings["games"]
    versions = [r.digest_version for r in records]
    assert versions == [None] * (len(lines) - 2) + [DIGEST_VERSION] * 2
    for record in records:
        replay_record(record)
    assert (folder / "summary.json").exists()
