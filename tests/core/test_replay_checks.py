"""A replay checks what a record states and can be recomputed: a config that
names no rules version where every record of its format names one is refused,
and so is a fact of `meta` (how the game ended, its start player...) that the
replay does not give. `--rules` refuses empty entries."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from scavenger_env.cli.common import UserError, rules_config
from scavenger_env.cli.main import main
from scavenger_env.core.games import GAMES, get_game
from scavenger_env.core.records import GameRecord, RecordError
from scavenger_env.core.simulate import play_random_game, replay_record

NAMES = sorted(GAMES)


def _record(name: str, seed: int = 4) -> GameRecord:
    """A finished random game of `name`, with the meta a tournament keeps."""
    game = get_game(name)
    config = game.make_config(game.min_players)
    state, actions = play_random_game(game, config, seed)
    record = game.record(config, seed, state, actions)
    record.meta = {"deal": 0, "seating": 1, **game.record_meta(state)}
    return record


def _forged(value: Any) -> Any:
    """Another value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "-forged"
    if isinstance(value, list):
        return list(reversed(value)) if len(set(map(str, value))) > 1 else [*value, 0]
    raise AssertionError(f"no forgery for {value!r}")


@pytest.mark.parametrize("name", NAMES)
def test_a_removed_rules_version_is_refused(name: str) -> None:
    record = _record(name)
    replay_record(record)
    config = {k: v for k, v in record.config.items() if k != "rules_version"}
    for version in (record.format_version, 1):
        stripped = replace(record, config=config, format_version=version)
        legacy = version == 1 and get_game(name).digest_optional(config)
        # a legacy config is read as the first rules: this game is not theirs
        why = "does not reproduce its game" if legacy else "names no 'rules_version'"
        with pytest.raises(RecordError, match=why):
            replay_record(stripped)


def test_a_cavein_record_from_before_rules_versions_still_replays() -> None:
    """Cave-In's first records (format 1) had no rules version: rules 1."""
    game = get_game("cavein")
    config = game.make_config(2, rules_version=1)
    state, actions = play_random_game(game, config, 5)
    record = game.record(config, 5, state, actions)
    del record.config["rules_version"]
    old = replace(record, format_version=1, digest=None, digest_version=None)
    replay_record(old)
    with pytest.raises(RecordError, match="every format-2 record of cavein"):
        replay_record(replace(old, format_version=2))


@pytest.mark.parametrize("name", NAMES)
def test_every_fact_of_meta_the_replay_gives_is_checked(name: str) -> None:
    record = _record(name)
    game = get_game(name)
    recomputed = game.record_meta(replay_record(record))
    assert recomputed, f"{name} keeps no facts in meta: nothing would be checked"
    for key, value in recomputed.items():
        forged = replace(record, meta={**record.meta, key: _forged(value)})
        with pytest.raises(RecordError, match=f"recorded meta '{key}'"):
            replay_record(forged)
    # the tournament's own facts are not the game's to check; a fact left
    # out (older versions kept fewer) is not checked
    replay_record(replace(record, meta={**record.meta, "deal": 7}))
    replay_record(replace(record, meta={}))


def test_a_forged_end_reason_is_refused_by_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's case: a Hewns record whose `end_reason` was changed."""
    record = _record("hewns")
    path = tmp_path / "games.jsonl"
    path.write_text(record.to_json() + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 0
    capsys.readouterr()
    data = record.to_dict()
    data["meta"]["end_reason"] = (
        "pile" if data["meta"]["end_reason"] != "pile" else "cap"
    )
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"{path} line 1: recorded meta 'end_reason'" in err
    data = record.to_dict()
    del data["config"]["rules_version"]
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 2
    assert "names no 'rules_version'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "rules", [",", ",,", "mudgestick=3,,", "mudgestick=3,", ",mudgestick=3", " , "]
)
def test_an_empty_rules_entry_is_refused(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hewns = get_game("hewns")
    with pytest.raises(UserError, match="an empty entry"):
        rules_config(hewns, 2, rules)
    path = tmp_path / "games.jsonl"
    args = ["simulate", "--game", "hewns", "--games", "1", "--output", str(path)]
    assert main([*args, "--rules", rules]) == 2
    assert "an empty entry (a comma too many)" in capsys.readouterr().err
    assert not path.exists()


def test_no_rules_and_one_rule_are_still_taken() -> None:
    hewns = get_game("hewns")
    assert rules_config(hewns, 2, "") == hewns.make_config(2)
    assert rules_config(hewns, 2, "mudgestick=4").mudgestick == 4
    assert rules_config(hewns, 2, "mudgestick=4, pile=30").pile == 30
