"""The end of the game, the scores and the winners.

rulebook: "The winning condition ... to have the most normal Substract at the end
of the game!"; the game ends at once when the normal pile runs out, the
depleted-mines track reaches 15 or every mine on the board is depleted, and
otherwise at the end of round 3.
"""

from __future__ import annotations

from .state import NONE, NUM_HEWNS, Phase, State


def end_trigger(state: State) -> str:
    """Which immediate end trigger holds ('' if none): "these events will trigger
    an immediate end to the game"."""
    if state.normal_pile <= 0:
        return "pile"
    if state.depleted >= state.scenario.depletion_threshold:
        return "depleted"
    if all(m == NONE for m in state.mine):
        return "no mines"
    return ""


def check_end(state: State) -> None:
    """End the game if a trigger holds (a ruling: right after the action that
    caused it; pending steps are dropped)."""
    reason = end_trigger(state)
    if reason:
        state.over = True
        state.end_reason = reason
        state.phase = Phase.OVER


def score(state: State, seat: int) -> int:
    """Normal Substract on the screen plus the normal Substract carried by the
    seat's Hewns, on or off the board (a ruling, option `score_carried`: "the
    most normal Substract"), plus its gems (`gem_score`); dirty never
    scores."""
    total = state.screen_normal[seat] + gem_score(state, seat)
    if state.config.score_carried:
        total += sum(
            state.normal[h]
            for h in range(NUM_HEWNS)
            if state.ctrl[h] == seat and state.loc[h] >= -2
        )
    return total


def gem_score(state: State, seat: int) -> int:
    """rulebook (rules 2): "When the game ends, Substract Gems have a value in
    Substract, but the surviving Hewn which holds each gem must be healthy to
    receive the gem's Substract value for their owner": the gems in the
    healthy Hewns under `seat`'s control rod, on or off the board, whatever
    `score_carried` says."""
    if not state.config.audit_fixes():
        return 0
    gems = state.scenario.gems
    return sum(
        gems[state.gem[h]][0]
        for h in range(NUM_HEWNS)
        if state.gem[h] != NONE and state.ctrl[h] == seat and state.healthy(h)
    )


def healthy_hewns(state: State, seat: int) -> int:
    """The tie-break: "compare who has the greatest quantity of healthy Hewns"
    (on and off the board)."""
    return sum(
        1 for h in range(NUM_HEWNS) if state.ctrl[h] == seat and state.healthy(h)
    )


def winners(state: State) -> list[int]:
    """The seats with the best score, then the most healthy Hewns; "If that is
    still a tie, then the game is declared a draw" (all tied seats win)."""
    if state.end_reason == "cap":
        return []
    keys = [
        (score(state, s), healthy_hewns(state, s)) for s in range(state.num_players)
    ]
    best = max(keys)
    return [s for s in range(state.num_players) if keys[s] == best]
