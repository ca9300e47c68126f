"""What a Hewns seat holds beyond its score, read once for the greedy bot's
and the search's valuations."""

from __future__ import annotations

from agents.hewns.greedy import worth as greedy_worth
from agents.hewns.holdings import holdings
from agents.hewns.ismcts import worth as search_worth
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.ending import score


def test_holdings_count_dirty_substract_healthy_hewns_and_bidoxes() -> None:
    state = pos.actions_phase(2, shown=True)
    hewn = pos.place(state, "Igil", 0, 9, normal=1, dirty=2)
    pos.set_screen(state, 0, dirty=3)
    state.bidox_amount = [[4, 1], []]
    state.bidox_normal = [[3, 0], []]
    held = holdings(state, 0)
    assert held.score == score(state, 0)
    assert held.dirty == 3 + 2
    assert held.mining == (state.card(hewn).mine,)
    assert (held.bidox, held.bidox_normal) == (5, 3)
    assert holdings(state, 1).mining == ()  # seat 1 controls no Hewn


def test_a_damaged_hewn_mines_for_nobody() -> None:
    state = pos.actions_phase(2, shown=True)
    pos.place(state, "Igil", 0, 9, dirty=1)
    pos.place(state, "Igil", 0, 12, dirty=1, damaged=True)
    held = holdings(state, 0)
    assert len(held.mining) == 1  # the damaged one's dice do not count
    assert held.dirty == 2  # what it carries does


def test_both_valuations_grow_with_what_is_held() -> None:
    """The greedy bot's and the search's `worth` both price dirty Substract
    and Bidoxes from the same `holdings`."""
    state = pos.actions_phase(2, shown=True)
    pos.place(state, "Igil", 0, 9)
    before = greedy_worth(state, 0), search_worth(state, 0)
    pos.set_screen(state, 0, dirty=5)
    state.bidox_amount = [[2], []]
    state.bidox_normal = [[2], []]
    after = greedy_worth(state, 0), search_worth(state, 0)
    assert after[0] > before[0] and after[1] > before[1]
