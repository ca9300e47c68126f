"""Same-space encounters (rulebook "SAME SPACE ENCOUNTERS"): the two Hewns of
one space attack or repair each other. They run on the encounter machine of
`ranged` (a `Ask.SAME_SPACE` frame: picks L, A, K, Q, E, the intents, the
payment, the dice, re-rolls and dodge, the hurt die, escapes); this module adds
what is particular to them: who takes part, the intents, the repair dice, and
the aftermath (control changes, expel, retreat, immediate turns).

Step 2 (transmitting Substract away, off planet only) is the encounter
machine's TRANSMIT_AWAY. Stage 3: after its intent each Hewn with Nananbites
that repairs says how many of them repair (NANA_SPLIT, mover first); the rest
defend against a repair; each rolls a Nanadice, and a "Nanadead" kills it. Not
in this version: swarms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import combat, danger, hearts, nanas, secrets, swarm
from .actions import HEWN, NUM, SPACE, Ctrl, Option
from .data import DieKind
from .effects import healthy_at, healthy_enemies_at, stun, token_kills
from .encounter import (
    MOVER_FIGHT,
    REACTOR_FIGHT,
    REPAIR,
    RESIST,
    Enc,
    EncounterFrame,
    EncStep,
    add_announcer,
    encounter_frame,
    humiliated,
    turn_below,
)
from .flow import pop, push, wake
from .state import (
    DEAD,
    FRAME_FIELDS,
    NEUTRAL,
    NONE,
    NUM_HEWNS,
    Ask,
    Frame,
    State,
)
from .tunnels import neighbours
from .turnstate import hewn_turn, start_hewn_turn

REPAIRS = (Option.BODY_REPAIR, Option.BRAIN_REPAIR)


# --- who takes part ---------------------------------------------------------------------
def opponent(enc: Enc, hewn: int, mover: int) -> int:
    """The other Hewn of the encounter ("It is limited to the two Hewns
    involved")."""
    return enc.target if hewn == mover else mover


def _friends(state: State, a: int, b: int) -> bool:
    return state.ctrl[a] >= 0 and state.ctrl[a] == state.ctrl[b]


def may_attack(state: State, enc: Enc, hewn: int, is_reactor: bool) -> bool:
    """rulebook: "note you can't attack your own Hewn"."""
    other = enc.target if not is_reactor else _mover_of(state)
    return not _friends(state, hewn, other)


def _mover_of(state: State) -> int:
    return encounter_frame(state).hewn


def intents(state: State, enc: Enc, hewn: int, mover: int) -> list[int]:
    """D24: attack an enemy or a neutral; body repair a damaged friend or
    neutral; brain repair an enemy or a neutral (repairs need a repair source).
    rulebook: "When you secretly pick up a weapon dice, you have chosen to
    attack and not repair" (so does exploding)."""
    other = opponent(enc, hewn, mover)
    friend = _friends(state, hewn, other)
    out: list[int] = [] if friend else [Option.ATTACK]
    lasers, areas, _, _, explode = enc.pick(hewn)
    if lasers + areas + explode > 0 or not combat.can_repair(state, hewn):
        return out
    neutral = state.ctrl[other] == NEUTRAL
    if state.damaged[other] and (friend or neutral):
        out.append(Option.BODY_REPAIR)
    if not friend:
        out.append(Option.BRAIN_REPAIR)
    return sorted(out)


def optional_targets(state: State, turn: Frame) -> list[int]:
    """rulebook: "If any Hewn moves into the space of either a damaged enemy Hewn
    OR neutral Hewn OR damaged friendly Hewn ... and chooses to repair/attack one
    of those Hewns"; a humiliating target costs 1 AP (D59)."""
    mover = turn.hewn
    loc = state.loc[mover]
    if loc < 0 or not state.healthy(mover):
        return []
    out = []
    for t in range(NUM_HEWNS):
        if t == mover or state.loc[t] != loc or state.healthy(t):
            continue
        if humiliated(turn, t, state) and hewn_turn(turn).ap < 1:
            continue
        friend = _friends(state, mover, t)
        repairs = combat.can_repair(state, mover)
        if not friend or (state.damaged[t] and repairs):
            out.append(t)
    return out


# --- starting ---------------------------------------------------------------------------
def auto(state: State, turn: Frame) -> bool:
    """rulebook: "When a "Moving Hewn" moves into the same space as a healthy
    enemy Hewn, the Hewns must AUTOMATICALLY encounter each other!"; D64: with
    several, the mover picks one. Returns whether an encounter began."""
    mover = turn.hewn
    if not state.healthy(mover) or state.loc[mover] < 0:
        return False
    enemies = healthy_enemies_at(state, state.loc[mover], turn.seat)
    if not enemies:
        return False
    if len(enemies) == 1:
        start(state, turn, enemies[0])
    else:
        push(state, Frame(Ask.SAME_TARGET, turn.seat, mover))
    return True


def start_optional(state: State, turn: Frame) -> None:
    """ENCOUNTER_SAME: the mover names its target at once (design 4.9)."""
    push(state, Frame(Ask.SAME_TARGET, turn.seat, turn.hewn, other=1))


def start(state: State, turn: Frame, target: int) -> None:
    """The encounter of the mover and `target`: each healthy one picks dice."""
    mover = turn.hewn
    if humiliated(turn, target, state):
        hewn_turn(turn).ap -= 1
    enc = Enc()
    enc.same = 1
    enc.target = target
    enc.space = state.loc[mover]
    add_announcer(enc, mover)
    if state.healthy(target):
        add_announcer(enc, target)
    frame = EncounterFrame(Ask.SAME_SPACE, turn.seat, mover, enc, step=EncStep.JOIN)
    push(state, frame)
    wake(state)


# --- intents and dice -----------------------------------------------------------------------
def next_intent(state: State, enc: Enc, frame: Frame) -> bool:
    """rulebook: "Starting with the moving Hewn, players with healthy Hewns in
    this encounter announce whether they will attack or repair" (D23: after the
    reveal). A Hewn with one choice is not asked. Then, before the next Hewn
    declares, a repairer with Nananbites says how many repair ("The Dreampogg
    decides to use 3 of his Nanabites on repairing and 1 on defence")."""
    while enc.cursor < len(enc.ann):
        hewn = enc.ann[enc.cursor]
        if enc.intent[enc.cursor] == NONE:
            options = intents(state, enc, hewn, frame.hewn)
            if len(options) > 1:
                push(state, Frame(Ask.INTENT, state.ctrl[hewn], hewn))
                return True
            enc.intent[enc.cursor] = options[0]
        choices = split_choices(state, enc, hewn)
        if len(choices) > 1 and (not enc.split or enc.split[enc.cursor] == NONE):
            push(state, Frame(Ask.NANA_SPLIT, state.ctrl[hewn], hewn))
            return True
        if len(choices) == 1 and choices[0] > 0:
            _set_split(enc, hewn, choices[0])
        enc.cursor += 1
    return False


def split_choices(state: State, enc: Enc, hewn: int) -> range:
    """How many of its Nananbites `hewn` may put to repair: none unless it
    repairs ("Nananbites can be used in repairing OR in defence of a repair");
    at least one when they are its only repair source."""
    held = nanas.nananbites(state, hewn)
    if enc.intent_of(hewn) not in REPAIRS or held == 0:
        return range(1)
    return range(0 if combat.repair_source(state, hewn) > 0 else 1, held + 1)


def _set_split(enc: Enc, hewn: int, repairing: int) -> None:
    if not enc.split:
        enc.split = [NONE] * len(enc.ann)
    enc.split[enc.ann.index(hewn)] = repairing


def defending_nanas(state: State, enc: Enc, hewn: int) -> int:
    """rulebook: "Each Nananbite used in defence is worth 1 Nanadice in
    defence": a Nananbite that does not repair defends (a ruling)."""
    return nanas.nananbites(state, hewn) - enc.repairing_nanas(hewn)


def repair_dice(
    state: State, enc: Enc, mover: int, add: Callable[[int, int, int, int], None]
) -> None:
    """Step 6: the repairer rolls its repair d10s; a healthy defender "1 d10 in
    defence - all Hewns get this" plus a d10 per brain screen and one for a gem
    (`gem_defence`) and a Nanadice per defending Nananbite; a non-healthy one
    1 d10 "to reflect the difficulty of the repair". The repairer's Nanadice
    follow its d10s: "1 special Nanadice for each Nananbite that they choose to
    use in the repair"."""
    for fight, actor in ((MOVER_FIGHT, mover), (REACTOR_FIGHT, enc.target)):
        if enc.intent_of(actor) not in REPAIRS:
            continue
        victim = opponent(enc, actor, mover)
        for _ in range(combat.repair_source(state, actor)):
            add(DieKind.D10, actor, fight, REPAIR)
        for _ in range(enc.repairing_nanas(actor)):
            add(DieKind.NANA, actor, fight, REPAIR)
        healthy = state.healthy(victim)
        screens = enc.pick(victim)[3] if victim in enc.ann else 0
        extra = screens + gem_defence(state, victim) if healthy else 0
        for _ in range(1 + extra):
            add(DieKind.D10, victim, fight, RESIST)
        for _ in range(defending_nanas(state, enc, victim) if healthy else 0):
            add(DieKind.NANA, victim, fight, RESIST)


def gem_defence(state: State, hewn: int) -> int:
    """rulebook, defence from repair: "If they have a complete heart card, they
    get an extra d10. (If they have a Substract Gem inserted in their heart
    card, they would also get that extra d10.)": a stone (stage 3) or a gem
    (rules 2)."""
    return hearts.heart_d10(state, hewn)


def resolve_repairs(state: State, enc: Enc, frame: Frame) -> None:
    """rulebook: "if the repairer rolls highest, the repair succeeds"; "A draw
    always favours the defending Hewn". The new controller is the repairer's
    at the roll ("a control rod that matches the repairer's control rod
    colour"); a failed repair on a damaged/stunned Hewn is humiliating."""
    mover = frame.hewn
    rolled: list[tuple[int, int, int]] = []
    for fight, actor in ((MOVER_FIGHT, mover), (REACTOR_FIGHT, enc.target)):
        intent = enc.intent_of(actor)
        if intent not in REPAIRS:
            continue
        victim = opponent(enc, actor, mover)
        rep = [enc.die(j)[:2] for j in enc.fight_dice(fight, REPAIR)]
        res = [enc.die(j)[:2] for j in enc.fight_dice(fight, RESIST)]
        for role in (REPAIR, RESIST):
            rolled.extend(enc.die(j)[:3] for j in enc.fight_dice(fight, role))
        if combat.best(rep) > combat.best(res):
            enc.repairs.extend((victim, intent, state.ctrl[actor]))
        elif actor == mover and not state.healthy(victim):
            turn = turn_below(state, frame)
            if victim not in turn.args:
                turn.args.append(victim)
    # "any Nananbite rolling a "Deadnana" dies, and is returned to the supply"
    nanas.nana_deaths(state, rolled)


# --- the aftermath -------------------------------------------------------------------------
# D25: after the hurt dice and the escapes, control changes, expel, retreat or
# hand-over, immediate turns: the last steps of the encounter machine
# (`ranged.ENC_STEPS`); each returns whether the encounter waits.
def step_after(state: State, enc: Enc, frame: Frame) -> bool:
    """The repairs change control."""
    _control_changes(state, enc, frame)
    frame.step = EncStep.EXPEL
    return False


def step_expel(state: State, enc: Enc, frame: Frame) -> bool:
    """A sole survivor may expel the others (EXPEL)."""
    frame.step = EncStep.RETREAT
    survivor = _sole_survivor(state, enc.space)
    if survivor >= 0 and expellable(state, enc.space, survivor):
        push(state, ExpelFrame(state.ctrl[survivor], survivor))
        return True
    return False


def step_retreat(state: State, enc: Enc, frame: Frame) -> bool:
    """A mover still sharing its space with a healthy Hewn retreats (RETREAT),
    or is stunned where it cannot."""
    mover = frame.hewn
    frame.step = EncStep.END
    loc = state.loc[mover]
    if (
        (not enc.handover or _retreats_before_handover(state, frame))
        and loc >= 0
        and state.healthy(mover)
        and healthy_at(state, loc, mover)
    ):
        if retreat_spaces(state, frame, mover):
            push(state, Frame(Ask.RETREAT, state.ctrl[mover], mover))
            return True
        return swarm.stun_or_lose(state, mover)
    return False


def step_end(state: State, enc: Enc, frame: Frame) -> bool:
    """The encounter ends: the repaired Hewn's immediate turn, or back to the
    mover's turn."""
    if enc.handover:
        _immediate_turn(state, frame, enc.target)
    else:
        pop(state)
    return True


def _retreats_before_handover(state: State, frame: Frame) -> bool:
    """rulebook: "If two Hewns in the space are healthy, the moving Hewn must be
    retreated into an adjacent space (free of healthy Hewns) of his owner's
    choice - even if this is by a new owner!": when both brain repairs succeed,
    the mover, now the other player's, is retreated by its new owner before the
    repaired Hewn takes its turn (rules 2; rules 1 left the two enemies
    sharing the space)."""
    return state.config.audit_fixes() and state.ctrl[frame.hewn] != frame.seat


def _control_changes(state: State, enc: Enc, frame: Frame) -> None:
    """rulebook: a damage repair removes "the damage counter"; a brain repair
    inserts "a control rod that matches the repairer's control rod colour".
    If the mover's repair made the other Hewn healthy and the mover's own,
    "the moving Hewn's turn ends now, and the previously damaged Hewn must take
    its turn"."""
    for i in range(0, len(enc.repairs), 3):
        victim, intent, seat = enc.repairs[i : i + 3]
        if state.loc[victim] == DEAD:
            continue
        if intent == Option.BODY_REPAIR:
            state.damaged[victim] = False
        else:
            secrets.reveal(state, victim)
            state.ctrl[victim] = seat
    target = enc.target
    by_mover = any(enc.repairs[i] == target for i in range(0, len(enc.repairs), 3))
    enc.handover = int(
        by_mover
        and state.loc[target] >= 0
        and state.healthy(target)
        and state.ctrl[target] == frame.seat
    )


def _immediate_turn(state: State, frame: Frame, hewn: int) -> None:
    """The mover's turn ends and the repaired Hewn takes its Hewn turn at once,
    for the mover's player (D28: it counts as its Hewn turn); the repaired Hewn
    "must move out of the space ... by the end of its turn". The mover's turn
    ends as any turn does (D10): sharing its space with a healthy Hewn other
    than the repaired one, it is stunned."""
    mover = frame.hewn
    state.frames.pop()  # the encounter
    state.frames.pop()  # the mover's Hewn turn
    loc = state.loc[mover]
    shares = state.healthy(mover) and any(
        h != hewn for h in healthy_at(state, loc, mover)
    )
    if shares and not swarm.is_swarm(state, mover):
        stun(state, mover)
    start_hewn_turn(state, frame.seat, hewn)
    if shares and swarm.is_swarm(state, mover):
        swarm.lose(state, mover, 1)  # D46: chosen before the immediate turn


def _sole_survivor(state: State, space: int) -> int:
    healthy = healthy_at(state, space)
    return healthy[0] if len(healthy) == 1 else -1


def expel_spaces(state: State, hewn: int) -> list[int]:
    """rulebook: "into any adjacent space(s) of the survivor's choice" (one that
    admits the expelled Hewn's size)."""
    return neighbours(state, state.loc[hewn], state.card(hewn).size)


def expellable(state: State, space: int, survivor: int) -> list[int]:
    """rulebook: "If ONLY one Hewn is healthy and the rest damaged and/or
    stunned; the healthy Hewn can optionally expel any or all of the damaged/
    stunned Hewns in that space"."""
    return [
        h
        for h in range(NUM_HEWNS)
        if h != survivor
        and state.loc[h] == space
        and not state.healthy(h)
        and expel_spaces(state, h)
    ]


def retreat_spaces(state: State, frame: Frame, mover: int) -> list[int]:
    """D26: a linked space free of healthy Hewns; else, while the mover still
    acts with AP left, one holding only healthy friends (it must leave before
    its turn ends); none: it is stunned."""
    loc = state.loc[mover]
    links = neighbours(state, loc, state.card(mover).size)
    free = [s for s in links if not healthy_at(state, s, mover)]
    if free:
        return free
    turn = turn_below(state, frame)
    acting = state.ctrl[mover] == frame.seat and hewn_turn(turn).ap >= 1
    if not acting:
        return []
    return [
        s
        for s in links
        if all(_friends(state, h, mover) for h in healthy_at(state, s, mover))
    ]


# --- the decisions ---------------------------------------------------------------------------
def legal_same_target(state: State, frame: Frame) -> list[int]:
    """ENCOUNTER_SAME names any optional target; entering a space with several
    healthy enemies names one of them (D64)."""
    turn = state.frames[-2]
    if frame.other == 1:
        return [HEWN + t for t in optional_targets(state, turn)]
    loc = state.loc[frame.hewn]
    return [HEWN + t for t in healthy_enemies_at(state, loc, frame.seat)]


def apply_same_target(state: State, frame: Frame, action: int) -> None:
    state.frames.pop()
    start(state, state.frames[-1], action - HEWN)


def legal_intent(state: State, frame: Frame) -> list[int]:
    enc = encounter_frame(state).enc
    return intents(state, enc, frame.hewn, _mover_of(state))


def apply_intent(state: State, frame: Frame, action: int) -> None:
    """The intent is declared (its Nananbites' split comes next:
    `next_intent`)."""
    enc_frame = encounter_frame(state)
    enc = enc_frame.enc
    enc.intent[enc.ann.index(frame.hewn)] = action
    pop(state)


def legal_nana_split(state: State, frame: Frame) -> list[int]:
    """NUM r: r Nananbites repair, the others defend."""
    enc = encounter_frame(state).enc
    return [NUM + r for r in split_choices(state, enc, frame.hewn)]


def apply_nana_split(state: State, frame: Frame, action: int) -> None:
    """rulebook: "you must choose which of them are to be used for defence and
    which for repair"."""
    enc = encounter_frame(state).enc
    _set_split(enc, frame.hewn, action - NUM)
    pop(state)


class ExpelFrame(Frame):
    """EXPEL: `hewn`, the sole survivor, expels the others one by one;
    `expelled` is the one chosen whose space comes next (NONE: none chosen)."""

    __slots__ = ("expelled",)

    def __init__(self, seat: int, survivor: int) -> None:
        super().__init__(Ask.EXPEL, seat, survivor)
        self.expelled = NONE

    def copy(self) -> ExpelFrame:
        """An independent copy."""
        new = ExpelFrame(self.seat, self.hewn)
        self.fill_copy(new)
        new.expelled = self.expelled
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.seat, self.hewn), EXPEL_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        return self.key_with((self.expelled,))

    def shown(self) -> list[int]:
        """The choice so far: the Hewn expelled, once chosen."""
        return [] if self.expelled == NONE else [self.expelled]


EXPEL_FRAME_FIELDS: Final = (*FRAME_FIELDS, "expelled")
"""Every field of an `ExpelFrame` (a compiled class has no `__slots__` to
read)."""


def expel_frame(frame: Frame) -> ExpelFrame:
    """`frame` as the expulsion it is."""
    if not isinstance(frame, ExpelFrame):
        raise RuntimeError(f"not an expulsion: {frame!r}")
    return frame


def legal_expel(state: State, frame: Frame) -> list[int]:
    expel = expel_frame(frame)
    if expel.expelled != NONE:
        return [SPACE + s for s in expel_spaces(state, expel.expelled)]
    space = state.loc[expel.hewn]
    return [Ctrl.DONE, *(HEWN + h for h in expellable(state, space, expel.hewn))]


def apply_expel(state: State, frame: Frame, action: int) -> None:
    """Expel one Hewn (HEWN then SPACE), or stop; D60: a danger token there
    kills it."""
    if action == Ctrl.DONE:
        pop(state)
        return
    expel = expel_frame(frame)
    if expel.expelled == NONE:
        expel.expelled = action - HEWN
        return
    hewn, expel.expelled = expel.expelled, NONE
    state.loc[hewn] = action - SPACE
    token_kills(state, action - SPACE)
    if not expellable(state, state.loc[frame.hewn], frame.hewn):
        pop(state)


def legal_retreat(state: State, frame: Frame) -> list[int]:
    return [
        SPACE + s for s in retreat_spaces(state, encounter_frame(state), frame.hewn)
    ]


def apply_retreat(state: State, frame: Frame, action: int) -> None:
    """rulebook: "the moving Hewn must be retreated into an adjacent space (free
    of healthy Hewns) of his owner's choice - even if this is by a new owner!"
    (no AP); a danger token there attacks it."""
    state.frames.pop()
    parent = state.frames[-1]
    state.loc[frame.hewn] = action - SPACE
    danger.entered(state, frame.hewn)
    if state.frames[-1] is parent:
        wake(state)
