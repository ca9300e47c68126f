"""`legal_actions` and `apply_action`: the single source of truth for legality.

`apply_action` checks the action against `legal_actions` before it changes
anything, so an illegal action raises `IllegalActionError` (with the reason from
`explain_illegal`) and leaves the state exactly as it was.
"""

from __future__ import annotations

from scavenger_env.core import errors as core_errors
from scavenger_env.core.actions import as_action, checked_action

from .actions import (
    COLLECT,
    CONFIRM,
    DONE,
    END_TURN,
    MINE,
    NUM_ACTIONS,
    PAY,
    PICK_DOCKS,
    RAID,
    RECRUIT,
    SKILL,
    USE,
    block_of,
)
from .data import Art
from .describe import describe
from .effects import apply_effect, legal_effect, seen_copies
from .payment import (
    HandPower,
    add_to_payment,
    can_collect,
    can_mine,
    can_recruit,
    need,
    payable_cards,
    payment_complete,
    resolve_action,
)
from .queries import has_room, leader
from .raid import may_raid, raid
from .skills import use_skill
from .state import GameState, Kind, Phase
from .turn import end_turn, may_end_turn, may_take, settle, use_action


class IllegalActionError(core_errors.IllegalActionError):
    """An action that the rules do not allow now; the state is unchanged."""


def legal_actions(s: GameState) -> list[int]:
    """Every action the current player may take now, in increasing id order."""
    phase = s.phase
    if phase == Phase.ACTION:
        return _legal_action_phase(s)
    if phase == Phase.PAY:
        out = sorted({PAY + s.cards.type_of[c] for c in payable_cards(s)})
        if payment_complete(s):
            out.insert(0, CONFIRM)
        return out
    if phase == Phase.EFFECT:
        return sorted(legal_effect(s))
    if phase == Phase.START_LEADER:
        return [DONE, USE]
    if phase == Phase.START_ARTIFACT:
        if s.turn.start_queue[0] == Art.RECRUITERS_WHISTLE:
            return [DONE] + [PICK_DOCKS + i for i in range(4) if s.docks[i] >= 0]
        return [DONE, USE]
    return []


def _legal_action_phase(s: GameState) -> list[int]:
    p = s.current_player
    hp = HandPower(s, p)
    out = [RECRUIT + i for i in range(10) if _recruit_ok(s, p, i, hp)]
    mines = [MINE + i for i in range(10) if _mine_ok(s, p, i, hp)]
    out += mines
    out += [COLLECT + i for i in range(6) if _collect_ok(s, p, i, hp)]
    if may_take(s, Kind.SKILL):
        out += sorted({SKILL + s.cards.type_of[c] for c in s.players[p].hand})
    out += [RAID + q for q in range(s.num_players) if _raid_ok(s, q)]
    # Mines that only Drollo's extra Mine allows leave no normal action to take.
    extra_only = len(out) == len(mines) and not may_take(s, Kind.MINE)
    if may_end_turn(s, bool(out) and not extra_only):
        out.insert(0, END_TURN)
    return out


def _recruit_ok(s: GameState, p: int, slot: int, hp: HandPower) -> bool:
    # "You cannot take the Recruit action if you have 7 or more cards in hand."
    return (
        s.docks[slot] >= 0
        and may_take(s, Kind.RECRUIT)
        and has_room(s, p)
        and can_recruit(s, p, slot, hp)
    )


def _mine_ok(s: GameState, p: int, slot: int, hp: HandPower) -> bool:
    return (
        s.mine[slot] >= 0
        and (may_take(s, Kind.MINE) or s.turn.extra_mines > 0)
        and can_mine(s, p, slot, hp)
    )


def _collect_ok(s: GameState, p: int, arg: int, hp: HandPower) -> bool:
    stack = arg // 2
    return (
        bool(s.artifact_stacks[stack])
        and may_take(s, Kind.COLLECT)
        and can_collect(s, p, stack, hp)
    )


def _skill_ok(s: GameState, p: int, merc_type: int) -> bool:
    return may_take(s, Kind.SKILL) and any(
        s.cards.type_of[c] == merc_type for c in s.players[p].hand
    )


def _raid_ok(s: GameState, q: int) -> bool:
    # "Instead of taking two actions, you can Raid any player's Base"
    t = s.turn
    return t.normal_used == 0 and not t.raid_targets and may_raid(s, q)


def is_legal(s: GameState, action: object) -> bool:
    """Whether `action` is legal now; cheaper than `action in legal_actions(s)`."""
    a = action if type(action) is int else as_action(action)  # numpy ints too
    if a is None:
        return False
    if s.phase != Phase.ACTION or not 0 <= a < PAY:
        return a in legal_actions(s)
    p = s.current_player
    if a == END_TURN:
        return may_end_turn(s, True) or END_TURN in _legal_action_phase(s)
    if a < RECRUIT:
        return False
    if a < MINE:
        return _recruit_ok(s, p, a - RECRUIT, HandPower(s, p))
    if a < COLLECT:
        return _mine_ok(s, p, a - MINE, HandPower(s, p))
    if a < SKILL:
        return _collect_ok(s, p, a - COLLECT, HandPower(s, p))
    if a < RAID:
        return _skill_ok(s, p, a - SKILL)
    return a - RAID < s.num_players and _raid_ok(s, a - RAID)


def apply_action(s: GameState, action: object) -> None:
    """Apply `action` (an int from `legal_actions`) for the current player, in place.

    Raises:
        IllegalActionError: the action is not legal now (the state is unchanged).
    """
    a = as_action(action)
    if a is None or not is_legal(s, a):
        raise IllegalActionError(explain_illegal(s, action))
    apply_legal_action(s, a)


def apply_legal_action(s: GameState, action: int) -> None:
    """Apply an action taken from `legal_actions(s)` of this very state, without
    checking it again (the environment and search bots have just computed that
    list). Anything else must go through `apply_action`.
    """
    phase = s.phase
    p = s.current_player
    if phase == Phase.ACTION:
        _apply_action_phase(s, action)
    elif phase == Phase.PAY:
        if action == CONFIRM:
            resolve_action(s, s.pay[0], s.pay[1])
            s.resume = Phase.ACTION
            settle(s)
        else:
            add_to_payment(s, _pay_card(s, action - PAY))
    elif phase == Phase.EFFECT:
        apply_effect(s, action)
        settle(s)
    elif phase == Phase.START_LEADER:
        s.resume = Phase.ACTION
        if action == USE:
            # 1.2 "the top one is your Leader and you may now activate its skill"
            use_skill(s, s.cards.type_of[leader(s, p)])
        settle(s)
    elif phase == Phase.START_ARTIFACT:
        art = s.turn.start_queue.pop(0)
        s.resume = Phase.START_ARTIFACT
        if action != DONE:
            _use_start_artifact(s, art, action)
        settle(s)


def _apply_action_phase(s: GameState, action: int) -> None:
    p = s.current_player
    if action == END_TURN:
        end_turn(s)
        return
    s.resume = Phase.ACTION
    name, arg = block_of(action)
    if name == "RAID":
        raid(s, p, arg)
        settle(s)
        return
    if name == "SKILL":
        use_action(s, Kind.SKILL)
        me = s.players[p]
        card = _skill_card(s, arg)
        me.hand.remove(card)
        me.secret.discard(card)
        s.turn.played.append(card)
        use_skill(s, arg)
        settle(s)
        return
    kind = {"RECRUIT": Kind.RECRUIT, "MINE": Kind.MINE, "COLLECT": Kind.COLLECT}[name]
    use_action(s, kind)
    s.pay = [int(kind), arg]
    if need(s, p, kind, arg) <= 0:
        resolve_action(s, kind, arg)  # "you do not have to play a card"
        settle(s)
    else:
        s.phase = Phase.PAY


def _use_start_artifact(s: GameState, art: int, action: int) -> None:
    me = s.players[s.current_player]
    if art == Art.THIRD_CYBER_ARM:
        # "At the beginning of your turn, take the bottom card from your Base."
        me.hand.append(me.base.pop(0))
    elif art == Art.OVERSEERS_WHIP:
        me.subjugated.append(me.base.pop(0))
    elif art == Art.RECRUITERS_WHISTLE:
        slot = action - PICK_DOCKS
        me.hand.append(s.docks[slot])
        s.docks[slot] = -1


def _skill_card(s: GameState, merc_type: int) -> int:
    """Which copy is played for a skill: one Robuster left alone, if any.

    Under rules 2 only copies the opponents have seen count, if any (`seen_copies`).
    """
    copies = [
        c for c in s.players[s.current_player].hand if s.cards.type_of[c] == merc_type
    ]
    if s.config.rules_version >= 2:
        copies = seen_copies(s, copies)
    plain = [c for c in copies if c not in s.turn.recolour]
    return (plain or copies)[-1]


def _pay_card(s: GameState, merc_type: int) -> int:
    """Which copy a PAY of `merc_type` adds: the first one that keeps it valid
    (under rules 2 the first of those the opponents have seen, see `seen_copies`)."""
    fits = [c for c in payable_cards(s) if s.cards.type_of[c] == merc_type]
    if s.config.rules_version >= 2:
        return seen_copies(s, fits)[0]
    return fits[0]


# --- Explanations ---------------------------------------------------------------

_PHASE_HINT = {
    Phase.START_ARTIFACT: "a start-of-turn artifact is offered: USE it or DONE",
    Phase.START_LEADER: "the Leader's skill is offered: USE it or DONE",
    Phase.ACTION: "choose Recruit, Mine, Collect, Skill, Raid or END_TURN",
    Phase.PAY: "a payment is open: PAY a hand card or CONFIRM",
    Phase.EFFECT: "a skill needs its target: pick one or DONE",
    Phase.GAME_OVER: "the game is over",
}


def explain_illegal(s: GameState, action: object) -> str:
    """A sentence saying why `action` is not legal now ('' if it is legal)."""
    a, reason = checked_action(action, NUM_ACTIONS)
    if reason:
        return reason
    legal = legal_actions(s)
    if a in legal:
        return ""
    name, arg = block_of(a)
    what = (
        f"{name}({arg})" if name not in ("END_TURN", "DONE", "USE", "CONFIRM") else name
    )
    prefix = f"{what} is not legal for player {s.current_player}: "
    if s.phase == Phase.GAME_OVER:
        return prefix + "the game is over"
    if s.phase == Phase.ACTION and name == "END_TURN":
        return prefix + _why_not_end_turn(s) + _legal_hint(legal)
    if s.phase != Phase.ACTION or name not in (
        "RECRUIT",
        "MINE",
        "COLLECT",
        "SKILL",
        "RAID",
    ):
        return prefix + _PHASE_HINT[Phase(s.phase)] + _legal_hint(legal)
    return prefix + _why_not_action(s, name, arg)


def _why_not_end_turn(s: GameState) -> str:
    taken = s.turn.normal_used
    return (
        "the rules ask for two different actions, or a Raid, before the turn ends "
        f"(taken so far: {taken}), and an action is still possible; take one "
        "(a Skill with no target is allowed), or play with GameConfig(allow_pass=True)"
    )


def _legal_hint(legal: list[int]) -> str:
    names = [describe_id(a) for a in legal[:8]]
    more = ", ..." if len(legal) > 8 else ""
    return f" (legal now: {', '.join(names)}{more})"


def _why_not_action(s: GameState, name: str, arg: int) -> str:
    p = s.current_player
    t = s.turn
    if name == "RAID":
        if t.normal_used:
            return "a Raid replaces both actions, and an action was already taken"
        if t.raid_targets:
            return "you have already Raided this turn"
        return f"player {arg}'s Base is empty (or not in the game)"
    kind = {"RECRUIT": Kind.RECRUIT, "MINE": Kind.MINE, "COLLECT": Kind.COLLECT}.get(
        name, Kind.SKILL
    )
    if t.raid_targets and not (kind == Kind.MINE and t.extra_mines):
        return "you Raided this turn, which forfeits your two actions"
    if t.normal_used >= 2 and not (kind == Kind.MINE and t.extra_mines):
        return "you have already taken your two actions"
    if not may_take(s, kind) and not (kind == Kind.MINE and t.extra_mines):
        return (
            f"the two actions must be different and you already chose {name} this turn"
        )
    if name == "RECRUIT":
        if s.docks[arg] < 0:
            return f"Docks slot {arg} is empty"
        if not has_room(s, p):
            return "you cannot Recruit with 7 or more cards in hand"
        return "you have no card of exactly one level lower to play"
    if name == "MINE":
        if arg >= 10 or s.mine[arg] < 0:
            return f"Mine slot {arg} is empty"
        return "your cards of one matching colour do not reach the mining cost"
    if name == "COLLECT":
        if arg // 2 >= 3 or not s.artifact_stacks[arg // 2]:
            return "that artifact stack is empty"
        return "your hand's levels do not reach the artifact's cost"
    return "you have no card of that type in hand"


def describe_id(action: int) -> str:
    """The block name and argument of an action id, e.g. 'MINE(3)'."""
    name, arg = block_of(action)
    return name if name in ("END_TURN", "DONE", "USE", "CONFIRM") else f"{name}({arg})"


def describe_action(s: GameState, action: int, viewer: int | None = None) -> str:
    """Human text for `action` taken by the current player in state `s`.

    `viewer` is the seat that reads it: the text says only what that seat may
    know, and "you" for that seat. None: the mover's own words (a transcript).
    """
    return describe(s, action, viewer)
