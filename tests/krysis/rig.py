"""Helpers for the Krysis rule tests: rigged positions reached through the engine.

A rigged position starts from `new_game` and plays the real phases (squad draft,
bids, placement, team picks) with `apply_action`; only the things a test needs
to control are set directly on the `State` (its fields are plain lists): which
agents a player holds, the campsite, relics, positions. Cards and relics are
moved, never created, so the conservation of agents and relics still holds.

Card ids (`data.agent`): 0-8 transporters T1-T9, 9-17 fighters F1-F9, 18 Guard,
19 Eminent miner, 20 Thief, 21 Spy, 22 Alchemist, 23 the company's own.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from scavenger_env.krysis.engine import (
    IllegalActionError,
    KrysisConfig,
    Phase,
    State,
    apply_action,
    explain_illegal,
    legal_actions,
    new_game,
    same_state,
)
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.data import CARDS, AgentKind

# card ids by name
T1, T2, T3, T4, T5, T6, T7, T8, T9 = range(9)
F1, F2, F3, F4, F5, F6, F7, F8, F9 = range(9, 18)
GUARD, EMINENT, THIEF, SPY, ALCHEMIST, OWN_SPECIAL = range(18, 24)
# relic types by name (data.RELICS)
PLUS1, PLUS2, PLUS3, CART_WW, BARROW_B, WAGON_R = range(6)
RED, BLUE, WHITE = range(3)


def do(s: State, *actions: int) -> None:
    """Play `actions` in order, each checked."""
    for a in actions:
        apply_action(s, a)


def card(c: int) -> int:
    """The action that plays (picks, leaves out, chooses) agent card `c`."""
    return A.CARD + c


def assert_illegal(s: State, action: int, *words: str) -> str:
    """`action` raises IllegalActionError naming `words` and changes nothing."""
    before = s.clone()
    assert action not in legal_actions(s)
    with pytest.raises(IllegalActionError) as info:
        apply_action(s, action)
    message = str(info.value)
    assert message, "an illegal action must say why"
    assert message == explain_illegal(s, action)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert same_state(s, before), "an illegal action changed the state"
    return message


def finish_bids(s: State, bids: dict[int, tuple[int, int, int]] | None = None) -> None:
    """Every player bids (`bids[seat]` red, blue, white; nothing by default)."""
    bids = bids or {}
    assert s.phase == Phase.BID
    while s.phase == Phase.BID:
        do(s, A.BID + bids.get(s.mover, (0, 0, 0))[s.bid_step])


def place(chamber: int, option: int = 0) -> int:
    """The action that moves the miner to `chamber` (0-3) taking `option`."""
    return A.PLACE + chamber * 2 + option


def place_all(s: State, chambers: dict[int, int] | None = None) -> None:
    """Every miner moves (to `chambers[seat]`, else the first free chamber), each
    keeping the first of the two relics drawn."""
    chambers = chambers or {}
    while s.phase in (Phase.PLACE, Phase.KEEP):
        if s.phase == Phase.KEEP:
            do(s, A.KEEP)
        elif s.mover in chambers:
            do(s, place(chambers[s.mover]))
        else:
            do(s, legal_actions(s)[0])


def take_relic(s: State, relic: int) -> None:
    """Take one relic of type `relic` out of the deck (or the discard pile)."""
    if relic in s.relic_deck:
        s.relic_deck.remove(relic)
    else:
        s.relic_discard.remove(relic)


def set_relics(s: State, seat: int, counts: Iterable[int], home: bool = False) -> None:
    """`seat`'s face-down campsite (or home) relics become `counts` per type:
    its current ones go back to the deck, the new ones come from the deck."""
    relics = s.home_relics[seat] if home else s.camp_relics[seat]
    for t, k in enumerate(relics):
        s.relic_deck += [t] * k
        relics[t] = 0
    for t, k in enumerate(counts):
        for _ in range(k):
            take_relic(s, t)
        relics[t] = k


def give_cards(s: State, seat: int, wanted: list[int]) -> None:
    """`seat`'s hand holds `wanted` (topped up to its size from the old hand);
    every other card of the company goes to the decks by kind."""
    size = len(s.hand[seat])
    pool = s.hand[seat] + s.deck_t[seat] + s.deck_f[seat]
    missing = [c for c in wanted if c not in pool]
    assert not missing, f"seat {seat} has no card {missing} to take"
    rest = [c for c in s.hand[seat] if c not in wanted]
    hand = sorted(wanted + rest[: max(0, size - len(wanted))])
    others = [c for c in pool if c not in hand]
    s.hand[seat] = hand
    s.deck_t[seat] = [c for c in others if CARDS[seat][c].kind == AgentKind.TRANSPORTER]
    s.deck_f[seat] = [c for c in others if CARDS[seat][c].kind != AgentKind.TRANSPORTER]


def draft_squads(s: State, keep: dict[int, list[int]]) -> None:
    """Advanced game: each player leaves out 6 agents (2 per star), never one
    of `keep[seat]`."""
    while s.phase == Phase.SQUAD:
        wanted = keep.get(s.mover, [])
        choice = next(a for a in legal_actions(s) if a - A.CARD not in wanted)
        do(s, choice)


def pick_teams(s: State, teams: dict[int, list[int]]) -> None:
    """The three hidden picks: each player commits `teams[seat][i]` in pick i."""
    assert s.phase == Phase.PICK
    for i in range(3):
        for _ in range(s.n):
            do(s, card(teams[s.mover][i]))


def rig(
    teams: dict[int, list[int]],
    *,
    camps: dict[int, list[int]] | None = None,
    relics: dict[int, list[int]] | None = None,
    positions: dict[int, int] | None = None,
    seed: int = 0,
    **config: object,
) -> State:
    """A game in round 1's action phase: bids of nothing, miners on the first
    free chambers (then moved to `positions`), then `camps` (red, blue, white)
    and face-down `relics` (counts per type) set, and `teams` picked.

    The campsites are set before the picks are revealed, so crystal multipliers
    count them."""
    n = len(teams)
    s = new_game(KrysisConfig(num_players=n, **config), seed)  # type: ignore[arg-type]
    draft_squads(s, teams)
    if s.phase == Phase.HAND:
        while s.phase == Phase.HAND:
            wanted = teams[s.mover]
            mine = [a for a in legal_actions(s) if a - A.CARD in wanted]
            do(s, (mine or legal_actions(s))[0])
    finish_bids(s)
    place_all(s)
    if positions:
        for p, chamber in positions.items():
            s.position[p] = chamber
        assert len(set(s.position)) == n, "miners must stand on distinct chambers"
    for p in range(n):
        give_cards(s, p, teams[p])
        if camps and p in camps:
            s.camp[p] = list(camps[p])
        if relics and p in relics:
            set_relics(s, p, relics[p])
    pick_teams(s, teams)
    return s


def to_action(s: State, seat: int) -> None:
    """Assert that `seat` is the active player choosing a normal action."""
    assert s.mover == seat, f"seat {s.mover} is active, not {seat}"
    assert s.phase == Phase.ACTION, Phase(s.phase).name


def select(s: State, red: int = 0, blue: int = 0, white: int = 0) -> None:
    """Choose crystals to load or steal, one at a time."""
    do(s, *[A.TAKE_RED] * red, *[A.TAKE_BLUE] * blue, *[A.TAKE_WHITE] * white)


def relic_total(s: State) -> list[int]:
    """Every relic card by type, wherever it is (24 in all, 4 per type)."""
    total = [0] * 6
    for t in s.relic_deck + s.relic_discard + s.keep_options:
        total[t] += 1
    for p in range(s.n):
        for t in s.flipped[p]:
            total[t] += 1
        for t in range(6):
            total[t] += s.camp_relics[p][t] + s.home_relics[p][t]
    return total


def simple_choice(s: State) -> int:
    """A plain policy: bid nothing, mine overtime (2 red), else the first legal
    action."""
    legal = legal_actions(s)
    for preferred in (A.BID, A.OVERTIME):
        if preferred in legal:
            return preferred
    return legal[0]


def play_until(s: State, *phases: Phase, limit: int = 5000) -> None:
    """Play `simple_choice` until the phase is one of `phases` (or the end)."""
    for _ in range(limit):
        if s.phase in phases or s.is_over:
            return
        do(s, simple_choice(s))
    raise AssertionError(f"no phase {phases} after {limit} decisions")
