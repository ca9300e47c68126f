"""Rounds, the end of the game and the scores."""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.ending import end_trigger, score, winners
from scavenger_env.hewns.engine.rounds import new_turn_income
from scavenger_env.hewns.engine.state import NUM_HEWNS, State


def test_income_adds_one_dirty_per_healthy_hewn_on_the_board_into_the_hewn() -> None:
    """rulebook: "Players also get 1 dirty Substract for each healthy Hewn they
    have on the board at the beginning of the round"; a ruling: it goes on the
    Hewn if it has room, otherwise on the screen."""
    state = pos.actions_phase(round=2)
    on = pos.place(state, "Minor Miner", 0, space=50)
    full = pos.place(state, "Drump", 0, space=53, dirty=1)  # stores 1: full
    pos.place(state, "Skrunke", 0)  # off the board: no income
    pos.place(state, "Fogbear", 1, space=34, damaged=True)  # not healthy: none
    new_turn_income(state)
    assert state.dirty[on] == 1 and state.dirty[full] == 1
    assert state.screen_dirty == [22 + 1, 22]


def _no_mine_left(state: State) -> None:
    for space in range(state.board.n_spaces):
        pos.set_mine(state, space, None)


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        (lambda s: pos.set_supply(s, normal=0), "pile"),
        (lambda s: pos.set_depleted(s, 15), "depleted"),
        (_no_mine_left, "no mines"),
    ],
)
def test_the_immediate_end_triggers(setup, reason: str) -> None:
    """rulebook, "When does the game end?": the normal pile runs out, the depleted
    mines track "reaches 15", or "all mines on the board will have depleted"."""
    state = pos.actions_phase()
    assert end_trigger(state) == ""
    setup(state)
    assert end_trigger(state) == reason


def test_the_game_ends_when_a_trigger_holds_after_an_action() -> None:
    """A ruling: the game ends right after the action that met a trigger."""
    state = pos.actions_phase()
    miner = pos.place(state, "Major Miner", 0, space=44, normal=1)
    pos.start_hewn_turn(state, miner)
    pos.set_depleted(state, 15)  # met during the turn
    pos.play(state, "VERB BURN")
    assert state.over and state.end_reason == "depleted"


def test_score_counts_normal_substract_on_the_screen_and_in_own_hewns() -> None:
    """rulebook: "to have the most normal Substract at the end of the game!";
    dirty "DOES NOT COUNT AS VICTORY POINTS"; a ruling (`score_carried`): normal
    Substract in the player's Hewns counts, a neutral Hewn's counts for nobody."""
    state = pos.actions_phase()
    pos.set_screen(state, 0, normal=5, dirty=9)
    pos.place(state, "Major Miner", 0, space=44, normal=3, dirty=2)
    pos.place(state, "Fogbear", 0, normal=2)  # off the board still counts
    pos.place(state, "Clampeyt", 0, space=47, normal=4, stunned=True)
    assert score(state, 0) == 5 + 3 + 2
    not_carried = pos.actions_phase(score_carried=False)
    pos.set_screen(not_carried, 0, normal=5)
    pos.place(not_carried, "Major Miner", 0, space=44, normal=3)
    assert score(not_carried, 0) == 5


def test_ties_are_broken_by_healthy_hewns_then_shared() -> None:
    """rulebook: "compare who has the greatest quantity of healthy Hewns ... If
    that is still a tie, then the game is declared a draw"."""
    state = pos.actions_phase()
    pos.set_screen(state, 0, normal=4)
    pos.set_screen(state, 1, normal=4)
    assert winners(state) == [0, 1]
    pos.place(state, "Skrunke", 1)
    assert winners(state) == [1]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_and_conserve_substract(n: int) -> None:
    """Every game ends, by round 3 at the latest, and normal Substract is only
    ever moved: pile + screens + Hewns + Bidoxes stays the scenario's pile."""
    config = HewnsConfig(num_players=n)
    total = config.effective_pile
    for seed in range(60):
        rng = np.random.default_rng(seed)
        state = rules.new_game(config, rng)
        while not state.over:
            legal = rules.legal_actions(state)
            rules.apply_action(state, legal[int(rng.integers(len(legal)))])
            held = sum(state.normal[h] for h in range(NUM_HEWNS))
            boxes = sum(sum(b) for b in state.bidox_normal)
            assert state.normal_pile + sum(state.screen_normal) + held + boxes == total
        assert state.end_reason in ("rounds", "pile", "depleted", "no mines")
        assert state.round <= 3


def test_normal_substract_is_conserved_through_an_auction() -> None:
    """Bids of normal Substract go back to the screens or, paid, to the pile:
    none is created or lost by the resolution."""
    config = HewnsConfig(num_players=3)
    for seed in range(30):
        rng = np.random.default_rng(seed)
        state = rules.new_game(config, rng)
        for seat in range(3):
            pos.set_screen(state, seat, normal=10, dirty=state.screen_dirty[seat])
        total = config.effective_pile
        while state.round == 1 and not state.over:
            legal = rules.legal_actions(state)
            rules.apply_action(state, legal[int(rng.integers(len(legal)))])
            held = sum(state.normal[h] for h in range(NUM_HEWNS))
            boxes = sum(sum(b) for b in state.bidox_normal)
            assert state.normal_pile + sum(state.screen_normal) + held + boxes == total
