"""The first rules audit (rules 2) against rules 1, point by point, on positions
set up with `engine.position`. Each fix is checked both ways: `rules_version=2`
(the default) plays the rulebook's sentence, `rules_version=1` plays exactly as
the engine first did, so records made then replay unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import management as m
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import HEWN, VERB, Ctrl, Verb, describe_id
from scavenger_env.hewns.engine.config import RULES_VERSION, HewnsConfig
from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.state import Ask, State
from scavenger_env.hewns.engine.view import determinize


def test_the_audit_fixes_are_the_default_rules() -> None:
    assert RULES_VERSION == 3  # rules 3 keeps the audit's fixes
    assert HewnsConfig().audit_fixes()
    assert HewnsConfig(rules_version=2).audit_fixes()
    assert not HewnsConfig(rules_version=1).audit_fixes()


def _fogbear_on_lava(version: int):
    """The audit's position: a Fogbear on lava in space 34, with two ways out
    (spaces 33 and 35)."""
    state = pos.actions_phase(2, rules_version=version)
    fogbear = pos.place(state, "Fogbear", seat=0, space=34)
    pos.set_token(state, 34, "lava")
    return state, fogbear


def test_a_hewn_on_a_danger_token_must_leave_it() -> None:
    """rulebook: "When a Hewn begins its turn in the same space as a danger
    token: a lava token, planet attack token or a Snedj nest token, it must leave
    the space immediately!": it may not end its Hewn turn on the lava while it
    can step away."""
    state, fogbear = _fogbear_on_lava(2)
    pos.start_hewn_turn(state, fogbear)
    legal = [describe_id(a) for a in rules.legal_actions(state)]
    assert "CTRL END_HEWN_TURN" not in legal
    assert {"SPACE 33", "SPACE 35"} <= set(legal)
    pos.play(state, "SPACE 33")  # once it has left, it may stop
    assert Ctrl.END_HEWN_TURN in rules.legal_actions(state)


def test_a_player_may_not_leave_a_hewn_on_a_danger_token_unactivated() -> None:
    """rulebook: "...it must leave the space immediately!": the player turn may
    not end before the Hewn on the lava has had its Hewn turn."""
    state, fogbear = _fogbear_on_lava(2)
    other = pos.place(state, "Minor Miner", seat=0, space=50)
    pos.start_hewn_turn(state, other)
    pos.play(state, "CTRL END_HEWN_TURN")
    assert state.frames[-1].ask == Ask.PLAYER_TURN
    legal = rules.legal_actions(state)
    assert Ctrl.END_PLAYER_TURN not in legal
    assert HEWN + fogbear in legal


def test_rules_1_let_a_hewn_sit_on_a_danger_token() -> None:
    """Rules 1 (records made before the audit) let the Hewn stay and the player
    end the turn without it."""
    state, fogbear = _fogbear_on_lava(1)
    pos.start_hewn_turn(state, fogbear)
    assert Ctrl.END_HEWN_TURN in rules.legal_actions(state)
    state, fogbear = _fogbear_on_lava(1)
    other = pos.place(state, "Minor Miner", seat=0, space=50)
    pos.start_hewn_turn(state, other)
    pos.play(state, "CTRL END_HEWN_TURN")
    assert Ctrl.END_PLAYER_TURN in rules.legal_actions(state)


@pytest.mark.parametrize("version", [1, 2])
def test_a_load_then_an_off_planet_transmission(version: int) -> None:
    """rulebook: "any Hewn can transmit any Substract (dirty or normal) "off
    planet" at any time it wishes to - it's a free action": after loading an
    off-board Hewn from the screen, a Hewn on the board may still transmit off
    planet (rules 2). Rules 1 held the screen to the one-way guard and refused."""
    state = pos.actions_phase(rules_version=version)
    pos.set_screen(state, 0, dirty=5)
    off = pos.place(state, "Fogbear", 0)  # behind the screen
    runner = pos.place(state, "Minor Miner", 0, space=50, dirty=2)
    pos.start_hewn_turn(state, runner)
    pos.play(state, Verb.LOAD, f"HEWN {off}", "NUM 2")  # screen -> Fogbear
    assert (runner in m.tx_sources(state, 0)) is (version == 2)
    if version == 2:
        pos.play(state, Verb.TRANSMIT, f"HEWN {runner}", "CTRL OFF_PLANET", "NUM 2")
        assert state.screen_dirty[0] == 5
        # the Hewns keep the guard: the loaded Fogbear may not give back
        assert off not in m.load_hewns(state, 0, m.UNLOAD)


def _double_brain_repair(version: int):
    """The audit's position: a Spricelos (seat 0) steps into a Clampeyt's space
    (seat 1, space 1; its other links are 11, 27, 30 and 43); both choose a brain
    repair and both succeed."""
    state = pos.actions_phase(2, rules_version=version)
    spricelos = pos.place(state, "Spricelos", seat=0, space=11)
    clampeyt = pos.place(state, "Clampeyt", seat=1, space=1)
    pos.start_hewn_turn(state, spricelos)
    pos.play(state, "SPACE 1")
    while state.frames[-1].ask == Ask.TRANSMIT_AWAY:
        pos.play(state, "CTRL DONE")
    pos.play(state, *["NUM 0"] * 10)  # no dice picked by either
    pos.play(state, "OPTION BRAIN_REPAIR", "OPTION BRAIN_REPAIR")
    pos.roll(state, "d10", 9, 0)  # the Spricelos repairs ...
    pos.roll(state, "d10", 4)
    pos.roll(state, "d10", 8)  # ... and so does the Clampeyt
    pos.roll(state, "d10", 2)
    assert state.ctrl[clampeyt] == 0 and state.ctrl[spricelos] == 1
    return state, spricelos, clampeyt


def test_after_a_double_brain_repair_the_mover_is_retreated_by_its_new_owner() -> None:
    """rulebook: "If two Hewns in the space are healthy, the moving Hewn must be
    retreated into an adjacent space (free of healthy Hewns) of his owner's
    choice - even if this is by a new owner!"; then the repaired Clampeyt takes
    its Hewn turn for its new owner."""
    state, spricelos, clampeyt = _double_brain_repair(2)
    frame = state.frames[-1]
    assert (frame.ask, frame.seat, frame.hewn) == (Ask.RETREAT, 1, spricelos)
    assert sorted(describe_id(a) for a in rules.legal_actions(state)) == [
        "CTRL REVEAL",  # seat 1 has not shown its turn-order card
        "SPACE 11",
        "SPACE 27",
        "SPACE 30",
        "SPACE 43",
    ]
    pos.play(state, "SPACE 27")
    assert state.loc[spricelos] == 27 and state.healthy(spricelos)
    assert not any(f.ask == Ask.HEWN_TURN and f.hewn == spricelos for f in state.frames)
    turn = state.frames[-1]
    assert (turn.ask, turn.seat, turn.hewn) == (Ask.HEWN_TURN, 0, clampeyt)


def test_rules_1_left_both_in_the_space_after_a_double_brain_repair() -> None:
    """rulebook: "When two enemy Hewns in the same space encounter both choose
    to do a brain repair, they may both succeed ... and therefore both may end
    up with a different control rod!"; only the former reactor acts at once.
    Rules 1 then left the two enemies sharing the space."""
    state, spricelos, clampeyt = _double_brain_repair(1)
    assert not any(f.ask == Ask.HEWN_TURN and f.hewn == spricelos for f in state.frames)
    turn = state.frames[-1]
    assert (turn.ask, turn.seat, turn.hewn) == (Ask.HEWN_TURN, 0, clampeyt)
    assert state.loc[spricelos] == 1 and state.healthy(spricelos)


def _load_in_the_auction(
    version: int, dirty_in_bidox: int
) -> list[tuple[int, list[str]]]:
    """Seat 0 (3 normal and 20 dirty Substract) puts 3 of them in a Bidox, of
    which `dirty_in_bidox` dirty; seat 1 places one too; then seat 0 loads its
    off-board Fogbear. Returns each prompt (decision kind, legal actions) of
    the load. The cards are "nanas": loads off the board are open, as in every
    game of rules 1."""
    state = rules.new_game(
        HewnsConfig(num_players=2, rules_version=version, cards="nanas"),
        np.random.default_rng(3),
    )
    pos.set_screen(state, 0, normal=3, dirty=20)
    fogbear = pos.place(state, "Fogbear", 0)
    pos.play(state, "VERB PLACE_BIDOX", "NUM 0", "LOT 1", "NUM 3")
    pos.play(state, f"NUM {dirty_in_bidox}")
    pos.play(state, "VERB PLACE_BIDOX", "NUM 0", "LOT 2", "NUM 1", "NUM 1")
    assert state.frames[-1].ask == Ask.BID_TURN and state.frames[-1].seat == 0
    pos.play(state, "VERB LOAD", f"HEWN {fogbear}")
    prompts = []
    while state.frames and state.frames[-1].ask != Ask.BID_TURN:
        legal = rules.legal_actions(state)
        prompts.append((int(state.frames[-1].ask), [describe_id(a) for a in legal]))
        pos.play(state, legal[0])
    return prompts


def test_a_load_in_the_auction_asks_the_kind_whatever_the_bidoxes_hold() -> None:
    """ "A prompt may depend only on what every seat knows": while the Bidoxes
    are closed, which kinds lie on the screen is the loader's secret (its
    totals by kind are public). With normal Substract in its totals, seat 0 is
    asked which kind to load whether or not the normal part is in the Bidox;
    its own mask offers only what it has."""
    all_normal_inside = _load_in_the_auction(2, dirty_in_bidox=0)
    mixed_screen = _load_in_the_auction(2, dirty_in_bidox=3)
    asks = [[ask for ask, _ in p] for p in (all_normal_inside, mixed_screen)]
    assert asks[0] == asks[1] == [Ask.LOAD_KIND, Ask.LOAD_AMOUNT]
    assert all_normal_inside[0][1] == ["OPTION DIRTY"]
    assert mixed_screen[0][1] == ["OPTION NORMAL", "OPTION DIRTY"]


def test_rules_1_skipped_the_kind_and_told_the_bidoxes_mix() -> None:
    """Rules 1 skipped the question when one kind was left on the screen, so
    the other seats could tell where the normal Substract went."""
    asks = [
        [ask for ask, _ in _load_in_the_auction(1, dirty_in_bidox=d)] for d in (0, 3)
    ]
    assert asks == [[Ask.LOAD_AMOUNT], [Ask.LOAD_KIND, Ask.LOAD_AMOUNT]]


def _damaged_miner(version: int, **options: object):
    """A damaged Minor Miner (seat 0, space 12) carrying 2 dirty Substract, and
    a healthy Fogbear of seat 0 in the same space; seat 0's player turn."""
    state = pos.actions_phase(2, rules_version=version, **options)
    miner = pos.place(state, "Minor Miner", seat=0, space=12, dirty=2, damaged=True)
    fogbear = pos.place(state, "Fogbear", seat=0, space=12)
    pos.start_hewn_turn(state, fogbear)
    return state, miner, fogbear


def test_a_damaged_hewn_may_transmit_by_default() -> None:
    """rulebook: "any Hewn can transmit any Substract (dirty or normal) "off
    planet" at any time it wishes to - it's a free action"; "The only times a
    Hewn cannot transmit Substract off-planet is from the time any "secret dice
    are picked up" in an encounter": a damaged Hewn sends off planet, and to a
    friendly healthy Hewn ("to another friendly healthy Hewn")."""
    state, miner, fogbear = _damaged_miner(2)
    assert miner in m.tx_sources(state, 0)
    assert m.tx_dests(state, miner, m.PLAYER_WINDOW) == [-1, fogbear]
    pos.play(state, Verb.TRANSMIT, f"HEWN {miner}", "CTRL OFF_PLANET", "NUM 2")
    assert (state.dirty[miner], state.screen_dirty[0]) == (0, 2)


@pytest.mark.parametrize(
    "version, options", [(2, {"damaged_transmit": False}), (1, {})]
)
def test_a_damaged_hewn_may_not_transmit_under_the_other_reading(
    version: int, options: dict[str, object]
) -> None:
    """rulebook: "A damaged Hewn cannot move or take any actions": with
    `damaged_transmit=False`, as under rules 1, it keeps its load."""
    state, miner, _ = _damaged_miner(version, **options)
    assert miner not in m.tx_sources(state, 0)


# --- showing the turn-order card at any decision -----------------------------------------
def _snapshot(state: State) -> dict[str, object]:
    """Every field of `state` by name, taken from a clone: `state_data` hands
    out the state's own lists, which a later action would change under it."""
    return dict(state_data(state.clone()))


def _seat_1_reacts(version: int) -> tuple[State, int]:
    """Seat 0's Chailbine Zach steps from space 3 into space 6, seen by seat 1's
    Hover Cataclysm (space 1, 1 dirty Substract): seat 1, whose turn-order card
    is hidden, is asked whether to react (under rules 2 once the Zach stops
    moving: it ends its Hewn turn there, which waits for the reactions)."""
    state = pos.actions_phase(2, rules_version=version)
    mover = pos.place(state, "Chailbine Zach", seat=0, space=3)
    shooter = pos.place(state, "Hover Cataclysm", seat=1, space=1, dirty=1)
    pos.start_hewn_turn(state, mover)
    pos.play(state, "SPACE 6")
    if version >= 2:
        pos.play(state, "CTRL END_HEWN_TURN")
    assert (state.frames[-1].ask, state.frames[-1].seat) == (Ask.REACT, 1)
    return state, shooter


def _seat_1_picks(version: int) -> State:
    """Seat 1 reacts with its Cataclysm, the mover does not join, seat 1 keeps
    its load: seat 1 is asked its secret laser pick."""
    state, shooter = _seat_1_reacts(version)
    pos.play(state, f"HEWN {shooter}", "CTRL NO", "CTRL DONE")
    assert (state.frames[-1].ask, state.frames[-1].seat) == (Ask.PICK_L, 1)
    return state


def test_a_hidden_turn_order_card_may_be_shown_at_any_decision() -> None:
    """rulebook: "Players can either reveal (or keep it secret) their turn
    order": at its secret pick, seat 1 may show its card; that shows the card
    and asks the same pick again, nothing else changed."""
    state = _seat_1_picks(2)
    legal = rules.legal_actions(state)
    assert Ctrl.REVEAL in legal
    before = _snapshot(state)
    assert before["card_shown"] == [True, False]  # the mover's is shown
    pos.play(state, "CTRL REVEAL")
    after = _snapshot(state)
    assert after["card_shown"] == [True, True]
    assert after["decisions"] == before["decisions"] + 1  # a decision was played
    unchanged = set(before) - {"card_shown", "decisions"}
    assert {k: after[k] for k in unchanged} == {k: before[k] for k in unchanged}
    assert rules.legal_actions(state) == [a for a in legal if a != Ctrl.REVEAL]


def test_rules_1_showed_a_card_only_when_reacting_or_transmitting_away() -> None:
    """Rules 1 offered the card only at the reaction and the transmit-away
    prompts: the pick refuses it and changes nothing."""
    state, _ = _seat_1_reacts(1)
    assert Ctrl.REVEAL in rules.legal_actions(state)
    state = _seat_1_picks(1)
    assert Ctrl.REVEAL not in rules.legal_actions(state)
    before = _snapshot(state)
    with pytest.raises(IllegalActionError, match="CTRL REVEAL is not legal now"):
        rules.apply_action(state, Ctrl.REVEAL)
    assert _snapshot(state) == before


@pytest.mark.parametrize("version", [1, 2])
def test_a_shown_card_is_not_offered_again(version: int) -> None:
    """rulebook: "if it comes time for their turn ... they will have to reveal
    the order": the mover's card is shown, so its player and Hewn turns offer no
    REVEAL; nor does a decision of a seat that has shown its card."""
    state = pos.actions_phase(2, rules_version=version)
    mover = pos.place(state, "Chailbine Zach", seat=0, space=3)
    pos.start_player_turn(state, 0)
    assert state.frames[-1].ask == Ask.PLAYER_TURN and state.card_shown[0]
    assert Ctrl.REVEAL not in rules.legal_actions(state)
    pos.play(state, f"HEWN {mover}")
    assert state.frames[-1].ask == Ask.HEWN_TURN
    assert Ctrl.REVEAL not in rules.legal_actions(state)
    state, _ = _seat_1_reacts(version)
    pos.play(state, "CTRL REVEAL")
    assert state.frames[-1].ask == Ask.REACT
    assert Ctrl.REVEAL not in rules.legal_actions(state)


def test_nobody_holds_a_card_to_show_in_the_auction() -> None:
    """rulebook: "AUCTION phase: All players return their turn order cards":
    no bid prompt offers REVEAL, in round 1 nor in round 2 (where last round's
    turn order is still known)."""
    state = pos.auction_phase(2, bidder=0)
    assert state.frames[-1].ask == Ask.BID_TURN
    assert Ctrl.REVEAL not in rules.legal_actions(state)
    state = pos.actions_phase(2)
    pos.start_player_turn(state, 0)  # nothing to do: both turns end, round 2 opens
    assert (state.round, state.frames[-1].ask) == (2, Ask.BID_TURN)
    assert Ctrl.REVEAL not in rules.legal_actions(state)


@pytest.mark.parametrize("version", [1, 2])
def test_the_dealer_may_show_its_card_once_dealt(version: int) -> None:
    """rulebook: "Players can either reveal (or keep it secret) their turn
    order": seat 1 won the turn-order stack and deals in seat order; once it
    has dealt itself a card it may show it (rules 2; rules 1 never offered it
    in the deal)."""
    state = rules.new_game(
        HewnsConfig(num_players=4, rules_version=version), np.random.default_rng(1)
    )
    assert state.frames[-1].seat == 1
    pos.set_screen(state, 1, dirty=10)
    pos.play(state, "VERB PLACE_BIDOX", "NUM 0", "LOT 0", "NUM 2", "NUM 2")
    while state.frames[-1].ask == Ask.BID_TURN:
        pos.play(state, "CTRL PASS_AUCTION")
    assert state.frames[-1].ask == Ask.DEAL_ORDER and state.dealer == 1
    offered = []
    while state.frames[-1].ask == Ask.DEAL_ORDER:
        legal = rules.legal_actions(state)
        offered.append(Ctrl.REVEAL in legal)
        pos.play(state, max(legal))  # the highest card left
    # asked for seat 0's card, seat 1's (its own), then seat 2's
    assert offered == [False, False, version == 2]


def _danger_token_on_seat_1(version: int) -> State:
    """Seat 0's Major Miner mines space 44 plainly, every mining die a 0, and
    its danger die shows a Snedj, which it places on space 45: seat 1's Minor
    Miner there is asked for body screens, its turn-order card hidden."""
    state = pos.actions_phase(2, rules_version=version)
    miner = pos.place(state, "Major Miner", seat=0, space=44)
    pos.place(state, "Minor Miner", seat=1, space=45)
    pos.start_hewn_turn(state, miner)
    pos.play(state, "VERB MINE", "OPTION MINE_PLAIN")
    pos.roll(state, "mining", 0, 0, 0)
    pos.play(state, "CTRL DONE")  # no mining re-roll
    pos.roll(state, "danger", "snedj")
    pos.play(state, "SPACE 45")
    assert (state.frames[-1].ask, state.frames[-1].seat) == (Ask.SCREENS, 1)
    assert not state.card_shown[1]
    return state


@pytest.mark.parametrize("version", [1, 2])
def test_a_card_may_be_shown_when_screening_against_a_danger_token(
    version: int,
) -> None:
    """rulebook: "Players can either reveal (or keep it secret) their turn
    order": a danger token placed by another player's mining asks seat 1 for
    body screens; rules 2 let it show its card there (and ask the screens
    again, nothing else changed), rules 1 did not."""
    state = _danger_token_on_seat_1(version)
    legal = rules.legal_actions(state)
    assert (Ctrl.REVEAL in legal) == (version == 2)
    if version == 1:
        return
    before = _snapshot(state)
    pos.play(state, "CTRL REVEAL")
    after = _snapshot(state)
    assert after["card_shown"] == [True, True]
    changed = {k for k in before if before[k] != after[k]}
    assert changed == {"card_shown", "decisions"}
    assert rules.legal_actions(state) == [a for a in legal if a != Ctrl.REVEAL]


@pytest.mark.parametrize("version", [1, 2])
def test_the_new_mines_placer_shows_its_card_and_is_offered_none(
    version: int,
) -> None:
    """rulebook: "if it comes time for their turn, or time to "place a new
    mine" ... they will have to reveal the order they are playing in": the
    seat after the miner shows its card to place the new mine, so REVEAL is
    not offered to it there."""
    state = pos.actions_phase(2, rules_version=version)
    miner = pos.place(state, "Major Miner", seat=0, space=44)
    pos.start_hewn_turn(state, miner)
    pos.play(state, "VERB MINE", "OPTION MINE_PLAIN")
    pos.roll(state, "mining", 0, 0, 0)
    pos.play(state, "CTRL DONE")
    pos.roll(state, "danger", "new_mine")
    assert (state.frames[-1].ask, state.frames[-1].seat) == (Ask.NEW_MINE, 1)
    assert state.card_shown[1]
    assert Ctrl.REVEAL not in rules.legal_actions(state)


def _random_game_checking_reveal(version: int, seed: int, every: int) -> int:
    """Play a 3-player game of random actions other than REVEAL
    (`_busy_choice`, up to 1500 decisions) and check at each decision that REVEAL is offered exactly to a
    seat holding a card it has not shown (rules 1: only at the reaction and
    transmit-away prompts); every `every`-th offer, on copies: showing the card
    changes nothing but the card's flag and the decision count, and the offer
    is the same in a copy another seat cannot tell from the real game (so it
    leaks nothing). Returns how many decisions offered REVEAL."""
    rng = np.random.default_rng(seed)
    state = rules.new_game(HewnsConfig(num_players=3, rules_version=version), rng)
    offered = 0
    while not state.over and state.decisions < 1500:
        legal = rules.legal_actions(state)
        if not is_chance(state):
            frame = state.frames[-1]
            seat = frame.seat
            hidden = state.turn_card[seat] != 0 and not state.card_shown[seat]
            asked = version == 2 or frame.ask in (Ask.REACT, Ask.TRANSMIT_AWAY)
            assert (Ctrl.REVEAL in legal) == (hidden and asked), Ask(frame.ask)
            if Ctrl.REVEAL in legal:
                offered += 1
                if offered % every == 1:
                    _check_reveal_copy(state, seat, legal, rng)
        rules.apply_legal(state, _busy_choice(legal, rng))
    return offered


def _busy_choice(legal: list[int], rng: np.random.Generator) -> int:
    """A random legal action other than REVEAL, mostly one that does something
    (not DONE, a pass or an END), so that the games reach the encounters."""
    choices = [a for a in legal if a != Ctrl.REVEAL]
    busy = [a for a in choices if a >= VERB]
    if busy and rng.random() < 0.85:
        choices = busy
    return choices[int(rng.integers(len(choices)))]


def _check_reveal_copy(
    state: State, seat: int, legal: list[int], rng: np.random.Generator
) -> None:
    """On copies of `state`: REVEAL shows `seat`'s card and asks the same
    decision again; every other seat's determinized copy offers it too."""
    for viewer in range(state.num_players):
        if viewer != seat:
            copy = determinize(state, viewer, rng)
            assert Ctrl.REVEAL in rules.legal_actions(copy)
    shown = state.clone()
    rules.apply_legal(shown, Ctrl.REVEAL)
    before, after = _snapshot(state), _snapshot(shown)
    assert after["card_shown"][seat] and not before["card_shown"][seat]
    changed = {k for k in before if before[k] != after[k]}
    assert changed == {"card_shown", "decisions"}
    assert rules.legal_actions(shown) == [a for a in legal if a != Ctrl.REVEAL]


@pytest.mark.parametrize("version", [1, 2])
def test_reveal_is_offered_exactly_to_a_hidden_card_in_random_games(
    version: int,
) -> None:
    """rulebook: "Players can either reveal (or keep it secret) their turn
    order": over random games, REVEAL is offered at every decision (rules 2)
    of a seat with a hidden card and nowhere else, shows only that card, and
    its offer rests on public facts."""
    offered = [_random_game_checking_reveal(version, seed, 3) for seed in range(16)]
    assert sum(offered) > 0
