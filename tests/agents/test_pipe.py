"""Bots in their own process (`exec`, `agents.pipe`): the example bots play
tournaments; a bot that breaks the protocol (garbage, a hang, a flood, a crash,
an illegal or stale answer, no hello) is handled as documented and the
tournament goes on; what a bot is sent is its seat's view."""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from project_commands import PROJECT_COMMANDS

import agents.pipe
from agents.pipe.agent import ProcessAgent
from agents.pipe.protocol import BotProtocolError, parse_action, parse_hello
from agents.tournament import make_plan, run_tournament
from agents.tournament.errors import AgentError
from scavenger_env.cli import main as installed_main
from scavenger_env.core.records import iter_records
from scavenger_env.core.simulate import replay_record

EXAMPLES = Path(agents.pipe.__file__).parent / "examples"
PY = f"{sys.executable} {EXAMPLES / 'random_bot.py'}"


def main(argv: Sequence[str]) -> int:
    return installed_main(argv, commands=PROJECT_COMMANDS)


def bot_file(tmp_path: Path, name: str, body: str) -> str:
    """A hostile bot: the example's loop with `body` deciding what to write for
    an `act` (it has `message`, `out`: write a line, `n`: the decision)."""
    source = textwrap.dedent(
        """
        import json, sys, time
        def out(text):
            sys.stdout.write(text + "\\n"); sys.stdout.flush()
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "hello":
                out(json.dumps({"type": "hello", "version": 1, "name": "hostile"}))
            elif message["type"] == "act":
                n = message["decision"]
                legal = [c["id"] for c in message["legal"]]
        """
    ) + textwrap.indent(textwrap.dedent(body), " " * 8)
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    return f"{sys.executable} {path}"


def play(tmp_path: Path, specs: str, games: int = 2, game: str = "cavein") -> list[Any]:
    plan = make_plan(specs, 2, games=games, seed=3, game=game)
    run_tournament(plan, tmp_path / "t", jobs=1)
    return list(iter_records(tmp_path / "t" / "games.jsonl"))


@pytest.mark.parametrize(
    "command",
    [PY, f"node {EXAMPLES / 'random_bot.js'}"],
    ids=["python", "javascript"],
)
def test_the_example_bots_play_a_tournament(tmp_path: Path, command: str) -> None:
    records = play(tmp_path, f'exec:"{command}",name=bot,random', games=4)
    assert len(records) == 4
    for record in records:
        replay_record(record)
        assert "bot_errors" not in (record.meta or {})
    again = tmp_path / "again"
    again.mkdir()
    assert [r.actions for r in play(again, f'exec:"{command}",name=bot,random', 4)] == [
        r.actions for r in records
    ]  # the bot seeds from `start`: a rerun is the same tournament


@pytest.mark.parametrize(
    ("name", "body", "said"),
    [
        ("garbage", 'out("not json at all")', "not JSON"),
        (
            "illegal",
            'out(json.dumps({"type": "action", "decision": n, "id": -5}))',
            "not among the legal ids",
        ),
        (
            "wrong",
            'out(json.dumps({"type": "move", "decision": n, "id": legal[0]}))',
            "not 'action'",
        ),
        (
            "future",
            'out(json.dumps({"type": "action", "decision": n + 1, "id": legal[0]}))',
            "decision 1 was asked",
        ),
        ("hang", "time.sleep(30)", "did not answer within"),
        ("flood", 'out("x" * (1 << 21))', "longer than"),
        ("dies", "sys.exit(3)", "exited with status 3"),
    ],
)
def test_a_bot_that_breaks_the_protocol_plays_at_random_and_is_recorded(
    tmp_path: Path, name: str, body: str, said: str
) -> None:
    command = bot_file(tmp_path, name, body)
    spec = f'exec:"{command}",time=0.05,bank=0.1,max_errors=2,name=bad,random'
    records = play(tmp_path, spec, games=2)
    assert len(records) == 2  # the tournament went on
    for record in records:
        replay_record(record)
        seat = str(record.players.index("bad"))
        errors = record.meta["bot_errors"][seat]
        assert said in errors[0], errors
        assert (
            errors[-1].endswith(
                "(it is gone)" if name in ("flood", "dies") else "(2 errors)"
            )
            and "plays at random for the rest of the game" in errors[-1]
        )


def test_a_late_answer_to_an_earlier_decision_is_skipped(tmp_path: Path) -> None:
    body = """
    if n == 1:
        time.sleep(0.4)  # past its time: decision 1 is played at random
    out(json.dumps({"type": "action", "decision": n, "id": legal[0]}))
    """
    command = bot_file(tmp_path, "late", body)
    records = play(
        tmp_path, f'exec:"{command}",time=0.3,bank=0,max_errors=5,name=late,random', 1
    )
    record = records[0]  # one deal, played in both seatings
    errors = record.meta["bot_errors"][str(record.players.index("late"))]
    assert len(errors) == 1 and "decision 1: did not answer" in errors[0]


def test_the_time_bank_pays_for_slow_decisions_until_it_is_spent(
    tmp_path: Path,
) -> None:
    body = """
    time.sleep(0.15)
    out(json.dumps({"type": "action", "decision": n, "id": legal[0]}))
    """
    command = bot_file(tmp_path, "slow", body)
    # 0.05 s a decision, 0.5 s of bank: about five slow decisions are paid for,
    # then the bank is spent and the rest time out.
    spec = f'exec:"{command}",time=0.05,bank=0.5,max_errors=3,name=slow,random'
    record = play(tmp_path, spec, games=1)[0]
    errors = record.meta["bot_errors"][str(record.players.index("slow"))]
    first = int(errors[0].split("decision ")[1].split(":")[0])
    assert 3 <= first <= 8, errors


def test_on_error_fail_stops_the_tournament_naming_the_bot(tmp_path: Path) -> None:
    command = bot_file(tmp_path, "garbage", 'out("nonsense")')
    plan = make_plan(
        f'exec:"{command}",on_error=fail,name=bad,random', 2, games=2, seed=1
    )
    with pytest.raises(AgentError, match="not JSON"):
        run_tournament(plan, tmp_path / "t", jobs=1)


def test_a_program_that_does_not_start_or_say_hello(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(agents.pipe.agent, "START_TIME", 0.5)  # not the 10 s
    silent = tmp_path / "silent.py"
    silent.write_text("import sys\nfor line in sys.stdin: pass\n", encoding="utf-8")
    for command, said in [
        ("no-such-program-here", "cannot start"),
        (f"{sys.executable} {silent}", "did not say hello"),
    ]:
        agent = ProcessAgent(cmd=command, max_errors=3)
        from scavenger_env.core.games import get_game
        from scavenger_env.core.seat_view import SeatView

        game = get_game("krysis")
        state = game.new_game(game.make_config(2), 1)
        agent.reset(0, game.make_config(2))
        legal = game.legal_actions(state)
        agent.act(SeatView(state, 0, game=game), legal, np.random.default_rng(0))
        assert said in agent.errors[0] and agent.disqualified
        agent.close()


def test_what_a_bot_is_sent_is_its_seat_s_view(tmp_path: Path) -> None:
    """A bot that writes every message it gets to a file: the observation is the
    environment's for its seat, the legal actions named as that seat reads them."""
    log = tmp_path / "seen.jsonl"
    body = f"""
    open({str(log)!r}, "a").write(json.dumps(message) + "\\n")
    out(json.dumps({{"type": "action", "decision": n, "id": legal[0]}}))
    """
    command = bot_file(tmp_path, "spy", body)
    from scavenger_env.core.games import get_game
    from scavenger_env.core.seat_view import SeatView

    game = get_game("krysis")
    config = game.make_config(3)
    state = game.new_game(config, 4)
    agent = ProcessAgent(cmd=command)
    agent.reset(1, config)
    rng = np.random.default_rng(0)
    seen = 0
    while not game.is_over(state) and seen < 12:
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        if seat == 1:
            view = SeatView(state, 1, game=game)
            action = agent.act(view, legal, rng)
            message = json.loads(log.read_text().splitlines()[-1])
            assert message["legal"] == [
                {"id": a, "name": view.describe(a)} for a in legal
            ]
            assert np.allclose(message["observation"]["vector"], view.observation())
            assert set(message["observation"]) == {"vector", "named"}
            seen += 1
        else:
            action = legal[0]
        game.apply_action(state, action)
    agent.finish([0, 0, 0], [0])
    assert seen == 12 and agent.errors == []


def test_parsing_an_answer() -> None:
    assert parse_hello('{"type": "hello", "version": 1, "name": "x"}') == (
        "x",
        ("vector", "named"),
        False,
        False,
    )
    said = parse_hello('{"type": "hello", "version": 1, "observation": []}')
    assert (said.name, said.forms) == ("", ())
    said = parse_hello('{"type": "hello", "version": 1, "state": true, "rng": true}')
    assert said.state and said.rng
    with pytest.raises(BotProtocolError, match="say true or false"):
        parse_hello('{"type": "hello", "version": 1, "state": "yes"}')
    with pytest.raises(BotProtocolError, match="ask for a list"):
        parse_hello('{"type": "hello", "version": 1, "observation": "all"}')
    with pytest.raises(BotProtocolError, match="version 2"):
        parse_hello('{"type": "hello", "version": 2}')
    assert parse_action('{"type": "action", "decision": 4, "id": 7}', 4, [7]) == 7
    assert parse_action('{"type": "action", "decision": 3, "id": 7}', 4, [7]) is None
    for bad in ('{"type": "action", "decision": 4, "id": true}', "[1]", "{"):
        with pytest.raises(BotProtocolError):
            parse_action(bad, 4, [1])


def test_exec_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t"
    argv = ["tournament", "--players", f'exec:"{PY}",name=py,random', "--games", "2"]
    assert main([*argv, "--watch", "0", "--no-progress", "--output", str(out)]) == 0
    assert "py" in capsys.readouterr().out
    assert (
        main(
            ["tournament", "--players", "exec,random", "--output", str(tmp_path / "u")]
        )
        == 2
    )
    assert "exec needs the program to run" in capsys.readouterr().err


def test_a_batch_of_games_in_one_process(tmp_path: Path) -> None:
    """With batch=N a program plays N games before it is ended: a bot that counts
    its starts says so in its name's file."""
    starts = tmp_path / "starts.txt"
    body = """
    out(json.dumps({"type": "action", "decision": n, "id": legal[0]}))
    """
    command = bot_file(tmp_path, "counting", body)
    source = Path(command.split()[1])
    source.write_text(
        f"open({str(starts)!r}, 'a').write('started\\n')\n" + source.read_text(),
        encoding="utf-8",
    )
    records = play(tmp_path, f'exec:"{command}",batch=3,name=b,random', games=6)
    assert len(records) == 6
    assert all("bot_errors" not in (r.meta or {}) for r in records)
    assert starts.read_text().count("started") == 2  # 6 games, 3 a process


def test_a_program_is_an_opponent_in_training_s_single_agent_env() -> None:
    """The league of training plays its opponents through `SingleAgentEnv`: a
    program seated there plays episode after episode in one process."""
    from agents.registry import make_agent
    from scavenger_env.core.single_agent import SingleAgentEnv

    opponent = make_agent(f'exec:"{PY}"', game="krysis")
    env = SingleAgentEnv("krysis", 2, opponents=[opponent])
    rng = np.random.default_rng(1)
    for episode in range(2):
        env.reset(seed=episode)
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, _, ended, truncated, _ = env.step(int(rng.choice(legal)))
            done = ended or truncated
    assert opponent.errors == [] and opponent.bot_name == "random (Python)"
    opponent.close()
