"""Scripted bots: a Miner, a Raider and a Collector, each an ordered list of priorities.

At every decision a bot samples one full state from its own view (`SeatView.sample`)
and then:

* start of turn: uses every start-of-turn artifact and its Leader's skill (all are
  optional, and none can hurt: a skill's targets may still be declined); the
  Recruiter's Whistle takes the level 1 it values most;
* action phase: goes down its `PRIORITIES`, a tuple of method names; the first rule
  that names a legal action wins, and END_TURN comes when none does;
* paying: the cheapest cards that keep the payment valid (`evaluation.pay_action`);
* skill targets: `pick` (Diggerhino and Robuster aim at the best Mine; any other
  target goes to whatever `value` likes best).

The rules weigh actions by their `gain`: the change in the bot's `value` once the
action, its payment and its targets are done on a copy of the sampled state.
`value` is `evaluation.evaluate` (VP so far plus potential), less half the best
opponent's VP, plus each bot's own leanings. The last rule of every bot is
`plan_turn`: the first action of the best plan of (up to) two actions, so that a
booster skill before the Mine it improves, or Ancientone before a Collect, is seen
as one plan. The rules before it are what make the bots differ: when to Raid, and
which kind of action to prefer when it is nearly as good as the best.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from agents.base import SeatView
from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    Phase,
    apply_legal_action,
    legal_actions,
)
from scavenger_env.cavein.engine.actions import (
    COLLECT,
    DONE,
    END_TURN,
    MINE,
    PICK_COLOUR,
    PICK_HAND,
    PICK_MINE,
    RAID,
    RECRUIT,
    SKILL,
    USE,
)
from scavenger_env.cavein.engine.data import (
    CRYSTAL_COLOUR,
    CRYSTAL_SYMBOL,
    NUM_COLOURS,
)
from scavenger_env.cavein.engine.queries import card_colour, crystal_colour, mine_cost
from scavenger_env.cavein.engine.skills import SKILLS_DE, SKILLS_EN
from scavenger_env.cavein.engine.state import Effect

from .evaluation import (
    best_static_pick,
    crystal_gain,
    evaluate,
    finish,
    game_left,
    hand_level_vp,
    mine_payment,
    pay_action,
    score,
)


def skill_name(s: GameState, merc_type: int) -> str:
    """The name of the skill a merc type has under this game's rules ("maccarat")."""
    table = SKILLS_DE if s.config.weedlock_text == "de" else SKILLS_EN
    return table[merc_type].__name__


#: Skills that make this turn's Mine better (by their function names in `skills`).
MINING_BOOSTERS = frozenset(
    {"maccarat", "scrabber", "diggerhino", "robuster", "drollo", "stalkroot", "seeder"}
)


def is_crystal_taker(name: str) -> bool:
    """The level 1 skills: "Take a [colour] Crystal with a cost of 1"."""
    return name.startswith("take_") and name.endswith("_crystal")


class Situation:
    """One action-phase decision: the sampled state, the seat, its legal actions,
    and the gains of the actions looked at so far."""

    __slots__ = (
        "_after",
        "_gains",
        "_plan",
        "agent",
        "legal",
        "s",
        "seat",
        "value_now",
    )

    def __init__(
        self, agent: ScriptedAgent, s: GameState, seat: int, legal: list[int]
    ) -> None:
        self.agent = agent
        self.s = s
        self.seat = seat
        self.legal = legal
        self.value_now = agent.value(s, seat)
        self._gains: dict[int, float] = {}
        self._after: dict[int, GameState] = {}
        self._plan: dict[int, float] | None = None

    def actions(self, first: int, size: int) -> list[int]:
        """The legal actions in the block `first .. first + size - 1`."""
        return [a for a in self.legal if first <= a < first + size]

    def skills(self, names: frozenset[str] | None = None) -> list[int]:
        """Legal SKILL actions, optionally only those whose skill is in `names`."""
        return [
            a
            for a in self.actions(SKILL, 24)
            if names is None or skill_name(self.s, a - SKILL) in names
        ]

    def after(self, action: int) -> GameState:
        """The state after `action`, its payment and its targets (do not modify)."""
        if action not in self._after:
            s2 = self.s.clone()
            apply_legal_action(s2, action)
            self._after[action] = finish(s2, self.seat, self.agent.pick)
        return self._after[action]

    def gain(self, action: int) -> float:
        """What `action` (with its payment and targets) adds to the bot's value."""
        if action not in self._gains:
            value = self.agent.value(self.after(action), self.seat)
            self._gains[action] = value - self.value_now
        return self._gains[action]

    def best(self, actions: Sequence[int]) -> tuple[int | None, float]:
        """The action of `actions` with the highest gain, and that gain."""
        best, best_gain = None, float("-inf")
        for a in actions:
            g = self.gain(a)
            if g > best_gain:
                best, best_gain = a, g
        return best, best_gain

    def plan_totals(self) -> dict[int, float]:
        """For each first action, what the best plan of (up to) two actions that
        starts with it gains this turn: a Mine after a booster skill, a Collect
        after Ancientone, a Recruit that pays for a Mine are seen together.

        A Recruit as the second action is tried only for the two Docks cards worth
        most now (or one that only the first action made possible): the others
        rarely change rank, and they would be a third of the work.
        """
        if self._plan is None:
            seat, agent = self.seat, self.agent
            recruits = sorted(self.actions(RECRUIT, 10), key=self.gain, reverse=True)
            skip = set(recruits[2:])
            self._plan = {}
            for first in playing_actions(self.legal):
                total = self.gain(first)
                s1 = self.after(first)
                if s1.phase == Phase.ACTION and s1.current_player == seat:
                    for second in playing_actions(legal_actions(s1)):
                        if second in skip:
                            continue
                        s2 = s1.clone()
                        apply_legal_action(s2, second)
                        finish(s2, seat, agent.pick)
                        total = max(total, agent.value(s2, seat) - self.value_now)
                self._plan[first] = total
        return self._plan

    def plan(self) -> tuple[int | None, float]:
        """The first action of the best two-action plan, and what the plan gains."""
        totals = self.plan_totals()
        if not totals:
            return None, float("-inf")
        best = max(totals, key=totals.__getitem__)
        return best, totals[best]


def playing_actions(legal: Sequence[int]) -> list[int]:
    """The legal actions that neither end the turn nor Raid."""
    return [a for a in legal if a != END_TURN and not RAID <= a < RAID + 4]


class ScriptedAgent:
    """Shared decisions of the scripted bots; subclasses order `PRIORITIES`."""

    name = "scripted"
    #: Method names tried in order in the action phase; each returns an action or None.
    PRIORITIES: ClassVar[tuple[str, ...]] = ("plan_turn",)
    #: Which Raids `quick_action` considers: None none, False its own Base only,
    #: True any Base.
    RAIDS_OPPONENTS: ClassVar[bool | None] = None

    def __init__(
        self,
        min_gain: float = 0.01,
        raid_margin: float = 1.0,
        opponent_weight: float = 0.5,
        slack: float = 0.5,
    ) -> None:
        """Options, all in VP: `min_gain`, the least gain worth an action;
        `raid_margin`, how much more than a normal turn a Raid must gain;
        `opponent_weight`, how much of the best opponent's VP counts against its
        own; `slack`, how much worse than the best plan its favourite actions may
        be and still be preferred.
        """
        self.min_gain = float(min_gain)
        self.raid_margin = float(raid_margin)
        self.opponent_weight = float(opponent_weight)
        self.slack = float(slack)
        self.seat = 0

    def reset(self, seat: int, config: GameConfig) -> None:
        self.seat = seat

    # --- The decision ---------------------------------------------------------------

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if len(legal) == 1:
            return legal[0]
        if USE in legal:
            return USE  # a start-of-turn artifact or the Leader's skill
        return self.choose(view.sample(rng), view.seat, legal)

    def choose(
        self, s: GameState, seat: int, legal: list[int], quick: bool = False
    ) -> int:
        """The bot's choice on a full (sampled) state; search uses it too.

        `quick` replaces the two-action plan by one-action gains (`quick_action`):
        about eight times cheaper, for search rollouts.
        """
        if len(legal) == 1:
            return legal[0]
        if USE in legal:
            return USE
        if s.phase in (Phase.START_ARTIFACT, Phase.START_LEADER):
            action = self.start_of_turn(s, seat, legal)
        elif s.phase == Phase.PAY:
            action = pay_action(s, legal)
        elif s.phase == Phase.EFFECT:
            action = self.pick(s, seat, legal)
        elif quick:
            action = self.quick_action(Situation(self, s, seat, legal))
        else:
            action = self.action_phase(Situation(self, s, seat, legal))
        return action if action in legal else self.fallback(legal)

    def quick_action(self, t: Situation) -> int:
        """A cheap stand-in for `action_phase`: the best one-action gain, a Raid
        only when it beats that by `raid_margin`, END_TURN when nothing gains."""
        best, gain = t.best(playing_actions(t.legal))
        raids = t.actions(RAID, 4)
        if raids and self.RAIDS_OPPONENTS is not None:
            if not self.RAIDS_OPPONENTS:
                raids = [a for a in raids if a - RAID == t.seat]
            raid, raid_gain = t.best(raids)
            if raid is not None and raid_gain > max(gain, 0.0) + self.raid_margin:
                return raid
        return best if best is not None and gain > self.min_gain else END_TURN

    @staticmethod
    def fallback(legal: list[int]) -> int:
        """The first legal action that does not end the turn (never outside legal)."""
        return next((a for a in legal if a != END_TURN), legal[0])

    def action_phase(self, t: Situation) -> int:
        for rule in self.PRIORITIES:
            action = getattr(self, rule)(t)
            if action is not None and action in t.legal:
                return int(action)
        return END_TURN

    def value(self, s: GameState, seat: int) -> float:
        """What a position is worth to this bot: `evaluate`, less a share of the
        best opponent's VP."""
        value = evaluate(s, seat)
        if self.opponent_weight:
            value -= self.opponent_weight * max(
                score(s, q) for q in range(s.num_players) if q != seat
            )
        return value

    # --- Start of turn ----------------------------------------------------------------

    def start_of_turn(self, s: GameState, seat: int, legal: list[int]) -> int:
        """A start-of-turn choice other than USE: the Recruiter's Whistle's card."""
        return best_static_pick(s, seat, legal, self.value)

    # --- Skill targets ------------------------------------------------------------------

    def pick(self, s: GameState, seat: int, legal: list[int]) -> int:
        """A target for the pending skill choice."""
        kind = s.effects[-1][0]
        if kind == Effect.DIG_SLOT:
            return self.pick_dig_slot(s, seat, legal)
        if kind == Effect.DIG_COLOUR:
            return self.pick_dig_colour(s, seat, legal)
        if kind == Effect.ROB_COLOUR:
            return self.pick_robuster_colour(s, seat, legal)
        if kind == Effect.ROB_CARDS:
            return self.pick_robuster_card(s, seat, legal)
        return best_static_pick(s, seat, legal, self.value)

    def mine_gain(
        self,
        s: GameState,
        seat: int,
        slot: int,
        colour: int | None = None,
        cost: int | None = None,
    ) -> float | None:
        """About what Mining `slot` gains (the crystal, less the cards paid), None
        if the hand cannot pay; `colour` and `cost` ask "what if" (Diggerhino)."""
        cards = mine_payment(s, seat, slot, colour, cost)
        if cards is None:
            return None
        paid = hand_level_vp(s) * sum(s.cards.level_of[c] for c in cards)
        return crystal_gain(s, seat, slot, self.value) - paid

    def best_mine_gain(self, s: GameState, seat: int) -> float:
        """The best `mine_gain` over the Mine (0 when nothing can be mined)."""
        gains = [self.mine_gain(s, seat, i) for i in range(10) if s.mine[i] >= 0]
        return max([g for g in gains if g is not None], default=0.0)

    def _dig_options(self, s: GameState, seat: int, slot: int) -> dict[int, float]:
        """Colour -> mine gain of `slot` recoloured by Diggerhino (cost 1 less)."""
        current = crystal_colour(s, slot)
        cost = mine_cost(s, seat, slot) - 1
        if s.totem_owner[current] == seat:
            cost += 1  # the totem discount follows the new colour
        out: dict[int, float] = {}
        for colour in range(NUM_COLOURS):
            if colour == current:
                continue
            c = cost - (1 if s.totem_owner[colour] == seat else 0)
            gain = self.mine_gain(s, seat, slot, colour, c)
            if gain is not None:
                out[colour] = gain
        return out

    def pick_dig_slot(self, s: GameState, seat: int, legal: list[int]) -> int:
        """Diggerhino: the crystal whose recolour makes the best Mine this turn."""
        if s.turn.normal_used >= 2 and not s.turn.extra_mines:
            return DONE  # no Mine left this turn
        best, best_gain = DONE, self.best_mine_gain(s, seat)
        for action in legal:
            if action != DONE:
                options = self._dig_options(s, seat, action - PICK_MINE)
                gain = max(options.values(), default=float("-inf"))
                if gain > best_gain:
                    best, best_gain = action, gain
        return best

    def pick_dig_colour(self, s: GameState, seat: int, legal: list[int]) -> int:
        """Diggerhino's colour: the one that makes its crystal the best Mine."""
        options = self._dig_options(s, seat, s.effects[-1][1])
        return max(legal, key=lambda a: options.get(a - PICK_COLOUR, float("-inf")))

    def _robuster_cards(self, s: GameState, seat: int, colour: int) -> list[int]:
        """The (up to) three highest-level hand cards not yet of `colour`."""
        others = [c for c in s.players[seat].hand if card_colour(s, c) != colour]
        others.sort(key=lambda c: -s.cards.level_of[c])
        return others[:3]

    def _robuster_gain(self, s: GameState, seat: int, colour: int) -> float:
        s2 = s.clone()
        for c in self._robuster_cards(s, seat, colour):
            s2.turn.recolour[c] = colour
        return self.best_mine_gain(s2, seat)

    def pick_robuster_colour(self, s: GameState, seat: int, legal: list[int]) -> int:
        """Robuster: the colour whose recolour makes the best Mine this turn."""
        best, best_gain = DONE, self.best_mine_gain(s, seat)
        for action in legal:
            if action != DONE:
                gain = self._robuster_gain(s, seat, action - PICK_COLOUR)
                if gain > best_gain:
                    best, best_gain = action, gain
        return best

    def pick_robuster_card(self, s: GameState, seat: int, legal: list[int]) -> int:
        """Robuster's cards: the highest levels not yet of the chosen colour."""
        for c in self._robuster_cards(s, seat, s.effects[-1][1]):
            action = PICK_HAND + s.cards.type_of[c]
            if action in legal:
                return action
        return DONE

    # --- Action-phase rules -------------------------------------------------------------

    def raid_for_cards(self, t: Situation, seats: Sequence[int]) -> int | None:
        """Raid one of `seats` when the Raid gains more than a normal turn would."""
        raids = [a for a in t.actions(RAID, 4) if a - RAID in seats]
        if not raids:
            return None
        best, gain = t.best(raids)
        normal_turn = max(t.plan()[1], 0.0)
        return best if gain > normal_turn + self.raid_margin else None

    def reload_own_base(self, t: Situation) -> int | None:
        """Raid its own Base to take back the cards it paid (and its Leader)."""
        return self.raid_for_cards(t, [t.seat])

    def raid_rich_base(self, t: Situation) -> int | None:
        """Raid the Base (its own included) whose cards and totem beat a normal
        turn most."""
        return self.raid_for_cards(t, range(t.s.num_players))

    def plan_turn(self, t: Situation) -> int | None:
        """The first action of the best two-action plan (`Situation.plan`), if the
        plan gains anything; otherwise the turn ends."""
        action, gain = t.plan()
        return action if gain > self.min_gain else None

    def prefer(self, t: Situation, actions: Sequence[int]) -> int | None:
        """The best of `actions` when its plan is within `slack` VP of the best plan
        (how a bot leans toward its own kind of action)."""
        totals = t.plan_totals()
        mine = [a for a in actions if a in totals]
        if not mine:
            return None
        best = max(mine, key=totals.__getitem__)
        top = max(totals.values())
        ok = totals[best] > self.min_gain and totals[best] >= top - self.slack
        return best if ok else None


class MinerAgent(ScriptedAgent):
    """Miner: mines the best crystals it can pay for, boosting its Mines with skills.

    Priorities, in order:

    1. `reload_own_base`: Raid its own Base to take back the cards it paid, when
       that beats a normal turn (it never raids an opponent);
    2. `mine_or_boost`: a Mine, a mining skill (Maccarat, Scrabber, Diggerhino,
       Robuster, Drollo, Stalkroot, Seeder) or a level 1 crystal skill, when its
       plan is nearly the best (a booster is taken when the Mine after it pays);
    3. `plan_turn`: otherwise the best two-action plan (a Recruit of the colour
       it needs, a Collect, ...).

    It values a hand that can pay for big crystals (its largest single-colour
    level sum) and every faction symbol colour it holds (chasing sets).
    """

    name = "miner"
    PRIORITIES: ClassVar[tuple[str, ...]] = (
        "reload_own_base",
        "mine_or_boost",
        "plan_turn",
    )
    RAIDS_OPPONENTS: ClassVar[bool | None] = False
    #: VP per level of the hand's largest single-colour group (big Mines need one).
    COLOUR_GROUP_VP: ClassVar[float] = 0.1
    #: VP per faction symbol colour among its crystals (sets grow faster than linearly).
    SYMBOL_VP: ClassVar[float] = 0.5

    def mine_or_boost(self, t: Situation) -> int | None:
        boosters = [
            a
            for a in t.skills()
            if (name := skill_name(t.s, a - SKILL)) in MINING_BOOSTERS
            or is_crystal_taker(name)
        ]
        return self.prefer(t, t.actions(MINE, 10) + boosters)

    def value(self, s: GameState, seat: int) -> float:
        me = s.players[seat]
        sums = [0] * NUM_COLOURS
        for c in me.hand:
            sums[s.cards.colour_of[c]] += s.cards.level_of[c]
        symbols = {CRYSTAL_COLOUR[c] for c in me.crystals if CRYSTAL_SYMBOL[c]}
        leaning = self.COLOUR_GROUP_VP * max(sums) + self.SYMBOL_VP * len(symbols)
        return super().value(s, seat) + game_left(s) * leaning


class RaiderAgent(ScriptedAgent):
    """Raider: raids rich Bases for their cards and totems, else plays the best plan.

    Priorities, in order:

    1. `raid_rich_base`: Raid the Base whose cards and Leader's totem (3 VP to it,
       3 VP off the opponent) beat a normal turn; its own Base counts too, which
       takes back the cards it paid before an opponent does;
    2. `plan_turn`: otherwise the best two-action plan, like the Miner without
       its leanings.

    It counts half the best opponent's VP against its own, and the levels it
    leaves under its Leader (what an opponent's Raid would take) a little.
    """

    name = "raider"
    PRIORITIES: ClassVar[tuple[str, ...]] = ("raid_rich_base", "plan_turn")
    RAIDS_OPPONENTS: ClassVar[bool | None] = True
    #: VP lost per level in its Base under the Leader (the loot it offers).
    BASE_RISK_VP: ClassVar[float] = 0.2

    def value(self, s: GameState, seat: int) -> float:
        base = s.players[seat].base
        exposed = sum(s.cards.level_of[c] for c in base[:-1])
        return super().value(s, seat) - game_left(s) * self.BASE_RISK_VP * exposed


class CollectorAgent(ScriptedAgent):
    """Collector: collects artifacts (the half worth more to it), builds symbol sets.

    Priorities, in order:

    1. `reload_own_base`: Raid its own Base to take back the cards it paid, when
       that beats a normal turn (it never raids an opponent);
    2. `collect_or_ancientone`: a Collect (of the half worth more to it, given its
       crystals) or Ancientone before one, when its plan is nearly the best;
    3. `plan_turn`: otherwise the best two-action plan.

    It values each artifact it holds beyond its VP (they score on at the end)
    and every faction symbol colour among its crystals.
    """

    name = "collector"
    PRIORITIES: ClassVar[tuple[str, ...]] = (
        "reload_own_base",
        "collect_or_ancientone",
        "plan_turn",
    )
    RAIDS_OPPONENTS: ClassVar[bool | None] = False
    #: VP per artifact held beyond what it scores now.
    ARTIFACT_VP: ClassVar[float] = 1.0
    #: VP per faction symbol colour among its crystals.
    SYMBOL_VP: ClassVar[float] = 0.5

    def collect_or_ancientone(self, t: Situation) -> int | None:
        ancient = [a for a in t.skills() if skill_name(t.s, a - SKILL) == "ancientone"]
        return self.prefer(t, t.actions(COLLECT, 6) + ancient)

    def value(self, s: GameState, seat: int) -> float:
        me = s.players[seat]
        symbols = {CRYSTAL_COLOUR[c] for c in me.crystals if CRYSTAL_SYMBOL[c]}
        leaning = self.ARTIFACT_VP * len(me.artifacts) + self.SYMBOL_VP * len(symbols)
        return super().value(s, seat) + game_left(s) * leaning
