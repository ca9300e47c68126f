"""What a Krysis position is worth to a seat, and the loading arithmetic the bots share.

Everything here reads a full `State` that a bot sampled from its own view
(`SeatView.sample`), never the real state. The pieces:

* `best_load(slots, crystals, relic_values, values)`: the most valuable goods that
  fit a team's loading capacity (the rulebook's slot rules, as `capacity.fits`);
* `load_for(s, seat, slots, ...)`: the best load of a seat's own campsite home
  or to the bank, and `loot_for(...)`: the best haul from another campsite;
* `camp_worth(s, seat)`: campsite goods score nothing until they are loaded, so
  they count at a discount, and only as many as the loading slots of the seat's
  remaining teams can carry beside the goods its next placements will bring
  (every agent card left to a seat is public, though not where it is);
* `value(s, seat)`: the score so far plus that camp worth, less what the seats
  still to act this round could steal from it;
* `margin(s, seat)`: `value` against the best other seat's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from scavenger_env.krysis.engine import ACTION_PHASES, Phase, State
from scavenger_env.krysis.engine.data import (
    NUM_RELIC_TYPES,
    RELICS,
    SALE_VP,
    RelicKind,
    cards_of,
)
from scavenger_env.krysis.engine.queries import (
    defence_value,
    team_capacity,
    team_combat,
)
from scavenger_env.krysis.engine.scoring import relic_sets_vp, score_breakdown
from scavenger_env.krysis.engine.state import NONE

# --- What things are worth ---------------------------------------------------------

#: VP of a crystal at home: red, blue, white.
CRYSTAL_VP = (3.0, 2.0, 1.0)
#: VP of any good sold to the bank.
SALE = float(SALE_VP)
#: A face-down relic at a campsite: 2 VP sold, or one flip of capacity or combat.
RELIC_VP = 2.0
#: A white at a campsite: 1 VP at home, 2 VP sold (three whites fill a red slot,
#: so whites are what sells best).
WHITE_CAMP_VP = 1.8
#: A relic symbol on a chamber (draw two, keep the better one).
RELIC_SYMBOL_VP = 2.5
#: Goods one action carries, on average (a team of three has 3-5 slots).
ITEMS_PER_ACTION = 4.0
#: Goods a placement brings to the campsite, on average.
ITEMS_PER_PLACEMENT = 2.5
#: Room a white takes (a white slot holds one; a blue slot two, a red three).
WHITE_SIZE = 0.45
#: Share of a campsite good's worth while the seat's actions can still carry it
#: (it may be stolen, or not fit the teams to come).
CAMP_DISCOUNT = 0.75
#: Share of a good's worth beyond what the remaining actions can carry.
OVERFLOW_DISCOUNT = 0.15
#: Chance that a seat still to act raids a campsite it can beat.
RAID_RISK = 0.6
#: VP per crystal (or relic) of its mission's kind taken home, while the mission
#: is not safely won: the mission's 10 VP go to the most of a kind.
MISSION_ITEM_VP = 1.0


def score(s: State, seat: int) -> int:
    """The seat's score now: sales, home crystals, home relic sets, a mission."""
    return score_breakdown(s, seat).total


def actions_left(s: State, seat: int) -> int:
    """Normal actions the seat still takes: one per round, this one included
    while it has not acted (its own turn in progress counts)."""
    if s.phase == Phase.GAME_OVER:
        return 0
    return s.config.rounds - s.round + (0 if s.acted[seat] else 1)


def placements_left(s: State) -> int:
    """Placements still to come, each bringing new goods to every campsite."""
    if s.config.speed:
        return 0
    return s.config.rounds - s.level


# --- Loading ---------------------------------------------------------------------


@dataclass(frozen=True)
class Load:
    """Goods chosen to load or steal: crystals and how many relics (the first
    `relics` of the order they were offered in), and what they are worth."""

    value: float
    red: int = 0
    blue: int = 0
    white: int = 0
    relics: int = 0

    @property
    def items(self) -> int:
        return self.red + self.blue + self.white + self.relics


NOTHING = Load(0.0)


def best_load(
    slots: Sequence[int],
    crystals: Sequence[int],
    relic_values: Sequence[float],
    values: Sequence[float],
) -> Load:
    """The most valuable goods that fit `slots` (red, blue, white slots).

    `crystals` are what is on offer (red, blue, white), `values` what one of
    each colour is worth, and `relic_values` the worth of the 1st, 2nd, ...
    relic taken, in the order they would be taken. Reds need red slots and
    blues blue ones; a relic takes a blue slot, else a red one; whites fill the
    white slots, then two to a blue slot and three to a red one (`fits`).
    """
    return _best_load(
        (slots[0], slots[1], slots[2]),
        (crystals[0], crystals[1], crystals[2]),
        tuple(relic_values),
        (values[0], values[1], values[2]),
    )


@lru_cache(maxsize=1 << 16)
def _best_load(
    slots: tuple[int, int, int],
    crystals: tuple[int, int, int],
    relic_values: tuple[float, ...],
    values: tuple[float, float, float],
) -> Load:
    r_slots, b_slots, w_slots = slots
    vr, vb, vw = values
    prefix = [0.0]
    for v in relic_values:
        prefix.append(prefix[-1] + v)
    best = NOTHING
    for red in range(min(crystals[0], r_slots) + 1):
        for blue in range(min(crystals[1], b_slots) + 1):
            free_b = b_slots - blue
            for k in range(min(len(relic_values), free_b + r_slots - red) + 1):
                in_b = k if k < free_b else free_b
                free_r = r_slots - red - (k - in_b)
                if free_r < 0:
                    break
                room = w_slots + 2 * (free_b - in_b) + 3 * free_r
                white = crystals[2] if crystals[2] < room else room
                v = red * vr + blue * vb + white * vw + prefix[k]
                if v > best.value + 1e-9:
                    best = Load(v, red, blue, white, k)
    return best


def home_relic_order(home: Sequence[int], offered: Sequence[int]) -> list[int]:
    """Relic types of `offered` (counts per type) in the order that adds most to
    the home's set score one at a time."""
    counts = list(home)
    left = list(offered)
    order: list[int] = []
    while any(left):
        base = relic_sets_vp(tuple(counts))
        best_t, best_gain = -1, -1
        for t in range(NUM_RELIC_TYPES):
            if left[t]:
                counts[t] += 1
                gain = relic_sets_vp(tuple(counts)) - base
                counts[t] -= 1
                if gain > best_gain:
                    best_t, best_gain = t, gain
        order.append(best_t)
        counts[best_t] += 1
        left[best_t] -= 1
    return order


def relic_marginals(home: Sequence[int], order: Sequence[int]) -> list[float]:
    """The set score each relic of `order` adds to `home` in turn."""
    counts = list(home)
    out = []
    base = relic_sets_vp(tuple(counts))
    for t in order:
        counts[t] += 1
        now = relic_sets_vp(tuple(counts))
        out.append(float(now - base))
        base = now
    return out


def mission_bonus(s: State, seat: int) -> list[float]:
    """Extra VP per red, blue, white and relic taken home for the seat's
    mission, while no other seat is far ahead or far behind in its kind."""
    bonus = [0.0, 0.0, 0.0, 0.0]
    kind = s.mission[seat]
    if kind < 0:
        return bonus
    mine = s.home[seat][kind] if kind < 3 else sum(s.home_relics[seat])
    others = [
        s.home[q][kind] if kind < 3 else sum(s.home_relics[q])
        for q in range(s.n)
        if q != seat
    ]
    if mine - max(others) <= 3:
        bonus[kind] = MISSION_ITEM_VP
    return bonus


def keep_utility(t: int, bandit: bool) -> float:
    """How useful a relic of type `t` is to keep at the campsite for a flip."""
    relic = RELICS[t]
    if relic.kind == RelicKind.WEAPON:
        return relic.combat * (1.0 if bandit else 0.4)
    cap = relic.capacity
    return 1.0 * cap[0] + 0.7 * cap[1] + 0.4 * cap[2]


@dataclass(frozen=True)
class Plan:
    """A load of own goods: where they go, which crystals, which relic types."""

    value: float
    to_bank: bool
    red: int = 0
    blue: int = 0
    white: int = 0
    relic_types: tuple[int, ...] = ()


def load_for(
    s: State,
    seat: int,
    slots: Sequence[int],
    bandit: bool = False,
    relics: Sequence[int] | None = None,
) -> tuple[Plan, Plan]:
    """The best loads of the seat's campsite into `slots`: (home, bank). Their
    values are the VP they add (a mission's kind counts a little more home).
    `relics`: the face-down relics per type, if not the campsite's (a flip
    takes one away)."""
    camp = s.camp[seat]
    own = s.camp_relics[seat] if relics is None else relics
    bonus = mission_bonus(s, seat)
    home_order = home_relic_order(s.home_relics[seat], own)
    home_values = [
        v + bonus[3] for v in relic_marginals(s.home_relics[seat], home_order)
    ]
    home = best_load(
        slots,
        camp,
        home_values,
        [CRYSTAL_VP[c] + bonus[c] for c in range(3)],
    )
    sell_order = sorted(
        (t for t in range(NUM_RELIC_TYPES) for _ in range(own[t])),
        key=lambda t: keep_utility(t, bandit),
    )
    bank = best_load(slots, camp, [SALE] * len(sell_order), [SALE] * 3)
    return (
        Plan(
            home.value,
            False,
            home.red,
            home.blue,
            home.white,
            tuple(home_order[: home.relics]),
        ),
        Plan(
            bank.value,
            True,
            bank.red,
            bank.blue,
            bank.white,
            tuple(sell_order[: bank.relics]),
        ),
    )


#: A stolen relic taken home: its type is drawn at random, so its set value is
#: a guess.
STOLEN_RELIC_HOME_VP = 1.5


def loot_for(
    crystals: Sequence[int],
    relics: int,
    slots: Sequence[int],
    bonus: Sequence[float] = (0.0, 0.0, 0.0, 0.0),
) -> tuple[Load, Load]:
    """The best hauls of `crystals` and `relics` face-down relics into `slots`:
    (home, bank), valued by what they add there."""
    home = best_load(
        slots,
        crystals,
        [STOLEN_RELIC_HOME_VP + bonus[3]] * relics,
        [CRYSTAL_VP[c] + bonus[c] for c in range(3)],
    )
    bank = best_load(slots, crystals, [SALE] * relics, [SALE] * 3)
    return home, bank


def haul_value(crystals: Sequence[int], relics: int, slots: Sequence[int]) -> float:
    """What the best haul of those goods into `slots` is worth (home or bank)."""
    return _haul_value(
        (crystals[0], crystals[1], crystals[2]), relics, (slots[0], slots[1], slots[2])
    )


@lru_cache(maxsize=1 << 16)
def _haul_value(
    crystals: tuple[int, int, int], relics: int, slots: tuple[int, int, int]
) -> float:
    home, bank = loot_for(crystals, relics, slots)
    return max(home.value, bank.value)


# --- The worth of a campsite ------------------------------------------------------


def camp_worth(s: State, seat: int) -> float:
    """What the seat's campsite goods are expected to add by the end
    (`camp_worth_of` its campsite, with its remaining actions and cards)."""
    return camp_worth_of(
        s.camp[seat],
        sum(s.camp_relics[seat]),
        actions_left(s, seat),
        placements_left(s),
        future_slots(s, seat),
    )


def pool_slots(
    s: State, seat: int, cards: Sequence[int], actions: int
) -> tuple[float, float, float]:
    """The loading slots (red, blue, white) that `actions` teams drawn from
    `cards` of the seat may bring: their transporters' icons, scaled down when
    there are more cards than three a team."""
    slots = [0.0, 0.0, 0.0]
    if actions <= 0 or not cards:
        return (0.0, 0.0, 0.0)
    company = cards_of(s.config.rules_version)[seat]
    for c in cards:
        cap = company[c].capacity
        slots[0] += cap[0]
        slots[1] += cap[1]
        slots[2] += cap[2]
    share = min(1.0, 3 * actions / len(cards))
    return (slots[0] * share, slots[1] * share, slots[2] * share)


def future_slots(s: State, seat: int) -> tuple[float, float, float] | None:
    """The loading slots the seat's remaining actions may bring: this round's
    team while it has not acted, and the teams its hand and decks will make
    (every agent card left is public knowledge, though not where it is); None
    in Speed Krysis (its hands are fixed)."""
    if s.config.speed:
        return None
    left = actions_left(s, seat)
    if left <= 0:
        return (0.0, 0.0, 0.0)
    later = s.hand[seat] + s.deck_t[seat] + s.deck_f[seat]
    now = (0.0, 0.0, 0.0)
    if not s.acted[seat] and (s.team[seat] or s.pending[seat] != NONE):
        team = list(s.team[seat])
        if s.pending[seat] != NONE:
            team.append(s.pending[seat])
        if len(team) < 3:  # the rest of the team comes from the hand
            team_slots = pool_slots(s, seat, team, 1)
            rest = pool_slots(s, seat, later, 1)
            k = (3 - len(team)) / 3
            now = (
                team_slots[0] + rest[0] * k,
                team_slots[1] + rest[1] * k,
                team_slots[2] + rest[2] * k,
            )
        else:
            cap = team_slots_of(s, seat, team)
            now = (float(cap[0]), float(cap[1]), float(cap[2]))
        left -= 1
    rest = pool_slots(s, seat, later, left)
    return (now[0] + rest[0], now[1] + rest[1], now[2] + rest[2])


def team_slots_of(s: State, seat: int, team: Sequence[int]) -> tuple[int, int, int]:
    """The loading slots of the seat's agents `team`."""
    r = b = w = 0
    for c in team:
        cap = cards_of(s.config.rules_version)[seat][c].capacity
        r += cap[0]
        b += cap[1]
        w += cap[2]
    return (r, b, w)


def camp_worth_of(
    camp: Sequence[int],
    relics: int,
    left: int,
    placements: int,
    slots: Sequence[float] | None = None,
) -> float:
    """What campsite goods (crystals `camp`, `relics` face-down relics) are
    expected to add by the end, with `left` actions and `placements` placements
    to come and (if known) the loading `slots` those actions may bring.

    The goods that the slots can carry, beside the goods the placements will
    bring, count at `CAMP_DISCOUNT`: reds in red slots, blues in blue ones,
    relics in what is left of those, whites anywhere (three to a red slot);
    the rest count at `OVERFLOW_DISCOUNT`. Without slots, each action is
    reckoned to carry `ITEMS_PER_ACTION` goods. Nothing counts without an
    action left (campsite goods score nothing at the end).
    """
    if left <= 0:
        return 0.0
    return _camp_worth(
        (camp[0], camp[1], camp[2]),
        relics,
        left,
        placements,
        None if slots is None else (slots[0], slots[1], slots[2]),
    )


@lru_cache(maxsize=1 << 16)
def _camp_worth(
    camp: tuple[int, int, int],
    relics: int,
    left: int,
    placements: int,
    slots: tuple[float, float, float] | None,
) -> float:
    total = camp[0] * CRYSTAL_VP[0] + camp[1] * CRYSTAL_VP[1]
    total += relics * RELIC_VP + camp[2] * WHITE_CAMP_VP
    if total <= 0:
        return 0.0
    if slots is None:
        return _camp_worth_by_items(camp, relics, left, placements, total)
    count = slots[0] + slots[1] + slots[2]
    if count <= 0:
        return OVERFLOW_DISCOUNT * total
    share = max(0.25, 1.0 - ITEMS_PER_PLACEMENT * placements / count)
    r_room, b_room, w_room = slots[0] * share, slots[1] * share, slots[2] * share
    red = min(camp[0], r_room)
    r_room -= red
    blue = min(camp[1], b_room)
    b_room -= blue
    relic = min(relics, b_room + r_room)
    in_b = min(relic, b_room)
    b_room -= in_b
    r_room -= relic - in_b
    white = min(camp[2], w_room + 2 * b_room + 3 * r_room)
    fitted = (
        red * CRYSTAL_VP[0]
        + blue * CRYSTAL_VP[1]
        + relic * RELIC_VP
        + white * WHITE_CAMP_VP
    )
    return fitted * CAMP_DISCOUNT + (total - fitted) * OVERFLOW_DISCOUNT


def _camp_worth_by_items(
    camp: Sequence[int], relics: int, left: int, placements: int, total: float
) -> float:
    """`camp_worth_of` without known slots: `ITEMS_PER_ACTION` goods an action."""
    room = ITEMS_PER_ACTION * left - ITEMS_PER_PLACEMENT * placements
    room = max(room, 0.5 * ITEMS_PER_ACTION)
    # (worth, size, count), best worth per room first
    groups = (
        (CRYSTAL_VP[0], 1.0, camp[0]),
        (WHITE_CAMP_VP, WHITE_SIZE, camp[2]),
        (CRYSTAL_VP[1], 1.0, camp[1]),
        (RELIC_VP, 1.0, relics),
    )
    worth = 0.0
    for vp, size, count in groups:
        if count <= 0:
            continue
        fit = min(count, max(room, 0.0) / size)
        worth += vp * (fit * CAMP_DISCOUNT + (count - fit) * OVERFLOW_DISCOUNT)
        room -= count * size
    return worth


def best_weapon(s: State, seat: int) -> int:
    """The combat of the best weapon relic face down at the seat's campsite."""
    relics = s.camp_relics[seat]
    return max(
        (RELICS[t].combat for t in range(NUM_RELIC_TYPES) if relics[t]), default=0
    )


def best_transport(s: State, seat: int) -> int:
    """The type of the best transport relic face down at the seat's campsite
    (-1: none)."""
    relics = s.camp_relics[seat]
    best, best_value = -1, 0.0
    for t in range(NUM_RELIC_TYPES):
        if relics[t] and RELICS[t].kind == RelicKind.TRANSPORT:
            v = keep_utility(t, False)
            if v > best_value:
                best, best_value = t, v
    return best


def in_action_phase(s: State) -> bool:
    """Whether the teams are complete and the round's actions are under way."""
    return s.phase in ACTION_PHASES


def exposure(s: State, seat: int) -> float:
    """What the seats still to act this round are expected to steal from the
    seat's campsite: each one whose team (and best weapon) beats its defence
    takes the best haul its transporters carry."""
    if not in_action_phase(s) or s.config.speed:
        return 0.0
    loss = 0.0
    defence = defence_value(s, seat)
    for q in range(s.n):
        if q == seat or s.acted[q] or (q == s.mover and s.act_kind):
            continue
        if team_combat(s, q) + best_weapon(s, q) <= defence:
            continue
        slots = team_capacity(s, q)
        loss = max(loss, haul_value(s.camp[seat], sum(s.camp_relics[seat]), slots))
    return RAID_RISK * CAMP_DISCOUNT * loss


def value(s: State, seat: int) -> float:
    """The seat's score so far plus the worth of its campsite, less what may be
    stolen from it before the round ends."""
    return score(s, seat) + camp_worth(s, seat) - exposure(s, seat)


def margin(s: State, seat: int, opponent_weight: float = 1.0) -> float:
    """`value` less `opponent_weight` times the best other seat's."""
    best = max(value(s, q) for q in range(s.n) if q != seat)
    return value(s, seat) - opponent_weight * best
