"""Every registered game keeps the game interface's contract, and the checker
catches a game that breaks it."""

from __future__ import annotations

import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.core.game_check import GameContractError, check_game
from scavenger_env.core.games import GAMES, get_game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_keeps_the_contract(name: str) -> None:
    """Queries change nothing, listed outcomes apply to unqueried states,
    illegal actions are refused and change nothing, at every node of random
    games at every player count."""
    assert check_game(get_game(name), games_per_count=1) > 100


def test_sealed_bids_keeps_the_contract(bids_game) -> None:
    assert check_game(bids_game, games_per_count=4) > 20


def test_the_checker_catches_a_leaky_redaction(bids_game) -> None:
    """A redaction that hides the mover's own hand breaks the contract."""

    class Leaky(type(bids_game)):
        def redact(self, state, seat):
            s = state.copy()
            s.hands[seat] = sorted(s.hands[(seat + 1) % s.n])
            return s

    with pytest.raises(GameContractError, match="redact"):
        check_game(Leaky(), games_per_count=1)


def test_the_checker_catches_an_illegal_action_that_changes_the_state(
    bids_game,
) -> None:
    class Careless(type(bids_game)):
        def apply_action(self, state, action):
            state.turns += 1
            super().apply_action(state, action)

    with pytest.raises(GameContractError, match="illegal action changed"):
        check_game(Careless(), games_per_count=1)


def test_the_checker_catches_a_float_taken_for_an_action(bids_game) -> None:
    """A game that plays 3.0 as 3 breaks the contract: only ints are actions."""

    class Lax(type(bids_game)):
        def explain_illegal(self, state, action):
            return "" if action in self.legal_actions(state) else "illegal"

        def apply_action(self, state, action):
            if self.explain_illegal(state, action):
                raise IllegalActionError("illegal")
            super().apply_action(state, int(action))

    with pytest.raises(GameContractError, match=r"the non-int action \S+ was applied"):
        check_game(Lax(), games_per_count=1)


def test_the_checker_catches_a_phase_without_a_name(bids_game) -> None:
    class Unnamed(type(bids_game)):
        def phase(self, state):
            return len(self.phase_names)

    with pytest.raises(GameContractError, match="has no name in phase_names"):
        check_game(Unnamed(), games_per_count=1)


def test_the_checker_catches_a_seat_count_not_the_configs(bids_game) -> None:
    class Miscounted(type(bids_game)):
        def num_players(self, state):
            return state.config.num_players + 1

    with pytest.raises(GameContractError, match="not the config's"):
        check_game(Miscounted(), games_per_count=1)


def test_the_checker_catches_turns_that_count_decisions() -> None:
    """Krysis's `turns` once counted decisions while Cave-In's counted turns; a
    turn of several decisions must count once."""
    krysis = get_game("krysis")

    class DecisionCount(type(krysis)):
        def turns(self, state):
            return state.decisions

    with pytest.raises(GameContractError, match="while turn_key stayed the same"):
        check_game(DecisionCount(), games_per_count=1)


def test_the_checker_catches_a_turn_that_is_not_counted(bids_game) -> None:
    class Uncounted(type(bids_game)):
        def turn_key(self, state):
            return (state.turns, object())  # a new turn at every decision...

        def turns(self, state):
            return state.turns // 2  # ...but only every other one counted

    with pytest.raises(GameContractError, match="while turn_key changed"):
        check_game(Uncounted(), games_per_count=1)


def test_the_checker_catches_a_query_that_changes_the_state(dice_game) -> None:
    """ "A query (legal actions, chance outcomes, an observation, a render) never
    changes the state": a game whose picture counts its calls in the state is
    caught."""

    class Meddling(type(dice_game)):
        def render(self, state, viewer):
            state.turns += 1
            return super().render(state, viewer)

    with pytest.raises(GameContractError, match=r"a query .* changed the state"):
        check_game(Meddling(), games_per_count=1)


def test_the_checker_catches_a_chance_node_that_needs_a_query(dice_game) -> None:
    """A chance node must be ready to play as it stands: a game that prepares
    its outcomes only when they are listed (as a deck refilled inside the query
    would be) is caught, though it keeps every other promise."""

    class Lazy(type(dice_game)):
        def chance_outcomes(self, state):
            state.ready = True
            return super().chance_outcomes(state)

        def apply_legal_action(self, state, action):
            if self.is_chance_node(state) and not getattr(state, "ready", False):
                raise ValueError("outcome drawn from a deck not yet prepared")
            state.ready = False
            super().apply_legal_action(state, action)

    with pytest.raises(GameContractError, match="does not apply to an unqueried"):
        check_game(Lazy(), games_per_count=1)


def test_the_checker_catches_a_picture_that_shows_a_hidden_bid(
    bids_game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A drawn picture that shows the others' sealed bids leaks (the text and the
    view are fine): the checker says which."""
    from scavenger_env.core.picture import text_picture

    def leaky(state, viewer=None):
        return text_picture(repr(bids_game.state_data(state)))

    monkeypatch.setattr(bids_game, "picture", leaky)
    with pytest.raises(GameContractError, match="changes the mover's drawn picture"):
        check_game(bids_game, games_per_count=2)


def test_the_checker_catches_a_click_target_not_in_the_picture(
    bids_game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        bids_game, "action_target", lambda state, action: f"bid-{action}"
    )
    with pytest.raises(
        GameContractError, match=r"target 'bid-\d+' is not in the mover's picture"
    ):
        check_game(bids_game, games_per_count=1)
