"""Scripted Krysis bots: the Hauler and the Bandit.

At every decision a bot samples one full state from its own view
(`SeatView.sample`) and decides on it by rules that read only what its seat may
know (its hand, its relics, the board, revealed teams and campsites), so a
sample's guesses about hidden cards hardly move it. The phases:

* bid: a small bid of whites (blues if need be), and only when the best chamber
  of the next level is clearly richer than the one it would get by losing;
  bids go to the bank and home crystals are VP, so nothing is bid for a chamber
  that is hardly better;
* placement: the chamber whose goods are worth most (a relic symbol about 2.5
  VP, a white nearly 2: three whites fill a red slot and each sells for 2);
* keeping a relic: the one it would flip (transport for the Hauler, weapon for
  the Bandit) unless the other completes a set;
* team picks: every completion of the team from the hand is valued by the best
  action it allows this round (`plan_action` on estimates of the other teams),
  less a small cost for spending good cards early; multiplier agents count with
  the speed the campsite gives them;
* the action: every load (home or bank, with or without flipping a transport
  relic), overtime mix and raid (with or without a weapon) is valued as the VP
  it adds now, plus the campsite left behind (`evaluation.camp_worth_of`), less
  what the seats still to act could steal from it; the best is played;
* goods: the plan of that action, taken one by one, then sent where it said;
* special agents: before the action (their goods can then be loaded), the
  Alchemist after it; the Thief robs the richest campsite, the Spy the one with
  most relics; the Alchemist turns blues into reds, else whites into blues;
* draws: towards the bot's mix of transporters and fighters, from the deck whose
  remaining cards are worth more to it;
* set-up (advanced game, 9-card hand): the cards worth least to it are left
  out, 2 per star; the hand is the best 9 in its mix.

The Hauler and the Bandit share all of this; they differ in how they weigh
fighters and raids. `choose(s, seat, legal)` is the decision on a full state,
for the search bots' rollouts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from types import MappingProxyType
from typing import Any, ClassVar, Final, NamedTuple

import numpy as np

from agents.base import SeatView
from scavenger_env.krysis.engine import KrysisConfig, State, decision
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.data import (
    MAX_OPTIONS,
    MINE,
    NUM_RELIC_TYPES,
    OVERTIME_MIXES,
    RELICS,
    Ability,
    Agent,
    AgentKind,
    Goods,
    RelicKind,
)
from scavenger_env.krysis.engine.flow import BID_BASE
from scavenger_env.krysis.engine.queries import (
    agent_speed,
    card,
    chamber_options,
    defence_value,
    team_capacity,
    team_combat,
    team_specials,
    tie_rank,
)
from scavenger_env.krysis.engine.scoring import relic_sets_vp
from scavenger_env.krysis.engine.state import NONE, ActKind

from .evaluation import (
    CAMP_DISCOUNT,
    CRYSTAL_VP,
    RAID_RISK,
    RELIC_SYMBOL_VP,
    RELIC_VP,
    WHITE_CAMP_VP,
    Plan,
    actions_left,
    best_load,
    best_weapon,
    camp_worth_of,
    haul_value,
    keep_utility,
    load_for,
    loot_for,
    mission_bonus,
    placements_left,
    pool_slots,
)

__all__ = ["BanditAgent", "HaulerAgent", "KrysisScriptedAgent"]

#: What an unrevealed team card adds, on average: combat, speed.
UNKNOWN_COMBAT = 1.0
UNKNOWN_SPEED = 2.5
#: Speed a multiplier agent is reckoned at when ranking cards out of play.
MULTIPLIER_SPEED = 2.0
#: VP a chamber's tie priority is worth per place ahead (bids, initiative and
#: the final score's ties go to the miner ahead).
AHEAD_VP = 0.2


class Threat(NamedTuple):
    """A seat still to act this round: its attack and its loading slots."""

    attack: float
    slots: tuple[int, int, int]


class Target(NamedTuple):
    """A campsite that might be raided."""

    seat: int
    defence: float
    crystals: tuple[int, int, int]
    relics: int
    left: int  # its owner's actions still to come (for what a loss costs it)


class Choice(NamedTuple):
    """An action plan's worth and the action that starts it."""

    value: float
    first: int
    raid: bool = False


def _add(a: Sequence[int], b: Sequence[int]) -> tuple[int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _sub(a: Sequence[int], b: Sequence[int]) -> tuple[int, int, int]:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _triple(a: Sequence[int]) -> tuple[int, int, int]:
    return (a[0], a[1], a[2])


def bid_action(s: State, seat: int, count: int, legal: list[int]) -> int:
    """The action that bids `count` of the colour being bid, step by step: under
    rules 2 the count's base-16 digits, highest first; under rules 1 the count,
    or all when it is above 15."""
    if s.config.rules_version >= 2:
        unit = BID_BASE**s.bid_digits
        digit = (count - s.bid[seat][s.bid_step]) // unit
        action = A.BID + max(0, min(digit, BID_BASE - 1))
        return action if action in legal else legal[-1]
    if count > A.MAX_BID_COUNT and A.BID_ALL in legal:
        return A.BID_ALL
    action = A.BID + min(count, A.MAX_BID_COUNT)
    return action if action in legal else A.BID


class KrysisScriptedAgent:
    """Shared decisions of the scripted Krysis bots; subclasses set the style."""

    name = "scripted"
    #: Whether it leans to fighters, weapons and raids.
    BANDIT: ClassVar[bool] = False
    #: VP added to a raid's worth when choosing the action (its taste for raids).
    RAID_BIAS: ClassVar[float] = 0.0
    #: Transporters it wants in a hand of six (the rest fighters).
    HAND_TRANSPORTERS: ClassVar[int] = 4
    #: VP per point of combat when ranking cards out of play.
    FIGHTER_VP: ClassVar[float] = 0.6
    #: Share of the future worth lost by playing cards now that counts (the
    #: rounds to come want good teams too).
    CARD_COST: ClassVar[float] = 2.0
    #: Loading and fighting points per round past which more count less (a team
    #: carries only what its campsite holds, and beats only so strong a defence).
    CAP_SCALE: ClassVar[float] = 7.0
    FIGHT_SCALE: ClassVar[float] = 4.0

    def __init__(
        self,
        opponent_weight: float = 0.5,
        raid_margin: float = 0.0,
        max_bid: int = 3,
        quick: bool = False,
    ) -> None:
        """Options: `opponent_weight`, how much of what an opponent gains or
        loses counts for it (a raid's loot denied, a theft suffered);
        `raid_margin`, VP a raid must gain beyond the best other action (on top
        of its style's taste); `max_bid`, the largest bid value it makes;
        `quick`, pick team members the quick way (`quick_pick`: a cheaper,
        somewhat weaker bot, for a training league)."""
        self.opponent_weight = float(opponent_weight)
        self.raid_margin = float(raid_margin)
        self.max_bid = int(max_bid)
        self.quick = bool(quick)
        self.seat = 0

    def reset(self, seat: int, config: KrysisConfig) -> None:
        self.seat = seat

    # --- The decision ---------------------------------------------------------------

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if len(legal) == 1:
            return legal[0]
        return self.choose(view.sample(rng), view.seat, legal, self.quick)

    def choose(self, s: State, seat: int, legal: list[int], quick: bool = False) -> int:
        """The bot's choice on a full (sampled) state; search bots call it too.

        `quick` picks team members one at a time by what each adds to the team
        so far (`quick_pick`) instead of valuing every completion of the team:
        some twenty times cheaper, for the search bots' rollouts.
        """
        if len(legal) == 1:
            return legal[0]
        rule = RULES.get(decision(s))
        action = legal[0] if rule is None else rule(self, s, seat, legal, quick)
        return action if action in legal else self.fallback(legal)

    @staticmethod
    def fallback(legal: list[int]) -> int:
        """A legal action when a rule named none: load goods, or the first."""
        return A.LOAD if A.LOAD in legal else legal[0]

    # --- What cards and goods are worth to it ----------------------------------------

    def card_worth(self, a: Agent) -> float:
        """VP-like worth of an agent card in play, for the squad, the hand and
        the cost of playing it early."""
        worth = 3.0 * a.capacity[0] + 2.2 * a.capacity[1] + 1.2 * a.capacity[2]
        worth += self.FIGHTER_VP * a.combat
        worth += 0.25 * (MULTIPLIER_SPEED if a.multiplier else a.speed)
        if a.ability == Ability.DEFENSE:
            worth += 0.5 * self.FIGHTER_VP * a.amount[0]
        elif a.ability in (Ability.THIEF, Ability.EMINENT_MINER):
            worth += sum(CRYSTAL_VP[c] * a.amount[c] for c in range(3))
            worth += RELIC_SYMBOL_VP * a.amount[3]
        elif a.ability in (Ability.SPY, Ability.ALCHEMIST):
            worth += 1.5
        return worth

    def goods_value(self, s: State, seat: int, goods: Goods) -> float:
        """What a chamber's goods are worth at the campsite."""
        bonus = mission_bonus(s, seat)
        values = (CRYSTAL_VP[0], CRYSTAL_VP[1], WHITE_CAMP_VP)
        v = sum((values[c] + bonus[c]) * goods.crystals[c] for c in range(3))
        return v + (RELIC_SYMBOL_VP + bonus[3]) * goods.relics

    def relic_keep_value(self, s: State, seat: int, t: int) -> float:
        """What keeping a relic of type `t` is worth: a sale, a flip, or the
        set it may complete at home."""
        home = list(s.home_relics[seat])
        for u in range(NUM_RELIC_TYPES):
            home[u] += s.camp_relics[seat][u]
        base = relic_sets_vp(tuple(home))
        home[t] += 1
        set_gain = relic_sets_vp(tuple(home)) - base
        return RELIC_VP + keep_utility(t, self.BANDIT) + 0.3 * max(0, set_gain - 1)

    # --- Mining: the bid, the placement and the relics ---------------------------------

    def chamber_values(self, s: State, seat: int) -> list[float]:
        """The best option of each chamber of the next level, valued."""
        level = MINE[s.level]  # bidding for level s.level + 1
        return [
            max(self.goods_value(s, seat, g) for g in options) + AHEAD_VP * (3 - c)
            for c, options in enumerate(level)
        ]

    def bid_target(self, s: State, seat: int) -> tuple[int, int, int]:
        """The bid (red, blue, white) it means to make; it reads only what the
        seat knows, so it stays the same while the bid is built up."""
        values = sorted(self.chamber_values(s, seat), reverse=True)
        stake = values[0] - values[min(s.n, len(values)) - 1]
        others = [q for q in range(s.n) if q != seat]
        ahead = all(tie_rank(s, seat) < tie_rank(s, q) for q in others)
        expected = max(
            3 * s.last_bid[q][0] + 2 * s.last_bid[q][1] + s.last_bid[q][2]
            for q in others
        )
        need = expected + (0 if ahead else 1)
        if need <= 0 or need > min(self.max_bid, 0.6 * stake):
            return (0, 0, 0)
        return self.make_bid(s, seat, need)

    def make_bid(self, s: State, seat: int, amount: int) -> tuple[int, int, int]:
        """Crystals from home worth `amount` or a little more: whites first,
        then blues, then reds, sparing the mission's colour."""
        home = s.home[seat]
        mission = s.mission[seat]
        order = [2, 1, 0]
        if 0 <= mission < 3:
            order.remove(mission)
            order.append(mission)
        bid = [0, 0, 0]
        total = 0
        for c in order:
            v = CRYSTAL_VP[c]
            while total < amount and bid[c] < home[c] and total + v <= amount + 1:
                bid[c] += 1
                total += int(v)
        return (bid[0], bid[1], bid[2]) if total >= amount else (0, 0, 0)

    def bid(self, s: State, seat: int, legal: list[int]) -> int:
        return bid_action(s, seat, self.bid_target(s, seat)[s.bid_step], legal)

    def place(self, s: State, seat: int, legal: list[int]) -> int:
        def worth(action: int) -> float:
            chamber, option = divmod(action - A.PLACE, MAX_OPTIONS)
            goods = chamber_options(s, chamber)[option]
            return self.goods_value(s, seat, goods) + AHEAD_VP * (3 - chamber)

        return max(legal, key=worth)

    def keep(self, s: State, seat: int) -> int:
        first, second = s.keep_options
        keep_second = self.relic_keep_value(s, seat, second) > self.relic_keep_value(
            s, seat, first
        )
        return A.KEEP + int(keep_second)

    # --- The action: the analytic plan ---------------------------------------------------

    def risk(
        self,
        camp: Sequence[int],
        relics: int,
        defence: float,
        later: Sequence[Threat],
        left_after: int,
    ) -> float:
        """What the seats still to act are expected to take from a campsite left
        with `camp` and `relics` behind `defence` (-1: deserted): the loss to
        it, plus the opponent's gain at `opponent_weight`."""
        if not later or (sum(camp) == 0 and relics == 0):
            return 0.0
        loss = 0.0
        for threat in later:
            if threat.attack > defence:
                loss = max(loss, haul_value(camp, relics, threat.slots))
        weight = (CAMP_DISCOUNT if left_after > 0 else 0.0) + self.opponent_weight
        return RAID_RISK * weight * loss

    def plan_action(
        self,
        s: State,
        seat: int,
        slots: Sequence[int],
        attack: int,
        defence: int,
        relics: Sequence[int],
        transports: Sequence[int],
        weapons: Sequence[int],
        later: Sequence[Threat],
        targets: Sequence[Target],
        future: Sequence[float],
        kept_weapon: int = 0,
    ) -> Choice:
        """The best action for a team with loading `slots`, `attack` and
        `defence` (without relics), given the face-down `relics` per type, the
        relic types it may flip, the seats still to act and the campsites it
        might raid; `future`: the loading slots of the actions after this one
        (`kept_weapon`: the combat of a weapon already flipped)."""
        camp = s.camp[seat]
        left_after = actions_left(s, seat) - 1
        placements = placements_left(s)

        def worth(goods: Sequence[int], relics: int) -> float:
            return camp_worth_of(goods, relics, left_after, placements, future)

        ow = self.opponent_weight
        bonus = mission_bonus(s, seat)
        deserts_bank = s.config.raid_bank_deserts
        best = Choice(-math.inf, A.LOAD)
        for tr in (NONE, *transports):
            slots_tr = slots if tr == NONE else _add(slots, RELICS[tr].capacity)
            rel_tr = list(relics)
            if tr != NONE:
                rel_tr[tr] -= 1
            first_tr = A.LOAD if tr == NONE else A.FLIP + tr
            for plan in load_for(s, seat, slots_tr, self.BANDIT, rel_tr):
                after = _sub(camp, (plan.red, plan.blue, plan.white))
                count = sum(rel_tr) - len(plan.relic_types)
                v = plan.value + worth(after, count)
                v -= self.risk(after, count, -1, later, left_after)
                if v > best.value:
                    best = Choice(v, first_tr)
            for w in (NONE, *weapons):
                rel_w = list(rel_tr)
                combat = kept_weapon
                if w != NONE:
                    rel_w[w] -= 1
                    combat += RELICS[w].combat
                count = sum(rel_w)
                first = first_tr if tr != NONE else (A.FLIP + w if w != NONE else -1)
                if tr == NONE:  # a transport relic does not help overtime
                    for mix_id, mix in enumerate(OVERTIME_MIXES):
                        after = _add(camp, mix)
                        v = worth(after, count)
                        v -= self.risk(
                            after, count, defence + combat, later, left_after
                        )
                        if v > best.value:
                            best = Choice(
                                v, first if first >= 0 else A.OVERTIME + mix_id
                            )
                for tgt in targets:
                    if attack + combat <= tgt.defence:
                        continue
                    home, bank = loot_for(tgt.crystals, tgt.relics, slots_tr, bonus)
                    bias = self.RAID_BIAS - self.raid_margin
                    start = first if first >= 0 else A.RAID + tgt.seat
                    for load, deserts in ((home, True), (bank, deserts_bank)):
                        if load.items == 0:
                            continue
                        denial = ow * self._victim_loss(s, tgt, load, placements)
                        stay = -1 if deserts else defence + combat
                        v = load.value + denial + bias
                        v += worth(camp, count)
                        v -= self.risk(camp, count, stay, later, left_after)
                        if v > best.value:
                            best = Choice(v, start, True)
                    if home.items and left_after > 0:  # the loot to the campsite
                        load = home
                        after = _add(camp, (load.red, load.blue, load.white))
                        after_count = count + load.relics
                        denial = ow * self._victim_loss(s, tgt, load, placements)
                        v = worth(after, after_count)
                        v += denial + bias
                        v -= self.risk(
                            after, after_count, defence + combat, later, left_after
                        )
                        if v > best.value:
                            best = Choice(v, start, True)
        return best

    @staticmethod
    def _victim_loss(s: State, tgt: Target, load: Any, placements: int) -> float:
        """What a raid's loot was worth to the campsite it came from."""
        before = camp_worth_of(tgt.crystals, tgt.relics, tgt.left, placements)
        after = camp_worth_of(
            _sub(tgt.crystals, (load.red, load.blue, load.white)),
            tgt.relics - load.relics,
            tgt.left,
            placements,
        )
        return before - after

    def action(self, s: State, seat: int) -> Choice:
        """The action phase, on the real teams: flip, load, overtime or raid."""
        relics = s.camp_relics[seat]
        types = [t for t in range(NUM_RELIC_TYPES) if relics[t]]
        transports = (
            [t for t in types if RELICS[t].kind == RelicKind.TRANSPORT]
            if s.turn_transport == NONE
            else []
        )
        weapons = (
            [t for t in types if RELICS[t].kind == RelicKind.WEAPON]
            if s.turn_weapon == NONE
            else []
        )
        kept = 0 if s.turn_weapon == NONE else RELICS[s.turn_weapon].combat
        later = [
            Threat(team_combat(s, q) + best_weapon(s, q), _triple(team_capacity(s, q)))
            for q in range(s.n)
            if q != seat and not s.acted[q]
        ]
        targets = [
            Target(
                q,
                defence_value(s, q),
                _triple(s.camp[q]),
                sum(s.camp_relics[q]),
                actions_left(s, q),
            )
            for q in range(s.n)
            if q != seat
        ]
        return self.plan_action(
            s,
            seat,
            team_capacity(s, seat),  # with a transport flipped this turn
            team_combat(s, seat),
            defence_value(s, seat),
            relics,
            transports,
            weapons,
            later,
            targets,
            self._later_slots(s, seat),
            kept,
        )

    # --- Goods: carrying out the plan ---------------------------------------------------

    def select(self, s: State, seat: int, legal: list[int]) -> int:
        """Take the planned goods one by one, then send them where the plan
        said."""
        slots = team_capacity(s, seat)
        if s.act_kind == ActKind.RAID:
            take, dest = self._raid_goods(s, seat, slots)
            crystals, relics = take
            sel = s.sel
            for c in range(3):
                if sel[c] < crystals[c] and A.TAKE_RED + c in legal:
                    return A.TAKE_RED + c
            if s.sel_random < relics and A.TAKE_RANDOM_RELIC in legal:
                return A.TAKE_RANDOM_RELIC
            return dest
        plan = self._load_plan(s, seat, slots)
        sel = s.sel
        for c, n in enumerate((plan.red, plan.blue, plan.white)):
            if sel[c] < n and A.TAKE_RED + c in legal:
                return A.TAKE_RED + c
        wanted = [0] * NUM_RELIC_TYPES
        for t in plan.relic_types:
            wanted[t] += 1
        for t in range(NUM_RELIC_TYPES):
            if s.sel_relics[t] < wanted[t] and A.TAKE_RELIC + t in legal:
                return A.TAKE_RELIC + t
        return A.TO_BANK if plan.to_bank else A.TO_HOME

    def _later(self, s: State, seat: int) -> list[Threat]:
        return [
            Threat(team_combat(s, q) + best_weapon(s, q), _triple(team_capacity(s, q)))
            for q in range(s.n)
            if q != seat and not s.acted[q]
        ]

    @staticmethod
    def _later_slots(s: State, seat: int) -> tuple[float, float, float]:
        """The loading slots of the seat's actions after this one (its hand and
        decks make those teams)."""
        cards = s.hand[seat] + s.deck_t[seat] + s.deck_f[seat]
        return pool_slots(s, seat, cards, actions_left(s, seat) - 1)

    def _worth_after(self, s: State, seat: int) -> Any:
        """`camp_worth_of` for the seat's campsite once this action is done."""
        left_after = actions_left(s, seat) - 1
        placements = placements_left(s)
        future = self._later_slots(s, seat)

        def worth(goods: Sequence[int], relics: int) -> float:
            return camp_worth_of(goods, relics, left_after, placements, future)

        return worth

    def _load_plan(self, s: State, seat: int, slots: Sequence[int]) -> Plan:
        """The load (home or bank) worth most with what it leaves behind."""
        left_after = actions_left(s, seat) - 1
        worth = self._worth_after(s, seat)
        later = self._later(s, seat)
        best: Plan | None = None
        best_v = -math.inf
        for plan in load_for(s, seat, slots, self.BANDIT):
            after = _sub(s.camp[seat], (plan.red, plan.blue, plan.white))
            count = sum(s.camp_relics[seat]) - len(plan.relic_types)
            v = plan.value + worth(after, count)
            v -= self.risk(after, count, -1, later, left_after)
            if v > best_v:
                best, best_v = plan, v
        assert best is not None
        return best

    def _raid_goods(
        self, s: State, seat: int, slots: Sequence[int]
    ) -> tuple[tuple[tuple[int, int, int], int], int]:
        """The loot of the raid under way and where it goes."""
        target = s.act_target
        left_after = actions_left(s, seat) - 1
        worth = self._worth_after(s, seat)
        later = self._later(s, seat)
        camp = s.camp[seat]
        count = sum(s.camp_relics[seat])
        bonus = mission_bonus(s, seat)
        home, bank = loot_for(s.camp[target], sum(s.camp_relics[target]), slots, bonus)
        defence = defence_value(s, seat) + (
            0 if s.turn_weapon == NONE else RELICS[s.turn_weapon].combat
        )
        options = []
        base = worth(camp, count)
        options.append(
            (
                home.value + base - self.risk(camp, count, -1, later, left_after),
                home,
                A.TO_HOME,
            )
        )
        stay = -1 if s.config.raid_bank_deserts else defence
        options.append(
            (
                bank.value + base - self.risk(camp, count, stay, later, left_after),
                bank,
                A.TO_BANK,
            )
        )
        if left_after > 0:
            after = _add(camp, (home.red, home.blue, home.white))
            v = worth(after, count + home.relics)
            v -= self.risk(after, count + home.relics, defence, later, left_after)
            options.append((v, home, A.TO_CAMP))
        _, load, dest = max(options, key=lambda o: o[0])
        return ((load.red, load.blue, load.white), load.relics), dest

    # --- Team building --------------------------------------------------------------------

    def pick(self, s: State, seat: int, legal: list[int]) -> int:
        """The card of the best team completion it can still make."""
        if s.config.speed:
            valuer = self.speed_team_value
        else:
            valuer = self.team_value
        team = list(s.team[seat])
        need = 3 - len(team)
        hand = [a - A.CARD for a in legal]
        context = self._team_context(s, seat)
        best_of: dict[int, float] = {}
        for combo in combinations(hand, need):
            v = valuer(s, seat, team + list(combo), context)
            for c in combo:
                if v > best_of.get(c, -math.inf):
                    best_of[c] = v
        top = max(best_of.values())
        tied = [c for c in hand if best_of.get(c, -math.inf) >= top - 1e-9]
        first = max(tied, key=lambda c: (self.card_worth(card(s, seat, c)), -c))
        return A.CARD + first

    def quick_pick(self, s: State, seat: int, legal: list[int]) -> int:
        """The card that adds most to the team so far: its best load, raid or
        overtime (no relic flips, no other team's timing), less what the card
        would be worth in the rounds to come."""
        context = self._team_context(s, seat)
        team = list(s.team[seat])
        agents = [card(s, seat, c) for c in team]
        slots = (0, 0, 0)
        for a in agents:
            slots = _add(slots, a.capacity)
        combat = sum(a.combat for a in agents)
        camp = s.camp[seat]
        relics = sum(s.camp_relics[seat])
        left_after = actions_left(s, seat) - 1
        placements = placements_left(s)
        future = self._later_slots(s, seat)
        keep = camp_worth_of(camp, relics, left_after, placements, future)
        overtime = camp_worth_of(
            _add(camp, (0, 0, 6)), relics, left_after, placements, future
        )
        weight = 1.0 + self.opponent_weight * CAMP_DISCOUNT
        weapon = context["wp"]
        bonus = RELICS[weapon].combat if weapon != NONE else 0
        best, best_v = legal[0], -math.inf
        for action in legal:
            c = action - A.CARD
            a = card(s, seat, c)
            sl = _add(slots, a.capacity)
            atk = combat + a.combat + bonus
            v = overtime
            for plan in load_for(s, seat, sl, self.BANDIT):
                after = _sub(camp, (plan.red, plan.blue, plan.white))
                rest = relics - len(plan.relic_types)
                v = max(
                    v,
                    plan.value
                    + camp_worth_of(after, rest, left_after, placements, future),
                )
            for o in context["others"]:
                if atk > o["defence"]:
                    q = o["seat"]
                    loot = haul_value(s.camp[q], sum(s.camp_relics[q]), sl)
                    v = max(v, loot * weight + self.RAID_BIAS + keep)
            v -= self.CARD_COST * self._future_loss([*team, c], context)
            if v > best_v:
                best, best_v = action, v
        return best

    def _team_context(self, s: State, seat: int) -> dict[str, Any]:
        """What every team valuation of this decision shares."""
        relics = s.camp_relics[seat]
        tr = NONE
        best_tr = 0.0
        wp = NONE
        for t in range(NUM_RELIC_TYPES):
            if not relics[t]:
                continue
            if RELICS[t].kind == RelicKind.TRANSPORT:
                u = keep_utility(t, False)
                if u > best_tr:
                    tr, best_tr = t, u
            elif wp == NONE or RELICS[t].combat > RELICS[wp].combat:
                wp = t
        others = []
        for q in range(s.n):
            if q == seat:
                continue
            revealed = [card(s, q, c) for c in s.team[q]]
            unknown = 3 - len(revealed)
            slots = [0, 0, 0]
            for a in revealed:
                slots = list(_add(slots, a.capacity))
            slots[1] += unknown // 2
            slots[2] += unknown - unknown // 2
            combat = sum(a.combat for a in revealed)
            defence = combat + sum(
                a.amount[0] for a in revealed if a.ability == Ability.DEFENSE
            )
            others.append(
                {
                    "seat": q,
                    "attack": combat + UNKNOWN_COMBAT * unknown + best_weapon(s, q),
                    "defence": defence + UNKNOWN_COMBAT * unknown,
                    "slots": (slots[0], slots[1], slots[2]),
                    "speed": sum(agent_speed(s, q, a) for a in revealed)
                    + UNKNOWN_SPEED * unknown,
                    "left": actions_left(s, q),
                }
            )
        # the cards the rounds after this one may play: the hand and the decks
        points = {
            c: self.card_points(card(s, seat, c))
            for c in s.hand[seat] + s.deck_t[seat] + s.deck_f[seat]
        }
        cap = sum(p[0] for p in points.values())
        fight = sum(p[1] for p in points.values())
        rounds_after = s.config.rounds - s.round
        return {
            "tr": tr,
            "wp": wp,
            "others": others,
            "cache": {},
            "points": points,
            "pool_points": (cap, fight),
            "rounds_after": rounds_after,
            "future_worth": self.future_worth(cap, fight, rounds_after),
        }

    def team_value(
        self, s: State, seat: int, cards: list[int], context: dict[str, Any]
    ) -> float:
        """What a team of `cards` is worth this round: its best action against
        estimates of the other teams (acting before or after them by speed),
        less the cost of spending good cards early."""
        agents = [card(s, seat, c) for c in cards]
        slots = (0, 0, 0)
        for a in agents:
            slots = _add(slots, a.capacity)
        combat = sum(a.combat for a in agents)
        defence = combat + sum(
            a.amount[0] for a in agents if a.ability == Ability.DEFENSE
        )
        speed = sum(agent_speed(s, seat, a) for a in agents)
        used = set(cards)
        rest = [c for c in context["points"] if c not in used]
        future = pool_slots(s, seat, rest, actions_left(s, seat) - 1)
        value = self._projected(s, seat, slots, combat, defence, speed, future, context)
        value += self._specials_value(s, seat, agents)
        return value - self.CARD_COST * self._future_loss(cards, context)

    def _future_loss(self, cards: list[int], context: dict[str, Any]) -> float:
        """What playing `cards` now takes from the rounds to come (`future_worth`
        of the hand and decks, with and without them)."""
        if context["rounds_after"] <= 0:
            return 0.0
        cap, fight = context["pool_points"]
        for c in cards:
            p = context["points"].get(c)
            if p is not None:  # not an agent already revealed
                cap -= p[0]
                fight -= p[1]
        return context["future_worth"] - self.future_worth(
            cap, fight, context["rounds_after"]
        )

    def card_points(self, a: Agent) -> tuple[float, float]:
        """A card's loading points (a red slot 3, blue 2.2, white 1.2, and what
        a special ability brings) and fighting points (combat, half a Defense)."""
        cap = 3.0 * a.capacity[0] + 2.2 * a.capacity[1] + 1.2 * a.capacity[2]
        fight = float(a.combat)
        if a.ability == Ability.DEFENSE:
            fight += 0.5 * a.amount[0]
        elif a.ability in (Ability.THIEF, Ability.EMINENT_MINER):
            cap += sum(CRYSTAL_VP[c] * a.amount[c] for c in range(3))
            cap += RELIC_SYMBOL_VP * a.amount[3]
        elif a.ability in (Ability.SPY, Ability.ALCHEMIST):
            cap += 1.5
        return cap, fight

    def future_worth(self, cap: float, fight: float, rounds: int) -> float:
        """What cards with `cap` loading and `fight` fighting points in all are
        worth over `rounds` rounds: each round's share, with diminishing returns
        (a team carries only what the campsite holds)."""
        if rounds <= 0:
            return 0.0
        x, y = self.CAP_SCALE, self.FIGHT_SCALE
        per_cap = x * (1.0 - math.exp(-max(cap, 0.0) / rounds / x))
        per_fight = y * (1.0 - math.exp(-max(fight, 0.0) / rounds / y))
        return rounds * (per_cap + self.FIGHTER_VP * per_fight)

    def _projected(
        self,
        s: State,
        seat: int,
        slots: tuple[int, int, int],
        combat: int,
        defence: int,
        speed: int,
        future: tuple[float, float, float],
        context: dict[str, Any],
    ) -> float:
        key = (slots, combat, defence, speed, future)
        cache = context["cache"]
        if key in cache:
            return float(cache[key])
        relics = s.camp_relics[seat]
        transports = [context["tr"]] if context["tr"] != NONE else []
        weapons = [context["wp"]] if context["wp"] != NONE else []
        before: list[Target] = []  # scenario: they act first and load
        after_t: list[Target] = []  # scenario: they act after me
        later: list[Threat] = []
        weights = []
        for o in context["others"]:
            q = o["seat"]
            ahead = tie_rank(s, seat) < tie_rank(s, q)
            gap = speed - o["speed"] + (0.5 if ahead else -0.5)
            p_first = 1.0 / (1.0 + math.exp(-gap / 1.5))
            weights.append(p_first)
            after_t.append(
                Target(
                    q,
                    o["defence"],
                    _triple(s.camp[q]),
                    sum(s.camp_relics[q]),
                    o["left"],
                )
            )
            later.append(Threat(o["attack"], o["slots"]))
            home = best_load(o["slots"], s.camp[q], [], CRYSTAL_VP)
            rest = _sub(s.camp[q], (home.red, home.blue, home.white))
            before.append(Target(q, -1, rest, sum(s.camp_relics[q]), o["left"] - 1))
        p = sum(weights) / len(weights)
        first = self.plan_action(
            s,
            seat,
            slots,
            combat,
            defence,
            relics,
            transports,
            weapons,
            later,
            after_t,
            future,
        )
        second = self.plan_action(
            s,
            seat,
            slots,
            combat,
            defence,
            relics,
            transports,
            weapons,
            [],
            before,
            future,
        )
        value = p * first.value + (1 - p) * second.value
        cache[key] = value
        return value

    def _specials_value(self, s: State, seat: int, agents: list[Agent]) -> float:
        """What the team's special abilities add (they are mandatory)."""
        v = 0.0
        for a in agents:
            if a.ability in (Ability.THIEF, Ability.EMINENT_MINER):
                v += CAMP_DISCOUNT * sum(CRYSTAL_VP[c] * a.amount[c] for c in range(3))
                v += CAMP_DISCOUNT * RELIC_VP * a.amount[3]
            elif a.ability == Ability.SPY:
                if any(sum(s.camp_relics[q]) for q in range(s.n) if q != seat):
                    v += CAMP_DISCOUNT * RELIC_VP
            elif a.ability == Ability.ALCHEMIST:
                v += 0.5 * min(3, s.camp[seat][1] + s.camp[seat][2])
        return v

    def speed_team_value(
        self, s: State, seat: int, cards: list[int], context: dict[str, Any]
    ) -> float:
        """Speed Krysis: what the forced action of a team of `cards` brings."""
        agents = [card(s, seat, c) for c in cards]
        slots = (0, 0, 0)
        for a in agents:
            slots = _add(slots, a.capacity)
        combat = sum(a.combat for a in agents)
        speed = sum(a.speed for a in agents)
        other = context["others"][0]
        q = other["seat"]
        mine, theirs = s.camp[seat], s.camp[q]
        n_slots = sum(slots)
        rounds_after = s.config.rounds - s.round
        if sum(theirs) and n_slots and combat > other["defence"]:
            loot = best_load(slots, theirs, [], CRYSTAL_VP)
            value = loot.value * (1 + self.opponent_weight)
        elif sum(mine) >= n_slots:
            value = best_load(slots, mine, [], CRYSTAL_VP).value
        else:
            gain = sum(CRYSTAL_VP[c] * slots[c] for c in range(3))
            value = CAMP_DISCOUNT * gain if rounds_after else 0.0
        value += 0.3 * combat + 0.1 * speed  # a guarded campsite, acting first
        if rounds_after > 0:
            value -= self.CARD_COST * sum(self.card_worth(a) for a in agents) / 2
        return value

    # --- Special agents -------------------------------------------------------------------

    def timing(self, s: State, seat: int) -> int:
        """Specials first (their goods can then be loaded), an Alchemist alone
        after the action (it converts what stays behind)."""
        if s.config.rules_version >= 2:  # asked agent by agent
            asked = card(s, seat, s.specials_undecided[0]).ability
            return A.SPECIAL_AFTER if asked == Ability.ALCHEMIST else A.SPECIAL_FIRST
        abilities = {card(s, seat, c).ability for c in team_specials(s, seat)}
        if abilities == {Ability.ALCHEMIST}:
            return A.SPECIAL_AFTER
        return A.SPECIAL_FIRST

    def thief(self, s: State, seat: int, legal: list[int]) -> int:
        amount = card(s, seat, s.act_target).amount

        def loot(action: int) -> float:
            camp = s.camp[action - A.THIEF_TARGET]
            return sum(CRYSTAL_VP[c] * min(amount[c], camp[c]) for c in range(3)) + (
                0.01 * sum(CRYSTAL_VP[c] * camp[c] for c in range(3))
            )

        return max(legal, key=loot)

    def spy_target(self, s: State, seat: int, legal: list[int]) -> int:
        return max(
            legal,
            key=lambda a: (
                sum(s.camp_relics[a - A.SPY_TARGET]),
                sum(s.camp[a - A.SPY_TARGET]),
            ),
        )

    def spy_take(self, s: State, seat: int, legal: list[int]) -> int:
        return max(legal, key=lambda a: self.relic_keep_value(s, seat, a - A.SPY_TAKE))

    def alchemy(self, s: State, seat: int, legal: list[int]) -> int:
        """Blues into reds (a red is worth 3 home), else whites into blues; every
        crystal of the chosen kind."""
        if A.ALCHEMY_B2R in legal:
            return A.ALCHEMY_B2R
        if A.ALCHEMY_W2B in legal:
            return A.ALCHEMY_W2B
        return A.ALCHEMY_DONE

    # --- Drawing and set-up ---------------------------------------------------------------

    def draw(self, s: State, seat: int) -> int:
        """Towards its mix of transporters, from the deck worth more to it."""
        hand = [card(s, seat, c) for c in s.hand[seat]]
        have_t = sum(1 for a in hand if a.kind == AgentKind.TRANSPORTER)
        have_f = len(hand) - have_t

        def deck_worth(deck: list[int]) -> float:
            if not deck:
                return -math.inf
            return sum(self.card_worth(card(s, seat, c)) for c in deck) / len(deck)

        want_t = self.HAND_TRANSPORTERS - have_t
        want_f = (6 - self.HAND_TRANSPORTERS) - have_f
        score_t = deck_worth(s.deck_t[seat]) + 2.0 * want_t
        score_f = deck_worth(s.deck_f[seat]) + 2.0 * want_f
        return A.DRAW_TRANSPORTER if score_t >= score_f else A.DRAW_FIGHTER

    def squad(self, s: State, seat: int, legal: list[int]) -> int:
        """Leave out the card worth least (the rules keep it to 2 per star)."""
        return min(legal, key=lambda a: (self.card_worth(card(s, seat, a - A.CARD)), a))

    def hand(self, s: State, seat: int, legal: list[int]) -> int:
        """The best card still wanted for a 9-card hand in its mix."""
        chosen = [card(s, seat, c) for c in s.hand[seat]]
        have_t = sum(1 for a in chosen if a.kind == AgentKind.TRANSPORTER)
        want_t = round(self.HAND_TRANSPORTERS * 1.5)
        need_t = want_t - have_t
        need_f = (9 - want_t) - (len(chosen) - have_t)
        transporters = [
            a for a in legal if card(s, seat, a - A.CARD).kind == AgentKind.TRANSPORTER
        ]
        fighters = [a for a in legal if a not in transporters]
        if need_t > 0 and transporters:
            pool = transporters
        elif need_f > 0 and fighters:
            pool = fighters
        else:
            pool = legal
        return max(pool, key=lambda a: (self.card_worth(card(s, seat, a - A.CARD)), -a))


class HaulerAgent(KrysisScriptedAgent):
    """Hauler: loads its best goods home or sells whites and relics to the bank.

    It fills its teams with transporters when the campsite is rich (flipping a
    transport relic when that carries more), mines overtime when its campsite
    is safe and there is little to carry, keeps transport relics, and raids
    only when the loot clearly beats its own load.
    """

    name = "hauler"
    BANDIT: ClassVar[bool] = False
    RAID_BIAS: ClassVar[float] = -1.0
    HAND_TRANSPORTERS: ClassVar[int] = 4
    FIGHTER_VP: ClassVar[float] = 0.6


class BanditAgent(KrysisScriptedAgent):
    """Bandit: builds fighter teams that beat the richest campsite and raids it.

    It keeps weapon relics, flips one when that makes a raid possible, values
    fighters for defence too, and otherwise loads like the Hauler.
    """

    name = "bandit"
    BANDIT: ClassVar[bool] = True
    RAID_BIAS: ClassVar[float] = 1.5
    HAND_TRANSPORTERS: ClassVar[int] = 3
    FIGHTER_VP: ClassVar[float] = 1.3


Rule = Callable[[KrysisScriptedAgent, State, int, list[int], bool], int]
"""A bot's rule for one kind of choice: (bot, state, seat, legal, quick)."""

RULES: Final[Mapping[str, Rule]] = MappingProxyType(
    {
        "bid": lambda bot, s, seat, legal, quick: bot.bid(s, seat, legal),
        "place": lambda bot, s, seat, legal, quick: bot.place(s, seat, legal),
        "keep": lambda bot, s, seat, legal, quick: bot.keep(s, seat),
        "pick": lambda bot, s, seat, legal, quick: (
            bot.quick_pick(s, seat, legal)
            if quick and not s.config.speed
            else bot.pick(s, seat, legal)
        ),
        "timing": lambda bot, s, seat, legal, quick: bot.timing(s, seat),
        "action": lambda bot, s, seat, legal, quick: bot.action(s, seat).first,
        "select": lambda bot, s, seat, legal, quick: bot.select(s, seat, legal),
        "thief": lambda bot, s, seat, legal, quick: bot.thief(s, seat, legal),
        "spy_target": lambda bot, s, seat, legal, quick: bot.spy_target(s, seat, legal),
        "spy_take": lambda bot, s, seat, legal, quick: bot.spy_take(s, seat, legal),
        "alchemy": lambda bot, s, seat, legal, quick: bot.alchemy(s, seat, legal),
        "draw": lambda bot, s, seat, legal, quick: bot.draw(s, seat),
        "squad": lambda bot, s, seat, legal, quick: bot.squad(s, seat, legal),
        "hand": lambda bot, s, seat, legal, quick: bot.hand(s, seat, legal),
    }
)
"""The bots' rule for each choice the engine names (`engine.decision`); read-only."""
