"""The scripted Hewns bots with the "terrain" cards: whole legal games, and the
new decisions taken with sense (a flight to a free mine or out of danger, a
secret entrance near a mine, a Suderer fitted and used)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hewns_games import play_hewns

from agents.base import RandomAgent
from agents.hewns.heuristics import HewnsScriptedAgent, ProspectorAgent, RaiderAgent
from scavenger_env.hewns.engine import entrances
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import SPACE, Verb
from scavenger_env.hewns.engine.data import TechKind
from scavenger_env.hewns.engine.state import Ask, State
from scavenger_env.hewns.game import HEWNS

TERRAIN_VERBS = (Verb.FLY, Verb.CLIMB, Verb.EXTRACT, Verb.SECRET_ENTRANCE)


def play_terrain(agents: list[Any], seed: int, seen: dict[int, int]) -> None:
    """One terrain game between `agents`, every decision checked legal;
    `seen` counts the terrain verbs chosen. Rules 2, the designed numbers
    before calibration (a pile of 90 or more, so games run their three rounds):
    in these seeds' games the bots meet every kind of decision."""

    def count(state: State, seat: int, action: int, agent: Any) -> None:
        if action in TERRAIN_VERBS and not isinstance(agent, RandomAgent):
            seen[action] = seen.get(action, 0) + 1

    config = HEWNS.make_config(len(agents), cards="terrain", rules_version=2)
    play_hewns(agents, config, seed, after=count)


def test_scripted_bots_play_whole_terrain_games_and_answer_every_new_kind() -> None:
    """At 2, 3 and 4 players the Prospector and the Raider answer every
    decision legally, by their own rules (no fall-back to the default choice),
    and use the terrain verbs."""
    missed: list[str] = []
    original = HewnsScriptedAgent._by_ask

    def spy(self: Any, s: Any, seat: int, ask: int, legal: list[int]) -> int:
        pick = original(self, s, seat, ask, legal)
        if pick not in legal and ask in (
            Ask.FLIGHT_TARGET,
            Ask.EXTRACT_KEEP,
            Ask.ENTRANCE_SIZE,
            Ask.ENTRANCE_SPACE,
        ):
            missed.append(Ask(ask).name)
        return pick

    seen: dict[int, int] = {}
    HewnsScriptedAgent._by_ask = spy  # type: ignore[method-assign]
    try:
        for seed in range(9):
            n = 2 + seed % 3
            agents: list[Any] = [
                [ProspectorAgent, RaiderAgent][i % 2]() for i in range(n)
            ]
            play_terrain(agents, seed, seen)
    finally:
        HewnsScriptedAgent._by_ask = original  # type: ignore[method-assign]
    assert not missed, sorted(set(missed))
    assert seen.get(Verb.EXTRACT, 0) > 0 and seen.get(Verb.SECRET_ENTRANCE, 0) > 0


def choose(state: State, make: Any = ProspectorAgent) -> int:
    legal = HEWNS.legal_actions(state)
    seat = HEWNS.current_player(state)
    return int(make().choose(state, seat, legal, np.random.default_rng(0)))


@pytest.mark.parametrize("make", [ProspectorAgent, RaiderAgent])
def test_a_flier_flies_to_a_free_mine_it_cannot_walk_to_as_cheaply(make: Any) -> None:
    """The only free mine is node 13's, 2 action points away by air and
    farther on foot: the bot flies there, with an action point left to mine
    on landing."""
    state = pos.actions_phase(2, cards="terrain")
    for space, bonus in enumerate(state.mine):
        if bonus >= 0:
            pos.set_mine(state, space, None)
    pos.set_mine(state, 13, 0)
    sveanivo = pos.place(state, "Sveanivo", 0, space=34)
    assert state.board.distance(34, 13) > 2
    pos.start_hewn_turn(state, sveanivo)
    assert choose(state, make) == Verb.FLY
    pos.play(state, Verb.FLY)
    assert choose(state, make) == SPACE + 13


def test_a_flier_walks_when_walking_is_as_cheap() -> None:
    """A free mine one step away is walked to, not flown to (a flight risks the
    d10)."""
    state = pos.actions_phase(2, cards="terrain")
    sveanivo = pos.place(state, "Sveanivo", 0, space=33)  # next to mine 34
    pos.start_hewn_turn(state, sveanivo)
    assert choose(state) == SPACE + 34


def test_a_climber_forced_off_danger_climbs_when_every_step_is_unsafe() -> None:
    """A Chumbee on a Snedj nest whose every step holds lava climbs out to a
    token-free space."""
    state = pos.actions_phase(2, cards="terrain")
    chumbee = pos.place(state, "Chumbee", 0, space=34)
    pos.set_token(state, 34, "snedj")
    for space in state.board.steps[1][34]:
        pos.set_token(state, space, "lava")
    pos.start_hewn_turn(state, chumbee)
    assert choose(state) == Verb.CLIMB
    pos.play(state, Verb.CLIMB)
    target = choose(state) - SPACE
    assert state.token[target] == -1


def test_a_secret_entrance_goes_on_the_free_node_nearest_a_mine() -> None:
    """With the scouting piece the bot opens its entrance at once, on the free
    node nearest a mine (the bigger piece on a tie)."""
    state = pos.actions_phase(2, cards="terrain")
    pos.set_screen(state, 0, secret_entrance=1)
    pos.place(state, "Skrunke", 0)
    pos.start_player_turn(state, 0)
    assert choose(state) == Verb.SECRET_ENTRANCE
    pos.play(state, Verb.SECRET_ENTRANCE)
    pos.play(state, choose(state))
    node = choose(state) - SPACE
    mines = [s for s, b in enumerate(state.mine) if b >= 0]
    size = entrances.entrance_frame(state.frames[-1]).size
    homes = [h for z in (1, 2, 3) for h in entrances.free_homes(state, z)]

    def near(x: int) -> int:
        return min(state.board.distance(x, m) for m in mines)

    assert node in entrances.free_homes(state, size)
    assert near(node) == min(near(h) for h in homes)


def test_a_suderer_is_fitted_and_used() -> None:
    """A Suderer on the screen is Banjered into a free Nanasocket, and the
    Hewn extracts in its turn (no mine where it stands)."""
    state = pos.actions_phase(2, cards="terrain")
    pos.set_screen(state, 0, suderer=1)
    skrunke = pos.place(state, "Skrunke", 0, space=33)
    pos.start_player_turn(state, 0)
    assert choose(state) == Verb.BANJER
    pos.play(state, Verb.BANJER)
    while state.frames[-1].ask != Ask.PLAYER_TURN:
        pos.play(state, choose(state))
    assert TechKind.SUDERER in state.slots[skrunke]
    pos.start_hewn_turn(state, skrunke)
    assert choose(state) == Verb.EXTRACT
