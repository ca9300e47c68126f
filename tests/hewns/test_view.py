"""What one seat may know: `redact`, `determinize`, `player_view` and the
observation hide the others' secrets and keep every public fact."""

from __future__ import annotations

from types import MappingProxyType

import numpy as np
import pytest

from scavenger_env.core.chance import sample_outcome
from scavenger_env.hewns.engine import flow, ranged, view
from scavenger_env.hewns.engine.actions import LOT, NUM, Ctrl, Verb
from scavenger_env.hewns.engine.state import BIDOX_HOME, Ask, Frame, RoundStep, State
from scavenger_env.hewns.engine.view import (
    SECRET_ASKS,
    SECRET_HOOKS,
    bids_hidden,
    determinize,
    player_view,
    redact,
)
from scavenger_env.hewns.game import HEWNS
from scavenger_env.hewns.observation import encode


def bidding_game(n: int = 3, seed: int = 7) -> State:
    """A new game waiting for the first bid."""
    state = HEWNS.new_game(HEWNS.make_config(n), seed)
    assert state.frames[-1].ask == Ask.BID_TURN
    return state


def place(state: State, lot: int, amount: int, dirty: int) -> int:
    """The current bidder places its first Bidox at home on `lot` with `amount`
    Substract, `dirty` of it dirty; returns the bidder."""
    seat = state.frames[-1].seat
    box = state.bidox_lot[seat].index(BIDOX_HOME)
    for a in (Verb.PLACE_BIDOX, NUM + box, LOT + lot, NUM + amount, NUM + dirty):
        HEWNS.apply_action(state, a)
    return seat


def test_another_seats_bidox_amount_changes_nothing_it_sees() -> None:
    """rulebook: each player "secretly puts that number of normal Substract
    tokens, and/or dirty Substract tokens into one of their Bidoxes": two games
    that differ only in the amount another seat put in its Bidox look the same to
    a seat (redacted state, view, observation, picture, words)."""
    a, b = bidding_game(), bidding_game()
    bidder = place(a, 0, 3, 3)
    assert place(b, 0, 7, 7) == bidder
    assert a.bidox_amount[bidder] != b.bidox_amount[bidder]
    viewer = (bidder + 1) % 3
    assert HEWNS.same_state(redact(a, viewer), redact(b, viewer))
    assert player_view(a, viewer) == player_view(b, viewer)
    assert np.array_equal(encode(a, viewer), encode(b, viewer))
    assert HEWNS.render(a, viewer) == HEWNS.render(b, viewer)
    # the bidder itself sees its own amount
    assert not np.array_equal(encode(a, bidder), encode(b, bidder))
    assert HEWNS.render(a, bidder) != HEWNS.render(b, bidder)


def test_the_amount_being_chosen_is_hidden_in_words_and_state() -> None:
    """The amount asked for before the mix is the bidder's secret: another seat
    reads only that it was chosen, and its redacted state holds no amount."""
    a, b = bidding_game(), bidding_game()
    bidder = a.frames[-1].seat
    viewer = (bidder + 1) % 3
    for s, amount in ((a, 2), (b, 5)):
        for act in (Verb.PLACE_BIDOX, NUM + 0, LOT + 0):
            HEWNS.apply_action(s, act)
        assert "chosen in secret" in HEWNS.describe_action(s, NUM + amount, viewer)
        assert "put" in HEWNS.describe_action(s, NUM + amount, bidder)
        HEWNS.apply_action(s, NUM + amount)
    assert a.frames[-1].ask == Ask.BID_MIX
    assert HEWNS.same_state(redact(a, viewer), redact(b, viewer))
    assert not HEWNS.same_state(redact(a, bidder), redact(b, bidder))


def test_bidox_contents_are_open_after_the_resolution() -> None:
    """rulebook: at the resolution "the player that has the highest bid ...
    wins": the Bidoxes are opened, so their contents are no longer redacted."""
    state = bidding_game(2, 3)
    bidder = place(state, 0, 4, 4)
    while state.frames and state.frames[0].step == RoundStep.BIDDING and not state.over:
        if flow.is_chance(state):
            break
        HEWNS.apply_action(state, Ctrl.PASS_AUCTION)
    assert not bids_hidden(state)
    other = 1 - bidder
    assert redact(state, other).bidox_amount[bidder] == state.bidox_amount[bidder]


def test_determinize_deals_bidoxes_from_the_public_total() -> None:
    """A determinized game keeps each seat's public private total and every
    placement, and draws the hidden contents (they vary with the generator)."""
    state = bidding_game(3, 9)
    bidder = place(state, 0, 6, 6)
    viewer = (bidder + 1) % 3
    total = state.screen_normal[bidder] + state.screen_dirty[bidder] + 6
    amounts = set()
    for k in range(20):
        d = determinize(state, viewer, np.random.default_rng(k))
        assert d.bidox_lot == state.bidox_lot
        held = sum(
            amt
            for lot, amt in zip(d.bidox_lot[bidder], d.bidox_amount[bidder])
            if lot >= 0
        )
        assert d.screen_normal[bidder] + d.screen_dirty[bidder] + held == total
        assert held <= d.config.scenario.bidox_capacity
        amounts.add(held)
        assert HEWNS.legal_actions(d) == HEWNS.legal_actions(state) or (
            d.frames[-1].seat != viewer
        )
    assert len(amounts) > 1


def _dealt(seed: int) -> State:
    """A 3-player game whose turn-order stack went to a dealer who has just
    handed out the cards."""
    state = bidding_game(3, seed)
    dealer = place(state, 0, 5, 5)
    while not state.over and state.frames[-1].ask == Ask.BID_TURN:
        HEWNS.apply_action(state, Ctrl.PASS_AUCTION)
    assert state.frames[-1].ask == Ask.DEAL_ORDER and state.dealer == dealer
    while state.frames[-1].ask == Ask.DEAL_ORDER:
        HEWNS.apply_action(state, HEWNS.legal_actions(state)[-1])
    return state


def test_turn_order_cards_are_face_down_but_the_dealer_sees_all() -> None:
    """rulebook: the stack's winner "hands out the turn cards ... face down":
    before the actions phase a seat knows its own card and the dealer knows
    every card; the others' cards are redacted."""
    state = _dealt(4)
    while flow.is_chance(state):
        HEWNS.apply_action(state, HEWNS.legal_actions(state)[0])
    dealer = state.dealer
    seat = next(q for q in range(3) if q != dealer and not state.card_shown[q])
    others = [q for q in range(3) if q != seat]
    hidden_view = player_view(state, seat)
    assert hidden_view.seats[seat].turn_card == state.turn_card[seat]
    for q in others:
        if not state.card_shown[q]:
            assert hidden_view.seats[q].turn_card == 0
    dealer_view = player_view(state, dealer)
    assert [v.turn_card for v in dealer_view.seats] == state.turn_card


def test_swapping_hidden_turn_cards_changes_nothing_seen() -> None:
    """Two games that differ only in which of two other seats holds which
    face-down turn-order card look the same to a third seat."""
    state = bidding_game(3, 5)
    state.turn_card = [1, 2, 3]
    state.dealer = -1
    swapped = state.clone()
    swapped.turn_card = [1, 3, 2]
    assert HEWNS.same_state(redact(state, 0), redact(swapped, 0))
    assert not HEWNS.same_state(redact(state, 1), redact(swapped, 1))
    state.card_shown[2] = True
    swapped.card_shown[2] = True
    assert not HEWNS.same_state(redact(state, 0), redact(swapped, 0))


def test_deck_order_is_redacted_to_a_fixed_order() -> None:
    """Nobody knows the order of a deck: a redacted deck is sorted, so two
    orders of the same cards look alike."""
    state = bidding_game(2, 1)
    shuffled = state.clone()
    shuffled.hewn_deck[2] = list(reversed(shuffled.hewn_deck[2]))
    shuffled.tech_deck = list(reversed(shuffled.tech_deck))
    assert HEWNS.same_state(redact(state, 0), redact(shuffled, 0))
    assert redact(state, 0).hewn_deck[2] == sorted(state.hewn_deck[2])


def test_secret_picks_of_other_seats_are_redacted() -> None:
    """A pick is "secret until the reveal": the args and data of a frame of a
    kind in `SECRET_ASKS` owned by another seat are zeros in its redacted
    state, and the owner keeps them."""
    assert Ask.PICK_L in SECRET_ASKS and Ask.BID_MIX in SECRET_ASKS
    state = bidding_game(2, 2)
    state.frames.append(Frame(Ask.PICK_L, 1, hewn=3, args=[2, 4], data=[5]))
    other = redact(state, 0).frames[-1]
    assert (other.args, other.data, other.hewn) == ([0, 0], [0], 3)
    own = redact(state, 1).frames[-1]
    assert (own.args, own.data) == ([2, 4], [5])


def test_the_deal_by_chance_is_described_only_to_its_receiver() -> None:
    """A card dealt at random goes "face down": the words name the card only for
    its receiver (and for transcripts)."""
    state = bidding_game(3, 6)
    while not flow.is_chance(state):
        HEWNS.apply_action(state, Ctrl.PASS_AUCTION)
    assert state.draw_queue[0] == 0 and state.deal_left[0] == 0  # seat 0's card
    words = HEWNS.describe_action(state, NUM + 2, 1)
    assert "face down" in words and "card 2" not in words
    assert "card 2" in HEWNS.describe_action(state, NUM + 2, 0)
    assert "card 2" in HEWNS.describe_action(state, NUM + 2, None)


def seen_states(n: int, seed: int) -> list[State]:
    """The state before every action of a random game (chance included)."""
    rng = np.random.default_rng(seed)
    state = HEWNS.new_game(HEWNS.make_config(n), seed)
    seen = []
    while not HEWNS.is_over(state):
        seen.append(HEWNS.clone(state))
        if HEWNS.is_chance_node(state):
            action = sample_outcome(HEWNS.chance_outcomes(state), rng)
        else:
            legal = HEWNS.legal_actions(state)
            action = legal[int(rng.integers(len(legal)))]
        HEWNS.apply_action(state, action)
    return seen


def test_no_seat_sees_what_determinize_redeals() -> None:
    """For every seat at every step of random games, a determinized state (the
    hidden things dealt afresh) gives that seat the same observation, view and
    picture; and the redeals do differ from the real game (Bidox contents,
    turn-order cards), so the check could fail."""
    differed = 0
    for n, seed in ((2, 1), (3, 2), (4, 3), (3, 4)):
        seen = seen_states(n, seed)
        rng = np.random.default_rng(seed)
        for state in seen:
            for seat in range(n):
                d = determinize(state, seat, rng)
                assert np.array_equal(encode(d, seat), encode(state, seat))
                assert player_view(d, seat) == player_view(state, seat)
                assert HEWNS.render(d, seat) == HEWNS.render(state, seat)
                differed += not HEWNS.same_state(d, state)
    assert differed > 50


def test_a_rule_module_may_hide_its_secrets_with_a_hook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A decision kind whose secret needs more than zeros has a hook in
    `SECRET_HOOKS`: it is called for every such frame (a frame may hold several
    seats' secrets) and hides what the viewer may not see (redact: fixed,
    determinize: with the rng); here the owner's own frame is left alone."""
    kind = 250  # a kind no rule module uses
    # the tables are read-only: the test puts widened copies in their place

    def hook(s: State, frame: Frame, viewer: int, rng: object) -> None:
        if viewer != frame.seat:
            frame.data = [-7 if rng is None else 7]

    monkeypatch.setattr(
        view, "SECRET_HOOKS", MappingProxyType({**view.SECRET_HOOKS, kind: hook})
    )
    monkeypatch.setattr(
        view, "SECRET_ASKS", MappingProxyType({**view.SECRET_ASKS, kind: 0})
    )
    assert view.secret_from(kind) == 0 and kind in view.SECRET_HOOKS
    state = bidding_game(2, 2)
    state.frames.append(Frame(kind, 1, data=[3]))
    assert redact(state, 0).frames[-1].data == [-7]
    assert determinize(state, 0, np.random.default_rng(0)).frames[-1].data == [7]
    assert redact(state, 1).frames[-1].data == [3]


def test_the_encounters_hide_their_picks_with_their_hook() -> None:
    """Both encounter kinds hide their secret picks with the encounter's hook."""
    assert SECRET_HOOKS[Ask.RANGED] is ranged.hide_picks
    assert SECRET_HOOKS[Ask.SAME_SPACE] is ranged.hide_picks
    assert SECRET_ASKS[Ask.RANGED] == SECRET_ASKS[Ask.SAME_SPACE] == 0


def test_the_hide_lists_are_read_only() -> None:
    """A bot that could empty them would read the other seats' secret picks
    in its next copy: they refuse every change."""
    assert SECRET_ASKS[Ask.PICK_L] == 0 and Ask.RANGED in SECRET_HOOKS
    for table, key in ((view.SECRET_ASKS, Ask.PICK_L), (view.SECRET_HOOKS, Ask.RANGED)):
        with pytest.raises(TypeError):
            table[key] = 0  # type: ignore[index]
        with pytest.raises(TypeError):
            del table[key]  # type: ignore[attr-defined]
        for name in ("clear", "pop", "update", "setdefault", "popitem"):
            assert not hasattr(table, name)
    assert view.secret_from(Ask.RANGED) == 0
    assert view.secret_from(Ask.BID_TURN) is None


def test_a_redacted_copy_has_its_own_config_scenario_and_board() -> None:
    """What a bot is handed shares no object with the game that a frozen
    dataclass's `object.__setattr__` could change: a copy narrowed to one
    Substract per Bidox, a forged config or a rewired board reach nothing."""
    state = bidding_game(3, 1)
    live = (state.config, state.scenario, state.board, state.board.spec)
    before = (state.config.to_dict(), state.scenario, state.board.dist)
    for seat in range(3):
        copy = redact(state, seat)
        mine = (copy.config, copy.scenario, copy.board, copy.board.spec)
        for a, b in zip(mine, live, strict=True):
            assert a is not b
        assert copy.config == state.config and copy.scenario == state.scenario
        assert HEWNS.same_state(copy, redact(state, seat))
        object.__setattr__(copy.scenario, "bidox_capacity", 1)
        object.__setattr__(copy.config, "score_carried", False)
        object.__setattr__(copy.board, "dist", ())
        object.__setattr__(copy.board.spec, "links", ())
        with pytest.raises(TypeError):
            copy.board.cell_to_space[(0, 0)] = 5  # type: ignore[index]
    assert (state.config.to_dict(), state.scenario, state.board.dist) == before
    assert state.scenario.bidox_capacity > 1 and state.board.spec.links


def _mid_deal(first_card: int, seed: int = 4) -> State:
    """A 3-player game whose dealer has handed seat 0 `first_card` (face
    down) and deals on."""
    state = bidding_game(3, seed)
    place(state, 0, 5, 5)
    while state.frames[-1].ask == Ask.BID_TURN:
        HEWNS.apply_action(state, Ctrl.PASS_AUCTION)
    assert state.frames[-1].ask == Ask.DEAL_ORDER and state.deal_left == [0, 1, 2]
    HEWNS.apply_action(state, NUM + first_card)
    assert state.frames[-1].ask == Ask.DEAL_ORDER and state.deal_left == [1, 2]
    return state


def test_a_card_dealt_face_down_is_hidden_while_the_deal_goes_on() -> None:
    """rulebook: the stack's winner "hands out the turn cards ... face down":
    while the deal goes on, a seat that is neither the receiver nor the dealer
    cannot tell which card went to seat 0, in its redacted state (a bot's copy)
    as in its observation; a determinized state deals that card afresh among
    the cards it cannot see; the dealer and the receiver know it."""
    games = [_mid_deal(card) for card in (1, 2, 3)]
    dealer = games[0].dealer
    assert dealer != 0  # else seat 0 dealt itself its own card
    viewer = next(q for q in (1, 2) if q != dealer)
    first = redact(games[0], viewer)
    for other in games[1:]:
        assert HEWNS.same_state(redact(other, viewer), first)
        assert player_view(other, viewer) == player_view(games[0], viewer)
        assert np.array_equal(encode(other, viewer), encode(games[0], viewer))
    for seat in (0, dealer):
        cards = {redact(g, seat).turn_card[0] for g in games}
        assert cards == {1, 2, 3}
    rng = np.random.default_rng(0)
    dealt = set()
    for _ in range(40):
        d = determinize(games[0], viewer, rng)
        assert np.array_equal(encode(d, viewer), encode(games[0], viewer))
        assert player_view(d, viewer) == player_view(games[0], viewer)
        dealt.add(d.turn_card[0])
        # the deal goes on in the copy: the dealer's hand is what is left
        assert sorted(HEWNS.legal_actions(d)) == sorted(
            NUM + c for c in (1, 2, 3) if c != d.turn_card[0]
        )
    assert dealt == {1, 2, 3}


def test_the_previous_rounds_order_stays_during_the_auction() -> None:
    """Until the actions phase the turn order is last round's (public); the
    redacted copy keeps it, whatever cards it redeals."""
    state = _dealt(4)
    state.order = [2, 0, 1]
    for seat in range(3):
        assert redact(state, seat).order == [2, 0, 1]
        rng = np.random.default_rng(seat)
        assert determinize(state, seat, rng).order == [2, 0, 1]


def test_a_card_dealt_at_random_is_hidden_while_the_deal_goes_on() -> None:
    """With no dealer the cards are dealt by chance, face down: after seat 0's
    card, seats 1 and 2 cannot tell which it got, in their copies too."""
    games = []
    for card in (1, 2, 3):
        state = bidding_game(3, 6)
        while not flow.is_chance(state):
            HEWNS.apply_action(state, Ctrl.PASS_AUCTION)
        assert state.dealer == -1 and state.deal_left == [0, 1, 2]
        HEWNS.apply_action(state, NUM + card)
        assert state.deal_left == [1, 2] and state.turn_card[0] == card
        games.append(state)
    for viewer in (1, 2):
        copies = [redact(g, viewer) for g in games]
        assert all(HEWNS.same_state(c, copies[0]) for c in copies[1:])
        assert sorted(HEWNS.legal_actions(copies[0])) == [
            NUM + c for c in (1, 2, 3) if c != copies[0].turn_card[0]
        ]
    assert [redact(g, 0).turn_card[0] for g in games] == [1, 2, 3]
