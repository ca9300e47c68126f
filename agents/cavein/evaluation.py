"""What a position is worth to a seat, and one-action lookahead, for the scripted bots.

Everything here works on a full `GameState` that the bot sampled from its own view
(`SeatView.sample`), never on the true state. The pieces:

* `evaluate(s, seat)`: the seat's VP so far plus a small, readable `potential`
  (hand levels, artifacts that have not paid yet, the Leader's skill);
* `pay_action(s, legal)`: the next PAY or CONFIRM of the cheapest valid payment;
* `outcome(s, seat, action)`: a copy of `s` after `action`, with any payment or
  skill target it opens completed by default choices, so that "Mine slot 7" is
  valued with the crystal already taken and the cards already paid.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from scavenger_env.cavein.engine import (
    GameState,
    Kind,
    Phase,
    apply_legal_action,
    legal_actions,
)
from scavenger_env.cavein.engine.actions import CONFIRM, DONE, END_TURN, PAY
from scavenger_env.cavein.engine.data import (
    CRYSTAL_COLOUR,
    CRYSTAL_SYMBOL,
    CRYSTAL_VP,
    TOTEM_VP,
    Art,
)
from scavenger_env.cavein.engine.payment import need, payable_cards, payment_complete
from scavenger_env.cavein.engine.queries import (
    card_level,
    crystal_colour,
    is_wild,
    mine_cost,
    mining_colour,
    recruit_card_fits,
)
from scavenger_env.cavein.engine.scoring import ARTIFACT_VP, symbol_set_vp

# --- What things are worth ---------------------------------------------------------

#: VP of one card level in hand early in the game: Mining turns about one level
#: into one VP, but it takes actions and a matching colour, so a level is worth less.
HAND_LEVEL_VP = 0.5

#: What an artifact half that scores nothing by itself is worth over a whole game
#: (start-of-turn effects, discounts, raid effects): scaled by the game left.
ARTIFACT_FUTURE_VP: dict[int, float] = {
    Art.THIRD_CYBER_ARM: 4.0,
    Art.RECRUITERS_WHISTLE: 4.0,
    Art.OVERSEERS_WHIP: 4.0,
    Art.PNEUMATIC_PICK: 4.0,
    Art.GUILD_CHARTER: 2.0,
    Art.QUARTERMASTER: 2.0,
    Art.FIELD_KITCHEN: 1.5,
    Art.BOLTED_LOCKER: 1.5,
    Art.BATON_OF_COAXING: 1.0,
    Art.ENHANCED_VISION: 1.0,
}

#: What a scoring half is expected to gain beyond its value now, over a whole game.
ARTIFACT_GROWTH_VP: dict[int, float] = {
    Art.SPACE_EXCHANGE: 2.0,
    Art.CONTRACT: 3.0,
    Art.PEBBLE_PURSE: 2.0,
    Art.WARDENS_LEDGER: 1.0,
    Art.MASS_PRODUCTION: 3.0,
    Art.TOTEM_SHRINE: 1.0,
    Art.BARKING_UP_THE_RIGHT_THREE: 3.0,
    Art.HOARD_OF_COLOURS: 2.0,
    Art.CORE_SAMPLE: 2.0,
    Art.CREW_ROSTER: 3.0,
    Art.TROPHY_WALL: 2.0,
    Art.VETERANS_MEDAL: 1.0,
    Art.GEODE_CUTTER: 3.0,
    Art.PRISM_LENS: 3.0,
}

#: VP of having a merc type as Leader (its skill is free every turn), by type index
#: (colour * 4 + level - 1): brown, blue, purple, yellow, red, green.
LEADER_VP: tuple[float, ...] = (
    0.5, 0.5, 1.0, 3.0,  # Driller, Foreman, Sergeant, Colonel
    0.5, 2.0, 1.5, 2.0,  # Frogt'Opus, Fish'Bean, Shu'War, Mu'Shell
    0.5, 0.5, 1.0, 2.0,  # Mineraccoon, Diggerhino, Ancientone, Maccarat
    0.5, 1.5, 0.5, 2.0,  # Oddgrabber, Drollo, Robuster, Scrabber
    0.5, 1.0, 1.0, 1.0,  # Cyberwitch, Mindwasp, Custodian, Domina
    0.5, 0.5, 0.5, 1.0,  # Sapling, Stalkroot, Seeder, Mandragore
)  # fmt: skip


def game_left(s: GameState) -> float:
    """About how much of the game is still to come: 1 at the start, 0 at the end."""
    if s.end_triggered or s.is_over:
        return 0.0
    threshold = s.config.cave_in_threshold
    return max(0.0, 1.0 - s.cave_in / threshold)


def hand_level_vp(s: GameState) -> float:
    """What a level in hand is worth now: less as the end nears, a little at the end
    (a last Mine may still use it)."""
    return 0.1 + (HAND_LEVEL_VP - 0.1) * game_left(s)


def score(s: GameState, seat: int) -> int:
    """VP so far: `score_breakdown(s, seat).total`, computed without the dataclass
    (this is the bots' inner loop)."""
    me = s.players[seat]
    vp = 0
    symbols = [0] * 6
    for c in me.crystals:
        vp += CRYSTAL_VP[c]
        if CRYSTAL_SYMBOL[c]:
            symbols[CRYSTAL_COLOUR[c]] += 1
    vp += symbol_set_vp(symbols)
    for art in me.artifacts:
        scorer = ARTIFACT_VP.get(art)  # type: ignore[call-overload]
        if scorer is not None:
            vp += scorer(s, seat)
    vp += TOTEM_VP * s.totem_owner.count(seat)
    for c in me.subjugated:
        vp += s.cards.level_of[c]
    return vp


def potential(s: GameState, seat: int) -> float:
    """VP not yet on the scoresheet: hand levels, artifacts still to pay off, Leader."""
    me = s.players[seat]
    left = game_left(s)
    value = hand_level_vp(s) * sum(s.cards.level_of[c] for c in me.hand)
    for art in me.artifacts:
        value += left * (
            ARTIFACT_FUTURE_VP.get(art, 0.0) + ARTIFACT_GROWTH_VP.get(art, 0.0)
        )
    played = s.turn.played if s.current_player == seat else []
    top = played[-1] if played else (me.base[-1] if me.base else -1)
    if top >= 0:
        value += left * LEADER_VP[s.cards.type_of[top]]
    return value


def evaluate(s: GameState, seat: int) -> float:
    """VP so far plus potential: the number the greedy bot maximises."""
    return score(s, seat) + potential(s, seat)


# --- Paying: the cheapest valid payment, one card at a time -------------------------

#: Extra worth of keeping a merc type in hand, beyond its level (ties in payments).
KEEP_VP: tuple[float, ...] = (
    0.0, 0.2, 0.2, 0.6,  # Driller, Foreman, Sergeant, Colonel
    0.0, 0.3, 0.2, 0.3,  # Frogt'Opus, Fish'Bean, Shu'War, Mu'Shell
    0.0, 0.2, 0.2, 0.6,  # Mineraccoon, Diggerhino, Ancientone, Maccarat
    0.0, 0.3, 0.2, 0.6,  # Oddgrabber, Drollo, Robuster, Scrabber
    0.0, 0.1, 0.2, 0.3,  # Cyberwitch, Mindwasp, Custodian, Domina
    0.0, 0.1, 0.1, 0.2,  # Sapling, Stalkroot, Seeder, Mandragore
)  # fmt: skip


def keep_cost(s: GameState, card: int) -> float:
    """How much a card is worth keeping: its level, plus a little for a good skill."""
    return s.cards.level_of[card] + KEEP_VP[s.cards.type_of[card]]


def cheapest_subset(s: GameState, cards: Sequence[int], owed: int) -> list[int] | None:
    """The subset of `cards` whose levels reach `owed` with the least overpay, then
    the least worth kept back; None if even all of them fall short.

    A small knapsack: for each level total still short of `owed`, the cheapest way
    to reach it (a subset that already pays is never improved by adding a card).
    """
    if owed <= 0:
        return []
    short: dict[int, tuple[float, int]] = {0: (0.0, 0)}  # total -> (cost, mask)
    paid: dict[int, tuple[float, int]] = {}
    for i, card in enumerate(cards):
        level, cost = card_level(s, card), keep_cost(s, card)
        for total, (c, mask) in list(short.items()):
            new_total, new = total + level, (c + cost, mask | 1 << i)
            table = paid if new_total >= owed else short
            if new_total not in table or new[0] < table[new_total][0]:
                table[new_total] = new
    if not paid:
        return None
    _, mask = paid[min(paid)]
    return [card for i, card in enumerate(cards) if mask >> i & 1]


def mine_payment(
    s: GameState,
    seat: int,
    slot: int,
    colour: int | None = None,
    cost: int | None = None,
    paid: Sequence[int] = (),
) -> list[int] | None:
    """The cheapest hand cards that Mine `slot` (None: none can), after `paid`.

    `colour` and `cost` default to the crystal's colour and cost now; a caller may
    ask "what if" (a Diggerhino recolour) by giving them.
    """
    if colour is None:
        colour = crystal_colour(s, slot)
    if cost is None:
        cost = mine_cost(s, seat, slot)
    owed = cost - sum(card_level(s, c) for c in paid)
    if owed <= 0:
        return []
    wild = is_wild(s, colour)
    fixed = mining_colour(s, paid[0], colour) if paid else -1
    groups: dict[int, list[int]] = {}
    for c in s.players[seat].hand:
        m = mining_colour(s, c, colour)
        if (m == colour or wild) and (fixed < 0 or m == fixed):
            groups.setdefault(m, []).append(c)
    best: list[int] | None = None
    best_key = (0, 0.0)
    for _, group in sorted(groups.items()):
        chosen = cheapest_subset(s, group, owed)
        if chosen is None:
            continue
        key = (
            sum(card_level(s, c) for c in chosen) - owed,
            sum(keep_cost(s, c) for c in chosen),
        )
        if best is None or key < best_key:
            best, best_key = chosen, key
    return best


def payment_plan(s: GameState) -> list[int]:
    """The hand cards still to pay for the open payment (empty: it is complete),
    ordered so that the card most worth having as Leader is paid last."""
    p = s.current_player
    kind, target, paid = s.pay[0], s.pay[1], s.pay[2:]
    needed = need(s, p, kind, target)
    hand = s.players[p].hand
    if kind == Kind.RECRUIT:
        if paid or needed <= 0:
            return []
        fits = [c for c in hand if recruit_card_fits(s, p, card_level(s, c), needed)]
        return [min(fits, key=lambda c: keep_cost(s, c))] if fits else []
    if kind == Kind.COLLECT:
        owed = needed - sum(card_level(s, c) for c in paid)
        plan = cheapest_subset(s, hand, owed) or []
    else:
        plan = mine_payment(s, p, target, paid=paid) or []
    return sorted(plan, key=lambda c: LEADER_VP[s.cards.type_of[c]])


def pay_action(s: GameState, legal: Sequence[int]) -> int:
    """The next step of the cheapest payment: CONFIRM once it is valid, else a PAY."""
    if CONFIRM in legal:
        return CONFIRM
    for card in payment_plan(s):
        action = PAY + s.cards.type_of[card]
        if action in legal:
            return action
    return next(a for a in legal if a >= PAY)  # any card that keeps it payable


# --- One-action lookahead --------------------------------------------------------------

#: A position's worth to a seat: (state, seat) -> value.
Value = Callable[[GameState, int], float]
#: Picks a target for a pending skill choice: (state, seat, legal) -> action.
EffectPolicy = Callable[[GameState, int, list[int]], int]


def crystal_gain(s: GameState, seat: int, slot: int, value: Value = evaluate) -> float:
    """What taking the crystal in Mine `slot` (for free) adds to `value`."""
    me = s.players[seat]
    before = value(s, seat)
    me.crystals.append(s.mine[slot])
    after = value(s, seat)
    me.crystals.pop()
    return after - before


def best_static_pick(
    s: GameState, seat: int, legal: list[int], value: Value = evaluate
) -> int:
    """The pick whose immediate result `value` likes best (DONE only when nothing
    gains)."""
    best, best_value = legal[0], -1e9
    for action in legal:
        s2 = s.clone()
        apply_legal_action(s2, action)
        v = value(s2, seat) - (1e-6 if action == DONE else 0.0)
        if v > best_value:
            best, best_value = action, v
    return best


def finish(
    s: GameState, seat: int, pick: EffectPolicy = best_static_pick, limit: int = 40
) -> GameState:
    """Complete any payment (cheapest) and skill targets (`pick`) `seat` has open."""
    for _ in range(limit):
        if s.current_player != seat or s.phase not in (Phase.PAY, Phase.EFFECT):
            break
        if s.phase == Phase.PAY:
            _pay_in_full(s)
        else:
            apply_legal_action(s, pick(s, seat, legal_actions(s)))
    return s


def _pay_in_full(s: GameState) -> None:
    """Pay the whole cheapest plan and confirm (one card at a time if it fails)."""
    for card in payment_plan(s):
        merc_type = s.cards.type_of[card]
        if not any(s.cards.type_of[c] == merc_type for c in payable_cards(s)):
            break
        apply_legal_action(s, PAY + merc_type)
    if not payment_complete(s):  # a plan the engine disagrees with: step by step
        while s.phase == Phase.PAY and CONFIRM not in (legal := legal_actions(s)):
            apply_legal_action(s, pay_action(s, legal))
    apply_legal_action(s, CONFIRM)


def outcome(
    s: GameState, seat: int, action: int, pick: EffectPolicy = best_static_pick
) -> GameState:
    """A copy of `s` after `action` and whatever payment or targets it opens."""
    s2 = s.clone()
    apply_legal_action(s2, action)
    return finish(s2, seat, pick)


def action_values(
    s: GameState, seat: int, legal: Sequence[int], pick: EffectPolicy = best_static_pick
) -> dict[int, float]:
    """`evaluate` after each legal action (END_TURN: after the clean-up)."""
    return {a: evaluate(outcome(s, seat, a, pick), seat) for a in legal}


def choose_best(
    values: dict[int, float], rng: np.random.Generator, tolerance: float = 1e-6
) -> int:
    """The best-valued action; ties go to a real action over END_TURN or DONE,
    then to the rng."""
    top = max(values.values())
    best = [a for a, v in values.items() if v >= top - tolerance]
    active = [a for a in best if a not in (END_TURN, DONE)]
    pool = active or best
    return pool[int(rng.integers(len(pool)))] if len(pool) > 1 else pool[0]
