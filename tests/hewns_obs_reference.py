"""The observation as first written, for tests: encoded from a whole
`redact(state, seat)` copy, one NumPy entry at a time. Plain and slow, so
plainly right about what a seat may know; the encoder in
`scavenger_env.hewns.observation` must give the same vector."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from scavenger_env.hewns.engine import tunnels
from scavenger_env.hewns.engine.actions import MAP_SPACE_IDS, SPACE_SIZE
from scavenger_env.hewns.engine.board import RAVINE
from scavenger_env.hewns.engine.bomb import bombs_fitted
from scavenger_env.hewns.engine.data import TechKind
from scavenger_env.hewns.engine.ending import healthy_hewns, score
from scavenger_env.hewns.engine.entrances import entrance_at
from scavenger_env.hewns.engine.flow import FIRST_TECH_LOT, is_chance
from scavenger_env.hewns.engine.hearts import empty_heart
from scavenger_env.hewns.engine.secrets import heart_open, seen_load, slot_open
from scavenger_env.hewns.engine.sight import sees
from scavenger_env.hewns.engine.state import (
    BIDOX_HOME,
    BIDOX_HUNTING,
    HEWN_TYPE_OF,
    NEUTRAL,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    OUT,
    TECH_KIND_OF,
    Ask,
    State,
    public_totals,
)
from scavenger_env.hewns.engine.view import card_known, redact
from scavenger_env.hewns.observation import (
    _MAX_FACES,
    _WHERE,
    HEWN_COLUMNS,
    KINDS,
    LOTS,
    N_TECHS,
    N_TYPES,
    OBS_SIZE,
    SEATS,
    _encounter,
    _step_code,
    sight_of,
    views,
)

_Rel = Callable[[int], int]


def _cap(x: float) -> float:
    return 1.0 if x > 1.0 else (0.0 if x < 0.0 else x)


def encode(state: State, seat: int) -> np.ndarray:
    """`seat`'s observation of `state` (float32, `OBS_SIZE` long)."""
    obs = np.zeros(OBS_SIZE, np.float32)
    v = views(obs)
    s = redact(state, seat)
    n = s.num_players

    def rel(q: int) -> int:
        return (q - seat) % n

    _decision(s, v["decision"], rel)
    _global(s, v["global"])
    _offer(s, seat, v["offer"], rel)
    _spaces(s, seat, v["spaces"], rel)
    _hewns(s, seat, v["hewns"], rel)
    _seats(s, seat, v["seats"], rel)
    # the encounter's views, written by the encoder's own code from the
    # redacted copy: what this checks is that the copy shows the same
    _encounter(s, seat, obs.data.cast("B").cast("f"))
    return obs


def _decision(s: State, d: np.ndarray, rel: _Rel) -> None:
    chance = is_chance(s)
    if not s.over and s.frames:
        top = s.frames[-1]
        if not chance and 0 <= top.ask < KINDS:
            d[top.ask] = 1
        if not chance and top.seat >= 0:
            d[KINDS + 3 + 1 + rel(top.seat)] = 1
        numbers = top.shown()  # the choices so far, as rules 1 held them in args
        for i, a in enumerate(numbers[:4]):
            d[KINDS + 3 + 1 + 4 + 2 + i] = _cap(a / 31)
        d[KINDS + 3 + 1 + 4 + 2 + 4] = _cap(_step_code(top) / 8)
        turn = next((f for f in reversed(s.frames) if f.ask == Ask.HEWN_TURN), None)
        if turn is not None:
            d[KINDS + 3 + 1 + 4 + 1] = _cap(turn.ap / 12)
    d[KINDS + min(int(s.phase), 2)] = 1
    d[KINDS + 3] = s.round / s.scenario.rounds
    d[KINDS + 3 + 1 + 4] = float(chance)
    d[KINDS + 3 + 1 + 4 + 2 + 5] = _cap(len(s.frames) / 16)
    d[KINDS + 3 + 1 + 4 + 2 + 6] = float(
        not s.over and any(f.ask == Ask.ARTILLERY for f in s.frames)
    )


def _global(s: State, g: np.ndarray) -> None:
    scenario = s.scenario  # the config's is built anew at every read
    g[0] = _cap(s.normal_pile / max(1, scenario.normal_pile))
    g[1] = _cap(s.depleted / max(1, scenario.depletion_threshold))
    for bonus in s.mine_pool:
        if 0 <= bonus < 4:
            g[2 + bonus] += 0.1
    for k in range(3):
        g[6 + k] = _cap(s.token_stock[k] / 5)
    g[9 + s.num_players - 2] = 1
    for z in (1, 2, 3):
        g[12 + z - 1] = _cap(len(s.hewn_deck[z]) / 20)
    g[15] = _cap(len(s.tech_deck) / 20)
    for i, f in enumerate(s.rolled[-8:]):
        g[16 + i] = (f + 1) / _MAX_FACES
    for k, left in enumerate(s.gem_pile):
        g[24 + k] = _cap(left / 3)
    g[27] = _cap(s.bombs_used / 8)
    if s.config.cards != "core":
        for z, left in enumerate(s.entrance_stock):
            g[28 + z] = _cap(left / 3)
    np.minimum(g, 1.0, out=g)


def _offer(s: State, seat: int, o: np.ndarray, rel: _Rel) -> None:
    from scavenger_env.hewns.engine.auction import min_price

    for lot in range(min(LOTS, len(s.offer))):
        row = o[lot]
        card = s.offer[lot]
        if lot == 0:
            row[N_TYPES + N_TECHS] = 1
        elif card == NONE:
            row[N_TYPES + N_TECHS + 1] = 1
        elif lot < FIRST_TECH_LOT:
            row[HEWN_TYPE_OF[card]] = 1
        else:
            row[N_TYPES + TECH_KIND_OF[card]] = 1
        if lot == 0 or card != NONE:
            row[N_TYPES + N_TECHS + 2] = _cap(min_price(s, lot) / 10)
        base = N_TYPES + N_TECHS + 3
        for q in range(s.num_players):
            placed = sum(1 for b in s.bidox_lot[q] if b == lot)
            row[base + rel(q)] = _cap(placed / 4)
        winner = s.lot_winner[lot] if lot < len(s.lot_winner) else NONE
        if winner != NONE:
            row[base + SEATS + rel(winner)] = 1
        own = sum(
            a
            for b, a in zip(s.bidox_lot[seat], s.bidox_amount[seat], strict=True)
            if b == lot
        )
        row[base + 2 * SEATS] = _cap(own / 30)


def _spaces(s: State, seat: int, sp: np.ndarray, rel: _Rel) -> None:
    board = s.board
    count = s.occupancy()
    sight = sight_of(s)  # public: positions only
    for x in range(len(sp)):
        for q in range(s.num_players):
            if sight.space_seen(q, x):
                sp[x, 22 + rel(q)] = 1
    for x in range(min(board.n_spaces, len(sp))):
        row = sp[x]
        row[0] = 1
        row[1 if board.kind[x] == RAVINE else 2] = 1
        row[3 + board.size[x] - 1] = 1
        size, owner = entrance_at(s, x)
        row[6 + size] = 1
        if size:
            row[10] = 1.0 if owner == seat else (0.5 if owner >= 0 else 0.0)
        row[11 + (s.mine[x] + 1 if 0 <= s.mine[x] <= 3 else 0)] = 1
        if 0 <= s.token[x] < 3:
            row[16 + s.token[x]] = 1
        row[19] = _cap(count[x] / 4)
    for p in tunnels.dug(s):
        row = sp[MAP_SPACE_IDS + p]
        row[0] = 1
        row[3 + tunnels.PIECE_SIZES[p] - 1] = 1
        row[6] = 1
        row[11] = 1
        a, b = tunnels.ends(s, p)
        row[19] = _cap(count[MAP_SPACE_IDS + p] / 4)
        row[20] = (a + 1) / len(sp)
        row[21] = (b + 1) / len(sp)


def _hewns(s: State, seat: int, hw: np.ndarray, rel: _Rel) -> None:
    c = HEWN_COLUMNS
    top_hewn = s.frames[-1].hewn if s.frames and not s.over else NONE
    occupancy = s.occupancy()
    for h in range(NUM_HEWNS):
        loc = s.loc[h]
        if loc == OUT:  # not in this game's card set
            continue
        row = hw[h]
        row[HEWN_TYPE_OF[h]] = 1
        at = c["controller"]
        if s.ctrl[h] == NEUTRAL:
            if loc >= OFF_BOARD:
                row[at + SEATS] = 1
        else:
            row[at + rel(s.ctrl[h])] = 1
        row[c["where"] + (0 if loc >= 0 else _WHERE.get(loc, 5))] = 1
        if loc >= 0:
            row[c["space"]] = loc / SPACE_SIZE
        row[c["damaged"]] = float(s.damaged[h])
        row[c["acted"]] = float(s.acted[h])
        normal, dirty = seen_load(s, h, seat)
        row[c["normal"]] = _cap(normal / 12)
        row[c["dirty"]] = _cap(dirty / 12)
        row[c["top"]] = float(h == top_hewn)
        row[c["seen"]] = float(
            any(
                sees(s, a, h, occupancy)
                for a in range(NUM_HEWNS)
                if s.ctrl[a] == seat and a != h
            )
        )
        if not heart_open(s, h, seat):
            row[c["heart_hidden"]] = 1
        else:
            if s.gem[h] != NONE:
                row[c["gem"]] = _cap(s.scenario.gems[s.gem[h]][0] / 8)
            if s.heart[h] != NONE:
                row[c["heart_colour"] + rel(s.heart[h])] = 1
            row[c["heart_empty"]] = float(empty_heart(s, h))
        slots = s.slots[h]
        hidden = [i for i in range(len(slots)) if not _open(s, h, i, seat)]
        for k in range(N_TECHS):
            fitted = sum(1 for i, t in enumerate(slots) if t == k and i not in hidden)
            row[c["techs"] + k] = _cap(fitted / (8 if k == TechKind.NANANBITES else 4))
        row[c["hidden_slots"]] = _cap(len(hidden) / 4)
        row[c["members"]] = _cap(s.members[h] / 9)


def _open(s: State, h: int, i: int, seat: int) -> bool:
    """`slot_open`, for the slots a Mamabite opened past the secret list."""
    return i >= len(s.slot_hidden[h]) or slot_open(s, h, i, seat)


def _seats(s: State, seat: int, st: np.ndarray, rel: _Rel) -> None:
    boxes = max(1, s.scenario.bidoxes)
    for q in range(s.num_players):
        row = st[rel(q)]
        if q == seat:  # its own screen; another seat's public totals
            normal, dirty = s.screen_normal[q], s.screen_dirty[q]
        else:
            normal, dirty = public_totals(s, q)
        row[0] = _cap(normal / 50)
        row[1] = _cap(dirty / 50)
        for k in range(N_TECHS):
            row[2 + k] = _cap(s.screen_tech[q][k] / 4)
        at = 2 + N_TECHS
        card = s.turn_card[q] if card_known(s, seat, q) else 0
        row[at + min(card, 4)] = 1
        at += 5
        row[at] = float(s.passed[q])
        lots = s.bidox_lot[q]
        row[at + 1] = sum(1 for b in lots if b == BIDOX_HOME) / boxes
        row[at + 2] = sum(1 for b in lots if b >= 0) / boxes
        row[at + 3] = sum(1 for b in lots if b == BIDOX_HUNTING) / boxes
        row[at + 4] = _cap((score(s, q) - _hidden(s, q, seat)) / 60)
        row[at + 5] = _cap(healthy_hewns(s, q) / 10)
        row[at + 6] = sum(s.bidox_nana[q]) / (boxes * s.config.nananbites_per_bidox)
        row[at + 7] = _cap(bombs_fitted(s, q) / 4)


def _hidden(s: State, q: int, seat: int) -> int:
    """What of `q`'s score lies hidden from `seat`: normal Substract loaded
    off the board (when carried loads score), gems in hidden heart cards."""
    out = 0
    for h in range(NUM_HEWNS):
        if s.ctrl[h] != q or q == seat:
            continue
        if s.config.score_carried and s.loc[h] >= -2:
            out += s.normal[h] - seen_load(s, h, seat)[0]
        if s.config.audit_fixes() and s.gem[h] != NONE and s.healthy(h):
            out += 0 if heart_open(s, h, seat) else s.scenario.gems[s.gem[h]][0]
    return out
