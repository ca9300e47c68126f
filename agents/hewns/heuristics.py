"""Scripted Hewns bots: the Prospector (mines, buys miners) and the Raider (buys
weapons and fights as well as mines).

Each decision is taken on one full state sampled from the bot's own view
(`SeatView.sample`), by rules that read only what its seat may know:

* bids: the lots are valued (a Hewn by its mining dice, action points and
  storage, a Raider also by its weapons and close combat; a technology by what it
  adds to the bot's Hewns) and ranked by value per minimum price; the bot bids
  the minimum plus a little more for every rival Bidox already on the lot, with
  dirty Substract first (normal Substract scores, dirty is only money), on its
  best lots until its screen runs low, then passes (its other Bidoxes hunt);
* the turn-order deal: card 1 to itself, the last cards to the others;
* Hewn turns: mine when it can; otherwise walk (or enter the board) towards the
  nearest mine that no healthy Hewn holds, avoiding danger tokens, and never end
  a turn beside another healthy Hewn (it would be stunned);
* mining: aggressive on a rich mine only with a full free store, re-roll the
  blanks, send everything mined off-planet (it then scores and cannot be lost);
  danger tokens go far from its own Hewns, new mines near them;
* defence: as many body screens as a threat needs, dirty first;
* encounters (Raider): announce against a lone enemy in sight when it carries
  Substract for weapon dice, and spend it on the dice with the best mean.

`choose(state, seat, legal, rng)` is the decision on a full state, for the search
bots' rollouts as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from agents.base import SeatView
from scavenger_env.hewns.engine.actions import (
    HEWN,
    LOT,
    NUM,
    SPACE,
    Ctrl,
    Option,
    Verb,
)
from scavenger_env.hewns.engine.auction import min_price
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import TECHS, HewnType, TechKind
from scavenger_env.hewns.engine.flow import FIRST_TECH_LOT
from scavenger_env.hewns.engine.state import (
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    TECH_KIND_OF,
    Ask,
    State,
    hewn_type,
)

__all__ = ["HewnsScriptedAgent", "ProspectorAgent", "RaiderAgent"]

_MAP_SPACES = 64  # SPACE ids below SPACE + this are map spaces


def _ids(legal: Sequence[int], start: int, size: int) -> list[int]:
    """The offsets of the legal ids of one block."""
    return [a - start for a in legal if start <= a < start + size]


class HewnsScriptedAgent:
    """Shared decisions of the scripted Hewns bots; subclasses set the style."""

    name = "scripted"
    #: Worth of a point of weapon or close combat when valuing a Hewn.
    FIGHT_WEIGHT: ClassVar[float] = 0.0
    #: Whether it announces encounters.
    FIGHTS: ClassVar[bool] = False

    def __init__(self, overbid: int = 1, reserve: int = 2) -> None:
        """Options: `overbid`, Substract added over the minimum for each rival
        Bidox already on a lot; `reserve`, Substract it keeps on its screen
        after bidding."""
        self.overbid = int(overbid)
        self.reserve = int(reserve)
        self.seat = 0

    def reset(self, seat: int, config: HewnsConfig) -> None:
        self.seat = seat

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if len(legal) == 1:
            return legal[0]
        return self.choose(view.sample(rng), view.seat, legal, rng)

    # --- the decision ------------------------------------------------------------------

    def choose(
        self, s: State, seat: int, legal: list[int], rng: np.random.Generator
    ) -> int:
        """The bot's choice on a full state."""
        if len(legal) == 1:
            return legal[0]
        ask = s.frames[-1].ask if s.frames else NONE
        pick = self._by_ask(s, seat, ask, legal)
        if pick in legal:
            return pick
        return self._default(legal)

    def _by_ask(self, s: State, seat: int, ask: int, legal: list[int]) -> int:
        if ask == Ask.BID_TURN:
            return self.bid_turn(s, seat, legal)
        if ask == Ask.BID_LOT:
            return LOT + self.best_lot(s, seat, legal)
        if ask == Ask.BID_AMOUNT:
            return NUM + self.bid_amount(s, seat, s.frames[-1].args[1], legal)
        if ask in (Ask.BID_MIX, Ask.BURN_MIX, Ask.SCREENS_MIX, Ask.PICK_MIX):
            return max(legal)  # as much dirty as allowed: normal Substract scores
        if ask == Ask.DEAL_ORDER:
            # card 1 to itself, the last cards to the others
            return min(legal) if s.deal_left and s.deal_left[0] == seat else max(legal)
        if ask == Ask.PLAYER_TURN:
            return self.activate(s, seat, legal)
        if ask == Ask.HEWN_TURN:
            return self.hewn_turn(s, seat, legal)
        if ask == Ask.MINE_OPTS:
            return Option.MINE_PLAIN
        if ask == Ask.MINE_KEEP:
            return NUM  # keep nothing: off-planet it scores and is safe
        if ask == Ask.SCREENS:
            nums = _ids(legal, NUM, 32)
            return NUM + min(max(nums), 3)
        if ask in (Ask.PLACE_TOKEN, Ask.NEW_MINE):
            return self.place(s, seat, legal, near=ask == Ask.NEW_MINE)
        return NONE

    @staticmethod
    def _default(legal: list[int]) -> int:
        """Where it has no rule: stop, decline, the smallest amount, else the
        first choice."""
        for a in (Ctrl.DONE, Ctrl.NO, NUM):
            if a in legal:
                return a
        return legal[0]

    # --- the auction -----------------------------------------------------------------

    def hewn_worth(self, h: HewnType) -> float:
        """What a Hewn card is worth to the bot, in Substract: its mining, its
        reach and store, its +1 income per round, and (Raider) its fighting."""
        worth = 3.0 * h.mine + 0.6 * h.ap + 0.3 * h.store_total + 1.0
        worth += self.FIGHT_WEIGHT * (2.0 * h.weapon + 0.5 * h.close_combat + h.armour)
        return worth

    def tech_worth(self, s: State, seat: int, kind: int) -> float:
        """A technology's worth: only if one of its Hewns could use it."""
        own = [
            h for h in range(NUM_HEWNS) if s.ctrl[h] == seat and s.loc[h] >= OFF_BOARD
        ]
        if not own:
            return 0.0
        if kind == TechKind.MINING_CLAW:
            return 4.0
        if kind == TechKind.MAJOR_GOZZBAG:
            return 2.5 if any(hewn_type(h).mine for h in own) else 0.0
        if kind in (TechKind.GUNANA, TechKind.SICKET_SUNGER, TechKind.FUTANAZ):
            return 1.0 + 3.0 * self.FIGHT_WEIGHT
        if kind == TechKind.SLOCIC_SHIELD:
            return 1.5
        return 0.5

    def lot_worth(self, s: State, seat: int, lot: int) -> float:
        """What winning `lot` is worth (the turn-order stack: a little)."""
        if lot == 0:
            return 1.5
        card = s.offer[lot]
        if card == NONE:
            return 0.0
        if lot < FIRST_TECH_LOT:
            worth = self.hewn_worth(hewn_type(card))
            return worth * (4 - s.round) / 3  # fewer Hewn turns left
        tech = TECHS[TECH_KIND_OF[card]]
        return self.tech_worth(s, seat, tech.kind) * tech.quantity

    def budget(self, s: State, seat: int) -> int:
        return s.screen_normal[seat] + s.screen_dirty[seat] - self.reserve

    def rivals_on(self, s: State, seat: int, lot: int) -> int:
        """Rival Bidoxes on `lot` (their placement is public)."""
        return sum(
            1
            for other in range(s.num_players)
            if other != seat
            for b in s.bidox_lot[other]
            if b == lot
        )

    def price(self, s: State, seat: int, lot: int) -> int:
        return min_price(s, lot) + self.overbid * self.rivals_on(s, seat, lot)

    def wanted(self, s: State, seat: int) -> list[int]:
        """The lots worth their price that it has not bid on, best value first."""
        mine = set(s.bidox_lot[seat])
        lots = [
            lot
            for lot in range(len(s.offer))
            if lot not in mine
            and (lot == 0 or s.offer[lot] != NONE)
            and self.lot_worth(s, seat, lot) >= self.price(s, seat, lot)
            and self.price(s, seat, lot) <= self.budget(s, seat)
        ]
        lots.sort(
            key=lambda lot: (
                -self.lot_worth(s, seat, lot) / max(1, self.price(s, seat, lot))
            )
        )
        return lots

    def bid_turn(self, s: State, seat: int, legal: list[int]) -> int:
        if Verb.PLACE_BIDOX in legal and self.wanted(s, seat):
            return Verb.PLACE_BIDOX
        return Ctrl.PASS_AUCTION

    def best_lot(self, s: State, seat: int, legal: list[int]) -> int:
        lots = _ids(legal, LOT, 12)
        wanted = [lot for lot in self.wanted(s, seat) if lot in lots]
        return wanted[0] if wanted else lots[0]

    def bid_amount(self, s: State, seat: int, lot: int, legal: list[int]) -> int:
        top = max(_ids(legal, NUM, 32))
        return max(0, min(top, self.price(s, seat, lot)))

    # --- the actions phase ------------------------------------------------------------

    def activate(self, s: State, seat: int, legal: list[int]) -> int:
        """On-board Hewns first (they are nearer their mines), miners first."""
        hewns = _ids(legal, HEWN, NUM_HEWNS)
        if not hewns:
            return Ctrl.END_PLAYER_TURN
        hewns.sort(key=lambda h: (s.loc[h] < 0, -hewn_type(h).mine))
        return HEWN + hewns[0]

    def free_mines(self, s: State, hewn: int) -> list[int]:
        """Spaces with a mine and no token that no other healthy Hewn holds and
        that admit the Hewn."""
        size = hewn_type(hewn).size
        taken = {
            s.loc[h]
            for h in range(NUM_HEWNS)
            if h != hewn and s.loc[h] >= 0 and s.healthy(h)
        }
        return [
            sp
            for sp in range(s.board.n_spaces)
            if s.mine[sp] != NONE
            and s.token[sp] == NONE
            and sp not in taken
            and s.board.admits(sp, size)
        ]

    def distance_to_mine(self, s: State, hewn: int, space: int) -> int:
        size = hewn_type(hewn).size
        best = 99
        for target in self.free_mines(s, hewn):
            d = s.board.distance(space, target, size)
            if 0 <= d < best:
                best = d
        return best

    def hewn_turn(self, s: State, seat: int, legal: list[int]) -> int:
        frame = s.frames[-1]
        h = frame.hewn
        if Verb.MINE in legal:
            return Verb.MINE
        steps = _ids(legal, SPACE, _MAP_SPACES)
        here = s.loc[h]
        crowded = here >= 0 and any(
            o != h and s.loc[o] == here and s.healthy(o) for o in range(NUM_HEWNS)
        )
        if steps:
            safe = [sp for sp in steps if s.token[sp] == NONE] or steps
            best = min(safe, key=lambda sp: self.distance_to_mine(s, h, sp))
            now = self.distance_to_mine(s, h, here) if here >= 0 else 99
            if self.distance_to_mine(s, h, best) < now or crowded or here == OFF_BOARD:
                return SPACE + best
        return Ctrl.END_HEWN_TURN

    def place(self, s: State, seat: int, legal: list[int], near: bool) -> int:
        """A danger token far from its own Hewns; a new mine near them."""
        spaces = _ids(legal, SPACE, _MAP_SPACES)
        if not spaces:
            return NONE
        own = [
            s.loc[h] for h in range(NUM_HEWNS) if s.ctrl[h] == seat and s.loc[h] >= 0
        ]
        if not own:
            return SPACE + spaces[0]

        def closeness(sp: int) -> int:
            return min(max(0, s.board.distance(sp, o)) for o in own)

        pick = min(spaces, key=closeness) if near else max(spaces, key=closeness)
        return SPACE + pick


class ProspectorAgent(HewnsScriptedAgent):
    """Mines: buys miners and mining technology, walks to free mines, mines every
    turn and sends what it mines off-planet."""

    name = "prospector"


class RaiderAgent(HewnsScriptedAgent):
    """Mines and fights: values weapons and close combat too, and announces
    encounters against lone enemies it can hit."""

    name = "raider"
    FIGHT_WEIGHT = 1.0
    FIGHTS = True
