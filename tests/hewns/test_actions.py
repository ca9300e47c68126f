"""Hewns action ids: the blocks tile the range, their sizes follow the component
data, the named entries sit in their blocks, and every id has a readable name
that maps back to it.
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum

import pytest

from scavenger_env.core.codec import SEATS, SeatCodec
from scavenger_env.hewns.engine import actions as A
from scavenger_env.hewns.engine import data
from scavenger_env.hewns.engine.board import board_for
from scavenger_env.hewns.engine.config import MAX_BIDOXES

#: The design's flat action space, plus the ids the rulebook rulings add: one CTRL
#: id, REVEAL (a player may show their turn-order card at will). The payer's mix
#: of dirty and normal Substract is a NUM step and adds no id.
DESIGN_TOTAL = 283
ADDED_IDS = 1


def test_blocks_tile_the_range_without_gap_or_overlap() -> None:
    covered: list[int] = []
    for _, start, size, meaning in A.BLOCKS:
        assert size > 0 and meaning
        covered.extend(range(start, start + size))
    assert covered == list(range(A.NUM_ACTIONS))
    names = [b[0] for b in A.BLOCKS]
    assert len(set(names)) == len(names)


def test_total_is_the_designs_plus_the_rulings_ids() -> None:
    assert A.NUM_ACTIONS == DESIGN_TOTAL + ADDED_IDS == 284


def test_sizes_follow_the_data() -> None:
    sizes = {name: size for name, _, size, _ in A.BLOCKS}
    assert A.NUM_HEWN_INSTANCES == data.NUM_HEWN_CARDS
    assert A.NUM_HEWN_INSTANCES <= sizes["HEWN"] < A.NUM_HEWN_INSTANCES + A.PAD
    assert sizes["HEWN"] % A.PAD == 0
    # the map-space cap is designed, not read from the maps: the crater's 61
    # spaces padded, so that a new map never moves an action id
    assert A.MAP_SPACE_IDS == A.MAX_MAP_SPACES == 64
    assert max(board_for(n).n_spaces for n in (2, 3, 4)) <= A.MAX_MAP_SPACES
    assert A.MAP_SPACE_IDS % A.PAD == 0
    assert sizes["SPACE"] == A.MAP_SPACE_IDS + len(data.TUNNEL_SIZES[0])
    assert sizes["NUM"] > data.BIDOX_CAPACITY.value  # a bid 0..capacity
    assert sizes["NUM"] >= MAX_BIDOXES  # a Bidox index
    offer = (data.OFFER_BIG, data.OFFER_MEDIUM, data.OFFER_SMALL, data.OFFER_TECH)
    assert sizes["LOT"] == 1 + sum(f.value for f in offer)
    assert sizes["TECH"] == data.NUM_TECH_KINDS == len(data.TECHS)
    assert A.MAX_SLOTS <= sizes["SOCKET"] < A.MAX_SLOTS + A.PAD
    assert sizes["OPTION"] == len(A.Option) + A.OPTION_SPARE


def test_pinned_sizes_of_the_design() -> None:
    """The design's sizes, with CTRL one larger for REVEAL."""
    sizes = {name: size for name, _, size, _ in A.BLOCKS}
    assert sizes == {
        "CTRL": 8 + 1,
        "VERB": 20,
        "HEWN": 40,
        "SPACE": 76,
        "NUM": 32,
        "LOT": 12,
        "TECH": 13,
        "SOCKET": 24,
        "DIE": 32,
        "SEAT": 4,
        "OPTION": 22,
    }


def test_lot_entries() -> None:
    assert A.LOT_TURN_ORDER == A.LOT
    assert data.OFFER_BIG.value == A.LOT_MEDIUM - A.LOT_BIG
    assert A.LOT_TECH + data.OFFER_TECH.value == A.LOT + A.LOT_SIZE
    assert A.TUNNEL_SPACE + len(data.TUNNEL_SIZES[0]) == A.SPACE + A.SPACE_SIZE


@dataclasses.dataclass
class _Named:
    enum: type[IntEnum]
    block: str


NAMED = [_Named(A.Ctrl, "CTRL"), _Named(A.Verb, "VERB"), _Named(A.Option, "OPTION")]


@pytest.mark.parametrize("named", NAMED, ids=lambda n: n.block)
def test_named_entries_lie_in_their_block_in_order(named: _Named) -> None:
    start, size = next((s, n) for b, s, n, _ in A.BLOCKS if b == named.block)
    values = [int(m) for m in named.enum]
    assert values == list(range(start, start + len(values)))
    assert len(values) <= size
    assert all(A.block_of(v) == named.block for v in values)


def test_the_rulings_entries_exist() -> None:
    assert A.block_of(A.Ctrl.REVEAL) == "CTRL"
    assert A.describe_id(A.Ctrl.REVEAL) == "CTRL REVEAL"
    # the payment mix: a NUM amount of dirty Substract, up to a full bid
    assert A.describe_id(A.NUM + data.BIDOX_CAPACITY.value).startswith("NUM ")
    # the design's spare OPTION ids stay free
    assert len(A.Option) + A.OPTION_SPARE == A.OPTION_SIZE
    assert A.describe_id(A.NUM_ACTIONS - 1) == f"OPTION {A.OPTION_SIZE - 1}"


def test_examples() -> None:
    assert A.describe_id(A.Verb.FLY) == "VERB FLY"
    assert A.describe_id(A.SPACE + 17) == "SPACE 17"
    assert A.describe_id(A.NUM + 5) == "NUM 5"
    assert A.describe_id(A.Ctrl.DONE) == "CTRL DONE"
    assert A.describe_id(A.Option.DIRTY) == "OPTION DIRTY"


def test_block_of_and_describe_id_round_trip_over_every_id() -> None:
    seen: set[str] = set()
    for action in range(A.NUM_ACTIONS):
        text = A.describe_id(action)
        assert text.split(" ")[0] == A.block_of(action)
        assert A.id_of(text) == action
        seen.add(text)
    assert len(seen) == A.NUM_ACTIONS


@pytest.mark.parametrize("action", [-1, A.NUM_ACTIONS, A.NUM_ACTIONS + 7])
def test_out_of_range_is_refused(action: int) -> None:
    with pytest.raises(ValueError):
        A.block_of(action)
    with pytest.raises(ValueError):
        A.describe_id(action)


@pytest.mark.parametrize("text", ["SEAT 4", "VERB 0", "FOO 1", "CTRL", "NUM -1"])
def test_id_of_refuses_what_names_no_id(text: str) -> None:
    with pytest.raises(ValueError):
        A.id_of(text)


def test_seat_block_has_four_relative_seats() -> None:
    assert A.SEAT_SIZE == SEATS == 4
    codec = SeatCodec(A.NUM_ACTIONS, A.SEAT_BLOCKS)
    # seat 2 of 4 names seat 3 as "the next seat" (relative 1)
    assert codec.encode(A.SEAT + 3, 2, 4) == A.SEAT + 1
    assert codec.decode(A.SEAT + 1, 2, 4) == A.SEAT + 3
    assert codec.encode(A.SPACE + 3, 2, 4) == A.SPACE + 3  # not a seat block
