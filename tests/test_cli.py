"""The `scavenger` command line, end to end through `main([...])` (needs the engine)."""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from project_commands import PROJECT_COMMANDS, pyproject_commands

from scavenger_env.cli import main as installed_main
from scavenger_env.cli.main import COMMAND_ORDER, discovered_commands
from scavenger_env.core.records import GameRecord, iter_records


def main(argv: Sequence[str]) -> int:
    """The command line with this project's commands (pyproject.toml's entry
    points), installed or not."""
    return installed_main(argv, commands=PROJECT_COMMANDS)


def simulate(path: Path, *, games: int = 4, players: int = 3, seed: int = 1) -> int:
    return main(
        [
            "simulate",
            "--game",
            "cavein",
            "--num-players",
            str(players),
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--output",
            str(path),
        ]
    )


@pytest.fixture(scope="module")
def games_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "games.jsonl"
    assert simulate(path) == 0
    return path


def rewrite_first(src: Path, dst: Path, record: GameRecord) -> None:
    lines = src.read_text(encoding="utf-8").splitlines()
    lines[0] = record.to_json()
    dst.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_simulate_writes_one_record_per_game_and_a_summary(
    games_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = games_file.with_name("again.jsonl")
    assert simulate(path, games=4) == 0
    out = capsys.readouterr().out
    assert f"wrote 4 games to {path}" in out
    assert "win share by seat" in out
    records = list(iter_records(path))
    assert len(records) == 4
    for record in records:
        assert record.game == "cavein"
        assert len(record.scores) == 3
        assert record.actions
        assert record.turns > 0
    assert len({r.seed for r in records}) == 4


def test_simulate_is_reproducible_from_the_master_seed(
    games_file: Path, tmp_path: Path
) -> None:
    same, other = tmp_path / "same.jsonl", tmp_path / "other.jsonl"
    assert simulate(same) == 0
    assert simulate(other, seed=2) == 0
    assert same.read_bytes() == games_file.read_bytes()
    assert other.read_bytes() != games_file.read_bytes()


@pytest.mark.parametrize("players", [2, 4])
def test_simulate_other_player_counts(tmp_path: Path, players: int) -> None:
    path = tmp_path / "games.jsonl"
    assert simulate(path, games=2, players=players) == 0
    assert [len(r.scores) for r in iter_records(path)] == [players, players]


def test_replay_quiet_checks_every_game(
    games_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(games_file), "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:4]] == [
        "line 1",
        "line 2",
        "line 3",
        "line 4",
    ]
    assert all(" ok " in line for line in out[:4])
    assert out[4] == (
        f"replayed 4 games from {games_file}: every outcome matches the record"
    )


def test_replay_prints_turn_by_turn(
    games_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(games_file)]) == 0
    out = capsys.readouterr().out
    assert out.count("=== Game ") == 4
    assert re.search(r"^Round \d+ — player [012]'s turn$", out, re.MULTILINE)
    assert "— player 1's turn" in out
    assert re.search(r"^  \S", out, re.MULTILINE)  # one decision described
    assert out.count("Scores — player 0: ") == 4
    assert "Final state (as player 0 sees it):" in out


def test_replay_viewer_must_be_a_seat(
    games_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(games_file), "--viewer", "3"]) == 2
    assert "--viewer 3: line 1 is a 3-player game" in capsys.readouterr().err


def test_tampered_score_makes_replay_exit_2(
    games_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = next(iter_records(games_file))
    record.scores[0] += 1
    bad = tmp_path / "bad.jsonl"
    rewrite_first(games_file, bad, record)
    assert main(["replay", str(bad), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bad} line 1: recorded scores ")
    assert "Traceback" not in err


def test_illegal_action_makes_replay_exit_2(
    games_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scavenger_env.cavein.engine import NUM_ACTIONS

    record = next(iter_records(games_file))
    record.actions[0] = NUM_ACTIONS + 5  # no such action id
    bad = tmp_path / "bad.jsonl"
    rewrite_first(games_file, bad, record)
    assert main(["replay", str(bad), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"error: {bad} line 1: action 1 of " in err
    assert "is illegal" in err


def test_other_rules_make_replay_exit_2(
    games_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = next(iter_records(games_file))
    record.config["no_such_rule"] = True
    bad = tmp_path / "bad.jsonl"
    rewrite_first(games_file, bad, record)
    assert main(["replay", str(bad), "--quiet"]) == 2
    assert "made under other rules" in capsys.readouterr().err


def test_truncated_line_makes_replay_exit_2(
    games_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = games_file.read_text(encoding="utf-8")
    bad = tmp_path / "cut.jsonl"
    bad.write_text(text[: len(text) - 40], encoding="utf-8")
    assert main(["replay", str(bad), "--quiet"]) == 2
    captured = capsys.readouterr()
    assert f"error: {bad} line 4: not valid JSON" in captured.err
    assert captured.out.count(" ok ") == 3  # the games before it were checked


def test_replay_missing_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err
    assert "scavenger simulate" in err


def test_bad_player_count_exits_2_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    assert simulate(path, players=9) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --num-players 9: ")
    assert "Traceback" not in err
    assert not path.exists()


def test_bench_engine_json_has_the_required_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "engine", "--json", "--seconds", "0.01"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {
        "decisions_per_s",
        "games_per_s",
        "decisions_per_game",
        "turns_per_game",
        "clone_us",
    }
    for key in ("decisions_per_s", "games_per_s", "decisions_per_game"):
        assert set(result[key]) == {"2", "3", "4"}
        assert all(v > 0 for v in result[key].values())
    assert set(result["turns_per_game"]) == {"2", "3", "4"}
    assert result["clone_us"] > 0


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("scavenger-env 0.1.0 (")
    assert main(["simulate", "--help"]) == 0
    assert "--num-players" in capsys.readouterr().out
    assert main([]) == 2
    assert "required" in capsys.readouterr().err


# ------------------------------------------------------------------ integrity


def swapped_payment() -> tuple[GameRecord, GameRecord]:
    """A record, and a copy with two cards of one payment swapped such that the
    game stays legal and ends with the same scores, winners and turns."""
    from scavenger_env.cavein.engine import (
        GameConfig,
        apply_action,
        final_scores,
        new_game,
    )
    from scavenger_env.cavein.engine.actions import PAY
    from scavenger_env.cavein.simulate import play_random_game, record_from_game

    config = GameConfig(num_players=2)
    for seed in range(50):
        state, actions = play_random_game(config, seed)
        record = record_from_game(config, seed, state, actions)
        for i in range(len(actions) - 1):
            a, b = actions[i], actions[i + 1]
            if not (PAY <= a < PAY + 24 and PAY <= b < PAY + 24 and a != b):
                continue
            swapped = [*actions[:i], b, a, *actions[i + 2 :]]
            other = new_game(config, seed)
            try:
                for action in swapped:
                    apply_action(other, action)
            except ValueError:
                continue
            if (
                other.is_over
                and list(final_scores(other)) == record.scores
                and sum(other.turns_taken) == record.turns
            ):
                edited = GameRecord.from_json(record.to_json())
                edited.actions = swapped
                return record, edited
    raise AssertionError("no game with a swappable payment in 50 seeds")


def test_swapped_payment_cards_make_replay_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The outcome is the same, so only the digest can notice the edit."""
    record, edited = swapped_payment()
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    good.write_text(record.to_json() + "\n", encoding="utf-8")
    bad.write_text(record.to_json() + "\n" + edited.to_json() + "\n", encoding="utf-8")
    assert main(["replay", str(good), "--quiet"]) == 0
    assert "replayed 1 game from" in capsys.readouterr().out  # singular
    assert main(["replay", str(bad), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"error: {bad} line 2: the record does not reproduce its game"
    )
    assert "edited" in err


def legacy_record(seed: int = 5) -> dict[str, object]:
    """A record as versions before rules versions and digests wrote it (of
    the first record format)."""
    from scavenger_env.cavein.engine import GameConfig
    from scavenger_env.cavein.simulate import play_random_game, record_from_game

    config = GameConfig(num_players=2, rules_version=1)
    state, actions = play_random_game(config, seed)
    data = record_from_game(config, seed, state, actions).to_dict()
    del data["digest"], data["digest_version"]
    del data["config"]["rules_version"]  # type: ignore[attr-defined]
    data["format_version"] = 1
    return data


def test_a_record_of_an_older_version_still_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.jsonl"
    data = legacy_record()
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "every outcome matches" in capsys.readouterr().out
    data["scores"] = [999, 0]  # without a digest, the outcome is still checked
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 2
    assert "recorded scores [999, 0]" in capsys.readouterr().err


def test_a_digest_removed_from_a_new_record_is_noticed(
    games_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = next(iter_records(games_file)).to_dict()
    del data["digest"], data["digest_version"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(data) + "\n", encoding="utf-8")
    assert main(["replay", str(bad), "--quiet"]) == 2
    assert "line 1: the record has no 'digest'" in capsys.readouterr().err


def test_records_carry_the_digest_of_their_game(games_file: Path) -> None:
    from scavenger_env.cavein.engine import game_digest
    from scavenger_env.cavein.simulate import replay_record

    for record in iter_records(games_file):
        state = replay_record(record)
        assert record.digest == game_digest(state, record.seed, record.actions)


CORRUPT_LINES = {
    "100,000 brackets": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "5,000-digit seed": ('{"seed":' + "7" * 5000 + "}", "more digits"),
    "seed beyond 64 bits": (None, "above the largest seed"),
    "duplicate seed": (None, "'seed' appears twice"),
}


def corrupt_line(kind: str, good: str) -> str:
    line, _ = CORRUPT_LINES[kind]
    if line is not None:
        return line
    if kind == "duplicate seed":
        return good.replace('"seed":', '"seed":1,"seed":', 1)
    data = json.loads(good)
    data["seed"] = 2**64
    return json.dumps(data)


@pytest.mark.parametrize("kind", sorted(CORRUPT_LINES))
def test_corrupt_lines_make_replay_exit_2_without_a_traceback(
    games_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    good = games_file.read_text(encoding="utf-8").splitlines()[0]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(good + "\n" + corrupt_line(kind, good) + "\n", encoding="utf-8")
    assert main(["replay", str(bad), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bad} line 2: ")
    assert CORRUPT_LINES[kind][1] in err
    assert "Traceback" not in err


# ------------------------------------------------------------------ commands


def test_pyproject_declares_exactly_the_known_commands() -> None:
    assert list(pyproject_commands()) == list(COMMAND_ORDER)


def test_commands_are_found_through_installed_entry_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = tmp_path / "scavenger_commands_probe-1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: scavenger-commands-probe\nVersion: 1\n"
    )
    entries = {"zz-extra": "scavenger_env.cli.simulate:add_command"}
    entries.update(reversed(list(PROJECT_COMMANDS.items())))
    (info / "entry_points.txt").write_text(
        "[scavenger_env.commands]\n"
        + "".join(f"{k} = {v}\n" for k, v in entries.items())
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    found = discovered_commands()
    # this project's first, in their order; then the others by name
    assert list(found)[: len(COMMAND_ORDER)] == list(COMMAND_ORDER)
    assert found["zz-extra"] == "scavenger_env.cli.simulate:add_command"


def test_no_installed_command_says_what_to_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # (the package's `main` attribute is the function: reach the module itself)
    module = importlib.import_module("scavenger_env.cli.main")
    monkeypatch.setattr(module, "entry_points", lambda group: [])
    assert installed_main(["simulate", "--games", "3"]) == 2
    err = capsys.readouterr().err
    assert "no commands are installed" in err
    assert "pip install -e ." in err
    assert installed_main(["--help"]) == 0  # says so too
    assert "pip install -e ." in capsys.readouterr().out
    assert installed_main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("scavenger-env ")


def test_a_command_that_cannot_load_is_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    commands = {**PROJECT_COMMANDS, "broken": "no_such_module_x:add_command"}
    assert installed_main(["--help"], commands=commands) == 2
    assert "command 'broken' (no_such_module_x:add_command) cannot be loaded" in (
        capsys.readouterr().err
    )


def test_every_command_takes_game(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (
        ["simulate"],
        ["replay"],
        ["bench", "engine"],
        ["bench", "env"],
        ["bench", "tournament"],
        ["play"],
        ["tournament"],
    ):
        assert main([*command, "--help"]) == 0
        assert "--game {cavein,hewns,krysis}" in capsys.readouterr().out, command


# ------------------------------------------------------------------ another game


def test_simulate_and_replay_another_game(
    bids_game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bids.jsonl"
    args = ["simulate", "--game", "bids", "--num-players", "2", "--games", "3"]
    assert main([*args, "--output", str(path)]) == 0
    records = list(iter_records(path))
    assert [r.game for r in records] == ["bids"] * 3
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "replayed 3 games" in capsys.readouterr().out
    assert main(["replay", str(path), "--viewer", "1"]) == 0
    out = capsys.readouterr().out
    assert "player 0's turn" in out or "player 1's turn" in out
    assert "  bid " in out
    assert main(["replay", str(path), "--game", "cavein", "--quiet"]) == 2
    assert "is for game 'bids', not 'cavein'" in capsys.readouterr().err
    assert main([*args, "--num-players", "5", "--output", str(path)]) == 2
    assert "--num-players 5: num_players=5: use 2, 3 or 4" in capsys.readouterr().err


def test_bench_another_game(bids_game, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--game", "bids", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sealed Bids (a test game) engine: random legal play")
    assert main(["bench", "env", "--game", "bids", "--seconds", "0.03", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["decisions_per_s"]["raw"]) == {"2", "3", "4"}
    assert data["raw_ratio"] > 0


@pytest.mark.parametrize("game", ["cavein", "krysis", "hewns"])
def test_a_rules_option_given_twice_is_refused(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--rules advanced=true,advanced=false` silently took the last value."""
    key = {"cavein": "allow_pass", "krysis": "advanced", "hewns": "score_carried"}[game]
    rules = f"{key}=true, {key} = false"
    path = tmp_path / "games.jsonl"
    args = ["simulate", "--game", game, "--games", "1", "--output", str(path)]
    assert main([*args, "--rules", rules]) == 2
    assert capsys.readouterr().err == (
        f"error: --rules {rules!r}: the option {key!r} is given twice "
        f"('{key}=true' and '{key} = false'); give each option once\n"
    )
    assert not path.exists()
    assert main([*args, "--rules", f"{key}=true"]) == 0  # once is fine


@pytest.mark.parametrize("viewer", ["x", "-1", "1.5", ""])
def test_replay_viewer_that_is_not_a_seat_number_is_an_error_line(
    games_file: Path, viewer: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--viewer x` printed argparse's usage; `--viewer 3` (a seat the game
    lacks) an `error: ...` line: both are now told the same way."""
    for quiet in ([], ["--quiet"]):
        assert main(["replay", str(games_file), f"--viewer={viewer}", *quiet]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == (
            f"error: --viewer {viewer!r}: a seat is a number, 0 for the first "
            "player (a game of N players has the seats 0..N-1)\n"
        )


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_master_seed_beyond_64_bits_is_refused(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seed of 2**64 + 7 was taken; every seed of the project fits 64 bits."""
    out = tmp_path / ("games.jsonl" if command == "simulate" else "run")
    args = [command, "--output", str(out), "--games", "1"]
    if command == "tournament":
        args += ["--players", "random,random", "--jobs", "1", "--no-progress"]
    assert main([*args, "--seed", str(2**64 + 7)]) == 2
    err = capsys.readouterr().err
    assert f"argument --seed: must be at most {2**64 - 1}" in err
    assert f"got {2**64 + 7}" in err
    assert not out.exists()
    assert main([*args, "--seed", str(2**64 - 1)]) == 0


def test_top_help_names_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    """`scavenger --help` spoke of "Star Scrappers games"; the games are named."""
    assert main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "the board games Cave-In, Hewns and Krysis" in text
    assert "Star Scrappers games" not in text


def test_one_player_is_one_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "1 players per game" in the errors of one seat."""
    assert main(["tournament", "--players", "random,random", "--num-players", "1",
                 "--games", "1", "--output", str(tmp_path / "t")]) == 2  # fmt: skip
    assert "error: 1 player per game: " in capsys.readouterr().err
    from scavenger_env.cli.common import UserError, rules_config
    from scavenger_env.core.games import get_game

    with pytest.raises(UserError, match=r"^1 player: "):
        rules_config(get_game("cavein"), 1, "")


def test_rules_reach_inside_a_mapping_option_and_the_values_in_force() -> None:
    """Hewns' card-data override is set a value at a time (`KEY.NAME.FIELD=V`,
    names with spaces too), and an entry of an unset list option starts from the
    value in force (`danger_faces[9]`, `effective_danger_faces`)."""
    from scavenger_env.cli.common import UserError, rules_config
    from scavenger_env.core.games import get_game

    hewns = get_game("hewns")
    config = rules_config(
        hewns,
        2,
        "card_data.Igil.cost=10,card_data.Major Miner.store=[5,5],"
        "card_data.Raw Substract.gems[0][0]=9,danger_faces[9]=lava",
    )
    assert config.card_data == {
        "Igil": {"cost": 10},
        "Major Miner": {"store": (5, 5)},
        "Raw Substract": {"gems": ((9, 2), (6, 3), (4, 3))},
    }
    assert config.danger_faces[8:] == ("blank", "lava")
    with pytest.raises(UserError, match=r"a Hewn's are cost, mine, ap"):
        rules_config(hewns, 2, "card_data.Igil.speed=3")
    with pytest.raises(UserError, match=r"pile at .x: the option is 28, not a"):
        rules_config(hewns, 2, "pile.x=3")
    with pytest.raises(UserError, match=r"has no option 'card_dat'"):
        rules_config(hewns, 2, "card_dat.Igil.cost=3")


def test_rules_take_lists_in_brackets_and_indexed_entries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--rules cave_in_thresholds=6,7,8` failed (the comma split the options)
    and no list could be written, though the error suggested one."""
    from scavenger_env.cli.common import UserError, rules_config
    from scavenger_env.core.games import get_game

    cavein = get_game("cavein")
    config = rules_config(cavein, 3, "cave_in_thresholds=[6, 7,8],allow_pass=true")
    assert config.cave_in_thresholds == (6, 7, 8)
    assert config.allow_pass is True
    config = rules_config(cavein, 2, "cave_in_thresholds[0]=5,artifact_costs[2]=9")
    assert config.cave_in_thresholds == (5, 8, 9)
    assert config.artifact_costs == (4, 6, 9)
    config = rules_config(
        cavein, 2, "cave_in_thresholds=[6,7,8],cave_in_thresholds[2]=10"
    )
    assert config.cave_in_thresholds == (6, 7, 10)
    names = "[Terron,Bioss,Metanel,Weedlock]"
    assert rules_config(cavein, 4, f"factions={names}").factions == (
        "Terron",
        "Bioss",
        "Metanel",
        "Weedlock",
    )
    with pytest.raises(UserError, match=r"has 3 entries, numbered 0 to 2"):
        rules_config(cavein, 2, "cave_in_thresholds[3]=5")
    with pytest.raises(UserError, match=r"max_rounds is \d+, not a list"):
        rules_config(cavein, 2, "max_rounds[0]=5")
    with pytest.raises(UserError, match=r"'7' is not KEY=VALUE .*in brackets"):
        rules_config(cavein, 2, "cave_in_thresholds=6,7,8")  # the issue's
    with pytest.raises(UserError, match=r"unbalanced brackets"):
        rules_config(cavein, 2, "cave_in_thresholds=[6,7,8")
    with pytest.raises(UserError, match=r"'cave_in_thresholds\[1\]' is given twice"):
        rules_config(cavein, 2, "cave_in_thresholds[1]=5,cave_in_thresholds[1]=6")
    with pytest.raises(UserError, match=r"has no option 'cave_in_threshold'"):
        rules_config(cavein, 2, "cave_in_threshold[1]=5")
    # the error's example is itself a value --rules takes
    with pytest.raises(UserError, match=r"e\.g\. \[7,8,9\]") as wrong:
        rules_config(cavein, 2, "cave_in_thresholds=[6,7]")
    example = str(wrong.value).rsplit("e.g. ", 1)[1]
    assert rules_config(cavein, 2, f"cave_in_thresholds={example}")

    path = tmp_path / "games.jsonl"
    args = ["simulate", "--game", "cavein", "--games", "1", "--output", str(path)]
    assert main([*args, "--rules", "cave_in_thresholds=[6,7,8]"]) == 0
    (record,) = iter_records(path)
    assert record.config["cave_in_thresholds"] == [6, 7, 8]


# ------------------------------------------------------------------ Hewns


def test_hewns_through_simulate_replay_tournament_and_bench(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command takes `--game hewns`: random games are written and
    replayed to the same outcomes, Hewns's bots meet in a tournament, and the
    engine is benchmarked."""
    path = tmp_path / "hewns.jsonl"
    args = ["simulate", "--game", "hewns", "--num-players", "3", "--games", "3"]
    assert main([*args, "--output", str(path), "--no-progress"]) == 0
    records = list(iter_records(path))
    assert [r.game for r in records] == ["hewns"] * 3
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "every outcome matches the record" in capsys.readouterr().out
    assert main(["replay", str(path), "--viewer", "1"]) == 0
    shown = capsys.readouterr().out
    assert "Round 1, the auction: player 0's turn" in shown
    assert "Final state (as player 1 sees it):" in shown and "Hewns in play:" in shown
    out = tmp_path / "t"
    players = "prospector,raider,ismcts:iterations=2,rollout_turns=1"
    tournament = ["tournament", "--game", "hewns", "--players", players]
    assert main([*tournament, "--num-players", "2", "--games", "6", "--jobs", "1",
                 "--no-progress", "--output", str(out)]) == 0  # fmt: skip
    table = capsys.readouterr().out
    assert "tournament: 6 games of hewns with 2 players" in table
    assert "prospector" in table and "raider" in table
    assert (out / "summary.json").is_file()
    assert main(["bench", "engine", "--game", "hewns", "--seconds", "0.05"]) == 0
    assert capsys.readouterr().out.startswith("Hewns engine: random legal play")
    assert main(["tournament", "--game", "hewns", "--list-players"]) == 0
    listed = capsys.readouterr().out
    for name in ("human", "ismcts", "prospector", "raider", "random"):
        assert f"\n  {name} " in listed


def test_bench_takes_rules_options(capsys: pytest.CaptureFixture[str]) -> None:
    """`--rules` reaches every game the benchmark plays (a cap of 5 decisions
    makes every game 5 decisions long), and a wrong option is refused before
    anything is measured."""
    args = ["bench", "engine", "--game", "hewns", "--seconds", "0.01", "--json"]
    assert main([*args, "--rules", "max_decisions=5"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert all(v <= 5 for v in result["decisions_per_game"].values())
    for target in ("engine", "env"):
        code = main(["bench", target, "--game", "hewns", "--rules", "cards=bogus"])
        assert code != 0
        err = capsys.readouterr().err
        assert "cards='bogus'" in err and "Traceback" not in err
