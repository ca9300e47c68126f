"""Agent options (`name:key=value`) are checked against their declared types, and
a mistake names the player, the option, what was wrong and the valid choices."""

from __future__ import annotations

import inspect
import sys
import types
from pathlib import Path

import numpy as np
import pytest

from agents.base import Agent
from agents.registry import (
    REGISTRY,
    AgentSpecError,
    agent_options,
    describe_agents,
    make_agent,
)
from scavenger_env.cavein.engine import GameConfig
from scavenger_env.cli import main

BUILT_IN = ("random", "greedy", "miner", "raider", "collector", "ismcts", "human")


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        # the four
        (
            "ismcts:iterations=abc",
            [
                "player 2 of 2 (ismcts): option iterations=abc is not an int",
                "options: iterations (int, default 50, none when time is set)",
                "time (float, default 0)",
            ],
        ),
        (
            "miner:slack=abc",
            ["player 2 of 2 (miner): option slack=abc is not a number"],
        ),
        (
            "ismcts:iteration=10",
            [
                "(ismcts): no option 'iteration' (did you mean iterations?)",
                "width (int",
            ],
        ),
        ("ismcts:iterations=1.5", ["option iterations=1.5 is not an int"]),
        # and the rest of the checks
        ("ismcts:rollout=fast", ["rollout=fast is not one of quick, full, random"]),
        ("ismcts:policy=human", ["policy=human is not one of greedy, miner"]),
        ("ismcts:time=nan", ["time=nan is not a finite number"]),
        ("ismcts:time=1,time=2", ["option time is given twice"]),
        ("ismcts:iterations=-1", ["(ismcts): ismcts needs iterations >= 0"]),
        ("raider:slack", ["bad option 'slack'; write key=value", "slack (float"]),
        ("greedy:depth=2", ["(greedy): no option 'depth'; greedy takes no options"]),
    ],
)
def test_a_bad_option_names_player_option_and_choices(
    spec: str, words: list[str]
) -> None:
    with pytest.raises(AgentSpecError) as caught:
        make_agent(spec, "player 2 of 2")
    for word in words:
        assert word in str(caught.value)


def test_good_values_take_the_declared_types() -> None:
    agent = make_agent("ismcts:iterations=7,time=0.5,exploration=1,rollout=full")
    assert (agent.iterations, agent.time, agent.rollout) == (7, 0.5, "full")  # type: ignore[attr-defined]
    assert type(agent.iterations) is int  # type: ignore[attr-defined]
    assert type(agent.exploration) is float and agent.exploration == 1.0  # type: ignore[attr-defined]
    miner = make_agent("miner: slack = 1 , min_gain=-0.5")
    assert (miner.slack, miner.min_gain) == (1.0, -0.5)  # type: ignore[attr-defined]


def test_the_listed_defaults_are_the_true_ones() -> None:
    """`ismcts` defaults to 50 iterations (its signature's 0 stands for that)."""
    from agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent

    iterations = agent_options("ismcts")["iterations"]
    assert iterations.describe().startswith(
        f"iterations (int, default {DEFAULT_ITERATIONS},"
    )
    assert ISMCTSAgent().iterations == DEFAULT_ITERATIONS
    assert agent_options("miner")["slack"].describe() == "slack (float, default 0.5)"
    assert "input_fn" not in agent_options("human")  # hooks, not spec options


class Plain:
    """Stand-in whose options are known by their defaults only."""

    name = "plain"

    def __init__(self, width=3, label="x", loud=False, hook=None):  # type: ignore[no-untyped-def]
        self.width, self.label, self.loud = width, label, loud

    def reset(self, seat: int, config: GameConfig) -> None:
        pass

    def act(self, view: object, legal: list[int], rng: np.random.Generator) -> int:
        return legal[0]


def test_an_unannotated_factory_is_typed_by_its_defaults(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(REGISTRY, "plain", Plain)
    assert list(agent_options("plain")) == ["width", "label", "loud"]
    agent = make_agent("plain:width=4,label=7,loud=yes")
    assert (agent.width, agent.label, agent.loud) == (4, "7", True)  # type: ignore[attr-defined]
    with pytest.raises(AgentSpecError, match=r"width=2\.5 is not an int"):
        make_agent("plain:width=2.5")
    with pytest.raises(AgentSpecError, match="loud=maybe is not a yes/no value"):
        make_agent("plain:loud=maybe")
    with pytest.raises(AgentSpecError, match="no option 'hook'"):
        make_agent("plain:hook=1")


class CompiledLike(dict):  # type: ignore[type-arg]
    """Stands in for a bot compiled by mypyc: its `__init__` is not a Python
    function and its signature calls every parameter positional-only, yet it
    takes them by name (as dict does here)."""

    __signature__ = inspect.Signature(
        [inspect.Parameter("speed", inspect.Parameter.POSITIONAL_ONLY, default=2)]
    )


def only_by_position(speed: int = 2, /) -> Agent:
    raise AssertionError("not called")


def test_a_compiled_bot_takes_its_options_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Krysis bots are compiled in a regular install; their options must stay."""
    monkeypatch.setitem(REGISTRY, "native", CompiledLike)
    assert list(agent_options("native")) == ["speed"]
    assert make_agent("native:speed=5") == {"speed": 5}
    # a Python function's positional-only parameter cannot be given by name
    monkeypatch.setitem(REGISTRY, "positional", only_by_position)
    assert agent_options("positional") == {}


def test_the_commands_print_the_error_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        [
            "tournament",
            "--players",
            "random,ismcts:iterations=abc",
            "--output",
            str(tmp_path / "t"),
        ]
    )
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(
        "error: player 2 of 2 (ismcts): option iterations=abc is not an int"
    )
    assert "Traceback" not in err
    assert main(["play", "--players", "miner:slack=abc,random"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --players: player 1 of 2 (miner): option slack=abc")


BOTS_GUIDE = Path(__file__).parents[2] / "docs" / "guides" / "bots.md"


def guide_section(heading: str) -> str:
    """The text of the bots guide under `## heading`, up to the next `## `."""
    guide = BOTS_GUIDE.read_text(encoding="utf-8")
    return guide.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_every_listed_option_is_in_the_bots_guide() -> None:
    bots = guide_section("Cave-In's bots")
    for name in BUILT_IN:
        assert f"`{name}`" in bots
        for option in agent_options(name):
            assert f"`{option}`" in bots, (
                f"{name}'s option {option} is not in docs/guides/bots.md"
            )


def test_every_krysis_bot_option_is_in_the_bots_guide() -> None:
    """The Krysis bots' options table names every option each bot takes."""
    bots = guide_section("Krysis's bots")
    for name in ("random", "greedy", "hauler", "bandit", "ismcts", "ppo"):
        assert f"`{name}`" in bots
        for option in agent_options(name, game="krysis"):
            assert f"`{option}`" in bots, (
                f"krysis {name}'s option {option} is not in docs/guides/bots.md"
            )


def test_a_compiled_bot_is_described_from_its_source(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """mypyc drops docstrings; `--list-players` reads them from the .py installed
    beside the compiled module."""
    (tmp_path / "fakebots.py").write_text(
        'class Digger:\n    """Digs deep.\n\n    More words."""\n'
    )
    compiled = tmp_path / "fakebots.cpython-311-x86_64-linux-gnu.so"
    compiled.write_bytes(b"")
    module = types.ModuleType("fakebots")
    module.__file__ = str(compiled)
    monkeypatch.setitem(sys.modules, "fakebots", module)
    Digger = type("Digger", (), {"__module__": "fakebots", "__doc__": None})
    monkeypatch.setitem(REGISTRY, "digger", Digger)
    assert describe_agents()["digger"] == "Digs deep."
    # a pure module without a docstring stays without one
    module.__file__ = str(tmp_path / "fakebots.py")
    assert describe_agents()["digger"] == ""


def test_every_spec_takes_a_name() -> None:
    """`name=` is what tables call the player: every agent takes it, none sees it."""
    from agents.registry import given_name, player_name, without_name

    assert make_agent("greedy:name=g1", game="cavein").name == "greedy"
    assert make_agent("random:name=r", game="krysis") is not None
    assert player_name("ppo:model=/long/path/policy.npz,name=ppo") == "ppo"
    assert player_name("ismcts:iterations=5") == "ismcts:iterations=5"
    assert given_name("greedy") is None
    assert without_name("ismcts:name=a,iterations=5") == "ismcts:iterations=5"
    assert without_name("greedy:name=a") == "greedy"
    with pytest.raises(AgentSpecError, match="name= needs a name"):
        make_agent("greedy:name=", "player 1 of 2")
    with pytest.raises(AgentSpecError, match="option name is given twice"):
        make_agent("greedy:name=a,name=b", "player 1 of 2")
