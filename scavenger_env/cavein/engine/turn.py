"""The shape of a turn: starting phase, action phase bookkeeping, clean-up, game end.

Rulebook, "Turn": 1. Starting phase (1.1 artifacts, 1.2 Leader); 2. Action phase
(two different actions, or a Raid); 3. Clean-up (3.1 played cards onto the Base,
3.2 trim to 7, 3.3 refill, Cave-In for stacks that ran out this turn).
"""

from __future__ import annotations

from .data import (
    BASE_LIMIT,
    CRYSTAL_CAVE_IN,
    DOCKS_SLOT_LEVEL,
    MINE_SLOT_TIER,
    START_OF_TURN_ARTS,
    Art,
)
from .queries import has_room
from .state import GameState, Kind, Phase, TurnState


def begin_turn(s: GameState) -> None:
    """Start the current player's turn at step 1.1."""
    t = TurnState()
    t.stacks_at_start = tuple(bool(x) for x in s.merc_stacks + s.crystal_stacks)
    owned = s.players[s.current_player].artifacts
    t.start_queue = [int(a) for a in START_OF_TURN_ARTS if a in owned]
    s.turn = t
    s.effects = []
    s.pay = []
    advance_start(s)


def start_artifact_usable(s: GameState, art: int) -> bool:
    """Whether a start-of-turn artifact could do anything now.

    Third Cyber-arm: "If you are already at your hand limit, you cannot use this
    ability. Also, if your Base only has one card (your Leader), you cannot".
    """
    p = s.current_player
    base = s.players[p].base
    if art == Art.THIRD_CYBER_ARM:
        return has_room(s, p) and len(base) > 1
    if art == Art.RECRUITERS_WHISTLE:
        return has_room(s, p) and any(s.docks[i] >= 0 for i in range(4))
    if art == Art.OVERSEERS_WHIP:
        return len(base) > 1
    raise AssertionError(f"not a start-of-turn artifact: {art}")


def advance_start(s: GameState) -> None:
    """Offer the next usable start-of-turn artifact, then the Leader (1.2)."""
    queue = s.turn.start_queue
    while queue:
        if start_artifact_usable(s, queue[0]):
            s.phase = Phase.START_ARTIFACT
            return
        queue.pop(0)
    # "If you have no Mercenary cards in your Base, skip this step."
    s.phase = Phase.START_LEADER if s.players[s.current_player].base else Phase.ACTION


def settle(s: GameState) -> None:
    """After a choice: pending skill targets first, then back where play was."""
    if s.effects:
        s.phase = Phase.EFFECT
    elif s.resume == Phase.START_ARTIFACT:
        advance_start(s)
    else:
        s.phase = Phase.ACTION


def may_take(s: GameState, kind: Kind) -> bool:
    """ "Take two different actions, or Raid" (Fish'Bean lifts "different")."""
    t = s.turn
    if t.normal_used >= 2 or t.raid_targets:
        return False
    return t.identical or not t.used_kinds & (1 << kind)


def may_end_turn(s: GameState, normal_action_left: bool) -> bool:
    """Whether END_TURN is legal now (`normal_action_left`: a Recruit, Mine,
    Collect, Skill or Raid could still be taken as one of the turn's actions).

    "Take two different actions, or Raid the Base of any player": the rulebook
    never lets a turn pass. From rules 2 the turn ends once its two actions (or a
    Raid) are taken, or early only when none is left to take, so no position is
    without a legal action; Drollo's extra Mine is a skill and optional, so it is
    never owed. `allow_pass` (a house rule) and rules 1 allow END_TURN at any time.
    """
    if s.config.rules_version < 2 or s.config.allow_pass:
        return True
    t = s.turn
    return t.normal_used >= 2 or bool(t.raid_targets) or not normal_action_left


def use_action(s: GameState, kind: Kind) -> None:
    """Spend an action; Drollo's extra Mine is spent first since it is free."""
    t = s.turn
    if kind == Kind.MINE and t.extra_mines > 0:
        t.extra_mines -= 1
        return
    t.normal_used += 1
    t.used_kinds |= 1 << kind


def gain_crystal(s: GameState, p: int, slot: int, by_mine: bool) -> None:
    """Move a Mine crystal to player `p`.

    "If you Mine a Crystal with a Cave-In symbol on it, move the Cave-In token";
    a crystal taken by a skill moves it only under `skill_crystals_cave_in`.
    """
    crystal = s.mine[slot]
    s.mine[slot] = -1
    s.players[p].crystals.append(crystal)
    if CRYSTAL_CAVE_IN[crystal] and (by_mine or s.config.skill_crystals_cave_in):
        s.cave_in += 1


def clean_up(s: GameState) -> None:
    """Steps 3.1-3.3 and the Cave-In for stacks that ran out this turn."""
    p = s.players[s.current_player]
    # 3.1 "place all the cards that you played this turn on top of your Base"
    p.base.extend(s.turn.played)
    # 3.2 "remove Mercenaries from the bottom of your Base ... until 7 remain"
    if len(p.base) > BASE_LIMIT:
        cut = len(p.base) - BASE_LIMIT
        s.removed.extend(p.base[:cut])
        del p.base[:cut]
    # 3.3 refill each empty space from its own stack
    for slot, level in enumerate(DOCKS_SLOT_LEVEL):
        stack = s.merc_stacks[level - 1]
        if s.docks[slot] < 0 and stack:
            s.docks[slot] = stack.pop()
    for slot, tier in enumerate(MINE_SLOT_TIER):
        stack = s.crystal_stacks[tier]
        if s.mine[slot] < 0 and stack:
            s.mine[slot] = stack.pop()
    s.cave_in += stacks_run_out(s)


def stacks_run_out(s: GameState) -> int:
    """ "for each stack that ran out this turn" (not those empty at its start)."""
    now = s.merc_stacks + s.crystal_stacks
    return sum(
        1
        for had, stack in zip(s.turn.stacks_at_start, now, strict=True)
        if had and not stack
    )


def end_turn(s: GameState) -> None:
    """Clean up, then pass the turn; end the game when the round completes."""
    clean_up(s)
    if s.cave_in >= s.config.cave_in_threshold:
        s.end_triggered = True
    s.turns_taken[s.current_player] += 1
    s.current_player = (s.current_player + 1) % s.num_players
    if s.current_player == s.start_player:
        # "Players keep playing so that everyone has taken the same number of turns."
        if s.end_triggered:
            s.phase = Phase.GAME_OVER
            s.end_reason = "cave-in"
            s.turn = TurnState()
            return
        if s.round >= s.config.max_rounds:
            s.phase = Phase.GAME_OVER
            s.end_reason = "max_rounds"
            s.turn = TurnState()
            return
        s.round += 1
    begin_turn(s)
