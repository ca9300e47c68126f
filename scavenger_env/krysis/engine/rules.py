"""The legal actions and their effects: one small function per kind of choice.

`PHASE_RULES` names, for each phase, the functions that list its legal actions,
apply one, say one in words and say why one is not legal; `legal_actions`,
`apply_legal_action`, `describe_action` and `explain_illegal` hand over to them,
and `decision` names the choice for bots. `legal_actions` is the single source of
truth: `apply_action` checks an action against it (an illegal one raises
`IllegalActionError` saying why and changes nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from scavenger_env.core import errors as core_errors
from scavenger_env.core.actions import as_action, checked_action

from . import actions as A
from .capacity import fits
from .chance import shuffle
from .data import (
    CARDS,
    COLOUR_NAMES,
    MAX_OPTIONS,
    NUM_RELIC_TYPES,
    OVERTIME_MIXES,
    RELIC_LETTERS,
    RELICS,
    SALE_VP,
    SQUAD_DISCARDS_PER_STAR,
    AgentKind,
    RelicKind,
    crystals_text,
)
from .describe import (
    action_kind,
    describe_bid,
    describe_by_id,
    describe_hand,
    describe_keep,
    describe_pick,
    describe_place,
    describe_squad,
    describe_timing,
)
from .flow import (
    BID_BASE,
    after_placement_step,
    before_the_action,
    deal_hand,
    draw_agent,
    finish_normal_action,
    form_decks,
    next_bid,
    next_draw,
    reveal_picks,
    run_specials,
    start_bidding,
    take_random_relics,
)
from .queries import (
    can_raid,
    card,
    chamber_options,
    free_chambers,
    team_capacity,
    team_specials,
)
from .state import ActKind, Alchemy, Phase, SpecialsWhen, State


class IllegalActionError(core_errors.IllegalActionError):
    """An action that is not legal now; the state is unchanged."""


NINE_CARD_HAND = 9
SQUAD_DISCARDS = 3 * SQUAD_DISCARDS_PER_STAR


# -- legal actions -----------------------------------------------------------------


def legal_actions(state: State) -> list[int]:
    """The mover's legal actions, sorted (empty once the game is over)."""
    return PHASE_RULES[state.phase].legal(state)


def decision(state: State) -> str:
    """The name of the choice the mover faces ("bid", "place", "keep", "pick",
    "timing", "action", "select", "thief", "spy_target", "spy_take", "alchemy",
    "draw", "squad", "hand"; "" once the game is over): what bots decide on."""
    return PHASE_RULES[state.phase].decision


def _legal_bid(state: State) -> list[int]:
    """ "Each player secretly takes as many crystals from behind his screen (his
    home) as he wishes" -- how many of the colour asked now (rules 1: all of them
    when there are more than the largest count; rules 2: any count)."""
    p = state.mover
    if state.config.rules_version >= 2:
        return _legal_bid_digit(state, p)
    home = state.home[p][state.bid_step]
    out = [A.BID + k for k in range(min(home, A.MAX_BID_COUNT) + 1)]
    if home > A.MAX_BID_COUNT:
        out.append(A.BID_ALL)
    return out


def _legal_bid_digit(state: State, p: int) -> list[int]:
    """Rules 2: "as many crystals ... as he wishes", exactly: the count of the
    colour is chosen in base-16 digits, highest first (one digit for a home of
    at most 15), each digit as large as the home still allows."""
    colour = state.bid_step
    unit = BID_BASE**state.bid_digits
    room = (state.home[p][colour] - state.bid[p][colour]) // unit
    return [A.BID + d for d in range(min(room, BID_BASE - 1) + 1)]


def _legal_place(state: State) -> list[int]:
    """A free chamber of the next level, and one of its "?" options."""
    out = []
    for c in free_chambers(state):
        for o in range(len(chamber_options(state, c))):
            out.append(A.PLACE + c * MAX_OPTIONS + o)
    return out


def _legal_keep(state: State) -> list[int]:
    return [A.KEEP, A.KEEP + 1]


def _legal_pick(state: State) -> list[int]:
    return [A.CARD + c for c in state.hand[state.mover]]


def _legal_timing(state: State) -> list[int]:
    return [A.SPECIAL_FIRST, A.SPECIAL_AFTER]


def _legal_action(state: State) -> list[int]:
    """Flip up to one weapon and one transport relic, then load, mine overtime or
    raid a campsite whose defence is lower than the attack."""
    p = state.mover
    out = []
    relics = state.camp_relics[p]
    for t in range(NUM_RELIC_TYPES):
        if relics[t]:
            flipped = (
                state.turn_weapon
                if RELICS[t].kind == RelicKind.WEAPON
                else state.turn_transport
            )
            if flipped < 0:
                out.append(A.FLIP + t)
    out.append(A.LOAD)
    out += [A.OVERTIME + i for i in range(len(OVERTIME_MIXES))]
    out += [A.RAID + q for q in range(state.n) if q != p and can_raid(state, p, q)]
    return out


def _selected_relics(state: State) -> int:
    return sum(state.sel_relics) + state.sel_random


def _legal_select(state: State) -> list[int]:
    """Goods that still fit the capacity, one at a time, then where they go."""
    p = state.mover
    raid = state.act_kind == ActKind.RAID
    source = state.act_target if raid else p
    camp = state.camp[source]
    slots = team_capacity(state, p)
    sel = state.sel
    relics = _selected_relics(state)
    out = []
    for c in range(3):
        if camp[c] > sel[c]:
            more = sel[:]
            more[c] += 1
            if fits(slots, more[0], more[1], more[2], relics):
                out.append(A.TAKE_RED + c)
    if fits(slots, sel[0], sel[1], sel[2], relics + 1):
        if raid:
            if sum(state.camp_relics[source]) > state.sel_random:
                out.append(A.TAKE_RANDOM_RELIC)
        else:
            own = state.camp_relics[p]
            for t in range(NUM_RELIC_TYPES):
                if own[t] > state.sel_relics[t]:
                    out.append(A.TAKE_RELIC + t)
    out += [A.TO_HOME, A.TO_BANK]
    if raid:
        out.append(A.TO_CAMP)
    return sorted(out)


def _legal_thief(state: State) -> list[int]:
    p = state.mover
    return [A.THIEF_TARGET + q for q in range(state.n) if q != p]


def _legal_spy_target(state: State) -> list[int]:
    p = state.mover
    return [A.SPY_TARGET + q for q in range(state.n) if q != p]


def _legal_spy_take(state: State) -> list[int]:
    relics = state.camp_relics[state.spy_target]
    return [A.SPY_TAKE + t for t in range(NUM_RELIC_TYPES) if relics[t]]


def _legal_alchemy(state: State) -> list[int]:
    """ "turn any white crystals into a blue one ... Instead ... you can turn blue
    ones into red. It is not possible to choose both options"; at least one
    crystal, since the special action is mandatory."""
    out = []
    camp = state.camp[state.mover]
    if state.alchemy_mode != Alchemy.BLUE_TO_RED and camp[2]:
        out.append(A.ALCHEMY_W2B)
    if state.alchemy_mode != Alchemy.WHITE_TO_BLUE and camp[1]:
        out.append(A.ALCHEMY_B2R)
    if state.alchemy_mode != Alchemy.UNDECIDED:
        out.append(A.ALCHEMY_DONE)
    return out


def _legal_draw(state: State) -> list[int]:
    return [A.DRAW_TRANSPORTER, A.DRAW_FIGHTER]


def _legal_squad(state: State) -> list[int]:
    """ "Players choose 6 cards to discard in the following distribution: 2 agents
    with 1 star, 2 with 2 stars and 2 with 3 stars." """
    p = state.mover
    out = []
    stars_out = [0, 0, 0, 0]
    for c in state.squad_out[p]:
        stars_out[CARDS[p][c].stars] += 1
    for c in state.deck_t[p] + state.deck_f[p]:
        if stars_out[CARDS[p][c].stars] < SQUAD_DISCARDS_PER_STAR:
            out.append(A.CARD + c)
    return sorted(out)


def _legal_hand(state: State) -> list[int]:
    p = state.mover
    return sorted(A.CARD + c for c in state.deck_t[p] + state.deck_f[p])


def _legal_none(state: State) -> list[int]:
    return []


# -- applying ----------------------------------------------------------------------


def apply_action(state: State, action: object) -> None:
    """Play `action` for the mover; an illegal one raises IllegalActionError
    saying why and changes nothing."""
    reason = explain_illegal(state, action)
    if reason:
        raise IllegalActionError(reason)
    a = as_action(action)
    assert a is not None  # explain_illegal refused anything else
    apply_legal_action(state, a)


def apply_legal_action(state: State, action: int) -> None:
    """Play an action known to be legal (no check)."""
    state.decisions += 1
    mover, segment = state.mover, SEGMENT_OF_PHASE[state.phase]
    round_, pick_round = state.round, state.pick_round
    PHASE_RULES[state.phase].apply(state, action)
    if (  # `turn_key` changed (spelled out: this runs at every decision)
        state.mover != mover
        or SEGMENT_OF_PHASE[state.phase] != segment
        or state.round != round_
        or state.pick_round != pick_round
        or state.phase == Phase.GAME_OVER
    ):
        state.turns += 1


SEGMENT_NAMES: tuple[str, ...] = (
    "action",
    "squad draft",
    "choosing the hand",
    "mining: the blind bid",
    "mining: placing the miners",
    "building up the teams",
    "ending the round: drawing agents",
)
"""The parts of a round, in words; a turn never spans two."""

SEGMENT_OF_PHASE: tuple[int, ...] = tuple(
    {
        Phase.SQUAD: 1,
        Phase.HAND: 2,
        Phase.BID: 3,
        Phase.PLACE: 4,
        Phase.KEEP: 4,
        Phase.PICK: 5,
        Phase.DRAW: 6,
    }.get(phase, 0)
    for phase in Phase
)
"""Each phase's part of the round (an index into `SEGMENT_NAMES`); the phases not
named are the action phase's."""


def turn_key(state: State) -> tuple[int, int, int, int]:
    """Which turn is being played: one player's go at one part of a round. A turn
    ends when this changes (or the game ends); `state.turns` counts those."""
    return (state.round, SEGMENT_OF_PHASE[state.phase], state.pick_round, state.mover)


def _next_in_queue(state: State) -> bool:
    """Move to the next seat of the queue; False when all have had their go."""
    state.qi += 1
    if state.qi < len(state.queue):
        state.mover = state.queue[state.qi]
        return True
    return False


def _apply_bid(state: State, action: int) -> None:
    p, colour = state.mover, state.bid_step
    if state.config.rules_version >= 2:
        bid_digit(state, p, colour, action - A.BID)
        return
    count = state.home[p][colour] if action == A.BID_ALL else action - A.BID
    state.bid[p][colour] = count
    state.bid_step += 1
    next_bid(state)


def bid_digit(state: State, p: int, colour: int, digit: int) -> None:
    """Rules 2: one base-16 digit of the colour's count; the colour is done
    after its last digit."""
    state.bid[p][colour] += digit * BID_BASE**state.bid_digits
    if state.bid_digits > 0:
        state.bid_digits -= 1
        return
    state.bid_step += 1
    next_bid(state)


def _apply_place(state: State, action: int) -> None:
    """Move the miner and take the chamber's goods into the campsite; each card
    symbol draws 2 relics to keep 1 of."""
    p = state.mover
    chamber, option = divmod(action - A.PLACE, MAX_OPTIONS)
    goods = chamber_options(state, chamber)[option]
    state.position[p] = chamber
    for c, n in enumerate(goods.crystals):
        state.camp[p][c] += n
    state.keeps_left = goods.relics
    state.log.append(
        f"Player {p} moves to level {state.level} chamber {chamber + 1} and takes "
        f"{goods.text()}."
    )
    after_placement_step(state)


def _apply_keep(state: State, action: int) -> None:
    """ "draws 2 cards from the relic draw pile, keeps one of them, and discards
    the other one face up" """
    p = state.mover
    index = action - A.KEEP
    kept = state.keep_options[index]
    other = state.keep_options[1 - index]
    state.camp_relics[p][kept] += 1
    state.relic_discard.append(other)
    state.keeps_left -= 1
    state.log.append(
        f"Player {p} keeps a relic and discards {RELICS[other].name} face up."
    )
    after_placement_step(state)


def _apply_pick(state: State, action: int) -> None:
    p = state.mover
    card_id = action - A.CARD
    state.hand[p].remove(card_id)
    state.pending[p] = card_id
    if not _next_in_queue(state):
        reveal_picks(state)


def _apply_timing(state: State, action: int) -> None:
    """ "The active player may choose whether they want to activate his agent's
    special action before or after his normal action." """
    first = action == A.SPECIAL_FIRST
    if state.config.rules_version >= 2:
        time_special_agent(state, first)
        return
    if first:
        state.specials_when = SpecialsWhen.FIRST
        state.specials_queue = team_specials(state, state.mover)
        run_specials(state)
    else:
        state.specials_when = SpecialsWhen.AFTER
        state.phase = Phase.ACTION


def time_special_agent(state: State, first: bool) -> None:
    """Rules 2: "...activate his agent's special action before or after his
    normal action" -- the choice is made for each special agent, in pick order;
    one that acts before does so at once."""
    c = state.specials_undecided.pop(0)
    if first:
        state.specials_when = SpecialsWhen.FIRST
        state.specials_queue = [c]
        run_specials(state)
    else:
        state.specials_when = SpecialsWhen.AFTER
        state.specials_later.append(c)
        before_the_action(state)


def _apply_action_choice(state: State, action: int) -> None:
    p = state.mover
    if A.FLIP <= action < A.LOAD:
        flip_relic(state, p, action - A.FLIP)
    elif action == A.LOAD:
        state.act_kind = ActKind.LOAD
        state.phase = Phase.SELECT
    elif A.OVERTIME <= action < A.RAID:
        mine_overtime(state, p, action - A.OVERTIME)
    else:
        state.act_kind = ActKind.RAID
        state.act_target = action - A.RAID
        state.phase = Phase.SELECT
        state.log.append(f"Player {p} raids player {state.act_target}'s campsite.")


def flip_relic(state: State, seat: int, relic: int) -> None:
    """ "The active player may activate (turn over) 1 or 2 of his relic cards at
    his campsite": a flipped relic leaves the stealable goods."""
    state.camp_relics[seat][relic] -= 1
    state.flipped[seat].append(relic)
    if RELICS[relic].kind == RelicKind.WEAPON:
        state.turn_weapon = relic
    else:
        state.turn_transport = relic
    state.log.append(f"Player {seat} flips {RELICS[relic].name}.")


def mine_overtime(state: State, seat: int, mix: int) -> None:
    """ "takes any combination of crystals from the bank equalling 6 points of
    value"; the team stays to defend the campsite."""
    for c, n in enumerate(OVERTIME_MIXES[mix]):
        state.camp[seat][c] += n
    state.log.append(
        f"Player {seat} mines overtime: {crystals_text(OVERTIME_MIXES[mix])}."
    )
    finish_normal_action(state, desert=False)


def _apply_select(state: State, action: int) -> None:
    if A.TAKE_RED <= action <= A.TAKE_WHITE:
        state.sel[action - A.TAKE_RED] += 1
    elif A.TAKE_RELIC <= action < A.TAKE_RANDOM_RELIC:
        state.sel_relics[action - A.TAKE_RELIC] += 1
    elif action == A.TAKE_RANDOM_RELIC:
        state.sel_random += 1
    else:
        deliver_goods(state, action)


def deliver_goods(state: State, action: int) -> None:
    """Move the chosen goods home, to the bank (2 VP each) or (a raid) to the own
    campsite, and end the normal action."""
    p = state.mover
    raid = state.act_kind == ActKind.RAID
    source = state.act_target if raid else p
    crystals = state.sel[:]
    for c in range(3):
        state.camp[source][c] -= crystals[c]
    if raid:
        relics = take_random_relics(state, source, state.sel_random)
    else:
        relics = []
        for t in range(NUM_RELIC_TYPES):
            state.camp_relics[p][t] -= state.sel_relics[t]
            relics += [t] * state.sel_relics[t]
    verb = "takes" if raid else "loads"
    what = crystals_text(crystals)
    if action == A.TO_HOME:
        for c in range(3):
            state.home[p][c] += crystals[c]
        for t in relics:
            state.home_relics[p][t] += 1
        if relics:
            what += f" and {len(relics)} relic(s)"
        where = "home"
        desert = True
    elif action == A.TO_BANK:
        items = sum(crystals) + len(relics)
        state.vp[p] += SALE_VP * items
        state.relic_discard += relics
        if relics:
            what += " and " + ", ".join(RELIC_LETTERS[t] for t in relics)
        where = f"to the bank for {SALE_VP * items} VP"
        desert = not raid or state.config.raid_bank_deserts
    else:
        for c in range(3):
            state.camp[p][c] += crystals[c]
        for t in relics:
            state.camp_relics[p][t] += 1
        if relics:
            what += f" and {len(relics)} relic(s)"
        where = "to the campsite"
        desert = False
    loot = f" from player {source}'s campsite" if raid else ""
    state.log.append(f"Player {p} {verb} {what}{loot} {where}.")
    finish_normal_action(state, desert)


def _apply_thief(state: State, action: int) -> None:
    """ "the active player may steal the shown crystals from any one other player's
    campsite, even if his combat value is lower" -- as many as are there."""
    p = state.mover
    target = action - A.THIEF_TARGET
    amount = card(state, p, state.act_target).amount
    got = [min(amount[c], state.camp[target][c]) for c in range(3)]
    for c in range(3):
        state.camp[target][c] -= got[c]
        state.camp[p][c] += got[c]
    state.log.append(
        f"Player {p}'s Thief steals {crystals_text(got)} from player {target}."
    )
    run_specials(state)


def _apply_spy_target(state: State, action: int) -> None:
    """ "The active player may choose an opponent and look at the relic cards at
    his campsite." """
    target = action - A.SPY_TARGET
    state.spy_target = target
    if sum(state.camp_relics[target]):
        state.phase = Phase.SPY_TAKE
    else:
        state.log.append(
            f"Player {state.mover}'s Spy finds no relic at player {target}'s campsite."
        )
        run_specials(state)


def _apply_spy_take(state: State, action: int) -> None:
    """ "Then he may steal one relic card of his choice and take it to his
    campsite." """
    p, target = state.mover, state.spy_target
    relic = action - A.SPY_TAKE
    state.camp_relics[target][relic] -= 1
    state.camp_relics[p][relic] += 1
    state.log.append(f"Player {p}'s Spy takes a relic from player {target}.")
    run_specials(state)


def _apply_alchemy(state: State, action: int) -> None:
    p = state.mover
    camp = state.camp[p]
    if action == A.ALCHEMY_W2B:
        camp[2] -= 1
        camp[1] += 1
        state.alchemy_mode = Alchemy.WHITE_TO_BLUE
        more = camp[2] > 0
    elif action == A.ALCHEMY_B2R:
        camp[1] -= 1
        camp[0] += 1
        state.alchemy_mode = Alchemy.BLUE_TO_RED
        more = camp[1] > 0
    else:
        more = False
    if not more:
        state.log.append(f"Player {p}'s Alchemist has converted crystals.")
        run_specials(state)


def _apply_draw(state: State, action: int) -> None:
    kind = AgentKind.TRANSPORTER if action == A.DRAW_TRANSPORTER else AgentKind.FIGHTER
    draw_agent(state, state.mover, kind)
    next_draw(state)


def _apply_squad(state: State, action: int) -> None:
    p = state.mover
    card_id = action - A.CARD
    _remove_from_decks(state, p, card_id)
    state.squad_out[p].append(card_id)
    if len(state.squad_out[p]) < SQUAD_DISCARDS or _next_in_queue(state):
        return
    for q in range(state.n):
        form_decks(state, q, state.deck_t[q] + state.deck_f[q])
    if state.config.nine_card_hand:
        state.phase = Phase.HAND
        state.qi = 0
        state.mover = state.queue[0]
        return
    for q in range(state.n):
        deal_hand(state, q)
    start_bidding(state)


def _apply_hand(state: State, action: int) -> None:
    """ "each player chooses any 9 of his agent cards and takes them into his
    hand"; the rest are shuffled into the two decks."""
    p = state.mover
    card_id = action - A.CARD
    _remove_from_decks(state, p, card_id)
    state.hand[p].append(card_id)
    state.hand[p].sort()
    if len(state.hand[p]) < NINE_CARD_HAND or _next_in_queue(state):
        return
    for q in range(state.n):
        shuffle(state, state.deck_t[q])
        shuffle(state, state.deck_f[q])
    start_bidding(state)


def _remove_from_decks(state: State, seat: int, card_id: int) -> None:
    if card_id in state.deck_t[seat]:
        state.deck_t[seat].remove(card_id)
    else:
        state.deck_f[seat].remove(card_id)


def _apply_nothing(state: State, action: int) -> None:
    """The game is over: nothing happens."""


# -- in words ------------------------------------------------------------------------


def describe_action(state: State, action: int, viewer: int | None = None) -> str:
    """`action` for the mover now, in words as `viewer` may read them (None: all)."""
    own = viewer is None or viewer == state.mover
    return PHASE_RULES[state.phase].describe(state, action, own)


# -- why an action is illegal ----------------------------------------------------------


def explain_illegal(state: State, action: object) -> str:
    """Why `action` is illegal now, in plain words ('' when it is legal)."""
    a, reason = checked_action(action, A.NUM_ACTIONS)
    if reason:
        return reason
    if state.phase == Phase.GAME_OVER:
        return "the game is over"
    if a in legal_actions(state):
        return ""
    return _why_not(state, a)


def _why_not(state: State, action: int) -> str:
    rules = PHASE_RULES[state.phase]
    kind = action_kind(action)
    base = f"player {state.mover} must now {rules.wanted}; {kind} is not possible"
    return rules.why_not(state, action, base)


def _why_not_bid(state: State, action: int, base: str) -> str:
    if not A.BID <= action <= A.BID_ALL:
        return base
    colour = COLOUR_NAMES[state.bid_step]
    home = state.home[state.mover][state.bid_step]
    if state.config.rules_version >= 2:
        if action == A.BID_ALL:
            return f"{base}: rules 2 bid a count digit by digit, not 'all'"
        unit = BID_BASE**state.bid_digits
        if unit == 1:
            return f"{base}: only {home} {colour} crystal(s) at home"
        return (
            f"{base}: only {home} {colour} crystal(s) at home, so this digit "
            f"(counting {unit}s) is at most {legal_actions(state)[-1] - A.BID}"
        )
    if action == A.BID_ALL:
        return f"{base}: 'all' is for more than {A.MAX_BID_COUNT} {colour} crystals"
    return f"{base}: only {home} {colour} crystal(s) at home"


def _why_not_place(state: State, action: int, base: str) -> str:
    if not A.PLACE <= action < A.KEEP:
        return base
    chamber, option = divmod(action - A.PLACE, MAX_OPTIONS)
    if chamber not in free_chambers(state):
        return f"{base}: chamber {chamber + 1} is taken"
    return f"{base}: chamber {chamber + 1} has no option {option + 1}"


def _why_not_pick(state: State, action: int, base: str) -> str:
    if not A.CARD <= action < A.SPECIAL_FIRST:
        return base
    return f"{base}: card {action - A.CARD} is not in player {state.mover}'s hand"


def _why_not_squad(state: State, action: int, base: str) -> str:
    if not A.CARD <= action < A.SPECIAL_FIRST:
        return base
    p, c = state.mover, action - A.CARD
    if c not in state.squad_out[p]:
        return f"{base}: 2 agents of {CARDS[p][c].stars} stars are already out"
    return f"{base}: card {c} is not among the cards to choose from"


def _why_not_hand(state: State, action: int, base: str) -> str:
    if not A.CARD <= action < A.SPECIAL_FIRST:
        return base
    return f"{base}: card {action - A.CARD} is not among the cards to choose from"


def _why_not_action(state: State, action: int, base: str) -> str:
    p = state.mover
    if A.FLIP <= action < A.LOAD:
        t = action - A.FLIP
        if not state.camp_relics[p][t]:
            return f"{base}: no {RELICS[t].name} lies face down at the campsite"
        return f"{base}: a relic of that kind was already flipped this turn"
    if A.RAID <= action < A.TAKE_RED:
        q = action - A.RAID
        if q == p or q >= state.n:
            return f"{base}: seat {q} is not an opponent"
        return f"{base}: the attack is not higher than player {q}'s defence"
    return base


def _why_not_select(state: State, action: int, base: str) -> str:
    if A.TAKE_RED <= action < A.TO_HOME:
        return f"{base}: it is not there or does not fit the loading capacity"
    if action == A.TO_CAMP:
        return f"{base}: only stolen goods may go to the own campsite"
    return base


def _why_not_target(state: State, action: int, base: str) -> str:
    """The Thief's and the Spy's target."""
    if A.THIEF_TARGET <= action < A.SPY_TAKE:
        return f"{base}: the target must be another player"
    return base


def _why_not_alchemy(state: State, action: int, base: str) -> str:
    if action == A.ALCHEMY_DONE:
        return f"{base}: the Alchemist must convert at least one crystal"
    return f"{base}: no crystal of that colour, or the other conversion was chosen"


def _why_not_only(state: State, action: int, base: str) -> str:
    """Phases with a fixed choice: what is wanted says it all."""
    return base


# -- the phase table -------------------------------------------------------------------


class PhaseRules(NamedTuple):
    """What the rules do in one phase (a tuple: the table cannot be changed)."""

    #: the choice's name for bots (`decision`)
    decision: str
    #: what the mover must do now, in words (`explain_illegal`)
    wanted: str
    legal: Callable[[State], list[int]]
    apply: Callable[[State, int], None]
    #: an action in words; the bool: whether the reader is the mover (or all)
    describe: Callable[[State, int, bool], str]
    #: why an illegal action is not legal, from the sentence that says what is
    #: wanted (`explain_illegal`)
    why_not: Callable[[State, int, str], str]


def _phase_table() -> tuple[PhaseRules, ...]:
    # fmt: off
    by_phase = {
        Phase.SQUAD: PhaseRules(
            "squad", "discard an agent from the squad",
            _legal_squad, _apply_squad, describe_squad, _why_not_squad),
        Phase.HAND: PhaseRules(
            "hand", "choose an agent for the starting hand",
            _legal_hand, _apply_hand, describe_hand, _why_not_hand),
        Phase.BID: PhaseRules(
            "bid", "say how many crystals of one colour to bid",
            _legal_bid, _apply_bid, describe_bid, _why_not_bid),
        Phase.PLACE: PhaseRules(
            "place", "move the miner to a free chamber",
            _legal_place, _apply_place, describe_place, _why_not_place),
        Phase.KEEP: PhaseRules(
            "keep", "keep one of the two relics drawn",
            _legal_keep, _apply_keep, describe_keep, _why_not_only),
        Phase.PICK: PhaseRules(
            "pick", "choose an agent from the hand",
            _legal_pick, _apply_pick, describe_pick, _why_not_pick),
        Phase.SPECIAL_TIMING: PhaseRules(
            "timing", "say whether the special agents act first or after",
            _legal_timing, _apply_timing, describe_timing, _why_not_only),
        Phase.ACTION: PhaseRules(
            "action", "flip a relic, load, mine overtime or raid",
            _legal_action, _apply_action_choice, describe_by_id, _why_not_action),
        Phase.SELECT: PhaseRules(
            "select", "choose goods or where they go",
            _legal_select, _apply_select, describe_by_id, _why_not_select),
        Phase.THIEF: PhaseRules(
            "thief", "choose whom the Thief robs",
            _legal_thief, _apply_thief, describe_by_id, _why_not_target),
        Phase.SPY_TARGET: PhaseRules(
            "spy_target", "choose whom the Spy visits",
            _legal_spy_target, _apply_spy_target, describe_by_id, _why_not_target),
        Phase.SPY_TAKE: PhaseRules(
            "spy_take", "choose the relic the Spy takes",
            _legal_spy_take, _apply_spy_take, describe_by_id, _why_not_only),
        Phase.ALCHEMY: PhaseRules(
            "alchemy", "convert a crystal or finish",
            _legal_alchemy, _apply_alchemy, describe_by_id, _why_not_alchemy),
        Phase.DRAW: PhaseRules(
            "draw", "draw from the transporter or fighter deck",
            _legal_draw, _apply_draw, describe_by_id, _why_not_only),
        Phase.GAME_OVER: PhaseRules(
            "", "nothing: the game is over",
            _legal_none, _apply_nothing, describe_by_id, _why_not_only),
    }
    # fmt: on
    return tuple(by_phase[p] for p in Phase)


PHASE_RULES: Final = _phase_table()
"""The rules of each phase, indexed by the phase's number: the one place that
says which function does what in which phase."""
