"""What a player knows: `player_view`, `redact` and `determinize`."""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.cavein.engine import (
    GameConfig,
    apply_action,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.state import snapshot
from scavenger_env.cavein.engine.view import determinize, player_view, redact
from scavenger_env.cavein.render import render_state


def _mid_game(num_players: int, seed: int, steps: int):  # type: ignore[no-untyped-def]
    state = new_game(GameConfig(num_players=num_players), seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = legal_actions(state)
        apply_action(state, legal[rng.integers(len(legal))])
    return state


def _hidden(state, viewer):  # type: ignore[no-untyped-def]
    """Everything `viewer` cannot see: stack orders and opponents' secret cards."""
    secrets = [sorted(p.secret) for q, p in enumerate(state.players) if q != viewer]
    return (
        [list(x) for x in state.merc_stacks],
        [list(x) for x in state.crystal_stacks],
        secrets,
    )


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("steps", [0, 40, 150])
def test_determinize_keeps_the_view_and_changes_the_hidden(num_players, steps):
    state = _mid_game(num_players, seed=10 + steps, steps=steps)
    rng = np.random.default_rng(0)
    for viewer in range(num_players):
        view = player_view(state, viewer)
        samples = [determinize(state, viewer, rng) for _ in range(5)]
        for sample in samples:
            assert player_view(sample, viewer) == view
            assert render_state(sample, viewer) == render_state(state, viewer)
            cards = sorted(
                [c for x in sample.merc_stacks for c in x]
                + [c for p in sample.players for c in p.hand]
            )
            original = sorted(
                [c for x in state.merc_stacks for c in x]
                + [c for p in state.players for c in p.hand]
            )
            assert cards == original  # nothing created or lost
        assert any(_hidden(s, viewer) != _hidden(state, viewer) for s in samples)


def test_the_owner_sees_its_starting_hand_and_opponents_only_the_levels():
    state = new_game(GameConfig(num_players=3), seed=5)
    view = player_view(state, 0)
    assert sorted(view.hand) == sorted(state.players[0].hand)
    for q in (1, 2):
        opponent = view.opponents[q]
        assert opponent is not None
        assert opponent.known == ()
        assert opponent.unknown_levels == (1, 1, 2)


def test_a_card_played_from_the_starting_hand_is_no_longer_secret():
    state = new_game(GameConfig(num_players=2, start_player=0), seed=3)
    from scavenger_env.cavein.engine.actions import SKILL

    skill = next(a for a in legal_actions(state) if a >= SKILL and a < SKILL + 24)
    apply_action(state, skill)
    assert len(state.players[0].secret) == 2
    assert len(player_view(state, 1).opponents[0].unknown_levels) == 2


def test_the_turns_public_effects_are_in_every_view():
    """A played skill is seen by all: Maccarat's -4 shows in every seat's view."""
    from cavein.rigging import do, skill

    from scavenger_env.cavein.engine.scenario import scenario, set_hand

    state = scenario(GameConfig(num_players=3, factions="first_game"))
    set_hand(state, 0, ["Maccarat", "Driller"])
    before = player_view(state, 1).turn
    do(state, skill("Maccarat"))
    for viewer in range(3):
        turn = player_view(state, viewer).turn
        assert turn.maccarats == 1
        assert turn.normal_actions_used == 1
    assert before.maccarats == 0


WILDLIFE = GameConfig(
    num_players=2, factions=("terron", "hy'dran", "bioss", "weedlock")
)


def test_a_card_subjugated_from_a_base_is_public():
    """Mindwasp (level 2): "Subjugate one of the lowest-level Mercenaries
    (player's choice) from your Base." The card lay face up in the Base, so every
    player knows what was subjugated (perfect recall)."""
    from cavein.rigging import do, skill

    from scavenger_env.cavein.engine.actions import pick_base
    from scavenger_env.cavein.engine.scenario import scenario, set_base, set_hand

    state = scenario(WILDLIFE)
    set_base(state, 0, ["Driller", "Custodian"])
    set_hand(state, 0, ["Mindwasp"])
    do(state, skill("Mindwasp"), pick_base(0, 1))
    driller = state.players[0].subjugated
    assert len(driller) == 1
    for viewer in (0, 1):
        assert player_view(state, viewer).subjugated[0] == tuple(driller)
    assert "subjugated (1 VP): Driller (brown 1)" in render_state(state, 1)


def test_a_domina_subjugation_is_face_down_for_the_others():
    """Rulebook: "When you Subjugate a Mercenary, put that card face down in your
    play area." Domina (level 4): "Subjugate up to three level 1 Mercenaries from
    your hand." The others see a level-1 card go, not which: they see -1 for it,
    and the hand's other level-1 cards become unseen to them (levels still known),
    since any of them might have been the one that went."""
    from cavein.rigging import do, hand_pick, skill

    from scavenger_env.cavein.engine.actions import DONE, PICK_MINE
    from scavenger_env.cavein.engine.scenario import scenario, set_hand

    state = scenario(WILDLIFE)
    set_hand(state, 0, ["Domina", "Driller", "Frogt'Opus", "Foreman"])
    do(state, skill("Domina"), hand_pick("Driller"), PICK_MINE + 0, DONE)
    subjugated = tuple(state.players[0].subjugated)
    assert player_view(state, 0).subjugated[0] == subjugated  # the owner knows
    other = player_view(state, 1)
    assert other.subjugated[0] == (-1,)
    hand = other.opponents[0]
    assert hand is not None
    assert hand.unknown_levels == (1,)  # the Frogt'Opus, no longer told apart
    assert [state.cards.type_of[c] for c in hand.known] == [
        state.cards.type_of[state.players[0].hand[-1]]  # the Foreman (level 2)
    ]
    assert "subjugated (1 VP): ? (level 1)" in render_state(state, 1)
    assert "subjugated (1 VP): Driller (brown 1)" in render_state(state, 0)
    # A sample of what player 1 cannot see keeps what it can.
    sample = determinize(state, 1, np.random.default_rng(0))
    assert player_view(sample, 1) == other


def test_samples_and_redacted_copies_do_not_know_the_face_down_card():
    """A Domina card lies face down: the other player's samples draw it from the
    unseen level-1 cards, and its redacted copy does not hold the real one."""
    from cavein.rigging import do, hand_pick, skill

    from scavenger_env.cavein.engine.actions import DONE, PICK_MINE
    from scavenger_env.cavein.engine.scenario import scenario, set_hand

    state = scenario(WILDLIFE)
    set_hand(state, 0, ["Domina", "Driller", "Frogt'Opus", "Foreman"])
    do(state, skill("Domina"), hand_pick("Driller"), PICK_MINE + 0, DONE)
    (real,) = state.players[0].subjugated
    types = set()
    for seed in range(40):
        sample = determinize(state, 1, np.random.default_rng(seed))
        (card,) = sample.players[0].subjugated
        assert sample.cards.level_of[card] == 1
        assert sample.players[0].face_down == {card}
        assert player_view(sample, 1) == player_view(state, 1)
        types.add(sample.cards.type_of[card])
    assert len(types) > 3  # not always the Driller
    # A twin whose face-down card is another level 1 (traded with the stack)
    # redacts, for the other player, to the very same state.
    twin = state.clone()
    other_card = twin.merc_stacks[0][0]
    twin.merc_stacks[0][0] = real
    twin.players[0].subjugated = [other_card]
    twin.players[0].face_down = {other_card}
    assert snapshot(redact(twin, 1)) == snapshot(redact(state, 1))
    # The owner's own redacted copy keeps it.
    assert redact(state, 0).players[0].subjugated == [real]


def _hide_differently(state, viewer):  # type: ignore[no-untyped-def]
    """A copy of `state` that differs only in what `viewer` cannot see: an
    opponent's secret hand card swapped with a face-down stack card of its level,
    every crystal stack reversed, every artifact stack reversed under its top."""
    other = state.clone()
    swapped = None
    for q, p in enumerate(other.players):
        if q == viewer:
            continue
        for i, card in enumerate(p.hand):
            if card not in p.secret:
                continue
            stack = other.merc_stacks[state.cards.level_of[card] - 1]
            if stack:
                p.hand[i], stack[0] = stack[0], card
                p.secret = (p.secret - {card}) | {p.hand[i]}
                swapped = q
                break
        if swapped is not None:
            break
    for stack in other.crystal_stacks:
        stack.reverse()
    for stack in other.artifact_stacks:
        stack[:-1] = stack[-2::-1]
    return other, swapped


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("steps", [0, 10])
def test_states_that_differ_only_in_hidden_cards_redact_alike(num_players, steps):
    """Rulebook, set-up: the Mercenary stacks are shuffled and placed "face-down";
    a redacted copy must not tell one hidden order (or hand) from another."""
    state = _mid_game(num_players, seed=3 + steps, steps=steps)
    for viewer in range(num_players):
        other, swapped = _hide_differently(state, viewer)
        assert swapped is not None
        assert snapshot(other) != snapshot(state)  # they do differ
        assert player_view(other, viewer) == player_view(state, viewer)
        assert snapshot(redact(other, viewer)) == snapshot(redact(state, viewer))
        # the owner of the swapped hand sees the swap in its own redacted copy
        assert snapshot(redact(other, swapped)) != snapshot(redact(state, swapped))


@pytest.mark.parametrize("num_players", [2, 4])
def test_redact_keeps_the_view_and_is_a_copy(num_players):
    state = _mid_game(num_players, seed=21, steps=50)
    before = snapshot(state)
    for viewer in range(num_players):
        copy = redact(state, viewer)
        assert player_view(copy, viewer) == player_view(state, viewer)
        assert render_state(copy, viewer) == render_state(state, viewer)
        # changing the copy changes nothing in the game
        copy.players[viewer].crystals.append(copy.mine[0])
        copy.mine[0] = -1
        copy.merc_stacks[0].clear()
        assert snapshot(state) == before


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("steps", [0, 10])
def test_determinize_depends_only_on_what_the_viewer_knows(num_players, steps):
    """The same generator draws the same sample from the real state, from its
    redacted copy and from a state differing only in hidden cards."""
    state = _mid_game(num_players, seed=7 + steps, steps=steps)
    for viewer in range(num_players):
        other, _ = _hide_differently(state, viewer)
        for k in range(3):
            want = snapshot(determinize(state, viewer, np.random.default_rng(k)))
            got = determinize(redact(state, viewer), viewer, np.random.default_rng(k))
            assert snapshot(got) == want
            got = determinize(other, viewer, np.random.default_rng(k))
            assert snapshot(got) == want
        one = determinize(state, viewer, np.random.default_rng(0))
        two = determinize(state, viewer, np.random.default_rng(1))
        assert snapshot(one) != snapshot(two)  # the samples do vary with the rng


def test_a_rigged_move_of_a_face_down_card_forgets_it():
    """The scenario helpers move cards from anywhere (`_detach`): a face-down card
    moved out of the subjugated pile is no longer marked face down."""
    from cavein.rigging import do, hand_pick, skill

    from scavenger_env.cavein.engine.actions import DONE, PICK_MINE
    from scavenger_env.cavein.engine.scenario import _detach, scenario, set_hand

    state = scenario(WILDLIFE)
    set_hand(state, 0, ["Domina", "Driller", "Frogt'Opus", "Foreman"])
    do(state, skill("Domina"), hand_pick("Driller"), PICK_MINE + 0, DONE)
    (card,) = state.players[0].face_down
    _detach(state, card)
    assert card not in state.players[0].subjugated
    assert state.players[0].face_down == set()
