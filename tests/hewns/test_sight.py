"""Line of sight between Hewns and the transmission component (design §3.3, §4.6),
checked on the default two-player crater.

The crater's corridor used here (space ids of the 2-player map)::

    00B-12b-13b-14b-02B-46m-47m (corner)
                            \\
                            48m

and the magnetic tunnel 50~53.
"""

from __future__ import annotations

from scavenger_env.hewns.engine import rules  # noqa: F401 (handlers)
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import Token
from scavenger_env.hewns.engine.effects import pay_through_chain, payable
from scavenger_env.hewns.engine.setup import new_state
from scavenger_env.hewns.engine.sight import component, sees
from scavenger_env.hewns.engine.state import NEUTRAL, State

# Hewn card instances (core set): Gombat, Smeggler, Chailbine Zachs, Fogbears
GOMBAT, SMEGGLER, ZACH1, ZACH2, FOG1, FOG2 = 3, 4, 7, 8, 10, 11


def board_state() -> State:
    """A two-player state with nothing on the board."""
    return new_state(HewnsConfig(num_players=2))


def put(state: State, hewn: int, space: int, seat: int = 0) -> None:
    state.loc[hewn] = space
    state.ctrl[hewn] = seat


def test_the_crater_corridor_is_as_drawn() -> None:
    """The positions below rest on this stretch of the crater."""
    b = board_state().board
    assert (12, 13, 14, 2) in b.rays[0]
    assert (46, 47) in b.rays[2]
    assert b.corner[47] and not b.corner[46]
    assert 48 in b.links[47] and (48,) in b.rays[47]


def test_a_hewn_blocks_and_is_seen_whatever_its_state() -> None:
    """Rule 1: "The "line of his sight" meets another Hewn (he can then see that
    Hewn but no further) Note: It doesn't matter whether the Hewn is healthy or
    not." """
    s = board_state()
    put(s, GOMBAT, 12)
    put(s, ZACH1, 13, 1)
    put(s, ZACH2, 14, 1)
    s.damaged[ZACH1] = True
    assert sees(s, GOMBAT, ZACH1) and sees(s, ZACH1, GOMBAT)
    assert not sees(s, GOMBAT, ZACH2)
    s.loc[ZACH1] = 9
    assert sees(s, GOMBAT, ZACH2)


def test_a_group_blocks_and_none_of_it_is_seen() -> None:
    """Rule 2: "meets a group of Hewns ... then NONE of the Hewns in that group
    can be "seen!" and nothing further can be seen." """
    s = board_state()
    put(s, GOMBAT, 12)
    put(s, ZACH1, 13, 1)
    put(s, FOG1, 13, 1)
    s.damaged[FOG1] = True
    put(s, ZACH2, 14, 1)
    assert not sees(s, GOMBAT, ZACH1)
    assert not sees(s, GOMBAT, FOG1)
    assert not sees(s, GOMBAT, ZACH2)


def test_a_hewn_sharing_its_space_sees_only_inside_it() -> None:
    """Rule 3: "if a Hewn shares a space with any damaged and/or stunned Hewn(s)
    or another healthy Hewn, he cannot see out of that space - he can only focus
    on Hewns in that same space"; two enemies there "can see each other"."""
    s = board_state()
    put(s, GOMBAT, 12)
    put(s, ZACH1, 12, 1)
    put(s, ZACH2, 13, 1)
    assert sees(s, GOMBAT, ZACH1) and sees(s, ZACH1, GOMBAT)
    assert not sees(s, GOMBAT, ZACH2) and not sees(s, ZACH2, GOMBAT)


def test_a_corner_is_seen_and_nothing_past_it() -> None:
    """Rule 4: "The "line of his sight" reaches a corner space ... nothing past
    that corner space ... can be seen"."""
    s = board_state()
    put(s, GOMBAT, 2)
    put(s, ZACH1, 47, 1)
    put(s, ZACH2, 48, 1)
    assert sees(s, GOMBAT, ZACH1)
    assert not sees(s, GOMBAT, ZACH2)
    s.loc[ZACH1] = 13
    assert not sees(s, GOMBAT, ZACH2)


def test_a_node_is_seen_and_nothing_past_it() -> None:
    """Rule 5: "The line of his sight reaches a node space (which means nothing
    past that node can be seen)"."""
    s = board_state()
    put(s, GOMBAT, 13)
    put(s, ZACH1, 2, 1)
    put(s, ZACH2, 46, 1)
    assert sees(s, GOMBAT, ZACH1)
    assert not sees(s, GOMBAT, ZACH2)
    s.loc[ZACH1] = 9
    assert not sees(s, GOMBAT, ZACH2)


def test_mines_and_danger_tokens_do_not_block() -> None:
    """Note 1: "Neither mines, Snedj nests, lava, planet attack tokens nor
    magnetic tunnel entrances block line-of-sight"."""
    s = board_state()
    put(s, GOMBAT, 12)
    put(s, ZACH1, 14, 1)
    s.mine[13] = 2
    s.token[13] = int(Token(0))
    assert sees(s, GOMBAT, ZACH1)


def test_nothing_is_seen_through_a_magnetic_tunnel() -> None:
    """Note 2: "a Hewn cannot see through a magnetic tunnel if he/she is at one
    end of magnetic tunnel, to the space which is connected by the same magnetic
    tunnel"."""
    s = board_state()
    put(s, GOMBAT, 50)
    put(s, ZACH1, 53, 1)
    assert not sees(s, GOMBAT, ZACH1)


def test_off_board_hewns_see_nothing() -> None:
    """A Hewn behind its screen is not on the map (rulebook: "cannot be attacked
    by any enemies while he is off the board")."""
    s = board_state()
    put(s, GOMBAT, -2)
    put(s, ZACH1, 13, 1)
    assert not sees(s, GOMBAT, ZACH1)


# --- the transmission component -------------------------------------------------


def test_a_chain_of_hewns_that_see_each_other_is_one_component() -> None:
    """rulebook: "this Substract can be transmitted between multiple friendly
    healthy Hewns (called a chain of Hewns) instantaneously, provided that for
    each "transport" between two friendly Hewns, the two Hewns can see each
    other". The Gombat at 13 cannot see the Fogbear at 46 (past the node), but
    the Smeggler on the node sees both."""
    s = board_state()
    put(s, GOMBAT, 13)
    put(s, SMEGGLER, 2)
    put(s, FOG1, 46)
    assert not sees(s, GOMBAT, FOG1)
    assert component(s, GOMBAT) == [GOMBAT, SMEGGLER, FOG1]
    assert component(s, FOG1) == [FOG1, SMEGGLER, GOMBAT]


def test_a_damaged_or_stunned_link_breaks_the_chain() -> None:
    """rulebook: "to another friendly healthy Hewn"; a damaged relay or a
    stunned one ("regarded as neutral") carries nothing, yet still blocks sight
    (rule 1). A damaged Hewn may itself send to the healthy friends it sees
    (the `damaged_transmit` option, on by default)."""
    s = board_state()
    put(s, GOMBAT, 13)
    put(s, SMEGGLER, 2)
    put(s, FOG1, 46)
    s.damaged[SMEGGLER] = True
    assert component(s, GOMBAT) == [GOMBAT]
    assert component(s, SMEGGLER) == [SMEGGLER, GOMBAT, FOG1]
    s.damaged[SMEGGLER] = False
    s.ctrl[SMEGGLER] = NEUTRAL
    assert component(s, GOMBAT) == [GOMBAT]


def test_friends_in_one_space_are_linked_unless_a_healthy_enemy_is_there() -> None:
    """rulebook: "Two friendly healthy Hewns in the same space can transfer
    Substract to each other"; "Hewns involved in a same space encounter with an
    enemy Hewn cannot transfer/transmit Substract"."""
    s = board_state()
    put(s, GOMBAT, 12)
    put(s, SMEGGLER, 12)
    put(s, FOG1, 14)
    assert component(s, GOMBAT) == [GOMBAT, SMEGGLER]  # they cannot see out
    put(s, ZACH1, 12, 1)
    assert component(s, GOMBAT) == [GOMBAT]
    s.damaged[ZACH1] = True
    assert component(s, GOMBAT) == [GOMBAT, SMEGGLER]


def test_enemies_do_not_relay() -> None:
    """rulebook: the chain is one of "friendly Hewns"."""
    s = board_state()
    put(s, GOMBAT, 13)
    put(s, ZACH1, 2, 1)
    put(s, FOG1, 46)
    assert component(s, GOMBAT) == [GOMBAT]


def test_payable_counts_the_component_only_for_chain_payments() -> None:
    """D30: chain payments may draw on the component; same-space ones only on
    the Hewn's own load ("when a Hewn is in the same space as any other hewn it
    cannot get Substract from friendly Hewns")."""
    s = board_state()
    put(s, GOMBAT, 13)
    put(s, SMEGGLER, 2)
    put(s, FOG1, 46)
    s.normal[GOMBAT], s.dirty[GOMBAT] = 1, 1
    s.dirty[SMEGGLER] = 3
    s.normal[FOG1] = 2
    assert payable(s, GOMBAT, chain=False) == (1, 1)
    assert payable(s, GOMBAT, chain=True) == (3, 4)


def test_a_chain_payment_draws_from_the_nearest_first() -> None:
    """D30, the Sveanivo example: "it uses 2 Substract from the Veyark and keeps
    its own Substract"; the rest comes from the nearest Hewn first."""
    s = board_state()
    put(s, GOMBAT, 13)
    put(s, SMEGGLER, 2)
    put(s, FOG1, 46)
    s.normal[GOMBAT] = 2
    s.dirty[SMEGGLER] = 1
    s.normal[SMEGGLER] = 1
    s.normal[FOG1] = 2
    pile = s.normal_pile
    pay_through_chain(s, GOMBAT, normal=2, dirty=1, own_normal=0, own_dirty=0)
    assert s.normal[GOMBAT] == 2
    assert (s.normal[SMEGGLER], s.dirty[SMEGGLER]) == (0, 0)
    assert s.normal[FOG1] == 1
    assert s.normal_pile == pile + 2
