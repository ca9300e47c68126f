"""The Krysis SVG picture: well-formed, no leak, clickable targets.

A seat's picture is drawn from what the seat may know, so it is the same for the
real state and for copies with the hidden things dealt again (`determinize`),
sealed bids and face-down picks included; the whole truth (viewer None) differs
between them, which shows the comparison can fail. Every action's target is a
`data-ref` of the mover's picture.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

import numpy as np
import pytest

from scavenger_env.core.games import get_game
from scavenger_env.krysis.engine import KrysisConfig, State
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.queries import bid_value
from scavenger_env.krysis.engine.state import NONE, Phase
from scavenger_env.krysis.picture import action_target, draw

g = get_game("krysis")

CONFIGS = {
    "2p": KrysisConfig(num_players=2),
    "3p-advanced-missions": KrysisConfig(num_players=3, advanced=True, missions=True),
    "4p": KrysisConfig(num_players=4),
    "2p-nine-card-hand": KrysisConfig(num_players=2, nine_card_hand=True),
    "2p-speed": KrysisConfig(num_players=2, variant="speed"),
}


def play(config: KrysisConfig, seed: int) -> Iterator[State]:
    """Each decision of a random game (the same object, moved on), and the end."""
    state = g.new_game(config, seed)
    rng = np.random.default_rng(seed)
    while not g.is_over(state):
        yield state
        if g.is_chance_node(state):
            ids, probs = zip(*g.chance_outcomes(state), strict=True)
            action = int(rng.choice(ids, p=probs))
        else:
            action = int(rng.choice(g.legal_actions(state)))
        g.apply_action(state, action)
    yield state


def sample(config: KrysisConfig, seed: int, every: int) -> list[State]:
    """Copies of every `every`-th decision of a random game, and its end."""
    out = []
    for i, state in enumerate(play(config, seed)):
        if i % every == 0 or state.is_over:
            out.append(state.clone())
    return out


def first(config: KrysisConfig, seed: int, stop: Callable[[State], bool]) -> State:
    for state in play(config, seed):
        if stop(state):
            return state.clone()
    raise AssertionError("no such position in the game")


def refs(svg: str) -> list[str]:
    return [
        el.attrib["data-ref"]
        for el in ET.fromstring(svg).iter()
        if "data-ref" in el.attrib
    ]


@pytest.mark.parametrize("name", CONFIGS)
def test_the_picture_is_well_formed_svg_with_unique_refs(name: str) -> None:
    for state in sample(CONFIGS[name], seed=11, every=17):
        for viewer in [None, *range(state.n)]:
            picture = draw(state, viewer)
            root = ET.fromstring(picture.svg)
            assert root.tag.endswith("svg")
            assert root.attrib["height"] == str(picture.height)
            found = refs(picture.svg)
            assert len(found) == len(set(found)), "a data-ref drawn twice"


def spread(config: KrysisConfig, seed: int, every: int) -> list[State]:
    """Copies of the first decision of each phase of a random game (of each
    bidder and picker: half-made secrets, a bid sealed by some seats, a pick
    face down) and of every `every`-th one, before the end."""
    out = []
    seen: set[tuple[int, int]] = set()
    for i, state in enumerate(play(config, seed)):
        simultaneous = state.phase in (Phase.BID, Phase.PICK)
        key = (state.phase, state.mover if simultaneous else NONE)
        if not state.is_over and (key not in seen or i % every == 0):
            seen.add(key)
            out.append(state.clone())
    return out


@pytest.mark.parametrize(
    "name", ["2p", "3p-advanced-missions", "4p", "2p-nine-card-hand"]
)
def test_a_seat_sees_the_same_picture_for_any_dealing_of_the_hidden(
    name: str,
) -> None:
    """The seat's picture cannot tell the real state from determinized copies;
    the whole truth can (most of the time), so the comparison bites."""
    rng = np.random.default_rng(5)
    states = spread(CONFIGS[name], seed=21, every=29)
    told_apart = 0
    for state in states:
        for seat in range(state.n):
            other = g.determinize(state, seat, rng)
            assert draw(state, seat).svg == draw(other, seat).svg, (
                f"seat {seat} tells a dealing apart in phase {Phase(state.phase).name}"
            )
            if seat == 0:
                told_apart += draw(state, None).svg != draw(other, None).svg
    assert told_apart > len(states) / 2
    # the half-made secrets were among them
    assert any(
        s.phase == Phase.BID and any(s.bid_done[q] for q in range(s.n) if q != s.mover)
        for s in states
    )
    assert any(
        s.phase == Phase.PICK and any(s.pending[q] != NONE for q in range(s.n))
        for s in states
    )


def _sealed_bid(config: KrysisConfig) -> State:
    """Seat 0's bid finished and sealed (worth something), seat 1 bidding."""
    state = g.new_game(config, 3)
    rng = np.random.default_rng(3)
    while True:
        if (
            state.phase == Phase.BID
            and state.bid_done[0]
            and state.mover == 1
            and bid_value(state.bid[0]) > 0
        ):
            return state
        legal = g.legal_actions(state)
        if state.phase == Phase.BID and state.mover == 0:
            action = max(legal)  # the most crystals: a bid worth something
        else:
            action = int(rng.choice(legal))
        g.apply_action(state, action)
        assert not state.is_over


@pytest.mark.parametrize("rules_version", [1, 2])
def test_a_sealed_bid_is_hidden_from_the_others_until_all_have_bid(
    rules_version: int,
) -> None:
    state = _sealed_bid(KrysisConfig(num_players=3, rules_version=rules_version))
    value = f"value {bid_value(state.bid[0])};"
    assert value in draw(state, 0).svg  # the bidder sees its bid
    assert value in draw(state, None).svg
    changed = state.clone()
    changed.bid[0] = [0, 0, 0]
    for seat in (1, 2):
        seen = draw(state, seat).svg
        assert "committed (hidden until all have bid)" in seen
        assert value not in seen
        assert seen == draw(changed, seat).svg
    assert draw(state, 0).svg != draw(changed, 0).svg


def test_a_face_down_pick_is_hidden_from_the_others() -> None:
    state = first(
        CONFIGS["3p-advanced-missions"],
        7,
        lambda s: s.phase == Phase.PICK and s.pending[0] != NONE and s.mover != 0,
    )
    pick = state.pending[0]
    ref = f'data-ref="agent-0-{pick}"'
    assert ref in draw(state, 0).svg
    assert ref in draw(state, None).svg
    swapped = state.clone()  # another card of the hand picked instead
    other = swapped.hand[0][0]
    swapped.hand[0][0], swapped.pending[0] = pick, other
    for seat in (1, 2):
        seen = draw(state, seat).svg
        assert ref not in seen
        assert "committed face down" in seen
        assert seen == draw(swapped, seat).svg
    assert draw(state, 0).svg != draw(swapped, 0).svg


def test_a_seat_sees_its_own_hand_and_not_the_others() -> None:
    state = first(CONFIGS["4p"], 9, lambda s: s.phase == Phase.PICK)
    for seat in range(state.n):
        mine = draw(state, seat).svg
        whole = draw(state, None).svg
        for c in state.hand[seat]:
            assert f'data-ref="agent-{seat}-{c}"' in mine
        for q in range(state.n):
            if q == seat:
                continue
            assert state.hand[q]
            for c in state.hand[q]:
                assert f'data-ref="agent-{q}-{c}"' not in mine
                assert f'data-ref="agent-{q}-{c}"' in whole
            assert f"hand: {len(state.hand[q])} agents face down" in mine


def test_drawing_changes_nothing() -> None:
    for name in ("3p-advanced-missions", "2p-speed"):
        for state in sample(CONFIGS[name], seed=4, every=29):
            before = state.clone()
            for viewer in [None, *range(state.n)]:
                g.picture(state, viewer)
            for action in g.legal_actions(state):
                g.action_target(state, action)
            assert g.same_state(state, before)


def test_every_action_target_is_a_ref_in_the_movers_picture() -> None:
    rng = np.random.default_rng(8)
    targeted: set[int] = set()
    for name in ("2p", "3p-advanced-missions", "4p", "2p-speed"):
        for state in sample(CONFIGS[name], seed=2, every=5):
            if state.is_over:
                continue
            mover = g.current_player(state)
            found = set(refs(g.picture(state, mover).svg))
            other = g.determinize(state, mover, rng)
            for action in g.legal_actions(state):
                target = g.action_target(state, action)
                assert target == g.action_target(other, action)  # mover's own view
                if target is None:
                    continue
                assert target in found, (Phase(state.phase).name, action, target)
                targeted.add(action)
    # the places, cards, relics, campsites and decks: each kind has its target
    for block in (A.PLACE, A.CARD, A.FLIP, A.RAID, A.TAKE_RED, A.DRAW_TRANSPORTER):
        assert any(block <= a < block + 6 for a in targeted), block
    assert action_target(g.new_game(CONFIGS["2p"], 0), A.BID) is None


def test_the_picture_turns_into_pixels() -> None:
    pytest.importorskip("resvg_py")
    pytest.importorskip("PIL")
    state = first(CONFIGS["3p-advanced-missions"], 1, lambda s: s.phase == Phase.PICK)
    picture = g.picture(state, 0)
    rgb = picture.to_rgb()
    assert rgb.dtype == np.uint8
    assert rgb.shape == (picture.height, picture.width, 3)
    background = np.array([0xFB, 0xFA, 0xF7], dtype=np.uint8)
    drawn = np.any(rgb != background, axis=2).mean()
    assert drawn > 0.2
    # a seat's colour is there: the band of player 0's panel (#d1495b)
    assert np.any(np.all(rgb == np.array([0xD1, 0x49, 0x5B], dtype=np.uint8), axis=2))


def test_the_game_draws_with_the_module() -> None:
    state = g.new_game(CONFIGS["3p-advanced-missions"], 1)
    assert g.picture(state, 1) == draw(state, 1)
    assert g.picture(state) == draw(state, None)
    assert draw(state, 1).svg != draw(state, None).svg
