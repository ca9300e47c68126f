"""Determinism, `clone()` independence and illegal actions.

A game is exactly `(config, seed, actions)`: replaying them gives the same state
field for field, whatever the global `random` / `numpy.random` state. A clone
shares nothing mutable with its original. An illegal action raises
`IllegalActionError` with a reason and changes nothing.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import numpy as np
import pytest

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    IllegalActionError,
    Phase,
    apply_action,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.actions import (
    CONFIRM,
    DONE,
    END_TURN,
    MINE,
    PAY,
    PICK_MINE,
    RAID,
    RECRUIT,
    SKILL,
    USE,
)
from scavenger_env.cavein.engine.scenario import (
    merc_type,
    restart_turn,
    scenario,
    set_base,
    set_hand,
    set_totem,
)
from scavenger_env.cavein.engine.state import (
    GAME_FIELDS,
    PLAYER_FIELDS,
    TURN_FIELDS,
    PlayerState,
    TurnState,
)
from scavenger_env.cavein.engine.state import snapshot as engine_snapshot

CONFIGS = [
    GameConfig(num_players=2),
    GameConfig(num_players=3, weedlock_text="de", merc_distribution="4/4/3/2"),
    GameConfig(num_players=4, skill_crystals_cave_in=True, scrabber_every_mine=False),
]


# --- helpers -------------------------------------------------------------------


def snapshot(s: GameState) -> dict[str, Any]:
    """Every field of the state, nested ones included."""
    snap = engine_snapshot(s)
    assert set(snap) == set(GAME_FIELDS)
    return snap


def random_actions(config: GameConfig, seed: int, limit: int = 100_000) -> list[int]:
    """The actions of one random legal game (moves drawn from a local Generator)."""
    s = new_game(config, seed)
    rng = np.random.default_rng(1000 + seed)
    actions: list[int] = []
    while not s.is_over and len(actions) < limit:
        legal = legal_actions(s)
        actions.append(legal[int(rng.integers(len(legal)))])
        apply_action(s, actions[-1])
    return actions


def disturb_global_random(step: int) -> None:
    """Use and reseed the global generators the engine must not depend on."""
    random.random()
    np.random.random()
    np.random.seed(step % 2**32)
    random.seed(step * 7 + 1)
    random.random()
    np.random.random(3)


def deal(s: GameState) -> Any:
    """What set-up drew: factions, Docks, Mine, hands, stacks, totems, start."""
    return copy.deepcopy(
        [
            s.in_play,
            s.docks,
            s.mine,
            [p.hand for p in s.players],
            s.merc_stacks,
            s.crystal_stacks,
            s.artifact_stacks,
            s.totem_owner,
            s.start_player,
        ]
    )


# --- determinism ---------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS)
def test_replay_gives_identical_states_despite_global_random(
    config: GameConfig,
) -> None:
    seed = 11
    actions = random_actions(config, seed)
    first = new_game(config, seed)
    snaps = [snapshot(first)]
    for a in actions:
        apply_action(first, a)
        snaps.append(snapshot(first))
    assert first.is_over

    np.random.seed(12345)
    random.seed(54321)
    second = new_game(config, seed)
    assert snapshot(second) == snaps[0]
    for step, a in enumerate(actions, start=1):
        disturb_global_random(step)
        apply_action(second, a)
        assert snapshot(second) == snaps[step], f"states differ after step {step}"


def test_new_game_ignores_global_random_state() -> None:
    config = GameConfig(num_players=3)
    np.random.seed(1)
    random.seed(1)
    a = snapshot(new_game(config, 42))
    np.random.seed(2)
    random.seed(2)
    np.random.random(100)
    b = snapshot(new_game(config, 42))
    assert a == b


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_different_seeds_give_different_deals(num_players: int) -> None:
    config = GameConfig(num_players=num_players)
    deals = [deal(new_game(config, seed)) for seed in range(40)]
    assert all(deals[i] != deals[j] for i in range(40) for j in range(i))
    # Even the visible part differs: the Docks, the Mine and the hands.
    visible = {str(d[1:4]) for d in deals}
    assert len(visible) == 40


# --- clone -----------------------------------------------------------------------


def scribble(value: Any) -> None:
    """Mutate every mutable container reachable from `value`, in place."""
    if isinstance(value, (PlayerState, TurnState, GameState)):
        fields = {PlayerState: PLAYER_FIELDS, TurnState: TURN_FIELDS}.get(
            type(value), GAME_FIELDS
        )
        for name in fields:
            if name not in ("config", "cards"):
                scribble(getattr(value, name))
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append(-99)
    elif isinstance(value, dict):
        value[-99] = -99
    elif isinstance(value, set):
        value.add(-99)


def test_clone_is_equal_and_independent_at_every_step() -> None:
    config = GameConfig(num_players=3)
    actions = random_actions(config, 5)
    s = new_game(config, 5)
    phases_seen = set()
    for a in actions:
        before = snapshot(s)
        c = s.clone()
        assert snapshot(c) == before
        phases_seen.add(s.phase)
        scribble(c)  # every list, dict and set of the clone, nested ones too
        c.cave_in += 100
        c.phase = Phase.GAME_OVER
        assert snapshot(s) == before
        apply_action(s, a)
    assert {Phase.ACTION, Phase.PAY, Phase.EFFECT, Phase.START_LEADER} <= phases_seen


def test_playing_on_a_clone_leaves_the_original_alone_and_vice_versa() -> None:
    config = GameConfig(num_players=4)
    actions = random_actions(config, 8)
    s = new_game(config, 8)
    for a in actions[: len(actions) // 2]:
        apply_action(s, a)
    before = snapshot(s)
    c = s.clone()
    for a in actions[len(actions) // 2 :]:
        apply_action(c, a)
    assert c.is_over
    assert snapshot(s) == before
    # ... and the original playing on does not move the clone.
    c2 = s.clone()
    clone_before = snapshot(c2)
    for a in actions[len(actions) // 2 :]:
        apply_action(s, a)
    assert snapshot(c2) == clone_before
    assert snapshot(s) == snapshot(c)


# --- illegal actions --------------------------------------------------------------


def assert_refused(s: GameState, action: Any, reason: str) -> None:
    """`action` raises IllegalActionError mentioning `reason`; nothing changes."""
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as info:
        apply_action(s, action)
    assert reason in str(info.value), str(info.value)
    assert snapshot(s) == before


FIRST_GAME = GameConfig(num_players=3, factions="first_game")


@pytest.mark.parametrize("action", [-1, 156, 10**9, -(10**9)])
def test_out_of_range_ints_are_refused(action: int) -> None:
    s = new_game(FIRST_GAME, 1)
    assert_refused(s, action, f"action {action} is outside 0..155")


@pytest.mark.parametrize(
    "action", ["0", 0.0, 14.0, None, True, False, [0], (14,), b"\x00"]
)
def test_non_int_actions_are_refused(action: Any) -> None:
    s = new_game(dataclasses.replace(FIRST_GAME, allow_pass=True), 1)
    assert END_TURN in legal_actions(s)  # 0.0, False and "0" look like it
    assert_refused(s, action, "an action must be an int in 0..155")


def test_bool_is_refused_even_where_its_int_value_is_legal() -> None:
    s = scenario(FIRST_GAME, seed=1)
    set_base(s, 0, ["Driller"])
    restart_turn(s, 0)
    assert legal_actions(s) == [DONE, USE]  # True == 1 == DONE
    assert_refused(s, True, "an action must be an int")


def test_actions_from_the_wrong_phase_are_refused() -> None:
    s = scenario(FIRST_GAME, seed=2)
    set_hand(s, 0, ["Foreman", "Driller"])
    set_base(s, 0, ["Driller"])
    restart_turn(s, 0)
    assert s.phase == Phase.START_LEADER
    assert_refused(s, END_TURN, "the Leader's skill is offered")
    assert_refused(s, RECRUIT + 0, "the Leader's skill is offered")

    apply_action(s, DONE)
    assert s.phase == Phase.ACTION
    for action in (CONFIRM, USE, DONE, PAY + merc_type("Foreman"), PICK_MINE):
        assert_refused(s, action, "choose Recruit, Mine, Collect, Skill, Raid")

    apply_action(s, RECRUIT + 7)  # a level 3: pay one level 2
    assert s.phase == Phase.PAY
    assert_refused(s, END_TURN, "a payment is open")
    assert_refused(s, PAY + merc_type("Driller"), "a payment is open")

    apply_action(s, PAY + merc_type("Foreman"))
    apply_action(s, CONFIRM)
    apply_action(s, SKILL + merc_type("Driller"))
    assert s.phase == Phase.EFFECT
    assert_refused(s, END_TURN, "a skill needs its target")


def test_actions_after_the_game_are_refused() -> None:
    config = GameConfig(num_players=2)
    s = new_game(config, 3)
    for a in random_actions(config, 3):
        apply_action(s, a)
    assert s.is_over and legal_actions(s) == []
    assert_refused(s, END_TURN, "the game is over")


def test_recruit_with_seven_cards_is_refused() -> None:
    s = scenario(FIRST_GAME, seed=3)
    set_hand(s, 0, ["Driller"] * 4 + ["Frogt'Opus"] * 3)
    restart_turn(s, 0)
    assert_refused(s, RECRUIT + 0, "you cannot Recruit with 7 or more cards in hand")


def test_a_second_identical_action_without_fish_bean_is_refused() -> None:
    s = scenario(FIRST_GAME, seed=4)
    set_hand(s, 0, ["Driller", "Frogt'Opus"])
    restart_turn(s, 0)
    apply_action(s, RECRUIT + 0)  # a free level 1
    assert_refused(
        s, RECRUIT + 1, "the two actions must be different and you already chose"
    )


def test_a_raid_after_an_action_is_refused() -> None:
    s = scenario(FIRST_GAME, seed=5)
    set_base(s, 1, ["Driller", "Foreman"])
    restart_turn(s, 0)
    assert RAID + 1 in legal_actions(s)
    apply_action(s, RECRUIT + 0)
    assert_refused(s, RAID + 1, "a Raid replaces both actions")


def test_actions_after_a_raid_are_refused() -> None:
    s = scenario(FIRST_GAME, seed=5)
    set_base(s, 1, ["Driller", "Foreman"])
    restart_turn(s, 0)
    apply_action(s, RAID + 1)
    assert_refused(s, RECRUIT + 0, "you Raided this turn")
    assert_refused(s, RAID + 1, "you have already Raided this turn")


def test_mining_without_matching_cards_is_refused() -> None:
    s = scenario(FIRST_GAME, seed=6)
    for colour in ("brown", "blue", "purple", "yellow"):
        set_totem(s, colour, -1)
    set_hand(s, 0, ["Driller"])
    restart_turn(s, 0)
    slot = next(i for i in range(4, 10) if s.mine[i] >= 0)  # cost 3 or more
    assert_refused(s, MINE + slot, "do not reach the mining cost")


def test_is_legal_takes_the_numpy_integers_apply_action_takes() -> None:
    """`rules.is_legal`, the engine's quick test, agrees with `legal_actions`
    for numpy integers as for ints."""
    from scavenger_env.cavein.engine.rules import is_legal

    s = new_game(GameConfig(num_players=2), 3)
    for _ in range(3):
        apply_action(s, legal_actions(s)[0])
    legal_now = legal_actions(s)
    wrong = next(a for a in range(200) if a not in legal_now)
    for kind in (int, np.int64, np.int32, np.uint8):
        assert is_legal(s, kind(legal_now[0]))
        assert not is_legal(s, kind(wrong))
