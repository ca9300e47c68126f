"""Krysis' observation: its documented layout, its values, and that it leaks nothing.

No leak: at every decision of random games (2, 3 and 4 players, every variant)
and for every seat, the seat's observation is the same for the real state, for
two `determinize`d copies (everything hidden from the seat dealt again at
random) and for the `redact`ed copy; and it also survives scrambling the hidden
fields that determinize leaves alone (other seats' bids, missions and left-out
squads, the relic deck, the chance stream, a past mover's relic choices).

The checks are shown able to fail: an encoder that peeks at another seat's
hand is caught by the same check, the resampled states do differ from the real
ones, and a change to the seat's own secrets does change its observation.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from scavenger_env.krysis import observation
from scavenger_env.krysis.engine import (
    KrysisConfig,
    Phase,
    State,
    apply_action,
    determinize,
    legal_actions,
    new_game,
    redact,
)
from scavenger_env.krysis.engine.data import (
    CARDS,
    LEVELS,
    NUM_CARDS,
    NUM_RELIC_TYPES,
    NUM_RELICS,
    RELIC_COPIES,
)
from scavenger_env.krysis.engine.state import ACTION_PHASES, NONE
from scavenger_env.krysis.observation import OBS_SIZE, Encoder, encode, views

SOURCE = (
    Path(__file__).resolve().parents[2] / "scavenger_env" / "krysis" / "observation.py"
)

CONFIGS = (
    KrysisConfig(num_players=2),
    KrysisConfig(num_players=3),
    KrysisConfig(num_players=4),
    KrysisConfig(num_players=3, advanced=True),
    KrysisConfig(num_players=2, nine_card_hand=True),
    KrysisConfig(num_players=4, missions=True),
    KrysisConfig(num_players=3, advanced=True, nine_card_hand=True, missions=True),
    KrysisConfig(variant="speed"),
)
GAMES_PER_CONFIG = 2
#: the secondary checks look at every STRIDE-th state (the leak check at all)
STRIDE = 3

_NAMES = [name for name, _ in observation.LAYOUT]
#: views with a row per relative seat: rows past the player count stay zero
PER_SEAT = _NAMES[_NAMES.index("position") : _NAMES.index("agent_discard") + 1]
_TURN_PHASES = ACTION_PHASES


def play(config: KrysisConfig, seed: int) -> list[State]:
    """The state at every decision of a random game, and the final one."""
    rng = np.random.default_rng(seed)
    state = new_game(config, seed)
    states = [state.clone()]
    while not state.is_over:
        actions = legal_actions(state)
        apply_action(state, int(actions[rng.integers(len(actions))]))
        states.append(state.clone())
    return states


@pytest.fixture(scope="module")
def games() -> list[list[State]]:
    return [
        play(config, 100 * k + g)
        for k, config in enumerate(CONFIGS)
        for g in range(GAMES_PER_CONFIG)
    ]


def all_states(games: list[list[State]]) -> list[State]:
    return [s for game in games for s in game]


def differing_views(a: np.ndarray, b: np.ndarray) -> list[str]:
    va, vb = views(a), views(b)
    return [name for name in va if not np.array_equal(va[name], vb[name])]


# -- (a) the documented layout ----------------------------------------------------


def test_the_docstring_table_gives_every_views_indices_and_shape() -> None:
    # read from the source: a compiled module may have no __doc__
    doc = ast.get_docstring(ast.parse(SOURCE.read_text())) or ""
    rows = {
        m[0]: (int(m[1]), int(m[2]), m[3])
        for m in re.findall(r"(?m)^(\w+)\s+(\d+)-(\d+)\s+(\([\d, ]*\))", doc)
    }
    expected = {
        name: (start, end - 1, str(dict(observation.LAYOUT)[name]))
        for name, (start, end) in observation.OFFSETS.items()
    }
    assert rows == expected
    assert list(rows) == [name for name, _ in observation.LAYOUT]


def table_meanings() -> dict[str, str]:
    """Each row's meaning text (continuation lines joined)."""
    doc = ast.get_docstring(ast.parse(SOURCE.read_text())) or ""
    meanings: dict[str, str] = {}
    name = ""
    for line in doc.splitlines():
        row = re.match(r"(\w+)\s+\d+-\d+\s+\([\d, ]*\)\s+(.*)", line)
        if row:
            name = row[1]
            meanings[name] = row[2]
        elif name and line.startswith(" "):
            meanings[name] += " " + line.strip()
    return meanings


def test_the_docstring_table_names_the_divisors_the_encoder_uses() -> None:
    o = observation
    assert len(set(o._GOODS_MAX)) == 1  # the table gives one divisor for all goods
    divisors = {
        "level": [LEVELS],
        "vp": [o._VP_CAP],
        "home": [o._CRYSTAL_CAP],
        "camp": [o._CRYSTAL_CAP],
        "last_bid": [o._CRYSTAL_CAP],
        "own_bid": [o._CRYSTAL_CAP],
        "home_relic_count": [o._RELICS_HELD_CAP],
        "camp_relic_count": [o._RELICS_HELD_CAP],
        "flipped": [RELIC_COPIES],
        "own_home_relics": [RELIC_COPIES],
        "own_camp_relics": [RELIC_COPIES],
        "spy_sees": [RELIC_COPIES],
        "selected_relics": [RELIC_COPIES],
        "relic_discard": [RELIC_COPIES],
        "weapon_in_play": [o._WEAPON_MAX],
        "initiative": [o._INITIATIVE_CAP],
        "hand_size": [o._HAND_CAP],
        "hand_kinds": [o._HAND_CAP],
        "deck_sizes": list(o._DECK_MAX),
        "selected": [o._LOAD_MAX],
        "counters": [o._DRAWS_PER_ROUND, o._GOODS_MAX[3], o._PICKS_PER_ROUND],
        "chambers": [o._GOODS_MAX[0]],
        "relic_deck": [NUM_RELICS],
    }
    meanings = table_meanings()
    for name, values in divisors.items():
        for value in values:
            assert f"/ {value}" in meanings[name], (name, value, meanings[name])


def test_the_layout_tiles_the_vector() -> None:
    at = 0
    for name, shape in observation.LAYOUT:
        assert observation.OFFSETS[name] == (at, at + int(np.prod(shape)))
        at += int(np.prod(shape))
    assert at == OBS_SIZE


# -- (b) shape, dtype and range ---------------------------------------------------


def test_every_observation_is_a_flat_float32_vector_in_0_1(
    games: list[list[State]],
) -> None:
    encoder = Encoder()
    phases: set[int] = set()
    for s in all_states(games):
        phases.add(s.phase)
        for seat in range(s.n):
            obs = encoder.encode(s, seat)
            assert obs.shape == (OBS_SIZE,)
            assert obs.dtype == np.float32
            assert np.all(np.isfinite(obs))
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            shaped = views(obs)
            for name, shape in observation.LAYOUT:
                assert shaped[name].shape == shape
                assert np.shares_memory(shaped[name], obs)
            for name in PER_SEAT:  # padding for absent seats
                assert not shaped[name][s.n :].any(), name
            assert shaped["phase"].sum() == 1
            assert shaped["num_players"][s.n - 2] == 1
    assert phases == {int(p) for p in Phase}, "some phase was never observed"


def test_one_encoder_serves_games_of_any_config(games: list[list[State]]) -> None:
    encoder = Encoder()
    for game in games:  # consecutive games switch the config
        for s in game[:: max(1, len(game) // 5)]:
            assert np.array_equal(encoder.encode(s, 0), encode(s, 0))
    encoder.reset()
    s = games[0][-1]
    assert np.array_equal(encoder.encode(s, 1), encode(s, 1))


def test_seats_are_relative_to_the_observer(games: list[list[State]]) -> None:
    for s in all_states(games)[::STRIDE]:
        for seat in range(s.n):
            shaped = views(encode(s, seat))
            if not s.is_over:
                assert shaped["to_move"][(s.mover - seat) % s.n] == 1
            for q in range(s.n):
                r = (q - seat) % s.n
                assert [int(c) for c in np.flatnonzero(shaped["team"][r])] == sorted(
                    s.team[q]
                )


# -- (c) no leak ------------------------------------------------------------------

Encode = Callable[[State, int], np.ndarray]


def first_leak(encode_fn: Encode, states: list[State]) -> str | None:
    """Where `encode_fn` shows a seat something it may not know: the first state
    and seat whose observation changes when the hidden things are dealt again."""
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(2)
    for index, s in enumerate(states):
        for seat in range(s.n):
            obs = encode_fn(s, seat)
            for how, other in (
                ("determinize a", determinize(s, seat, rng_a)),
                ("determinize b", determinize(s, seat, rng_b)),
                ("redact", redact(s, seat)),
            ):
                again = encode_fn(other, seat)
                if not np.array_equal(obs, again):
                    where = (
                        differing_views(obs, again)
                        if obs.shape == again.shape == (OBS_SIZE,)
                        else "?"
                    )
                    return (
                        f"state {index} ({s.config}, phase {Phase(s.phase).name}, "
                        f"mover {s.mover}), seat {seat}, {how}: {where}"
                    )
    return None


def test_dealing_the_hidden_things_again_leaves_every_observation_alone(
    games: list[list[State]],
) -> None:
    encoder = Encoder()
    leak = first_leak(encoder.encode, all_states(games))
    assert leak is None, leak


def scramble(s: State, seat: int, rng: np.random.Generator) -> State:
    """A copy with arbitrary values in the hidden fields `determinize` keeps (not
    always a reachable state: the encoder must not read them at all)."""
    d = s.clone()
    turn = s.phase in _TURN_PHASES
    for q in range(s.n):
        if q == seat:
            continue
        d.bid[q] = [int(x) for x in rng.integers(0, 5, 3)]
        d.mission[q] = int(rng.integers(4))
        d.squad_out[q] = sorted(int(c) for c in rng.choice(NUM_CARDS, 3, False))
    if not (turn and s.mover == seat):  # a past or another mover's relic choice
        d.sel_relics = [0] * NUM_RELIC_TYPES
        for t in rng.integers(NUM_RELIC_TYPES, size=sum(s.sel_relics)):
            d.sel_relics[int(t)] += 1
    if not (s.phase == Phase.KEEP and s.mover == seat):
        d.keep_options = [int(t) for t in rng.integers(NUM_RELIC_TYPES, size=2)]
    d.relic_deck = [
        int(t) for t in rng.integers(NUM_RELIC_TYPES, size=len(d.relic_deck))
    ]
    d.chance_seed = int(rng.integers(2**62))
    d.chance_count = int(rng.integers(1000))
    d.log = []
    return d


def test_scrambling_hidden_fields_determinize_keeps_changes_nothing(
    games: list[list[State]],
) -> None:
    encoder = Encoder()
    rng = np.random.default_rng(3)
    for index, s in enumerate(all_states(games)[::STRIDE]):
        for seat in range(s.n):
            obs = encoder.encode(s, seat)
            diff = differing_views(obs, encoder.encode(scramble(s, seat, rng), seat))
            assert not diff, f"state {index}, {Phase(s.phase).name}, seat {seat}"


# -- (d) the checks can fail --------------------------------------------------------


def test_an_encoder_that_peeks_at_another_hand_is_caught(
    games: list[list[State]],
) -> None:
    encoder = Encoder()

    def peeking(s: State, seat: int) -> np.ndarray:
        peek = np.zeros(NUM_CARDS, np.float32)
        peek[s.hand[(seat + 1) % s.n]] = 1.0
        return np.concatenate([encoder.encode(s, seat), peek])

    assert first_leak(peeking, all_states(games)[:400]) is not None


def test_determinize_does_change_the_hidden_things(games: list[list[State]]) -> None:
    rng = np.random.default_rng(4)
    states = all_states(games)[::STRIDE]
    hands_changed = 0
    for s in states:
        for seat in range(s.n):
            d = determinize(s, seat, rng)
            others = [q for q in range(s.n) if q != seat]
            if any(d.hand[q] != s.hand[q] for q in others):
                hands_changed += 1
            assert d.hand[seat] == s.hand[seat]  # the seat's own stay
    assert hands_changed > len(states) // 2


def swap_a_hand_card(s: State, seat: int) -> State | None:
    """A copy where one of `seat`'s hand cards changed places with a deck card of
    the same kind (to the other seats the hand looks just the same), or None."""
    cards = CARDS[seat]
    for name in ("deck_t", "deck_f"):
        deck = getattr(s, name)[seat]
        mates = [
            c for c in s.hand[seat] if deck and cards[c].kind == cards[deck[0]].kind
        ]
        if mates:
            d = s.clone()
            d.hand[seat].remove(mates[0])
            d.hand[seat].append(deck[0])
            d.hand[seat].sort()
            getattr(d, name)[seat][0] = mates[0]
            return d
    return None


def test_a_change_to_the_seats_own_secrets_changes_only_its_observation(
    games: list[list[State]],
) -> None:
    swapped = relics_changed = 0
    for s in all_states(games)[::STRIDE]:
        for seat in range(s.n):
            before = [encode(s, q) for q in range(s.n)]
            d = swap_a_hand_card(s, seat)
            if d is not None:
                swapped += 1
                after = [encode(d, q) for q in range(s.n)]
                assert not np.array_equal(after[seat], before[seat])
                for q in range(s.n):
                    if q != seat:
                        assert np.array_equal(after[q], before[q])
            # a face-down relic at the campsite turned into another type
            relics = s.camp_relics[seat]
            if sum(relics):
                d = s.clone()
                t = next(t for t in range(NUM_RELIC_TYPES) if relics[t])
                d.camp_relics[seat][t] -= 1
                d.camp_relics[seat][(t + 1) % NUM_RELIC_TYPES] += 1
                relics_changed += 1
                after = [encode(d, q) for q in range(s.n)]
                assert not np.array_equal(after[seat], before[seat])
                spy = (
                    s.mover
                    if s.phase == Phase.SPY_TAKE and s.spy_target == seat
                    else NONE
                )
                for q in range(s.n):
                    if q not in (seat, spy):
                        assert np.array_equal(after[q], before[q])
                    elif q == spy:  # the Spy looking at the campsite sees it
                        assert not np.array_equal(after[q], before[q])
    assert swapped > 100 and relics_changed > 100


def test_two_seats_see_different_observations(games: list[list[State]]) -> None:
    for s in all_states(games):
        if not s.is_over:
            assert not np.array_equal(encode(s, 0), encode(s, 1))


def test_the_own_pick_shows_to_its_owner_and_only_that_it_exists_to_others(
    games: list[list[State]],
) -> None:
    seen = 0
    for s in all_states(games):
        for q in range(s.n):
            if s.pending[q] == NONE:
                continue
            seen += 1
            for seat in range(s.n):
                shaped = views(encode(s, seat))
                r = (q - seat) % s.n
                assert shaped["flags"][r][2] == 1
                if seat == q:
                    assert shaped["own_pending"][s.pending[q]] == 1
    assert seen
