"""Krysis: one test per rule of the rulebook, each citing its sentence.

Positions come from `krysis.rig`: a real game played through its phases with
`apply_action`, with only what a test needs set directly on the `State`.
Component numbers (speeds, icons, chamber goods) are the engine's default tables
in `data.py`; where a test depends on one, it says which.
"""

from __future__ import annotations

import itertools

import pytest
from krysis.rig import (
    BARROW_B,
    CART_WW,
    F1,
    F2,
    F3,
    F4,
    F7,
    F9,
    PLUS1,
    PLUS2,
    PLUS3,
    RED,
    T1,
    T2,
    T3,
    T4,
    T5,
    T6,
    T7,
    T8,
    T9,
    WAGON_R,
    assert_illegal,
    card,
    do,
    finish_bids,
    pick_teams,
    place,
    place_all,
    play_until,
    relic_total,
    rig,
    select,
    set_relics,
    simple_choice,
    to_action,
)

from scavenger_env.krysis.engine import (
    KrysisConfig,
    Phase,
    State,
    apply_action,
    final_scores,
    legal_actions,
    new_game,
    player_view,
    redact,
    score_breakdown,
    winners,
)
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.capacity import fits
from scavenger_env.krysis.engine.data import (
    CARDS,
    DIFFERENT_SET_VP,
    IDENTICAL_SET_VP,
    MINE,
    MISSION_VP,
    NUM_REGULAR,
    OVERTIME_MIXES,
    SPEED_HAND,
    START_GOODS,
    AgentKind,
)
from scavenger_env.krysis.engine.queries import attack_value, defence_value
from scavenger_env.krysis.engine.scoring import relic_sets_vp
from scavenger_env.krysis.engine.state import NONE

SEEDS = range(12)


def ahead(s: State) -> int:
    """The seat whose miner is farthest ahead (lowest space or chamber)."""
    return min(range(s.n), key=lambda p: s.position[p])


# --- set-up -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "spaces"), [(2, [0, 2]), (3, [0, 1, 2]), (4, [0, 1, 2, 3])]
)
def test_start_spaces_by_player_count(n: int, spaces: list[int]) -> None:
    """Rulebook, set-up: "When the first miner figure is picked, its owner places
    it on the start space nr. I. ..., the second figure is placed on the start
    space nr. II. etc. (In a 3-player game the figures are placed on spaces I. to
    III., in a 2 player game they are placed on space I. and space III)." """
    for seed in SEEDS:
        s = new_game(KrysisConfig(num_players=n), seed)
        assert s.level == 0
        # the i-th miner picked stands on the i-th space of the player count
        assert [s.position[p] for p in s.start_order] == spaces


def test_start_order_is_random() -> None:
    """Rulebook, set-up: "The start player order is determined randomly"."""
    orders = {
        tuple(new_game(KrysisConfig(num_players=4), seed).start_order)
        for seed in range(40)
    }
    assert len(orders) > 5


@pytest.mark.parametrize("n", [2, 3, 4])
def test_start_space_goods_go_to_the_campsite(n: int) -> None:
    """Rulebook, set-up: "Each figure's owner takes the number of crystals
    displayed on his starting space and puts them in their campsite." """
    for seed in SEEDS:
        s = new_game(KrysisConfig(num_players=n), seed)
        for p in range(n):
            assert s.camp[p] == list(START_GOODS[s.position[p]].crystals)
            assert s.home[p] == [1, 2, 3]  # the space's goods are not at home


def test_start_resources_at_home() -> None:
    """Rulebook, set-up: "Each player receives 1 red, 2 blue and 3 white crystals
    as starting resources and places them in his base (behind his screen)." """
    s = new_game(KrysisConfig(num_players=4), 3)
    assert s.home == [[1, 2, 3]] * 4
    assert s.vp == [0] * 4  # "Each player places his score marker ... score 0"


def test_three_cards_from_each_deck() -> None:
    """Rulebook, set-up: "Each player draws 3 cards from both of his decks and
    takes them into his hand." """
    for seed in SEEDS:
        s = new_game(KrysisConfig(num_players=3), seed)
        for p in range(3):
            kinds = [CARDS[p][c].kind for c in s.hand[p]]
            assert kinds.count(AgentKind.TRANSPORTER) == 3 and len(kinds) == 6
            assert len(s.deck_t[p]) == 6 and len(s.deck_f[p]) == 6
            assert all(CARDS[p][c].kind == AgentKind.TRANSPORTER for c in s.deck_t[p])
            assert all(CARDS[p][c].kind != AgentKind.TRANSPORTER for c in s.deck_f[p])


def test_one_relic_face_down_in_each_campsite() -> None:
    """Rulebook, set-up: "Each player draws 1 relic card from this deck and places
    it face down in his campsite." and "Players may look at their own relic cards
    at any time during the game." """
    s = new_game(KrysisConfig(num_players=3), 5)
    assert [sum(r) for r in s.camp_relics] == [1, 1, 1]
    assert len(s.relic_deck) == 24 - 3 and not s.relic_discard
    assert relic_total(s) == [4] * 6
    for p in range(3):
        view = player_view(s, p)
        assert view.camp_relics == tuple(s.camp_relics[p])  # its owner sees the type
        assert [seat.camp_relic_count for seat in view.seats] == [1, 1, 1]  # a card
    # another seat's type is not in what seat 0 may know: it is dealt in a fixed
    # order whatever it really is
    s2 = s.clone()
    t1 = s.camp_relics[1].index(1)
    other = next(t for t in range(6) if t != t1 and t in s2.relic_deck)
    s2.relic_deck.remove(other)
    s2.relic_deck.append(t1)
    s2.camp_relics[1] = [int(t == other) for t in range(6)]
    assert redact(s, 0).camp_relics == redact(s2, 0).camp_relics


def test_missions_are_dealt_one_each_and_secret() -> None:
    """Rulebook, Mission Cards: "Shuffle the 4 mission cards at the beginning of
    the game, and deal one to each player. Thus, each player will have a secret
    mission." """
    seen = set()
    for seed in SEEDS:
        s = new_game(KrysisConfig(num_players=3, missions=True), seed)
        assert len(set(s.mission)) == 3 and set(s.mission) <= {0, 1, 2, 3}
        seen.update(s.mission)
        for p in range(3):
            assert player_view(s, p).mission == s.mission[p]
    assert seen == {0, 1, 2, 3}
    assert new_game(KrysisConfig(num_players=3), 0).mission == [NONE] * 3


# --- mining: the blind bid ------------------------------------------------------------


def test_bid_any_crystals_from_home() -> None:
    """Rulebook, Mining: "Each player secretly takes as many crystals from behind
    his screen (his home) as he wishes and hides them in his hands." """
    s = new_game(KrysisConfig(num_players=2), 0)
    assert s.phase == Phase.BID
    bidder = s.mover
    # colour by colour, nothing up to all of it: 1 red, 2 blue, 3 white at home
    assert (s.bid_step, legal_actions(s)) == (0, [A.BID, A.BID + 1])
    assert_illegal(s, A.BID + 2, "only 1 red")
    do(s, A.BID + 1)
    assert (s.bid_step, legal_actions(s)) == (1, [A.BID, A.BID + 1, A.BID + 2])
    do(s, A.BID + 2)
    assert legal_actions(s) == [A.BID + k for k in range(4)]
    do(s, A.BID + 3)  # the whole home is bid
    assert s.bid[bidder] == [1, 2, 3] and s.bid_done[bidder]
    assert s.mover != bidder


def test_a_colour_with_none_at_home_is_not_asked() -> None:
    """Rulebook, Mining: "as many crystals ... as he wishes" -- a colour the home
    lacks can only be bid as none, so it is skipped (home crystals are public)."""
    s = new_game(KrysisConfig(num_players=2), 0)
    bidder = s.mover
    s.home[bidder] = [0, 4, 0]
    s.bid_step = 0
    from scavenger_env.krysis.engine.flow import next_bid

    next_bid(s)
    assert (s.mover, s.bid_step) == (bidder, 1)
    do(s, A.BID + 4)
    assert s.bid[bidder] == [0, 4, 0] and s.mover != bidder


def test_under_rules_1_a_bid_of_more_than_fifteen_of_a_colour_is_all_of_it() -> None:
    """Rulebook, Mining: "as many crystals ... as he wishes": rules 1 offers counts
    0-15 of a colour, or all of it when the home holds more (rules 2 bids any
    count: test_rules_v2.py)."""
    s = new_game(KrysisConfig(num_players=2, rules_version=1), 0)
    bidder = s.mover
    s.home[bidder] = [20, 0, 0]
    assert legal_actions(s) == [A.BID + k for k in range(16)] + [A.BID_ALL]
    do(s, A.BID_ALL)
    assert s.bid[bidder] == [20, 0, 0]
    s2 = new_game(KrysisConfig(num_players=2, rules_version=1), 0)
    assert_illegal(s2, A.BID_ALL, "more than 15")


def test_bids_are_paid_to_the_bank_by_all() -> None:
    """Rulebook, Mining: "The bid crystals are paid to the bank (players may not
    make changes with their crystals)." -- winners and losers alike."""
    s = new_game(KrysisConfig(num_players=2), 0)
    first, second = s.queue
    finish_bids(s, {first: (1, 0, 0), second: (0, 1, 1)})
    assert s.home[first] == [0, 2, 3]
    assert s.home[second] == [1, 1, 2]
    assert s.last_bid[first] == [1, 0, 0] and s.last_bid[second] == [0, 1, 1]


def test_highest_bid_value_places_first() -> None:
    """Rulebook, Mining: "The player with the most generous offer (highest value
    bid) now places his miner figure ... Then, the player with the second-highest
    bid does the same, etc." -- value, not the number of crystals."""
    s = new_game(KrysisConfig(num_players=3), 1)
    a, b, c = s.queue  # a is ahead in the mine
    # a: 3 whites (value 3); b: 2 blues (value 4); c: 1 blue 1 white (value 3)
    finish_bids(s, {a: (0, 0, 3), b: (0, 2, 0), c: (0, 1, 1)})
    assert s.phase == Phase.PLACE
    assert s.queue[0] == b and s.mover == b
    assert s.queue == [b, a, c]  # a and c tie at 3: a is ahead


@pytest.mark.parametrize("red_to_ahead", [True, False])
def test_bid_tie_goes_to_the_miner_ahead(red_to_ahead: bool) -> None:
    """Rulebook, Mining: "In case of a tie, the player whose miner is currently
    ahead in the mine comes first." """
    s = new_game(KrysisConfig(num_players=2), 4)
    front = ahead(s)
    back = 1 - front
    red, whites = (front, back) if red_to_ahead else (back, front)
    finish_bids(s, {red: (1, 0, 0), whites: (0, 0, 3)})  # both worth 3
    assert s.queue == [front, back]


def test_bid_is_hidden_until_all_have_bid() -> None:
    """Rulebook, Mining: "Each player secretly takes as many crystals ...
    When all players are ready, they simultaneously reveal the crystals in their
    hands." -- another player cannot tell a bid from any other."""
    base = new_game(KrysisConfig(num_players=3), 2)
    bidder = base.mover
    others = [q for q in range(3) if q != bidder]
    low, high = base.clone(), base.clone()
    do(low, A.BID)
    do(high, A.BID + 1)
    for done in (False, True):  # while bidding, and once committed
        if done:
            do(low, A.BID + 1, A.BID)
            do(high, A.BID + 2, A.BID + 3)
        for q in others:
            assert player_view(low, q) == player_view(high, q)
            assert redact(low, q).bid == redact(high, q).bid
            assert (
                low.decisions == high.decisions
            )  # as many decisions, whatever the bid
        assert (
            player_view(high, bidder).my_bid[: high.bid_step or 3]
            == (1, 2, 3)[: high.bid_step or 3]
        )
    assert high.home[bidder] == [1, 2, 3]  # nothing is paid before the reveal


# --- mining: placement ----------------------------------------------------------------


def test_place_on_a_free_chamber_of_the_next_level() -> None:
    """Rulebook, Mining: "places his miner figure on any desired free (i.e. not
    occupied) mine space on the next lower mine level on the board. He also takes
    the crystals and/or cards shown in the place he now occupies and puts them in
    his campsite." """
    s = new_game(KrysisConfig(num_players=2), 0)
    finish_bids(s)
    assert s.level == 1
    first, second = s.queue
    assert legal_actions(s) == [place(c) for c in range(4)]
    camp = s.camp[first][:]
    do(s, place(2))  # level 1, chamber 3: 1 red + 1 blue (default board)
    assert MINE[0][2][0].crystals == (1, 1, 0)
    assert s.camp[first] == [camp[0] + 1, camp[1] + 1, camp[2]]
    assert s.position[first] == 2 and s.mover == second
    assert_illegal(s, place(2), "chamber 3 is taken")
    do(s, place(0))
    assert s.phase == Phase.PICK
    assert sorted(s.position) == [0, 2]  # same level, different spaces


def test_question_mark_chooses_one_option() -> None:
    """Rulebook, Mining: "If you move a miner to a space where there is more than
    one option of a group of goods to take (divided by a question mark) he has to
    choose one option or the other." """
    s = new_game(KrysisConfig(num_players=2), 0)
    s.level = 1  # this round goes down to level 2
    finish_bids(s)
    assert s.level == 2
    options = MINE[1][2]  # level 2, chamber 3: 2B + 2W ? 1R + 1B
    assert len(options) == 2
    assert {place(2, 0), place(2, 1)} <= set(legal_actions(s))
    assert_illegal(s, place(0, 1), "no option 2")
    p = s.mover
    camp = s.camp[p][:]
    do(s, place(2, 1))
    assert s.camp[p] == [camp[0] + 1, camp[1] + 1, camp[2]]  # 1R + 1B only


def _relics_on_top(s: State, *types: int) -> None:
    """Put relics of `types` on top of the deck, the first drawn first."""
    for t in types:
        s.relic_deck.remove(t)
    s.relic_deck += list(reversed(types))


def test_card_symbol_draws_two_keeps_one() -> None:
    """Rulebook, Mining: "For each card symbol on the space, the player draws 2
    cards from the relic draw pile, keeps one of them, and discards the other one
    face up on the discard pile." """
    s = new_game(KrysisConfig(num_players=2), 0)
    finish_bids(s)
    p, other = s.queue
    assert MINE[0][3][0].relics == 1  # level 1, chamber 4: 1 red + a card symbol
    _relics_on_top(s, WAGON_R, PLUS1)
    relics = s.camp_relics[p][:]
    do(s, place(3))
    assert s.phase == Phase.KEEP and s.mover == p
    assert s.keep_options == [WAGON_R, PLUS1]
    assert player_view(s, p).keep_options == (WAGON_R, PLUS1)
    assert player_view(s, other).keep_options == ()  # drawn, not shown
    do(s, A.KEEP + 1)
    relics[PLUS1] += 1
    assert s.camp_relics[p] == relics
    assert s.relic_discard == [WAGON_R]  # face up
    assert player_view(s, other).relic_discard == (WAGON_R,)
    assert s.keep_options == [] and s.mover == other
    assert relic_total(s) == [4] * 6


def test_two_card_symbols_draw_twice() -> None:
    """Rulebook, Mining: "For each card symbol on the space ..." -- the "?"
    option of two card symbols (level 4, chamber 3, default board) draws 2 and
    keeps 1 twice."""
    s = new_game(KrysisConfig(num_players=2), 0)
    s.level = 3
    finish_bids(s)
    assert MINE[3][2][1].relics == 2
    p = s.mover
    do(s, place(2, 1))
    do(s, A.KEEP)
    assert s.phase == Phase.KEEP and s.mover == p
    do(s, A.KEEP)
    assert sum(s.camp_relics[p]) == 1 + 2 and len(s.relic_discard) == 2
    assert s.mover != p


def test_exhausted_relic_pile_is_reshuffled() -> None:
    """Rulebook, Mining: "When the relic card pile is exhausted, shuffle the
    discard pile and make it into a new draw pile." """
    s = new_game(KrysisConfig(num_players=2), 0)
    finish_bids(s)
    last = s.relic_deck[-1]
    s.relic_discard = s.relic_deck[:-1]
    s.relic_deck = [last]
    old_discard = sorted(s.relic_discard)
    do(s, place(3))
    assert s.keep_options[0] == last
    # the whole discard pile became the draw pile, its top card drawn second
    assert sorted(s.relic_deck + s.keep_options[1:]) == old_discard
    assert s.relic_discard == []
    other = s.keep_options[1]
    do(s, A.KEEP)
    assert s.relic_discard == [other]
    assert relic_total(s) == [4] * 6


# --- building up the teams ---------------------------------------------------------------


def test_three_hidden_picks_revealed_together() -> None:
    """Rulebook, Building Up the Teams: "Each player chooses an agent card from his
    hand and places it face down in front of him. When all the players have
    finished, they simultaneously reveal their card ... Repeat this procedure
    three times" """
    s = new_game(KrysisConfig(num_players=3), 0)
    finish_bids(s)
    place_all(s)
    for i in range(3):
        assert s.phase == Phase.PICK
        for k in range(3):
            picker = s.mover
            others = [q for q in range(3) if q != picker]
            a, b = s.hand[picker][0], s.hand[picker][-1]
            if k < 2:
                one, two = s.clone(), s.clone()
                do(one, card(a))
                do(two, card(b))
                for q in others:  # nobody else can tell the two picks apart
                    assert player_view(one, q) == player_view(two, q)
            do(s, card(a))
            if k < 2:  # not revealed while anyone still has to pick
                assert [len(t) for t in s.team] == [i] * 3
                assert s.pending[picker] == a
        # all revealed at once
        assert [len(t) for t in s.team] == [i + 1] * 3
        assert s.pending == [NONE] * 3
    assert s.phase in (Phase.ACTION, Phase.SPECIAL_TIMING)
    assert all(len(h) == 3 for h in s.hand)


def test_pick_only_from_the_hand() -> None:
    """Rulebook, Building Up the Teams: "Each player chooses an agent card from his
    hand" """
    s = new_game(KrysisConfig(num_players=2), 0)
    finish_bids(s)
    place_all(s)
    p = s.mover
    absent = next(c for c in range(NUM_REGULAR) if c not in s.hand[p])
    assert_illegal(s, card(absent), "not in player")
    assert legal_actions(s) == [card(c) for c in s.hand[p]]


# --- initiative -----------------------------------------------------------------------


def test_initiative_is_the_sum_of_speeds() -> None:
    """Rulebook, Building Up the Teams: "The team initiative is the sum of its
    members' individual speeds." and "each player will carry out one action in
    the order determined by the team initiative values (in descending order)" """
    # T1 5 + T2 4 + F1 4 = 13; T6 2 + T7 1 + F4 1 = 4 (default speeds)
    s = rig({0: [T6, T7, F4], 1: [T1, T2, F1]})
    assert s.initiative == [4, 13]
    assert s.queue == [1, 0]
    to_action(s, 1)


def test_multiplier_counts_own_campsite_crystals() -> None:
    """Rulebook, Building Up the Teams: "For agents that have a crystal multiplier
    icon, multiply the number of crystals of the appropriate color at your
    campsite with the number shown on the card to get the initiative value of the
    agent." """
    # F9 is x3 red, F7 x2 blue, T8 x1 white (default cards)
    s = rig(
        {0: [F9, F7, T8], 1: [F9, F7, T8]},
        camps={0: [2, 3, 4], 1: [0, 0, 9]},
    )
    assert s.initiative == [3 * 2 + 2 * 3 + 1 * 4, 9]
    # a fixed speed is not multiplied; only the own campsite counts
    s = rig({0: [F9, T1, T2], 1: [T6, T7, F4]}, camps={0: [0, 1, 1], 1: [5, 0, 0]})
    assert s.initiative == [0 + 5 + 4, 4]


@pytest.mark.parametrize("front", [0, 1])
def test_initiative_tie_goes_to_the_miner_ahead(front: int) -> None:
    """Rulebook, Building Up the Teams: "In case of a tie, the player whose miner
    figure is ahead goes first." """
    s = rig({0: [T1, T2, F1], 1: [T1, T3, F1]}, positions={front: 0, 1 - front: 3})
    assert s.initiative == [13, 13]
    assert s.queue == [front, 1 - front]
    to_action(s, front)


# --- the action phase -----------------------------------------------------------------------


def test_each_player_one_action_in_initiative_order() -> None:
    """Rulebook, Action: "In the action phase each player will carry out one action
    in the order determined by the team initiative values (in descending order)."
    and "The active player may choose only one of three possible actions: loading
    goods, raid, mining overtime." """
    s = rig({0: [T6, T7, F4], 1: [T1, T2, F1], 2: [T5, T4, F2]})  # 4, 13, 9
    assert s.queue == [1, 2, 0]
    for p in (1, 2, 0):
        to_action(s, p)
        legal = legal_actions(s)
        assert A.LOAD in legal
        assert [a for a in legal if A.OVERTIME <= a < A.RAID] == [
            A.OVERTIME + i for i in range(7)
        ]
        do(s, A.OVERTIME)
        if p != 0:
            assert s.acted[p] and s.phase == Phase.ACTION
    assert s.phase == Phase.DRAW  # the round ends after the last action
    assert s.acted == [False] * 3  # ... and the next one starts afresh


# Loading capacity: `capacity.fits`, each note of the rulebook.


def _fits_by_hand(
    slots: tuple[int, int, int], r: int, b: int, w: int, rel: int
) -> bool:
    """Try every way to fill the slots: a red slot holds 1 red, 1 relic or up to 3
    whites; a blue slot 1 blue, 1 relic or up to 2 whites; a white slot 1 white."""
    rs, bs, ws = slots
    # red slots: reds, relics, whites; blue slots: blues, relics, whites
    for r_rel in range(rs - r + 1 if r <= rs else 0):
        r_w = rs - r - r_rel
        for b_rel in range(bs - b + 1 if b <= bs else 0):
            b_w = bs - b - b_rel
            if r_rel + b_rel == rel and w <= ws + 2 * b_w + 3 * r_w:
                return True
    return False


def test_fits_matches_an_exhaustive_filling_of_slots() -> None:
    """Rulebook, Loading Capacity: "This capacity may never be exceeded" -- goods
    fit exactly when some filling of the slots holds them."""
    slot_sets = list(itertools.product(range(4), repeat=3))
    for slots in slot_sets:
        for r, b, w, rel in itertools.product(range(4), range(4), range(10), range(5)):
            assert fits(slots, r, b, w, rel) == _fits_by_hand(slots, r, b, w, rel), (
                slots,
                (r, b, w, rel),
            )


def test_two_whites_for_a_blue_three_for_a_red() -> None:
    """Rulebook, Loading Capacity: "White crystals can be loaded in lieu of red and
    blue crystals in proportion to their value (2 white crystals for a blue one,
    or 3 white ones for a red one)." """
    assert fits((0, 1, 0), 0, 0, 2, 0) and not fits((0, 1, 0), 0, 0, 3, 0)
    assert fits((1, 0, 0), 0, 0, 3, 0) and not fits((1, 0, 0), 0, 0, 4, 0)
    assert fits((1, 1, 1), 0, 0, 6, 0) and not fits((1, 1, 1), 0, 0, 7, 0)
    assert not fits((0, 0, 1), 0, 0, 2, 0)  # a white icon carries one white


def test_no_blue_instead_of_a_red() -> None:
    """Rulebook, Loading Capacity: "Note: It is not possible to load a blue
    crystal instead of a red one, even though red is more valuable than blue." """
    assert fits((1, 0, 0), 1, 0, 0, 0)
    assert not fits((1, 0, 0), 0, 1, 0, 0)
    assert not fits((0, 1, 0), 1, 0, 0, 0)


def test_relic_instead_of_a_red_or_a_blue() -> None:
    """Rulebook, Loading Capacity: "There is no transport icon for relic cards, but
    they may be loaded in lieu of either red or blue crystals." """
    assert fits((1, 0, 0), 0, 0, 0, 1)
    assert fits((0, 1, 0), 0, 0, 0, 1)
    assert fits((1, 1, 0), 0, 0, 0, 2) and not fits((1, 1, 0), 0, 0, 0, 3)
    assert not fits((0, 0, 3), 0, 0, 0, 1)  # not instead of whites


def test_no_relic_and_white_instead_of_a_red() -> None:
    """Rulebook, Loading Capacity: "Note: It is not possible to load 1 relic card
    and 1 white crystal instead of a red crystal." """
    assert not fits((1, 0, 0), 0, 0, 1, 1)
    assert not fits((0, 1, 0), 0, 0, 1, 1)  # nor in a blue slot
    assert fits((1, 0, 1), 0, 0, 1, 1)  # with a white icon for the white


def test_capacity_limits_what_may_be_selected() -> None:
    """Rulebook, Loading Capacity: "The loading capacity icon shows how many and
    what types of crystals and relics can be transported from a player's
    campsite" and "Goods that cannot be loaded remain at the campsite." """
    # T5 (R) + T4 (B W) + F1: capacity R B W (default icons)
    s = rig({0: [T5, T4, F1], 1: [T6, T7, F4]}, camps={0: [2, 2, 5]})
    to_action(s, 0)
    do(s, A.LOAD)
    select(s, red=1, blue=1)
    assert A.TAKE_RED not in legal_actions(s)
    assert A.TAKE_BLUE not in legal_actions(s)
    select(s, white=1)
    assert_illegal(s, A.TAKE_WHITE, "does not fit")
    do(s, A.TO_HOME)
    assert s.camp[0] == [1, 1, 4]


def test_load_goods_home() -> None:
    """Rulebook, Loading Goods: "Transporting goods from your campsite to your base
    (home) ... then put the goods behind your screen. Goods at home are safe and
    cannot be stolen by your opponents." """
    s = rig(
        {0: [T5, T4, T1], 1: [T6, T7, F4]},
        camps={0: [2, 2, 3]},
        relics={0: [0, 0, 0, 0, 0, 1]},
    )
    to_action(s, 0)
    do(s, A.LOAD, A.TAKE_RELIC + WAGON_R)  # the relic in the red slot
    select(s, blue=1, white=2)
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK]  # full (R B W W)
    do(s, A.TO_HOME)
    assert s.home[0] == [1, 3, 5]
    assert s.home_relics[0][WAGON_R] == 1 and s.camp_relics[0][WAGON_R] == 0
    assert s.camp[0] == [2, 1, 1]
    assert s.vp[0] == 0
    # home goods are out of reach: a raid steals from the campsite only
    to_action(s, 1)
    do(s, A.RAID + 0)  # T6 + T7: R R B W
    select(s, red=2, blue=1, white=1)
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK, A.TO_CAMP]
    do(s, A.TO_HOME)
    assert s.camp[0] == [0, 0, 0] and s.home[0] == [1, 3, 5]


def test_relics_at_home_cannot_be_used() -> None:
    """Rulebook, Loading Goods: "Relic cards taken home cannot be used for action,
    but will score victory points at the end of the game as well." """
    s = rig({0: [T5, T4, T1], 1: [T6, T7, F4]}, relics={0: [0] * 6})
    set_relics(s, 0, [0, 0, 1, 0, 0, 1], home=True)
    to_action(s, 0)
    assert not any(A.FLIP <= a < A.LOAD for a in legal_actions(s))
    assert_illegal(s, A.FLIP + PLUS3, "no Mortar")
    assert score_breakdown(s, 0).relics == DIFFERENT_SET_VP[2]


def test_sell_goods_two_vp_each() -> None:
    """Rulebook, Loading Goods: "For each sold crystal and relic card (regardless
    of its type) you receive 2 victory points" and "Sold relic cards should be put
    onto the discard pile." """
    s = rig(
        {0: [T5, T4, T1], 1: [T6, T7, F4]},
        camps={0: [2, 2, 3]},
        relics={0: [0, 0, 0, 0, 0, 1]},
    )
    to_action(s, 0)
    do(s, A.LOAD)
    select(s, red=1, white=3)  # red, then whites in the blue and white slots
    assert A.TAKE_RELIC + WAGON_R not in legal_actions(s)
    do(s, A.TO_BANK)
    assert s.vp[0] == 2 * 4 and s.camp[0] == [1, 2, 0] and s.home[0] == [1, 2, 3]
    # a relic sells like a crystal, and goes face up on the discard pile
    s = rig(
        {0: [T5, T4, T1], 1: [T6, T7, F4]},
        camps={0: [2, 2, 3]},
        relics={0: [0, 0, 0, 0, 0, 1]},
    )
    do(s, A.LOAD, A.TAKE_RELIC + WAGON_R, A.TAKE_BLUE, A.TO_BANK)
    assert s.vp[0] == 2 * 2
    assert s.relic_discard[-1] == WAGON_R
    assert s.home_relics[0] == [0] * 6


def test_team_and_relics_discarded_and_campsite_deserted_after_loading() -> None:
    """Rulebook, Loading Goods: "At the end of his action, the active player puts
    all 3 of his agent cards on his own discard pile of agent cards. If any relic
    cards were played for the action, they should be discarded as well." and
    "this then leaves the campsite defenseless" """
    s = rig(
        {0: [T5, T4, F1], 1: [T6, T7, F4]},
        camps={0: [2, 2, 3]},
        relics={0: [0, 0, 1, 1, 0, 0]},
    )
    do(s, A.FLIP + CART_WW, A.FLIP + PLUS3, A.LOAD)
    select(s, white=3)
    do(s, A.TO_HOME)
    assert s.team[0] == [] and sorted(s.agent_discard[0]) == sorted([T5, T4, F1])
    assert s.deserted[0]
    assert s.flipped[0] == [] and sorted(s.relic_discard[-2:]) == [PLUS3, CART_WW]
    assert s.weapon_in_play[0] == 0
    assert defence_value(s, 0) < 0  # any attack, even of 0, is higher


def test_raid_needs_a_strictly_higher_combat_value() -> None:
    """Rulebook, Raid: "The active player may choose to attack any one other
    player's campsite if his team's combat value is higher than that of the
    attacked team's" """
    # F2 2 + F3 3 = 5 against F2 2 + F3 3 = 5: equal is not higher
    s = rig({0: [F2, F3, T5], 1: [F2, F3, T7]})
    to_action(s, 0)
    assert attack_value(s, 0) == defence_value(s, 1) == 5
    assert_illegal(s, A.RAID + 1, "not higher")
    # F4 4 + F2 2 = 6 against 5
    s = rig({0: [F2, F4, T5], 1: [F2, F3, T7]})
    to_action(s, 0)
    assert A.RAID + 1 in legal_actions(s)
    assert_illegal(s, A.RAID + 0, "not an opponent")


def test_a_deserted_campsite_can_be_raided_with_combat_zero() -> None:
    """Rulebook, Raid: "If a player's campsite has been deserted for the round, it
    can be attacked even by a team with a combat value of 0." """
    s = rig({0: [T1, T2, T3], 1: [T5, T6, T7]}, camps={0: [0, 1, 4], 1: [1, 0, 0]})
    to_action(s, 0)
    assert A.RAID + 1 not in legal_actions(s)  # 0 is not higher than 0
    do(s, A.LOAD, A.TAKE_BLUE, A.TO_HOME)
    to_action(s, 1)
    assert attack_value(s, 1) == 0
    assert A.RAID + 0 in legal_actions(s)


def test_defense_counts_only_when_defending() -> None:
    """Rulebook, List of Special Abilities: "Defense: Defense points are added to
    the combat value, but only when the team is being attacked and not when it is
    attacking." """
    # Guard: fighter, combat 2, Defense +2 (default card)
    s = rig({0: [18, T1, T2], 1: [18, T5, T7]}, advanced=True)
    to_action(s, 0)
    assert attack_value(s, 0) == 2
    assert defence_value(s, 1) == 4


def test_weapon_relic_adds_to_the_attack() -> None:
    """Rulebook, Relic Cards: "Weapon cards will increase the combat value of the
    team (for both attacking and defending)." """
    s = rig({0: [F1, T1, T2], 1: [F3, T5, T7]}, relics={0: [0, 1, 1, 0, 0, 0]})
    to_action(s, 0)
    assert A.RAID + 1 not in legal_actions(s)  # 1 against 3
    s2 = s.clone()
    do(s2, A.FLIP + PLUS2)  # 3: not higher
    assert A.RAID + 1 not in legal_actions(s2)
    do(s, A.FLIP + PLUS3)  # 4
    assert attack_value(s, 0) == 4
    assert A.RAID + 1 in legal_actions(s)


@pytest.mark.parametrize("action", ["overtime", "raid to campsite", "load"])
def test_weapon_kept_in_play_defends(action: str) -> None:
    """Rulebook, Relic Cards: "If, however the player transports goods to his
    campsite or chooses mining overtime action, his played weapon card remains in
    front of him to defend against attacks." and "If the active player transports
    goods home or to the bank, the relic cards that he played in this round have
    to be discarded" """
    # seat 0: F1 (combat 1) + Mortar +3, speed 13; seat 1 attacks next with F4
    # (combat 4, speed 6); seat 2 (combat 0, speed 1) is the one seat 0 can rob
    s = rig(
        {0: [F1, T1, T2], 1: [F4, T5, T6], 2: [T7, T8, T9]},
        camps={0: [0, 0, 0], 2: [0, 0, 1]},
        relics={0: [0, 0, 1, 0, 0, 0]},
    )
    do(s, A.FLIP + PLUS3)
    if action == "overtime":
        do(s, A.OVERTIME)
    elif action == "raid to campsite":
        do(s, A.RAID + 2, A.TAKE_WHITE, A.TO_CAMP)  # 4 against 0
    else:
        do(s, A.LOAD, A.TO_HOME)
    to_action(s, 1)
    if action == "load":
        assert s.weapon_in_play[0] == 0 and A.RAID + 0 in legal_actions(s)
        return
    assert s.weapon_in_play[0] == 3 and s.flipped[0] == [PLUS3]
    assert defence_value(s, 0) == 1 + 3
    assert_illegal(s, A.RAID + 0, "not higher")  # 4 against 4


def test_stolen_relics_are_taken_at_random() -> None:
    """Rulebook, Raid: "Face down relic cards can be stolen from the campsite as
    well; they take up a space for 1 blue or 1 red crystal. The active player first
    announces how many cards he wishes to steal, and takes them randomly from the
    attacked player." """
    taken = set()
    for seed in range(20):
        # F4 + T5 (R) + T3 (B): combat 4, two relic spaces; the victim has two
        # relics of different types
        s = rig(
            {0: [F4, T5, T3], 1: [T6, T7, F1]},
            relics={0: [0] * 6, 1: [1, 0, 0, 0, 0, 1]},
            seed=seed,
        )
        do(s, A.RAID + 1)
        # the raider cannot pick a type: only "a face-down relic at random"
        legal = legal_actions(s)
        assert not any(A.TAKE_RELIC <= a < A.TAKE_RANDOM_RELIC for a in legal)
        do(s, A.TAKE_RANDOM_RELIC)
        assert A.TAKE_RANDOM_RELIC in legal_actions(s)  # room for the second
        do(s, A.TO_CAMP)
        assert sum(s.camp_relics[1]) == 1 and sum(s.camp_relics[0]) == 1
        got = s.camp_relics[0].index(1)
        assert s.camp_relics[1][got] == 0
        taken.add(got)
        assert relic_total(s) == [4] * 6
    assert taken == {PLUS1, WAGON_R}


def _raid_setup(**config: object) -> State:
    """Seat 0 (F4 + T5 + T7: combat 4, capacity R R B, speed 5) raids seat 1
    (F3 + T6 + T7: combat 3, speed 5; seat 0 is ahead)."""
    return rig(
        {0: [F4, T5, T7], 1: [F3, T6, T7]},
        camps={0: [0, 0, 1], 1: [3, 2, 2]},
        relics={0: [0] * 6, 1: [0, 0, 0, 0, 1, 0]},
        positions={0: 0, 1: 1},
        **config,
    )


@pytest.mark.parametrize("where", ["home", "bank", "campsite"])
def test_three_destinations_for_stolen_goods(where: str) -> None:
    """Rulebook, Raid: "The stolen goods can be transported to three different
    locations; the active player has to announce where he wishes to take them":
    home ("you have to discard your team and played relic cards, and your campsite
    will remain defenseless"), the bank ("For each crystal and relic card sold, you
    receive 2 victory points"), or the own campsite ("Your agents and used weapon
    cards remain at your campsite to defend it")."""
    s = _raid_setup()
    do(s, A.RAID + 1)
    select(s, red=1, blue=1)
    do(s, A.TAKE_RANDOM_RELIC)  # the last red slot
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK, A.TO_CAMP]
    do(s, {"home": A.TO_HOME, "bank": A.TO_BANK, "campsite": A.TO_CAMP}[where])
    assert s.camp[1] == [2, 1, 2] and sum(s.camp_relics[1]) == 0
    if where == "home":
        # "the stolen goods (and the stolen goods only)": the campsite stays
        assert s.home[0] == [2, 3, 3] and s.home_relics[0][BARROW_B] == 1
        assert s.camp[0] == [0, 0, 1]
        assert s.deserted[0] and s.team[0] == []
    elif where == "bank":
        assert s.vp[0] == 2 * 3 and s.relic_discard[-1] == BARROW_B
        assert s.home[0] == [1, 2, 3] and s.camp[0] == [0, 0, 1]
    else:
        assert s.camp[0] == [1, 1, 1] and s.camp_relics[0][BARROW_B] == 1
        assert not s.deserted[0] and s.team[0] == [F4, T5, T7]
        assert defence_value(s, 0) == 4


@pytest.mark.parametrize("deserts", [True, False])
def test_selling_stolen_goods_deserts_by_the_rule(deserts: bool) -> None:
    """Rulebook, Relic Cards: "If the active player transports goods home or to
    the bank, the relic cards that he played in this round have to be discarded
    (he deserts his campsite for the round)." -- stolen goods sold to the bank too:
    `raid_bank_deserts` True is the rule (the default), False a house rule."""
    s = _raid_setup(raid_bank_deserts=deserts)
    assert KrysisConfig().raid_bank_deserts
    do(s, A.RAID + 1, A.TAKE_RED, A.TO_BANK)
    assert s.vp[0] == 2
    assert s.deserted[0] == deserts
    assert (s.team[0] == []) == deserts


def test_mining_overtime_takes_exactly_six_points() -> None:
    """Rulebook, Mining Overtime: "The active player takes any combination of
    crystals from the bank equalling 6 points of value (e.g. 2 red, or 3 blue, or
    6 white, or 1 of each). Your agents and used relic cards remain at your
    campsite to defend it against any attacks for the round." """
    worth_six = {
        (r, b, w)
        for r in range(3)
        for b in range(4)
        for w in range(7)
        if 3 * r + 2 * b + w == 6
    }
    assert set(OVERTIME_MIXES) == worth_six and len(OVERTIME_MIXES) == 7
    for i, mix in enumerate(OVERTIME_MIXES):
        s = rig({0: [F1, T1, T2], 1: [T6, T7, F4]}, camps={0: [1, 1, 1]})
        do(s, A.OVERTIME + i)
        assert s.camp[0] == [1 + mix[0], 1 + mix[1], 1 + mix[2]]
        assert not s.deserted[0] and s.team[0] == [F1, T1, T2]
        assert defence_value(s, 0) == 1


def test_flip_at_most_one_weapon_and_one_transport() -> None:
    """Rulebook, Relic Cards: "Note: A player may play no more than 1 weapon and 1
    transport means relic card in one turn." """
    s = rig({0: [F1, T1, T2], 1: [T6, T7, F4]}, relics={0: [1, 1, 0, 1, 1, 0]})
    flips = [A.FLIP + t for t in (PLUS1, PLUS2, CART_WW, BARROW_B)]
    assert [a for a in legal_actions(s) if A.FLIP <= a < A.LOAD] == flips
    do(s, A.FLIP + PLUS2)
    assert_illegal(s, A.FLIP + PLUS1, "already flipped")
    do(s, A.FLIP + BARROW_B)
    assert_illegal(s, A.FLIP + CART_WW, "already flipped")
    assert_illegal(s, A.FLIP + PLUS3, "no Mortar")
    assert not any(A.FLIP <= a < A.LOAD for a in legal_actions(s))


def test_flipped_relics_cannot_be_stolen() -> None:
    """Rulebook, Relic Cards: "Played (flipped) relic cards cannot be taken by the
    opponents." """
    s = rig(
        {0: [T1, T2, T3], 1: [F4, T5, T6]},
        relics={0: [1, 0, 0, 1, 0, 0], 1: [0] * 6},
    )
    do(s, A.FLIP + PLUS1, A.FLIP + CART_WW, A.OVERTIME + 6)
    to_action(s, 1)
    do(s, A.RAID + 0)  # 4 against 0 + 1
    assert A.TAKE_RANDOM_RELIC not in legal_actions(s)  # none lies face down
    select(s, white=4)
    assert sorted(s.flipped[0]) == [PLUS1, CART_WW]
    do(s, A.TO_CAMP)
    assert s.camp_relics[1] == [0] * 6


# --- ending the round ---------------------------------------------------------------------


def test_round_end_discards_teams_and_used_relics() -> None:
    """Rulebook, Ending the Round: "All players place their teams on their own
    discarded agents piles. All used relic cards are also discarded." """
    s = rig({0: [F1, T1, T2], 1: [T6, T7, F4]}, relics={0: [0, 0, 1, 0, 0, 0]})
    do(s, A.FLIP + PLUS3, A.OVERTIME)
    do(s, A.OVERTIME)
    assert s.phase == Phase.DRAW
    assert s.team == [[], []]
    assert sorted(s.agent_discard[0]) == sorted([F1, T1, T2])
    assert sorted(s.agent_discard[1]) == sorted([T6, T7, F4])
    assert s.flipped == [[], []] and s.relic_discard[-1] == PLUS3
    assert s.weapon_in_play == [0, 0] and s.deserted == [False, False]


def test_draw_three_one_at_a_time_back_to_six() -> None:
    """Rulebook, Ending the Round: "All players now draw 3 new agent cards in any
    combination of fighters and transporters. Cards are drawn one at a time, so it
    is possible to change your mind about which type you wish to draw next
    depending on the card you have just drawn. At the end of each round, all
    players end up with 6 agent cards in their hands." """
    s = rig({0: [F1, T1, T2], 1: [T6, T7, F4]})
    do(s, A.OVERTIME, A.OVERTIME)
    assert s.phase == Phase.DRAW
    for _ in range(2):
        p = s.mover
        top_t, top_f = s.deck_t[p][-1], s.deck_f[p][-1]
        do(s, A.DRAW_TRANSPORTER)
        assert top_t in s.hand[p] and len(s.hand[p]) == 4
        assert s.phase == Phase.DRAW and s.mover == p  # the next draw is a choice
        do(s, A.DRAW_FIGHTER)
        assert top_f in s.hand[p] and len(s.hand[p]) == 5
        do(s, A.DRAW_FIGHTER)
        assert len(s.hand[p]) == 6
    assert s.phase == Phase.BID and s.round == 2
    assert [len(h) for h in s.hand] == [6, 6]


def test_draw_from_the_only_deck_left() -> None:
    """Rulebook, Ending the Round: "draw 3 new agent cards in any combination of
    fighters and transporters" -- with one deck empty there is no choice, so the
    engine draws without asking."""
    s = rig({0: [F1, T1, T2], 1: [T6, T7, F4]})
    do(s, A.OVERTIME, A.OVERTIME)
    p = s.mover
    s.agent_discard[p] += s.deck_f[p]
    s.deck_f[p] = []
    t = len(s.deck_t[p])
    do(s, A.DRAW_TRANSPORTER)
    assert s.mover != p and len(s.hand[p]) == 6 and len(s.deck_t[p]) == t - 3


# --- end of the game ----------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_game_ends_after_round_five(n: int) -> None:
    """Rulebook, End of the Game: "The game ends at the end of the 5th round." """
    s = new_game(KrysisConfig(num_players=n), 0)
    reveals = 0
    while not s.is_over:
        level = s.level
        do(s, simple_choice(s))
        if s.level != level:  # a round's bids revealed: one level deeper
            reveals += 1
            assert s.round == reveals == s.level
    assert reveals == 5 and s.round == 5 and s.level == 5
    assert legal_actions(s) == []
    assert_illegal(s, A.BID, "the game is over")


def test_home_crystals_score_three_two_one() -> None:
    """Rulebook, End of the Game: "Each red crystal at home is worth 3 points, each
    blue one 2 points and each white one 1 point." and "Crystals remaining at a
    campsite at the end of the game do not score any points." """
    s = new_game(KrysisConfig(num_players=2), 0)
    play_until(s)
    s.home = [[2, 3, 4], [0, 0, 1]]
    s.camp = [[9, 9, 9], [0, 0, 0]]
    s.vp = [6, 0]
    s.home_relics = [[0] * 6, [0] * 6]
    b = score_breakdown(s, 0)
    assert (b.sales, b.crystals, b.relics, b.mission) == (6, 6 + 6 + 4, 0, 0)
    assert final_scores(s) == [22, 1]


def test_campsite_relics_score_nothing() -> None:
    """Rulebook: "Players now receive victory points for their crystals and relics
    that they took home during the game." -- relics left at the campsite do not."""
    s = new_game(KrysisConfig(num_players=2), 0)
    play_until(s)
    s.home = [[0, 0, 0], [0, 0, 0]]
    s.vp = [0, 0]
    s.home_relics = [[0] * 6, [0] * 6]
    s.camp_relics = [[2, 2, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1]]
    assert final_scores(s) == [0, 0]


@pytest.mark.parametrize(
    ("counts", "best", "why"),
    [
        ((1, 0, 0, 0, 0, 0), 1, "one card: an identical set of 1"),
        ((2, 0, 0, 0, 0, 0), 3, "a pair (3) beats two singles (2)"),
        ((1, 1, 0, 0, 0, 0), 2, "a different pair (2), or two singles (2)"),
        ((1, 1, 1, 1, 1, 1), 20, "all six different"),
        ((4, 4, 0, 0, 0, 0), 24, "two identical fours (12 + 12) beat 4 pairs (8)"),
        ((2, 2, 2, 0, 0, 0), 10, "two different triples (5 + 5) beat 3 pairs (9)"),
        ((3, 3, 3, 0, 0, 0), 21, "three identical triples (21) beat 3 x (5)"),
        ((4, 1, 1, 1, 1, 1), 27, "six different (20) + identical 3 (7); not 12 + 14"),
        ((2, 1, 1, 0, 0, 0), 6, "pair (3) + different pair (2) + 1, or 5 + 1"),
    ],
)
def test_relic_sets_best_split(counts: tuple[int, ...], best: int, why: str) -> None:
    """Rulebook, End of the Game: "Victory points are awarded for sets of the same
    type of relic cards or for sets of different relic cards. Players may combine
    their cards in any way and may build as many sets as they wish, but each card
    can be used in only one set." (default table: identical 1/3/7/12, different
    2/5/9/14/20)"""
    assert IDENTICAL_SET_VP == (0, 1, 3, 7, 12)
    assert DIFFERENT_SET_VP == (0, 0, 2, 5, 9, 14, 20)
    assert relic_sets_vp(counts) == best, why


def test_tie_goes_to_the_miner_farthest_ahead() -> None:
    """Rulebook, End of the Game: "In case of a tie, the winner is the player whose
    miner figure is farthest ahead in the mines from among the tied players." """
    s = new_game(KrysisConfig(num_players=3), 0)
    play_until(s)
    s.home = [[0, 0, 0]] * 3
    s.home_relics = [[0] * 6 for _ in range(3)]
    s.vp = [10, 10, 12]
    s.position = [2, 1, 3]
    assert winners(s) == [2]  # no tie: the most VP
    s.vp = [10, 10, 4]
    assert winners(s) == [1]  # tied at 10: seat 1 is ahead of seat 0
    s.position = [0, 1, 3]
    assert winners(s) == [0]
    s.vp = [4, 10, 10]
    assert winners(s) == [1]  # seat 0 is ahead but not among the tied


# --- variants ------------------------------------------------------------------------------


def test_advanced_squad_draft_two_per_star() -> None:
    """Rulebook, Advanced Game: "Players choose 6 cards to discard in the following
    distribution: 2 agents with 1 star, 2 with 2 stars and 2 with 3 stars. The
    remaining 18 cards will make up their squads for the game." and "The
    discarded agent cards are put back in the box without being shown to the
    other players." """
    s = new_game(KrysisConfig(num_players=2, advanced=True), 0)
    assert s.phase == Phase.SQUAD
    p = s.mover
    assert len(s.deck_t[p] + s.deck_f[p]) == 24
    ones = [c for c in range(24) if CARDS[p][c].stars == 1]
    do(s, card(ones[0]), card(ones[1]))
    assert s.mover == p
    assert_illegal(s, card(ones[2]), "2 agents of 1 stars")
    twos = [c for c in range(24) if CARDS[p][c].stars == 2]
    threes = [c for c in range(24) if CARDS[p][c].stars == 3]
    # "There is no restriction as to how many of each type of agents"
    do(s, card(twos[0]), card(twos[1]), card(threes[-1]))
    other = s.clone()
    do(s, card(threes[-2]))
    do(other, card(threes[0]))
    q = s.mover
    assert q != p
    assert player_view(s, q) == player_view(other, q)  # not shown
    while s.phase == Phase.SQUAD:
        do(s, legal_actions(s)[0])
    for seat in range(2):
        stars = sorted(CARDS[seat][c].stars for c in s.squad_out[seat])
        assert stars == [1, 1, 2, 2, 3, 3]
        squad = s.hand[seat] + s.deck_t[seat] + s.deck_f[seat]
        assert len(squad) == 18 and len(s.hand[seat]) == 6
        assert not set(squad) & set(s.squad_out[seat])
    assert s.phase == Phase.BID


def test_nine_card_hand() -> None:
    """Rulebook, Optional Rules: "At the beginning of the game each player chooses
    any 9 of his agent cards and takes them into his hand. Separate the remaining
    cards into a transporter deck and a fighter deck" and "This means you draw 3
    new agent cards as usual in the end of each round to have 9 cards in hand." """
    s = new_game(KrysisConfig(num_players=2, nine_card_hand=True), 0)
    assert s.phase == Phase.HAND
    p = s.mover
    transporters = [card(c) for c in range(9)]  # any 9: here all transporters
    do(s, *transporters)
    assert s.hand[p] == list(range(9)) and s.deck_t[p] == []
    assert sorted(s.deck_f[p]) == list(range(9, 18))
    while s.phase == Phase.HAND:
        do(s, legal_actions(s)[0])
    assert s.phase == Phase.BID and [len(h) for h in s.hand] == [9, 9]
    while s.round == 1 or s.phase != Phase.BID:
        do(s, simple_choice(s))
    assert s.round == 2 and [len(h) for h in s.hand] == [9, 9]


@pytest.mark.parametrize("needs_goods", [True, False])
def test_missions_ten_points_ties_all_complete(needs_goods: bool) -> None:
    """Rulebook, Mission Cards: "The player who completes his mission at the end of
    the game receives 10 victory points. To complete a mission you have to possess
    the most crystals of one type or the most relic cards (types don't count)
    behind your screen" -- a tie completes it for every tied player (ruling); a
    tie at none completes it only with `mission_needs_goods=False`."""
    s = new_game(
        KrysisConfig(num_players=3, missions=True, mission_needs_goods=needs_goods), 0
    )
    play_until(s)
    s.vp = [0, 0, 0]
    s.mission = [0, 0, 3]  # most red, most red, most relics
    s.home = [[2, 0, 0], [1, 5, 5], [0, 0, 0]]
    s.home_relics = [[0] * 6 for _ in range(3)]
    assert [score_breakdown(s, p).mission for p in range(3)] == [
        MISSION_VP,
        0,
        0 if needs_goods else MISSION_VP,  # nobody has a relic at home
    ]
    s.home[1][RED] = 2  # a tie for the most red
    assert [score_breakdown(s, p).mission for p in range(2)] == [10, 10]
    # relic types don't count: two different relics are two cards
    s.home_relics[2][PLUS1] = 1
    s.home_relics[0][WAGON_R] = 1
    s.home_relics[0][BARROW_B] = 1
    assert score_breakdown(s, 2).mission == 0  # 1 card against 2
    s.home_relics[2][PLUS1] = 2
    assert score_breakdown(s, 2).mission == 10  # 2 identical against 2 different
    assert score_breakdown(s, 2).total == score_breakdown(s, 2).relics + 10


# --- Speed Krysis ---------------------------------------------------------------------------


def _speed(
    teams: dict[int, list[int]], camps: dict[int, list[int]] | None = None
) -> State:
    s = new_game(KrysisConfig(variant="speed"), 0)
    if camps:
        for p, c in camps.items():
            s.camp[p] = list(c)
    pick_teams(s, teams)
    return s


def test_speed_set_up() -> None:
    """Speed Krysis (the publisher's 2-player variant): each player puts 2 red + 3
    blue in the campsite and takes the 7 transporters and 4 fighters that have no
    crystal multiplier."""
    s = new_game(KrysisConfig(variant="speed"), 0)
    assert s.camp == [[2, 3, 0], [2, 3, 0]] and s.home == [[0, 0, 0]] * 2
    for p in range(2):
        assert s.hand[p] == list(SPEED_HAND)
        kinds = [CARDS[p][c].kind for c in s.hand[p]]
        assert kinds.count(AgentKind.TRANSPORTER) == 7 and len(kinds) == 11
        assert all(CARDS[p][c].multiplier == 0 for c in s.hand[p])
    assert s.phase == Phase.PICK and s.relic_deck == []


def test_speed_forced_actions_in_priority_order() -> None:
    """Speed Krysis: "If the opponent's campsite has a crystal and your team is the
    stronger one and has capacity, you must steal and take the crystals home.
    Otherwise, if your campsite holds at least as many crystals as your capacity,
    you must transport home. Otherwise you must mine: take the crystals pictured
    on your transporters into your campsite." """
    # seat 1 (T1 T2 T3: speed 13, combat 0, capacity B W W W) acts first: it is
    # not stronger, holds 5 crystals >= 4 icons: it takes home what fits (1 blue;
    # its white icons find no white). Then seat 0 (F4 T5 T7: combat 4, capacity
    # R R B) is stronger than a deserted campsite: it steals 2 red + 1 blue home
    # although its own campsite also holds more than its capacity.
    s = _speed({0: [F4, T5, T7], 1: [T1, T2, T3]})
    assert s.home[1] == [0, 1, 0]
    assert s.home[0] == [2, 1, 0] and s.camp[0] == [2, 3, 0]
    assert s.camp[1] == [0, 1, 0]
    assert s.round == 2 and s.phase == Phase.PICK


def test_speed_mines_when_neither_applies() -> None:
    """Speed Krysis: "Otherwise you must mine: take the crystals pictured on your
    transporters into your campsite." -- and the team guards the campsite. White
    icons mine nothing: the variant sets out only red and blue crystals."""
    # seat 0 (T4 T6 T7: speed 6, combat 0, icons R R B B + W W) acts first with
    # 1 red + 2 blue at its campsite: not stronger than seat 1 (F4: combat 4),
    # 3 crystals < 4 red/blue icons, so it mines 2R 2B (no white) and stays on
    # guard. Seat 1 (F4 T7 T6: speed 4, icons R R B) is stronger (4 > 0) and
    # steals the most valuable goods that fit: 2R 1B.
    s = _speed({0: [T4, T6, T7], 1: [F4, T7, T6]}, camps={0: [1, 2, 0]})
    assert s.home[0] == [0, 0, 0]
    assert s.home[1] == [2, 1, 0]
    assert s.camp[0] == [1 + 2 - 2, 2 + 2 - 1, 0]
    assert s.camp[1] == [2, 3, 0]


def test_speed_steals_only_with_room_for_a_crystal() -> None:
    """Speed Krysis: "If the opponent's campsite has a crystal and your team is the
    stronger one and has capacity, you must steal" -- capacity for a crystal that
    is there: white icons cannot steal reds and blues, so the team mines (white
    icons mine nothing: the variant has only red and blue crystals)."""
    # seat 0: T1 T2 F1 (speed 13, combat 1, icons W W W: no red or blue) with an
    # empty campsite; seat 1: T5 T6 T7 (combat 0) holds only red and blue
    s = _speed({0: [T1, T2, F1], 1: [T5, T6, T7]}, camps={0: [0, 0, 0]})
    assert s.camp[0] == [0, 0, 0]  # "mined" nothing, not "stole nothing"
    assert s.home[0] == [0, 0, 0] and not s.deserted[0]
    # seat 1 is not stronger than the guarded campsite (0 against 1) and holds
    # 5 crystals >= 4 red/blue icons (R, R, R B): it takes the best home
    assert s.home[1] == [2, 1, 0] and s.camp[1] == [0, 2, 0]


def test_speed_has_three_rounds() -> None:
    """Speed Krysis is played over 3 rounds."""
    s = new_game(KrysisConfig(variant="speed"), 0)
    rounds = {s.round}
    while not s.is_over:
        apply_action(s, legal_actions(s)[0])
        rounds.add(s.round)
    assert rounds == {1, 2, 3}


def test_multiplier_multiplies_only_the_speed() -> None:
    """Rulebook, Building Up the Teams: the multiplier gives "the initiative value
    of the agent" -- only its speed: combat and capacity are not multiplied."""
    s = rig({0: [F9, F7, T8], 1: [T6, T7, F4]}, camps={0: [3, 3, 3]})
    assert attack_value(s, 0) == 2 + 1  # F9 combat 2, F7 combat 1
    assert s.initiative[0] == 9 + 6 + 3
    do(s, A.LOAD)
    select(s, blue=1, white=1)  # T8 carries B W, not 3 x that
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK]
