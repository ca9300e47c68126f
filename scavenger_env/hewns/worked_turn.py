"""A worked player turn of Hewns, played by the engine when it is asked for, so
that the game's page (docs/_ext/gamepages.py reads `notes.worked_turn`) can
never tell a turn the engine would not play.

The position is set up with `engine.position`: a 2-player game in round 1's
actions phase, player 0's Fogbear one step from a mine. Player 0 activates
it, steps onto the mine, mines (the dice come from a seeded generator), lets
the danger die fall, and ends the turn. Every line is the engine's own
description of a decision, a choice or a roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scavenger_env.core.chance import game_rng, sample_outcome

from .engine import position as pos
from .engine.actions import Ctrl, describe_id, id_of
from .engine.describe import ask_name, hewn_turn_ap
from .engine.state import NONE, Ask, Phase, State
from .game import HEWNS

__all__ = ["SEED", "Step", "WorkedTurn", "play_worked_turn", "worked_turn"]

SEED = 1
"""The seed of the dice rolled in the worked turn."""

MINER_SPACE, MINE_SPACE = 33, 34
"""Where player 0's Fogbear starts, and the mine next to it."""


@dataclass
class Step:
    """One line of the turn: a decision (what was asked, the choices, the one
    taken) or a roll (`asked` empty)."""

    asked: str
    choices: list[str]
    taken: str


@dataclass
class WorkedTurn:
    """The turn as played: its steps, the actions applied (chance outcomes
    included) and the position before and after."""

    steps: list[Step] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    start: State | None = None
    end: State | None = None


def _position() -> tuple[State, int]:
    """Round 1's actions phase of a 2-player game: player 0's Fogbear next
    to a mine, player 1's Minor Miner elsewhere (so the phase goes on after
    player 0's turn)."""
    state = pos.actions_phase(num_players=2)
    miner = pos.place(state, "Fogbear", seat=0, space=MINER_SPACE)
    pos.place(state, "Minor Miner", seat=1, space=44)
    pos.start_player_turn(state, 0)
    return state, miner


def play_worked_turn(seed: int = SEED) -> WorkedTurn:
    """Play player 0's turn from `_position`: activate the Fogbear, step onto
    the mine, mine, end the Hewn turn and the player turn; every other decision
    (mining plainly, no re-roll, keeping nothing on the Hewn) takes the first
    choice offered, other than showing a turn-order card. Dice are drawn from
    `seed`."""
    state, miner = _position()
    plan = [f"HEWN {miner}", f"SPACE {MINE_SPACE}", "VERB MINE", "CTRL END_HEWN_TURN"]
    plan.append("CTRL END_PLAYER_TURN")
    turn = WorkedTurn(start=state.clone())
    rng = game_rng(seed)
    while _in_turn(state):
        if HEWNS.is_chance_node(state):
            outcome = sample_outcome(HEWNS.chance_outcomes(state), rng)
            turn.steps.append(Step("", [], HEWNS.describe_action(state, outcome, 0)))
            HEWNS.apply_legal_action(state, outcome)
            turn.actions.append(outcome)
            continue
        legal = HEWNS.legal_actions(state)
        named = [describe_id(a) for a in legal]
        first = next(a for a in legal if a != Ctrl.REVEAL)  # no card shown early
        action = next((id_of(p) for p in plan if p in named), first)
        if describe_id(action) in plan:
            plan.remove(describe_id(action))
        turn.steps.append(
            Step(
                _asked(state),
                [HEWNS.describe_action(state, a, 0) for a in legal],
                HEWNS.describe_action(state, action, 0),
            )
        )
        HEWNS.apply_legal_action(state, action)
        turn.actions.append(action)
    turn.end = state
    return turn


def _asked(state: State) -> str:
    """What the top frame asks, with the action points left in a Hewn turn."""
    top = state.frames[-1]
    ap = hewn_turn_ap(state)
    if top.ask == Ask.HEWN_TURN and ap is not None:
        return f"{ask_name(top.ask)} ({ap} AP left)"
    return ask_name(top.ask)


def _choices(choices: list[str]) -> str:
    """The choices offered, the middle of a long list left out."""
    if len(choices) <= 4:
        return "; ".join(choices)
    return f"{choices[0]}; {choices[1]}; …; {choices[-1]} ({len(choices)} choices)"


def _in_turn(state: State) -> bool:
    """Whether player 0's player turn is still going on."""
    return (
        not state.over
        and state.phase == Phase.ACTIONS
        and any(f.ask == Ask.PLAYER_TURN and f.seat == 0 for f in state.frames)
    )


def worked_turn(seed: int = SEED) -> str:
    """The worked turn as Markdown, for the game's page."""
    turn = play_worked_turn(seed)
    assert turn.start is not None and turn.end is not None
    lines = [
        "A player turn of the actions phase, played by the engine when this page "
        "was built (`scavenger_env.hewns.worked_turn`; the position is set up with "
        f"`scavenger_env.hewns.engine.position`, the dice drawn from seed {seed}). "
        "A 2-player game, round 1: player 0 has one Hewn, a Fogbear "
        f"({turn.start.card(pos.hewn_id('Fogbear')).ap} action points) on space "
        f"{MINER_SPACE}, next to the mine on space {MINE_SPACE}. "
        "Each step is what the engine asks, the choices it offers and the one "
        "taken, or a roll; the choices a step leaves out take the first one "
        "offered.",
        "",
    ]
    number = 0
    for step in turn.steps:
        if not step.asked:
            lines.append(f"   - roll: {step.taken}")
            continue
        number += 1
        offered = _choices(step.choices)
        lines.append(f"{number}. **{step.asked}** (offered: {offered}): *{step.taken}*")
    before, after = turn.start, turn.end
    lines += [
        "",
        f"After the turn: player 0's screen holds {after.screen_normal[0]} normal "
        f"Substract (it held {before.screen_normal[0]}), which counts toward the "
        "win; the depleted-mines track stands at "
        f"{after.depleted} of {after.scenario.depletion_threshold} (it stood at "
        f"{before.depleted}), and the mine on "
        f"space {MINE_SPACE} is "
        + ("still there" if after.mine[MINE_SPACE] != NONE else "gone")
        + ". Player 1's turn comes next.",
    ]
    return "\n".join(lines)
