"""The Hewns board: the default maps' invariants and the geometry rules.

Geometry is checked on small hand-built maps (each test draws its lattice in the
docstring) as well as on the default crater, so a rule is seen to hold where it
is not an accident of one map.
"""

from __future__ import annotations

import itertools
import random

import pytest

from scavenger_env.hewns.engine.board import (
    BIG,
    COMMON,
    MEDIUM,
    NODE,
    RAVINE,
    SMALL,
    TUNNEL,
    Board,
    MapSpec,
    board_for,
    build_board,
    crater_spec,
    render_map,
)

HUB = 0


def micro(
    spaces: list[tuple[int, int, int, int, int]],
    links: list[tuple[int, int]],
    magnetic: list[tuple[int, int, int]] | None = None,
    entrances: list[tuple[int, int, int]] | None = None,
) -> Board:
    """A board from ``(id, kind, size, col, row)`` rows and links."""
    return build_board(
        MapSpec(
            spaces=tuple((s, k, z, c, r, f"s{s}") for s, k, z, c, r in spaces),
            links=tuple(links),
            magnetic=tuple(magnetic or ()),
            entrances=tuple(entrances or ()),
        )
    )


def empty(board: Board) -> list[int]:
    return [0] * board.n_spaces


def corridor() -> Board:
    """N0 - r1 - r2 - r3 - N4 - r5, all on row 0, all big."""
    spaces = [(0, NODE, BIG, 0, 0)]
    spaces += [(i, RAVINE, BIG, 2 * i, 0) for i in (1, 2, 3)]
    spaces += [(4, NODE, BIG, 8, 0), (5, RAVINE, BIG, 10, 0)]
    return micro(spaces, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])


# --- the default maps -------------------------------------------------------------


@pytest.mark.parametrize(("players", "count"), [(2, 55), (3, 58), (4, 61)])
def test_space_counts_and_ids(players: int, count: int) -> None:
    """Design: 2p is ids 00-54, 3p adds 55-57, 4p adds 58-60."""
    board = board_for(players)
    assert board.n_spaces == count
    assert [s[0] for s in board.spec.spaces] == list(range(count))


def test_ids_are_stable_across_player_counts() -> None:
    """A space keeps its cell, kind and size whatever the player count."""
    small, big = board_for(2), board_for(4)
    for s in range(small.n_spaces):
        assert small.cell[s] == big.cell[s]
        assert (small.kind[s], small.size[s]) == (big.kind[s], big.size[s])
        assert set(small.links[s]) <= set(big.links[s])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_links_symmetric_and_graph_connected(players: int) -> None:
    """rulebook: "A Hewn can only move to another space if the two spaces are
    adjacent." Adjacency is a symmetric relation and every space is reachable."""
    board = board_for(players)
    for s in range(board.n_spaces):
        for t in board.links[s]:
            assert s in board.links[t]
        for t in board.neighbours(s):
            assert s in board.neighbours(t)
    assert all(board.distance(HUB, s) >= 0 for s in range(board.n_spaces))


@pytest.mark.parametrize(("players", "diameter"), [(2, 14), (3, 14), (4, 13)])
def test_diameter(players: int, diameter: int) -> None:
    """Design: the graph's diameter is 14 (2p/3p) or 13 (4p)."""
    assert max(board_for(players).dist[SMALL]) == diameter


@pytest.mark.parametrize("players", [2, 3, 4])
def test_entrances_seven_from_hub_one_from_a_mine(players: int) -> None:
    """Design: every entrance is 7 spaces from the hub and 1 from a starting mine,
    so a Hewn can enter, walk to a mine and mine in its first Hewn turn."""
    board = board_for(players)
    mines = [s for s, _ in board.spec.mines]
    assert len(board.spec.entrances) == players + 2
    for space, size, owner in board.spec.entrances:
        assert owner == COMMON
        assert size == board.size[space]
        assert board.dead_end[space]
        assert board.distance(HUB, space) == 7
        assert min(board.distance(space, m) for m in mines) == 1


@pytest.mark.parametrize(
    ("players", "corners", "stock"),
    [
        (2, [44, 47, 50, 53], (1, 2, 2)),
        (3, [44, 47, 50, 53, 56], (1, 1, 2)),
        (4, [44, 47, 50, 53, 56, 59], (1, 1, 1)),
    ],
)
def test_corners_and_entrance_stock(
    players: int, corners: list[int], stock: tuple[int, int, int]
) -> None:
    """Design table "Per-count pieces": the corners and the entrance stock left
    for secret entrances (S/M/B)."""
    board = board_for(players)
    assert [s for s in range(board.n_spaces) if board.corner[s]] == corners
    assert board.spec.entrance_stock == stock


def test_secret_entrance_homes() -> None:
    """rulebook: "he/she then attaches an available small entrance to a small node,
    or an available medium entrance to a medium node or a large entrance to a large
    node". Design: TN is the only small home; NE1, SW1, NW1, BN medium; H, W1, E1,
    SE1 big."""
    board = board_for(2)
    assert board.secret_homes[SMALL] == (8,)
    assert board.secret_homes[MEDIUM] == (4, 5, 6, 7)
    assert board.secret_homes[BIG] == (0, 1, 2, 3)
    spaces = [(0, NODE, BIG, 0, 0), (1, NODE, BIG, 2, 0), (2, RAVINE, BIG, 4, 0)]
    board = micro(spaces, [(0, 1), (1, 2)], entrances=[(0, BIG, COMMON)])
    assert board.secret_homes[BIG] == (1,)


def test_size_networks_of_the_4p_map() -> None:
    """rulebook: "Big Hewns can only enter big spaces; Medium Hewns can enter both
    big and medium spaces while Small Hewns can enter big, medium and small
    spaces." Design: medium Hewns reach everything but 08, 24-26, 39-40 and spurs
    NE/SW; big Hewns reach W1, H, E1, SE1, the big spokes and ring, spurs W and
    SE."""
    board = board_for(4)
    n = board.n_spaces
    medium_out = [s for s in range(n) if board.distance(HUB, s, MEDIUM) < 0]
    assert medium_out == [8, 24, 25, 26, 39, 40, 49, 50, 51, 52, 53, 54]
    big_in = [s for s in range(n) if board.distance(HUB, s, BIG) >= 0]
    assert big_in == [0, 1, 2, 3, *range(9, 18), 36, 37, 38, 43, 44, 45, 58, 59, 60]
    assert all(board.distance(HUB, s, SMALL) >= 0 for s in range(n))


def test_measured_geometry_matches_the_design() -> None:
    """Design §3.3 "Measured on the default maps": fly, climb, dig and ray sizes."""
    for players, fly, fly_max, climb, climb_max, dig, rays in [
        (2, 13.8, 22, 7.3, 14, 11.6, 4.7),
        (4, 13.5, 22, 7.1, 14, 11.3, 4.5),
    ]:
        b = board_for(players)
        n = b.n_spaces
        assert round(sum(map(len, b.fly_targets)) / n, 1) == fly
        assert max(map(len, b.fly_targets)) == fly_max
        assert round(sum(map(len, b.climb_targets)) / n, 1) == climb
        assert max(map(len, b.climb_targets)) == climb_max
        assert round(sum(map(len, b.dig_targets)) / n, 1) == dig
        ray_cells = [sum(map(len, r)) for r in b.rays]
        assert round(sum(ray_cells) / n, 1) == rays
        assert max(ray_cells) == 24


def test_board_is_cached_per_player_count() -> None:
    """Precomputation runs once per player count."""
    assert board_for(3) is board_for(3)
    assert board_for(3) is not board_for(4)
    with pytest.raises(ValueError):
        crater_spec(5)


# --- movement and size admission on micro-maps -------------------------------------


def test_size_admission_on_spaces_and_magnetic_tunnels() -> None:
    """rulebook: "Big Hewns cannot move into medium or small ravine spaces ... They
    obviously cannot move through a medium or small magnetic tunnel."

    N0(B) - r1(S) - N2(B), and a medium magnetic tunnel N0 ~ N2 placed far apart
    on the lattice (magnetic ends need not touch).
    """
    spaces = [(0, NODE, BIG, 0, 0), (1, RAVINE, SMALL, 2, 0), (2, NODE, BIG, 4, 0)]
    board = micro(spaces, [(0, 1), (1, 2)])
    assert board.distance(0, 2, SMALL) == 2
    assert board.distance(0, 2, MEDIUM) == -1
    assert board.neighbours(0, BIG) == ()
    assert not board.admits(1, MEDIUM) and board.admits(1, SMALL)
    with_tunnel = micro(spaces, [(0, 1), (1, 2)], magnetic=[(0, 2, MEDIUM)])
    assert with_tunnel.distance(0, 2, MEDIUM) == 1
    assert with_tunnel.distance(0, 2, SMALL) == 1
    assert with_tunnel.distance(0, 2, BIG) == -1
    assert with_tunnel.shortest_path(0, 2, MEDIUM) == (0, 2)
    assert with_tunnel.shortest_path(0, 2, BIG) == ()


def test_entrance_admission() -> None:
    """rulebook: "he must find a common entrance that is at least the same size as
    the Hewn entering. (Hewns can also move onto the map through any player owned
    entrance ...)"; "No other player's Hewns may use that entrance." """
    spaces = [(0, NODE, BIG, 0, 0), (1, NODE, BIG, 2, 0)]
    board = micro(spaces, [(0, 1)], entrances=[(0, SMALL, COMMON), (1, BIG, 2)])
    assert board.entrance_admits(0, SMALL, seat=0)
    assert not board.entrance_admits(0, MEDIUM, seat=0)
    assert board.entrance_admits(1, BIG, seat=2)
    assert not board.entrance_admits(1, SMALL, seat=1)


def test_touching_cells_without_a_link_are_rock() -> None:
    """rulebook: "each ravine is made up of a number of spaces separated by rocky
    curved lines": cells that touch on the lattice are adjacent only if linked.

    r0 - r1   r2   (r1 and r2 touch but are not linked)
    """
    spaces = [(i, RAVINE, BIG, 2 * i, 0) for i in range(3)]
    board = micro(spaces, [(0, 1)])
    assert board.neighbours(1) == (0,)
    assert board.distance(0, 2) == -1
    assert board.sight(0, empty(board)) == (1,)


def test_within_and_shortest_path_on_the_crater() -> None:
    """Spaces within k steps and a shortest path agree with the distances."""
    board = board_for(4)
    assert board.within(HUB, 0) == (HUB,)
    assert board.within(HUB, 1) == (0, 9, 12, 15, 18, 21, 24)
    assert board.within(HUB, 1, BIG) == (0, 9, 12, 15)
    path = board.shortest_path(HUB, 60, BIG)
    assert len(path) == board.distance(HUB, 60, BIG) + 1
    for a, b in itertools.pairwise(path):
        assert b in board.neighbours(a, BIG)
    # The magnetic tunnel 44~59 is a one-step shortcut for a big Hewn.
    assert board.shortest_path(44, 59, BIG) == (44, 59)


def test_malformed_maps_are_refused() -> None:
    """A link between cells that do not touch cannot be a ravine link."""
    spaces = [(0, NODE, BIG, 0, 0), (1, NODE, BIG, 4, 0)]
    with pytest.raises(ValueError):
        micro(spaces, [(0, 1)])
    with pytest.raises(ValueError):
        micro([(0, NODE, BIG, 1, 0)], [])


# --- line of sight (design §3.3 "LOS rays") -------------------------------------------


def test_ray_stops_at_a_node() -> None:
    """rulebook: "The line of his sight reaches a node space (which means nothing
    past that node can be seen)"."""
    board = corridor()
    occ = empty(board)
    assert sorted(board.sight(1, occ)) == [0, 2, 3, 4]
    assert 5 not in board.sight(1, occ)
    occ[1] = occ[5] = occ[4] = 1
    assert board.sees(1, 4, occ)
    assert not board.sees(1, 5, occ)


def test_ray_stops_at_the_first_hewn_and_sees_it() -> None:
    """rulebook: "The "line of his sight" meets another Hewn (he can then see that
    Hewn but no further)"."""
    board = corridor()
    occ = empty(board)
    occ[1] = occ[2] = occ[3] = 1
    assert board.sees(1, 2, occ)
    assert not board.sees(1, 3, occ)
    occ[2] = 0
    assert board.sees(1, 3, occ)


def test_a_group_is_not_seen_and_blocks() -> None:
    """rulebook: "meets a group of Hewns ... then NONE of the Hewns in that group can
    be "seen!" and nothing further can be seen"; and a Hewn that "shares a space
    ... cannot see out of that space"."""
    board = corridor()
    occ = empty(board)
    occ[1] = occ[3] = 1
    occ[2] = 2
    assert not board.sees(1, 2, occ)
    assert not board.sees(1, 3, occ)
    assert not board.sees(2, 1, occ)
    assert sorted(board.sight(1, occ)) == [0, 2]


def test_corner_is_seen_and_ends_the_ray() -> None:
    """rulebook: "The "line of his sight" reaches a corner space i.e. curved ravine
    space (which means nothing past that corner space ... can be seen)".

    N0 - r1 - r2
                \\
                 r3
                   \\
                    r4
    """
    spaces = [(0, NODE, BIG, 0, 0), (1, RAVINE, BIG, 2, 0), (2, RAVINE, BIG, 4, 0)]
    spaces += [(3, RAVINE, BIG, 5, 1), (4, RAVINE, BIG, 6, 2)]
    board = micro(spaces, [(0, 1), (1, 2), (2, 3), (3, 4)])
    assert [s for s in range(5) if board.corner[s]] == [2]
    assert board.dead_end[4] and not board.corner[4]
    occ = [1, 1, 1, 1, 1]
    occ[2] = 0
    assert board.sees(0, 1, occ)
    occ[1] = 0
    assert not board.sees(0, 3, occ)
    occ[2] = 1
    assert board.sees(0, 2, occ)
    assert board.sees(4, 3, occ)
    assert sorted(board.sight(3, empty(board))) == [2, 4]


def test_tunnel_space_is_seen_and_ends_the_ray() -> None:
    """rulebook: "The line of his sight reaches a tunnel space (which means that
    nothing past that tunnel can be seen.)"."""
    spaces = [(0, RAVINE, BIG, 0, 0), (1, TUNNEL, BIG, 2, 0), (2, RAVINE, BIG, 4, 0)]
    board = micro(spaces, [(0, 1), (1, 2)])
    assert board.sight(0, empty(board)) == (1,)
    assert board.sees(0, 1, [1, 1, 0])
    assert not board.sees(0, 2, [1, 0, 1])


def test_magnetic_tunnel_is_not_seen_through() -> None:
    """rulebook: "a Hewn cannot see through a magnetic tunnel if he/she is at one
    end of magnetic tunnel, to the space which is connected by the same magnetic
    tunnel."

    r0   r1 on touching cells, joined only by a magnetic tunnel: one step apart,
    never in sight.
    """
    spaces = [(0, RAVINE, BIG, 0, 0), (1, RAVINE, BIG, 2, 0)]
    board = micro(spaces, [], magnetic=[(0, 1, BIG)])
    assert board.neighbours(0, BIG) == (1,)
    assert board.rays[0] == ()
    assert not board.sees(0, 1, [1, 1])


def test_magnetic_mouth_does_not_block() -> None:
    """rulebook: "Neither mines, Snedj nests, lava, planet attack tokens nor magnetic
    tunnel entrances block line-of-sight."."""
    board = build_board(
        MapSpec(
            spaces=corridor().spec.spaces,
            links=corridor().spec.links,
            magnetic=((2, 5, BIG),),
            mines=((2, 0),),
        )
    )
    assert board.sees(1, 3, [0, 1, 0, 1, 0, 0])
    assert not board.sees(2, 5, [0, 0, 1, 0, 0, 1])


def test_magnetic_tunnels_on_the_crater_are_not_rays() -> None:
    """rulebook: "you cannot see through a magnetic tunnel" (the crater's three)."""
    board = board_for(4)
    for a, b, _z in board.spec.magnetic:
        assert b in board.neighbours(a)
        assert all(b not in ray for ray in board.rays[a])


def test_sight_is_symmetric_on_the_crater() -> None:
    """Sight is mutual: rulebook "Hewns can only encounter each other if they can
    see each other", and each ray read backwards is a ray."""
    board = board_for(4)
    rng = random.Random(7)
    n = board.n_spaces
    for _ in range(200):
        occ = [1 if rng.random() < 0.3 else 0 for _ in range(n)]
        for a in range(n):
            for b in range(n):
                assert board.sees(a, b, occ) == board.sees(b, a, occ)


def test_crater_rays_from_the_hub() -> None:
    """From the hub node each spoke is seen up to its ring node (rule 5); cells that
    touch the hub's spokes without a link are not looked into."""
    board = board_for(2)
    rays = {ray[0]: ray for ray in board.rays[HUB]}
    assert rays[9] == (9, 10, 11, 1)
    assert rays[24] == (24, 25, 26, 6)
    assert sorted(rays) == [9, 12, 15, 18, 21, 24]
    assert 18 not in board.sight(24, empty(board))


# --- Mudgestick ---------------------------------------------------------------------


def test_climb_must_not_touch_another_ravine_or_node() -> None:
    """rulebook: "the Mudgestick does not touch any other Ravine or Node space
    (ignore tunnels as they are underground)". Fly needs only the reach.

    r0   N1   r2  in a row, unlinked (N1 is in the way of a climb from r0 to r2);
    with a tunnel space in the middle instead, the climb is clear.
    """
    spaces = [(0, RAVINE, BIG, 0, 0), (1, NODE, BIG, 2, 0), (2, RAVINE, BIG, 4, 0)]
    board = micro(spaces, [])
    assert 2 in board.fly_targets[0]
    assert 2 not in board.climb_targets[0]
    assert 1 in board.climb_targets[0]
    spaces[1] = (1, TUNNEL, BIG, 2, 0)
    board = micro(spaces, [])
    assert 2 in board.climb_targets[0]
    assert board.fly_targets[1] == ()


def test_dig_targets_are_not_adjacent_and_within_reach() -> None:
    """rulebook: "A normal tunnel is used to connect two spaces that are not
    adjacent"; design: the Mudgestick is 3 long."""
    spaces = [(i, RAVINE, BIG, 2 * i, 0) for i in range(5)]
    board = micro(spaces, [(0, 1), (1, 2), (2, 3), (3, 4)])
    assert board.dig_targets[0] == (2, 3)
    assert board.fly_targets[0] == (1, 2, 3)


# --- render ---------------------------------------------------------------------------


def test_render_shows_every_space_links_and_marks() -> None:
    """The text map labels every space and draws links; a mark replaces a label."""
    board = board_for(4)
    text = render_map(board)
    for s in range(board.n_spaces):
        assert f"{s:02d}" in text
    assert "00B-12b" in text
    assert "magnetic: 50~53:S 06~03:M 44~59:B" in text
    marked = render_map(board, {0: "@1"})
    assert "00B" not in marked and "@1 -12b" in marked


def test_the_mudgestick_length_sets_the_reach_of_fly_dig_and_climb() -> None:
    """The config's `mudgestick` reaches the board: a longer stick, more targets."""
    from scavenger_env.hewns.engine.board import board_for

    short, default, long = (board_for(2, m) for m in (2, 3, 6))
    assert default is board_for(2)  # the default length is the cached default board
    for s in range(len(default.fly_targets)):
        assert (
            set(short.fly_targets[s])
            <= set(default.fly_targets[s])
            <= set(long.fly_targets[s])
        )
    assert (
        sum(map(len, short.fly_targets))
        < sum(map(len, default.fly_targets))
        < sum(map(len, long.fly_targets))
    )
