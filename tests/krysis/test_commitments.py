"""Simultaneous choices, committed in turn: until all have committed, nothing that
another player is shown depends on what was committed.

Rulebook, Mining: "Each player secretly takes as many crystals from behind his
screen ... When all players are ready, they simultaneously reveal". Building Up
the Teams: "Each player chooses an agent card from his hand and places it face
down in front of him. When all the players have finished, they simultaneously
reveal their card". The advanced squad ("put back in the box without being shown
to the other players") and the 9-card hand are secret too.

Each test takes a position where a player is about to commit, plays two different
commitments on two copies, and checks that every other player gets the same
observation, action mask, info, view, picture and action words from both, and
that the committing player does not (so the test can fail).
"""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env import krysis_v0
from scavenger_env.krysis import codec
from scavenger_env.krysis.engine import (
    KrysisConfig,
    Phase,
    State,
    apply_action,
    describe_action,
    legal_actions,
    new_game,
    player_view,
)
from scavenger_env.krysis.game import KRYSIS
from scavenger_env.krysis.observation import Encoder
from scavenger_env.krysis.render import render_state

COMMIT_PHASES = (Phase.BID, Phase.PICK, Phase.SQUAD, Phase.HAND)


def finish_own_bid(s: State) -> None:
    """The bidder bids nothing of the colours still to come."""
    bidder = s.mover
    while s.phase == Phase.BID and s.mover == bidder and not s.bid_done[bidder]:
        apply_action(s, legal_actions(s)[0])


def still_hidden(before: State, after: State) -> bool:
    """Whether `after` is still before the reveal of `before`'s commitments (the
    same phase, and for picks the same pick round)."""
    return after.phase == before.phase and after.pick_round == before.pick_round


def assert_same_for_others(a: State, b: State, committer: int) -> None:
    encoder = Encoder()
    assert a.mover == b.mover and a.phase == b.phase
    assert KRYSIS.phase(a) == KRYSIS.phase(b)  # the env's info
    for v in range(a.n):
        if v == committer:
            continue
        assert np.array_equal(encoder.encode(a, v), encoder.encode(b, v)), v
        assert player_view(a, v) == player_view(b, v), v
        assert render_state(a, v) == render_state(b, v), v
        if a.mover == v:  # the next to commit: same choices
            ma = codec.legal_mask(legal_actions(a), v, a.n)
            mb = codec.legal_mask(legal_actions(b), v, b.n)
            assert np.array_equal(ma, mb)


def commitments(config: KrysisConfig, seeds: range) -> int:
    """Check every commitment with a later one still to come in random games;
    returns how many were checked."""
    checked = 0
    encoder = Encoder()
    for seed in seeds:
        s = new_game(config, seed)
        rng = np.random.default_rng(seed)
        while not s.is_over:
            legal = legal_actions(s)
            if s.phase in COMMIT_PHASES and len(legal) > 1:
                m = s.mover
                x, y = rng.choice(legal, 2, replace=False)
                a, b = s.clone(), s.clone()
                for v in range(s.n):  # the words for the two choices
                    if v != m:
                        assert describe_action(s, int(x), v) == describe_action(
                            s, int(y), v
                        )
                        assert KRYSIS.narrate(s, int(x), v) == KRYSIS.narrate(
                            s, int(y), v
                        )
                apply_action(a, int(x))
                apply_action(b, int(y))
                if s.phase == Phase.BID:
                    if still_hidden(s, a) and still_hidden(s, b):
                        assert_same_for_others(a, b, m)
                    finish_own_bid(a)
                    finish_own_bid(b)
                if still_hidden(s, a) and still_hidden(s, b):
                    assert_same_for_others(a, b, m)
                    mine_a, mine_b = encoder.encode(a, m), encoder.encode(b, m)
                    assert not np.array_equal(mine_a, mine_b)
                    checked += 1
            apply_action(s, int(rng.choice(legal)))
    return checked


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_bids_and_picks_stay_hidden_until_revealed(num_players: int) -> None:
    assert commitments(KrysisConfig(num_players=num_players), range(3)) > 20


def test_squad_and_hand_choices_stay_hidden() -> None:
    config = KrysisConfig(num_players=3, advanced=True, nine_card_hand=True)
    assert commitments(config, range(2)) > 40


def test_the_env_tells_the_others_nothing_of_a_pick() -> None:
    """Through the environment: observations, masks, infos and the pictures of
    the other agents are the same whichever agent was picked."""
    envs = [krysis_v0.raw_env(num_players=3, render_mode="ansi") for _ in range(2)]
    for e in envs:
        e.reset(seed=4)
    first = envs[0]
    while first.game.phase != Phase.PICK:
        action = int(
            np.flatnonzero(first.observe(first.agent_selection)["action_mask"])[0]
        )
        for e in envs:
            e.step(action)
    mover = first.agent_selection
    picks = np.flatnonzero(first.observe(mover)["action_mask"])
    envs[0].step(int(picks[0]))
    envs[1].step(int(picks[-1]))
    for agent in first.possible_agents:
        if agent == mover:
            continue
        ours, theirs = (e.observe(agent) for e in envs)
        assert np.array_equal(ours["observation"], theirs["observation"])
        assert np.array_equal(ours["action_mask"], theirs["action_mask"])
        assert envs[0].infos[agent] == envs[1].infos[agent]
        seat = first.possible_agents.index(agent)
        pictures = [render_state(e.game, seat) for e in envs]
        assert pictures[0] == pictures[1]
    assert not np.array_equal(
        envs[0].observe(mover)["observation"], envs[1].observe(mover)["observation"]
    )
