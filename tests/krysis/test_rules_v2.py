"""Krysis rules version 2 (the default): each change against the rulebook's text,
and rules 1 still playing the old way.

* bids of any size, exactly masked (rules 1 capped a colour at 15 or "all");
* 3 special agents identical for every company and 3 unique to each (rules 1:
  5 shared and 1 unique);
* the before/after choice made for each special agent (rules 1: one choice for
  all of a turn's special agents).
"""

from __future__ import annotations

import itertools

import pytest
from krysis.rig import (
    ALCHEMIST,
    EMINENT,
    F3,
    F4,
    OWN_SPECIAL,
    SPY,
    T7,
    THIEF,
    assert_illegal,
    do,
    rig,
    to_action,
)

from scavenger_env.krysis.engine import (
    RULES_VERSION,
    KrysisConfig,
    Phase,
    State,
    legal_actions,
    new_game,
    player_view,
    redact,
)
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.config import RULES_VERSIONS
from scavenger_env.krysis.engine.data import (
    CARDS_BY_VERSION,
    DEFAULT,
    DESIGNED,
    NUM_REGULAR,
    Ability,
)
from scavenger_env.krysis.engine.flow import bid_digits
from scavenger_env.krysis.engine.rules import describe_action
from scavenger_env.krysis.observation import encode


def test_rules_2_is_the_default() -> None:
    assert RULES_VERSION == 2 and RULES_VERSIONS == (1, 2)
    assert KrysisConfig().rules_version == 2


# --- bids of any size -------------------------------------------------------------


def _bid_game(home: list[int], rules_version: int = 2) -> tuple[State, int]:
    s = new_game(KrysisConfig(num_players=3, rules_version=rules_version), 2)
    bidder = s.mover
    s.home[bidder] = home
    s.bid_step = 0
    from scavenger_env.krysis.engine.flow import next_bid

    next_bid(s)
    return s, bidder


def test_a_bid_may_hold_any_number_of_a_colour() -> None:
    """Rulebook, Mining: "Each player secretly takes as many crystals from behind
    his screen (his home) as he wishes" -- 20 red at home: 16 to 20 and 0 to 15
    are all open, one base-16 digit at a time, each mask exact."""
    s, bidder = _bid_game([20, 0, 0])
    assert legal_actions(s) == [A.BID, A.BID + 1]  # 0-15 or 16-20
    assert_illegal(s, A.BID + 2, "at most 1")
    assert_illegal(s, A.BID_ALL, "digit by digit")
    assert (
        describe_action(s, A.BID + 1)
        == "bid 16 to 20 red crystals (the exact count next)"
    )
    do(s, A.BID + 1)
    assert legal_actions(s) == [A.BID + d for d in range(5)]  # 16-20
    assert describe_action(s, A.BID + 3) == "bid 19 red crystals"
    do(s, A.BID + 4)
    assert s.bid[bidder] == [20, 0, 0] and s.bid_done[bidder]


@pytest.mark.parametrize("home", [0, 1, 7, 15, 16, 17, 31, 32, 100, 255, 256, 300])
def test_every_count_up_to_the_home_is_one_digit_sequence(home: int) -> None:
    """Rulebook, Mining: "as many crystals ... as he wishes": the digit masks allow
    exactly the counts 0..home, each by one sequence of as many decisions as the
    (public) home gives."""
    counts: list[int] = []

    def walk(s: State, bidder: int, depth: int) -> None:
        if s.bid_done[bidder]:
            counts.append(s.bid[bidder][0])
            assert depth == bid_digits(home)
            return
        for a in legal_actions(s):
            t = s.clone()
            do(t, a)
            walk(t, bidder, depth + 1)

    if home == 0:
        assert bid_digits(0) == 1
        return
    s, bidder = _bid_game([home, 0, 0])
    walk(s, bidder, 0)
    assert sorted(counts) == list(range(home + 1))


def test_a_home_of_at_most_fifteen_bids_as_under_rules_1() -> None:
    """A count of 0-15 is one decision with the same action ids as rules 1."""
    for version in (1, 2):
        s, _ = _bid_game([1, 2, 3], version)
        assert legal_actions(s) == [A.BID, A.BID + 1]
        do(s, A.BID + 1)
        assert legal_actions(s) == [A.BID, A.BID + 1, A.BID + 2]


def test_a_large_bid_tells_the_others_nothing() -> None:
    """Rulebook, Mining: "Each player secretly takes as many crystals ... When all
    players are ready, they simultaneously reveal" -- 0 or 37 of 40 red take the
    same decisions, and the others are shown the same."""
    low, bidder = _bid_game([40, 0, 0])
    high = low.clone()
    do(low, A.BID, A.BID)  # 0
    do(high, A.BID + 2, A.BID + 5)  # 37
    assert low.bid[bidder] == [0, 0, 0] and high.bid[bidder] == [37, 0, 0]
    assert low.decisions == high.decisions and low.mover == high.mover != bidder
    for q in range(3):
        if q != bidder:
            assert player_view(low, q) == player_view(high, q)
            assert redact(low, q).key() == redact(high, q).key()
            assert (encode(low, q) == encode(high, q)).all()


def test_under_rules_1_a_large_home_still_bids_fifteen_or_all() -> None:
    s, bidder = _bid_game([20, 0, 0], rules_version=1)
    assert legal_actions(s) == [A.BID + k for k in range(16)] + [A.BID_ALL]
    do(s, A.BID + 15)
    assert s.bid[bidder] == [15, 0, 0] and s.bid_digits == 0


# --- the special agents: 3 identical, 3 unique ---------------------------------------


def test_three_special_agents_identical_for_all_and_three_unique() -> None:
    """Rulebook, Advanced Game: "Each player receives his 6 special agent cards
    ... For each player, there are 3 identical special agents and 3 unique
    ones." -- cards 18-20 are the same for every company, 21-23 each company's
    alone; each card id keeps rules 1's kind and stars."""
    v1, v2 = CARDS_BY_VERSION[1], CARDS_BY_VERSION[2]
    specials = range(NUM_REGULAR, NUM_REGULAR + 6)
    for c in specials:
        same = {v2[company][c] for company in range(4)}
        assert len(same) == (1 if c < NUM_REGULAR + 3 else 4), c
    for company, c in itertools.product(range(4), range(24)):
        assert v2[company][c].kind == v1[company][c].kind
        assert v2[company][c].stars == v1[company][c].stars
    for company in range(4):
        own = [v2[company][c] for c in specials][3:]
        assert all(a.special for a in own)
        assert {a.provenance for a in own} == {DESIGNED}
        assert {v2[company][c].provenance for c in specials[:3]} == {DEFAULT}
        assert own[0].ability == Ability.SPY and own[1].ability == Ability.ALCHEMIST
    # rules 1 keeps its five shared cards
    assert len({v1[company][NUM_REGULAR + 3] for company in range(4)}) == 1


def test_a_unique_special_agent_plays_with_its_own_numbers() -> None:
    """Rulebook: "3 unique ones" -- Ruby & Co.'s Spy fights with 2 (Aion's with
    1), under rules 2 only."""
    for version, combat in ((1, 1), (2, 2)):
        s = rig(
            {0: [F4, F3, T7], 1: [SPY, F3, T7]},
            advanced=True,
            rules_version=version,
        )
        from scavenger_env.krysis.engine.queries import team_combat

        assert team_combat(s, 1) == 3 + combat


# --- the before/after choice, for each special agent ---------------------------------


def test_each_special_agent_acts_before_or_after_by_its_own_choice() -> None:
    """Rulebook, Advanced Game: "The active player may choose whether they want
    to activate his agent's special action before or after his normal action."
    -- asked for each special agent in pick order: here the Eminent miner before,
    the Thief after, the Alchemist before."""
    s = rig(
        {0: [EMINENT, THIEF, ALCHEMIST], 1: [F4, F3, T7]},
        camps={0: [0, 0, 0], 1: [0, 2, 0]},
        advanced=True,
    )
    assert s.phase == Phase.SPECIAL_TIMING and s.specials_undecided[0] == EMINENT
    assert legal_actions(s) == [A.SPECIAL_FIRST, A.SPECIAL_AFTER]
    assert describe_action(s, A.SPECIAL_FIRST) == (
        "the Eminent miner acts before the action"
    )
    do(s, A.SPECIAL_FIRST)  # +1 blue at once
    assert s.camp[0] == [0, 1, 0]
    assert s.phase == Phase.SPECIAL_TIMING and s.specials_undecided == [
        THIEF,
        ALCHEMIST,
    ]
    do(s, A.SPECIAL_AFTER)  # the Thief waits
    assert s.specials_later == [THIEF] and s.specials_undecided == [ALCHEMIST]
    do(s, A.SPECIAL_FIRST)  # the Alchemist now
    assert s.phase == Phase.ALCHEMY
    do(s, A.ALCHEMY_B2R)
    to_action(s, 0)
    assert s.camp[0] == [1, 0, 0]
    do(s, A.OVERTIME + 3)  # 3 blue; then the Thief
    assert s.phase == Phase.THIEF and s.normal_done
    do(s, A.THIEF_TARGET + 1)
    assert s.camp[0] == [1, 4, 0] and s.mover == 1


def test_every_special_agent_may_wait_for_after_the_action() -> None:
    """Rulebook: "...before or after his normal action. Carrying out the special
    actions is mandatory." -- all after: the action first, then each in order."""
    s = rig(
        {0: [EMINENT, THIEF, F4], 1: [F4, F3, T7]},
        camps={0: [0, 0, 0], 1: [0, 2, 0]},
        advanced=True,
    )
    do(s, A.SPECIAL_AFTER, A.SPECIAL_AFTER)
    to_action(s, 0)
    do(s, A.OVERTIME)  # 2 red; then the Eminent miner, then the Thief
    assert s.camp[0] == [2, 1, 0] and s.phase == Phase.THIEF
    do(s, A.THIEF_TARGET + 1)
    assert s.camp[0] == [2, 2, 0] and s.mover == 1


def test_under_rules_1_one_timing_serves_all_special_agents() -> None:
    s = rig(
        {0: [EMINENT, THIEF, OWN_SPECIAL], 1: [F4, F3, T7]},
        camps={0: [0, 0, 0], 1: [0, 2, 0]},
        advanced=True,
        rules_version=1,
    )
    do(s, A.SPECIAL_AFTER)  # one answer for all three
    to_action(s, 0)
    assert s.specials_undecided == [] and s.specials_later == []
