"""What a player knows: `player_view` and `determinize`."""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.cavein.engine import (
    GameConfig,
    apply_action,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.view import determinize, player_view
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
    from rigging import do, skill

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
    from rigging import do, skill

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
    from rigging import do, hand_pick, skill

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
