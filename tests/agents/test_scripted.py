"""The scripted bots (greedy, miner, raider, collector): legal play in 2-4 player
games under every rules variant, determinism, wins against random, option errors,
and the evaluation helpers they share."""

from __future__ import annotations

import numpy as np
import pytest
from quick_set import first_quick

from agents import make_agent
from agents.base import SeatView
from agents.cavein.evaluation import payment_plan, score
from agents.cavein.heuristics import ScriptedAgent
from agents.registry import describe_agents
from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    Phase,
    apply_legal_action,
    legal_actions,
    new_game,
    score_breakdown,
    winners,
)
from scavenger_env.cavein.engine.actions import (
    COLLECT,
    CONFIRM,
    MINE,
    PAY,
    RAID,
    SKILL,
)
from scavenger_env.cavein.engine.data import ARTIFACT_CARDS, Art
from scavenger_env.cavein.engine.payment import need
from scavenger_env.cavein.engine.queries import card_level
from scavenger_env.cavein.engine.scenario import (
    crystal,
    give_crystals,
    merc_type,
    scenario,
    set_base,
    set_hand,
    set_mine,
    set_totem,
)
from scavenger_env.cavein.engine.view import determinize

BOTS = ("greedy", "miner", "raider", "collector")
HEURISTICS = ("miner", "raider", "collector")

#: Rules variants the bots must handle (German Weedlocks, other copies, options).
VARIANTS: tuple[dict[str, object], ...] = (
    {},
    {"weedlock_text": "de", "merc_distribution": "4/4/3/2"},
    {"skill_crystals_cave_in": True, "scrabber_every_mine": False},
)


def play(specs: list[str], seed: int, **config: object) -> tuple[GameState, list[int]]:
    """One game between fresh agents; every action is checked against `legal`."""
    cfg = GameConfig(num_players=len(specs), **config)  # type: ignore[arg-type]
    state = new_game(cfg, seed)
    agents = [make_agent(spec) for spec in specs]
    rngs = [np.random.default_rng([seed, seat]) for seat in range(len(specs))]
    for seat, agent in enumerate(agents):
        agent.reset(seat, cfg)
    actions: list[int] = []
    while not state.is_over:
        seat = state.current_player
        legal = legal_actions(state)
        action = agents[seat].act(SeatView(state, seat), legal, rngs[seat])
        assert type(action) is int, (specs[seat], action)
        assert action in legal, (specs[seat], action, legal)
        apply_legal_action(state, action)
        actions.append(action)
    return state, actions


def win_share(state: GameState, seat: int) -> float:
    """1 for a sole win, 1/k for a k-way tie, 0 for a loss."""
    best = winners(state)
    return 1.0 / len(best) if seat in best else 0.0


# ------------------------------------------------------------------ legal play


@pytest.mark.parametrize("num_players", first_quick([3, 4]))
def test_bots_play_only_legal_actions(num_players: int) -> None:
    """Each scripted bot sits in every seat against the others and random, under
    every rules variant (the 2-player games are `test_beats_random`'s)."""
    pool = (*BOTS, "random", "random")
    for game in range(30):
        specs = [pool[(game + 2 * seat) % len(pool)] for seat in range(num_players)]
        state, _ = play(specs, 100 * num_players + game, **VARIANTS[game % 3])
        assert state.end_reason == "cave-in"


# ------------------------------------------------------------------ determinism


@pytest.mark.parametrize("bot", BOTS)
def test_same_seeds_same_actions(bot: str) -> None:
    first = play([bot, "random", bot], 7)[1]
    assert play([bot, "random", bot], 7)[1] == first


# ------------------------------------------------------------------ strength

#: Two-player games against random per bot, seats alternated (every action is
#: checked legal, under every rules variant).
GAMES_VS_RANDOM = {"greedy": 100, "miner": 40, "raider": 40, "collector": 40}


@pytest.mark.parametrize("bot", first_quick(BOTS))
def test_beats_random(bot: str) -> None:
    """Measured over 400 games each (seats alternated): greedy, miner, raider and
    collector all win 100% of their games against random (Wilson 95% lower bound
    0.99); 0.8 leaves room for any unlucky run of seeds."""
    games = GAMES_VS_RANDOM[bot]
    wins = 0.0
    for game in range(games):
        seat = game % 2
        specs = [bot, "random"] if seat == 0 else ["random", bot]
        state, _ = play(specs, 1000 + game, **VARIANTS[game % 3])
        wins += win_share(state, seat)
    assert wins / games >= 0.8


@pytest.mark.slow  # a long match; test_beats_random keeps greedy in the quick set
def test_best_heuristic_beats_greedy() -> None:
    """Measured over 400 games (seats alternated): the raider wins about 85% against
    greedy; 0.6 over 20 games leaves room."""
    games = 20
    wins = sum(
        win_share(play(["raider", "greedy"][:: 1 - 2 * (g % 2)], 2000 + g)[0], g % 2)
        for g in range(games)
    )
    assert wins / games >= 0.6


# ------------------------------------------------------------------ the registry


@pytest.mark.parametrize("bot", BOTS)
def test_registered_with_name_and_description(bot: str) -> None:
    agent = make_agent(bot)
    assert agent.name == bot
    assert describe_agents()[bot]


@pytest.mark.parametrize("bot", HEURISTICS)
def test_heuristic_options(bot: str) -> None:
    agent = make_agent(f"{bot}:opponent_weight=0,raid_margin=2.5,slack=1")
    assert (agent.opponent_weight, agent.raid_margin, agent.slack) == (0, 2.5, 1)  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["greedy:depth=2", "miner:speed=3", "raider:x=1"])
def test_unknown_option_is_a_clear_error(spec: str) -> None:
    name, option = spec.split(":")[0], spec.split(":")[1].split("=")[0]
    with pytest.raises(ValueError, match=f"^{name}: no option '{option}'"):
        make_agent(spec)


# ------------------------------------------------------------------ shared helpers


def random_states(count: int, seed: int = 5) -> list[GameState]:
    """States met along random 3-player games."""
    rng = np.random.default_rng(seed)
    out: list[GameState] = []
    state = new_game(GameConfig(num_players=3), seed)
    while len(out) < count:
        if state.is_over:
            state = new_game(GameConfig(num_players=3), int(rng.integers(1 << 30)))
        legal = legal_actions(state)
        apply_legal_action(state, legal[int(rng.integers(len(legal)))])
        if rng.random() < 0.2:
            out.append(state.clone())
    return out


def test_fast_score_matches_the_engine() -> None:
    for state in random_states(300):
        for seat in range(state.num_players):
            assert score(state, seat) == score_breakdown(state, seat).total


def owed(state: GameState) -> int:
    """Levels still to pay for the open payment."""
    needed = need(state, state.current_player, state.pay[0], state.pay[1])
    return needed - sum(card_level(state, c) for c in state.pay[2:])


def cheapest_overpay(state: GameState) -> int:
    """The least overpay of any set of hand cards that completes the open payment
    (every subset of the hand, tried through the engine)."""
    hand = state.players[state.current_player].hand
    best = None
    for mask in range(1, 1 << len(hand)):
        s = state.clone()
        paid = 0
        for i, card in enumerate(hand):
            if mask >> i & 1:
                action = PAY + s.cards.type_of[card]
                if action not in legal_actions(s):
                    break
                apply_legal_action(s, action)
                paid += card_level(s, card)
        else:
            if CONFIRM in legal_actions(s):
                overpay = paid - owed(state)
                best = overpay if best is None else min(best, overpay)
    assert best is not None
    return best


def test_payment_plan_is_valid_and_cheapest() -> None:
    """Paying the plan card by card is always legal, ends with CONFIRM legal, and
    overpays no more than any other valid set of hand cards."""
    checked = 0
    for state in random_states(600, seed=9):
        if state.phase != Phase.PAY or CONFIRM in legal_actions(state):
            continue
        to_pay = owed(state)
        least = cheapest_overpay(state)
        plan = payment_plan(state)
        for card in plan:
            action = PAY + state.cards.type_of[card]
            assert action in legal_actions(state)
            apply_legal_action(state, action)
        assert CONFIRM in legal_actions(state)
        assert sum(card_level(state, c) for c in plan) - to_pay == least
        checked += 1
    assert checked > 20


# ------------------------------------------------------------------ rigged turns


def bot_turn(state: GameState, bot: str) -> list[int]:
    """The actions `bot` takes in seat 0's turn."""
    agent = make_agent(bot)
    agent.reset(0, state.config)
    rng = np.random.default_rng(0)
    actions = []
    while state.current_player == 0 and not state.is_over:
        action = agent.act(SeatView(state, 0), legal_actions(state), rng)
        apply_legal_action(state, action)
        actions.append(action)
    return actions


FIRST_GAME = GameConfig(num_players=2, factions="first_game")


def test_miner_plays_maccarat_to_mine_a_crystal_it_could_not_pay_for() -> None:
    state = scenario(FIRST_GAME, seed=3)
    set_hand(state, 0, ["Maccarat", "Sergeant", "Sergeant"])
    set_mine(state, {9: "brown c10"})
    set_totem(state, "brown", -1)
    actions = bot_turn(state, "miner")
    assert actions[:2] == [SKILL + merc_type("Maccarat"), MINE + 9]
    assert crystal("brown c10") in state.players[0].crystals


def test_raider_raids_a_rich_base_and_takes_its_leaders_totem() -> None:
    state = scenario(FIRST_GAME, seed=3)
    set_hand(state, 0, [])
    set_base(state, 1, ["Colonel", "Mu'Shell", "Scrabber", "Maccarat", "Fish'Bean"])
    set_totem(state, "blue", 1)
    assert bot_turn(state, "raider")[0] == RAID + 1
    assert state.totem_owner[1] == 0  # blue, the colour of Fish'Bean


def test_collector_plays_ancientone_and_keeps_the_half_its_crystals_favour() -> None:
    state = scenario(FIRST_GAME, seed=3)
    set_hand(state, 0, ["Ancientone", "Maccarat", "Sergeant"])
    card = next(i for i, c in enumerate(ARTIFACT_CARDS) if Art.GEODE_CUTTER in c.halves)
    state.artifact_stacks[2].remove(card)
    state.artifact_stacks[2].append(card)  # Overseer's Whip | Geode Cutter on top
    give_crystals(state, 0, ["blue c6a", "yellow c6b", "brown c6a"])
    actions = bot_turn(state, "collector")
    assert actions[:2] == [SKILL + merc_type("Ancientone"), COLLECT + 2 * 2 + 1]
    assert state.players[0].artifacts == [Art.GEODE_CUTTER]


# ------------------------------------------------------------------ as a search policy


@pytest.mark.parametrize("bot", HEURISTICS)
def test_act_is_choose_on_a_sample(bot: str) -> None:
    """`choose` (what ISMCTS calls in its tree and rollouts) is `act` without the
    sampling: given the same draw of hidden cards, they pick the same action."""
    agent = make_agent(bot)
    assert isinstance(agent, ScriptedAgent)
    state = new_game(GameConfig(num_players=2), 21)
    rng = np.random.default_rng(21)
    for step in range(120):
        seat, legal = state.current_player, legal_actions(state)
        by_act = agent.act(SeatView(state, seat), legal, np.random.default_rng(step))
        sample = determinize(state, seat, np.random.default_rng(step))
        assert agent.choose(sample, seat, legal) == by_act
        apply_legal_action(state, legal[int(rng.integers(len(legal)))])
        if state.is_over:
            break


@pytest.mark.parametrize("bot", HEURISTICS)
def test_quick_choices_are_legal_and_end_games(bot: str) -> None:
    """The quick variant (one-action gains) plays whole games on its own."""
    agent = make_agent(bot)
    assert isinstance(agent, ScriptedAgent)
    for seed in range(3):
        state = new_game(GameConfig(num_players=2 + seed), seed)
        while not state.is_over:
            legal = legal_actions(state)
            action = agent.choose(state, state.current_player, legal, quick=True)
            assert action in legal
            apply_legal_action(state, action)
        assert state.end_reason == "cave-in"


def test_quick_raider_still_raids_a_rich_base() -> None:
    state = scenario(FIRST_GAME, seed=3)
    set_hand(state, 0, [])
    set_base(state, 1, ["Colonel", "Mu'Shell", "Scrabber", "Maccarat", "Fish'Bean"])
    set_totem(state, "blue", 1)
    while state.phase != Phase.ACTION:
        apply_legal_action(state, legal_actions(state)[0])
    raider = make_agent("raider")
    assert isinstance(raider, ScriptedAgent)
    assert raider.choose(state, 0, legal_actions(state), quick=True) == RAID + 1
