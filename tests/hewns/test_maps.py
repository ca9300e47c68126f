"""Hewns maps as files: the crater's file builds the board the old Python tables
built, every bundled map is a playable board, a map file's mistakes get a
`MapError` that names the element and the fix, and a config stores a file map
inline so that a record replays without the file.

The rulebook's map-building booklet is missing, so every map is designed (the
rulebook only says "linking a number of ravines to nodes. Each node is a single
space while each ravine is made up of a number of spaces").
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from scavenger_env.core.errors import ConfigError
from scavenger_env.core.game_check import check_game
from scavenger_env.core.records import GameRecord
from scavenger_env.core.simulate import play_random_game, replay_record
from scavenger_env.hewns.engine.actions import MAP_SPACE_IDS
from scavenger_env.hewns.engine.board import (
    BIG,
    MEDIUM,
    NODE,
    SMALL,
    board_for,
    build_board,
    crater_spec,
)
from scavenger_env.hewns.engine.config import HewnsConfig, HewnsConfigError
from scavenger_env.hewns.engine.mapfile import (
    MapError,
    bundled_maps,
    map_advice,
    map_from_data,
    read_map,
)
from scavenger_env.hewns.game import HEWNS, HewnsGame

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "games" / "hewns-example-map.json"
OTHER_MAPS = [m for m in bundled_maps() if m != "crater"]


def example() -> dict[str, Any]:
    """The docs' example map (a fresh copy to change)."""
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


# --- the crater: the same board as the old tables ---------------------------------


def _field_digest(value: Any) -> str:
    if hasattr(value, "items") and not isinstance(value, tuple):
        value = sorted(value.items())
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


#: every Board field's digest (sha256 of its repr, a mapping's items sorted) as
#: the crater's Python tables built it, before the crater became a file
OLD_TABLE_DIGESTS: dict[int, dict[str, str]] = {
    2: {
        "spec": "f19eef51375d8b42",
        "n_spaces": "02d20bbd7e394ad5",
        "kind": "6cc4bb9725288a9d",
        "size": "56298a3b76c9e0ff",
        "cell": "d3702b48b572305d",
        "name": "98abaadb1ce42875",
        "cell_to_space": "86a814f7bc82bc3f",
        "links": "03d0a2dbb328e04f",
        "magnetic_at": "910ab895170dc8ce",
        "steps": "dbd0fc9e2aab78f2",
        "dist": "6acf1b52c5958456",
        "corner": "6989682ed3c28235",
        "dead_end": "4a40a2f914b51875",
        "entrance_size": "e5db77abfaf50ce3",
        "entrance_owner": "ba0c482b11ccbc19",
        "start_mine": "cdf5a85b6bad6d80",
        "secret_homes": "306bc1ba1aabb3f2",
        "rays": "9147edca8ee37285",
        "fly_targets": "7539c0ffd829a499",
        "dig_targets": "8cfddb24bbc2a7ae",
        "climb_targets": "3a0b0293a3bd675f",
    },
    3: {
        "spec": "92bede63a7ba0092",
        "n_spaces": "6208ef0f7750c111",
        "kind": "d9a9d5acb9f6ece8",
        "size": "af7bc111d1d74b6c",
        "cell": "089ec73df19fbb3e",
        "name": "ff2fdb52487b616b",
        "cell_to_space": "310b23c63ae35158",
        "links": "5db19556664541cf",
        "magnetic_at": "8d2fffdf7bf10165",
        "steps": "5eeac12c0f2afc4f",
        "dist": "446b857d85a0838a",
        "corner": "c98caa7f934e54a5",
        "dead_end": "7553844682d5c54a",
        "entrance_size": "4ce58ed709e938fe",
        "entrance_owner": "597df37d70294746",
        "start_mine": "638f7833c13e23aa",
        "secret_homes": "306bc1ba1aabb3f2",
        "rays": "6a3a4862ba1dcedd",
        "fly_targets": "eee35c68c5f007d5",
        "dig_targets": "129d6458ed6d9322",
        "climb_targets": "bda306f0adf3d152",
    },
    4: {
        "spec": "edc0f44ef0e960b1",
        "n_spaces": "d029fa3a95e174a1",
        "kind": "2a7101a4ce8b842d",
        "size": "4b7296f1ccb8a265",
        "cell": "329729a3ca4e903a",
        "name": "1de5b58ddcbbdcf7",
        "cell_to_space": "33b89edbb48f1193",
        "links": "dd70d9a199d39384",
        "magnetic_at": "77f2be20c0c7216e",
        "steps": "617fe466c3d727e4",
        "dist": "7c8b0888ca388540",
        "corner": "45d0a27b72a46ca6",
        "dead_end": "8f0c19b4b34aeb88",
        "entrance_size": "32b542c1d491f99c",
        "entrance_owner": "045a0e5eaf961ad6",
        "start_mine": "e06300a567dc113d",
        "secret_homes": "306bc1ba1aabb3f2",
        "rays": "0aabc9db598a3aa0",
        "fly_targets": "2760efd1619eb015",
        "dig_targets": "2163e37bfe2b5e8b",
        "climb_targets": "2dd0da034d70762a",
    },
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_crater_file_builds_the_old_tables_board(players: int) -> None:
    board = board_for(players)
    names = [f.name for f in dataclasses.fields(board)]
    assert names == list(OLD_TABLE_DIGESTS[players])  # no field left unchecked
    changed = [
        name
        for name in names
        if _field_digest(getattr(board, name)) != OLD_TABLE_DIGESTS[players][name]
    ]
    assert changed == []


def test_the_crater_config_and_board_are_as_before() -> None:
    config = HewnsConfig(num_players=3)
    assert config.to_dict()["map"] == "crater"
    assert config.map_text is None
    assert HEWNS.new_game(config, 1).board is board_for(3)


# --- the bundled maps are playable boards -------------------------------------------


def test_the_bundled_maps() -> None:
    assert bundled_maps() == ("crater", "gorge", "twins")


@pytest.mark.parametrize("name", bundled_maps())
def test_every_bundled_map_is_a_playable_board(name: str) -> None:
    """Connected for every size, a common entrance for each size, starting mines
    near entrances, secret-entrance homes of each size, magnetic tunnels."""
    mapfile = read_map(name)
    assert mapfile.players == (2, 3, 4)
    assert mapfile.description
    for n in mapfile.players:
        spec = mapfile.spec(n)
        assert map_advice(spec) == [], (name, n)
        board = build_board(spec)
        assert board.n_spaces <= MAP_SPACE_IDS
        for z in (SMALL, MEDIUM, BIG):
            assert any(board.entrance_size[s] == z for s in range(board.n_spaces)), (
                f"{name} {n}p: no common entrance of size {z}"
            )
            assert board.secret_homes[z], f"{name} {n}p: no secret home of size {z}"
            admitted = [s for s in range(board.n_spaces) if board.size[s] >= z]
            assert all(board.distance(admitted[0], s, z) >= 0 for s in admitted)
        assert board.spec.magnetic


@pytest.mark.parametrize("name", OTHER_MAPS)
def test_the_other_maps_differ_in_shape_and_keep_ids_across_counts(name: str) -> None:
    mapfile = read_map(name)
    boards = [build_board(mapfile.spec(n)) for n in (2, 3, 4)]
    assert boards[0].cell != board_for(2).cell
    for small, big in itertools.pairwise(boards):
        assert big.n_spaces > small.n_spaces
        assert big.cell[: small.n_spaces] == small.cell
        assert big.name[: small.n_spaces] == small.name


class _OnMap(HewnsGame):
    """Hewns whose default config plays one map (for `check_game`)."""

    def __init__(self, map_name: str) -> None:
        self.map_name = map_name

    def make_config(self, num_players: int, **options: Any) -> HewnsConfig:
        return super().make_config(num_players, map=self.map_name, **options)


@pytest.mark.parametrize("name", OTHER_MAPS)
def test_check_game_on_each_map(name: str) -> None:
    assert check_game(_OnMap(name), games_per_count=1) > 100


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_maps())
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_play_to_the_end_on_every_map(name: str, players: int) -> None:
    config = HEWNS.make_config(players, map=name)
    ends = set()
    for seed in range(300):
        state, _ = play_random_game(HEWNS, config, seed)
        assert state.over
        ends.add(state.end_reason)
    assert ends <= {"rounds", "pile", "depleted", "no mines"}


# --- a map file's mistakes ------------------------------------------------------------


def test_the_example_map_is_good() -> None:
    mapfile = read_map(str(EXAMPLE))
    assert mapfile.players == (2, 3)
    two, three = mapfile.spec(2), mapfile.spec(3)
    assert len(two.spaces) == 14 and len(three.spaces) == 16
    assert two.spaces == three.spaces[:14]  # ids stay put as players are added
    assert map_advice(two) == map_advice(three) == []
    board = build_board(two)
    assert [board.name[s] for s in range(3)] == ["hub", "east", "nook"]
    assert board.kind[0] == NODE and board.dead_end[13] and board.corner[12]


def _drop(data: dict[str, Any], key: str) -> None:
    del data[key]


def _set(path: str, value: Any) -> Any:
    """A change to the example: set the value at a dotted path (list indexes as
    numbers)."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _append(key: str, element: dict[str, Any]) -> Any:
    def change(data: dict[str, Any]) -> None:
        data.setdefault(key, []).append(element)

    return change


def _many_spaces(data: dict[str, Any]) -> None:
    data["ravines"].append(
        {"name": "long", "size": "S", "from": "nook", "steps": ["E"] * 60}
    )


def _split(data: dict[str, Any]) -> None:
    data["nodes"].append({"name": "island", "cell": [40, 0], "size": "B"})


MISTAKES = [
    ("missing key", lambda d: _drop(d, "nodes"), "the map: missing key(s) 'nodes'"),
    ("unknown key", _set("colour", "red"), "the map: unknown key(s) 'colour'"),
    (
        "unknown element key",
        _set("nodes.0.colour", "red"),
        "nodes[0] ('hub'): unknown key(s) 'colour'",
    ),
    ("format", _set("format", 2), "format: 2 is not a format"),
    ("size", _set("nodes.1.size", "L"), "nodes[1] ('east'): size 'L' is not a size"),
    ("off lattice", _set("nodes.2.cell", [12, 1]), "is not on the lattice"),
    (
        "cell taken",
        _set("nodes.2.cell", [10, 4]),
        "space 'road.1' is on cell [10, 4], where 'nook' is",
    ),
    ("name taken", _set("nodes.2.name", "east"), "the name 'east' is taken"),
    ("unknown node", _set("ravines.0.from", "nowhere"), "from='nowhere' is not a node"),
    (
        "walk misses its node",
        _set("ravines.0.steps", ["E", "E", "E", "NE"]),
        "not on node 'east'",
    ),
    ("bad step", _set("ravines.0.steps", ["E", "N"]), "are not lattice steps"),
    ("no space", _set("ravines.0.steps", ["E"]), "makes no ravine space"),
    (
        "player count",
        _set("players", [2, 5]),
        "players: [2, 5] is not a list of player counts",
    ),
    ("element count", _set("mines.0.from_players", 4), "from_players=4 is not one of"),
    (
        "too early",
        _set("mines.2.from_players", 2),
        "'south.1' is on the board only from 3 players",
    ),
    ("no such space", _set("entrances.0.space", "west.9"), "no space named 'west.9'"),
    (
        "two entrances",
        _append("entrances", {"space": "west.2", "size": "S"}),
        "two entrances on 'west.2'",
    ),
    (
        "entrance too big",
        _set("entrances.1.space", "drop.1"),
        "a M entrance on 'drop.1', a S space",
    ),
    ("too few pieces", _set("entrance_pieces.B", 0), "use more B entrance pieces"),
    (
        "links that do not touch",
        _append("links", {"between": ["hub", "east"]}),
        "do not touch",
    ),
    (
        "linked twice",
        _append("links", {"between": ["hub", "road.1"]}),
        "'hub' and 'road.1' are linked twice",
    ),
    (
        "magnetic too big",
        _set("magnetic.0.size", "M"),
        "a M tunnel ends on 'drop.2', a S space",
    ),
    ("mine bonus", _set("mines.1.bonus", 4), "bonus 4 is not a mine's bonus"),
    (
        "two mines",
        _append("mines", {"space": "west.1", "bonus": 1}),
        "two mines on 'west.1'",
    ),
    (
        "mine in a tunnel",
        lambda d: (
            d.setdefault("tunnels", []).append(
                {"name": "t", "size": "S", "from": "nook", "steps": ["E", "E"]}
            ),
            d["mines"].append({"space": "t.1", "bonus": 0}),
        ),
        "'t.1' is a tunnel space",
    ),
    ("not connected", _split, "the map is not connected"),
    ("too many spaces", _many_spaces, "the action space holds 64 map spaces: remove"),
    (
        "no big entrance",
        _set("entrances.0.size", "M"),
        "no common entrance lets a B Hewn in",
    ),
]


@pytest.mark.parametrize(
    ("change", "said"), [m[1:] for m in MISTAKES], ids=[m[0] for m in MISTAKES]
)
def test_a_mistake_is_named_with_its_file_and_element(
    tmp_path: Path, change: Any, said: str
) -> None:
    data = example()
    change(data)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MapError) as info:
        read_map(str(path))
    message = str(info.value)
    assert message.startswith(f"{path}: ")
    assert said in message
    assert "; " in message  # what to do follows what is wrong
    assert isinstance(info.value, ConfigError)


def test_bad_json_and_repeated_keys(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": 1,\n "name": }', encoding="utf-8")
    with pytest.raises(MapError, match=r"not valid JSON at line 2, column 10"):
        read_map(str(path))
    path.write_text('{"format": 1, "format": 1}', encoding="utf-8")
    with pytest.raises(MapError, match="the key 'format' is given twice"):
        read_map(str(path))


def test_an_unknown_map_lists_the_bundled_ones() -> None:
    with pytest.raises(MapError, match="'crater', 'gorge', 'twins'"):
        read_map("moon")


def test_a_count_the_map_lacks(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="is for 2, 3 players, not 4"):
        read_map(str(EXAMPLE)).spec(4)
    with pytest.raises(HewnsConfigError, match="is for 2, 3 players, not 4"):
        HewnsConfig(num_players=4, map=str(EXAMPLE))
    with pytest.raises(MapError):
        crater_spec(5)


# --- configs and records --------------------------------------------------------------


def test_a_file_map_is_stored_inline_and_replays_without_the_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pocket.json"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    config = HewnsConfig(num_players=3, map=str(path))
    stored = config.to_dict()
    assert stored["map"] == {"source": str(path), "content": example()}
    state, actions = play_random_game(HEWNS, config, 7)
    record = GameRecord.from_json(HEWNS.record(config, 7, state, actions).to_json())
    path.unlink()  # the record keeps the map
    again = HEWNS.config_from_dict(record.config)
    assert again == config and again.map == str(path)
    assert replay_record(record).board.name == state.board.name


def test_a_changed_file_never_changes_a_record(tmp_path: Path) -> None:
    path = tmp_path / "pocket.json"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    config = HewnsConfig(map=str(path))
    stored = config.to_dict()
    changed = example()
    changed["mines"][1]["bonus"] = 3
    path.write_text(json.dumps(changed), encoding="utf-8")
    # the record plays the content it stored; a new config reads the new file
    assert HewnsConfig.from_dict(stored) == config
    fresh = HewnsConfig(map=str(path))
    assert fresh != config and fresh.map == config.map
    assert (
        HEWNS.new_game(fresh, 0).board.start_mine
        != HEWNS.new_game(config, 0).board.start_mine
    )


def test_replace_reads_the_new_map() -> None:
    config = HewnsConfig.from_dict(HewnsConfig(map="twins").to_dict())
    assert dataclasses.replace(config, map="gorge").map_file.name == "gorge"
    assert dataclasses.replace(config, mudgestick=4).map_file.name == "twins"


def test_boards_are_cached_by_map_content_and_mudgestick() -> None:
    twins = HewnsConfig(map="twins")
    copy_of = HewnsConfig.from_dict(copy.deepcopy(twins.to_dict()))
    assert twins.map_text is not None
    assert board_for(2, 3, twins.map_text) is board_for(2, 3, copy_of.map_text)
    assert board_for(2, 4, twins.map_text) is not board_for(2, 3, twins.map_text)
    assert board_for(2, 3, twins.map_text) is not board_for(2)
    crater_text = read_map("crater").text
    assert board_for(2, 3, crater_text) is board_for(2)  # one crater board


def test_map_from_data_names_its_source() -> None:
    data = example()
    data["nodes"][0]["size"] = "XL"
    with pytest.raises(MapError, match=r"^the stored copy: nodes\[0\]"):
        map_from_data(data, "the stored copy")


# --- the designer's command line ----------------------------------------------------


def scavenger(argv: list[str]) -> int:
    from project_commands import PROJECT_COMMANDS

    from scavenger_env.cli.main import main

    return main(argv, commands=PROJECT_COMMANDS)


def test_maps_list_names_every_bundled_map(capsys: pytest.CaptureFixture[str]) -> None:
    assert scavenger(["maps", "list"]) == 0
    out = capsys.readouterr().out
    for name in bundled_maps():
        assert f"{name}: spaces 2p " in out
    assert "crater: spaces 2p 55, 3p 58, 4p 61" in out


def test_maps_show_draws_and_checks_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert scavenger(["maps", "show", str(EXAMPLE), "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "--- 3 players: 16 spaces; entrance stock S/M/B 1/1/1" in out
    assert "12b-00B-03b-04b-05b-01M" in out
    assert "checks: all good" in out
    assert "--- 2 players" not in out


def test_maps_show_refuses_a_bad_file_and_flags_advice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = example()
    data["magnetic"] = []
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert scavenger(["maps", "show", str(path)]) == 0
    assert "checks: no magnetic tunnel" in capsys.readouterr().out
    assert scavenger(["maps", "show", str(path), "--strict"]) == 1
    capsys.readouterr()
    data["nodes"][0]["size"] = "XL"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert scavenger(["maps", "show", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: nodes[0] ('hub'): size 'XL'")
    assert scavenger(["maps", "show", str(path), "--players", "4"]) == 2


def test_simulate_plays_a_map_file_and_its_records_replay_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pocket.json"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    games = tmp_path / "games.jsonl"
    argv = ["simulate", "--game", "hewns", "--rules", f"map={path}"]
    argv += ["--num-players", "2", "--games", "3", "--output", str(games)]
    assert scavenger(argv) == 0
    path.unlink()
    assert scavenger(["replay", str(games), "--quiet"]) == 0
    records = [GameRecord.from_json(line) for line in games.read_text().splitlines()]
    assert all(r.config["map"]["content"] == example() for r in records)


def test_balance_tune_keeps_a_map_file_inline(tmp_path: Path) -> None:
    import argparse

    from agents.commands.balance import _base_options

    path = tmp_path / "pocket.json"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    args = argparse.Namespace(game="hewns", num_players=2, rules=f"map={path}")
    base = _base_options(args)
    assert base == {"map": {"source": str(path), "content": example()}}
    path.unlink()  # every trial plays the copy
    assert HEWNS.make_config(2, **base).map_file.name == "pocket"


def test_the_docs_page_shows_each_bundled_map_as_it_is() -> None:
    """The pictures on the map page are the maps' `render_map` at 4 players."""
    from scavenger_env.hewns.engine.board import render_map

    page = (ROOT / "docs" / "games" / "hewns-maps.md").read_text(encoding="utf-8")
    for name in bundled_maps():
        mapfile = read_map(name)
        assert render_map(build_board(mapfile.spec(4))) in page, name
        assert mapfile.description in page, name
