"""The human agent and `scavenger play`: whole games driven through scripted input."""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pytest

from agents.base import SeatView
from agents.cavein.human import HELP_TEXT, CaveInHumanAgent, rules_text
from agents.human import HumanAgent, QuitGame
from agents.play import Console, play_match
from agents.registry import make_agent
from scavenger_env.cavein.engine import (
    GameConfig,
    apply_action,
    final_scores,
    legal_actions,
    new_game,
    winners,
)
from scavenger_env.cli import main

_PROMPT = re.compile(r"Your choice \(1-(\d+), or help / look / cards / quit\): $")


class Script:
    """Answers prompts: first the given lines, then valid numbers from a seeded rng.

    Everything shown (prompts and output) is kept in `lines`.
    """

    def __init__(self, first: Iterable[str] = (), seed: int = 0) -> None:
        self.first = list(first)
        self.rng = np.random.default_rng(seed)
        self.lines: list[str] = []
        self.prompts = 0

    def input(self, prompt: str) -> str:
        self.lines.append(prompt)
        self.prompts += 1
        if self.first:
            return self.first.pop(0)
        match = _PROMPT.search(prompt)
        assert match, f"unexpected prompt {prompt!r}"
        k = int(match.group(1))
        return str(int(self.rng.integers(1, k + 1)))

    def output(self, text: str) -> None:
        self.lines.extend(str(text).split("\n"))

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def bad_entry(k: int) -> str:
    return f"Type 1 to {k}, or help / look / cards / quit."


def test_registry_builds_the_human_agent() -> None:
    assert isinstance(make_agent("human"), CaveInHumanAgent)
    assert isinstance(make_agent("human"), HumanAgent)


def test_a_whole_game_through_scripted_input() -> None:
    config = GameConfig(num_players=3)
    script = Script(["help", "rules", "x", "0", "99", "  HELP "], seed=1)
    result = play_match(
        config, 5, ["human", "random", "random"], Console(script.input, script.output)
    )
    text, lines = script.text, script.lines

    assert not result.quit
    assert result.state.is_over
    assert result.scores == final_scores(result.state)
    assert result.winners == winners(result.state)
    assert script.prompts > 50  # many decisions, all answered through the script

    # Each list of choices is numbered 1..k (a long one goes on, indented, on
    # the next line) and followed by the prompt for 1..k.
    blocks = [i for i, line in enumerate(lines) if line == "Your choices:"]
    assert len(blocks) >= script.prompts - 6  # every decision, and after help/rules
    for head in blocks:
        end = head + 1
        numbers = []
        while re.match(r" +\d+\. \S", lines[end]) or (
            numbers and re.match(r" {6,}\S", lines[end])
        ):
            if re.match(r" +\d+\. \S", lines[end]):
                numbers.append(lines[end].split(".", 1)[0].strip())
            end += 1
        k = len(numbers)
        assert k >= 2  # a single choice is taken, not offered
        assert numbers == [str(n) for n in range(1, k + 1)]
        match = _PROMPT.search(lines[end])
        assert match and int(match.group(1)) == k
    # Rules 2: the turn ends once its actions are taken, a forced choice.
    assert "Only choice: end the turn - taken." in text
    assert re.search(r"^ +\d+\. (recruit|mine) ", text, re.M)

    # help, rules and the bad entries got their answers, then play went on.
    assert text.count(HELP_TEXT) == 2
    assert rules_text(config) in text
    first_k = int(_PROMPT.search(next(ln for ln in lines if _PROMPT.search(ln)))[1])
    assert f"'x' is not a choice. {bad_entry(first_k)}" in text
    assert f"There is no choice 0. {bad_entry(first_k)}" in text
    assert f"There is no choice 99. {bad_entry(first_k)}" in text
    assert "You chose: " in text

    # The picture is always from the human's seat; opponents' unseen cards hidden.
    assert "-- you (player 0)" in text
    assert "-- you (player 1)" not in text and "-- you (player 2)" not in text
    assert "? (level " in text
    assert "=== Round 1: your turn ===" in text

    # The bots' moves, one line per decision.
    bot_lines = [ln for ln in lines if re.match(r"player [12] \(random\): \S", ln)]
    assert len(bot_lines) == len(result.actions) - sum(
        1 for ln in lines if ln.startswith(("You chose: ", "Only choice: "))
    )
    assert not any(ln.startswith("player 0 (you):") for ln in lines)

    # The end: final scores with the breakdown, and the winners.
    assert "=== Game over: " in text
    assert re.search(
        r"^ +total  crystals  sets  artifacts  totems  subjugated$", text, re.M
    )
    for seat, label in enumerate(["player 0 (you)", "player 1 (random)"]):
        assert re.search(
            rf"^  {re.escape(label)} +{result.scores[seat]}( +\d+){{5}}$", text, re.M
        )
    assert all(len(line) <= 80 for line in lines), "a line wider than 80 columns"
    # The closing sentence (wrapped to 80 columns) names the winners.
    closing = lines[-1]
    for line in reversed(lines[:-1]):
        if closing.startswith(("Winner: player", "Tie at")):
            break
        closing = line + " " + closing.strip()
    assert closing.startswith(("Winner: player", "Tie at"))
    assert closing.endswith(
        "You win!" if 0 in result.winners else "Better luck next time."
    )


def test_what_the_human_sees_does_not_depend_on_hidden_information() -> None:
    """At each of seat 0's decisions the agent prints the same text for the true
    state and for a state sampled from seat 0's view (hidden cards redrawn)."""
    from scavenger_env.cavein.engine.view import determinize

    rng = np.random.default_rng(0)
    for seed in (1, 2):
        state = new_game(GameConfig(num_players=3), seed)
        checked = 0
        while not state.is_over:
            legal = legal_actions(state)
            if state.current_player == 0:
                shown: list[list[str]] = []
                for s in (
                    state,
                    determinize(state, 0, rng),
                    determinize(state, 0, rng),
                ):
                    out: list[str] = []
                    agent = CaveInHumanAgent(lambda p: "1", out.append)
                    agent.reset(0, state.config)
                    agent.act(SeatView(s, 0), legal, rng)
                    shown.append(out)
                assert shown[0] == shown[1] == shown[2]
                checked += 1
            apply_action(state, int(rng.choice(legal)))
        assert checked > 20


def test_a_game_can_be_quit_after_confirming() -> None:
    script = Script(["quit", "n", "quit", "yes"])
    result = play_match(
        GameConfig(num_players=2, start_player=0),
        3,
        ["human", "random"],
        Console(script.input, script.output),
    )
    assert result.quit
    assert result.actions == []
    assert not result.state.is_over
    assert "Really quit this game? (y/n): " in script.lines
    assert "Carrying on." in script.lines
    assert script.lines[-1] == (
        "Game abandoned in round 1 (you quit): no scores are recorded. Goodbye."
    )
    assert "Final scores (VP):" not in script.text


def test_the_end_of_input_ends_the_game_cleanly() -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    out: list[str] = []
    result = play_match(
        GameConfig(num_players=2), 3, ["random", "human"], Console(closed, out.append)
    )
    assert result.quit
    assert out[-1].startswith("Game abandoned in round ")
    assert "(the input ended)" in out[-1]


def _decision(forced: bool, seed: int = 0) -> tuple[SeatView, list[int]]:
    """The first decision with exactly one (forced) or several choices."""
    rng = np.random.default_rng(seed)
    state = new_game(GameConfig(num_players=2), seed)
    while (len(legal_actions(state)) == 1) != forced:
        apply_action(state, int(rng.choice(legal_actions(state))))
    return SeatView(state, state.current_player), legal_actions(state)


def test_a_single_choice_is_taken_with_a_note() -> None:
    """A forced decision reads no input: the one choice is taken and said."""
    view, legal = _decision(forced=True)

    def no_input(prompt: str) -> str:
        raise AssertionError(f"asked {prompt!r} for a forced choice")

    out: list[str] = []
    agent = CaveInHumanAgent(input_fn=no_input, output_fn=out.append)
    agent.reset(view.seat, view.config)
    assert agent.act(view, legal, np.random.default_rng()) == legal[0]
    assert out[-1] == f"Only choice: {view.describe(legal[0])} - taken."


def test_quit_raises_quit_game_from_act() -> None:
    answers = iter(["q", "y"])
    agent = CaveInHumanAgent(input_fn=lambda p: next(answers), output_fn=lambda t: None)
    view, legal = _decision(forced=False)
    agent.reset(view.seat, view.config)
    with pytest.raises(QuitGame):
        agent.act(view, legal, np.random.default_rng())


def test_bots_alone_play_a_reproducible_game() -> None:
    def run() -> tuple[list[int], list[str]]:
        out: list[str] = []
        r = play_match(
            GameConfig(num_players=4), 11, ["random"] * 4, Console(output=out.append)
        )
        return r.actions, out

    (a1, out1), (a2, out2) = run(), run()
    assert a1 == a2 and out1 == out2
    assert "Type help" not in out1[1]
    assert out1[-1].startswith(("Winner: player", "Tie at"))
    assert "You win" not in out1[-1]


def test_play_match_checks_the_seat_count() -> None:
    with pytest.raises(ValueError, match="3 players given for a 2-player game"):
        play_match(GameConfig(num_players=2), 1, ["human", "random", "random"])


# ------------------------------------------------------------------ the CLI


def test_cli_play_with_patched_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = Script(["rules", "abc"], seed=2)
    monkeypatch.setattr(builtins, "input", script.input)
    record = tmp_path / "game.jsonl"
    status = main(
        [
            "play",
            "--players",
            "human,random",
            "--num-players",
            "3",
            "--seed",
            "7",
            "--factions",
            "first_game",
            "--output",
            str(record),
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "3 players, seed 7.\nSeats: player 0 (you), player 1 (random), " in out
    assert "player 2 (random)." in out
    assert "Factions: Terron, Hy'dran, Mineggler, Metanel" in out
    assert "RULES IN SHORT" in out
    assert "'abc' is not a choice. Type 1 to " in out
    assert re.search(r"^player 2 \(random\): ", out, re.M)
    assert "Final scores (VP):" in out
    assert f"game record written to {record}" in out
    assert main(["replay", str(record), "--quiet"]) == 0
    assert "every outcome matches the record" in capsys.readouterr().out


def test_cli_play_shows_the_names_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["quit", "y"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    argv = ["play", "--seed", "1", "--start-player", "0", "--num-players", "3"]
    players = "human,ismcts:iterations=2,name=searcher"
    assert main([*argv, "--players", players]) == 0
    out = capsys.readouterr().out
    # the extra seat copies the last bot, not its name
    assert "player 1 (searcher), player 2 (ismcts)" in out
    assert main([*argv, "--players", "human,random:name=x,greedy:name=x"]) == 2
    assert "players 2 and 3 are both named 'x'; rename one" in capsys.readouterr().err


def test_cli_play_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["quit", "y"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "--seed", "1", "--start-player", "0"]) == 0
    assert "Game abandoned in round 1 (you quit)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--players", "human,nosuch"],
            "error: --players: unknown player 'nosuch'; choose from: ",
        ),
        (["--players", "human,,random"], "has an empty name"),
        (["--players", "human"], "a game has 2 to 4 players, not 1"),
        (
            ["--players", "random,random,random", "--num-players", "2"],
            "lists 3 players",
        ),
        (["--players", "human,random", "--factions", "terron,nope"], "factions"),
        (["--players", "human,random", "--start-player", "5"], "start_player"),
    ],
)
def test_cli_play_user_errors_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_cli_play_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    assert "usage: scavenger play" in out
    assert "--players" in out and "--seed" in out and "--factions" in out
    text = " ".join(out.split())
    # both games, and every bot of the registry (ppo was missing)
    assert "Play one game of Cave-In, Hewns or Krysis (--game)" in text
    assert "cavein: az, collector, greedy, ismcts, miner, ppo, raider, random" in text
    assert "krysis: az, bandit, greedy, hauler, ismcts, ppo, random" in text
    assert "hewns: az, greedy, ismcts, ppo, prospector, raider, random" in text


def test_a_whole_game_against_ismcts_the_issue_example() -> None:
    """`scavenger play --players human,ismcts`: the search bot answers in turn and
    the game reaches its final scores."""
    script = Script(seed=4)
    result = play_match(
        GameConfig(num_players=2),
        9,
        ["human", "ismcts:iterations=3,rollout_turns=1"],
        Console(script.input, script.output),
    )
    assert not result.quit and result.state.is_over
    assert re.search(r"^player 1 \(ismcts\): ", script.text, re.M)
    assert "Final scores (VP):" in script.text
