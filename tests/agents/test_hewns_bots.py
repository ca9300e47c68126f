"""The Hewns bots: the scripted Prospector and Raider, and the greedy bot.

They play only legal actions over whole games at every player count, decide the
same way with the same generator, beat the random bot clearly, and decide on
what their seat may know (a change to a hidden fact of the live game changes
nothing they do).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hewns_games import play_hewns

from agents.base import RandomAgent, view_for
from agents.hewns.greedy import GreedyAgent, margin
from agents.hewns.heuristics import ProspectorAgent, RaiderAgent
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import Ctrl, Option
from scavenger_env.hewns.engine.data import TechKind
from scavenger_env.hewns.engine.state import Ask
from scavenger_env.hewns.game import HEWNS


def play(
    agents: list[Any], seed: int, check: Any = None, **options: Any
) -> tuple[list[int], list[int]]:
    """One game of Hewns between `agents` (seat order), with config `options`;
    `check(state, seat, legal, agent)` before each decision. Returns (the
    decisions in order, the winners)."""
    config = HEWNS.make_config(len(agents), **options)
    state, decisions = play_hewns(agents, config, seed, before=check)
    return decisions, HEWNS.winners(state)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_scripted_bots_play_legal_whole_games(n: int) -> None:
    """Every decision the engine asks in a whole game gets a legal answer from
    the Prospector and the Raider, at 2, 3 and 4 players (against each other
    and against random)."""
    for seed in range(4):
        agents: list[Any] = [
            [ProspectorAgent, RaiderAgent, RandomAgent][(seat + seed) % 3]()
            for seat in range(n)
        ]
        decisions, _ = play(agents, seed)
        assert decisions


@pytest.mark.parametrize("n", [2, 3, 4])
def test_scripted_bots_play_legal_whole_nanas_games(n: int) -> None:
    """With the stage-3 cards (Nananbites, the Mamabite, the Fixito, heart
    stones, the bomb) too."""
    for seed in range(3):
        agents: list[Any] = [
            [ProspectorAgent, RaiderAgent, RandomAgent][(seat + seed) % 3]()
            for seat in range(n)
        ]
        decisions, _ = play(agents, seed, cards="nanas")
        assert decisions


def test_scripted_bots_hack_bidoxes_and_fit_nanas_technology() -> None:
    """The scripted bots buy Nananbites, Mamabites and Fixitos and use them:
    Nananbites on Bidoxes ("auction hacking") and technology in sockets, and
    answer every stage-3 decision themselves."""
    from agents.hewns import heuristics

    asked: list[str] = []
    original = heuristics.HewnsScriptedAgent._by_ask

    def spy(self: Any, s: Any, seat: int, ask: int, legal: list[int]) -> int:
        pick = original(self, s, seat, ask, legal)
        asked.append(Ask(ask).name)
        assert pick in legal, (Ask(ask).name, pick, legal)
        return pick

    heuristics.HewnsScriptedAgent._by_ask = spy  # type: ignore[method-assign]
    try:
        for seed in range(4):
            n = 2 + seed % 3
            bots = [[RaiderAgent, ProspectorAgent][i % 2]() for i in range(n)]
            play(bots, seed, cards="nanas")
    finally:
        heuristics.HewnsScriptedAgent._by_ask = original  # type: ignore[method-assign]
    assert "NANA_BOX" in asked


@pytest.mark.parametrize("n", [2, 3, 4])
def test_greedy_plays_legal_whole_games(n: int) -> None:
    """The greedy bot answers legally at every decision of a whole game."""
    agents: list[Any] = [GreedyAgent(), *(RaiderAgent() for _ in range(n - 1))]
    decisions, _ = play(agents, 7 + n)
    assert decisions


def test_scripted_bots_cover_every_decision_kind_they_meet() -> None:
    """The scripted rules answer every decision kind they meet themselves (no
    fall-back to the default choice)."""
    from agents.hewns import heuristics

    missed: list[str] = []
    original = heuristics.HewnsScriptedAgent._by_ask

    def spy(self: Any, s: Any, seat: int, ask: int, legal: list[int]) -> int:
        pick = original(self, s, seat, ask, legal)
        if pick not in legal:
            missed.append(Ask(ask).name)
        return pick

    heuristics.HewnsScriptedAgent._by_ask = spy  # type: ignore[method-assign]
    try:
        for seed in range(6):
            n = 2 + seed % 3
            play([[RaiderAgent, ProspectorAgent][i % 2]() for i in range(n)], seed)
    finally:
        heuristics.HewnsScriptedAgent._by_ask = original  # type: ignore[method-assign]
    assert not missed, sorted(set(missed))


@pytest.mark.parametrize("make", [ProspectorAgent, RaiderAgent])
def test_scripted_bots_have_a_chain_pay_dirty_first(make: Any) -> None:
    """CHAIN_MIX (rules 2): the scripted bots take the chain's dirty Substract
    first, as the chain gave under rules 1 (normal Substract scores)."""
    state = pos.actions_phase()
    minor = pos.place(state, "Minor Miner", 0, 43)
    pos.place(state, "Major Miner", 0, 1, normal=1, dirty=1)
    pos.set_token(state, 44, "snedj")
    pos.start_hewn_turn(state, minor)
    pos.play(state, "SPACE 44", "NUM 1")
    assert state.frames[-1].ask == Ask.CHAIN_MIX
    legal = HEWNS.legal_actions(state)
    assert len(legal) == 2
    assert make().choose(state, 0, legal, np.random.default_rng(0)) == max(legal)


@pytest.mark.parametrize("make", [ProspectorAgent, RaiderAgent])
def test_scripted_bots_take_a_gem_worth_more_than_2_and_than_theirs(make: Any) -> None:
    """MINE_GEM (rules 2): the scripted bots take the best gem left when it is
    worth more than the 2 Substract and than the gem the Hewn holds."""
    for held, take in ((None, True), ("four_legged", False)):
        state = pos.actions_phase(shown=True)
        miner = pos.place(state, "Major Miner", 0, 34)
        pos.set_gem_pile(state, 1, 1, 1)
        if held:
            pos.set_gem(state, miner, held)  # the pile keeps a three-legged (6)
        pos.start_hewn_turn(state, miner)
        pos.play(state, "VERB MINE", "OPTION MINE_PLAIN")
        pos.roll(state, "mining", "gem", 1, 1, 1)
        pos.play(state, "CTRL DONE")
        assert state.frames[-1].ask == Ask.MINE_GEM
        legal = HEWNS.legal_actions(state)
        choice = make().choose(state, 0, legal, np.random.default_rng(0))
        assert choice == (Option.TAKE_GEM if take else Option.TAKE_TWO)


@pytest.mark.parametrize("make", [ProspectorAgent, RaiderAgent, GreedyAgent])
def test_same_generator_same_game(make: Any) -> None:
    """With the same seeds, a bot plays the very same game twice."""
    first, _ = play([make(), RandomAgent()], 3)
    second, _ = play([make(), RandomAgent()], 3)
    assert first == second


def _win_rate(make: Any, games: int) -> float:
    """The bot's share of wins against random, 2 players, seats alternating."""
    won = 0.0
    for g in range(games):
        seat = g % 2
        agents: list[Any] = [RandomAgent(), RandomAgent()]
        agents[seat] = make()
        _, winners = play(agents, 100 + g)
        won += (seat in winners) / len(winners)
    return won / games


def test_prospector_beats_random() -> None:
    """The Prospector beats random clearly (it wins about every game: 80 %
    leaves a wide margin)."""
    assert _win_rate(ProspectorAgent, 40) >= 0.8


def test_raider_beats_random() -> None:
    """The Raider beats random clearly."""
    assert _win_rate(RaiderAgent, 20) >= 0.75


def test_greedy_beats_random() -> None:
    """The greedy bot beats random clearly."""
    assert _win_rate(GreedyAgent, 3) >= 0.66


def _hide_differently(state: Any) -> Any:
    """A copy of `state` whose hidden card order differs (the decks)."""
    other = state.clone()
    rng = np.random.default_rng(5)
    for deck in other.hewn_deck:
        rng.shuffle(deck)
    rng.shuffle(other.tech_deck)
    return other


@pytest.mark.parametrize("make", [ProspectorAgent, RaiderAgent, GreedyAgent])
def test_bots_decide_on_their_view(make: Any) -> None:
    """A bot is handed a redacted view and decides on `view.sample`: a live
    state that differs only in what its seat cannot know (the decks' order)
    gives the very same decision with the same generator."""
    compared = [0]

    def check(state: Any, seat: int, legal: list[int], agent: Any) -> None:
        if isinstance(agent, RandomAgent) or len(legal) < 2 or compared[0] >= 40:
            return
        other = _hide_differently(state)
        assert other.tech_deck != state.tech_deck or not state.tech_deck
        one = agent.act(
            view_for(agent, state, seat, HEWNS), legal, np.random.default_rng(1)
        )
        two = agent.act(
            view_for(agent, other, seat, HEWNS), legal, np.random.default_rng(1)
        )
        assert one == two
        compared[0] += 1

    play([make(), RandomAgent()], 11, check)
    assert compared[0] > 0


def test_greedy_values_the_margin() -> None:
    """The greedy bot's value is its worth less the best other seat's: equal
    seats at the start of a game are worth the same."""
    state = HEWNS.new_game(HEWNS.make_config(2), 0)
    assert margin(state, 0) == pytest.approx(-margin(state, 1))


@pytest.mark.parametrize("make", [ProspectorAgent, RaiderAgent, GreedyAgent])
def test_bots_keep_their_turn_order_card_hidden(make: Any) -> None:
    """Rules 2 offer REVEAL at every decision of a seat with a hidden
    turn-order card; the scripted and greedy bots never take it (it only tells
    the rivals something). Seat 1, out of turn, picks its secret lasers."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, 3)
    shooter = pos.place(state, "Hover Cataclysm", 1, 1, dirty=1)
    pos.start_hewn_turn(state, mover)
    pos.play(
        state,
        "SPACE 6",
        "CTRL END_HEWN_TURN",
        f"HEWN {shooter}",
        "CTRL NO",
        "CTRL DONE",
    )
    assert state.frames[-1].ask == Ask.PICK_L
    legal = HEWNS.legal_actions(state)
    assert Ctrl.REVEAL in legal
    agent = make()
    agent.reset(1, state.config)
    for seed in range(5):
        view = view_for(agent, state, 1, HEWNS)
        assert agent.act(view, legal, np.random.default_rng(seed)) != Ctrl.REVEAL


def test_scripted_bots_never_show_their_card_in_whole_games() -> None:
    """Over whole games REVEAL is offered to the scripted bots, and never
    taken."""
    offered = [0]

    def check(state: Any, seat: int, legal: list[int], agent: Any) -> None:
        offered[0] += Ctrl.REVEAL in legal

    for seed in range(2):
        decisions, _ = play(
            [RaiderAgent(), ProspectorAgent(), RaiderAgent()], seed, check
        )
        assert Ctrl.REVEAL not in decisions
    assert offered[0] > 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_scripted_bots_play_legal_games_with_the_stage_3_cards(n: int) -> None:
    """cards="nanas": heart stones on offer, the recovery's questions."""
    seen: set[int] = set()

    def note(state: Any, seat: int, legal: list[int], agent: Any) -> None:
        seen.add(state.frames[-1].ask)

    for seed in range(3):
        agents: list[Any] = [
            [ProspectorAgent, RaiderAgent][(seat + seed) % 2]() for seat in range(n)
        ]
        decisions, _ = play(agents, seed, note, cards="nanas")
        assert decisions
    assert Ask.BID_TURN in seen


def test_scripted_bots_want_heart_stones_for_empty_heart_cards() -> None:
    """A stone is worth buying while an own Hewn has an empty heart card, and
    the bot puts it into its best such Hewn."""
    state = pos.actions_phase(2, shown=True, cards="nanas")
    bot = ProspectorAgent()
    bot.reset(0, state.config)
    assert bot.tech_worth(state, 0, TechKind.HEART_STONES) == 0.0  # no Hewn
    minor = pos.place(state, "Minor Miner", 0, 20)
    major = pos.place(state, "Major Miner", 0, 34)
    assert bot.tech_worth(state, 0, TechKind.HEART_STONES) > 0.0
    pos.set_screen(state, 0, heart_stones=1)
    pos.start_player_turn(state, 0)
    rng = np.random.default_rng(0)
    for ask in (Ask.PLAYER_TURN, Ask.BANJER_TECH, Ask.BANJER_HEWN, Ask.BANJER_SOCKET):
        assert state.frames[-1].ask == ask
        legal = HEWNS.legal_actions(state)
        HEWNS.apply_action(state, bot.choose(state, 0, legal, rng))
    assert state.heart[major] == 0 and state.heart[minor] == -1
    assert bot.tech_worth(state, 0, TechKind.HEART_STONES) > 0.0  # the Minor's
    pos.set_heart(state, minor, 0)
    assert bot.tech_worth(state, 0, TechKind.HEART_STONES) == 0.0


@pytest.mark.parametrize("agent", [ProspectorAgent, RaiderAgent])
def test_scripted_bots_always_try_to_regain_control(agent: Any) -> None:
    """Re-asserting control costs nothing: the bots always try."""
    state = pos.actions_phase(2, shown=True, cards="nanas")
    miner = pos.place(state, "Major Miner", 1, 34)
    pos.set_heart(state, miner, 0)
    pos.start_player_turn(state, 0)
    pos.play(state, "CTRL END_PLAYER_TURN")
    assert state.frames[-1].ask == Ask.REASSERT
    bot = agent()
    bot.reset(0, state.config)
    legal = HEWNS.legal_actions(state)
    assert bot.choose(state, 0, legal, np.random.default_rng(0)) == Ctrl.YES


@pytest.mark.parametrize(("rival_techs", "repairing"), [((), 4), (("Nananbites",), 2)])
def test_scripted_bots_keep_nananbites_to_defend_only_against_a_repairer(
    rival_techs: tuple[str, ...], repairing: int
) -> None:
    """A scripted repairer puts all its Nananbites to the repair when the other
    Hewn cannot repair it; against one that may, a third of them defend
    ("Nananbites can be used in repairing OR in defence of a repair")."""
    from scavenger_env.hewns.engine import rules
    from scavenger_env.hewns.engine.actions import NUM, SPACE

    state = pos.actions_phase(2, cards="nanas", shown=True)
    mama = ["Mamabite", *["Nananbites"] * 4]
    mover = pos.place(state, "Dreampogg", 0, 11, techs=mama)
    pos.place(state, "Gombat", 1, 1, techs=list(rival_techs))
    pos.start_hewn_turn(state, mover)
    for action in (SPACE + 1, *[NUM] * 10, Option.BRAIN_REPAIR):
        while state.frames[-1].ask == Ask.TRANSMIT_AWAY:
            rules.apply_action(state, Ctrl.DONE)
        rules.apply_action(state, action)
    assert state.frames[-1].ask == Ask.NANA_SPLIT
    legal = rules.legal_actions(state)
    pick = RaiderAgent().choose(state, 0, legal, np.random.default_rng(0))
    assert pick == NUM + repairing


def test_scripted_bots_play_and_buy_swarms_in_complete_games() -> None:
    """cards="complete": the Prospector and the Raider answer every decision
    legally and buy the swarms ("Veyark & 8 Arkz", "Blazooog & 6 Inclincs")."""
    from scavenger_env.hewns.engine.data import HEWN_TYPES
    from scavenger_env.hewns.engine.state import BOUGHT_HEWN, PURCHASE

    last: list[Any] = []

    def note(state: Any, seat: int, legal: list[int], agent: Any) -> None:
        last[:] = [state]

    swarms: list[str] = []
    for seed in range(5):
        n = 2 + seed % 3
        agents: list[Any] = [
            [RaiderAgent, ProspectorAgent][(i + seed) % 2]() for i in range(n)
        ]
        decisions, _ = play(agents, seed, note, cards="complete")
        assert decisions
        p = last[0].purchases
        swarms += [
            HEWN_TYPES[p[i + 3]].name
            for i in range(0, len(p), PURCHASE)
            if p[i + 2] == BOUGHT_HEWN and HEWN_TYPES[p[i + 3]].members
        ]
    assert swarms


def test_scripted_bots_fit_technology_in_secret_before_entering() -> None:
    """With secrets on (cards="nanas", secret_loads=True) the scripted bots
    play legal whole games on their own views, and attach what they bought to
    their Hewns behind the screen ("the heart card can be secretly attached
    (i.e. inserted) behind the players screen"): hidden fittings are seen
    during the games, and shown once the Hewn enters the board."""
    hidden = shown = checked = 0
    rng = np.random.default_rng(3)

    def note(state: Any, seat: int, legal: list[int], agent: Any) -> None:
        nonlocal hidden, shown, checked
        if any(any(flags) for flags in state.slot_hidden) or any(state.heart_hidden):
            # what the mover is handed keeps its own decision and view
            checked += 1
            for copy in (
                HEWNS.redact(state, seat),
                HEWNS.determinize(state, seat, rng),
            ):
                assert HEWNS.legal_actions(copy) == legal
                assert HEWNS.player_view(copy, seat) == HEWNS.player_view(state, seat)
                assert HEWNS.render(copy, seat) == HEWNS.render(state, seat)
        for h, flags in enumerate(state.slot_hidden):
            fitted = any(f and k >= 0 for f, k in zip(flags, state.slots[h]))
            if fitted and state.loc[h] >= 0:
                raise AssertionError(f"Hewn {h} is on the board with hidden fittings")
            hidden += fitted
        shown += sum(
            1
            for h in range(len(state.slots))
            if state.loc[h] >= 0 and any(k >= 0 for k in state.slots[h])
        )

    for seed in range(3):
        agents: list[Any] = [
            [ProspectorAgent, RaiderAgent][(seat + seed) % 2]() for seat in range(2)
        ]
        decisions, _ = play(agents, seed, note, cards="nanas", secret_loads=True)
        assert decisions
    assert hidden > 0 and shown > 0 and checked > 0


def test_greedy_plays_on_in_its_copy_past_revealed_picks_with_secret_loads() -> None:
    """The complete game hides what was loaded behind the screen, yet the
    picks a same-space or ranged encounter has revealed must be paid ("each
    Hewn ... will use up 1 Substract" per die): a bot's copy keeps on the
    payer what its revealed picks show it carries, so the greedy bot, which
    plays its copy on, finishes the encounter there. This deal once stopped
    the greedy bot at such a payment."""
    from agents.tournament.match import play_game
    from scavenger_env.hewns.engine.config import HewnsConfig

    seed = 2021251017632032385
    config = HewnsConfig(num_players=2, cards="complete")
    assert config.loads_secret
    record = play_game(config, seed, ["greedy", "raider"], seed, game="hewns")
    assert record.actions
