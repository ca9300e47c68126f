"""Play in the browser (`agents.web_play`, `scavenger play --web`) without a
browser: the game session's rules and records, and the command line. The page
itself is driven by a real browser in tests/browser/test_web_play.py."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from project_commands import PROJECT_COMMANDS

from agents.play import Console, play_match
from agents.registry import make_agent
from agents.web_play import WebGame, WebPlayError
from scavenger_env.cli import main as installed_main
from scavenger_env.core.games import get_game
from scavenger_env.core.records import GameRecord
from scavenger_env.core.simulate import replay_record


def main(argv: Sequence[str]) -> int:
    return installed_main(argv, commands=PROJECT_COMMANDS)


class Replayer:
    """Makes the given choices in order (the person's, replayed)."""

    name = "replayer"

    def __init__(self, choices: list[int]) -> None:
        self.choices = list(choices)

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        return self.choices.pop(0)


def play_web(name: str, seed: int, bot: str, pick: np.random.Generator) -> WebGame:
    """A whole web game, the person choosing at random through `choose`."""
    game = get_game(name)
    records: list[GameRecord] = []
    session = WebGame(
        game,
        game.make_config(2),
        seed,
        [None, make_agent(bot, game=name)],
        ["you", bot],
        0,
        on_over=lambda r: records.append(r) or "kept",
    )
    while not session.view()["over"]:
        choices = session.view()["choices"]
        session.choose(choices[int(pick.integers(len(choices)))]["action"])
    assert len(records) == 1 and session.view()["saved"] == "kept"
    session.record = records[0]  # type: ignore[attr-defined]
    return session


@pytest.mark.parametrize(("name", "bot"), [("cavein", "greedy"), ("krysis", "random")])
def test_a_web_game_is_the_terminal_game_with_the_same_choices(
    name: str, bot: str
) -> None:
    """The same seed and the same choices make the same game in the terminal
    (`play_match`) and in the browser: the same rolls, the same bot moves, the
    same record."""
    session = play_web(name, 7, bot, np.random.default_rng(1))
    record: GameRecord = session.record  # type: ignore[attr-defined]
    game = get_game(name)
    state = game.new_game(game.config_from_dict(record.config), record.seed)
    mine = []
    for action in record.actions:
        if not game.is_chance_node(state) and game.current_player(state) == 0:
            mine.append(action)
        game.apply_action(state, action)
    lines: list[str] = []
    result = play_match(
        game.make_config(2),
        7,
        [Replayer(mine), bot],
        Console(output=lines.append),
        game=name,
    )
    assert result.actions == record.actions
    assert replay_record(record) is not None


def test_a_choice_that_is_not_legal_changes_nothing() -> None:
    game = get_game("cavein")
    session = WebGame(
        game, game.make_config(2), 3, [None, make_agent("random")], ["you", "random"], 0
    )
    before = game.clone(session.state)
    log, actions = list(session.log), list(session.actions)
    legal = game.legal_actions(session.state)
    for bad, said in [
        (True, "integer id"),
        (2.0, "integer id"),
        (None, "integer id"),
        (10**6, "not one of your choices"),
        (next(a for a in range(game.num_actions) if a not in legal), "not one of"),
    ]:
        with pytest.raises(WebPlayError, match=said):
            session.choose(bad)
        assert game.same_state(session.state, before)
        assert session.log == log and session.actions == actions


def test_the_view_shows_only_the_person_s_seat() -> None:
    game = get_game("krysis")
    session = WebGame(
        game,
        game.make_config(3),
        4,
        [
            make_agent("random", game="krysis"),
            None,
            make_agent("random", game="krysis"),
        ],
        ["a", "you", "b"],
        1,
    )
    view = session.view()
    assert view["picture"] == game.picture(session.state, 1).svg
    assert [c["action"] for c in view["choices"]] == game.legal_actions(session.state)
    assert all(
        c["name"] == game.describe_action(session.state, c["action"], 1)
        for c in view["choices"]
    )
    assert view["labels"][1] == "player 1 (you)"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--web", "--players", "human,human"], "one person"),
        (["--web", "--players", "random,random"], "lists 0 human seats"),
        (
            ["--port", "9000", "--players", "random,random"],
            "--host and --port are for --web",
        ),
    ],
)
def test_play_web_refuses_what_it_cannot_serve(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--seed", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_play_web_serves_on_the_loopback_address_and_says_where(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "scavenger_env.cli",
        "play",
        "--web",
        "--port",
        "0",
    ]
    command += [
        "--players",
        "human,random",
        "--seed",
        "5",
        "--output",
        str(tmp_path / "g.jsonl"),
    ]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert "open http://127.0.0.1:" in first
        url = first.split("open ", 1)[1].split()[0]
        with urllib.request.urlopen(url + "state", timeout=30) as reply:
            view = json.loads(reply.read())
        assert view["seat"] == 0 and view["choices"] and not view["over"]
        with urllib.request.urlopen(url, timeout=30) as reply:
            assert b"<title>Star Scrappers: Cave-In</title>" in reply.read()
    finally:
        server.terminate()
        server.wait(timeout=30)
