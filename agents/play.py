"""One game of Cave-In with people at the keyboard and bots: `scavenger play`.

`play_match(config, seed, specs_by_seat)` seats an agent per seat (a spec such as
"human" or "greedy", or an Agent), plays the game to the end, prints one line per
bot decision (so a human sees what happened between their turns) and, at the end,
the final scores with their breakdown and the winners. Humans read and write
through `io` (a `Console`), so tests can script a whole game.
"""

from __future__ import annotations

import builtins
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    apply_action,
    describe_action,
    final_scores,
    legal_actions,
    new_game,
    score_breakdown,
    winners,
)
from scavenger_env.cavein.render import WIDTH, render_state

from .base import Agent, SeatView
from .human import HumanAgent, QuitGame
from .registry import make_agent

__all__ = ["Console", "MatchResult", "play_match"]

_BOT_STREAM = 3
"""Mixed into the bots' generator seeds, apart from the engine's set-up stream."""


class SupportsReadline(Protocol):
    def readline(self) -> str: ...


class SupportsWrite(Protocol):
    def write(self, text: str, /) -> object: ...


class Console:
    """Where humans read from and everything is written to.

    ``input`` is a file-like object with ``readline`` (``io.StringIO("1\\n2\\n")``,
    ``sys.stdin``) or a function ``prompt -> line`` like ``input``; ``output`` is
    a file-like object with ``write`` or a function ``text -> None`` like
    ``print``. Both default to the terminal. From a file-like input each prompt
    is written to the output with the line read, like a transcript; the input's
    end ends the game (as ``quit`` does).
    """

    def __init__(
        self,
        input: Callable[[str], str] | SupportsReadline | None = None,
        output: Callable[[str], object] | SupportsWrite | None = None,
    ) -> None:
        self.output: Callable[[str], None] = self._writer(output)
        self.input: Callable[[str], str] = self._reader(input)

    def _writer(
        self, output: Callable[[str], object] | SupportsWrite | None
    ) -> Callable[[str], None]:
        if output is None:
            return lambda text: builtins.print(text)  # looked up per call
        if hasattr(output, "write"):
            stream = output

            def write(text: str) -> None:
                stream.write(f"{text}\n")

            return write
        if callable(output):
            call = output

            def send(text: str) -> None:
                call(text)

            return send
        raise TypeError(
            f"Console output must have a write method or be callable, "
            f"not {type(output).__name__}"
        )

    def _reader(
        self, source: Callable[[str], str] | SupportsReadline | None
    ) -> Callable[[str], str]:
        if source is None:
            return lambda prompt: builtins.input(prompt)  # a patched input is used
        if hasattr(source, "readline"):
            stream = source

            def read(prompt: str) -> str:
                line = stream.readline()
                if not line:
                    raise EOFError
                line = line.rstrip("\r\n")
                self.output(prompt + line)
                return str(line)

            return read
        if callable(source):
            return source
        raise TypeError(
            f"Console input must have a readline method or be callable, "
            f"not {type(source).__name__}"
        )


@dataclass
class MatchResult:
    """How a played game ended."""

    config: GameConfig
    seed: int
    state: GameState
    actions: list[int]
    labels: list[str]  # "player 1 (greedy)", "player 0 (you)" per seat
    quit: bool = False  # a human left before the end: no scores
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def play_match(
    config: GameConfig,
    seed: int,
    specs_by_seat: Sequence[str | Agent],
    io: Console | None = None,
) -> MatchResult:
    """Play one game; return its result (``quit`` when a human left early).

    Args:
        config: The rules; ``config.num_players`` must equal ``len(specs_by_seat)``.
        seed: The set-up seed (``new_game(config, seed)``); the bots' generators
            derive from it too, so a game of bots alone is reproducible.
        specs_by_seat: Per seat, an agent spec for ``make_agent`` ("human",
            "random", "ismcts:iterations=200", ...) or an Agent.
        io: Input and output for the humans and the transcript (default: the
            terminal), e.g. ``Console(input=io.StringIO("1\\n"), output=print)``.
            Humans built here from a spec read and write through it.

    Raises:
        ValueError: a bad spec, or the wrong number of seats.
        RuntimeError: a bot chose an action that is not legal.
    """
    io = io or Console()
    n = config.num_players
    if len(specs_by_seat) != n:
        raise ValueError(f"{len(specs_by_seat)} players given for a {n}-player game")
    agents: list[Agent] = []
    names: list[str] = []
    for spec in specs_by_seat:
        if isinstance(spec, str):
            agent = make_agent(spec)
            if isinstance(agent, HumanAgent):
                agent.input_fn, agent.output_fn = io.input, io.output
            names.append(spec.strip().partition(":")[0])
        else:
            agent = spec
            names.append(str(getattr(agent, "name", type(agent).__name__)))
        agents.append(agent)
    humans = [seat for seat, a in enumerate(agents) if isinstance(a, HumanAgent)]
    labels = [
        f"player {seat} (you)" if humans == [seat] else f"player {seat} ({name})"
        for seat, name in enumerate(names)
    ]
    out = io.output
    # The one human reads the bots' moves: "raid your Base".
    viewer = humans[0] if len(humans) == 1 else None
    rngs = [np.random.default_rng([_BOT_STREAM, seed, seat]) for seat in range(n)]
    for seat, agent in enumerate(agents):
        agent.reset(seat, config)

    state = new_game(config, seed)
    actions: list[int] = []
    result = MatchResult(config, seed, state, actions, labels)
    out(_wrapped(f"Star Scrappers: Cave-In — {n} players, seed {seed}."))
    out(_wrapped(f"Seats: {', '.join(labels)}."))
    out(
        _wrapped(
            f"Player {state.start_player} starts. The Mine collapses at "
            f"{config.cave_in_threshold} Cave-Ins."
            + (" Type help at any prompt." if humans else "")
        )
    )
    turn_key: tuple[int, int] | None = None
    end_announced = False
    while not state.is_over:
        seat = state.current_player
        agent = agents[seat]
        human = isinstance(agent, HumanAgent)
        key = (seat, sum(state.turns_taken))
        if key != turn_key:
            turn_key = key
            if human:
                out("")
                who = "your turn" if humans == [seat] else f"{labels[seat]}'s turn"
                out(f"=== Round {state.round}: {who} ===")
        legal = legal_actions(state)
        try:
            action = agent.act(SeatView(state, seat), legal, rngs[seat])
        except QuitGame as why:
            result.quit = True
            out("")
            out(
                _wrapped(
                    f"Game abandoned in round {state.round} ({why}): "
                    "no scores are recorded. Goodbye."
                )
            )
            return result
        action = int(action)
        if action not in legal:
            raise RuntimeError(
                f"{labels[seat]} chose action {action}, which is not legal here"
            )
        text = describe_action(state, action, viewer)
        apply_action(state, action)
        actions.append(action)
        if not human:
            text = text.replace("from your hand", "from their hand")
            out(_wrapped(f"{labels[seat]}: {text}"))
        if state.end_triggered and not end_announced and not state.is_over:
            end_announced = True
            out(
                _wrapped(
                    f"*** The Mine collapses ({state.cave_in} Cave-Ins): the game "
                    "ends when this round is complete. ***"
                )
            )

    result.scores = list(final_scores(state))
    result.winners = list(winners(state))
    seen_by = humans[0] if humans else 0
    out("")
    out(f"=== Game over: {_end_reason(state)} ===")
    out(f"Final state (as {labels[seen_by]} sees it):")
    out(render_state(state, seen_by))
    out("")
    out(_score_table(state, labels))
    out(_wrapped(_winner_line(result.winners, result.scores, labels, humans)))
    return result


def _wrapped(text: str) -> str:
    """`text` broken into lines of at most WIDTH characters."""
    return "\n".join(textwrap.wrap(text, WIDTH, subsequent_indent="    "))


def _end_reason(state: GameState) -> str:
    if state.end_reason == "max_rounds":
        return f"the safety stop after {state.config.max_rounds} rounds"
    return f"the Mine caved in ({state.cave_in} Cave-Ins) after {state.round} rounds"


def _score_table(state: GameState, labels: list[str]) -> str:
    width = max(len(label) for label in labels)
    heads = ("total", "crystals", "sets", "artifacts", "totems", "subjugated")
    lines = ["Final scores (VP):", f"  {'':<{width}}  " + "  ".join(heads)]
    for seat, label in enumerate(labels):
        b = score_breakdown(state, seat)
        values = (b.total, b.crystals, b.symbols, b.artifacts, b.totems, b.subjugated)
        cells = "  ".join(f"{v:>{len(h)}}" for v, h in zip(values, heads, strict=True))
        lines.append(f"  {label:<{width}}  {cells}")
    return "\n".join(lines)


def _winner_line(
    won: list[int], scores: list[int], labels: list[str], humans: list[int]
) -> str:
    best = scores[won[0]]
    if len(won) == 1:
        line = f"Winner: {labels[won[0]]} with {best} VP."
    else:
        line = f"Tie at {best} VP: {' and '.join(labels[s] for s in won)} all win."
    if len(humans) == 1:
        line += " You win!" if humans[0] in won else " Better luck next time."
    return line
