"""Whole random games, with the game's invariants checked after every action.

The pure build plays 200 games per player count; the compiled build (CI's
second run) plays 2,000 per count: the checks after each action, in Python in
both builds, are most of the time.
"""

from __future__ import annotations

import numpy as np
import pytest

import scavenger_env
from agents.hewns.heuristics import ProspectorAgent, RaiderAgent
from scavenger_env.hewns.engine import bomb, rules, swarm, tuning, tunnels
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import NUM_ACTIONS
from scavenger_env.hewns.engine.config import DEFAULT_CARDS, HewnsConfig
from scavenger_env.hewns.engine.data import (
    HEWN_TYPES,
    TECHS,
    Ability,
    CardSet,
    TechKind,
)
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.state import (
    BOUGHT_TECH,
    DEAD,
    DECK,
    DISCARD,
    EMPTY_SLOT,
    NEUTRAL,
    NO_SLOT,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    OFFER,
    OUT,
    PURCHASE,
    Ask,
    RoundStep,
    State,
    hewn_type,
)

GAMES = 2000 if scavenger_env.BUILD == "compiled" else 200
HEART_STONES = int(TechKind.HEART_STONES)
TERRAIN_GAMES = GAMES // 4  # per player count, with the stage 2 cards
CHUNKS = 8
#: Each Hewn instance's printed size (its deck), and the places off the map.
SIZES = [hewn_type(h).size for h in range(NUM_HEWNS)]
PLACES_OFF_THE_MAP = frozenset({OUT, DECK, OFFER, DISCARD, OFF_BOARD, DEAD})


def check_state(
    s: State, total_normal: int, where: object, bought_only: bool = True
) -> None:
    """Every invariant that holds after any action (`bought_only`: see
    `check_hearts`)."""
    n = s.num_players
    held = sum(s.normal)
    boxes = sum(sum(b) for b in s.bidox_normal)
    assert s.normal_pile + sum(s.screen_normal) + held + boxes == total_normal, where
    assert (
        s.normal_pile >= 0 and min(s.screen_normal) >= 0 and min(s.screen_dirty) >= 0
    ), where
    decks = [set(d) for d in s.hewn_deck]
    discards = [set(d) for d in s.hewn_discard]
    cards = s.card_table
    for h in range(NUM_HEWNS):
        loc = s.loc[h]
        size = SIZES[h]
        assert loc in PLACES_OFF_THE_MAP or tunnels.on_board(s, loc), where
        in_deck = h in decks[size]
        in_discard = h in discards[size]
        assert in_deck == (loc == DECK) and in_discard == (loc == DISCARD), (where, h)
        normal, dirty = s.normal[h], s.dirty[h]
        assert normal >= 0 and dirty >= 0, (where, h)
        assert normal + dirty <= cards[h].store_total, (where, h)
        if loc >= 0:
            assert tunnels.admits(s, loc, size), (where, h)
        elif loc == OFF_BOARD:
            assert 0 <= s.ctrl[h] < n, (where, h)  # only its owner holds it
        elif loc < OFF_BOARD:
            assert s.ctrl[h] == NEUTRAL and normal == dirty == 0, (where, h)
    placed = [0, 0, 0]
    for token in s.token:
        if token >= 0:
            placed[token] += 1
    assert [a + b for a, b in zip(placed, s.token_stock, strict=True)] == [
        s.scenario.danger_tokens
    ] * 3
    assert all(
        s.token[sp] < 0 or s.board.kind[sp] != 2 for sp in range(s.board.n_spaces)
    )
    check_tunnels(s, where)
    # gems (rules 2): every gem is in the pile or in the heart card of a living
    # Hewn that has one, one at most per Hewn
    gems = [0] * len(s.gem_pile)
    for h in range(NUM_HEWNS):
        if s.gem[h] >= 0:
            assert s.card(h).heart and s.loc[h] >= OFF_BOARD, (where, h)
            gems[s.gem[h]] += 1
    assert [a + b for a, b in zip(gems, s.gem_pile, strict=True)] == [
        count for _, count in s.scenario.gems
    ], where
    check_hearts(s, where, bought_only)
    check_entrances(s, where)


def check_entrances(s: State, where: object) -> None:
    """Every entrance piece is in the stock or on the board, and a secret
    entrance lies on a node of its size that had no entrance, one per node
    (rulebook: "attaches an available small entrance to a small node ...")."""
    placed = s.secret_entrances
    on_board = [0, 0, 0]
    nodes = placed[0::3]
    assert len(nodes) == len(set(nodes)), where
    for i in range(0, len(placed), 3):
        space, size, owner = placed[i : i + 3]
        assert space in s.board.secret_homes[size], where
        assert 0 <= owner < s.num_players, where
        on_board[size - 1] += 1
    assert [a + b for a, b in zip(on_board, s.entrance_stock, strict=True)] == list(
        s.board.spec.entrance_stock
    ), where


def check_hearts(s: State, where: object, bought_only: bool = True) -> None:
    """Heart stones (stage 3): each stone is in one place, on its buyer's screen
    or in the empty heart card of a living Hewn, which then holds no gem; no
    seat has more stones out than it bought (2 a card; a gem or a death
    destroys one), unless a position put them there (`bought_only` False)."""
    out = [s.screen_tech[q][HEART_STONES] for q in range(s.num_players)]
    for h in range(NUM_HEWNS):
        colour = s.heart[h]
        if colour == NONE:
            continue
        assert 0 <= colour < s.num_players, (where, h)
        assert s.card(h).heart and s.loc[h] >= OFF_BOARD, (where, h)
        assert s.gem[h] == NONE, (where, h)
        out[colour] += 1
    bought = [0] * s.num_players
    for i in range(0, len(s.purchases), PURCHASE):
        _, seat, what, which, _ = s.purchases[i : i + PURCHASE]
        if what == BOUGHT_TECH and which == HEART_STONES:
            bought[seat] += s.tech(HEART_STONES).quantity
    if bought_only:
        assert all(a <= b for a, b in zip(out, bought, strict=True)), (where, out)


def check_tunnels(s: State, where: object) -> None:
    """Every dug-tunnel piece is in exactly one place: the stock (no ends) or
    the board, between two distinct node/ravine spaces; dug tunnels never hold
    a mine or a token (D36)."""
    for p in range(tunnels.NUM_PIECES):
        a, b = s.tunnel_a[p], s.tunnel_b[p]
        if a < 0:
            assert b < 0, (where, p)
            assert tunnels.tunnel_loc(p) not in s.loc, (where, p)
        else:
            n = s.board.n_spaces
            assert 0 <= a < n and 0 <= b < n and a != b, (where, p)
            assert s.board.kind[a] != 2 and s.board.kind[b] != 2, (where, p)
    n = s.board.n_spaces
    assert all(t < 0 for t in s.token[n:]) and all(m < 0 for m in s.mine[n:]), where


def nananbites_bought(s: State) -> int:
    """The Nananbites the game's purchases brought: 3 per Nananbites card, 4
    with the Mamabite."""
    total = 0
    for i in range(0, len(s.purchases), PURCHASE):
        what, which = s.purchases[i + 2], s.purchases[i + 3]
        if what == BOUGHT_TECH:
            tech = s.tech(which)
            total += tech.bundled_nananbites
            if tech.kind == TechKind.NANANBITES:
                total += tech.quantity
    return total


def check_nanas(s: State, where: object) -> None:
    """Every Nananbite is in exactly one place: a screen, a Hewn's slot, a
    Bidox, or dead; a Bidox holds at most the config's limit and takes none
    once placed; only a Mamabite opens slots beyond a Hewn's sockets, and a
    dead Hewn holds nothing."""
    nana = int(TechKind.NANANBITES)
    on_screens = sum(t[nana] for t in s.screen_tech)
    in_slots = sum(slots.count(nana) for slots in s.slots)
    on_boxes = sum(sum(b) for b in s.bidox_nana)
    assert on_screens + in_slots + on_boxes + s.nana_dead == nananbites_bought(s), where
    limit = s.config.nananbites_per_bidox
    assert all(0 <= k <= limit for b in s.bidox_nana for k in b), where
    for h in range(NUM_HEWNS):
        slots = s.slots[h]
        card = s.card(h)
        base = card.nanasockets + card.sicket_sockets
        dead = s.loc[h] == DEAD
        if dead:
            assert len(slots) == base and set(slots) <= {EMPTY_SLOT}, (where, h)
        opened = (
            {
                base + 4 * j + k
                for j in range(card.sicket_sockets)
                if slots[card.nanasockets + j] == TechKind.MAMABITE
                for k in range(4)
            }
            if card.sicket_sockets
            else ()
        )
        if opened:
            for i in range(base, len(slots)):
                assert (i in opened) == (slots[i] != NO_SLOT), (where, h, slots)
        else:  # no Mamabite: no slot beyond the sockets
            assert slots[base:].count(NO_SLOT) == len(slots) - base, (where, h, slots)
        dead_members = (
            {
                swarm.member_slot(s, h, m)
                for m in range(card.members)
                if not s.member_alive[h] >> m & 1
            }
            if card.members and not dead
            else ()
        )
        if dead_members:  # only a dead swarm member's socket is no slot
            for i in range(base):
                assert (slots[i] == NO_SLOT) == (i in dead_members), (where, h, slots)
        else:
            assert NO_SLOT not in slots[:base], (where, h, slots)


def check_swarms(s: State, where: object) -> None:
    """A swarm's members left are its live members; it is dead with none, at
    full strength until it is bought; never stunned nor damaged; any other
    Hewn has no members."""
    for h in range(NUM_HEWNS):
        full = hewn_type(h).members
        alive = s.member_alive[h]
        assert s.members[h] == bin(alive).count("1"), (where, h)
        assert alive >> full == 0, (where, h)
        if not full:
            assert s.members[h] == 0, (where, h)
            continue
        if s.loc[h] == DEAD:
            assert s.members[h] == 0, (where, h)
        else:
            assert s.members[h] > 0 and not s.damaged[h], (where, h)
        if s.loc[h] in (DECK, OFFER, DISCARD, OUT):
            assert s.members[h] == full, (where, h)
        if s.loc[h] >= 0 or s.loc[h] == OFF_BOARD:
            assert s.ctrl[h] != NEUTRAL, (where, h)


def check_between_turns(s: State, where: object) -> None:
    """Outside a Hewn turn at most one healthy Hewn stands in a space (rulebook:
    "a healthy Hewn cannot end its turn in the same space"), but for swarms:
    one is never stunned, so it stays where it lost a member for it (D46)."""
    healthy = [
        s.loc[h]
        for h in range(NUM_HEWNS)
        if s.loc[h] >= 0 and s.healthy(h) and not hewn_type(h).members
    ]
    assert len(healthy) == len(set(healthy)), where


def bombs_bought(s: State) -> int:
    """Implosion bombs won at auction so far (one piece per card)."""
    p = s.purchases
    return sum(
        s.tech(TechKind.IMPLOSION_BOMB).quantity
        for i in range(0, len(p), PURCHASE)
        if p[i + 2] == BOUGHT_TECH and p[i + 3] == TechKind.IMPLOSION_BOMB
    )


def bombs_unaccounted(s: State) -> int:
    """Bombs on screens, in sockets and used up, less those bought: it changes
    only by the bombs lost with a Hewn that dies (each bomb is in one place)."""
    return bomb.bombs_in_play(s) + s.bombs_used - bombs_bought(s)


def play_checked(
    n: int,
    seed: int,
    cards: str = DEFAULT_CARDS,
    bots: tuple[object, ...] = (),
    **options: object,
) -> State:
    """A game played to the end at random (or by `bots`, a scripted bot per
    seat, chance at random) with every invariant checked after each action."""
    config = HewnsConfig(num_players=n, cards=cards, **options)  # type: ignore[arg-type]
    rng = np.random.default_rng(seed)
    s = rules.new_game(config, rng)
    total = config.effective_pile
    check_state(s, total, (n, seed, 0))
    bombs = config.card_set >= CardSet.NANAS
    step = 0
    while not s.over:
        step += 1
        where = (n, seed, step)
        legal = rules.legal_actions(s)
        assert legal and legal == sorted(set(legal)), where
        assert legal[0] >= 0 and legal[-1] < NUM_ACTIONS, where
        if bombs:
            held = [slots.count(bomb.BOMB) for slots in s.slots]
            before = bombs_unaccounted(s)
        if bots and not is_chance(s):
            seat = s.frames[-1].seat
            action = bots[seat].choose(s, seat, legal, rng)  # type: ignore[attr-defined]
        else:
            action = legal[int(rng.integers(len(legal)))]
        rules.apply_legal(s, action)
        check_state(s, total, where)
        if config.card_set >= CardSet.NANAS:
            check_nanas(s, where)
        if config.card_set >= CardSet.COMPLETE:
            check_swarms(s, where)
        if bombs:
            lost = sum(k for h, k in enumerate(held) if k and s.loc[h] == DEAD)
            assert bombs_unaccounted(s) == before - lost, where
        if (
            not s.over
            and not is_chance(s)
            and s.frames[-1].ask in (Ask.PLAYER_TURN, Ask.BID_TURN)
        ):
            check_between_turns(s, where)
    assert s.end_reason in ("rounds", "pile", "depleted", "no mines"), (n, seed)
    return s


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    """The default cards, the largest set built (every Hewn type but the
    swarms), at 2, 3 and 4 players: `GAMES` games per count."""
    for k in range(chunk, 3 * GAMES, CHUNKS):
        play_checked(2 + k % 3, k // 3)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_complete_games_keep_the_invariants(chunk: int) -> None:
    """The complete cards (the swarms) at 2, 3 and 4 players, as many games
    per count as the default cards: members and their sockets stay
    consistent."""
    for k in range(chunk, 3 * GAMES, CHUNKS):
        play_checked(2 + k % 3, k // 3, cards="complete")


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_terrain_games_keep_the_invariants(chunk: int) -> None:
    """The stage 2 cards (digging and the rest) keep every invariant, at 2, 3
    and 4 players, to the end of the game."""
    for k in range(chunk, 3 * TERRAIN_GAMES, CHUNKS):
        play_checked(2 + k % 3, k // 3, cards="terrain")


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_core_games_keep_the_invariants(chunk: int) -> None:
    """The core cards still keep every invariant, at 2, 3 and 4 players."""
    for k in range(chunk, 3 * TERRAIN_GAMES, CHUNKS):
        play_checked(2 + k % 3, k // 3, cards="core")


def _hearts_everywhere(n: int) -> State:
    """Round 1's actions phase (cards "nanas") with stone hearts in many
    states: an own healthy Hewn, a captured one, a stunned one, a damaged and
    stunned one, one behind a screen, and stones on the screens."""
    s = pos.actions_phase(n, shown=True, cards="nanas")
    last = n - 1
    for name, seat, space, colour, extra in (
        ("Major Miner", 0, 34, last, {}),
        ("Fogbear", last, 1, last, {"stunned": True}),
        ("Minor Miner", 0, 20, 0, {"stunned": True, "damaged": True}),
        ("Gombat", last, 12, 0, {"normal": 2}),
        ("Igil", 0, OFF_BOARD, last, {}),
        ("Skrunke", last, 33, last, {"damaged": True}),
    ):
        hewn = pos.place(s, name, seat, space, **extra)
        pos.set_heart(s, hewn, colour)
    for q in range(n):
        pos.set_screen(s, q, dirty=6, heart_stones=2)
    return s


def test_random_play_through_many_hearts_keeps_the_invariants() -> None:
    """Random play from `_hearts_everywhere` to the end: the stun recovery and
    the re-assert questions come up, and every invariant holds."""
    seen = {"stun": 0, "reassert": 0}
    for seed in range(60):
        n = 2 + seed % 3
        rng = np.random.default_rng(seed)
        s = _hearts_everywhere(n)
        total = s.normal_pile + sum(s.screen_normal) + sum(s.normal)
        pos.start_player_turn(s, 0)
        step = 0
        while not s.over:
            step += 1
            where = ("hearts", n, seed, step)
            legal = rules.legal_actions(s)
            assert legal and legal == sorted(set(legal)), where
            rules.apply_legal(s, legal[int(rng.integers(len(legal)))])
            check_state(s, total, where, bought_only=False)
            if s.frames and s.frames[0].step == RoundStep.STUN_RECOVERY:
                seen["stun"] += 1
            if s.frames and s.frames[-1].ask == Ask.REASSERT:
                seen["reassert"] += 1
    assert seen["stun"] > 0 and seen["reassert"] > 0, seen


def _swarms_among_enemies(n: int) -> State:
    """Round 1's actions phase (cards "complete") with both swarms, carrying
    technologies, next to armed enemies and a danger token."""
    s = pos.actions_phase(n, shown=True, cards="complete")
    last = n - 1
    veyark = pos.place(
        s, "Veyark & 8 Arkz", 0, 34, dirty=4, techs=["Nananbites", "Slocic Shield"]
    )
    pos.set_members(s, veyark, [0, 1, 2, 6, 7, 8])
    pos.place(s, "Blazooog & 6 Inclincs", last, 33, dirty=2, techs=["Gunana"])
    pos.place(s, "Chailbine Zach", last, 35, dirty=5)
    pos.place(s, "Igil", last, 2, dirty=8)
    pos.place(s, "Gombat", 0, 0, dirty=6)
    pos.set_token(s, 22, "snedj")
    for q in range(n):
        pos.set_screen(s, q, dirty=6)
    return s


def test_random_play_among_swarms_keeps_the_invariants() -> None:
    """Random play from `_swarms_among_enemies` to the end: swarms lose members
    (SWARM_LOSS is asked) and every invariant holds."""
    asked = 0
    for seed in range(40):
        n = 2 + seed % 3
        rng = np.random.default_rng(seed)
        s = _swarms_among_enemies(n)
        total = s.normal_pile + sum(s.screen_normal) + sum(s.normal)
        pos.start_player_turn(s, 0)
        step = 0
        while not s.over:
            step += 1
            where = ("swarms", n, seed, step)
            legal = rules.legal_actions(s)
            assert legal and legal == sorted(set(legal)), where
            asked += not is_chance(s) and s.frames[-1].ask == Ask.SWARM_LOSS
            rules.apply_legal(s, legal[int(rng.integers(len(legal)))])
            check_state(s, total, where, bought_only=False)
            check_swarms(s, where)
    assert asked > 0, asked


def _extreme_card_data(top: bool) -> dict[str, dict[str, object]]:
    """Every Hewn type and technology at the top (or the bottom) of every
    tunable bound, each card's cost at the bottom (so that the bots buy them)
    and every Hewn a miner (so that the danger die is rolled): the action ids
    must hold whatever a balance study picks."""
    end = 1 if top else 0
    data: dict[str, dict[str, object]] = {}
    for h in HEWN_TYPES:
        stats: dict[str, object] = {
            f: bounds[end] for f, bounds in tuning.HEWN_BOUNDS.items()
        }
        stats["cost"] = 1
        stats["mine"] = max(1, tuning.HEWN_BOUNDS["mine"][end])  # every Hewn mines
        stats["store"] = [tuning.STORE_PLACE_SIZE[end]] * tuning.STORE_PLACES[end]
        stats["secret"] = tuning.STORE_PLACE_SIZE[end]
        stats["weapon"] = stats["heart"] = top
        keep = ["swarm"] if Ability.SWARM in h.abilities else []
        stats["abilities"] = [*tuning.ABILITY_NAMES, *keep] if top else keep
        data[h.name] = stats
    for t in TECHS:
        data[t.name] = {
            f: 1 if f == "cost" else tuning.TECH_BOUNDS[f][end]
            for f in tuning.TECH_TUNABLE
            if f in tuning.TECH_ALWAYS or getattr(t, f)
        }
    data[tuning.SCENARIO_CARD] = {
        f: bounds[end] for f, bounds in tuning.SCENARIO_BOUNDS.items()
    }
    return data


@pytest.mark.parametrize(
    ("top", "faces"),
    [
        (True, ("lava", "snedj", "planet_attack", "new_mine", "respite") * 2),
        (False, ("deplete",) * 10),
    ],
)
def test_random_games_with_extreme_tuned_cards_keep_the_invariants(
    top: bool, faces: tuple[str, ...]
) -> None:
    """A balance study may set any tunable number within its bounds: games of
    cards at every bound, and of danger dice of one or a few kinds, play to the
    end with legal ids in range and every invariant kept."""
    data = _extreme_card_data(top)
    mined = 0
    for k in range(4):
        n = 2 + k % 3
        bots = tuple((ProspectorAgent, RaiderAgent)[(k + q) % 2]() for q in range(n))
        state = play_checked(n, 100 + k, bots=bots, card_data=data, danger_faces=faces)
        pile = state.config.effective_pile
        mined += state.normal_pile < pile or state.depleted > 0
    assert mined  # the danger dice were rolled


def _fresh(cards: str = "complete") -> tuple[State, int]:
    config = HewnsConfig(num_players=2, cards=cards)
    return rules.new_game(config, np.random.default_rng(0)), config.effective_pile


def _deck_hewn(s: State, **wanted: int) -> int:
    """A Hewn in the deck whose card has the `wanted` stats (or more)."""
    return next(
        h
        for h in range(NUM_HEWNS)
        if s.loc[h] == DECK
        and all(getattr(s.card(h), k) >= v for k, v in wanted.items())
    )


@pytest.mark.parametrize(
    "plant",
    [
        "carried_in_deck",
        "lost_from_deck_list",
        "over_store",
        "slot_beyond_sockets",
        "socket_closed",
        "member_socket_closed",
    ],
)
def test_the_checks_catch_a_planted_fault(plant: str) -> None:
    """The checks the random games run pass on a new game and fail on each
    fault planted in it: they can find what they look for."""
    s, total = _fresh()
    check_state(s, total, "new")
    check_nanas(s, "new")
    if plant == "carried_in_deck":
        s.normal[_deck_hewn(s)] = 1
        s.normal_pile -= 1
    elif plant == "lost_from_deck_list":
        h = _deck_hewn(s)
        s.hewn_deck[SIZES[h]].remove(h)
    elif plant == "over_store":
        h = _deck_hewn(s)
        s.dirty[h] = s.card(h).store_total + 1
    elif plant == "slot_beyond_sockets":
        s.slots[_deck_hewn(s)].append(EMPTY_SLOT)
    elif plant == "socket_closed":
        s.slots[_deck_hewn(s, nanasockets=1)][0] = NO_SLOT
    else:
        h = _deck_hewn(s, members=2)
        s.slots[h][swarm.member_slot(s, h, 1)] = NO_SLOT
    with pytest.raises(AssertionError):
        check_state(s, total, plant)
        check_nanas(s, plant)
