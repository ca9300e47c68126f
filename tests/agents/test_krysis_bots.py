"""Krysis's bots (hauler, bandit, greedy, ismcts): legal play in 2-4 player games
under every rules variant, decisions that depend only on what the seat may know,
wins against random, the registry, and the loading arithmetic they share."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from agents import make_agent
from agents.base import SeatView
from agents.krysis.evaluation import best_load, camp_worth_of, value
from agents.krysis.heuristics import KrysisScriptedAgent
from agents.krysis.ismcts import KrysisISMCTSAgent
from agents.registry import describe_agents, factory_of
from scavenger_env.krysis.engine import (
    KrysisConfig,
    Phase,
    State,
    apply_legal_action,
    determinize,
    legal_actions,
    new_game,
    winners,
)
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.capacity import fits

GAME = "krysis"
HEURISTICS = ("hauler", "bandit")
#: every Krysis bot, with a budget small enough for tests
BOTS = ("hauler", "bandit", "greedy", "ismcts:iterations=4")


def play(specs: list[str], seed: int, **config: Any) -> tuple[State, list[int]]:
    """One game between fresh agents; every action is checked against `legal`."""
    cfg = KrysisConfig(num_players=len(specs), **config)
    state = new_game(cfg, seed)
    agents = [make_agent(spec, game=GAME) for spec in specs]
    rngs = [np.random.default_rng([seed, seat]) for seat in range(len(specs))]
    for seat, agent in enumerate(agents):
        agent.reset(seat, cfg)
    actions: list[int] = []
    while not state.is_over:
        seat = state.mover
        legal = legal_actions(state)
        view = SeatView(state, seat, game=GAME)
        action = agents[seat].act(view, legal, rngs[seat])
        assert type(action) is int, (specs[seat], action)
        assert action in legal, (specs[seat], action, legal, Phase(state.phase))
        apply_legal_action(state, action)
        actions.append(action)
    return state, actions


# ------------------------------------------------------------------ legal play

#: (players, rules): the basic game and every variant, 2 to 4 players
TABLES: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}),
    (2, {"variant": "speed"}),
    (3, {"advanced": True}),
    (3, {"nine_card_hand": True, "missions": True}),
    (4, {"advanced": True, "nine_card_hand": True}),
    (4, {"missions": True, "raid_bank_deserts": False}),
)


@pytest.mark.parametrize(("num_players", "rules"), TABLES)
def test_bots_play_whole_games_legally(num_players: int, rules: dict[str, Any]) -> None:
    """Every bot sits at every table (with random filling the seats left)."""
    pool = (*BOTS, "random")
    for game in range(2):
        specs = [pool[(game * 3 + seat) % len(pool)] for seat in range(num_players)]
        if num_players == 2:
            specs = [BOTS[2 * game], BOTS[2 * game + 1]]
        state, actions = play(specs, 40 + game, **rules)
        assert state.is_over and len(actions) > 10


# ------------------------------------------------------------------ fair play


def decisions(seed: int, count: int, **config: Any) -> list[State]:
    """States where seat 0 has a choice, met along a random game."""
    rng = np.random.default_rng(seed)
    state = new_game(KrysisConfig(num_players=2, **config), seed)
    out: list[State] = []
    while not state.is_over and len(out) < count:
        legal = legal_actions(state)
        if state.mover == 0 and len(legal) > 1 and rng.random() < 0.5:
            out.append(state.clone())
        apply_legal_action(state, legal[int(rng.integers(len(legal)))])
    return out


@pytest.mark.parametrize("bot", BOTS)
def test_choice_ignores_what_the_seat_cannot_see(bot: str) -> None:
    """Given the same rng, a bot chooses the same on the real state and on a
    state that differs only in what its seat cannot see (the other hand, the
    relic deck, face-down relics, a hidden bid): its view is all it reads."""
    differs = 0
    for config in ({}, {"advanced": True, "missions": True}):
        for state in decisions(5, 6, **config):
            other = determinize(state, 0, np.random.default_rng(99))
            differs += other.hand[1] != state.hand[1]
            legal = legal_actions(state)
            chosen = []
            for s in (state, other):
                agent = make_agent(bot, game=GAME)
                agent.reset(0, s.config)
                view = SeatView(s, 0, game=GAME)
                chosen.append(agent.act(view, legal, np.random.default_rng(7)))
            assert chosen[0] == chosen[1], Phase(state.phase)
    assert differs > 0  # the hidden cards were really dealt otherwise


@pytest.mark.parametrize("bot", HEURISTICS)
def test_act_is_choose_on_a_sample(bot: str) -> None:
    """`choose` (what the search bots call in rollouts) is `act` without the
    sampling: given the same draw of hidden cards, they pick the same."""
    agent = make_agent(bot, game=GAME)
    assert isinstance(agent, KrysisScriptedAgent)
    for step, state in enumerate(decisions(11, 12)):
        legal = legal_actions(state)
        by_act = agent.act(
            SeatView(state, 0, game=GAME), legal, np.random.default_rng(step)
        )
        sample = determinize(state, 0, np.random.default_rng(step))
        assert agent.choose(sample, 0, legal) == by_act


def test_the_quick_option_picks_team_members_the_quick_way() -> None:
    """`hauler:quick=true` (a cheaper training opponent) takes `quick_pick`'s card
    at every team pick and the full bot's choice everywhere else."""
    quick = make_agent("hauler:quick=true", game=GAME)
    full = make_agent("hauler", game=GAME)
    assert isinstance(quick, KrysisScriptedAgent) and quick.quick
    picks = 0
    for step, state in enumerate(decisions(13, 40)):
        legal = legal_actions(state)
        view = SeatView(state, 0, game=GAME)
        got = quick.act(view, legal, np.random.default_rng(step))
        sample = determinize(state, 0, np.random.default_rng(step))
        if state.phase == Phase.PICK and len(legal) > 1:
            picks += 1
            assert got == quick.quick_pick(sample, 0, legal)
        else:
            assert got == full.act(view, legal, np.random.default_rng(step))
    assert picks > 0


# ------------------------------------------------------------------ strength


def win_rate(bot: str, other: str, games: int, seed: int) -> float:
    """`bot`'s share of 2-player games against `other`, seats alternated."""
    wins = 0
    for game in range(games):
        seat = game % 2
        specs = [bot, other] if seat == 0 else [other, bot]
        state, _ = play(specs, seed + game // 2)
        wins += winners(state)[0] == seat
    return wins / games


@pytest.mark.parametrize("bot", HEURISTICS)
def test_heuristics_beat_random(bot: str) -> None:
    """Measured with the tournament (200 games each, seats rotated): both
    heuristics win every game against random; 16 of 20 leaves room."""
    assert win_rate(bot, "random", 20, 300) >= 0.8


# ------------------------------------------------------------------ the registry


@pytest.mark.parametrize("name", ["hauler", "bandit", "greedy", "ismcts"])
def test_registered_for_krysis_with_a_line(name: str) -> None:
    agent = make_agent(name, game=GAME)
    assert describe_agents(GAME)[name]
    assert factory_of(name, GAME).__module__.startswith("agents.krysis.")
    if name != "ismcts":
        assert agent.name == name
    else:
        assert isinstance(agent, KrysisISMCTSAgent)


def test_options_reach_the_bots() -> None:
    hauler = make_agent("hauler:opponent_weight=0,raid_margin=2,max_bid=1", game=GAME)
    assert (hauler.opponent_weight, hauler.raid_margin, hauler.max_bid) == (0, 2, 1)  # type: ignore[attr-defined]
    search = make_agent("ismcts:iterations=3,rollout_rounds=0,policy=bandit", game=GAME)
    assert isinstance(search, KrysisISMCTSAgent) and search.rollout_rounds == 0
    with pytest.raises(ValueError, match="policy"):
        make_agent("greedy:policy=miner", game=GAME)


# ------------------------------------------------------------------ shared helpers


def test_best_load_is_the_best_that_fits() -> None:
    """Against every load `capacity.fits` allows, for small slots and goods."""
    rng = np.random.default_rng(3)
    for _ in range(150):
        slots = [int(x) for x in rng.integers(0, 3, 3)]
        goods = [int(x) for x in rng.integers(0, 4, 3)]
        relics = int(rng.integers(0, 3))
        values = (3.0, 2.0, float(rng.choice([1.0, 2.0])))
        relic_values = [2.0, 1.0][:relics]
        load = best_load(slots, goods, relic_values, values)
        assert fits(slots, load.red, load.blue, load.white, load.relics)
        best = 0.0
        for r, b, w, k in itertools.product(
            range(goods[0] + 1), range(goods[1] + 1), range(goods[2] + 1),
            range(relics + 1),
        ):  # fmt: skip
            if fits(slots, r, b, w, k):
                v = (
                    r * values[0]
                    + b * values[1]
                    + w * values[2]
                    + sum(relic_values[:k])
                )
                best = max(best, v)
        assert load.value == pytest.approx(best)


def test_campsite_goods_count_only_while_actions_remain() -> None:
    assert camp_worth_of((2, 1, 3), 1, 0, 0, (2.0, 2.0, 2.0)) == 0.0
    rich = camp_worth_of((2, 1, 3), 1, 2, 1, (2.0, 2.0, 2.0))
    poor = camp_worth_of((0, 1, 0), 0, 2, 1, (2.0, 2.0, 2.0))
    assert rich > poor > 0
    # goods no slot can carry count for little
    assert camp_worth_of((3, 0, 0), 0, 1, 0, (0.0, 0.0, 1.0)) < 3.0


def test_value_is_the_score_at_the_end() -> None:
    state, _ = play(["hauler", "bandit"], 8)
    from scavenger_env.krysis.engine import final_scores

    assert [value(state, p) for p in range(2)] == final_scores(state)


# ------------------------------------------------------------------ rigged turns


def action_turn(seed: int = 4) -> State:
    """A 2-player game played by the Hauler up to seat 0's first action."""
    state = new_game(KrysisConfig(num_players=2), seed)
    hauler = make_agent("hauler", game=GAME)
    assert isinstance(hauler, KrysisScriptedAgent)
    while not (state.phase == Phase.ACTION and state.mover == 0):
        legal = legal_actions(state)
        apply_legal_action(state, hauler.choose(state, state.mover, legal))
    return state


def clear_camp(state: State, seat: int) -> None:
    """Empty a campsite; its relics go to the discard pile (the 24 stay 24)."""
    state.camp[seat] = [0, 0, 0]
    for t, n in enumerate(state.camp_relics[seat]):
        state.relic_discard += [t] * n
    state.camp_relics[seat] = [0] * 6


def bot_turn(state: State, bot: str) -> list[int]:
    """The actions `bot` takes in seat 0's turn."""
    agent = make_agent(bot, game=GAME)
    agent.reset(0, state.config)
    rng = np.random.default_rng(0)
    out = []
    while state.mover == 0 and not state.is_over and not state.acted[0]:
        action = agent.act(SeatView(state, 0, game=GAME), legal_actions(state), rng)
        apply_legal_action(state, action)
        out.append(action)
        if state.phase == Phase.DRAW:
            break
    return out


@pytest.mark.parametrize("bot", HEURISTICS)
def test_a_full_load_of_reds_goes_home(bot: str) -> None:
    state = action_turn()
    state.team[0] = [6, 4, 5]  # T7 (R B), T5 (R), T6 (R W): 3 red slots
    clear_camp(state, 0)
    clear_camp(state, 1)
    state.camp[0] = [3, 0, 0]
    home = state.home[0][:]
    bot_turn(state, bot)
    assert state.home[0][0] == home[0] + 3


def test_the_bandit_raids_a_deserted_rich_campsite() -> None:
    state = action_turn()
    state.team[0] = [12, 6, 4]  # F4 (combat 4), T7 (R B), T5 (R)
    clear_camp(state, 0)
    clear_camp(state, 1)
    state.camp[1] = [2, 1, 0]
    state.deserted[1] = True
    state.acted[1] = True
    actions = bot_turn(state, "bandit")
    assert actions[0] == A.RAID + 1
    assert state.camp[1][:2] == [0, 0]


@pytest.mark.parametrize("rules_version", [1, 2])
def test_the_scripted_bots_bid_any_count_and_time_each_special(
    rules_version: int,
) -> None:
    """Rules 2: a count above 15 is bid digit by digit (rules 1: all of it), and
    the special agents' timing is asked agent by agent: the Alchemist after, the
    others first."""
    from krysis.rig import ALCHEMIST, EMINENT, F3, F4, T7, rig

    from agents.krysis.heuristics import HaulerAgent, bid_action
    from scavenger_env.krysis.engine import KrysisConfig, apply_action, new_game
    from scavenger_env.krysis.engine.flow import next_bid

    bot = HaulerAgent()
    s = new_game(KrysisConfig(num_players=2, rules_version=rules_version), 0)
    bidder = s.mover
    s.home[bidder] = [20, 0, 0]
    s.bid_step = 0
    next_bid(s)
    while s.mover == bidder and s.phase == Phase.BID:  # the bot's way to bid 19
        legal = legal_actions(s)
        apply_action(s, bid_action(s, bidder, 19, legal))
    assert s.bid[bidder][0] == (19 if rules_version == 2 else 20)  # 1: all
    s = rig(
        {0: [EMINENT, ALCHEMIST, F4], 1: [F4, F3, T7]},
        camps={0: [0, 1, 1]},
        advanced=True,
        rules_version=rules_version,
    )
    first = bot.choose(s, 0, legal_actions(s))
    assert first == A.SPECIAL_FIRST
    if rules_version == 2:
        apply_action(s, first)
        assert s.specials_undecided == [ALCHEMIST]
        assert bot.choose(s, 0, legal_actions(s)) == A.SPECIAL_AFTER
