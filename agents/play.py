"""One game with people at the keyboard and bots, of any game: `scavenger play`.

`play_match(config, seed, specs_by_seat, game=...)` seats an agent per seat (a
spec such as "human" or "greedy", or an Agent), plays the game to the end,
prints one line per bot decision (so a human sees what happened between their
turns) and, at the end, the final scores and the winners. Every sentence comes
from the game (`Game.intro`, `turn_header`, `narrate`, `news`, `end_text`,
`render`, `score_table`; a game's `narrator` may hold lines back and tell a
summary, as Hewns does for a fight), so the screen reads as the game's own. Humans read
and write through `io` (a `Console`), so tests can script a whole game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from scavenger_env.core.chance import game_rng, sample_outcome
from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, get_game

from .base import Agent, close_agents, finish_agents, view_for
from .console import Console, wrap
from .human import HumanAgent, QuitGame
from .pipe.isolate import make_seat_agent
from .registry import given_name

__all__ = ["Console", "MatchResult", "play_match"]

_BOT_STREAM = 3
"""Mixed into the bots' generator seeds, apart from the engine's set-up stream."""


@dataclass
class MatchResult:
    """How a played game ended (`config` and `state` are the game's own types)."""

    config: Any
    seed: int
    state: Any
    actions: list[int]
    labels: list[str]  # "player 1 (greedy)", "player 0 (you)" per seat
    quit: bool = False  # a human left before the end: no scores
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def play_match(
    config: Any,
    seed: int,
    specs_by_seat: Sequence[str | Agent],
    io: Console | None = None,
    *,
    game: Game | str = DEFAULT_GAME,
    names: Sequence[str] | None = None,
) -> MatchResult:
    """Play one game; return its result (``quit`` when a human left early).

    Args:
        config: The rules (``game.make_config(...)``); ``config.num_players``
            must equal ``len(specs_by_seat)``.
        seed: The set-up seed (``game.new_game(config, seed)``); the bots'
            generators derive from it too, so a game of bots alone is
            reproducible.
        specs_by_seat: Per seat, an agent spec for ``make_agent`` ("human",
            "random", "ismcts:iterations=200", ...) or an Agent.
        io: Input and output for the humans and the transcript (default: the
            terminal), e.g. ``Console(input=io.StringIO("1\\n"), output=print)``.
            Humans built here from a spec read and write through it.
        game: The game (a `Game` or its name; default Cave-In).
        names: What the seats are called on screen (default: a spec's
            ``name=`` or its agent's name, an Agent's ``name``).

    Raises:
        ValueError: a bad spec (one that does not play `game` too), or the wrong
            number of seats.
        RuntimeError: a bot chose an action that is not legal.
    """
    the_game = get_game(game)
    io = io or Console()
    n = config.num_players
    if len(specs_by_seat) != n:
        raise ValueError(f"{len(specs_by_seat)} players given for a {n}-player game")
    agents: list[Agent] = []
    names_: list[str] = []
    for spec in specs_by_seat:
        if isinstance(spec, str):
            # an untrusted bot (file:) plays in its own process, as in tournaments
            agent = make_seat_agent(spec, None, the_game)
            if isinstance(agent, HumanAgent):
                agent.input_fn, agent.output_fn = io.input, io.output
            names_.append(given_name(spec) or spec.strip().partition(":")[0])
        else:
            agent = spec
            names_.append(str(getattr(agent, "name", type(agent).__name__)))
        agents.append(agent)
    if names is not None:
        if len(names) != n:
            raise ValueError(f"{len(names)} names given for a {n}-player game")
        names_ = list(names)
    humans = [seat for seat, a in enumerate(agents) if isinstance(a, HumanAgent)]
    labels = [
        f"player {seat} (you)" if humans == [seat] else f"player {seat} ({name})"
        for seat, name in enumerate(names_)
    ]
    out = io.output
    # The one human reads the bots' moves: "raid your Base".
    viewer = humans[0] if len(humans) == 1 else None
    rngs = [np.random.default_rng([_BOT_STREAM, seed, seat]) for seat in range(n)]
    for seat, agent in enumerate(agents):
        agent.reset(seat, config)

    chance = game_rng(seed)  # deals the game, then draws its rolls
    state = the_game.new_game(config, chance)
    actions: list[int] = []
    result = MatchResult(config, seed, state, actions, labels)
    out(_wrapped(f"{the_game.title} — {n} players, seed {seed}."))
    out(_wrapped(f"Seats: {', '.join(labels)}."))
    opening = the_game.intro(state) + (["Type help at any prompt."] if humans else [])
    if opening:
        out(_wrapped(" ".join(opening)))
    turn_key: object = None
    announced: set[str] = set()
    teller = the_game.narrator(viewer)
    while not the_game.is_over(state):
        if the_game.is_chance_node(state):  # a roll or a draw, told as it falls
            outcome = sample_outcome(the_game.chance_outcomes(state), chance)
            text = teller.tell(state, outcome)
            the_game.apply_action(state, outcome)
            actions.append(outcome)
            if text:
                out(_wrapped(f"Chance: {text}"))
            _tell_after(out, teller.after(state))
            continue
        seat = the_game.current_player(state)
        agent = agents[seat]
        human = isinstance(agent, HumanAgent)
        key = the_game.turn_key(state)
        if key != turn_key:
            turn_key = key
            if human:
                out("")
                who = _whose_turn(the_game.turn_owner(state), seat, labels, humans)
                out(f"=== {the_game.turn_header(state, who)} ===")
        legal = the_game.legal_actions(state)
        try:
            action = agent.act(
                view_for(agent, state, seat, the_game), legal, rngs[seat]
            )
        except QuitGame as why:
            close_agents(agents)
            result.quit = True
            out("")
            out(
                _wrapped(
                    f"Game abandoned {the_game.progress(state)} ({why}): "
                    "no scores are recorded. Goodbye."
                )
            )
            return result
        action = int(action)
        if action not in legal:
            raise RuntimeError(
                f"{labels[seat]} chose action {action}, which is not legal here"
            )
        text = teller.tell(state, action)
        the_game.apply_action(state, action)
        actions.append(action)
        if not human and text:
            out(_wrapped(f"{labels[seat]}: {text}"))
        _tell_after(out, teller.after(state))
        if not the_game.is_over(state):
            for news_key, sentence in the_game.news(state):
                if news_key not in announced:
                    announced.add(news_key)
                    out(_wrapped(sentence))

    result.scores = list(the_game.scores(state))
    result.winners = list(the_game.winners(state))
    finish_agents(agents, result.scores, result.winners)  # a bot's process ends
    seen_by = humans[0] if humans else 0
    out("")
    out(f"=== Game over: {the_game.end_text(state)} ===")
    out(f"Final state (as {labels[seen_by]} sees it):")
    out(the_game.render(state, seen_by))
    out("")
    out(the_game.score_table(state, labels))
    unit = the_game.score_unit
    out(_wrapped(_winner_line(result.winners, result.scores, labels, humans, unit)))
    return result


def _whose_turn(owner: int, seat: int, labels: list[str], humans: list[int]) -> str:
    """ "your turn", or "your decision in player 1 (greedy)'s turn" when the
    human is asked in another seat's turn (a reaction, a new mine)."""
    mine = humans == [seat]
    if owner == seat or not 0 <= owner < len(labels):
        return "your turn" if mine else f"{labels[seat]}'s turn"
    if mine:
        return f"your decision in {labels[owner]}'s turn"
    return f"{labels[seat]}'s decision in {labels[owner]}'s turn"


def _tell_after(out: Any, lines: list[str]) -> None:
    """Print what the narrator tells once an action was played."""
    for line in lines:
        out(_wrapped(line))


def _wrapped(text: str) -> str:
    """`text` broken into lines that fit the screen."""
    return "\n".join(wrap(text))


def _winner_line(
    won: list[int], scores: list[int], labels: list[str], humans: list[int], unit: str
) -> str:
    best = scores[won[0]]
    if len(won) == 1:
        line = f"Winner: {labels[won[0]]} with {best} {unit}."
    else:
        line = f"Tie at {best} {unit}: {' and '.join(labels[s] for s in won)} all win."
    if len(humans) == 1:
        line += " You win!" if humans[0] in won else " Better luck next time."
    return line
