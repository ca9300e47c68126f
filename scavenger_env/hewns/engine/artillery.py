"""Artillery (rulebook "Artillery (lucky shot!)"): a special ranged encounter
that a Hewn with the artillery ability fires, in its own Hewn turn, at an enemy
or neutral Hewn it cannot see, anywhere on the board.

It runs on the ranged encounter machine (`ranged`, `Enc`) in its own frame kind
(`Ask.ARTILLERY`) with its own table of steps (`ART_STEPS`):

VERB ARTILLERY -> NAME_TARGET (named at once; a humiliating target costs 1 AP)
-> TRANSMIT_AWAY (the target's seat) -> the attacker's secret PICK_L, PICK_A
(L + A >= 2, from its own load) -> the healthy target's secret PICK_K (body
screens, through its chain) -> pay -> USE_BOMB (the attacker may add an
implosion bomb) -> roll -> DISCARD (the defender throws away one weapon die)
-> DODGE -> hurt dice -> the bomb's overflow -> escape moves.

The attacker never re-rolls and gets no weapon bonus; the defender never fires
back (its weapon picks are masked to 0) and there are no reactors (D43).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from . import bomb, combat, payment, ranged, sight
from .actions import DIE, HEWN, NUM
from .data import ENCOUNTER_SUBSTRACT_MAX, Ability, DieKind
from .effects import load
from .encounter import (
    ATTACK,
    DEFENCE,
    DIE_FIELDS,
    MOVER_FIGHT,
    PICK_ASKS,
    PICKS,
    Enc,
    EncounterFrame,
    EncStep,
    add_announcer,
    enc_of,
    encounter_frame,
    humiliated,
    turn_below,
)
from .flow import pop, push, roll
from .state import NEUTRAL, NUM_HEWNS, Ask, Frame, State
from .turnstate import hewn_turn

__all__ = [
    "ARTILLERY_MIN_DICE",
    "ART_STEPS",
    "apply_discard",
    "can_announce",
    "can_fire",
    "discard",
    "extra_attack_dice",
    "fire_cap",
    "has_artillery",
    "hide_picks",
    "is_artillery",
    "legal_discard",
    "legal_pick",
    "legal_target",
    "resume_artillery",
    "start",
    "targets",
]

ARTILLERY_MIN_DICE: Final = 2
"""rulebook: "secretly picks a number of weapon dice of his choice, but he must
take at least 2 dice!"."""

ATTACKER_SLOTS: Final = (0, 1)  # laser, area: "weapon dice"; no screens
DEFENDER_SLOTS: Final = (2,)  # body screens only: it "cannot return fire"


# --- who may fire, at whom ------------------------------------------------------------
def has_artillery(state: State, hewn: int) -> bool:
    """rulebook: "A Hewn that has this ability, can take part in a special ranged
    encounter (called Artillery!)"; it fires weapon dice, so it needs the
    weapon ability too ("The ability to fire weapon(s)")."""
    return Ability.ARTILLERY in state.card(hewn).abilities and combat.has_weapon(
        state, hewn
    )


def fire_cap(state: State, hewn: int) -> int:
    """The most weapon dice `hewn` may fire: "limited by the amount of Substract
    stored on the Hewn and ... a maximum 7 weapon dice" (own load only, D43)."""
    return min(ENCOUNTER_SUBSTRACT_MAX.value, load(state, hewn))


def _alone(state: State, hewn: int) -> bool:
    """On the board and the only Hewn in its space ("ranged encounters cannot
    target a space with more than one Hewn in it")."""
    loc = state.loc[hewn]
    return loc >= 0 and state.loc.count(loc) == 1


def can_fire(state: State, hewn: int) -> bool:
    """`hewn` may fire artillery now: it has the ability and a weapon, is
    healthy and alone on the board, and carries at least 2 Substract."""
    return (
        has_artillery(state, hewn)
        and ranged.mover_ready(state, hewn)
        and fire_cap(state, hewn) >= ARTILLERY_MIN_DICE
    )


def targets(state: State, turn: Frame) -> list[int]:
    """rulebook: "chooses any single Enemy or Neutral Hewn on the board" that is
    alone in its space, and "Artillery is only used by a Hewn when it cannot see
    its target"; a humiliating target only with 1 AP to pay (D59)."""
    mover = turn.hewn
    if not can_fire(state, mover):
        return []
    occupancy = state.occupancy()
    ap = hewn_turn(turn).ap
    return [
        t
        for t in range(NUM_HEWNS)
        if t != mover
        and state.ctrl[t] != turn.seat
        and _alone(state, t)
        and not sight.sees(state, mover, t, occupancy)
        and (ap >= 1 or not humiliated(turn, t, state))
    ]


def can_announce(state: State, turn: Frame) -> bool:
    """Whether the mover's menu offers VERB ARTILLERY."""
    return bool(targets(state, turn))


# --- starting ---------------------------------------------------------------------------
def start(state: State, turn: Frame) -> None:
    """VERB ARTILLERY: "When announcing an Artillery! Encounter (this counts as an
    action)" (a free one, D43: 0 AP) the mover names its target at once."""
    enc = Enc()
    enc.menu = 1
    add_announcer(enc, turn.hewn)
    frame = EncounterFrame(Ask.ARTILLERY, turn.seat, turn.hewn, enc, step=EncStep.NAME)
    push(state, frame)
    resume_artillery(state, frame)


def is_artillery(state: State) -> bool:
    """Whether the encounter nearest the top is an artillery encounter."""
    try:
        return encounter_frame(state).ask == Ask.ARTILLERY
    except RuntimeError:
        return False


# --- the steps --------------------------------------------------------------------------
def resume_artillery(state: State, frame: Frame) -> None:
    """Drive the artillery encounter to its next decision (or its end)."""
    enc = enc_of(frame)
    while not ART_STEPS[EncStep(frame.step)](state, enc, frame):
        pass


def step_name(state: State, enc: Enc, frame: Frame) -> bool:
    """The target is named first (NAME_TARGET), before any pick."""
    frame.step = EncStep.AWAY
    push(state, Frame(Ask.NAME_TARGET, frame.seat, frame.hewn))
    return True


def step_away(state: State, enc: Enc, frame: Frame) -> bool:
    """Step 2, "Transmit Substract away", for the target's seat only (the
    attacker has just chosen to fire its Substract); then the two Hewns are
    fixed as fighting and a healthy target picks its screens too."""
    if not enc.seats and enc.cursor == 0:
        enc.cursor = 1
        seat = state.ctrl[enc.target]
        if seat != NEUTRAL and ranged.away_sources(state, enc, frame, seat):
            enc.seats = [seat]
    if enc.seats:
        push(state, Frame(Ask.TRANSMIT_AWAY, enc.seats.pop(0), frame.hewn))
        return True
    if state.healthy(enc.target):
        add_announcer(enc, enc.target)
    enc.guard = sorted({frame.hewn, enc.target})
    enc.cursor = 0
    frame.step = EncStep.PICK
    return False


def _asked(enc: Enc, cursor: int) -> bool:
    """Whether pick slot `cursor` (announcer by announcer, `PICKS` ranged slots
    L, A, K each) is asked: the attacker's weapon dice, the defender's
    screens."""
    slot = cursor % 3
    return slot in (ATTACKER_SLOTS if cursor < 3 else DEFENDER_SLOTS)


def step_pick(state: State, enc: Enc, frame: Frame) -> bool:
    """The secret picks: the attacker's lasers and areas, then the defender's
    body screens (the cursor runs over 3 slots per announcer, as in a ranged
    encounter, so that the view knows whose picks are made)."""
    while enc.cursor < 3 * len(enc.ann):
        if _asked(enc, enc.cursor):
            hewn = enc.ann[enc.cursor // 3]
            ask = PICK_ASKS[enc.cursor % 3]
            push(state, Frame(ask, state.ctrl[hewn], hewn))
            return True
        enc.cursor += 1
    frame.step = EncStep.PAY
    enc.cursor = 0
    return False


def step_pay(state: State, enc: Enc, frame: Frame) -> bool:
    """Each side pays its picks ("Each weapon shot will use up 1 Substract"):
    the attacker from its own load only, the defender through its chain
    (D43); then the dice are rolled."""
    while enc.cursor < len(enc.ann):
        hewn = enc.ann[enc.cursor]
        amount = sum(enc.pick(hewn))
        if amount == 0:
            enc.cursor += 1
            continue
        if hewn == frame.hewn:
            low = high = amount
        else:
            shares = ranged.pay_shares(state, enc, hewn)
            low, high = shares[0], shares[-1]
        how = payment.plan(state, hewn, amount, low, high)
        if how is None:
            seat = state.ctrl[hewn]
            push(
                state,
                payment.start(state, seat, hewn, amount, low, high, Ask.PICK_MIX),
            )
            return True
        payment.pay(state, hewn, amount, *how)
        enc.cursor += 1
    frame.step = EncStep.BOMB
    enc.cursor = 0
    return False


def step_bomb(state: State, enc: Enc, frame: Frame) -> bool:
    """D43: the attacker may add an implosion bomb to its artillery attack
    (USE_BOMB: "give the attacker 6 close combat dice"); the defender never
    does ("the defender cannot return fire"). Then the dice are rolled."""
    if enc.cursor == 0:
        enc.cursor = 1
        if bomb.holds_bomb(state, frame.hewn) and not enc.malfunctioned(frame.hewn):
            push(state, Frame(Ask.USE_BOMB, frame.seat, frame.hewn, other=enc.target))
            return True
    frame.step = EncStep.ROLLED
    kinds = _build_dice(state, enc, frame)
    state.rolled = []
    roll(state, kinds)
    return True


def _build_dice(state: State, enc: Enc, frame: Frame) -> list[int]:
    """The ranged dice (the weapon dice picked; the defender's speed, armour and
    screens), with the attacker's dice counted as plain attack dice: "You do
    not get any +1 or +2 bonuses when using the artillery ability!"; then any
    extra attack dice (`extra_attack_dice`)."""
    kinds = ranged.build_dice(state, enc, frame)
    for j in enc.fight_dice(MOVER_FIGHT, ATTACK):
        enc.dice[DIE_FIELDS * j + 5] = 0
    extra = extra_attack_dice(state, enc, frame)
    if extra:
        first_defence = min(enc.fight_dice(MOVER_FIGHT, DEFENCE), default=None)
        for kind in extra:
            die = [kind, 0, frame.hewn, MOVER_FIGHT, ATTACK, 0]
            at = enc.n_dice() if first_defence is None else first_defence
            enc.dice[DIE_FIELDS * at : DIE_FIELDS * at] = die
            kinds.insert(at, kind)
            if first_defence is not None:
                first_defence += 1
    return kinds


def extra_attack_dice(state: State, enc: Enc, frame: Frame) -> list[int]:
    """Attack dice the attacker adds beyond its weapon dice and its implosion
    bomb's (which `ranged.build_dice` adds): none."""
    return []


def step_rolled(state: State, enc: Enc, frame: Frame) -> bool:
    """The faces go on the dice; the attacker's re-rolls are all spent
    ("Hewns using the artillery ability never get to reroll attack dice, even if
    they have the re-roll ability"); the discard comes next."""
    ranged.step_rolled(state, enc, frame)
    i = enc.ann.index(frame.hewn)
    enc.rerolls[i] = max(enc.rerolls[i], state.card(frame.hewn).rerolls)
    frame.step = EncStep.DISCARD
    return False


def step_discard(state: State, enc: Enc, frame: Frame) -> bool:
    """D1: "If a Hewn is being attacked through the artillery ability, the
    defender can discard one of the weapon attack dice", after the roll and
    before any dodge. Its owner chooses (DISCARD); a neutral target has no
    owner to ask and throws away the highest die (the example: "he forces the
    attacker to discard his highest dice"). Nothing to discard when two escapes
    cancelled the attack."""
    frame.step = EncStep.LOOP
    dice = enc.fight_dice(MOVER_FIGHT, ATTACK)
    weapons = discardable(enc)
    defence = [enc.die(j)[:2] for j in enc.fight_dice(MOVER_FIGHT, DEFENCE)]
    if not weapons or combat.cancelled(defence):
        return False
    seat = state.ctrl[enc.target]
    if seat == NEUTRAL:
        value = {p: combat.value(*enc.die(dice[p])[:2]) for p in weapons}
        discard(enc, max(weapons, key=lambda p: (value[p], -p)))
        return False
    push(state, Frame(Ask.DISCARD, seat, enc.target))
    return True


def discardable(enc: Enc) -> list[int]:
    """The places among the attack dice of the weapon dice (laser and area), the
    ones the defender may discard: "discard one of the weapon attack dice"; an
    implosion bomb's close-combat dice are "not weapon dice"."""
    dice = enc.fight_dice(MOVER_FIGHT, ATTACK)
    weapons = (DieKind.LASER, DieKind.AREA)
    return [p for p, j in enumerate(dice) if enc.die(j)[0] in weapons]


def discard(enc: Enc, position: int) -> None:
    """Throw away attack die number `position` of the artillery attack."""
    j = enc.fight_dice(MOVER_FIGHT, ATTACK)[position]
    del enc.dice[DIE_FIELDS * j : DIE_FIELDS * j + DIE_FIELDS]


ART_STEPS: Final[dict[EncStep, ranged.EncStepFn]] = {
    EncStep.NAME: step_name,
    EncStep.AWAY: step_away,
    EncStep.PICK: step_pick,
    EncStep.PAY: step_pay,
    EncStep.BOMB: step_bomb,
    EncStep.ROLLED: step_rolled,
    EncStep.DISCARD: step_discard,
    EncStep.LOOP: ranged.step_loop,
    EncStep.REROLLED: ranged.step_rerolled,
    EncStep.HURT: ranged.step_hurt,
    EncStep.APPLY: ranged.step_apply,
    EncStep.OVERFLOW: ranged.step_overflow,
    EncStep.ESCAPE: ranged.step_escape,
}
"""Each step of an artillery encounter and the function that runs it."""


# --- the decisions ----------------------------------------------------------------------
def legal_target(state: State, frame: Frame) -> list[int]:
    """NAME_TARGET: in artillery, any target the mover may fire at (`targets`);
    in a ranged encounter, the Hewns it sees."""
    enc_frame = encounter_frame(state)
    if enc_frame.ask != Ask.ARTILLERY:
        return ranged.legal_target(state, frame)
    return [HEWN + t for t in targets(state, turn_below(state, enc_frame))]


def legal_pick(state: State, frame: Frame) -> list[int]:
    """The secret picks. Artillery: the attacker's lasers, then areas, with
    L + A >= 2 and <= its own load and 7; the defender's body screens, as in a
    ranged encounter (up to 7, through its chain)."""
    enc_frame = encounter_frame(state)
    if enc_frame.ask != Ask.ARTILLERY:
        return ranged.legal_pick(state, frame)
    enc = enc_frame.enc
    hewn = frame.hewn
    slot = PICK_ASKS.index(Ask(frame.ask))
    if hewn == enc_frame.hewn:
        top = fire_cap(state, hewn)
        if slot == 0:
            return [NUM + v for v in range(top + 1)]
        if slot == 1:
            lasers = enc.pick(hewn)[0]
            low = max(0, ARTILLERY_MIN_DICE - lasers)
            return [NUM + v for v in range(low, top - lasers + 1)]
        return [NUM]
    if slot == 2:
        return [NUM + v for v in range(ranged.pick_room(state, enc, hewn, 0) + 1)]
    return [NUM]


def legal_discard(state: State, frame: Frame) -> list[int]:
    """DISCARD: any one of the weapon dice (DIE k: attack die k, in rolling
    order; `discardable`); one must go."""
    return [DIE + p for p in discardable(encounter_frame(state).enc)]


def apply_discard(state: State, frame: Frame, action: int) -> None:
    """rulebook: the defender "can completely discard any of the attacking dice
    of the artillery Hewn, to reflect the fact that the artillery is not as
    accurate" (D1: one die)."""
    discard(encounter_frame(state).enc, action - DIE)
    pop(state)


# --- what other seats may not see -------------------------------------------------------
def hide_picks(
    state: State, frame: Frame, viewer: int, rng: np.random.Generator | None
) -> None:
    """The view's hook for an artillery frame: before the dice, the other side's
    picks are zero (redact) or drawn among the picks it could make
    (determinize): the attacker 2-7 weapon dice within its load, the
    defender screens within what it can pay."""
    if frame.step != EncStep.PICK:
        return
    enc = enc_of(frame)
    made = enc.cursor // 3
    for i, hewn in enumerate(enc.ann):
        if state.ctrl[hewn] == viewer:
            continue
        pick = [0] * PICKS
        if rng is not None and i < made:
            if i == 0:
                top = max(ARTILLERY_MIN_DICE, fire_cap(state, hewn))
                total = int(rng.integers(ARTILLERY_MIN_DICE, top + 1))
                lasers = int(rng.integers(total + 1))
                pick[0], pick[1] = lasers, total - lasers
            else:
                pick[2] = int(rng.integers(ranged.pick_room(state, enc, hewn, 0) + 1))
        enc.picks[PICKS * i : PICKS * i + PICKS] = pick
