"""The observation's last views: who sees what, the technologies and heart
cards a seat sees, and the attack in progress with its participants; one
shape for 2, 3 and 4 players."""

from __future__ import annotations

import numpy as np
import pytest
from hewns_obs_reference import encode as reference

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import HEWN, NUM, SPACE
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import TechKind, Token
from scavenger_env.hewns.engine.sight import sees
from scavenger_env.hewns.engine.state import Ask, State
from scavenger_env.hewns.observation import (
    FIGHTER_COLUMNS,
    HEWN_COLUMNS,
    OBS_SIZE,
    SEATS,
    Encoder,
    encode,
    views,
)

SIGHT = 22  # the spaces view's first sight column (relative seat 0)
SEEN = HEWN_COLUMNS["seen"]
ARTILLERY = 2  # the encounter view's kind one-hot: ranged, same-space, artillery
TOKEN_ATTACK = 4  # ... a bomb's overflow, a danger token's attack


def _views(state: State, seat: int) -> dict[str, np.ndarray]:
    """`seat`'s views, checked against the plain encoding of its redacted copy."""
    vec = encode(state, seat)
    assert vec.tobytes() == reference(state, seat).tobytes()
    return views(vec)


# --- sight ---------------------------------------------------------------------------
def test_a_hewn_in_sight_shows_and_one_behind_a_hewn_does_not() -> None:
    """Rule 1: "The "line of his sight" meets another Hewn (he can then see that
    Hewn but no further)": the Gombat at 12 looks down the corridor 13, 14, 2;
    the Zach at 14 is seen and 2 behind it is not looked into, until a Fogbear
    steps in between at 13."""
    state = pos.actions_phase(2)
    gombat = pos.place(state, "Gombat", 0, 12)
    zach = pos.place(state, "Chailbine Zach", 1, 14)
    v = _views(state, 0)
    assert v["hewns"][zach][SEEN] == 1.0
    assert [v["spaces"][x][SIGHT] for x in (12, 13, 14, 2)] == [1.0, 1.0, 1.0, 0.0]
    assert v["spaces"][14][SIGHT + 1] == 1.0  # the Zach's own space, seat 1's
    assert _views(state, 1)["hewns"][gombat][SEEN] == 1.0
    fogbear = pos.place(state, "Fogbear", 1, 13)
    v = _views(state, 0)
    assert v["hewns"][fogbear][SEEN] == 1.0
    assert v["hewns"][zach][SEEN] == 0.0
    assert v["spaces"][14][SIGHT] == 0.0
    assert not sees(state, gombat, zach)


def test_a_group_is_not_seen_and_a_hewn_in_one_sees_only_its_space() -> None:
    """Rule 2: "meets a group of Hewns ... then NONE of the Hewns in that group
    can be "seen!""; rule 3: a Hewn sharing its space "cannot see out of that
    space - he can only focus on Hewns in that same space"."""
    state = pos.actions_phase(2)
    gombat = pos.place(state, "Gombat", 0, 12)
    zach = pos.place(state, "Chailbine Zach", 1, 13)
    pos.place(state, "Fogbear", 1, 13)
    v = _views(state, 0)
    assert v["hewns"][zach][SEEN] == 0.0
    assert v["spaces"][13][SIGHT] == 1.0  # the ray reaches the group's space
    inside = pos.place(state, "Chailbine Zach", 1, 12)
    v = _views(state, 0)
    assert v["hewns"][inside][SEEN] == 1.0  # in the Gombat's own space
    assert v["spaces"][13][SIGHT] == 0.0
    assert v["hewns"][gombat][SEEN] == 0.0  # no other Hewn of yours sees it
    assert _views(state, 1)["hewns"][gombat][SEEN] == 1.0


# --- what is fitted -------------------------------------------------------------------
def _secret_game() -> tuple[State, int]:
    """A secret-loads game: seat 1's Major Miner off the board, a Fixito in
    its Nanasocket and a stone of its colour in its heart card."""
    state = pos.actions_phase(2, cards="nanas", secret_loads=True)
    miner = pos.place(state, "Major Miner", 1, techs=["Fixito"])
    pos.set_heart(state, miner, 1)
    return state, miner


def test_fitted_technologies_and_the_heart_show_while_open() -> None:
    """ "That stone heart would be the colour of the player who bought the heart
    stones": the heart's colour and the Fixito are public while nothing was
    fitted in secret; an empty heart card reads empty."""
    state, miner = _secret_game()
    row = _views(state, 0)["hewns"][miner]
    c = HEWN_COLUMNS
    assert row[c["techs"] + TechKind.FIXITO] == pytest.approx(1 / 4)
    assert list(row[c["heart_colour"] : c["heart_colour"] + SEATS]) == [0, 1, 0, 0]
    assert row[c["heart_hidden"]] == 0.0 and row[c["hidden_slots"]] == 0.0
    pos.set_heart(state, miner, None)
    assert _views(state, 0)["hewns"][miner][c["heart_empty"]] == 1.0


def test_what_was_fitted_in_secret_shows_only_to_its_controller() -> None:
    """Rulebook: "many Hewns can store some or all of their Substract in
    secret locations, which clearly means that opponents will not necessarily
    know": in a game with secret loads, what seat 1 fitted behind its screen
    shows to seat 0 as one hidden slot and a hidden heart card, to seat 1 as it
    is. (The flags are set here as the engine's off-board fitting sets them.)"""
    state, miner = _secret_game()
    state.slot_hidden[miner][state.slots[miner].index(TechKind.FIXITO)] = True
    state.heart_hidden[miner] = True
    c = HEWN_COLUMNS
    other = _views(state, 0)["hewns"][miner]
    assert other[c["techs"] + TechKind.FIXITO] == 0.0
    assert other[c["hidden_slots"]] == pytest.approx(1 / 4)
    assert other[c["heart_hidden"]] == 1.0
    assert not other[c["heart_colour"] : c["heart_colour"] + SEATS].any()
    own = _views(state, 1)["hewns"][miner]
    assert own[c["techs"] + TechKind.FIXITO] == pytest.approx(1 / 4)
    assert own[c["hidden_slots"]] == 0.0 and own[c["heart_hidden"]] == 0.0
    assert own[c["heart_colour"]] == 1.0  # its own colour: relative seat 0


# --- the encounter in progress -------------------------------------------------------
def _artillery() -> tuple[State, int, int]:
    """The rulebook's artillery example: seat 0's Igil (load 5) at 9 fires 1
    laser and 2 area dice at seat 1's Four-way Gotler at 12, out of sight."""
    state = pos.actions_phase(2, shown=True, cards="terrain")
    pos.set_mine(state, 0, None)
    igil = pos.place(state, "Igil", 0, 9, normal=5, techs=["Gunana"])
    gotler = pos.place(state, "Four-way Gotler", 1, 12)
    pos.start_hewn_turn(state, igil)
    pos.play(state, "VERB ARTILLERY", HEWN + gotler, NUM + 1, NUM + 2)
    return state, igil, gotler


def test_the_picks_are_secret_until_the_dice() -> None:
    """ "can only secretly pick": while the Gotler picks its screens, seat 1
    sees the Igil attack (its seat, its role) but not its picks; seat 0 sees
    its own 1 laser and 2 area dice."""
    state, igil, gotler = _artillery()
    assert state.frames[-1].ask == Ask.PICK_K
    f = FIGHTER_COLUMNS
    own = _views(state, 0)
    assert own["encounter"][ARTILLERY] == 1.0
    attacker, defender = own["fighters"][0], own["fighters"][1]
    assert attacker[f["seat"]] == 1.0 and attacker[f["attacker"]] == 1.0
    assert attacker[f["hewn"]] == pytest.approx((igil + 1) / 40)
    assert list(attacker[f["picks"] : f["picks"] + 2]) == pytest.approx([1 / 7, 2 / 7])
    assert defender[f["seat"] + 1] == 1.0 and defender[f["defender"]] == 1.0
    assert defender[f["hewn"]] == pytest.approx((gotler + 1) / 40)
    other = _views(state, 1)["fighters"][0]
    assert other[f["seat"] + 1] == 1.0 and other[f["attacker"]] == 1.0
    assert not other[f["picks"] : f["picks"] + 5].any()


def test_the_dice_totals_follow_the_example() -> None:
    """ "rolled 3 with the laser type dice and 3 & 2 with the area effect dice,
    giving him a total of 8! The Four-way Gotler only rolled a total of 4 ...
    He removes the attackers "3" laser type dice ... (using his dodge
    ability.)": the totals read 8 against 4, then 5 once the laser is gone; the
    dodge shows; when the encounter is over the views are empty."""
    state, _igil, _gotler = _artillery()
    pos.play(state, "NUM 0")
    pos.roll(state, "laser", 3)
    pos.roll(state, "area", 3, 2)
    pos.roll(state, "speed", 2, 1, 1, 0)
    pos.roll(state, "armour", 0, 0)
    assert state.frames[-1].ask == Ask.DISCARD
    v = _views(state, 1)
    assert list(v["encounter"][7:9]) == pytest.approx([8 / 30, 4 / 30])
    assert list(v["encounter"][11:13]) == pytest.approx([3 / 20, 5 / 20])
    picks = FIGHTER_COLUMNS["picks"]
    assert list(v["fighters"][0][picks : picks + 2]) == pytest.approx([1 / 7, 2 / 7])
    pos.play(state, "DIE 0")  # the "3" laser die
    assert _views(state, 0)["encounter"][7] == pytest.approx(5 / 30)
    pos.play(state, "DIE 0")  # the Gotler dodges: re-roll the "3" area die
    assert _views(state, 0)["fighters"][1][FIGHTER_COLUMNS["dodged"]] == 1.0
    pos.roll(state, "area", 2)
    v = _views(state, 0)
    assert not v["encounter"].any() and not v["fighters"].any()


def test_a_danger_token_attack_shows_its_victim_and_screens() -> None:
    """ "Hewns moving into any space containing a danger token will also be
    attacked"; "if a player declares before the attack and defence dice are
    rolled, he wishes to defend himself with a body screen by burning
    Substract": the Minor Miner stepping into the Snedj is the defender, and
    its screen shows (public) once declared."""
    state = pos.actions_phase(2)
    minor = pos.place(state, "Minor Miner", 0, 43, normal=2)
    pos.set_token(state, 44, Token.SNEDJ)
    pos.start_hewn_turn(state, minor)
    pos.play(state, SPACE + 44)
    assert state.frames[-1].ask == Ask.SCREENS
    f = FIGHTER_COLUMNS
    v = _views(state, 1)
    assert v["encounter"][TOKEN_ATTACK] == 1.0
    victim = v["fighters"][0]
    assert victim[f["seat"] + 1] == 1.0 and victim[f["defender"]] == 1.0
    assert victim[f["hewn"]] == pytest.approx((minor + 1) / 40)
    assert victim[f["attacker"]] == 0.0 and victim[f["picks"] + 2] == 0.0
    pos.play(state, NUM + 1)
    assert _views(state, 1)["fighters"][0][f["picks"] + 2] == pytest.approx(1 / 7)


# --- one shape ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_shape_and_empty_seats_past_the_count(players: int) -> None:
    """The same size for 2, 3 and 4 players; the relative seats past the count
    stay zero in the sight and seat columns; every value in [0, 1]."""
    rng = np.random.default_rng(players)
    state = rules.new_game(HewnsConfig(num_players=players, cards="nanas"), rng)
    encoder = Encoder()
    for _ in range(400):
        if state.over:
            break
        for seat in range(players):
            vec = encoder.encode(state, seat)
            assert vec.shape == (OBS_SIZE,)
            assert vec.min() >= 0.0 and vec.max() <= 1.0
            v = views(vec)
            assert not v["spaces"][:, SIGHT + players : SIGHT + SEATS].any()
            assert not v["seats"][players:].any()
        legal = rules.legal_actions(state)
        rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
