"""The SVG picture of a Hewns position (`hewns.picture`): well-formed at every
player count and map, drawn only from what the viewer may know, every space
and Hewn clickable by its `data-ref`, and every action's target on the mover's
picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np
import pytest

from scavenger_env.core.chance import sample_outcome
from scavenger_env.core.games import get_game
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import LOT, NUM, Ctrl, Verb
from scavenger_env.hewns.engine.data import TechKind
from scavenger_env.hewns.engine.state import (
    BIDOX_HOME,
    EMPTY_SLOT,
    NUM_HEWNS,
    OFF_BOARD,
    State,
)
from scavenger_env.hewns.engine.tunnels import dug, tunnel_loc
from scavenger_env.hewns.engine.view import determinize
from scavenger_env.hewns.picture import action_target, draw

g = get_game("hewns")

_REF = re.compile(r'data-ref="([^"]+)"')


def refs(svg: str) -> set[str]:
    """Every `data-ref` in a picture."""
    return set(_REF.findall(svg))


def positions(n: int, seed: int, take: int = 6, **options: Any) -> list[State]:
    """`take` positions spread over a random game (random legal actions,
    chance by its odds, one seeded generator), chance nodes and the end left
    out."""
    rng = np.random.default_rng(seed)
    state = g.new_game(g.make_config(n, **options), seed)
    seen: list[State] = []
    while not g.is_over(state):
        if g.is_chance_node(state):
            action = sample_outcome(g.chance_outcomes(state), rng)
        else:
            seen.append(g.clone(state))
            legal = g.legal_actions(state)
            action = legal[int(rng.integers(len(legal)))]
        g.apply_action(state, action)
    step = max(1, len(seen) // take)
    return [*seen[::step][:take], state]


def busy_board() -> State:
    """Seat 0's Fogbear's Hewn turn, with Hewns of every size on and off the
    board (one damaged, one stunned, two sharing a space, one in a dug
    tunnel), danger tokens and a new mine."""
    state = pos.actions_phase(3, cards="complete")
    fogbear = pos.place(state, "Fogbear", seat=0, space=13, normal=1, dirty=2)
    pos.place(state, "Gombat", seat=1, space=13, damaged=True)
    pos.place(state, "Igil", seat=2, space=0, techs=["Gunana"])
    pos.place(state, "Bliog", seat=1, space=12, stunned=True)
    pos.place(state, "Drump", seat=0)  # off the board
    pos.set_token(state, 33, "snedj")
    pos.set_token(state, 10, "lava")
    pos.set_token(state, 27, "planet_attack")
    pos.set_mine(state, 14, 2)
    tunnel = pos.set_tunnel(state, 9, 6, 8)
    pos.place(state, "Chumbee", seat=2, space=tunnel)
    pos.start_hewn_turn(state, fogbear)
    return state


def test_the_pictures_are_well_formed_svg_at_every_count_and_map() -> None:
    """Positions of random games at 2, 3 and 4 players on the bundled maps and
    with each card set draw as XML whose root is an `svg` of the picture's
    size, for each seat and for the whole truth."""
    games = [(2, 1, "crater", "complete"), (3, 2, "crater", "core")]
    games += [(4, 3, "crater", "terrain"), (3, 4, "gorge", "complete")]
    games += [(2, 5, "twins", "nanas"), (4, 6, "twins", "complete")]
    for n, seed, map_name, cards in games:
        for state in positions(n, seed, 4, map=map_name, cards=cards):
            for viewer in (None, *range(n)):
                picture = draw(state, viewer)
                root = ET.fromstring(picture.svg)
                assert root.tag == "{http://www.w3.org/2000/svg}svg"
                assert root.get("width") == str(picture.width)
                assert 900 <= picture.width <= 1300
                spaces = {r for r in refs(picture.svg) if r.startswith("space-")}
                assert len(spaces) >= state.board.n_spaces


def test_no_seat_sees_what_determinize_redeals() -> None:
    """A seat's picture of a state and of a determinized copy (the hidden
    things dealt afresh) are the same bytes; the whole truth's pictures do
    differ for many positions (closed Bidoxes, face-down cards, secret loads),
    so the check can fail."""
    rng = np.random.default_rng(11)
    differed = checked = 0
    for n, seed in ((2, 7), (3, 8), (4, 9)):
        for state in positions(n, seed, 8):
            truth = draw(state, None).svg
            for seat in range(n):
                d = determinize(state, seat, rng)
                assert draw(d, seat).svg == draw(state, seat).svg
                checked += 1
                differed += draw(d, None).svg != truth
    assert differed > checked // 5, (differed, checked)


def _bid(state: State, amount: int) -> int:
    """The bidder puts `amount` dirty Substract in its first Bidox at home on
    the turn-order stack; returns the bidder."""
    seat = state.frames[-1].seat
    box = state.bidox_lot[seat].index(BIDOX_HOME)
    for a in (Verb.PLACE_BIDOX, NUM + box, LOT + 0, NUM + amount, NUM + amount):
        g.apply_action(state, a)
    return seat


def test_a_bidox_amount_shows_only_to_its_owner() -> None:
    """Two games that differ only in what one seat put in a Bidox: another
    seat's pictures are the same, the bidder's and the whole truth differ."""
    a = g.new_game(g.make_config(3), 7)
    b = g.new_game(g.make_config(3), 7)
    bidder = _bid(a, 3)
    assert _bid(b, 6) == bidder
    other = (bidder + 1) % 3
    assert draw(a, other) == draw(b, other)
    assert draw(a, bidder) != draw(b, bidder)
    assert draw(a, None) != draw(b, None)


def test_face_down_turn_cards_are_question_marks() -> None:
    """Swapping two other seats' face-down turn-order cards changes nothing
    seat 0 sees; seat 1 sees its own card."""
    state = pos.actions_phase(3, order=[0, 1, 2])
    swapped = state.clone()
    swapped.turn_card = [1, 3, 2]
    assert draw(state, 0) == draw(swapped, 0)
    assert draw(state, 1) != draw(swapped, 1)
    assert draw(state, None) != draw(swapped, None)


def test_a_fitting_behind_the_screen_shows_only_to_its_owner() -> None:
    """With secret loads, a Gunana fitted into a Hewn behind seat 1's screen
    and one still on that screen look the same to seat 0 (its pieces by kind
    are public, not where they are); seat 1 and the whole truth tell them
    apart."""
    fitted = pos.actions_phase(2, cards="nanas", secret_loads=True)
    fogbear = pos.place(fitted, "Fogbear", seat=1, techs=["Gunana"])
    fitted.slot_hidden[fogbear][0] = True
    on_screen = fitted.clone()
    on_screen.slots[fogbear][0] = EMPTY_SLOT
    on_screen.screen_tech[1][TechKind.GUNANA] += 1
    assert draw(fitted, 0) == draw(on_screen, 0)
    assert draw(fitted, 1) != draw(on_screen, 1)
    assert draw(fitted, None) != draw(on_screen, None)


def test_every_space_and_hewn_on_the_board_has_its_ref() -> None:
    """Each map space (and dug tunnel) is `space-<location>`, each Hewn on or
    off the board `hewn-<id>`, each seat `player-<q>` and lot `lot-<i>`."""
    state = busy_board()
    for viewer in (None, 0, 1):
        found = refs(draw(state, viewer).svg)
        for x in range(state.board.n_spaces):
            assert f"space-{x}" in found
        for p in dug(state):
            assert f"space-{tunnel_loc(p)}" in found
        shown = [h for h in range(NUM_HEWNS) if state.loc[h] >= OFF_BOARD]
        assert len(shown) == 6
        for h in shown:
            assert f"hewn-{h}" in found
        assert {f"player-{q}" for q in range(3)} <= found
        assert "lot-0" in found


def test_random_games_show_their_hewns() -> None:
    """Every Hewn in play in random positions has its `hewn-<id>`."""
    for n, seed in ((3, 1), (4, 3)):
        for state in positions(n, seed, 8):
            found = refs(draw(state, 0).svg)
            for h in range(NUM_HEWNS):
                if state.loc[h] >= 0 or state.loc[h] == OFF_BOARD:
                    assert f"hewn-{h}" in found


def test_drawing_never_changes_the_state() -> None:
    states = [busy_board(), *positions(3, 12, 5)]
    for state in states:
        before = g.clone(state)
        for viewer in (None, 0, 1, 2):
            g.picture(state, viewer)
        if not g.is_over(state):
            for action in g.legal_actions(state):
                g.action_target(state, action)
        assert g.same_state(state, before)


def test_every_action_target_is_on_the_movers_picture() -> None:
    """The target of every legal action is None or a `data-ref` of the
    mover's picture; spaces, Hewns, lots and Bidoxes are all targets somewhere;
    the target reads only the mover's view (a determinized copy agrees)."""
    rng = np.random.default_rng(3)
    kinds: set[str] = set()
    states = [busy_board()]
    for n, seed in ((2, 21), (3, 22), (4, 23)):
        states += positions(n, seed, 10)
    for state in states:
        if g.is_over(state) or g.is_chance_node(state):
            continue
        mover = g.current_player(state)
        found = refs(g.picture(state, mover).svg)
        copy = determinize(state, mover, rng)
        for action in g.legal_actions(state):
            target = g.action_target(state, action)
            assert target == g.action_target(copy, action)
            if target is not None:
                assert target in found, (target, action)
                kinds.add(target.split("-")[0])
        assert g.action_target(state, Ctrl.DONE) is None
    assert {"space", "hewn", "lot", "bidox"} <= kinds, kinds


def test_the_game_draws_with_this_module() -> None:
    state = busy_board()
    assert g.picture(state, 1) == draw(state, 1)
    assert g.picture(state) == draw(state, None)
    assert g.action_target(state, 0) == action_target(state, 0)


def test_the_picture_as_pixels() -> None:
    pytest.importorskip("resvg_py")
    state = busy_board()
    picture = g.picture(state, 0)
    rgb = picture.to_rgb()
    assert rgb.dtype == np.uint8
    assert rgb.shape == (picture.height, picture.width, 3)
    background = np.array([0xFB, 0xFA, 0xF7], dtype=np.uint8)
    drawn = np.any(rgb != background, axis=2).mean()
    assert drawn > 0.2
