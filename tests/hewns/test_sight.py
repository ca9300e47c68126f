"""Line of sight between Hewns and the transmission component (design §3.3, §4.6),
checked on the default two-player crater.

The crater's corridor used here (space ids of the 2-player map)::

    00B-12b-13b-14b-02B-46m-47m (corner)
                            \\
                            48m

and the magnetic tunnel 50~53.
"""

from __future__ import annotations

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.effects import pay_through_chain, payable
from scavenger_env.hewns.engine.sight import component, sees
from scavenger_env.hewns.engine.state import State


def board_state() -> State:
    """A two-player actions phase with nothing on the board."""
    return pos.actions_phase(2)


def test_the_crater_corridor_is_as_drawn() -> None:
    """The positions below rest on this stretch of the crater: big spaces (B, b)
    hold any Hewn, medium ones (m) medium and small Hewns, and the magnetic
    tunnel joins two small spaces (small Hewns only)."""
    b = board_state().board
    assert (12, 13, 14, 2) in b.rays[0]
    assert (46, 47) in b.rays[2]
    assert b.corner[47] and not b.corner[46]
    assert 48 in b.links[47] and (48,) in b.rays[47]
    assert all(b.size[s] == 3 for s in (0, 9, 12, 13, 14, 2))
    assert all(b.size[s] == 2 for s in (46, 47, 48))
    assert (53, 1) in b.magnetic_at[50] and b.size[50] == b.size[53] == 1


def _in_a_row(blocker_space: int) -> tuple[State, int, int, int]:
    """A Gombat at 12 looking down the corridor at a damaged enemy Zach (in
    `blocker_space`) and a healthy one at 14."""
    s = board_state()
    gombat = pos.place(s, "Gombat", 0, 12)
    blocker = pos.place(s, "Chailbine Zach", 1, blocker_space, damaged=True)
    behind = pos.place(s, "Chailbine Zach", 1, 14)
    return s, gombat, blocker, behind


def test_a_hewn_blocks_and_is_seen_whatever_its_state() -> None:
    """Rule 1: "The "line of his sight" meets another Hewn (he can then see that
    Hewn but no further) Note: It doesn't matter whether the Hewn is healthy or
    not." """
    s, gombat, blocker, behind = _in_a_row(13)
    assert sees(s, gombat, blocker) and sees(s, blocker, gombat)
    assert not sees(s, gombat, behind)
    s, gombat, _blocker, behind = _in_a_row(9)  # the same, the blocker elsewhere
    assert sees(s, gombat, behind)


def test_a_group_blocks_and_none_of_it_is_seen() -> None:
    """Rule 2: "meets a group of Hewns ... then NONE of the Hewns in that group
    can be "seen!" and nothing further can be seen." """
    s = board_state()
    gombat = pos.place(s, "Gombat", 0, 12)
    zach = pos.place(s, "Chailbine Zach", 1, 13)
    fogbear = pos.place(s, "Fogbear", 1, 13, damaged=True)
    behind = pos.place(s, "Chailbine Zach", 1, 14)
    assert not sees(s, gombat, zach)
    assert not sees(s, gombat, fogbear)
    assert not sees(s, gombat, behind)


def test_a_hewn_sharing_its_space_sees_only_inside_it() -> None:
    """Rule 3: "if a Hewn shares a space with any damaged and/or stunned Hewn(s)
    or another healthy Hewn, he cannot see out of that space - he can only focus
    on Hewns in that same space"; two enemies there "can see each other"."""
    s = board_state()
    gombat = pos.place(s, "Gombat", 0, 12)
    inside = pos.place(s, "Chailbine Zach", 1, 12)
    outside = pos.place(s, "Chailbine Zach", 1, 13)
    assert sees(s, gombat, inside) and sees(s, inside, gombat)
    assert not sees(s, gombat, outside) and not sees(s, outside, gombat)


def _looking_along(
    watcher_space: int, near_space: int, far_space: int
) -> tuple[State, int, int, int]:
    """A Gombat in `watcher_space` and two enemy Zachs further along."""
    s = board_state()
    gombat = pos.place(s, "Gombat", 0, watcher_space)
    near = pos.place(s, "Chailbine Zach", 1, near_space)
    far = pos.place(s, "Chailbine Zach", 1, far_space)
    return s, gombat, near, far


def test_a_corner_is_seen_and_nothing_past_it() -> None:
    """Rule 4: "The "line of his sight" reaches a corner space ... nothing past
    that corner space ... can be seen"."""
    s, gombat, corner, past = _looking_along(2, 47, 48)
    assert sees(s, gombat, corner)
    assert not sees(s, gombat, past)
    s, gombat, _elsewhere, past = _looking_along(2, 13, 48)  # the corner empty
    assert not sees(s, gombat, past)


def test_a_node_is_seen_and_nothing_past_it() -> None:
    """Rule 5: "The line of his sight reaches a node space (which means nothing
    past that node can be seen)"."""
    s, gombat, node, past = _looking_along(13, 2, 46)
    assert sees(s, gombat, node)
    assert not sees(s, gombat, past)
    s, gombat, _elsewhere, past = _looking_along(13, 9, 46)  # the node empty
    assert not sees(s, gombat, past)


def test_mines_and_danger_tokens_do_not_block() -> None:
    """Note 1: "Neither mines, Snedj nests, lava, planet attack tokens nor
    magnetic tunnel entrances block line-of-sight"."""
    s = board_state()
    gombat = pos.place(s, "Gombat", 0, 12)
    zach = pos.place(s, "Chailbine Zach", 1, 14)
    pos.set_mine(s, 13, 2)
    pos.set_token(s, 13, "lava")
    assert sees(s, gombat, zach)


def test_nothing_is_seen_through_a_magnetic_tunnel() -> None:
    """Note 2: "a Hewn cannot see through a magnetic tunnel if he/she is at one
    end of magnetic tunnel, to the space which is connected by the same magnetic
    tunnel" (small Hewns: the tunnel's ends are small spaces)."""
    s = board_state()
    miner = pos.place(s, "Minor Miner", 0, 50)
    other = pos.place(s, "Minor Miner", 1, 53)
    assert not sees(s, miner, other)
    assert not sees(s, other, miner)


def test_off_board_hewns_see_nothing() -> None:
    """A Hewn behind its screen is not on the map (rulebook: "cannot be attacked
    by any enemies while he is off the board")."""
    s = board_state()
    gombat = pos.place(s, "Gombat", 0)  # behind seat 0's screen
    zach = pos.place(s, "Chailbine Zach", 1, 13)
    assert not sees(s, gombat, zach)


# --- the transmission component -------------------------------------------------


Load = tuple[int, int]  # (normal, dirty) Substract carried


def _chain(
    *,
    gombat: Load = (0, 0),
    smeggler: Load = (0, 0),
    fogbear: Load = (0, 0),
    damaged: bool = False,
    stunned: bool = False,
) -> tuple[State, int, int, int]:
    """Seat 0's Gombat at 13, Smeggler on the node 2 (`damaged` or `stunned`
    if asked) and Fogbear at 46 past the node, carrying these loads."""
    s = board_state()
    g = pos.place(s, "Gombat", 0, 13, normal=gombat[0], dirty=gombat[1])
    m = pos.place(
        s,
        "Smeggler",
        0,
        2,
        normal=smeggler[0],
        dirty=smeggler[1],
        damaged=damaged,
        stunned=stunned,
    )
    f = pos.place(s, "Fogbear", 0, 46, normal=fogbear[0], dirty=fogbear[1])
    return s, g, m, f


def test_a_chain_of_hewns_that_see_each_other_is_one_component() -> None:
    """rulebook: "this Substract can be transmitted between multiple friendly
    healthy Hewns (called a chain of Hewns) instantaneously, provided that for
    each "transport" between two friendly Hewns, the two Hewns can see each
    other". The Gombat at 13 cannot see the Fogbear at 46 (past the node), but
    the Smeggler on the node sees both."""
    s, gombat, smeggler, fogbear = _chain()
    assert not sees(s, gombat, fogbear)
    assert component(s, gombat) == [gombat, smeggler, fogbear]
    assert component(s, fogbear) == [fogbear, smeggler, gombat]


def test_a_damaged_or_stunned_link_breaks_the_chain() -> None:
    """rulebook: "to another friendly healthy Hewn"; a damaged relay or a
    stunned one ("regarded as neutral") carries nothing, yet still blocks sight
    (rule 1). A damaged Hewn may itself send to the healthy friends it sees
    (the `damaged_transmit` option, on by default)."""
    s, gombat, smeggler, fogbear = _chain(damaged=True)
    assert component(s, gombat) == [gombat]
    assert component(s, smeggler) == [smeggler, gombat, fogbear]
    s, gombat, _smeggler, _fogbear = _chain(stunned=True)
    assert component(s, gombat) == [gombat]


def _sharing_space_12(enemy: str) -> tuple[State, int, int]:
    """Seat 0's Gombat and Smeggler together at 12, a friendly Fogbear at 14, and
    with them at 12 an enemy Zach that is `enemy`: "none", "healthy" or
    "damaged"."""
    s = board_state()
    gombat = pos.place(s, "Gombat", 0, 12)
    smeggler = pos.place(s, "Smeggler", 0, 12)
    pos.place(s, "Fogbear", 0, 14)
    if enemy != "none":
        pos.place(s, "Chailbine Zach", 1, 12, damaged=enemy == "damaged")
    return s, gombat, smeggler


def test_friends_in_one_space_are_linked_unless_a_healthy_enemy_is_there() -> None:
    """rulebook: "Two friendly healthy Hewns in the same space can transfer
    Substract to each other"; "Hewns involved in a same space encounter with an
    enemy Hewn cannot transfer/transmit Substract"."""
    s, gombat, smeggler = _sharing_space_12("none")
    assert component(s, gombat) == [gombat, smeggler]  # they cannot see out
    s, gombat, smeggler = _sharing_space_12("healthy")
    assert component(s, gombat) == [gombat]
    s, gombat, smeggler = _sharing_space_12("damaged")
    assert component(s, gombat) == [gombat, smeggler]


def test_enemies_do_not_relay() -> None:
    """rulebook: the chain is one of "friendly Hewns"."""
    s = board_state()
    gombat = pos.place(s, "Gombat", 0, 13)
    pos.place(s, "Chailbine Zach", 1, 2)
    pos.place(s, "Fogbear", 0, 46)
    assert component(s, gombat) == [gombat]


def test_payable_counts_the_component_only_for_chain_payments() -> None:
    """D30: chain payments may draw on the component; same-space ones only on
    the Hewn's own load ("when a Hewn is in the same space as any other hewn it
    cannot get Substract from friendly Hewns")."""
    s, gombat, _, _ = _chain(gombat=(1, 1), smeggler=(0, 3), fogbear=(2, 0))
    assert payable(s, gombat, chain=False) == (1, 1)
    assert payable(s, gombat, chain=True) == (3, 4)


def test_a_chain_payment_draws_from_the_nearest_first() -> None:
    """D30, the Sveanivo example: "it uses 2 Substract from the Veyark and keeps
    its own Substract"; the rest comes from the nearest Hewn first."""
    s, gombat, smeggler, fogbear = _chain(
        gombat=(2, 0), smeggler=(1, 1), fogbear=(2, 0)
    )
    pile = s.normal_pile
    pay_through_chain(s, gombat, normal=2, dirty=1, own_normal=0, own_dirty=0)
    assert s.normal[gombat] == 2
    assert (s.normal[smeggler], s.dirty[smeggler]) == (0, 0)
    assert s.normal[fogbear] == 1
    assert s.normal_pile == pile + 2
