"""Ranged encounters (rulebook "RANGED ENCOUNTERS"), and the encounter machine
that same-space encounters (`samespace`) run on too: one sub-machine frame
(`Ask.RANGED` or `Ask.SAME_SPACE`) that asks its decisions through child frames:

reaction window (REACT per seat, MOVER_JOIN) -> TRANSMIT_AWAY -> secret picks (PICK_L, PICK_A,
PICK_K for every announcer, mover first; same-space adds PICK_Q, PICK_E) ->
NAME_TARGET (ranged) or INTENT (same-space) -> reveal (malfunctions) -> pay
(PAY_SPLIT, PICK_MIX) -> implosion bombs (USE_BOMB) -> roll -> per attack: DODGE /
REROLL alternating -> resolve -> hurt dice (SICKET_LOSS) -> the bombs' overflows
(OVERFLOW_SPACE, SCREENS) -> escape moves (ESCAPE_MOVE) -> the same-space aftermath.

The encounter's facts live in the frame's `data` (see `Enc`); the secret picks
stay there until the reveal. Step 2 of the rulebook ("Transmit Substract away")
comes between the window and the picks (TRANSMIT_AWAY per involved seat). Ranged
picks may be paid through the Hewn's chain (D30, D65: `pick_room`,
`pay_shares`); from the picks on, the fighting Hewns give nothing (`fighting`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import numpy as np

from . import bomb, combat, danger, payment, samespace, sight, swarm
from .actions import DIE, DIE_SIZE, HEWN, NUM, SOCKET, SPACE, Ctrl, Option, Verb
from .data import ENCOUNTER_SUBSTRACT_MAX, DieKind
from .effects import (
    chain_draws_fit,
    chain_pool,
    healthy_at,
    kill,
    load,
    own_shares,
)
from .encounter import (
    ATTACK,
    DEFENCE,
    DIE_FIELDS,
    MOVER_FIGHT,
    PICK_ASKS,
    PICKS,
    PICKS_SECRET,
    REACTOR_FIGHT,
    Enc,
    EncounterFrame,
    EncStep,
    add_announcer,
    enc_of,
    encounter_frame,
    fighting,
    humiliated,
    turn_below,
)
from .flow import pop, push, roll, wake
from .management import AWAY_RANGED, AWAY_SAME, TxFrame, tx_sources
from .state import DEAD, NONE, NUM_HEWNS, Ask, Frame, State
from .tunnels import neighbours
from .turnstate import hewn_turn


# --- sight and eligibility ---------------------------------------------------------------
def _alone(state: State, hewn: int) -> bool:
    """The only Hewn in its space ("If any Hewns are in the same space as
    another Hewn they cannot be involved in a ranged encounter")."""
    loc = state.loc[hewn]
    return loc >= 0 and state.loc.count(loc) == 1


def _sees(state: State, a: int, b: int, occupancy: Sequence[int]) -> bool:
    """rulebook: "Hewns can only encounter each other if they can see each
    other": mutual sight between two Hewns that are each alone in their space
    ("If any Hewns are in the same space as another Hewn they cannot be
    involved in a ranged encounter")."""
    return _alone(state, a) and _alone(state, b) and sight.sees(state, a, b, occupancy)


def in_range(state: State, a: int, b: int) -> bool:
    """Whether Hewns `a` and `b` could meet in a ranged encounter now (each
    alone in its space, seeing each other); for bots and tests."""
    return _sees(state, a, b, state.occupancy())


def mover_ready(state: State, mover: int) -> bool:
    """The moving Hewn is healthy, on the board and alone."""
    return state.healthy(mover) and _alone(state, mover)


def reactors(state: State, seat: int, mover: int) -> list[int]:
    """`seat`'s Hewns that may announce in reaction: healthy, alone, and seeing
    the mover ("If any of the healthy enemy Hewns ... that can now see the
    moving Hewn")."""
    occupancy = state.occupancy()
    return [
        h
        for h in range(NUM_HEWNS)
        if state.ctrl[h] == seat
        and state.healthy(h)
        and _sees(state, h, mover, occupancy)
    ]


def reacting_seats(state: State, mover: int) -> list[int]:
    """Opponent seats with an eligible reactor, in order left of the mover's
    controller (D18: eligibility is public)."""
    n = state.num_players
    own = state.ctrl[mover]
    seats = [(own + k) % n for k in range(1, n)]
    return [s for s in seats if reactors(state, s, mover)]


def targets(state: State, mover: int, turn: Frame) -> list[int]:
    """rulebook: "The moving Hewn can choose to target any non-friendly Hewn she
    can see" (alone in its space); a humiliating one only with 1 AP to pay."""
    seat = turn.seat
    occupancy = state.occupancy()
    return [
        t
        for t in range(NUM_HEWNS)
        if state.ctrl[t] != seat
        and _sees(state, mover, t, occupancy)
        and (hewn_turn(turn).ap >= 1 or not humiliated(turn, t, state))
    ]


def can_announce(state: State, turn: Frame) -> bool:
    """The mover may announce when it is ready and sees an enemy or neutral Hewn
    that is alone ("If the moving Hewn wishes to attack an enemy or Neutral Hewn
    that it can see")."""
    return mover_ready(state, turn.hewn) and bool(targets(state, turn.hewn, turn))


# --- starting -------------------------------------------------------------------------
def open_window(state: State, turn: Frame, menu: bool) -> bool:
    """Open the reaction window (after an AP action: `menu` False) or start the
    mover's announced encounter (`menu` True). Returns whether a frame was
    pushed."""
    mover = turn.hewn
    if not mover_ready(state, mover):
        return False
    seats = reacting_seats(state, mover)
    if not menu and not seats:
        return False
    enc = Enc()
    enc.menu = int(menu)
    enc.seats = seats
    if menu:
        add_announcer(enc, mover)
    frame = EncounterFrame(Ask.RANGED, turn.seat, mover, enc)
    push(state, frame)
    resume_ranged(state, frame)
    return True


# --- the sub-machine ----------------------------------------------------------------
def resume_ranged(state: State, frame: Frame) -> None:
    """Drive the encounter to its next decision (or to its end): run its steps
    in order until one waits for a child decision or dice, or ends it."""
    enc = enc_of(frame)
    while not ENC_STEPS[EncStep(frame.step)](state, enc, frame):
        pass


# Each step returns whether the encounter waits (it asked a child decision,
# queued dice or ended); otherwise it has set the step to run next.
def step_react(state: State, enc: Enc, frame: Frame) -> bool:
    """The reaction window: each reacting seat may announce (REACT); without a
    reaction an encounter the mover did not announce ends; the mover may then
    join (MOVER_JOIN)."""
    mover = frame.hewn
    if enc.seats:
        seat = enc.seats.pop(0)
        push(state, Frame(Ask.REACT, seat, mover))
        return True
    reacted = any(h != mover for h in enc.ann)
    if not reacted and not enc.menu:
        pop(state)
        return True
    frame.step = EncStep.JOIN
    if not enc.menu:
        push(state, Frame(Ask.MOVER_JOIN, frame.seat, mover))
        return True
    return False


def step_join(state: State, enc: Enc, frame: Frame) -> bool:
    """The mover (if it announced) picks first: put it at the front; the seats
    that may transmit away are asked next."""
    mover = frame.hewn
    if mover in enc.ann and enc.ann[0] != mover:
        i = enc.ann.index(mover)
        enc.ann.insert(0, enc.ann.pop(i))
    enc.seats = away_seats(state, enc, frame)
    frame.step = EncStep.AWAY
    return False


def step_away(state: State, enc: Enc, frame: Frame) -> bool:
    """Step 2: each seat asked may transmit away (TRANSMIT_AWAY); then the
    fighting Hewns are fixed and the picks begin."""
    if enc.seats:
        seat = enc.seats.pop(0)
        push(state, Frame(Ask.TRANSMIT_AWAY, seat, frame.hewn))
        return True
    frame.step = EncStep.PICK
    enc.cursor = 0
    enc.guard = _guard(state, enc, frame)
    return False


def step_pick(state: State, enc: Enc, frame: Frame) -> bool:
    """The secret picks, one decision per die kind and announcer."""
    per = PICKS if enc.same else 3
    if enc.cursor < per * len(enc.ann):
        hewn = enc.ann[enc.cursor // per]
        ask = PICK_ASKS[enc.cursor % per]
        push(state, Frame(ask, state.ctrl[hewn], hewn))
        return True
    if enc.same:
        frame.step = EncStep.INTENT
        enc.cursor = 0
    else:
        frame.step = EncStep.NAME
    return False


def step_intent(state: State, enc: Enc, frame: Frame) -> bool:
    """Same-space: the intents (the target is known: no naming)."""
    if samespace.next_intent(state, enc, frame):
        return True
    frame.step = EncStep.REVEAL
    return False


def step_name(state: State, enc: Enc, frame: Frame) -> bool:
    """Ranged: the mover, if it announced, names its target (NAME_TARGET)."""
    frame.step = EncStep.REVEAL
    if frame.hewn in enc.ann:
        push(state, Frame(Ask.NAME_TARGET, frame.seat, frame.hewn))
        return True
    return False


def step_reveal(state: State, enc: Enc, frame: Frame) -> bool:
    """The picks are shown (ranged: an empty pick malfunctions)."""
    frame.step = EncStep.PAY
    enc.cursor = 0
    return not enc.same and _reveal(state, enc, frame)


def step_pay(state: State, enc: Enc, frame: Frame) -> bool:
    """Each announcer pays its picks (a chain payment may ask PICK_MIX); then
    the dice are rolled."""
    while enc.cursor < len(enc.ann):
        hewn = enc.ann[enc.cursor]
        if enc.malf[enc.cursor]:
            enc.cursor += 1
            continue
        amount = sum(enc.pick(hewn))
        shares = pay_shares(state, enc, hewn)
        low, high = shares[0], shares[-1]
        later = _later_draws(state, enc, hewn)
        how = payment.plan(state, hewn, amount, low, high, later)
        if how is None:
            seat = state.ctrl[hewn]
            child = payment.start(
                state, seat, hewn, amount, low, high, Ask.PICK_MIX, later
            )
            push(state, child)
            return True
        _pay(state, hewn, amount, *how)
        enc.cursor += 1
    frame.step = EncStep.BOMB
    enc.cursor = 0
    return False


def step_bomb(state: State, enc: Enc, frame: Frame) -> bool:
    """Step 6: each attacker holding an implosion bomb may add it (USE_BOMB,
    `bomb.step_bomb`); then the dice are rolled."""
    if bomb.step_bomb(state, enc, frame):
        return True
    frame.step = EncStep.ROLLED
    kinds = build_dice(state, enc, frame)
    state.rolled = []
    if kinds:
        roll(state, kinds)
        return True
    return False


def step_rolled(state: State, enc: Enc, frame: Frame) -> bool:
    """The rolled faces go on the dice; the first attack's loop begins."""
    for j, face in enumerate(state.rolled):
        enc.dice[DIE_FIELDS * j + 1] = face
    state.rolled = []
    frame.step = EncStep.LOOP
    enc.fight = MOVER_FIGHT
    enc.cursor = 0
    enc.passes = 0
    return False


def step_loop(state: State, enc: Enc, frame: Frame) -> bool:
    """Dodges and rerolls until all pass (D21); then the attacks are resolved
    and the hurt dice rolled."""
    if _next_reroll(state, enc, frame):
        return True
    frame.step = EncStep.HURT
    kinds = _resolve(state, enc, frame)
    state.rolled = []
    if kinds:
        roll(state, kinds)
        return True
    return False


def step_rerolled(state: State, enc: Enc, frame: Frame) -> bool:
    """A die rolled again takes its new face; the loop goes on."""
    enc.dice[DIE_FIELDS * enc.pending + 1] = state.rolled[0]
    state.rolled = []
    enc.pending = NONE
    frame.step = EncStep.LOOP
    enc.passes = 0
    enc.cursor += 1
    return False


def step_hurt(state: State, enc: Enc, frame: Frame) -> bool:
    """The hurt faces go on the hurts of healthy victims."""
    faces = list(state.rolled)
    state.rolled = []
    k = 0
    for i in range(0, len(enc.hurts), 2):
        if enc.hurts[i + 1] != NONE:
            enc.hurts[i + 1] = faces[k]
            k += 1
    frame.step = EncStep.APPLY
    enc.cursor = 0
    return False


def step_apply(state: State, enc: Enc, frame: Frame) -> bool:
    """Hurts and kills, victim by victim (a Sicket hit asks SICKET_LOSS); then
    the swarms hit lose members (SWARM_LOSS); the Hewns that exploded die."""
    while enc.cursor < len(enc.hurts):
        victim, face = enc.hurts[enc.cursor], enc.hurts[enc.cursor + 1]
        enc.cursor += 2
        if state.loc[victim] == DEAD:
            continue
        if face == NONE or victim in enc.boom:
            kill(state, victim)
        elif combat.hurt(state, victim, face):
            push(state, Frame(Ask.SICKET_LOSS, state.ctrl[victim], victim))
            return True
    if _swarm_losses(state, enc):
        return True
    for hewn in enc.boom:
        kill(state, hewn)
    frame.step = EncStep.OVERFLOW
    enc.cursor = 0
    return False


def _swarm_losses(state: State, enc: Enc) -> bool:
    """rulebook: "The difference between the attacker's total and total defences
    rolled by the swarm are the amount of swarm members killed" ("no hurt dice
    are rolled"); `cursor` goes on from the hurts into the losses. Returns
    whether a SWARM_LOSS decision was pushed."""
    start = len(enc.hurts)
    while enc.cursor < start + len(enc.losses):
        i = enc.cursor - start
        victim, casualties = enc.losses[i], enc.losses[i + 1]
        enc.cursor += 2
        if victim in enc.boom or state.loc[victim] == DEAD:
            continue
        if swarm.lose(state, victim, casualties):
            return True
    return False


def step_overflow(state: State, enc: Enc, frame: Frame) -> bool:
    """The overflow of each implosion bomb added (OVERFLOW_SPACE,
    `bomb.step_overflow`); then the escape moves."""
    if bomb.step_overflow(state, enc, frame):
        return True
    frame.step = EncStep.ESCAPE
    enc.cursor = 0
    return False


def step_escape(state: State, enc: Enc, frame: Frame) -> bool:
    """Escape moves (ESCAPE_MOVE); a ranged encounter ends after them, a
    same-space one goes on to its aftermath."""
    while enc.cursor < len(enc.escape):
        hewn = enc.escape[enc.cursor]
        enc.cursor += 1
        if escape_spaces(state, hewn):
            push(state, Frame(Ask.ESCAPE_MOVE, state.ctrl[hewn], hewn))
            return True
    if not enc.same:
        pop(state)
        return True
    frame.step = EncStep.AFTER
    return False


EncStepFn = Callable[[State, Enc, Frame], bool]

ENC_STEPS: Final[dict[EncStep, EncStepFn]] = {
    EncStep.REACT: step_react,
    EncStep.JOIN: step_join,
    EncStep.AWAY: step_away,
    EncStep.PICK: step_pick,
    EncStep.INTENT: step_intent,
    EncStep.NAME: step_name,
    EncStep.REVEAL: step_reveal,
    EncStep.PAY: step_pay,
    EncStep.ROLLED: step_rolled,
    EncStep.LOOP: step_loop,
    EncStep.REROLLED: step_rerolled,
    EncStep.HURT: step_hurt,
    EncStep.APPLY: step_apply,
    EncStep.ESCAPE: step_escape,
    EncStep.AFTER: samespace.step_after,
    EncStep.EXPEL: samespace.step_expel,
    EncStep.RETREAT: samespace.step_retreat,
    EncStep.END: samespace.step_end,
    EncStep.BOMB: step_bomb,
    EncStep.OVERFLOW: step_overflow,
}
"""Each step of the encounter machine and the function that runs it."""


def _reveal(state: State, enc: Enc, frame: Frame) -> bool:
    """rulebook: "If they don't choose a dice ... they are considered to have
    malfunctioned. Remove the control rod ... They are now neutral/stunned"
    (D20: picks beyond the payable amount are masked, so only picking nothing
    malfunctions); a swarm loses a member instead (D46). Returns whether a
    SWARM_LOSS decision was pushed."""
    asked = False
    for i, hewn in enumerate(enc.ann):
        if sum(enc.pick(hewn)) == 0:
            enc.malf[i] = 1
            asked = swarm.stun_or_lose(state, hewn) or asked
    return asked


def _pay(
    state: State, hewn: int, amount: int, own: int, own_dirty: int, chain_dirty: int
) -> None:
    """rulebook: "The total dice secretly picked is the total amount of dirty
    and/or normal Substract that a Hewn must ... pay over and put back into the
    supply pools": `own` of it from its load (`own_dirty` of that dirty), the
    rest through its chain in a ranged encounter (D30; `chain_dirty` of it
    dirty, `payment.pay`)."""
    payment.pay(state, hewn, amount, own, own_dirty, chain_dirty)


# --- chain payments (D30, D65) ------------------------------------------------------
def _guard(state: State, enc: Enc, frame: Frame) -> list[int]:
    """The Hewns that may give nothing from the secret picks on: the mover, the
    announcers, and the mover's target or every Hewn it could still name
    (rulebook: "Once the secret dice have been picked up ... a Hewn involved in
    long range encounter cannot transfer/transmit Substract away"; the
    possible targets are fixed here so that what the picks may use cannot
    change before the payment)."""
    mover = frame.hewn
    out = {mover, *enc.ann}
    if enc.target != NONE:
        out.add(enc.target)
    if frame.ask == Ask.RANGED and mover in enc.ann:
        out.update(targets(state, mover, turn_below(state, frame)))
    return sorted(out)


def _chain_draws_fit(state: State, draws: list[tuple[int, int]]) -> bool:
    """Whether Hewns drawing the given amounts from their chains, in order,
    nearest first, all find enough (the loads are only read)."""
    return chain_draws_fit(state, draws, fighting(state))


def _seat_draws(
    state: State, enc: Enc, hewn: int, extra: int, after: int = -1
) -> list[tuple[int, int]]:
    """The least each announcer of `hewn`'s seat must draw from its chain (its
    picks beyond its own load), in paying order, with `extra` more dice on
    `hewn`; only those paying after position `after`."""
    out = []
    for i, h in enumerate(enc.ann):
        if i <= after or state.ctrl[h] != state.ctrl[hewn] or enc.malfunctioned(h):
            continue
        pick = sum(enc.pick(h)) + (extra if h == hewn else 0)
        out.append((h, max(0, pick - load(state, h))))
    return out


def pick_room(state: State, enc: Enc, hewn: int, picked: int) -> int:
    """rulebook: "up to a maximum of seven dice but limited to the amount of
    actual Substract they can get hold of": a ranged pick may use the chain
    (D30) as long as the seat's announcers can still all pay what they picked
    (D65); a same-space pick only the own load."""
    cap = combat.pick_cap(state, hewn, picked)
    if enc.same:
        return cap
    top = combat.PICK_MAX - picked
    if cap < top and chain_pool(state, hewn, fighting(state)) > 0:
        while cap < top and _chain_draws_fit(
            state, _seat_draws(state, enc, hewn, cap + 1)
        ):
            cap += 1
    return cap


def pay_shares(state: State, enc: Enc, hewn: int) -> range:
    """The own-load shares `hewn` may pay its picks with: what it draws from
    its chain must leave enough for the seat's announcers that pay after it
    (D65)."""
    amount = sum(enc.pick(hewn))
    if enc.same:
        return range(amount, amount + 1)
    shares = own_shares(state, hewn, amount, chain_pool(state, hewn, fighting(state)))
    i = enc.ann.index(hewn)
    later = _seat_draws(state, enc, hewn, 0, after=i)
    low = shares.start
    while low < shares.stop - 1 and not _chain_draws_fit(
        state, [(hewn, amount - low), *later]
    ):
        low += 1
    return range(low, shares.stop)


def _later_draws(state: State, enc: Enc, hewn: int) -> list[int]:
    """What the seat's announcers paying after `hewn` must still draw from
    their chains, as flat (Hewn, amount) pairs (`payment.PayFrame.later`):
    `hewn`'s chain part must leave them enough (D65)."""
    if enc.same:
        return []
    later = _seat_draws(state, enc, hewn, 0, after=enc.ann.index(hewn))
    return [x for pair in later for x in pair]


def attackers(enc: Enc, fight: int, mover: int) -> list[int]:
    """The Hewns attacking in `fight`: the mover on its target, or every reactor
    on the mover (rulebook: "all of those Hewns will simply roll their attack
    dice together to get a combined attack total"). An announcer that picked
    no weapon dice and added no implosion bomb, or malfunctioned, does not
    attack."""
    if enc.same:
        actor = mover if fight == MOVER_FIGHT else enc.target
        return [actor] if enc.intent_of(actor) == Option.ATTACK else []
    if fight == MOVER_FIGHT:
        if enc.target == NONE or mover not in enc.ann or enc.malfunctioned(mover):
            return []
        out = [mover]
    else:
        out = [h for h in enc.ann if h != mover and not enc.malfunctioned(h)]
    return [h for h in out if sum(enc.pick(h)[:2]) > 0 or bomb.used_bomb(enc, h)]


def defender(enc: Enc, fight: int, mover: int) -> int:
    return enc.target if fight == MOVER_FIGHT else mover


def build_dice(state: State, enc: Enc, frame: Frame) -> list[int]:
    """Step 6: attack = the weapon dice picked, and 6 close-combat dice per
    implosion bomb added; defence (healthy) = "the speed defence dice and
    armour dice shown on their Hewn card, and any defence dice they get from
    technologies" plus the body screens; "damaged and stunned Hewns ... have a
    defence of 0 and roll no defence dice"."""
    mover = frame.hewn
    kinds: list[int] = []

    def add(kind: int, owner: int, fight: int, role: int, weapon: int = 0) -> None:
        kinds.append(kind)
        enc.dice.extend((kind, 0, owner, fight, role, weapon))

    if enc.same:
        samespace.repair_dice(state, enc, mover, add)
    for fight in (MOVER_FIGHT, REACTOR_FIGHT):
        atts = attackers(enc, fight, mover)
        if not atts:
            continue
        for h in atts:
            lasers, areas, _, _, explode = enc.pick(h)
            if enc.same:  # "the close combat dice on their Hewn card" (swarm: members)
                for _ in range(swarm.close_combat_dice(state, h)):
                    add(DieKind.CLOSE_COMBAT, h, fight, ATTACK)
            for _ in range(lasers):
                add(DieKind.LASER, h, fight, ATTACK, 1)
            for _ in range(areas):
                add(DieKind.AREA, h, fight, ATTACK, 1)
            for _ in range(combat.EXPLODE_DICE * explode):
                add(DieKind.AREA, h, fight, ATTACK)
            for _ in range(bomb.bomb_dice(state, enc, h)):  # not weapon dice
                add(DieKind.CLOSE_COMBAT, h, fight, ATTACK)
        d = defender(enc, fight, mover)
        if state.healthy(d):
            screens = enc.pick(d)[2] if d in enc.ann else 0
            for _ in range(combat.speed_dice(state, d)):
                add(DieKind.SPEED, d, fight, DEFENCE)
            for _ in range(combat.armour_dice(state, d, screens)):
                add(DieKind.ARMOUR, d, fight, DEFENCE)
    return kinds


def _deciders(enc: Enc, fight: int, mover: int) -> list[int]:
    """D21: the defender first, then the attackers in order."""
    return [defender(enc, fight, mover), *attackers(enc, fight, mover)]


def _can_act(state: State, enc: Enc, fight: int, mover: int, hewn: int, k: int) -> bool:
    """Whether decider number `k` has a dodge or a re-roll left."""
    if not enc.fight_dice(fight, ATTACK):
        return False
    if k == 0:
        return (
            state.healthy(hewn)
            and combat.can_dodge(state, hewn)
            and hewn not in enc.dodged
        )
    i = enc.ann.index(hewn)
    return enc.rerolls[i] < state.card(hewn).rerolls


def _fight_cancelled(state: State, enc: Enc, fight: int) -> bool:
    defence = [enc.die(j)[:2] for j in enc.fight_dice(fight, DEFENCE)]
    return combat.cancelled(defence)


def _next_reroll(state: State, enc: Enc, frame: Frame) -> bool:
    """Push the next DODGE or REROLL decision of the current attack; move on to
    the next attack once everyone has passed in a row (D21). Returns whether
    a frame was pushed."""
    mover = frame.hewn
    while enc.fight <= REACTOR_FIGHT:
        fight = enc.fight
        live = bool(enc.fight_dice(fight, ATTACK)) and not _fight_cancelled(
            state, enc, fight
        )
        deciders = _deciders(enc, fight, mover)
        while live and enc.passes < len(deciders):
            k = enc.cursor % len(deciders)
            hewn = deciders[k]
            if _can_act(state, enc, fight, mover, hewn, k):
                ask = Ask.DODGE if k == 0 else Ask.REROLL
                push(state, Frame(ask, state.ctrl[hewn], hewn, other=k))
                return True
            enc.passes += 1
            enc.cursor += 1
        enc.fight += 1
        enc.cursor = 0
        enc.passes = 0
    return False


def _resolve(state: State, enc: Enc, frame: Frame) -> list[int]:
    """Step 7: compare each attack with its defence; a success on a healthy
    Hewn rolls the hurt die (on a swarm it kills attack - defence members:
    "no hurt dice are rolled"), on a non-healthy one it dies ("if the Hewn is NOT
    healthy, it dies immediately"); two escapes cancel it and allow a free
    move; a failed attack on a non-healthy Hewn is humiliating."""
    mover = frame.hewn
    kinds: list[int] = []
    if enc.same:
        samespace.resolve_repairs(state, enc, frame)
    for fight in (MOVER_FIGHT, REACTOR_FIGHT):
        atts = attackers(enc, fight, mover)
        if not atts:
            continue
        if enc.same:
            for h in atts:
                if enc.pick(h)[4]:
                    enc.boom.append(h)
        d = defender(enc, fight, mover)
        defence = [enc.die(j)[:2] for j in enc.fight_dice(fight, DEFENCE)]
        if combat.cancelled(defence):
            enc.escape.append(d)
            continue
        attack = 0
        for h in atts:
            weapons = [
                combat.value(*enc.die(j)[:2])
                for j in enc.fight_dice(fight, ATTACK)
                if enc.die(j)[2] == h and enc.die(j)[5]
            ]
            others = [
                combat.value(*enc.die(j)[:2])
                for j in enc.fight_dice(fight, ATTACK)
                if enc.die(j)[2] == h and not enc.die(j)[5]
            ]
            attack += combat.attacker_total(state, h, weapons, others)
        ok = combat.succeeds(attack, combat.defence_total(defence))
        if ok and state.healthy(d) and swarm.is_swarm(state, d):
            enc.losses.extend((d, attack - combat.defence_total(defence)))
        elif ok and state.healthy(d):
            enc.hurts.extend((d, 0))
            kinds.append(DieKind.HURT)
        elif ok:
            enc.hurts.extend((d, NONE))
        elif fight == MOVER_FIGHT and not state.healthy(d):
            turn = turn_below(state, frame)
            if d not in turn.args:
                turn.args.append(d)
    return kinds


def escape_spaces(state: State, hewn: int) -> list[int]:
    """D22: a linked space that admits its size and is free of healthy Hewns
    ("move to an empty adjacent space (free of any healthy Hewns)"); only a
    healthy Hewn on the board moves."""
    loc = state.loc[hewn]
    if loc < 0 or not state.healthy(hewn):
        return []
    size = state.card(hewn).size
    return [s for s in neighbours(state, loc, size) if not healthy_at(state, s, hewn)]


# --- the decisions -------------------------------------------------------------------
def legal_react(state: State, frame: Frame) -> list[int]:
    return [Ctrl.DONE, *(HEWN + h for h in _unannounced(state, frame))]


def _unannounced(state: State, frame: Frame) -> list[int]:
    """The seat's eligible reactors that have not announced yet."""
    enc = encounter_frame(state).enc
    return [h for h in reactors(state, frame.seat, frame.hewn) if h not in enc.ann]


def apply_react(state: State, frame: Frame, action: int) -> None:
    """rulebook: reacting Hewns "can announce an encounter (even though it's not
    their turn)"; one Hewn per step, DONE to stop."""
    enc = encounter_frame(state).enc
    if action == Ctrl.DONE:
        pop(state)
        return
    add_announcer(enc, action - HEWN)
    if not _unannounced(state, frame):
        pop(state)


def legal_join(state: State, frame: Frame) -> list[int]:
    return [Ctrl.YES, Ctrl.NO]


def apply_join(state: State, frame: Frame, action: int) -> None:
    """rulebook: the mover "can also wait to announce an encounter, after an
    enemy Hewn has seen it and announced an encounter"."""
    enc = encounter_frame(state).enc
    if action == Ctrl.YES:
        add_announcer(enc, frame.hewn)
    pop(state)


def _pick_slot(frame: Frame) -> int:
    return PICK_ASKS.index(Ask(frame.ask))


def legal_pick(state: State, frame: Frame) -> list[int]:
    """L and A need the weapon ability, E the explode ability (one die, 1
    Substract); all picks together <= 7 and <= the load. In a same-space
    encounter, weapon dice and exploding commit to an attack, so they are
    masked where the Hewn may not attack its opponent (a friend)."""
    enc = encounter_frame(state).enc
    hewn = frame.hewn
    slot = _pick_slot(frame)
    picked = sum(enc.pick(hewn)[:slot])
    cap = pick_room(state, enc, hewn, picked)
    if (
        enc.same
        and slot in (0, 1, 4)
        and not samespace.may_attack(state, enc, hewn, frame.hewn == enc.target)
    ):
        return [NUM]
    if slot < 2 and not combat.has_weapon(state, hewn):
        return [NUM]
    if slot == 4:
        cap = min(cap, 1) if combat.can_explode(state, hewn) else 0
    return [NUM + v for v in range(cap + 1)]


def apply_pick(state: State, frame: Frame, action: int) -> None:
    enc = encounter_frame(state).enc
    i = enc.ann.index(frame.hewn)
    enc.picks[PICKS * i + _pick_slot(frame)] = action - NUM
    enc.cursor += 1
    pop(state)


def legal_target(state: State, frame: Frame) -> list[int]:
    enc_frame = encounter_frame(state)
    turn = turn_below(state, enc_frame)
    return [HEWN + t for t in targets(state, frame.hewn, turn)]


def apply_target(state: State, frame: Frame, action: int) -> None:
    """D19: the mover names its target after all picks; a humiliating target
    costs 1 AP (D59)."""
    enc_frame = encounter_frame(state)
    enc = enc_frame.enc
    enc.target = action - HEWN
    turn = turn_below(state, enc_frame)
    if humiliated(turn, enc.target, state):
        hewn_turn(turn).ap -= 1
    pop(state)


# --- step 2: transmit away -------------------------------------------------------------
def away_sources(state: State, enc: Enc, frame: Frame, seat: int) -> list[int]:
    """`seat`'s participants and possible targets that carry Substract and may
    transmit (rulebook: "Any Hewns with Substract stored on their bodies - that
    wish to transmit it off-planet or to friendly healthy Hewns (to protect
    it), must announce and do that now")."""
    involved = _guard(state, enc, frame)
    return [h for h in tx_sources(state, seat) if h in involved]


def away_seats(state: State, enc: Enc, frame: Frame) -> list[int]:
    """The seats asked at step 2: those with a Hewn that may move Substract
    away, the mover's first, then to its left (a public fact)."""
    n = state.num_players
    own = frame.seat
    seats = [(own + k) % n for k in range(n)]
    return [s for s in seats if away_sources(state, enc, frame, s)]


def legal_away(state: State, frame: Frame) -> list[int]:
    enc_frame = encounter_frame(state)
    enc = enc_frame.enc

    more = [Verb.TRANSMIT] if away_sources(state, enc, enc_frame, frame.seat) else []
    return [Ctrl.DONE, *more]


def apply_away(state: State, frame: Frame, action: int) -> None:
    """TRANSMIT starts a transmission from one of the seat's involved Hewns
    (same-space: off planet only: "Hewns in Same Space Encounters cannot
    transmit Substract to other Hewns"); DONE ends the seat's step."""
    if action == Ctrl.DONE:
        pop(state)
        return
    enc_frame = encounter_frame(state)
    enc = enc_frame.enc
    window = AWAY_SAME if enc.same else AWAY_RANGED
    sources = away_sources(state, enc, enc_frame, frame.seat)
    push(state, TxFrame(frame.seat, window, list(sources)))


def resume_away(state: State, frame: Frame) -> None:
    """After a transmission: asked again while something may still move."""
    enc_frame = encounter_frame(state)
    if not away_sources(state, enc_frame.enc, enc_frame, frame.seat):
        pop(state)


def finish_pay(
    state: State, frame: Frame, amount: int, own: int, own_dirty: int, chain_dirty: int
) -> None:
    """The picks are paid as chosen (`payment.Finish`); the next announcer
    pays."""
    enc = encounter_frame(state).enc
    _pay(state, frame.hewn, amount, own, own_dirty, chain_dirty)
    enc.cursor += 1
    pop(state)


def _attack_ids(enc: Enc, fight: int, owner: int) -> list[int]:
    """DIE ids of the current attack's dice (those of `owner` only, unless
    NONE); the id is the die's position among the attack dice."""
    dice = enc.fight_dice(fight, ATTACK)
    return [
        DIE + p
        for p, j in enumerate(dice)
        if p < DIE_SIZE and (owner == NONE or enc.die(j)[2] == owner)
    ]


def legal_dodge(state: State, frame: Frame) -> list[int]:
    enc = encounter_frame(state).enc
    return [Ctrl.DONE, *_attack_ids(enc, enc.fight, NONE)]


def legal_reroll(state: State, frame: Frame) -> list[int]:
    enc = encounter_frame(state).enc
    return [Ctrl.DONE, *_attack_ids(enc, enc.fight, frame.hewn)]


def apply_dodge_or_reroll(state: State, frame: Frame, action: int) -> None:
    """rulebook: dodge "force[s] the attacker to re-roll any 1 (one) of his
    dice"; "Attackers can re-roll as many of their attacking dice as they have
    re-roll ability"; D21: they alternate until all pass."""
    enc_frame = encounter_frame(state)
    enc = enc_frame.enc
    if action == Ctrl.DONE:
        enc.passes += 1
        enc.cursor += 1
        pop(state)
        return
    j = enc.fight_dice(enc.fight, ATTACK)[action - DIE]
    if frame.ask == Ask.DODGE:
        enc.dodged.append(frame.hewn)
    else:
        enc.rerolls[enc.ann.index(frame.hewn)] += 1
    enc.pending = j
    enc_frame.step = EncStep.REROLLED
    state.frames.pop()
    state.rolled = []
    roll(state, [enc.die(j)[0]])


def legal_sicket(state: State, frame: Frame) -> list[int]:
    return [SOCKET + i for i in combat.sicket_slots(state, frame.hewn)]


def apply_sicket(state: State, frame: Frame, action: int) -> None:
    """rulebook: Sicket hit: the owner chooses the Sicket technology destroyed."""
    combat.lose_sicket(state, frame.hewn, action - SOCKET)
    pop(state)


def legal_escape(state: State, frame: Frame) -> list[int]:
    return [Ctrl.DONE, *(SPACE + s for s in escape_spaces(state, frame.hewn))]


def apply_escape(state: State, frame: Frame, action: int) -> None:
    """rulebook: "the Hewn rolling two or more escapes, may choose to move to
    that adjacent space as a free move"; a danger token there attacks it
    (D22)."""
    if action == Ctrl.DONE:
        pop(state)
        return
    state.frames.pop()
    state.loc[frame.hewn] = action - SPACE
    parent = state.frames[-1]
    danger.entered(state, frame.hewn)
    if state.frames and state.frames[-1] is parent:
        wake(state)


# --- what other seats may not see -------------------------------------------------------
def picks_secret(frame: Frame) -> bool:
    """Whether the picks are still secret: "Each Hewn involved ... secretly picks"
    until the reveal (ranged: after the mover has named its target, so while
    the encounter waits to run `EncStep.REVEAL`; same-space: before the
    intents)."""
    enc_same = frame.ask == Ask.SAME_SPACE
    return frame.step in PICKS_SECRET or (not enc_same and frame.step == EncStep.REVEAL)


def hide_picks(
    state: State, frame: Frame, viewer: int, rng: np.random.Generator | None
) -> None:
    """The view's hook: before the reveal, another seat's picks are zero
    (redact) or drawn among the picks its Hewn could pay for (determinize),
    one announcer after the other so that a seat's draws fit its chain
    together (D65)."""
    if not picks_secret(frame):
        return
    enc = enc_of(frame)
    per = PICKS if enc.same else 3
    made = len(enc.ann) if frame.step == EncStep.REVEAL else enc.cursor // per
    hidden = [i for i, hewn in enumerate(enc.ann) if state.ctrl[hewn] != viewer]
    for i in hidden:  # first forget them all: the draws below must not see them
        enc.picks[PICKS * i : PICKS * i + PICKS] = [0] * PICKS
    for i in hidden:
        hewn = enc.ann[i]
        pick = [0] * PICKS
        if rng is not None and i < made:
            top = min(ENCOUNTER_SUBSTRACT_MAX.value, pick_room(state, enc, hewn, 0))
            fields = [2] + ([0, 1] if combat.has_weapon(state, hewn) else [])
            if enc.same:
                fields.append(3)
            for _ in range(int(rng.integers(top + 1))):
                pick[fields[int(rng.integers(len(fields)))]] += 1
        enc.picks[PICKS * i : PICKS * i + PICKS] = pick


def legal_machine(state: State, frame: Frame) -> list[int]:
    """An encounter frame asks nothing itself (its children ask)."""
    return []


def apply_machine(state: State, frame: Frame, action: int) -> None:
    """An encounter frame takes no action itself (its children do)."""
