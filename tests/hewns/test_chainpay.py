"""Chain payments (D30, D65), the encounter's step 2 "Transmit Substract away",
and showing one's turn-order card at will.

Positions on the 2-player crater: a Hewn stepping from space 3 into space 6 is
seen from spaces 0 and 1; a Hewn in space 5 sees space 1 and space 0 but not
space 6; spaces 44 and 1 see each other.
"""

from __future__ import annotations

import numpy as np
import pytest
from hewns_obs_reference import encode as reference

from scavenger_env.hewns.engine import effects, payment, rules
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import HEWN, NUM, SPACE, Ctrl, Verb
from scavenger_env.hewns.engine.describe import hewn_turn_ap
from scavenger_env.hewns.engine.encounter import encounter_frame
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.rules import legal_actions
from scavenger_env.hewns.engine.state import Ask, Frame, State
from scavenger_env.hewns.engine.view import determinize, redact
from scavenger_env.hewns.observation import KINDS, encode, views

NUMBERS = KINDS + 3 + 1 + 4 + 2  # the top frame's numbers in the decision view

FROM, TO = 3, 6


def top(state: State) -> Frame:
    return state.frames[-1]


def act(state: State, *actions: int) -> None:
    for a in actions:
        assert not is_chance(state)
        rules.apply_action(state, a)


def into_sight(state: State) -> None:
    """The mover steps 3 -> 6, into the sight of Hewns in spaces 0 and 1; under
    rules 2 it then stops (ends its Hewn turn), which opens the reaction window
    first."""
    act(state, SPACE + TO)
    if state.config.audit_fixes() and top(state).ask == Ask.HEWN_TURN:
        act(state, Ctrl.END_HEWN_TURN)


def reactors_only(state: State, *reactors: int) -> None:
    """The mover steps into space 6; seat 1 announces with `reactors`; the mover
    does not join."""
    into_sight(state)
    assert top(state).ask == Ask.REACT
    act(state, *(HEWN + h for h in reactors))
    if top(state).ask == Ask.REACT:
        act(state, Ctrl.DONE)
    act(state, Ctrl.NO)


def skip_away(state: State) -> None:
    while top(state).ask == Ask.TRANSMIT_AWAY:
        act(state, Ctrl.DONE)


# --- D30: ranged picks and payments --------------------------------------------------
def test_ranged_picks_use_the_chain_and_the_payer_splits() -> None:
    """rulebook: "it can receive via a chain of friendly Hewns that can see each
    other", and the Sveanivo "uses 2 Substract from the Veyark and keeps its own
    Substract": the picks may reach the chain's Substract, and the payer
    chooses how much comes from its own load."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    shooter = pos.place(state, "Hover Cataclysm", 1, 1, dirty=1)
    veyark = pos.place(state, "Minor Miner", 1, 5, normal=3)
    assert effects.donors(state, shooter) == [veyark]
    pos.start_hewn_turn(state, mover)
    reactors_only(state, shooter)
    skip_away(state)
    assert top(state).ask == Ask.PICK_L
    # 1 own + 3 chain; seat 1 may show its card at any of its decisions
    assert legal_actions(state) == [Ctrl.REVEAL, *(NUM + v for v in range(5))]
    pile = state.normal_pile
    act(state, NUM + 3, NUM + 0, NUM + 0)
    assert top(state).ask == Ask.PAY_SPLIT and top(state).seat == 1
    assert legal_actions(state) == [Ctrl.REVEAL, NUM + 0, NUM + 1]
    act(state, NUM + 0)  # all from the chain: it keeps its own
    assert state.dirty[shooter] == 1 and state.normal[veyark] == 0
    assert state.normal_pile == pile + 3
    assert is_chance(state)


def test_no_split_is_asked_when_one_share_is_possible() -> None:
    """D30: PAY_SPLIT is asked only when more than one share is possible: a
    pick that needs all the chain can offer is paid at once."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    shooter = pos.place(state, "Hover Cataclysm", 1, 1, dirty=1)
    veyark = pos.place(state, "Minor Miner", 1, 5, normal=3)
    pos.start_hewn_turn(state, mover)
    reactors_only(state, shooter)
    skip_away(state)
    act(state, NUM + 4, NUM + 0, NUM + 0)
    assert is_chance(state)
    assert state.dirty[shooter] == 0 and state.normal[veyark] == 0


def test_announcers_of_one_seat_share_their_chain() -> None:
    """D65: with several announcers of one seat drawing on one chain, a pick is
    legal only if the chain can pay all of that seat's picks so far (rulebook:
    "limited to the amount of actual Substract they can get hold of"); a
    fighting Hewn gives nothing ("cannot transfer/transmit Substract away").
    Open loads (the "nanas" cards): with secret loads a share question is asked
    from public facts, so the last pick is asked even with one answer."""
    state = pos.actions_phase(cards="nanas")
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    first = pos.place(state, "Hover Cataclysm", 1, 1, dirty=1)
    second = pos.place(state, "Gombat", 1, 0, dirty=2)
    donor = pos.place(state, "Minor Miner", 1, 5, normal=3)
    pos.start_hewn_turn(state, mover)
    reactors_only(state, first, second)
    skip_away(state)
    assert top(state).hewn == first
    assert legal_actions(state) == [Ctrl.REVEAL, *(NUM + v for v in range(5))]  # 1+3
    act(state, NUM + 3, NUM + 0, NUM + 0)  # needs 2 of the donor's 3
    assert top(state).hewn == second
    # 2 own + 1 left
    assert legal_actions(state) == [Ctrl.REVEAL, *(NUM + v for v in range(4))]
    act(state, NUM + 3, NUM + 0, NUM + 0)
    # the first may not take more than 2 from the donor: no choice is left
    assert is_chance(state)
    assert (state.dirty[first], state.dirty[second], state.normal[donor]) == (0, 0, 0)


def test_danger_screens_draw_on_the_chain() -> None:
    """D30: danger-token screens may be paid through the chain (rulebook: "he
    can burn up to 7 Substract - if he has it")."""
    state = pos.actions_phase()
    minor = pos.place(state, "Minor Miner", 0, 43, normal=1)
    pos.place(state, "Major Miner", 0, 1, normal=2)
    pos.set_token(state, 44, "snedj")
    pos.start_hewn_turn(state, minor)
    act(state, SPACE + 44)
    assert top(state).ask == Ask.SCREENS
    assert legal_actions(state) == [NUM + v for v in range(4)]  # 1 own + 2 chain
    act(state, NUM + 2)
    assert top(state).ask == Ask.PAY_SPLIT
    assert legal_actions(state) == [NUM + 0, NUM + 1]


def test_an_ap_burn_draws_on_the_chain() -> None:
    """D30: an AP burn may draw on the chain ("Each Hewn can burn up to a
    maximum of 3 Substract during its Hewn turn"); rules 1 take the chain's
    dirty Substract first without asking."""
    state = pos.actions_phase(rules_version=1)
    miner = pos.place(state, "Major Miner", 0, 44)
    friend = pos.place(state, "Minor Miner", 0, 1, dirty=1, normal=1)
    pos.start_hewn_turn(state, miner)
    assert Verb.BURN in legal_actions(state)
    act(state, Verb.BURN)  # nothing of its own: dirty first from the chain
    assert top(state).ask == Ask.HEWN_TURN
    assert (state.normal[friend], state.dirty[friend]) == (1, 0)


# --- rules 2: the payer chooses the chain part's kind ------------------------------------
def test_an_ap_burn_asks_which_kind_the_chain_gives() -> None:
    """rulebook: a Hewn "can choose to "burn" 1 of his normal Substract tokens
    (or a dirty Substract token)": under rules 2 the payer also chooses the kind
    of what its chain gives (CHAIN_MIX), here the friend's normal one."""
    state = pos.actions_phase(rules_version=2)
    miner = pos.place(state, "Major Miner", 0, 44)
    friend = pos.place(state, "Minor Miner", 0, 1, dirty=1, normal=1)
    pos.start_hewn_turn(state, miner)
    pile = state.normal_pile
    act(state, Verb.BURN)
    assert top(state).ask == Ask.CHAIN_MIX and top(state).seat == 0
    assert legal_actions(state) == [NUM + 0, NUM + 1]
    act(state, NUM + 0)
    assert (state.normal[friend], state.dirty[friend]) == (0, 1)
    assert state.normal_pile == pile + 1
    assert top(state).ask == Ask.HEWN_TURN and hewn_turn_ap(state) == 3 + 1


def _screening_with_two_donors(version: int) -> tuple[State, int, int]:
    """A Minor Miner carrying nothing steps onto a Snedj nest (space 44) and
    burns 3 body screens; its chain is a Major Miner in space 1 (1 normal, 1
    dirty), then a Gombat in space 0 (2 normal, 2 dirty) seen only through it."""
    state = pos.actions_phase(rules_version=version)
    minor = pos.place(state, "Minor Miner", 0, 43)
    near = pos.place(state, "Major Miner", 0, 1, normal=1, dirty=1)
    far = pos.place(state, "Gombat", 0, 0, normal=2, dirty=2)
    pos.set_token(state, 44, "snedj")
    pos.start_hewn_turn(state, minor)
    act(state, SPACE + 44)
    assert effects.donors(state, minor) == [near, far]
    assert top(state).ask == Ask.SCREENS
    act(state, NUM + 3)
    return state, near, far


def test_the_chain_part_leaves_the_donors_as_the_payer_chose() -> None:
    """rulebook: "Each screen created will cost 1 Substract" and a burn takes "1
    of his normal Substract tokens (or a dirty Substract token)": under rules 2
    the payer says how much of the chain's part is dirty (any amount the donors
    can give together), and each kind comes from the nearest donor that carries
    it first; the attack then rolls with the screens."""
    state, near, far = _screening_with_two_donors(2)
    assert top(state).ask == Ask.CHAIN_MIX
    assert legal_actions(state) == [NUM + d for d in range(4)]
    pile = state.normal_pile
    act(state, NUM + 3)  # all dirty: 1 from the near one, 2 from the far one
    assert (state.normal[near], state.dirty[near]) == (1, 0)
    assert (state.normal[far], state.dirty[far]) == (2, 0)
    assert state.normal_pile == pile
    assert is_chance(state) and state.frames[-1].ask == Ask.TOKEN_ATTACK


def test_rules_1_draw_the_chain_part_donor_by_donor_dirty_first() -> None:
    """Rules 1 did not ask: nearest donor first, its dirty before its normal."""
    state, near, far = _screening_with_two_donors(1)
    assert is_chance(state) and state.frames[-1].ask == Ask.TOKEN_ATTACK
    assert (state.normal[near], state.dirty[near]) == (0, 0)
    assert (state.normal[far], state.dirty[far]) == (2, 1)


def test_no_chain_mix_is_asked_when_the_donors_carry_one_kind() -> None:
    """CHAIN_MIX is asked only when more than one answer is possible (loads are
    public): a chain that carries only normal Substract pays at once."""
    state = pos.actions_phase(rules_version=2)
    miner = pos.place(state, "Major Miner", 0, 44)
    friend = pos.place(state, "Minor Miner", 0, 1, normal=2)
    pos.start_hewn_turn(state, miner)
    act(state, Verb.BURN)
    assert top(state).ask == Ask.HEWN_TURN and hewn_turn_ap(state) == 3 + 1
    assert state.normal[friend] == 1


def _two_announcers_pay(version: int) -> tuple[State, int, int]:
    """Seat 1's Gombat (space 0) and Hover Cataclysm (space 1), carrying
    nothing, pick 2 lasers each. The Gombat's chain is a Major Miner (space 4:
    2 normal, 1 dirty), then a Minor Miner (space 5: 2 dirty); the Cataclysm
    reaches only the Minor Miner. The Gombat pays first."""
    state = pos.actions_phase(rules_version=version)
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    gombat = pos.place(state, "Gombat", 1, 0)
    cataclysm = pos.place(state, "Hover Cataclysm", 1, 1)
    major = pos.place(state, "Major Miner", 1, 4, normal=2, dirty=1)
    minor = pos.place(state, "Minor Miner", 1, 5, dirty=2)
    fighters = [mover, gombat, cataclysm]
    assert effects.donors(state, gombat, fighters) == [major, minor]
    assert effects.donors(state, cataclysm, fighters) == [minor]
    pos.start_hewn_turn(state, mover)
    reactors_only(state, gombat, cataclysm)
    skip_away(state)
    act(state, NUM + 2, NUM + 0, NUM + 0, NUM + 2, NUM + 0, NUM + 0)
    return state, major, minor


def test_the_chain_mix_leaves_later_payers_of_the_seat_enough() -> None:
    """D65 with rules 2's CHAIN_MIX: the Gombat's chain part may be 0 or 1
    dirty, not 2 (the second dirty would come from the Minor Miner, which the
    Cataclysm needs whole: "limited to the amount of actual Substract they can
    get hold of"); the Cataclysm's payment then has one form."""
    state, major, minor = _two_announcers_pay(2)
    assert top(state).ask == Ask.CHAIN_MIX
    assert legal_actions(state) == [Ctrl.REVEAL, NUM + 0, NUM + 1]
    act(state, NUM + 1)
    assert is_chance(state)
    assert (state.normal[major], state.dirty[major]) == (1, 0)
    assert state.dirty[minor] == 0


def test_rules_1_two_announcers_pay_without_a_chain_mix() -> None:
    """Rules 1: the same payments take dirty first, donor by donor, unasked."""
    state, major, minor = _two_announcers_pay(1)
    assert is_chance(state)
    assert (state.normal[major], state.dirty[major]) == (1, 0)
    assert state.dirty[minor] == 0


def test_a_payment_is_observed_and_its_secret_amount_redacted() -> None:
    """The observation shows a payment's numbers where rules 1's frames held
    them (amount, own share, its dirty part at CHAIN_MIX), the same in the
    plain encoder; a payment of picks (PICK_MIX) keeps its amount from the
    other seats, as picks are "secretly" picked."""
    state, _, _ = _screening_with_two_donors(2)
    decision = views(encode(state, 0))["decision"]
    assert decision[Ask.CHAIN_MIX] == 1.0
    assert list(decision[NUMBERS : NUMBERS + 4]) == pytest.approx([3 / 31, 0, 0, 0])
    for seat in (0, 1):
        assert encode(state, seat).tobytes() == reference(state, seat).tobytes()

    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    shooter = pos.place(state, "Hover Cataclysm", 1, 1, normal=1, dirty=1)
    pos.start_hewn_turn(state, mover)
    reactors_only(state, shooter)
    skip_away(state)
    act(state, NUM + 1, NUM + 0, NUM + 0)
    assert top(state).ask == Ask.PICK_MIX
    owner = payment.pay_frame(redact(state, 1).frames[-1])
    other = payment.pay_frame(redact(state, 0).frames[-1])
    assert (owner.amount, owner.own) == (1, 1)
    assert (other.amount, other.own) == (0, 0)
    numbers = views(encode(state, 1))["decision"][NUMBERS : NUMBERS + 2]
    assert list(numbers) == pytest.approx([1 / 31, 1 / 31])
    assert not views(encode(state, 0))["decision"][NUMBERS : NUMBERS + 4].any()


def test_a_payment_frame_copies_and_keys_every_field() -> None:
    """A `PayFrame` is engine state: its copy keeps every field of
    `PAY_FRAME_FIELDS` and shares no list with it (a search plays on copies),
    and its key, plain ints, changes with each number it holds."""
    state, _, _ = _two_announcers_pay(2)
    frame = payment.pay_frame(top(state))
    assert frame.later  # the Cataclysm pays after the Gombat
    twin = frame.copy()
    for name in payment.PAY_FRAME_FIELDS:
        assert getattr(twin, name) == getattr(frame, name), name
    assert twin.key() == frame.key()
    assert all(type(x) is int for x in frame.key())
    twin.later[1] += 1
    assert twin.later != frame.later and twin.key() != frame.key()
    for name in ("mix", "amount", "low", "high", "own", "own_dirty"):
        other = frame.copy()
        setattr(other, name, getattr(other, name) + 1)
        assert other.key() != frame.key(), name


# --- step 2: transmit away ------------------------------------------------------------
def test_transmit_away_to_the_screen_before_the_picks() -> None:
    """rulebook: "Any Hewns with Substract stored on their bodies - that wish to
    transmit it off-planet or to friendly healthy Hewns (to protect it), must
    announce and do that now": each involved seat, mover first."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, normal=2)
    shooter = pos.place(state, "Hover Cataclysm", 1, 1, dirty=3)
    pos.start_hewn_turn(state, mover)
    into_sight(state)
    act(state, HEWN + shooter, Ctrl.YES)
    assert top(state).ask == Ask.TRANSMIT_AWAY and top(state).seat == 0
    assert legal_actions(state) == [Ctrl.DONE, Verb.TRANSMIT]
    act(state, Ctrl.DONE)
    assert top(state).ask == Ask.TRANSMIT_AWAY and top(state).seat == 1
    screen = state.screen_dirty[1]
    act(state, Verb.TRANSMIT, HEWN + shooter, Ctrl.OFF_PLANET, NUM + 2)
    assert state.dirty[shooter] == 1 and state.screen_dirty[1] == screen + 2
    assert top(state).ask == Ask.TRANSMIT_AWAY
    act(state, Ctrl.DONE)
    assert top(state).ask == Ask.PICK_L and top(state).hewn == mover


def test_transmit_away_in_a_same_space_encounter_goes_off_planet_only() -> None:
    """rulebook: "Hewns in Same Space Encounters cannot transmit Substract to
    other Hewns"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, 11, normal=2)
    enemy = pos.place(state, "Hover Cataclysm", 1, 1)
    pos.start_hewn_turn(state, mover)
    act(state, SPACE + 1)
    assert top(state).ask == Ask.TRANSMIT_AWAY and top(state).seat == 0
    act(state, Verb.TRANSMIT, HEWN + mover)
    assert legal_actions(state) == [Ctrl.OFF_PLANET]
    act(state, Ctrl.OFF_PLANET, NUM + 2)
    assert top(state).ask == Ask.PICK_L and top(state).hewn == mover
    assert state.screen_normal[0] >= 2 and state.loc[enemy] == 1


# --- the turn-order card ----------------------------------------------------------------
def test_a_reacting_seat_may_show_its_turn_order_card() -> None:
    """rulebook: "Players can either reveal (or keep it secret) their turn
    order": a seat asked out of turn may show its card, then is asked again."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    shooter = pos.place(state, "Hover Cataclysm", 1, 1)
    pos.start_hewn_turn(state, mover)
    into_sight(state)
    assert top(state).ask == Ask.REACT and not state.card_shown[1]
    assert Ctrl.REVEAL in legal_actions(state)
    act(state, Ctrl.REVEAL)
    assert state.card_shown[1]
    assert top(state).ask == Ask.REACT
    assert legal_actions(state) == [Ctrl.DONE, HEWN + shooter]


def _both_picked(second_lasers: int) -> State:
    """The mover joins; seat 1's two reactors pick (3, then `second_lasers`
    lasers) from one chain; the mover is to name its target."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    first = pos.place(state, "Hover Cataclysm", 1, 1, dirty=1)
    second = pos.place(state, "Gombat", 1, 0)
    pos.place(state, "Minor Miner", 1, 5, normal=3)
    pos.start_hewn_turn(state, mover)
    into_sight(state)
    act(state, HEWN + first, HEWN + second, Ctrl.YES)
    skip_away(state)
    act(state, NUM, NUM, NUM)  # the mover carries nothing
    act(state, NUM + 3, NUM + 0, NUM + 0, NUM + second_lasers, NUM + 0, NUM + 0)
    assert top(state).ask == Ask.NAME_TARGET
    return state


def test_determinized_picks_of_one_seat_fit_its_chain_and_leak_nothing() -> None:
    """D65 in a determinized view: another seat's secret picks are drawn so that
    its announcers can still all pay them (a search playing on never meets a
    payment its chain cannot make), and the draws do not depend on the real
    picks ("secretly pick up dice")."""
    one, none = _both_picked(1), _both_picked(0)
    for seed in range(30):
        a = determinize(one, 0, np.random.default_rng(seed))
        b = determinize(none, 0, np.random.default_rng(seed))
        assert encounter_frame(a).key() == encounter_frame(b).key()
        rng = np.random.default_rng(seed)
        while not is_chance(a):  # name a target, then the payments
            legal = legal_actions(a)
            rules.apply_action(a, legal[int(rng.integers(len(legal)))])
