"""The Hewns bots and artillery (the terrain cards): the Raider fires at an
unseen, weakly defended target when its Igil has Substract to spare, names
that target, and as a defender discards the die the rulebook's Gotler does;
the Prospector never fires; whole terrain games get legal answers."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hewns_games import play_hewns

from agents.base import RandomAgent
from agents.hewns.greedy import GreedyAgent
from agents.hewns.heuristics import ProspectorAgent, RaiderAgent
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import DIE, HEWN, Verb
from scavenger_env.hewns.engine.state import Ask, State
from scavenger_env.hewns.game import HEWNS

IGIL_AT, TARGET_AT, OTHER_AT = 9, 12, 15  # 12 and 15: out of sight of 9


def igil_turn(load: int, **target: Any) -> tuple[State, int, int]:
    """Seat 0's Igil in its Hewn turn with `load` Substract; seat 1's Clampeyt
    out of its sight."""
    state = pos.actions_phase(2, shown=True, cards="terrain")
    igil = pos.place(state, "Igil", 0, IGIL_AT, normal=load)
    clampeyt = pos.place(state, "Clampeyt", 1, TARGET_AT, **target)
    pos.start_hewn_turn(state, igil)
    return state, igil, clampeyt


def choose(agent: Any, state: State) -> int:
    seat = state.frames[-1].seat
    return int(
        agent.choose(state, seat, rules.legal_actions(state), np.random.default_rng(0))
    )


def test_the_raider_fires_at_a_weak_target_with_substract_to_spare() -> None:
    """A damaged Clampeyt (defence 0: "damaged and stunned Hewns ... have a
    defence of 0") out of sight: the Raider's Igil with 5 Substract fires at it,
    with 2 dice at least."""
    state, igil, clampeyt = igil_turn(5, damaged=True)
    raider = RaiderAgent()
    assert Verb.ARTILLERY in rules.legal_actions(state)
    assert choose(raider, state) == Verb.ARTILLERY
    rules.apply_action(state, Verb.ARTILLERY)
    assert choose(raider, state) == HEWN + clampeyt
    rules.apply_action(state, HEWN + clampeyt)
    lasers = choose(raider, state)
    rules.apply_action(state, lasers)
    rules.apply_action(state, choose(raider, state))
    assert state.roll_queue, "the shot is paid and rolled"
    assert 2 <= len(state.roll_queue) <= 4  # its weapon dice; no defence dice
    assert state.normal[igil] == 5 - len(state.roll_queue)


def test_the_raider_keeps_its_substract_and_the_prospector_never_fires() -> None:
    """With only 2 Substract the Raider does not fire; the Prospector, which
    only defends, never does."""
    state, _, _ = igil_turn(2, damaged=True)
    assert Verb.ARTILLERY in rules.legal_actions(state)
    assert choose(RaiderAgent(), state) != Verb.ARTILLERY
    state, _, _ = igil_turn(5, damaged=True)
    assert choose(ProspectorAgent(), state) != Verb.ARTILLERY


def test_the_raider_does_not_fire_at_a_strong_target() -> None:
    """A loaded healthy Hewn with little defence is a target; with a defence
    that beats its lasers on average (one discarded) it is not."""
    state, _, clampeyt = igil_turn(5, normal=4)
    pos.rig(state, clampeyt, ap=1, armour=0)
    assert choose(RaiderAgent(), state) == Verb.ARTILLERY
    pos.rig(state, clampeyt, armour=7)
    assert choose(RaiderAgent(), state) != Verb.ARTILLERY


def test_the_raider_discards_like_the_rulebooks_gotler() -> None:
    """rulebook: the Gotler "forces the attacker to discard his highest dice. He
    removes the attackers "3" laser type dice" (an area die shows 3 too), then
    dodges the area 3."""
    state = pos.actions_phase(2, shown=True, cards="terrain")
    igil = pos.place(state, "Igil", 0, IGIL_AT, normal=5)
    gotler = pos.place(state, "Four-way Gotler", 1, TARGET_AT)
    pos.start_hewn_turn(state, igil)
    pos.play(state, "VERB ARTILLERY", HEWN + gotler, "NUM 1", "NUM 2", "NUM 0")
    pos.roll(state, "laser", 3)
    pos.roll(state, "area", 3, 2)
    pos.roll(state, "speed", 2, 1, 1, 0)
    pos.roll(state, "armour", 0, 0)
    assert state.frames[-1].ask == Ask.DISCARD
    raider = RaiderAgent()
    assert choose(raider, state) == DIE + 0  # the laser 3
    rules.apply_action(state, DIE + 0)
    assert state.frames[-1].ask == Ask.DODGE
    assert choose(raider, state) == DIE + 0  # the area 3


def _play_terrain(agents: list[Any], seed: int) -> set[int]:
    """One whole terrain game; every answer checked legal. Returns the decision
    kinds met."""
    kinds: set[int] = set()

    def note(state: State, seat: int, legal: list[int], agent: Any) -> None:
        kinds.add(state.frames[-1].ask)

    play_hewns(
        agents, HEWNS.make_config(len(agents), cards="terrain"), seed, before=note
    )
    return kinds


@pytest.mark.parametrize("n", [2, 3, 4])
def test_bots_play_legal_whole_terrain_games(n: int) -> None:
    """The Prospector, the Raider and the greedy bot answer legally through
    whole games with the terrain cards."""
    for seed in range(2):
        agents: list[Any] = [
            [ProspectorAgent, RaiderAgent, RandomAgent, GreedyAgent][
                (seat + seed) % 4
            ]()
            for seat in range(n)
        ]
        assert _play_terrain(agents, seed)
