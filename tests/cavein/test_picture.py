"""The SVG picture of a Cave-In position (`scavenger_env/cavein/picture.py`).

Checked: every picture is well-formed XML (2, 3 and 4 players, every viewer and
the whole truth); a seat's picture shows nothing it may not know (it is the same
for every state `determinize` samples, while the whole truth is not, so the check
can fail); a seat sees its own hand and not an opponent's unseen cards; drawing
changes nothing; every `action_target` is a data-ref of the mover's picture (and
many actions have one); the picture turns into pixels.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from scavenger_env.cavein.engine.actions import block_of
from scavenger_env.cavein.engine.data import MERC_TYPES
from scavenger_env.cavein.engine.state import GameState, Phase
from scavenger_env.cavein.picture import action_target, draw
from scavenger_env.core.games import get_game

GAME = get_game("cavein")
_REF = re.compile(r'data-ref="([^"]+)"')


def _positions(num_players: int, seed: int, every: int) -> list[GameState]:
    """Every `every`-th position of a game of random legal moves, and its end."""
    rng = np.random.default_rng(seed)
    state = GAME.new_game(GAME.make_config(num_players, allow_pass=True), seed)
    out: list[GameState] = []
    step = 0
    while not GAME.is_over(state):
        if step % every == 0:
            out.append(GAME.clone(state))
        if GAME.is_chance_node(state):
            outcomes = GAME.chance_outcomes(state)
            pick = rng.choice(len(outcomes), p=[p for _, p in outcomes])
            action = outcomes[int(pick)][0]
        else:
            action = int(rng.choice(GAME.legal_actions(state)))
        GAME.apply_action(state, action)
        step += 1
    out.append(GAME.clone(state))
    return out


@pytest.fixture(scope="module")
def positions() -> list[GameState]:
    """About 40 positions over whole games at 2, 3 and 4 players."""
    return [
        s
        for n, seed in ((2, 11), (3, 12), (4, 13))
        for s in _positions(n, seed, every=40)
    ]


def test_well_formed_xml_for_every_viewer(positions: list[GameState]) -> None:
    assert {s.num_players for s in positions} == {2, 3, 4}
    for s in positions:
        for viewer in [None, *range(s.num_players)]:
            picture = draw(s, viewer)
            root = ET.fromstring(picture.svg)
            assert root.tag.endswith("svg")
            assert 900 <= picture.width <= 1100


def test_a_seat_picture_is_the_same_for_every_sample(
    positions: list[GameState],
) -> None:
    """No leak: resampling what a seat cannot see leaves its picture byte for
    byte; the whole truth does change (so the comparison can fail)."""
    rng = np.random.default_rng(5)
    truth_differs = compared = 0
    for s in positions[::2]:
        for seat in range(s.num_players):
            sample = GAME.determinize(s, seat, rng)
            assert draw(sample, seat).svg == draw(s, seat).svg
            compared += 1
            truth_differs += draw(sample, None).svg != draw(s, None).svg
    assert truth_differs > compared * 0.8


def test_own_hand_shown_and_an_opponents_unseen_card_hidden() -> None:
    """At the deal every hand is secret. Seed 4 deals seat 0 a Cyberwitch, a
    card nowhere else on the board: seat 0's picture and the whole truth name
    it, seat 1's shows seat 0's cards only as face-down backs."""
    s = GAME.new_game(GAME.make_config(2), 4)
    hand = s.players[0].hand
    names = {MERC_TYPES[s.cards.type_of[c]].name for c in hand}
    assert "Cyberwitch" in names and set(hand) == s.players[0].secret
    own, other, truth = draw(s, 0).svg, draw(s, 1).svg, draw(s, None).svg
    assert all(f">{name}<" in own for name in names)
    assert "Cyberwitch" not in other
    assert ">Cyberwitch<" in truth
    assert other.count("a face-down card") == len(hand)
    # seat 1's own cards are named in its picture
    assert all(
        f">{MERC_TYPES[s.cards.type_of[c]].name}<" in other for c in s.players[1].hand
    )


def test_drawing_changes_nothing(positions: list[GameState]) -> None:
    for s in positions[::3]:
        before = GAME.clone(s)
        data = GAME.state_data(s)
        for viewer in [None, *range(s.num_players)]:
            draw(s, viewer)
        if not GAME.is_over(s):
            for action in GAME.legal_actions(s):
                action_target(s, action)
        assert GAME.same_state(s, before)
        assert GAME.state_data(s) == data


def test_action_targets_are_in_the_movers_picture() -> None:
    """Each target is a data-ref of the mover's picture, the same for every
    sample of what the mover cannot see; most actions, of every kind that acts
    on something, have one."""
    rng = np.random.default_rng(9)
    with_target = without = 0
    kinds: set[str] = set()
    for n, seed in ((2, 21), (3, 22), (4, 23)):
        for s in _positions(n, seed, every=6)[:-1]:
            mover = GAME.current_player(s)
            refs = set(_REF.findall(GAME.picture(s, mover).svg))
            sample = GAME.determinize(s, mover, rng)
            for action in GAME.legal_actions(s):
                target = GAME.action_target(s, action)
                assert target == GAME.action_target(sample, action)
                if target is None:
                    without += 1
                    continue
                assert target in refs, (target, GAME.describe_action(s, action))
                with_target += 1
                kinds.add(block_of(action)[0])
    assert with_target > 2 * without > 0
    assert {"RECRUIT", "MINE", "COLLECT", "SKILL", "PAY", "RAID", "USE"} <= kinds


def test_targets_of_each_kind_of_choice() -> None:
    """The ref names of the module's table, at a fresh deal."""
    s = GAME.new_game(GAME.make_config(3), 4)
    assert s.phase == Phase.ACTION
    legal = GAME.legal_actions(s)
    targets = {GAME.action_target(s, a) for a in legal}
    assert "docks-0" in targets and "mine-0" in targets
    assert {"artifact-0-0", "artifact-0-1"} <= targets
    hand_types = {s.cards.type_of[c] for c in s.players[s.current_player].hand}
    assert {t for t in targets if t and t.startswith("hand-")} <= {
        f"hand-{k}" for k in hand_types
    }
    assert GAME.action_target(s, 0) is None  # END_TURN


def test_picture_as_pixels() -> None:
    pytest.importorskip("resvg_py")
    s = GAME.new_game(GAME.make_config(3), 1)
    pixels = GAME.picture(s, 0).to_rgb()
    assert pixels.dtype == np.uint8 and pixels.ndim == 3 and pixels.shape[2] == 3
    background = np.array([0xFB, 0xFA, 0xF7], dtype=np.uint8)
    assert (pixels != background).any(axis=2).mean() > 0.1
