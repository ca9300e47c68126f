"""Whole games with the stage 2 ("terrain") cards: the game contract
(`check_game`), and the scripted bots digging with sense."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from quick_set import first_quick

from agents.hewns.heuristics import ProspectorAgent, RaiderAgent
from scavenger_env.core.game_check import check_game
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules, tunnels
from scavenger_env.hewns.engine.actions import SPACE, Option, Verb
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.state import Ask
from scavenger_env.hewns.game import HewnsGame


class TerrainHewns(HewnsGame):
    """Hewns whose configs hold the stage 2 cards unless told otherwise."""

    def make_config(self, num_players: int, **options: Any) -> HewnsConfig:
        return super().make_config(num_players, **{"cards": "terrain", **options})


def test_terrain_games_keep_the_contract() -> None:
    """Queries change nothing, illegal actions are refused and change nothing,
    at every node of random games with the stage 2 cards at 2-4 players."""
    assert check_game(TerrainHewns(), games_per_count=2, seed=3) > 100


def _bot_game(n: int, seed: int, bot: type) -> tuple[rules.State, int, int]:
    """A game of `bot`s; returns the state, the digs and the steps into dug
    tunnels played."""
    rng = np.random.default_rng(seed)
    state = rules.new_game(HewnsConfig(num_players=n, cards="terrain"), rng)
    agent = bot()
    digs = walks = 0
    while not state.over:
        legal = rules.legal_actions(state)
        if state.roll_queue or state.draw_queue:
            action = legal[int(rng.integers(len(legal)))]
        else:
            seat = state.frames[-1].seat
            action = agent.choose(state.clone(), seat, legal, rng)
            assert action in legal
            top = state.frames[-1]
            digs += action == Verb.DIG
            walks += (
                top.ask == Ask.HEWN_TURN
                and SPACE + tunnels.tunnel_loc(0) <= action
                and action < SPACE + tunnels.tunnel_loc(tunnels.NUM_PIECES)
            )
        rules.apply_legal(state, action)
    return state, digs, walks


@pytest.mark.parametrize("n", first_quick([2, 3, 4]))
@pytest.mark.parametrize("bot", [ProspectorAgent, RaiderAgent])
def test_scripted_bots_play_terrain_games_to_the_end(n: int, bot: type) -> None:
    """The Prospector and the Raider play the stage 2 cards to the end."""
    state, _, _ = _bot_game(n, 5 + n, bot)
    assert state.end_reason in ("rounds", "pile", "depleted", "no mines")


def test_a_digger_digs_a_shortcut_to_a_free_mine() -> None:
    """A scripted digger digs when the tunnel brings it nearer a free mine for
    fewer action points than walking ("It costs a Dreampogg 2 action points to
    create a tunnel"), and comes out at the far end."""
    state = pos.actions_phase(2, cards="terrain")
    for space in range(state.board.n_spaces):
        pos.set_mine(state, space, None)
    pos.set_mine(state, 31, 0)  # 45 -> 31: 5 steps; a dig to 30, then 1 step
    clogg = pos.place(state, "Clogg", 0, space=45)
    pos.start_hewn_turn(state, clogg)
    bot = ProspectorAgent()
    rng = np.random.default_rng(0)
    choice = bot.choose(state, 0, rules.legal_actions(state), rng)
    assert choice == Verb.DIG
    pos.play(state, Verb.DIG)
    target = bot.choose(state, 0, rules.legal_actions(state), rng)
    assert target == SPACE + 30
    pos.play(state, target)
    assert bot.choose(state, 0, rules.legal_actions(state), rng) == (
        Option.PLACE_FAR_END
    )


def test_a_digger_does_not_dig_when_walking_is_as_quick() -> None:
    """Digging costs 2 action points: a mine two steps away is walked to."""
    state = pos.actions_phase(2, cards="terrain")
    for space in range(state.board.n_spaces):
        pos.set_mine(state, space, None)
    pos.set_mine(state, 43, 0)
    clogg = pos.place(state, "Clogg", 0, space=45)
    pos.start_hewn_turn(state, clogg)
    choice = ProspectorAgent().choose(
        state, 0, rules.legal_actions(state), np.random.default_rng(0)
    )
    assert choice == SPACE + 44


def test_a_digger_digs_out_of_a_danger_space_ringed_by_tokens() -> None:
    """rulebook: "Sometimes Hewns will find themselves surrounded by danger
    Tokens but they still need to move at least 1 space"; "Hewns may also be
    able to dig; fly; or climb themselves out of danger": a digger whose every
    step leads into a token digs out instead."""
    state = pos.actions_phase(2, cards="terrain")
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    # its steps: 29, and 3 through the magnetic tunnel (26 and 39 are small)
    for space, token in ((6, "lava"), (29, "snedj"), (3, "planet_attack")):
        pos.set_token(state, space, token)
    pos.start_hewn_turn(state, pogg)
    rng = np.random.default_rng(0)
    bot = RaiderAgent()
    assert bot.choose(state, 0, rules.legal_actions(state), rng) == Verb.DIG
    pos.play(state, Verb.DIG)
    target = bot.choose(state, 0, rules.legal_actions(state), rng)
    pos.play(state, target)
    place = bot.choose(state, 0, rules.legal_actions(state), rng)
    assert place != Option.PLACE_STAY
    pos.play(state, place)
    assert state.token[state.loc[pogg]] < 0


def test_the_prospector_digs_and_walks_tunnels_in_its_games() -> None:
    """The bots use the dig ability in play, not only in set positions (six
    games: with the calibrated piles most end early, in round 2 or 3)."""
    digs = walks = 0
    for seed in range(6):
        _, d, w = _bot_game(2 + seed % 3, seed, ProspectorAgent)
        digs += d
        walks += w
    assert digs > 0 and walks > 0
