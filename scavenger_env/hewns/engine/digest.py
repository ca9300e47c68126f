"""Hewns' position as plain data, for the digest every game shares
(`scavenger_env.core.digest`).

The position is every field of the state, by name: the config by option, the
board by its map's name and Mudgestick (it is built from them and never
changes), and the frames as plain ints (`Frame.key`).
"""

from __future__ import annotations

from typing import Final

from scavenger_env.core.digest import Fields

from .data import HEWN_VALUE_FIELDS, CardSet
from .state import PRINTED_CARDS, State, game_cards

__all__ = [
    "FIELDS",
    "RULES_2_FIELDS",
    "STAGE_3_FIELDS",
    "STAGE_4_FIELDS",
    "TERRAIN_FIELDS",
    "state_data",
]

FIELDS: Final = (
    "num_players",
    "round",
    "phase",
    "decisions",
    "turns",
    "go",
    "last_mover",
    "over",
    "end_reason",
    "roll_queue",
    "rolled",
    "rolled_kinds",
    "draw_queue",
    "loc",
    "ctrl",
    "damaged",
    "normal",
    "dirty",
    "acted",
    "slots",
    "mine",
    "token",
    "normal_pile",
    "depleted",
    "mine_pool",
    "token_stock",
    "screen_normal",
    "screen_dirty",
    "screen_tech",
    "turn_card",
    "card_shown",
    "first_bidder",
    "bidox_lot",
    "bidox_amount",
    "bidox_normal",
    "bidox_order",
    "placements",
    "bidder",
    "passed",
    "hewn_deck",
    "hewn_discard",
    "tech_deck",
    "tech_discard",
    "offer",
    "lot_result",
    "lot_winner",
    "purchases",
    "moves_go",
    "gave",
    "took",
    "swapped",
    "opening_bidder",
    "order",
    "order_index",
    "dealer",
    "deal_left",
)
"""Every field of `State` but the config (and its scenario), the board and the frames (written
apart below), in a fixed order; a test fails when the state gains a field that
is not here."""


RULES_2_FIELDS: Final = ("gem", "gem_pile")
"""The fields only rules 2 uses (gems): written under rules 2 only, so a game
recorded under rules 1 keeps its digest."""


TERRAIN_FIELDS: Final = (
    "tunnel_a",
    "tunnel_b",
    "entrance_stock",
    "secret_entrances",
)
"""The fields only the stage 2 cards use (dug tunnels, secret entrances):
written only when the card set is not "core", so a core game keeps its
digest."""

STAGE_3_FIELDS: Final = ("heart", "bidox_nana", "nana_dead", "bombs_used")
"""The fields only the stage-3 cards use (heart stones, Nananbites,
implosion bombs): written only when the
card set has them ("nanas" and up), so a game with other cards keeps its
digest."""

STAGE_4_FIELDS: Final = (
    "members",
    "member_alive",
    "hidden_normal",
    "hidden_dirty",
    "slot_hidden",
    "heart_hidden",
)
"""The fields only the complete card set uses (swarm members, the hidden parts
of loads, fittings and hearts): written for that set only."""


def state_data(state: State) -> Fields:
    """Every field of `state` by name; the config by option, the frames as ints.
    The per-space lists are written for the map's spaces only (a dug tunnel's
    entries never hold anything, D36)."""
    names: tuple[str, ...] = FIELDS
    if state.config.audit_fixes():
        names = names + RULES_2_FIELDS
    if state.config.card_set >= CardSet.TERRAIN:
        names = names + TERRAIN_FIELDS
    if state.config.card_set >= CardSet.NANAS:
        names = names + STAGE_3_FIELDS
    if state.config.card_set >= CardSet.COMPLETE:
        names = names + STAGE_4_FIELDS
    data = Fields((name, getattr(state, name)) for name in names)
    spaces = state.board.n_spaces
    data["mine"] = state.mine[:spaces]
    data["token"] = state.token[:spaces]
    data["frames"] = [list(f.key()) for f in state.frames]
    data["config"] = Fields(sorted(state.config.to_dict().items()))
    rigged = rigged_cards(state)
    if rigged:
        data["rigged"] = rigged
    return data


def rigged_cards(state: State) -> list[list[int]]:
    """The cards a position rigged (`position.rig`), as ints: the Hewn id, then
    the card's component values in `HEWN_VALUE_FIELDS` order (a tuple by its
    length, then its items). A game's own cards (the printed ones, or its
    config's `card_data`, which the config in the digest holds) add nothing."""
    out: list[list[int]] = []
    if state.card_table is PRINTED_CARDS:
        return out
    own = game_cards(state.config)
    for h, card in enumerate(state.card_table):
        if card is own[h]:
            continue
        row = [h]
        for name in HEWN_VALUE_FIELDS:
            value = getattr(card, name)
            if isinstance(value, tuple):
                row.append(len(value))
                row.extend(int(v) for v in value)
            else:
                row.append(int(value))
        out.append(row)
    return out
