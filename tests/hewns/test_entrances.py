"""Secret entrances (cards "terrain"): the scouting card's piece, the stock of
entrance pieces, the nodes that take them, and who may use them; shown in the
observation and the picture."""

from __future__ import annotations

import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import HEWN, SPACE, Ctrl, Option, Verb
from scavenger_env.hewns.engine.describe import ask_name, describe_action
from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.engine.entrances import admits, entrance_at
from scavenger_env.hewns.engine.state import OFF_BOARD, Ask, State
from scavenger_env.hewns.observation import encode, views
from scavenger_env.hewns.render import render_state

# the 2-player crater: nodes without an entrance by size, and the stock
SMALL_NODES = (8,)
MEDIUM_NODES = (4, 5, 6, 7)
BIG_NODES = (0, 1, 2, 3)


def scouted(seat: int = 0, pieces: int = 1) -> State:
    """The actions phase of a 2-player terrain game, at `seat`'s player turn,
    holding `pieces` secret-entrance scouting pieces and a Hewn off the board
    (so the turn does not end by itself)."""
    state = pos.actions_phase(2, cards="terrain")
    pos.set_screen(state, seat, secret_entrance=pieces)
    pos.place(state, "Skrunke", seat)
    pos.start_player_turn(state, seat)
    return state


def offered(state: State, start: int, size: int) -> list[int]:
    return [a - start for a in rules.legal_actions(state) if start <= a < start + size]


def test_the_owner_places_a_piece_of_a_size_on_a_node_of_that_size() -> None:
    """rulebook: "A player who buys this scouting knowledge ... can, during his
    turn, announce that a new entrance has been found and choose either a
    small, medium or big entrance from the remaining stack of entrances ...
    he/she then attaches an available small entrance to a small node, or an
    available medium entrance to a medium node or a large entrance to a large
    node. Then he/she attaches a control rod (of his colour) to that
    entrance". It costs no action point (it is not a Hewn's action); the
    scouting piece is used up and the stack shrinks."""
    state = scouted()
    assert Verb.SECRET_ENTRANCE in rules.legal_actions(state)
    stock = list(state.entrance_stock)
    pos.play(state, Verb.SECRET_ENTRANCE)
    assert state.frames[-1].ask == Ask.ENTRANCE_SIZE
    assert rules.legal_actions(state) == [Option.SIZE_S, Option.SIZE_M, Option.SIZE_B]
    pos.play(state, Option.SIZE_M)
    assert offered(state, SPACE, 64) == list(MEDIUM_NODES)
    pos.play(state, SPACE + 5)
    assert entrance_at(state, 5) == (2, 0)
    assert state.entrance_stock == [stock[0], stock[1] - 1, stock[2]]
    assert state.screen_tech[0][7] == 0  # the scouting piece is used up
    assert state.frames[-1].ask == Ask.PLAYER_TURN
    assert Verb.SECRET_ENTRANCE not in rules.legal_actions(state)


def test_only_the_owners_hewns_enter_and_leave_by_it() -> None:
    """rulebook: "showing only the owning player's Hewns may enter or exit the
    board using this entrance. No other player's Hewns may use that
    entrance"; "The entrance/ exit must be at least the same size or bigger
    than his size"."""
    state = scouted()
    pos.play(state, Verb.SECRET_ENTRANCE, Option.SIZE_M, SPACE + 5)
    assert admits(state, 5, 2, 0) and admits(state, 5, 1, 0)
    assert not admits(state, 5, 2, 1)  # another player's Hewn
    assert not admits(state, 5, 3, 0)  # a big Hewn: too small an entrance
    fogbear = pos.place(state, "Fogbear", 0)
    pos.play(state, HEWN + fogbear)
    assert 5 in offered(state, SPACE, 64)  # enters by its own entrance
    pos.play(state, SPACE + 5)
    assert Verb.EXIT in rules.legal_actions(state)
    pos.play(state, Verb.EXIT)
    assert state.loc[fogbear] == OFF_BOARD


def test_another_players_hewns_cannot_use_it() -> None:
    """rulebook: "No other player's Hewns may use that entrance": seat 1's Hewn
    standing on seat 0's secret entrance may not exit there, and seat 1's
    Hewns off the board are not offered it."""
    state = scouted()
    pos.play(state, Verb.SECRET_ENTRANCE, Option.SIZE_M, SPACE + 5)
    pos.play(state, Ctrl.END_PLAYER_TURN)
    rival = pos.place(state, "Skrunke", 1, space=5)
    pos.start_hewn_turn(state, rival)
    assert Verb.EXIT not in rules.legal_actions(state)
    pos.play(state, Ctrl.END_HEWN_TURN)
    outside = pos.place(state, "Clogg", 1)
    pos.start_hewn_turn(state, outside)
    entries = offered(state, SPACE, 64)
    assert 5 not in entries and entries  # the common entrances still are


def test_a_size_without_a_piece_or_a_free_node_is_not_offered() -> None:
    """rulebook: "from the remaining stack of entrances": a size whose pieces
    are used up is not offered; nor one whose nodes all hold an entrance (the
    only small node takes one piece); with neither left the verb is not
    offered at all."""
    state = scouted(pieces=3)
    pos.play(state, Verb.SECRET_ENTRANCE, Option.SIZE_S, SPACE + SMALL_NODES[0])
    pos.play(state, Verb.SECRET_ENTRANCE)
    assert Option.SIZE_S not in rules.legal_actions(state)
    pos.play(state, Option.SIZE_B, SPACE + 0)
    pos.set_supply(state, entrances=(1, 0, 1))
    pos.play(state, Verb.SECRET_ENTRANCE)
    # a small piece is left but no small node is free; no medium piece is left
    assert rules.legal_actions(state) == [Option.SIZE_B]
    assert offered(state, SPACE, 64) == []  # the size is asked first
    pos.play(state, Option.SIZE_B)
    assert offered(state, SPACE, 64) == [1, 2, 3]  # node 0 holds one already
    state = scouted()
    pos.set_supply(state, entrances=(0, 0, 0))
    assert Verb.SECRET_ENTRANCE not in rules.legal_actions(state)


def test_no_piece_no_secret_entrance_and_only_in_the_player_turn() -> None:
    """A player without the scouting card finds no entrance; with it, the
    entrance is found "during his turn" (the player turn, between Hewn turns)
    and never in another seat's turn."""
    state = pos.actions_phase(2, cards="terrain")
    pos.place(state, "Skrunke", 0)
    pos.start_player_turn(state, 0)
    assert Verb.SECRET_ENTRANCE not in rules.legal_actions(state)
    state = scouted(seat=1)
    assert state.frames[-1].seat == 1
    assert Verb.SECRET_ENTRANCE in rules.legal_actions(state)
    skrunke = next(h for h in range(40) if state.ctrl[h] == 1)
    pos.play(state, HEWN + skrunke)
    assert Verb.SECRET_ENTRANCE not in rules.legal_actions(state)


def test_bad_choices_are_refused_and_change_nothing() -> None:
    """A node of another size, a space with a common entrance or a ravine, and
    an id of the wrong kind are refused with the project's error; the
    position stays as it was."""
    state = scouted()
    pos.play(state, Verb.SECRET_ENTRANCE)
    before = state_data(state)
    with pytest.raises(IllegalActionError):
        rules.apply_action(state, SPACE + 5)  # the size comes first
    pos.play(state, Option.SIZE_M)
    before = state_data(state)
    for bad in (SPACE + 0, SPACE + 48, SPACE + 34, Option.SIZE_M, Ctrl.DONE):
        with pytest.raises(IllegalActionError):
            rules.apply_action(state, bad)
    assert state_data(state) == before


def test_the_entrance_is_public_in_the_observation_and_the_picture() -> None:
    """A secret entrance is placed in the open ("attaches a control rod (of his
    colour) to that entrance"): every seat's observation shows it (its owner
    as its own, the other as another player's), with the pieces left, and
    the picture lists it; the chain's choices read in words."""
    state = scouted()
    pos.play(state, Verb.SECRET_ENTRANCE)
    assert "size" in ask_name(Ask.ENTRANCE_SIZE)
    assert "medium" in describe_action(state, Option.SIZE_M)
    pos.play(state, Option.SIZE_M)
    assert "secret entrance" in describe_action(state, SPACE + 5)
    pos.play(state, SPACE + 5)
    for seat, owner_mark in ((0, 1.0), (1, 0.5)):
        spaces = views(encode(state, seat))["spaces"]
        assert list(spaces[5][6:10]) == [0.0, 0.0, 1.0, 0.0]  # medium
        assert spaces[5][10] == owner_mark
        assert views(encode(state, seat))["global"][29] == pytest.approx(1 / 3)
    assert "Secret entrances: 05:M(p0)" in render_state(state, 1)


def test_a_core_game_shows_no_entrance_stock() -> None:
    """The core cards have no secret entrances: their observation and picture
    are as before."""
    state = pos.actions_phase(2, cards="core")
    pos.place(state, "Skrunke", 0)
    pos.start_player_turn(state, 0)
    assert list(views(encode(state, 0))["global"][28:31]) == [0.0, 0.0, 0.0]
    assert "Secret entrances" not in render_state(state, 0)
