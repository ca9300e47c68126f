"""Options of one game are refused for another, naming the game they belong to,
rather than dropped unseen; unknown card sets are refused."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import pytest
from project_commands import PROJECT_COMMANDS

from scavenger_env.cli import main as installed_main
from scavenger_env.cli.common import (
    UserError,
    add_game_specific_option,
    game_specific_values,
)
from scavenger_env.core.games import get_game


def main(argv: Sequence[str]) -> int:
    return installed_main(argv, commands=PROJECT_COMMANDS)


CAVEIN_SETUP = [
    ("--start-player", "7"),
    ("--factions", "first_game"),
    ("--merc-distribution", "4/4/3/2"),
    ("--weedlock-text", "de"),
]


@pytest.mark.parametrize("game", ["hewns", "krysis"])
@pytest.mark.parametrize(("flag", "value"), CAVEIN_SETUP)
def test_play_refuses_cave_ins_set_up_for_another_game(
    game: str, flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--game", game, "--players", "random,random", "--seed", "1"]
    assert main([*argv, flag, value]) == 2
    captured = capsys.readouterr()
    assert f"{flag} is an option of cavein, not of {game}" in captured.err
    assert captured.out == ""  # refused before the game starts


def test_play_takes_cave_ins_set_up_for_cave_in(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "--game", "cavein", "--players", "random,random", "--seed", "1"]
    argv += ["--start-player", "1", "--factions", "first_game"]
    assert main(argv) == 0
    assert "Winner" in capsys.readouterr().out


def test_the_mechanism_names_every_game_with_the_field() -> None:
    parser = argparse.ArgumentParser()
    add_game_specific_option(parser, "--rules-version", field="rules_version")
    add_game_specific_option(parser, "--advanced", field="advanced")
    args = parser.parse_args(["--rules-version", "1"])
    assert game_specific_values(args, get_game("hewns")) == {"rules_version": "1"}
    args = parser.parse_args(["--advanced", "true"])
    with pytest.raises(UserError, match="--advanced is an option of krysis, not of"):
        game_specific_values(args, get_game("cavein"))
    assert game_specific_values(parser.parse_args([]), get_game("cavein")) == {}


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_unknown_card_sets_are_refused_on_the_command_line(
    command: str, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "g.jsonl"
    argv = [command, "--game", "hewns", "--rules", "cards=everything"]
    argv += ["--output", str(out)]
    if command == "play":
        argv += ["--players", "random,random", "--seed", "1"]
    assert main(argv) == 2
    assert "'core' or 'terrain' or 'nanas' or 'complete'" in capsys.readouterr().err
    assert not out.exists()
