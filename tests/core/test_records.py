"""Game records: JSON round trip, JSONL files, and corruption reported by line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scavenger_env.core.records import (
    FORMAT_VERSION,
    GameRecord,
    RecordError,
    enumerate_records,
    iter_records,
    write_records,
)


def make_record(**changes: Any) -> GameRecord:
    fields: dict[str, Any] = {
        "game": "cavein",
        "config": {"num_players": 3, "variant": {"weedlock": "en"}},
        "seed": 12345,
        "actions": [3, 0, 17, 42, 0],
        "scores": [12, 9, 15],
        "winners": [2],
        "turns": 57,
    }
    fields.update(changes)
    return GameRecord(**fields)


def test_to_json_is_one_compact_line_with_format_version_first() -> None:
    line = make_record().to_json()
    assert "\n" not in line
    assert " " not in line
    assert line.startswith('{"format_version":2,"game":"cavein",')
    assert list(json.loads(line)) == [
        "format_version",
        "game",
        "config",
        "seed",
        "actions",
        "scores",
        "winners",
        "turns",
    ]


def test_json_round_trip() -> None:
    record = make_record()
    assert GameRecord.from_json(record.to_json()) == record


def test_digest_is_optional_and_comes_after_the_outcome() -> None:
    plain = make_record()
    assert "digest" not in plain.to_dict()
    record = make_record(digest="0123456789abcdef" * 2, players=["a", "b", "c"])
    assert list(record.to_dict())[7:] == ["turns", "digest", "players"]
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(plain.to_json()).digest is None  # an older record


def test_digest_version_follows_the_digest() -> None:
    record = make_record(digest="0123456789abcdef" * 2, digest_version=2)
    assert list(record.to_dict())[7:] == ["turns", "digest", "digest_version"]
    assert GameRecord.from_json(record.to_json()) == record


@pytest.mark.parametrize(
    ("version", "problem"),
    [
        (99, "digest version 99 is newer than this scavenger-env reads"),
        (0, "'digest_version' must be a positive int"),
        ("2", "'digest_version' must be a positive int"),
        (True, "'digest_version' must be a positive int"),
    ],
)
def test_a_bad_digest_version_is_refused(version: Any, problem: str) -> None:
    data = make_record(digest="0123456789abcdef" * 2).to_dict()
    data["digest_version"] = version
    with pytest.raises(RecordError, match=problem):
        GameRecord.from_dict(data)


def test_a_digest_version_without_a_digest_is_refused() -> None:
    data = make_record().to_dict()
    data["digest_version"] = 2
    with pytest.raises(RecordError, match="'digest_version' is set but 'digest'"):
        GameRecord.from_dict(data)


def test_players_and_meta_are_optional_and_come_last() -> None:
    plain = make_record()
    assert "players" not in plain.to_dict() and "meta" not in plain.to_dict()
    record = make_record(players=["random", "greedy", "miner"], meta={"deal": 3})
    line = record.to_json()
    assert line.startswith(plain.to_json()[:-1] + ',"players":["random",')
    assert line.endswith(',"meta":{"deal":3}}')
    back = GameRecord.from_json(line)
    assert back == record
    assert (back.players, back.meta) == (["random", "greedy", "miner"], {"deal": 3})
    # an old record (no optional keys) still reads, with both None
    old = GameRecord.from_json(plain.to_json())
    assert (old.players, old.meta) == (None, None)


records_strategy = st.builds(
    GameRecord,
    game=st.text(min_size=1, max_size=10),
    config=st.dictionaries(
        st.text(max_size=8), st.integers() | st.booleans() | st.text(max_size=5)
    ),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    actions=st.lists(st.integers(min_value=0, max_value=500), max_size=50),
    scores=st.lists(st.integers(-50, 200), min_size=1, max_size=4),
    winners=st.just([0]),
    turns=st.integers(min_value=0, max_value=10_000),
    digest=st.none() | st.text("0123456789abcdef", min_size=16, max_size=64),
)


@given(records_strategy)
def test_any_valid_record_round_trips(record: GameRecord) -> None:
    assert GameRecord.from_json(record.to_json()) == record


def test_file_round_trip_and_line_numbers(tmp_path: Path) -> None:
    records = [make_record(seed=s) for s in range(4)]
    path = tmp_path / "games.jsonl"
    assert write_records(path, records) == 4
    assert list(iter_records(path)) == records
    assert [n for n, _ in enumerate_records(path)] == [1, 2, 3, 4]
    assert path.read_text(encoding="utf-8").count("\n") == 4


def test_blank_lines_are_skipped_but_counted(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    one, two = make_record(seed=1), make_record(seed=2)
    path.write_text(f"{one.to_json()}\n\n   \n{two.to_json()}\n", encoding="utf-8")
    assert list(enumerate_records(path)) == [(1, one), (4, two)]


def test_write_records_streams_a_generator(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    assert write_records(path, (make_record(seed=s) for s in range(3))) == 3
    assert [r.seed for r in iter_records(path)] == [0, 1, 2]


def test_interrupted_write_leaves_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    write_records(path, [make_record(seed=7)])
    before = path.read_text(encoding="utf-8")

    def failing():
        yield make_record(seed=1)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_records(path, failing())
    assert path.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_missing_file_raises_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        list(iter_records(tmp_path / "nope.jsonl"))


def _good() -> dict[str, Any]:
    return make_record().to_dict()


def _good_text() -> str:
    return json.dumps(_good())


def _with(**changes: Any) -> str:
    data = _good()
    data.update(changes)
    return json.dumps(data)


def _without(name: str) -> str:
    data = _good()
    del data[name]
    return json.dumps(data)


# (corrupt line, words the message must contain)
CORRUPTIONS = {
    "truncated": (make_record().to_json()[:40], ["not valid JSON", "truncated"]),
    "empty object": ("{}", ["'format_version'", "missing"]),
    "array": ("[1, 2, 3]", ["JSON object", "an array"]),
    "string": ('"cavein"', ["JSON object", "a string"]),
    "missing actions": (_without("actions"), ["'actions'", "missing"]),
    "missing two": (
        json.dumps({k: v for k, v in _good().items() if k not in ("seed", "turns")}),
        ["'seed'", "'turns'", "missing"],
    ),
    "unknown field": (_with(colour="red"), ["unknown field", "'colour'"]),
    "version not int": (_with(format_version="1"), ["'format_version'", "int"]),
    "version unknown": (_with(format_version=0), ["unknown record format 0"]),
    "game empty": (_with(game=""), ["'game'"]),
    "game not str": (_with(game=3), ["'game'"]),
    "config list": (_with(config=[1]), ["'config'", "JSON object"]),
    "seed negative": (_with(seed=-1), ["'seed'", "non-negative"]),
    "seed float": (_with(seed=1.5), ["'seed'"]),
    "actions str": (_with(actions="0,1"), ["'actions'", "list of ints"]),
    "actions with str": (_with(actions=[1, "2"]), ["'actions'", "list of ints"]),
    "actions with bool": (_with(actions=[1, True]), ["'actions'", "list of ints"]),
    "actions negative": (_with(actions=[1, -2]), ["'actions'"]),
    "actions float": (_with(actions=[1.0]), ["'actions'"]),
    "scores empty": (_with(scores=[]), ["'scores'"]),
    "scores null": (_with(scores=None), ["'scores'"]),
    "winners empty": (_with(winners=[]), ["'winners'"]),
    "winner out of range": (_with(winners=[3]), ["'winners'", "seats 0..2"]),
    "winner repeated": (_with(winners=[1, 1]), ["'winners'", "distinct"]),
    "turns negative": (_with(turns=-5), ["'turns'"]),
    "turns str": (_with(turns="57"), ["'turns'"]),
    "players short": (_with(players=["a", "b"]), ["'players'", "list of 3"]),
    "players not str": (_with(players=["a", 1, "c"]), ["'players'", "strings"]),
    "players empty name": (_with(players=["a", "", "c"]), ["'players'"]),
    "players str": (_with(players="a,b,c"), ["'players'"]),
    "meta list": (_with(meta=[1]), ["'meta'", "JSON object"]),
    "digest not hex": (_with(digest="xyz" * 8), ["'digest'", "hex digits"]),
    "digest upper case": (_with(digest="AB" * 16), ["'digest'", "lowercase"]),
    "digest number": (_with(digest=12), ["'digest'"]),
    "seed beyond 64 bits": (_with(seed=2**64), ["'seed'", "2**64 - 1"]),
    "seed of 5000 digits": (
        _good_text().replace('"seed": 12345', '"seed": ' + "9" * 5000),
        ["more digits than Python reads", "4300"],
    ),
    "action beyond 63 bits": (_with(actions=[1, 2**63]), ["'actions'", "2**63"]),
    "turns beyond 63 bits": (_with(turns=2**63), ["'turns'"]),
    "score beyond 64 bits": (_with(scores=[1, 2, -(2**64)]), ["'scores'"]),
    "duplicate key": (
        _good_text().replace('"seed": 12345', '"seed": 1, "seed": 12345'),
        ["'seed' appears twice"],
    ),
    "duplicate key inside config": (
        _good_text().replace('"num_players": 3', '"num_players": 3, "num_players": 4'),
        ["'num_players' appears twice"],
    ),
    "NaN": (_good_text().replace('"turns": 57', '"turns": NaN'), ["NaN"]),
    "100,000 brackets": ("[" * 100_000 + "]" * 100_000, ["nested too deeply"]),
    "nested 40 deep in config": (
        _with(config={"x": json.loads("[" * 40 + "]" * 40)}),
        ["nested too deeply"],
    ),
}


@pytest.mark.parametrize("kind", sorted(CORRUPTIONS))
def test_corrupt_line_names_file_line_problem_and_remedy(
    tmp_path: Path, kind: str
) -> None:
    bad, words = CORRUPTIONS[kind]
    path = tmp_path / "games.jsonl"
    good = make_record().to_json()
    path.write_text(f"{good}\n\n{bad}\n{good}\n", encoding="utf-8")

    records = iter_records(path)
    assert next(records) == make_record()  # the good line before it still reads
    with pytest.raises(RecordError) as info:
        next(records)
    err = info.value
    assert err.line == 3
    assert err.source == str(path)
    message = str(err)
    assert message.startswith(f"{path} line 3: ")
    assert "scavenger simulate" in message
    for word in words:
        assert word in message


def test_newer_format_asks_for_an_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(_with(format_version=FORMAT_VERSION + 1) + "\n", encoding="utf-8")
    with pytest.raises(
        RecordError, match=rf"line 1: record format {FORMAT_VERSION + 1} is newer"
    ) as info:
        list(iter_records(path))
    assert "upgrade scavenger-env" in str(info.value)


def test_a_deep_but_legal_nesting_is_accepted() -> None:
    """MAX_DEPTH leaves room: a config may hold small nested values."""
    data = _good()
    data["config"] = {"x": json.loads("[" * 30 + "]" * 30)}
    assert GameRecord.from_json(json.dumps(data)).config == data["config"]


def test_from_json_error_has_no_location_until_located() -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json("{not json")
    err = info.value
    assert err.line is None
    assert err.source is None
    assert str(err).startswith("not valid JSON")
    located = err.located("games.jsonl", 3)
    assert str(located).startswith("games.jsonl line 3: not valid JSON")
    assert isinstance(located, ValueError)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('{"seed": "a\tb"}', "(Invalid control character at column 12)"),
        ('{"seed": "ab', "(Unterminated string starting at column 10)"),
        ('{"seed" 1}', "(Expecting ':' delimiter at column 9)"),
    ],
    ids=["control character", "unterminated string", "delimiter"],
)
def test_a_json_error_says_at_once_where(line: str, words: str) -> None:
    """json's own words for some errors end in "at" ("Invalid control character
    at"), and the message added " at column N": "at at column 12"."""
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(line)
    message = str(info.value)
    assert words in message
    assert "at at" not in message


def _dead_pid() -> int:
    """The PID of a process that has ended (and been reaped)."""
    import subprocess

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.skipif(os.name != "posix", reason="stale files are found by PID on POSIX")
def test_a_stale_temporary_of_a_dead_process_is_removed(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    stale = tmp_path / f".games.jsonl.tmp-{_dead_pid()}"
    alive = tmp_path / f".games.jsonl.tmp-{os.getppid()}"  # a live process's
    other = tmp_path / f".other.jsonl.tmp-{_dead_pid()}"  # another file's
    for leftover in (stale, alive, other):
        leftover.write_text("half a record", encoding="utf-8")
    write_records(path, [make_record()])
    assert not stale.exists()
    assert alive.exists() and other.exists()
    assert list(iter_records(path)) == [make_record()]


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="O_TMPFILE is Linux only"
)
def test_a_writer_killed_with_sigkill_leaves_no_temporary(tmp_path: Path) -> None:
    import signal
    import subprocess
    import time

    code = (
        "import sys, time\n"
        "from scavenger_env.core.records import GameRecord, write_records\n"
        "def slow():\n"
        "    for s in range(10**6):\n"
        "        yield GameRecord('cavein', {}, s, [0], [1, 2], [1], 3)\n"
        "        if s == 5:\n"
        "            print('writing', flush=True)\n"
        "            time.sleep(60)\n"
        "write_records(sys.argv[1], slow())\n"
    )
    path = tmp_path / "games.jsonl"
    path.write_text("old\n", encoding="utf-8")
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "writing"
        time.sleep(0.1)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        if child.stdout is not None:
            child.stdout.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
    assert path.read_text(encoding="utf-8") == "old\n"


def test_without_unnamed_files_a_named_temporary_is_used_and_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scavenger_env.core import records

    monkeypatch.setattr(records, "_unnamed_file", lambda folder: None)
    path = tmp_path / "games.jsonl"
    seen: list[str] = []

    def watched():
        seen.extend(p.name for p in tmp_path.iterdir())
        yield make_record(seed=1)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_records(path, watched())
    assert seen == [f".games.jsonl.tmp-{os.getpid()}"]  # the fallback was taken
    assert list(tmp_path.iterdir()) == []
    assert write_records(path, [make_record(seed=2)]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
