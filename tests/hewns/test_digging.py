"""Digging tunnels (DIG), enlarging them (ENLARGE), moving through dug tunnels
and what a dug tunnel is for sight, distances and encounters.

The positions use the 2-player crater (`board.render_map`): node 6 (NW1, a
medium node) digs to 8, 24, 25, 27, 28 and 40; spaces 45 and 30 are four
links apart and three cells apart.
"""

from __future__ import annotations

import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import digest, rules, sight, tunnels
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import SPACE, Ctrl, Option, Verb
from scavenger_env.hewns.engine.danger import calm_targets
from scavenger_env.hewns.engine.ranged import escape_spaces, in_range
from scavenger_env.hewns.engine.samespace import expel_spaces
from scavenger_env.hewns.engine.state import NEUTRAL, NONE, Ask, State
from scavenger_env.hewns.engine.turnstate import hewn_turn


def _terrain(**options: object) -> State:
    return pos.actions_phase(2, cards="terrain", **options)


def _turn_ap(state: State) -> int:
    return next(
        hewn_turn(f).ap for f in reversed(state.frames) if f.ask == Ask.HEWN_TURN
    )


def _spaces(state: State) -> list[int]:
    return [a - SPACE for a in rules.legal_actions(state) if SPACE <= a < SPACE + 76]


def _same(state: State, before: object) -> bool:
    return digest.state_data(state) == before


# --- DIG ------------------------------------------------------------------------------


def test_a_digger_digs_to_a_space_in_reach_that_is_not_adjacent_for_two_ap() -> None:
    """rulebook: "Any Hewn that can dig, can sacrifice 2 of their action points
    to build a tunnel between two spaces, using the Mudgestick"; "A normal
    tunnel is used to connect two spaces that are not adjacent"."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    assert Verb.DIG in rules.legal_actions(state)
    pos.play(state, Verb.DIG)
    assert _turn_ap(state) == 2
    assert state.frames[-1].ask == Ask.DIG_TARGET
    assert _spaces(state) == [8, 24, 25, 27, 28, 40]
    assert not set(_spaces(state)) & set(state.board.links[6])


def test_the_tunnel_is_the_diggers_size_and_the_digger_picks_its_place() -> None:
    """rulebook: "This tunnel space is the size of the tunnelling Hewn (A big
    Hewn will tunnel a big tunnel, a medium Hewn a medium tunnel, and a small
    Hewn a small tunnel.)"; "The Hewn who dug the tunnel is placed either on
    the new tunnel space or on one of the two spaces connected by the
    tunnel"."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 27)
    assert state.frames[-1].ask == Ask.DIG_PLACE
    legal = rules.legal_actions(state)
    assert [a for a in legal if a >= Option.ATTACK] == [
        Option.PLACE_STAY,
        Option.PLACE_TUNNEL,
        Option.PLACE_FAR_END,
    ]
    pos.play(state, Option.PLACE_FAR_END)
    assert state.loc[pogg] == 27
    assert tunnels.dug(state) == [5]  # tunnel 6, the first medium piece
    assert tunnels.ends(state, 5) == (6, 27)


def test_the_far_end_is_offered_only_if_it_admits_the_digger() -> None:
    """rulebook: "Medium Hewns cannot move into small ravine spaces, small node
    spaces": a medium digger may dig to a small space but not stand there."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 8)  # TN, a small node
    assert rules.legal_actions(state) == [Option.PLACE_STAY, Option.PLACE_TUNNEL]
    before = digest.state_data(state)
    with pytest.raises(IllegalActionError):
        rules.apply_action(state, Option.PLACE_FAR_END)
    assert _same(state, before)


def test_bad_dig_choices_are_refused_and_change_nothing() -> None:
    """rulebook: "If the Mudgestick shows the distance is too long, the player
    can choose a new space to dig to": an adjacent or far space is no target,
    and a Hewn without the dig ability has no DIG."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG)
    before = digest.state_data(state)
    for bad in (SPACE + 26, SPACE + 0, SPACE + tunnels.tunnel_loc(0), Verb.ENLARGE):
        with pytest.raises(IllegalActionError):
            rules.apply_action(state, bad)
        assert _same(state, before)
    other = _terrain()
    fogbear = pos.place(other, "Fogbear", 0, space=6)
    pos.start_hewn_turn(other, fogbear)
    assert Verb.DIG not in rules.legal_actions(other)
    with pytest.raises(IllegalActionError):
        rules.apply_action(other, Verb.DIG)


def test_dig_needs_two_action_points() -> None:
    """rulebook: "Dig 2" (the costs of actions)."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.set_ap(state, 1)
    assert Verb.DIG not in rules.legal_actions(state)


def test_the_scraveler_digs() -> None:
    """rulebook caption: "A Midocondrian's owner uses the Mudgestick to check
    if a tunnel can be dug" (D12: the Scraveler has the dig ability)."""
    state = _terrain()
    scraveler = pos.place(state, "Midocondrian Scraveler", 0, space=6)
    pos.start_hewn_turn(state, scraveler)
    assert Verb.DIG in rules.legal_actions(state)


def test_no_dig_from_inside_a_dug_tunnel() -> None:
    """D35: dig, fly and climb start on node/ravine spaces, never inside a dug
    tunnel (the Mudgestick touches "the space that the Hewn is in")."""
    state = _terrain()
    inside = pos.set_tunnel(state, 6, 6, 27)
    pogg = pos.place(state, "Dreampogg", 0, space=inside)
    pos.start_hewn_turn(state, pogg)
    assert Verb.DIG not in rules.legal_actions(state)


# --- golden: the rulebook's digging examples ---------------------------------------


def test_golden_the_dreampogg_digs_tunnel_9_to_attack_the_clampeyt() -> None:
    """rulebook example: "A Dreampogg only has 3 action points left on his turn
    and wants to attack a Clampeyt with his Sicket Sunger. He sees he can dig a
    tunnel to the space where the Clampeyt currently sits. After he commits to
    digging, he places tunnel 9 between the two spaces, and places the
    Dreampogg on the tunnel 9 space. He then takes the entry tokens/counters
    for tunnel 9 and puts them on both space X & Y. He would have used up two
    action points to do the dig but can now announce a ranged encounter
    (which is a free action) and attack with his Sicket Sunger.\""""
    state = _terrain()
    # tunnels 6-8 (medium) are in use elsewhere, so the next medium one is 9
    pos.set_tunnel(state, 6, 30, 45)
    pos.set_tunnel(state, 7, 33, 37)
    pos.set_tunnel(state, 8, 21, 31)
    pogg = pos.place(state, "Dreampogg", 0, space=6, techs=["Sicket Sunger"])
    clampeyt = pos.place(state, "Clampeyt", 1, space=27)
    pos.start_hewn_turn(state, pogg)
    pos.set_ap(state, 3)
    pos.play(state, Verb.DIG, SPACE + 27)
    pos.play(state, Option.PLACE_TUNNEL)
    nine = pos.tunnel_space(9)
    assert state.loc[pogg] == nine
    assert tunnels.ends(state, tunnels.piece_of(nine)) == (6, 27)  # X and Y
    assert _turn_ap(state) == 1  # "used up two action points"
    assert in_range(state, pogg, clampeyt)
    assert Verb.ANNOUNCE in rules.legal_actions(state)
    pos.play(state, Verb.ANNOUNCE)  # free: no action point spent
    assert _turn_ap(state) == 1


def test_golden_into_a_normal_tunnel_and_out_the_other_side_costs_two() -> None:
    """rulebook caption: "Inclincs moving into a normal tunnel and then onto
    the other side. (Total cost 2 action points.)"; "Moving into a normal
    tunnel costs 1 action point. To get through to the other side costs
    another 1 action point." """
    state = _terrain()
    tunnel = pos.set_tunnel(state, 1, 45, 30)
    miner = pos.place(state, "Minor Miner", 0, space=45)
    pos.start_hewn_turn(state, miner)
    assert tunnel in _spaces(state)
    pos.play(state, SPACE + tunnel)
    assert state.loc[miner] == tunnel and _turn_ap(state) == 3
    assert _spaces(state) == [30, 45]  # either end
    pos.play(state, SPACE + 30)
    assert state.loc[miner] == 30 and _turn_ap(state) == 2


def test_golden_the_dreampogg_places_itself_in_its_new_tunnel() -> None:
    """rulebook caption: "It costs a Dreampogg 2 action points to create a
    tunnel. After creating the tunnel it decides to place itself in the
    tunnel." """
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 28, Option.PLACE_TUNNEL)
    assert tunnels.is_tunnel(state.loc[pogg]) and _turn_ap(state) == 2


# --- sizes ------------------------------------------------------------------------------


def test_a_dug_tunnel_admits_hewns_of_its_size_or_smaller() -> None:
    """rulebook: "Big Hewns cannot move into ... medium or small normal
    tunnels"; "Medium Hewns cannot move into ... small normal tunnels"."""
    state = _terrain()
    small = pos.set_tunnel(state, 1, 45, 30)
    medium = pos.set_tunnel(state, 6, 45, 10)  # 45 to hw.2
    gombat = pos.place(state, "Gombat", 0, space=45)
    pos.start_hewn_turn(state, gombat)
    assert small not in _spaces(state) and medium not in _spaces(state)
    other = _terrain()
    pos.set_tunnel(other, 1, 45, 30)
    pos.set_tunnel(other, 6, 45, 10)
    fogbear = pos.place(other, "Fogbear", 0, space=45)
    pos.start_hewn_turn(other, fogbear)
    assert small not in _spaces(other) and medium in _spaces(other)


# --- running out of pieces ---------------------------------------------------------------


def _all_medium_dug(state: State) -> None:
    pos.set_tunnel(state, 6, 30, 45)
    pos.set_tunnel(state, 7, 33, 37)
    pos.set_tunnel(state, 8, 21, 31)
    pos.set_tunnel(state, 9, 13, 36)


def test_with_no_piece_left_the_player_picks_an_empty_same_size_tunnel() -> None:
    """rulebook: "If a Hewn has just dug a tunnel and all of the tunnels of that
    tunnel size are already been in use in the current game, then the Hewn's
    owner can remove an existing same sized tunnel on the board (and its end
    bits) and use it for his newly created tunnel. (However, you cannot remove
    a tunnel if a Hewn is currently in it...)\""""
    state = _terrain()
    _all_medium_dug(state)
    pos.place(state, "Fogbear", 1, space=pos.tunnel_space(7))  # tunnel 7 is held
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 27)
    assert state.frames[-1].ask == Ask.DIG_REUSE
    assert _spaces(state) == [pos.tunnel_space(k) for k in (6, 8, 9)]
    before = digest.state_data(state)
    with pytest.raises(IllegalActionError):
        rules.apply_action(state, SPACE + pos.tunnel_space(7))
    assert _same(state, before)
    pos.play(state, SPACE + pos.tunnel_space(8), Option.PLACE_STAY)
    assert tunnels.ends(state, 7) == (6, 27)  # tunnel 8 moved here
    assert state.loc[pogg] == 6


def test_with_one_empty_tunnel_it_is_reused_without_asking() -> None:
    """rulebook: "can remove an existing same sized tunnel": with one empty
    one, that one (a choice of one is not asked)."""
    state = _terrain()
    _all_medium_dug(state)
    for k, name in ((6, "Fogbear"), (7, "Fogbear"), (8, "Clampeyt")):
        pos.place(state, name, 1, space=pos.tunnel_space(k))
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 27)
    assert state.frames[-1].ask == Ask.DIG_PLACE
    pos.play(state, Option.PLACE_STAY)
    assert tunnels.ends(state, 8) == (6, 27)  # tunnel 9, the empty one


def test_with_every_same_size_tunnel_held_there_is_no_dig() -> None:
    """rulebook: "you cannot remove a tunnel if a Hewn is currently in it":
    with no piece free and none empty, DIG is not offered."""
    state = _terrain()
    _all_medium_dug(state)
    names = ("Fogbear", "Fogbear", "Clampeyt", "Chailbine Zach")
    for k, name in zip((6, 7, 8, 9), names, strict=True):
        pos.place(state, name, 1, space=pos.tunnel_space(k))
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    assert Verb.DIG not in rules.legal_actions(state)


# --- ENLARGE ------------------------------------------------------------------------------


def test_a_digger_in_its_tunnel_enlarges_it_for_one_ap_each_size() -> None:
    """rulebook: "A Hewn that can dig may increase the size of the tunnel from
    small to medium, or from medium to big, by spending 1 action point if they
    are in the tunnel. E.g.: A Hewn that dug a small tunnel can stay in the
    tunnel and increase its tunnel size to a medium tunnel by spending 1 action
    point; and if they wish to spend another 1 action point, they could
    increase it to a big size tunnel.\""""
    state = _terrain()
    clogg = pos.place(state, "Clogg", 0, space=45)
    friend = pos.place(state, "Minor Miner", 0, space=30)
    pos.start_hewn_turn(state, clogg)
    pos.set_ap(state, 5)
    pos.play(state, Verb.DIG, SPACE + 30, Option.PLACE_TUNNEL)
    assert state.loc[clogg] == pos.tunnel_space(1) and _turn_ap(state) == 3
    state.loc[friend] = pos.tunnel_space(1)  # a passenger moves with it
    pos.play(state, Verb.ENLARGE)
    assert state.loc[clogg] == state.loc[friend] == pos.tunnel_space(6)
    assert tunnels.ends(state, 5) == (45, 30) and not tunnels.is_dug(state, 0)
    assert _turn_ap(state) == 2
    pos.play(state, Verb.ENLARGE)
    assert state.loc[clogg] == state.loc[friend] == pos.tunnel_space(10)
    assert _turn_ap(state) == 1
    assert tunnels.dug(state) == [9]
    assert Verb.ENLARGE not in rules.legal_actions(state)  # big: no bigger


def test_a_big_tunnel_is_not_enlarged_and_only_diggers_enlarge() -> None:
    """rulebook: "from small to medium, or from medium to big" only, and only
    "A Hewn that can dig"."""
    state = _terrain()
    big = pos.set_tunnel(state, 10, 45, 30)
    medium = pos.set_tunnel(state, 6, 1, 31)
    pogg = pos.place(state, "Dreampogg", 0, space=big)
    pos.start_hewn_turn(state, pogg)
    assert Verb.ENLARGE not in rules.legal_actions(state)
    other = _terrain()
    pos.set_tunnel(other, 6, 1, 31)
    fogbear = pos.place(other, "Fogbear", 0, space=medium)
    pos.start_hewn_turn(other, fogbear)
    assert Verb.ENLARGE not in rules.legal_actions(other)


def test_enlarging_with_no_bigger_piece_reuses_an_empty_one_chosen() -> None:
    """rulebook "Tunnels run out?": the bigger piece comes from an empty
    tunnel of that size on the board, the player's choice."""
    state = _terrain()
    for k, (a, b) in zip(range(10, 13), ((45, 30), (1, 31), (0, 14)), strict=True):
        pos.set_tunnel(state, k, a, b)
    pos.place(state, "Gombat", 1, space=pos.tunnel_space(11))
    medium = pos.set_tunnel(state, 6, 6, 27)
    pogg = pos.place(state, "Dreampogg", 0, space=medium)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.ENLARGE)
    assert state.frames[-1].ask == Ask.ENLARGE_REUSE
    assert _spaces(state) == [pos.tunnel_space(10), pos.tunnel_space(12)]
    pos.play(state, SPACE + pos.tunnel_space(12))
    assert state.loc[pogg] == pos.tunnel_space(12)
    assert tunnels.ends(state, 11) == (6, 27) and not tunnels.is_dug(state, 5)


# --- forced moves --------------------------------------------------------------------------


def test_a_digger_digs_itself_out_of_danger_but_may_not_stay() -> None:
    """rulebook: "it must leave the space immediately! ... Hewns may also be
    able to dig; fly; or climb themselves out of danger" (design 4.4: a dig
    placed off the space counts as leaving)."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.set_token(state, 6, "lava")
    pos.start_hewn_turn(state, pogg)
    legal = rules.legal_actions(state)
    assert Verb.DIG in legal and Ctrl.END_HEWN_TURN not in legal
    pos.play(state, Verb.DIG, SPACE + 28)
    assert Option.PLACE_STAY not in rules.legal_actions(state)
    pos.play(state, Option.PLACE_TUNNEL)
    assert not hewn_turn(state.frames[-1]).forced


# --- entering the far end ------------------------------------------------------------------


def test_digging_into_a_danger_space_is_an_entry_the_token_attacks() -> None:
    """rulebook: "Hewns moving into any space containing a danger token will
    also be attacked"; the far end is entered like any space."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.set_token(state, 27, "snedj")
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 27, Option.PLACE_FAR_END)
    assert state.loc[pogg] == 27
    assert state.frames[-1].ask == Ask.SCREENS  # the nest attacks


def test_digging_into_a_healthy_enemys_space_starts_the_same_space_encounter() -> None:
    """rulebook: "Hewns moving into the space of a healthy enemy Hewn must stop
    and announce a same space encounter"."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    enemy = pos.place(state, "Fogbear", 1, space=27)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 27, Option.PLACE_FAR_END)
    kinds = [f.ask for f in state.frames]
    assert Ask.SAME_SPACE in kinds
    assert state.loc[enemy] == 27


# --- a tunnel is a space ------------------------------------------------------------------


def test_two_healthy_hewns_may_not_end_a_turn_in_one_tunnel() -> None:
    """rulebook: "A normal tunnel is also a space"; "a healthy Hewn cannot end
    its turn in the same space" as another healthy Hewn."""
    state = _terrain()
    tunnel = pos.set_tunnel(state, 1, 45, 30)
    pos.place(state, "Minor Miner", 0, space=tunnel)
    miner = pos.place(state, "Minor Miner", 0, space=45)
    pos.start_hewn_turn(state, miner)
    pos.play(state, SPACE + tunnel, Ctrl.END_HEWN_TURN)
    assert state.ctrl[miner] == NEUTRAL


def test_a_hewn_in_a_tunnel_escapes_retreats_or_is_expelled_to_its_ends() -> None:
    """rulebook: "move to an empty adjacent space"; "into any adjacent
    space(s)": the spaces next to a dug tunnel are its two ends."""
    state = _terrain()
    tunnel = pos.set_tunnel(state, 6, 6, 27)
    fogbear = pos.place(state, "Fogbear", 0, space=tunnel)
    assert escape_spaces(state, fogbear) == [6, 27]
    assert expel_spaces(state, fogbear) == [6, 27]
    pos.place(state, "Clampeyt", 1, space=27)
    assert escape_spaces(state, fogbear) == [6]


# --- sight (D33) -------------------------------------------------------------------------


def test_golden_the_los_picture_the_dreampogg_in_the_tunnel() -> None:
    """rulebook (LOS picture): "The other Dreampogg (7) in the tunnel can see
    the original Drempogg (1). Fogbear (8) can't see Dreampogg at (1) but can
    see Dreampogg at (7)!"; rule 6: "The line of his sight reaches a tunnel
    space (which means that nothing past that tunnel can be seen.)" (9 and 21
    lie on no common ray.)"""
    state = _terrain()
    tunnel = pos.set_tunnel(state, 6, 9, 21)
    one = pos.place(state, "Dreampogg", 0, space=9)
    seven = pos.place(state, "Dreampogg", 1, space=tunnel)
    eight = pos.place(state, "Fogbear", 1, space=21)
    assert sight.sees(state, seven, one) and sight.sees(state, one, seven)
    assert sight.sees(state, eight, seven)
    assert not sight.sees(state, eight, one)


def test_a_tunnel_is_seen_only_from_its_two_ends() -> None:
    """D33: a dug tunnel sees only its two end spaces and is seen only from
    them (it has no lattice cell, so no ray passes it)."""
    state = _terrain()
    tunnel = pos.set_tunnel(state, 6, 9, 21)
    inside = pos.place(state, "Dreampogg", 0, space=tunnel)
    near = pos.place(state, "Fogbear", 1, space=10)  # on a ray of end 9
    assert not sight.sees(state, near, inside)
    assert not sight.sees(state, inside, near)
    # a group at an end is not seen from inside (rule 2)
    pos.place(state, "Clampeyt", 1, space=21)
    pos.place(state, "Chailbine Zach", 1, space=21)
    assert not any(sight.sees(state, inside, h) for h in range(36) if h != inside)


def test_a_hewn_alone_in_a_tunnel_passes_substract_to_friends_at_its_ends() -> None:
    """rulebook: Substract is transmitted "provided that for each "transport"
    between two friendly Hewns, the two Hewns can see each other": a chain
    through a Hewn in a tunnel joins its two ends, never through the empty
    tunnel itself."""
    state = _terrain()
    tunnel = pos.set_tunnel(state, 6, 9, 21)
    a = pos.place(state, "Fogbear", 0, space=9)
    b = pos.place(state, "Clampeyt", 0, space=21)
    assert b not in sight.component(state, a)
    mid = pos.place(state, "Dreampogg", 0, space=tunnel)
    assert sorted(sight.component(state, a)) == sorted([a, mid, b])


# --- distances (D42) ----------------------------------------------------------------------


def test_a_dug_tunnel_counts_one_space_between_its_ends_for_calm_planet() -> None:
    """rulebook: "a planet attack danger token that is up to 4 spaces away from
    it"; D42: spaces away over all links, a dug tunnel one space between its
    ends (45 to 31 is 5 steps by the ravines, 3 through the tunnel)."""
    state = _terrain()
    clampeyt = pos.place(state, "Clampeyt", 0, space=45)
    pos.set_token(state, 31, "planet_attack")
    assert calm_targets(state, clampeyt) == []
    tunnel = pos.set_tunnel(state, 6, 45, 30)
    assert tunnels.distance(state, 45, 31) == 3
    assert tunnels.distance(state, 45, tunnel) == 1
    assert calm_targets(state, clampeyt) == [31]
    state.loc[clampeyt] = tunnel  # from inside the tunnel too
    assert calm_targets(state, clampeyt) == [31]


def test_tunnels_never_hold_mines_or_tokens() -> None:
    """D36: "Mines and danger tokens only on node/ravine spaces": a Hewn that
    mines or calms from inside a tunnel finds none there."""
    state = _terrain()
    tunnel = pos.set_tunnel(state, 6, 45, 30)
    assert state.mine[tunnel] == NONE and state.token[tunnel] == NONE
    miner = pos.place(state, "Major Miner", 0, space=tunnel)
    pos.start_hewn_turn(state, miner)
    assert Verb.MINE not in rules.legal_actions(state)


def test_a_core_game_has_no_tunnels_in_its_digest() -> None:
    """A game with the core cards plays and records exactly as before: the
    tunnel pieces are written only for the stage 2 cards."""
    core = digest.state_data(pos.actions_phase(2, cards="core"))
    terrain = digest.state_data(_terrain())
    assert "tunnel_a" not in core and "tunnel_a" in terrain
    assert len(core["mine"]) == pos.actions_phase(2).board.n_spaces


def test_positions_lay_tunnels_and_refuse_what_the_rules_refuse() -> None:
    """A position lays a numbered tunnel piece between two map spaces ("he
    places tunnel 9 between the two spaces"); a piece out of 1-12, a tunnel
    to nowhere, a Hewn too big for a tunnel and a token in a tunnel (D36) are
    refused."""
    state = _terrain()
    loc = pos.set_tunnel(state, 9, 6, 27)
    assert loc == pos.tunnel_space(9) and tunnels.ends(state, 8) == (6, 27)
    for bad in (0, 13):
        with pytest.raises(pos.PositionError, match="numbered 1-12"):
            pos.tunnel_space(bad)
    with pytest.raises(pos.PositionError, match="two map spaces"):
        pos.set_tunnel(state, 1, 6, 6)
    with pytest.raises(pos.PositionError, match="not on this board"):
        pos.place(state, "Clogg", 0, space=pos.tunnel_space(2))  # not dug
    small = pos.set_tunnel(state, 1, 45, 30)
    with pytest.raises(pos.PositionError, match="does not admit"):
        pos.place(state, "Fogbear", 0, space=small)
    with pytest.raises(pos.PositionError, match="not a map space"):
        pos.set_token(state, small, "lava")
    pos.place(state, "Clogg", 0, space=small)
    with pytest.raises(pos.PositionError, match="has a Hewn"):
        pos.set_tunnel(state, 1, None)
    pos.set_tunnel(state, 9, None)
    assert not tunnels.is_dug(state, 8)


def test_enemies_react_when_the_diggers_movement_stops() -> None:
    """rulebook: the reacting Hewns are "healthy enemy Hewns ... that can now
    see the moving Hewn - after it has moved"; "A Hewn that is digging ...
    cannot see another Hewn until it reaches its destination space": after a
    dig out at the far end the window waits until the movement stops."""
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.place(state, "Chailbine Zach", 1, space=28)  # sees 27 along the ravine
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 27, Option.PLACE_FAR_END)
    assert state.frames[-1].ask == Ask.HEWN_TURN  # no window yet
    pos.play(state, Ctrl.END_HEWN_TURN)
    assert state.frames[-1].ask == Ask.REACT and state.frames[-1].seat == 1


def test_the_dig_reads_in_words_and_on_the_screen() -> None:
    """Every decision of the dig has a title and readable choices, and the
    screen lists the dug tunnels (they have no cell on the map)."""
    from scavenger_env.hewns.engine.describe import ask_name, describe_action
    from scavenger_env.hewns.render import render_state

    for ask in (Ask.DIG_TARGET, Ask.DIG_REUSE, Ask.DIG_PLACE, Ask.ENLARGE_REUSE):
        assert ask_name(ask) != ask.name.lower().replace("_", " ")
    state = _terrain()
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG)
    assert describe_action(state, SPACE + 27) == "dig a tunnel to space 27 (wnw.1)"
    pos.play(state, SPACE + 27)
    words = describe_action(state, Option.PLACE_TUNNEL)
    assert "lay tunnel 6 (M) from space 6 (NW1) to space 27" in words
    assert words.endswith("and go into it")
    pos.play(state, Option.PLACE_TUNNEL)
    step = describe_action(state, SPACE + 27)
    assert step.endswith("step to space 27 (wnw.1)")
    screen = render_state(state, 0)
    assert "Dug tunnels: tunnel 6 (M, 6-27) [1 Hewn]" in screen
    assert screen.count("tunnel 6 (M, 6-27)") == 2  # and where the Dreampogg is


def test_a_danger_token_goes_as_close_as_possible_through_a_tunnel() -> None:
    """rulebook: a danger token goes "1 space away from the mine you are mining
    OR on the space the Hewn was mining", else "as close to the original mining
    space as possible"; D42: a dug tunnel is one space between its ends, so
    its far end is as close as the ravine's second space."""
    from scavenger_env.hewns.engine.mining import placement_targets

    state = _terrain()
    pos.set_token(state, 45, "lava")
    pos.set_token(state, 44, "lava")
    assert placement_targets(state, 45) == [43]
    pos.set_tunnel(state, 1, 45, 30)
    assert placement_targets(state, 45) == [30, 43]


def test_under_rules_1_the_window_follows_the_dig_at_once() -> None:
    """Rules 1 opened the reaction window after every action point spent
    ("had just spent an action point"), a dig included."""
    state = _terrain(rules_version=1)
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.place(state, "Chailbine Zach", 1, space=28)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 27, Option.PLACE_FAR_END)
    assert state.frames[-1].ask == Ask.REACT


def test_distances_chain_through_several_tunnels() -> None:
    """D42: every dug tunnel is one space between its ends, so a walk may pass
    several (45 to 31: 45, tunnel, 30, tunnel, 31 is 4 by the tunnels,
    against 5 by the ravines)."""
    state = _terrain()
    first = pos.set_tunnel(state, 1, 45, 30)
    second = pos.set_tunnel(state, 2, 30, 32)
    assert tunnels.distance(state, 45, 32) == 4
    assert tunnels.distance(state, first, second) == 2
    assert tunnels.distance(state, 45, 31) == 3
    assert tunnels.step_distances(state, 45, 2)[first] == -1  # small: no medium
