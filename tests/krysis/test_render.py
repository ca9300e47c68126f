"""The Krysis text picture: it shows a seat what it may know and nothing more.

No leak: at every decision of random games, the picture (and the words for the
mover's actions) for a seat is the same for the real state and for copies with
the hidden things dealt again by `determinize`. Content: own cards and choices
are named, others' hidden cards never are, committed picks show as committed,
a relic choice or a Spy's look is for the mover alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest

from scavenger_env.krysis.engine import (
    KrysisConfig,
    State,
    apply_action,
    describe_action,
    determinize,
    legal_actions,
    new_game,
)
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.data import COMPANY_NAMES, RELICS
from scavenger_env.krysis.engine.describe import agent_text
from scavenger_env.krysis.engine.state import NONE, Phase
from scavenger_env.krysis.render import WIDTH, render_changes, render_state

CONFIGS = {
    "2p": KrysisConfig(num_players=2),
    "3p": KrysisConfig(num_players=3),
    "4p": KrysisConfig(num_players=4),
    "3p-advanced": KrysisConfig(num_players=3, advanced=True),
    "3p-nine-card-hand": KrysisConfig(num_players=3, nine_card_hand=True),
    "3p-missions": KrysisConfig(num_players=3, missions=True),
    "2p-all-options": KrysisConfig(
        num_players=2, advanced=True, nine_card_hand=True, missions=True
    ),
    "2p-speed": KrysisConfig(num_players=2, variant="speed"),
}
_SETUP = (Phase.SQUAD, Phase.HAND)


def decisions(config: KrysisConfig, seed: int) -> Iterator[State]:
    """Each decision of a random game (the same state object, moved on)."""
    state = new_game(config, seed)
    rng = np.random.default_rng(seed)
    while not state.is_over:
        yield state
        apply_action(state, int(rng.choice(legal_actions(state))))


def play_until(config: KrysisConfig, seed: int, stop: Callable[[State], bool]) -> State:
    """The first decision of a random game where `stop` holds."""
    for state in decisions(config, seed):
        if stop(state):
            return state
    raise AssertionError("the game ended first")


def flat(text: str) -> str:
    """`text` with line breaks and runs of spaces as single spaces."""
    return " ".join(text.split())


def known_agents(state: State, viewer: int) -> set[str]:
    """Agent texts `viewer` may see: its own cards and every revealed team."""
    own = state.hand[viewer] + state.squad_out[viewer]
    if state.pending[viewer] != NONE:
        own.append(state.pending[viewer])
    if state.phase in _SETUP:
        own += state.deck_t[viewer] + state.deck_f[viewer]
    seen = {agent_text(viewer, c) for c in own}
    for q in range(state.n):
        seen |= {agent_text(q, c) for c in state.team[q]}
    return seen


def hidden_agents(state: State, viewer: int) -> set[str]:
    """Texts of the other players' cards that `viewer` has not seen (a card with
    the same text among the viewer's own or a revealed one excepted)."""
    hidden: set[str] = set()
    for q in range(state.n):
        if q == viewer:
            continue
        cards = state.hand[q] + state.squad_out[q] + state.deck_t[q] + state.deck_f[q]
        if state.pending[q] != NONE:
            cards.append(state.pending[q])
        hidden |= {agent_text(q, c) for c in cards}
    return hidden - known_agents(state, viewer)


# -- no leak ---------------------------------------------------------------------


@pytest.mark.parametrize("name", CONFIGS)
def test_picture_and_words_are_the_same_for_any_dealing_of_the_hidden(
    name: str,
) -> None:
    """(a) The picture for seat v cannot tell the real state from determinized
    ones; (b) neither can the words for the mover's legal actions, for v not
    the mover. Also: every line fits 80 columns, the viewer's own hand is named
    and nobody else's unseen card is."""
    config = CONFIGS[name]
    rngs = [np.random.default_rng(101), np.random.default_rng(202)]
    checked = 0
    for state in decisions(config, seed=config.num_players):
        legal = legal_actions(state)
        for v in range(state.n):
            picture = render_state(state, v)
            assert max(len(line) for line in picture.splitlines()) <= WIDTH
            flat_picture = flat(picture)
            for c in state.hand[v]:
                assert agent_text(v, c) in flat_picture
            for text in hidden_agents(state, v):
                assert text not in flat_picture
            for rng in rngs:
                other = determinize(state, v, rng)
                assert render_state(other, v) == picture
                if v == state.mover:
                    continue
                for a in legal:
                    words = describe_action(state, a, viewer=v)
                    assert describe_action(other, a, viewer=v) == words
                for a in legal_actions(other):
                    words = describe_action(other, a, viewer=v)
                    assert describe_action(state, a, viewer=v) == words
            checked += 1
    assert checked > 30  # Speed Krysis: 18 decisions


# -- content -----------------------------------------------------------------------


def test_header_names_game_round_phase_mover_and_viewer() -> None:
    state = new_game(KrysisConfig(num_players=3), 4)
    top = render_state(state, 1).splitlines()[:2]
    assert top[0] == "Krysis | round 1/5 | mining: the blind bid"
    mover = state.mover
    assert top[1].startswith(
        "you to move" if mover == 1 else f"player {mover} ({COMPANY_NAMES[mover]})"
    )
    assert top[1].endswith(f"you are player 1 ({COMPANY_NAMES[1]})")
    speed = new_game(KrysisConfig(variant="speed"), 4)
    assert render_state(speed, 0).startswith("Speed Krysis | round 1/3 | building")


def test_own_hand_is_named_another_hand_is_not() -> None:
    state = new_game(KrysisConfig(num_players=2), 5)
    state.hand[0], state.hand[1] = [0, 1, 2, 9, 10, 11], [3, 4, 5, 12, 13, 14]
    state.deck_t = [[6, 7, 8], [6, 7, 8]]
    state.deck_f = [[15, 16, 17], [15, 16, 17]]
    text = flat(render_state(state, 0))
    for c in state.hand[0]:
        assert agent_text(0, c) in text
    for c in state.hand[1]:
        assert agent_text(1, c) not in text
        assert f"{agent_text(1, c).split()[0]} (" not in text  # not even "T4 ("
    assert "hand 6; transporter deck 3, fighter deck 3" in text
    assert "your hand (6): T1 (transporter, speed 5, carries W, 1*);" in text


def test_a_pick_is_committed_face_down_until_all_reveal() -> None:
    config = KrysisConfig(num_players=3)
    for seed in range(20):
        state = play_until(config, seed, lambda s: s.phase == Phase.PICK)
        p = state.mover
        others = [q for q in range(state.n) if q != p]
        # a card whose words no other player could see in its own hand
        unique = [
            c
            for c in state.hand[p]
            if all(agent_text(p, c) not in _hand_texts(state, q) for q in others)
        ]
        if unique:
            break
    else:  # pragma: no cover
        pytest.fail("no pick with a card unique to the mover")
    card = unique[0]
    words = agent_text(p, card)
    apply_action(state, A.CARD + card)
    assert f"face down: {words}" in flat(render_state(state, p))
    for q in others:
        text = flat(render_state(state, q))
        assert "committed: 1 agent face down" in text
        assert words not in text
    while state.pending[p] != NONE:  # the others commit, then all reveal
        apply_action(state, legal_actions(state)[0])
    for q in others:
        assert f"team: {words}" in flat(render_state(state, q))


def _hand_texts(state: State, q: int) -> list[str]:
    return [agent_text(q, c) for c in state.hand[q]]


def test_a_bid_in_progress_is_the_bidders_alone() -> None:
    state = new_game(KrysisConfig(num_players=2), 6)
    p = state.mover
    apply_action(state, A.BID + 1)  # 1 red, then the blues
    assert "your bid (in progress): 1R (value 3)" in render_state(state, p)
    other = render_state(state, 1 - p)
    assert "your bid" not in other and "committed" not in other
    assert "1R (value" not in other
    apply_action(state, A.BID)  # no blue
    apply_action(state, A.BID)  # no white
    assert "your bid (finished): 1R (value 3)" in render_state(state, p)
    other = render_state(state, 1 - p)
    assert "bid: committed (hidden until all have bid)" in other
    assert "1R (value 3)" not in other


def test_the_relics_to_keep_are_shown_to_the_mover_only() -> None:
    state = play_until(KrysisConfig(num_players=3), 1, lambda s: s.phase == Phase.KEEP)
    p = state.mover
    a, b = (RELICS[t].name for t in state.keep_options)
    assert f"Your choice: keep one: [0] {a} or [1] {b}" in flat(render_state(state, p))
    for q in range(state.n):
        if q != p:
            text = render_state(state, q)
            assert "keep one:" not in text
            assert f"player {p} keeps one of two relics drawn (unseen by you)" in text


def test_a_spy_sees_the_relics_only_for_the_mover() -> None:
    config = KrysisConfig(num_players=3, advanced=True)
    state = play_until(config, 1, lambda s: s.phase == Phase.SPY_TAKE)
    p, target = state.mover, state.spy_target
    seen = [RELICS[t].name for t, n in enumerate(state.camp_relics[target]) if n]
    mine = flat(render_state(state, p))
    assert f"the Spy sees at player {target}'s campsite:" in mine
    for name in seen:
        assert name in mine.split("Your choice:")[1].split("Relics:")[0]
    for q in range(state.n):
        if q not in (p, target):
            text = flat(render_state(state, q))
            assert "Spy sees" not in text
            assert f"player {p}'s Spy looks at player {target}'s campsite" in text


def test_others_relics_and_decks_are_counts() -> None:
    state = new_game(KrysisConfig(num_players=3, advanced=True), 2)
    text = render_state(state, 0)
    for q in (1, 2):
        assert "1 relic face down" in text.split(f"-- player {q},")[1]
    assert text.count("decks hidden during set-up") == 2
    mine = text.split("-- you (player 0),")[1].split("-- player")[0]
    own = [RELICS[t].name for t, n in enumerate(state.camp_relics[0]) if n]
    assert f"relics: {own[0]}" in mine
    assert "transporter deck" in mine


def test_loading_shows_capacity_and_own_relic_types_to_the_loader_only() -> None:
    def loading_a_relic(s: State) -> bool:
        return s.phase == Phase.SELECT and sum(s.sel_relics) > 0

    config = KrysisConfig(num_players=3)
    state = next(
        s for seed in range(30) for s in decisions(config, seed) if loading_a_relic(s)
    )
    p = state.mover
    name = RELICS[state.sel_relics.index(max(state.sel_relics))].name
    mine = flat(render_state(state, p))
    assert "Your choice: you load from the campsite: chosen so far" in mine
    assert name in mine.split("chosen so far")[1].split("capacity")[0]
    assert "capacity (slots)" in mine and "room for one more:" in mine
    other = flat(render_state(state, (p + 1) % state.n))
    assert f"player {p} loads from the campsite" in other
    assert name not in other.split("chosen so far")[1].split("capacity")[0]


def test_mission_and_final_scores() -> None:
    config = KrysisConfig(num_players=2, missions=True)
    state = new_game(config, 3)
    assert "your mission: most" in render_state(state, 0)
    rng = np.random.default_rng(3)
    while not state.is_over:
        apply_action(state, int(rng.choice(legal_actions(state))))
    text = render_state(state, 1)
    assert "Game over | you are player 1" in text
    assert "Final scores: " in text and "winner:" in text


# -- what changed ------------------------------------------------------------------


def test_render_changes_keeps_the_header_and_what_moved() -> None:
    state = play_until(KrysisConfig(num_players=3), 0, lambda s: s.phase == Phase.PLACE)
    p = state.mover
    before = render_state(state, 0)
    assert render_changes(before, before) == before.splitlines()[0]
    apply_action(state, legal_actions(state)[0])
    after = render_state(state, 0)
    changes = render_changes(before, after)
    assert changes.splitlines()[0] == after.splitlines()[0]
    assert f"Player {p} moves to level 1 chamber 1" in changes
    assert "Recent events:" in changes
    assert len(changes.splitlines()) < len(after.splitlines())
    assert "<- " + ("you" if p == 0 else f"player {p}") in changes
