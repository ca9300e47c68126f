"""Scripted Hewns bots: the Prospector (mines, buys miners) and the Raider (buys
weapons and fights as well as mines).

Each decision is taken on one full state sampled from the bot's own view
(`SeatView.sample`), by rules that read only what its seat may know:

* bids: the lots are valued (a Hewn by its mining dice, action points and
  storage, a Raider also by its weapons and close combat; a technology by what it
  adds to the bot's Hewns: mining claws for its miners) and ranked by value per
  minimum price; the bot bids the minimum plus a little more for every rival
  Bidox already on the lot, with dirty Substract first (normal Substract scores,
  dirty is only money), on its best lots until its screen runs low, then passes;
* the turn-order deal: card 1 to itself, the last cards to the others;
* management: technology goes into an empty socket of the Hewn that uses it
  best; a Raider loads dirty Substract onto its armed Hewns behind its screen
  (weapon dice are paid from the load); normal Substract on a Hewn that an
  armed enemy or a danger token threatens is transmitted off-planet;
* Hewn turns: mine when it can; otherwise walk (or enter the board) towards the
  nearest mine that no healthy Hewn holds, avoiding danger tokens and (the
  Prospector) enemies, and never end a turn beside another healthy Hewn (it
  would be stunned: it moves on, burning dirty Substract for the step if it
  must); a digger digs a shortcut when the tunnel brings it nearer a free mine
  than walking would for the same action points, and digs itself out of a
  danger token's space when every step leads into another; dug tunnels are
  walked through like any space;
* mining: aggressive on a rich mine, re-roll the dice below the mean (blanks
  first), send what it mines off-planet unless the Hewn needs a load for
  screens or weapons; respite first among the danger dice (it can cancel the
  others), the worst danger cancelled; danger tokens far from its own Hewns and
  near rivals, new mines near its own Hewns;
* defence: body screens by the token's strength, dirty first;
* encounters: the Raider announces (or reacts) against a lone enemy it can see
  when its armed Hewn carries Substract for weapon dice, picks laser dice (the
  best mean) with its load, names the enemy worth the most, takes over (brain
  repair) where it can repair; both bots re-roll their worst die, force the
  attacker's best die to be re-rolled, escape and retreat to safe spaces and
  lose their cheapest Sicket technology. The Prospector only defends;
* terrain: a flier or climber takes off for a free mine it could not walk to
  as cheaply (landing with an action point left to mine), or to escape a danger
  space it cannot step out of safely; a Suderer extracts every Hewn turn (the
  dirty Substract off-planet, for bids); a secret entrance is opened at once,
  on the free node nearest a mine;
* Nananbites, the Mamabite, the Fixito (the nanas cards): Nananbites are worth
  a little each (repair dice, or +1 on a Bidox), a Mamabite or a Fixito only
  with a free Sicket socket (a Fixito more with a repairer); Nananbites go into
  a Hewn that repairs, else wait on the screen for the Bidoxes, which take them
  when the lot it wants next is contested or dear (the Bidox with the most
  Nananbites bids, with that much less Substract); a repairer puts all its
  Nananbites to the repair unless the other Hewn may repair it too (then a
  third defend); a Sicket hit takes the Mamabite last when it holds much;
* the turn-order card: never shown before the rules show it (showing it early
  tells the rivals more and gains the bot nothing).

`choose(state, seat, legal, rng)` is the decision on a full state, for the search
bots' rollouts as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from agents.base import SeatView
from scavenger_env.hewns.engine import (
    artillery,
    bomb,
    combat,
    digging,
    encounter,
    entrances,
    flight,
    hearts,
    management,
    mining,
    nanas,
    ranged,
    samespace,
    swarm,
    tunnels,
)
from scavenger_env.hewns.engine.actions import (
    DIE,
    HEWN,
    LOT,
    NUM,
    SOCKET,
    SPACE,
    SPACE_SIZE,
    TECH,
    Ctrl,
    Option,
    Verb,
)
from scavenger_env.hewns.engine.auction import bid_frame, min_price
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import (
    DieKind,
    HewnType,
    Symbol,
    TechKind,
    Token,
    die_outcomes,
)
from scavenger_env.hewns.engine.flow import FIRST_TECH_LOT, face
from scavenger_env.hewns.engine.secrets import secrets_on
from scavenger_env.hewns.engine.state import (
    EMPTY_SLOT,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    Ask,
    Frame,
    State,
)
from scavenger_env.hewns.engine.turnstate import hewn_turn

__all__ = ["HewnsScriptedAgent", "ProspectorAgent", "RaiderAgent", "without_reveal"]

_MAP_SPACES = 64  # SPACE ids below SPACE + this are map spaces

#: the most laser dice the Raider fires at once
RAIDER_LASERS = 4
#: the load from which the Raider spares Substract for artillery
ARTILLERY_SPARE = 3
#: with secret loads, the dirty Substract a Hewn with secret storage carries
#: hidden onto the board (for burns and screens the others cannot count)
SECRET_RESERVE = 2

#: the mean value of each die kind
MEAN: dict[int, float] = {
    int(k): sum(f.value * p for f, p in die_outcomes(k)) for k in DieKind
}

#: danger faces by how much it wants them cancelled (respite), worst first
WORST_DANGER: tuple[int, ...] = (
    Symbol.SNEDJ,
    Symbol.LAVA,
    Symbol.PLANET_ATTACK,
    Symbol.DEPLETE,
)
#: the order it resolves danger dice in: respite first (it may cancel the
#: others), then the harmless faces, the tokens, the deplete last
DANGER_ORDER: tuple[int, ...] = (
    Symbol.RESPITE,
    Symbol.NEW_MINE,
    Symbol.BLANK,
    Symbol.PLANET_ATTACK,
    Symbol.LAVA,
    Symbol.SNEDJ,
    Symbol.DEPLETE,
)
#: body screens it burns against a token of each kind (Snedj rolls 8 dice)
SCREENS_FOR: dict[int, int] = {Token.LAVA: 3, Token.PLANET_ATTACK: 3, Token.SNEDJ: 5}
#: what losing a Sicket technology costs it (it loses the cheapest)
SICKET_WORTH: dict[int, float] = {
    TechKind.MINING_CLAW: 4.0,
    TechKind.FUTANAZ: 3.5,
    TechKind.SICKET_SUNGER: 2.5,
    TechKind.SLOCIC_SHIELD: 2.0,
    TechKind.FIXITO: 1.5,
    TechKind.MAMABITE: 3.0,  # and what it holds (`sicket_worth`)
}
#: what one Nananbite is worth to it (a Nanadice, or +1 on a Bidox)
NANA_WORTH = 1.2


def without_reveal(legal: list[int]) -> list[int]:
    """The choices a bot weighs: the legal actions but `Ctrl.REVEAL` (rules 2
    offer it at every decision of a seat with a hidden turn-order card; it only
    tells the rivals something and asks the same decision again)."""
    return [a for a in legal if a != Ctrl.REVEAL] or legal


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
    #: Substract an armed Hewn keeps loaded for weapon dice (Raider).
    WEAPON_LOAD: ClassVar[int] = 0

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
        legal = without_reveal(legal)
        if len(legal) == 1:
            return legal[0]
        return self.choose(view.sample(rng), view.seat, legal, rng)

    # --- the decision ------------------------------------------------------------------

    def choose(
        self, s: State, seat: int, legal: list[int], rng: np.random.Generator
    ) -> int:
        """The bot's choice on a full state (never `Ctrl.REVEAL`)."""
        legal = without_reveal(legal)
        if len(legal) == 1:
            return legal[0]
        ask = s.frames[-1].ask if s.frames else NONE
        pick = self._by_ask(s, seat, ask, legal)
        if pick in legal:
            return pick
        return self._default(legal)

    def _by_ask(self, s: State, seat: int, ask: int, legal: list[int]) -> int:
        frame = s.frames[-1]
        if ask == Ask.BID_TURN:
            return self.bid_turn(s, seat, legal)
        if ask == Ask.BID_LOT:
            return LOT + self.best_lot(s, seat, legal)
        if ask == Ask.BID_AMOUNT:
            return NUM + self.bid_amount(s, seat, bid_frame(frame).lot, legal)
        if ask == Ask.BID_BIDOX:
            return self.bidox_with_most_nananbites(s, seat, legal)
        if ask == Ask.HUNT_BIDOX:  # hunt with the Bidox its Nananbites help least
            boxes = _ids(legal, NUM, 32)
            return NUM + min(boxes, key=lambda b: (s.bidox_nana[seat][b], b))
        if ask == Ask.NANA_BOX:
            return self.nana_box(s, seat, legal)
        if ask == Ask.NANA_SPLIT:
            return NUM + self.nana_split(s, frame.hewn, _ids(legal, NUM, 32))
        if ask == Ask.TRANSMIT_AWAY:
            return Ctrl.DONE  # what it carries is what it fights with
        if ask == Ask.PAY_SPLIT:
            return max(legal)  # the payer's own load first: the chain keeps its store
        if ask in (Ask.BID_MIX, Ask.BURN_MIX, Ask.SCREENS_MIX, Ask.PICK_MIX):
            return max(legal)  # as much dirty as allowed: normal Substract scores
        if ask == Ask.CHAIN_MIX:
            return max(legal)  # the chain gives dirty first too
        if ask == Ask.DEAL_ORDER:
            # card 1 to itself, the last cards to the others
            return min(legal) if s.deal_left and s.deal_left[0] == seat else max(legal)
        if ask == Ask.PLAYER_TURN:
            return self.player_turn(s, seat, legal)
        if ask == Ask.HEWN_TURN:
            return self.hewn_turn(s, seat, legal)
        if ask in _MINING_ASKS:
            return self.mining(s, seat, ask, legal)
        if ask in _MANAGE_ASKS:
            return self.manage(s, seat, ask, legal)
        if ask in _FIGHT_ASKS:
            return self.fight(s, seat, ask, legal)
        if ask in _TERRAIN_ASKS:
            return self.terrain(s, seat, ask, legal)
        if ask == Ask.REASSERT:
            return Ctrl.YES  # trying costs nothing and may win the Hewn back
        if ask in _DIG_ASKS:
            return self.digging(s, seat, ask, legal)
        return NONE

    @staticmethod
    def _default(legal: list[int]) -> int:
        """Where it has no rule: stop, decline, the smallest amount, else the
        first choice."""
        for a in (Ctrl.DONE, Ctrl.NO, NUM):
            if a in legal:
                return a
        return legal[0]

    # --- facts about the board -------------------------------------------------------

    @staticmethod
    def own_on_board(s: State, seat: int) -> list[int]:
        return [h for h in range(NUM_HEWNS) if s.ctrl[h] == seat and s.loc[h] >= 0]

    @staticmethod
    def rivals_on_board(s: State, seat: int) -> list[int]:
        """Healthy Hewns of other seats on the board."""
        return [
            h
            for h in range(NUM_HEWNS)
            if s.ctrl[h] >= 0 and s.ctrl[h] != seat and s.loc[h] >= 0 and s.healthy(h)
        ]

    @staticmethod
    def nearest(s: State, space: int, spaces: list[int]) -> int:
        """The distance from `space` to the nearest of `spaces` (99: none)."""
        best = 99
        for o in spaces:
            d = tunnels.distance(s, space, o)
            if 0 <= d < best:
                best = d
        return best

    def threatened(self, s: State, hewn: int) -> bool:
        """Whether an armed healthy enemy sees `hewn`, or a danger token lies
        next to it."""
        loc = s.loc[hewn]
        if loc < 0:
            return False
        seat = s.ctrl[hewn]
        for e in self.rivals_on_board(s, seat):
            if combat.has_weapon(s, e) and ranged.in_range(s, e, hewn):
                return True
        return any(s.token[sp] != NONE for sp in tunnels.within(s, loc, 1))

    def keep_load(self, s: State, hewn: int) -> int:
        """Substract `hewn` keeps loaded: weapon dice for an armed Raider Hewn."""
        if self.WEAPON_LOAD and combat.has_weapon(s, hewn):
            return self.WEAPON_LOAD
        return 0

    # --- the auction -----------------------------------------------------------------

    def hewn_worth(self, h: HewnType) -> float:
        """What a Hewn card is worth to the bot, in Substract: its mining, its
        reach and store, its +1 income per round, and (Raider) its fighting."""
        worth = 3.0 * h.mine + 0.6 * h.ap + 0.3 * h.store_total + 1.0
        worth += self.FIGHT_WEIGHT * (2.0 * h.weapon + 0.5 * h.close_combat + h.armour)
        return worth

    def tech_worth(self, s: State, seat: int, kind: int) -> float:
        """A technology's worth: only if one of its Hewns, or a Hewn it is
        bidding on in this auction, could use it (in round 1 nobody owns a
        Hewn yet, and a technology bought with the first Hewns is not wasted)."""
        own = [
            h for h in range(NUM_HEWNS) if s.ctrl[h] == seat and s.loc[h] >= OFF_BOARD
        ] + self.bid_hewns(s, seat)
        if not own:
            return 0.0
        miners = [h for h in own if s.card(h).mine]
        if kind == TechKind.MINING_CLAW:
            return 5.0 if miners else 3.0
        if kind == TechKind.MAJOR_GOZZBAG:
            return 2.5 if miners else 0.0
        if kind in (TechKind.GUNANA, TechKind.SICKET_SUNGER, TechKind.FUTANAZ):
            return 1.0 + 4.0 * self.FIGHT_WEIGHT
        if kind == TechKind.SLOCIC_SHIELD:
            return 1.5
        if kind == TechKind.SUDERER:
            return 2.0  # about 1.5 dirty Substract every Hewn turn
        if kind == TechKind.SECRET_ENTRANCE:
            return 1.5  # an entrance of its own near a mine
        if kind == TechKind.HEART_STONES:
            return self.stone_worth(s, seat, own)
        if kind == TechKind.NANANBITES:  # repair dice, or Bidoxes to hack
            return NANA_WORTH
        free_sicket = any(management.fitting_slots(s, h, TechKind.FIXITO) for h in own)
        if kind == TechKind.MAMABITE:
            bundled = s.tech(kind).bundled_nananbites * NANA_WORTH
            return (2.0 if free_sicket else 0.0) + bundled
        if kind == TechKind.FIXITO:
            repairers = [h for h in own if combat.can_repair(s, h)]
            return 2.5 if free_sicket and repairers else (1.5 if free_sicket else 0.0)
        if kind == TechKind.IMPLOSION_BOMB:  # one use, and only for a fighter
            return 3.0 * self.FIGHT_WEIGHT
        return 0.5

    @staticmethod
    def bid_hewns(s: State, seat: int) -> list[int]:
        """The offered Hewns `seat` has a Bidox on (an auction in progress)."""
        return [
            s.offer[lot]
            for lot in set(s.bidox_lot[seat])
            if 0 < lot < FIRST_TECH_LOT and s.offer[lot] != NONE
        ]

    def stone_worth(self, s: State, seat: int, own: list[int]) -> float:
        """A heart stone's worth: one more d10 against brain repairs (more to
        a fighter), a damage and stun recovery roll and a way back after a
        take-over, if an own Hewn has an empty heart card for it."""
        empty = [h for h in own if hearts.empty_heart(s, h)]
        if len(empty) <= s.screen_tech[seat][TechKind.HEART_STONES]:
            return 0.0
        return 2.0 + 0.5 * self.FIGHT_WEIGHT

    def lot_worth(self, s: State, seat: int, lot: int) -> float:
        """What winning `lot` is worth (the turn-order stack: a little)."""
        if lot == 0:
            return 1.5
        card = s.offer[lot]
        if card == NONE:
            return 0.0
        if lot < FIRST_TECH_LOT:
            worth = self.hewn_worth(s.card(card))
            return worth * (4 - s.round) / 3  # fewer Hewn turns left
        tech = s.tech_card(card)
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
        wanted = self.wanted(s, seat)
        if Verb.NANA_BIDOX in legal and self.hack(s, seat, wanted):
            return Verb.NANA_BIDOX
        if Verb.PLACE_BIDOX in legal and wanted:
            return Verb.PLACE_BIDOX
        return Ctrl.PASS_AUCTION

    def hack(self, s: State, seat: int, wanted: list[int]) -> bool:
        """Whether to put a Nananbite from the screen on a Bidox now: when no
        Hewn of its repairs with it, and the lot it wants next is contested
        (rival Bidoxes on it: the bids will be close), dear, or no Hewn of its
        repairs at all (the Nananbite would wait on the screen for nothing)."""
        if not wanted or self.nana_receiver(s, seat):
            return False
        lot = wanted[0]
        repairers = any(
            s.ctrl[h] == seat and s.loc[h] >= OFF_BOARD and combat.can_repair(s, h)
            for h in range(NUM_HEWNS)
        )
        return (
            self.rivals_on(s, seat, lot) > 0
            or 2 * self.price(s, seat, lot) >= self.budget(s, seat)
            or not repairers
        )

    @staticmethod
    def nana_receiver(s: State, seat: int) -> bool:
        """Whether an own Hewn that repairs (ability or Fixito) has a free
        Nanasocket or Mamabite slot for a Nananbite."""
        return any(
            s.ctrl[h] == seat
            and s.loc[h] >= OFF_BOARD
            and combat.repair_source(s, h) > 0
            and management.fitting_slots(s, h, TechKind.NANANBITES)
            for h in range(NUM_HEWNS)
        )

    @staticmethod
    def bidox_with_most_nananbites(s: State, seat: int, legal: list[int]) -> int:
        """The NUM id of the offered Bidox with the most Nananbites."""
        boxes = _ids(legal, NUM, 32)
        return NUM + max(boxes, key=lambda b: (s.bidox_nana[seat][b], -b))

    @staticmethod
    def nana_box(s: State, seat: int, legal: list[int]) -> int:
        """Fill one Bidox before the next: the one with the most already."""
        boxes = _ids(legal, NUM, 32)
        return NUM + max(boxes, key=lambda b: (s.bidox_nana[seat][b], -b))

    def best_lot(self, s: State, seat: int, legal: list[int]) -> int:
        lots = _ids(legal, LOT, 12)
        wanted = [lot for lot in self.wanted(s, seat) if lot in lots]
        return wanted[0] if wanted else lots[0]

    def bid_amount(self, s: State, seat: int, lot: int, legal: list[int]) -> int:
        """The price, less what the Bidox's Nananbites add."""
        top = max(_ids(legal, NUM, 32))
        box = bid_frame(s.frames[-1]).box
        hacked = s.bidox_nana[seat][box] if box >= 0 else 0
        return max(0, min(top, self.price(s, seat, lot) - hacked))

    # --- the actions phase ------------------------------------------------------------

    def player_turn(self, s: State, seat: int, legal: list[int]) -> int:
        """Management first (fit technology, load weapons, bank exposed loads),
        then on-board Hewns (they are nearer their mines), miners first."""
        manage = self.management_verb(s, seat, legal)
        if manage != NONE:
            return manage
        if Verb.SECRET_ENTRANCE in legal and self.entrance_plan(s):
            return Verb.SECRET_ENTRANCE  # free: an entrance near a mine
        hewns = _ids(legal, HEWN, NUM_HEWNS)
        if not hewns:
            return Ctrl.END_PLAYER_TURN
        hewns.sort(key=lambda h: (s.loc[h] < 0, -s.card(h).mine))
        return HEWN + hewns[0]

    def management_verb(self, s: State, seat: int, legal: list[int]) -> int:
        """A management verb worth starting now, or NONE."""
        if Verb.ATTACH_OFF in legal and self.attach_plan(s, seat, management.OFF):
            return Verb.ATTACH_OFF
        if Verb.BANJER in legal and self.attach_plan(s, seat, management.ON_BOARD):
            return Verb.BANJER
        if Verb.LOAD in legal and self.load_target(s, seat) != NONE:
            return Verb.LOAD
        if Verb.TRANSMIT in legal and self.transmit_source(s, seat) != NONE:
            return Verb.TRANSMIT
        return NONE

    def tech_fit(self, s: State, hewn: int, kind: int) -> float:
        """How well technology `kind` suits `hewn` (higher is better; 0: keep
        it on the screen). Nananbites go to a Hewn that repairs (else they wait
        for the Bidoxes), a Mamabite and a Fixito to the best repairer."""
        h = s.card(hewn)
        repairs = combat.repair_source(s, hewn)
        if kind == TechKind.NANANBITES:
            return 1.0 + repairs if repairs else 0.0
        if kind in (TechKind.MAMABITE, TechKind.FIXITO):
            return 1.0 + repairs + h.nanasockets / 4
        if kind in (TechKind.MINING_CLAW, TechKind.MAJOR_GOZZBAG):
            return 1.0 + h.mine
        if kind in (TechKind.GUNANA, TechKind.SICKET_SUNGER, TechKind.FUTANAZ):
            return 1.0 + 2.0 * h.weapon + h.ap / 10
        if kind == TechKind.SUDERER:
            return 1.0 + h.ap / 10 + (0.5 if not h.mine else 0.0)
        if kind == TechKind.HEART_STONES:
            return 1.0 + self.hewn_worth(h) / 10  # the best Hewn gets it
        if kind == TechKind.IMPLOSION_BOMB:  # the Hewns that announce encounters
            return 1.0 + 2.0 * h.weapon + h.store_total / 10
        return 1.0 + h.armour

    def attach_plan(self, s: State, seat: int, mode: int) -> tuple[int, int, int]:
        """(kind, hewn, slot) of the best fit into an empty socket, or ()."""
        best: tuple[float, int, int, int] | None = None
        for kind in management.banjer_kinds(s, seat, mode):
            for h in management.banjer_receivers(s, seat, mode):
                for slot in management.fitting_slots(s, h, kind):
                    # the heart card is past the sockets (always empty here)
                    if slot < len(s.slots[h]) and s.slots[h][slot] != EMPTY_SLOT:
                        continue
                    fit = self.tech_fit(s, h, kind)
                    if fit > 0 and (best is None or fit > best[0]):
                        best = (fit, kind, h, slot)
        return () if best is None else best[1:]  # type: ignore[return-value]

    def load_target(self, s: State, seat: int) -> int:
        """A Hewn behind the screen short of its load goal (`load_goal`:
        dirty Substract only), or NONE."""
        if s.screen_dirty[seat] <= 0:
            return NONE
        for h in management.load_hewns(s, seat, management.LOAD):
            if s.normal[h] + s.dirty[h] < self.load_goal(s, h):
                return h
        return NONE

    def load_goal(self, s: State, hewn: int) -> int:
        """What `hewn` should carry when it enters: an armed Hewn its weapon
        load (Raider); with secret loads, any Hewn with secret storage a
        hidden reserve of dirty Substract for burns and screens, which the
        others cannot count (the rest of its storage stays free for what it
        mines)."""
        if self.WEAPON_LOAD and combat.has_weapon(s, hewn):
            return self.keep_load(s, hewn)
        if secrets_on(s):
            return min(s.card(hewn).secret, SECRET_RESERVE)
        return 0

    def transmit_source(self, s: State, seat: int) -> int:
        """A Hewn carrying more normal Substract than it needs, while threatened
        (the Prospector banks every normal load), or NONE."""
        for h in management.tx_sources(s, seat):
            if s.normal[h] <= 0:
                continue
            spare = s.normal[h] + s.dirty[h] - self.keep_load(s, h)
            if spare > 0 and (not self.FIGHTS or self.threatened(s, h)):
                return h
            if self.threatened(s, h) and not combat.has_weapon(s, h):
                return h
        return NONE

    def manage(self, s: State, seat: int, ask: int, legal: list[int]) -> int:
        frame = s.frames[-1]
        if ask == Ask.TX_SOURCE:
            h = self.transmit_source(s, seat)
            return HEWN + h if h != NONE else legal[0]
        if ask == Ask.TX_DEST:
            return Ctrl.OFF_PLANET
        if ask == Ask.TX_KIND:  # with secret loads it may be asked with one kind
            return Option.NORMAL if Option.NORMAL in legal else legal[0]
        if ask == Ask.TX_AMOUNT:
            source = management.tx_frame(frame).source
            spare = s.normal[source] + s.dirty[source] - self.keep_load(s, source)
            if self.threatened(s, source) and not combat.has_weapon(s, source):
                spare = s.normal[source]
            nums = _ids(legal, NUM, 32)
            return NUM + max(min(nums), min(max(nums), spare))
        if ask in (Ask.BANJER_TECH, Ask.BANJER_HEWN, Ask.BANJER_SOCKET):
            plan = self.attach_plan(s, seat, management.banjer_frame(frame).mode)
            if not plan:
                return NONE
            kind, h, slot = plan
            if ask == Ask.BANJER_TECH:
                return TECH + kind
            if ask == Ask.BANJER_HEWN:
                return HEWN + h
            return SOCKET + slot
        if ask == Ask.LOAD_HEWN:
            h = self.load_target(s, seat)
            return HEWN + h if h != NONE else legal[0]
        if ask == Ask.LOAD_KIND:
            return Option.DIRTY if Option.DIRTY in legal else legal[0]
        if ask == Ask.LOAD_AMOUNT:
            h = management.load_frame(frame).target
            need = self.load_goal(s, h) - s.normal[h] - s.dirty[h]
            nums = _ids(legal, NUM, 32)
            return NUM + max(min(nums), min(max(nums), need))
        if ask == Ask.CALM_TARGET:
            return self.place(s, seat, legal, near=True)
        return NONE

    def free_mines(self, s: State, hewn: int) -> list[int]:
        """Spaces with a mine and no token that no other healthy Hewn holds and
        that admit the Hewn."""
        size = s.card(hewn).size
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

    def distance_to_mine(
        self, s: State, hewn: int, space: int, mines: list[int] | None = None
    ) -> int:
        size = s.card(hewn).size
        targets = self.free_mines(s, hewn) if mines is None else mines
        best = 99
        if tunnels.is_tunnel(space) or tunnels.dug(s):
            row = tunnels.step_distances(s, space, size)
            for target in targets:
                if 0 <= row[target] < best:
                    best = row[target]
            return best
        for target in targets:
            d = s.board.distance(space, target, size)
            if 0 <= d < best:
                best = d
        return best

    def attack_target(self, s: State, h: int, turn_legal: list[int]) -> bool:
        """Whether the Raider's Hewn `h` should announce a ranged encounter: it is
        armed, carries Substract for weapon dice, and sees an enemy worth it."""
        if not self.FIGHTS or Verb.ANNOUNCE not in turn_legal:
            return False
        if not combat.has_weapon(s, h) or s.normal[h] + s.dirty[h] < 2:
            return False
        turn = s.frames[-1]
        return any(
            s.ctrl[t] >= 0 and self.target_worth(s, t) > 1.0
            for t in ranged.targets(s, h, turn)
        )

    def fire_artillery(self, s: State, h: int, turn_legal: list[int]) -> bool:
        """Whether the Raider's Hewn `h` should fire artillery: it has
        Substract to spare (3 or more) and an unseen target worth it that its
        lasers beat on average, one die discarded (`artillery_target`)."""
        if not self.FIGHTS or Verb.ARTILLERY not in turn_legal:
            return False
        if s.normal[h] + s.dirty[h] < ARTILLERY_SPARE:
            return False
        turn = s.frames[-1]
        return self.artillery_target(s, h, artillery.targets(s, turn)) != NONE

    def artillery_target(self, s: State, h: int, targets: list[int]) -> int:
        """The best of `targets` for `h`'s artillery (NONE if none is worth a
        shot): worth more than 1 and weaker, on average, than its lasers with
        the highest discarded (rulebook: the defender "can discard one of the
        weapon attack dice")."""
        dice = min(s.normal[h] + s.dirty[h], RAIDER_LASERS)
        attack = (dice - 1) * MEAN[DieKind.LASER]
        good = [
            t
            for t in targets
            if self.target_worth(s, t) > 1.0 and self.defence_mean(s, t) < attack
        ]
        return max(good, key=lambda t: self.target_worth(s, t), default=NONE)

    @staticmethod
    def defence_mean(s: State, t: int) -> float:
        """The mean of `t`'s defence dice with no screens (0 if not healthy:
        "damaged and stunned Hewns ... have a defence of 0")."""
        if not s.healthy(t):
            return 0.0
        return (
            combat.speed_dice(s, t) * MEAN[DieKind.SPEED]
            + combat.armour_dice(s, t, 0) * MEAN[DieKind.ARMOUR]
        )

    def target_worth(self, s: State, t: int) -> float:
        """An enemy's worth as a target: its load and its card, less its
        defence (speed and armour dice)."""
        h = s.card(t)
        worth = s.normal[t] + 0.5 * s.dirty[t] + 0.3 * self.hewn_worth(h)
        if s.healthy(t):
            worth -= 0.4 * (combat.speed_dice(s, t) + combat.armour_dice(s, t, 0))
        else:
            worth += 1.0
        return worth

    def hewn_turn(self, s: State, seat: int, legal: list[int]) -> int:
        frame = s.frames[-1]
        h = frame.hewn
        manage = self.management_verb(s, seat, legal)
        if manage != NONE:
            return manage
        if Verb.MINE in legal:
            return Verb.MINE
        if Verb.EXTRACT in legal:
            return Verb.EXTRACT
        if Verb.ENCOUNTER_SAME in legal and (
            self.FIGHTS or combat.repair_source(s, h) > 0
        ):
            return Verb.ENCOUNTER_SAME
        if self.attack_target(s, h, legal):
            return Verb.ANNOUNCE
        if self.fire_artillery(s, h, legal):
            return Verb.ARTILLERY
        steps = _ids(legal, SPACE, SPACE_SIZE)  # dug tunnels too
        must_move = Ctrl.END_HEWN_TURN not in legal  # it must leave a danger token
        take_off = self.flight_plan(s, seat, h, legal)
        if take_off:
            return take_off[0]
        if Verb.DIG in legal and self.dig_target(s, seat, h) != NONE:
            return Verb.DIG
        here = s.loc[h]
        crowded = here >= 0 and any(
            o != h and s.loc[o] == here and s.healthy(o) for o in range(NUM_HEWNS)
        )
        if steps:
            enemies = {s.loc[e] for e in self.rivals_on_board(s, seat)}
            safe = (
                [sp for sp in steps if s.token[sp] == NONE and sp not in enemies]
                or [sp for sp in steps if s.token[sp] == NONE]
                or steps
            )
            mines = self.free_mines(s, h)
            best = min(safe, key=lambda sp: self.distance_to_mine(s, h, sp, mines))
            now = self.distance_to_mine(s, h, here, mines) if here >= 0 else 99
            if (
                self.distance_to_mine(s, h, best, mines) < now
                or crowded
                or must_move
                or here == OFF_BOARD
            ):
                return SPACE + best
        if must_move:
            return Verb.EXIT if Verb.EXIT in legal else self._default(legal)
        if crowded and Verb.BURN in legal and s.dirty[h] > 0:
            return Verb.BURN  # one more step: never end beside a healthy Hewn
        return Ctrl.END_HEWN_TURN

    # --- terrain: flying, climbing, the Suderer, secret entrances -------------------

    def flight_plan(
        self, s: State, seat: int, h: int, legal: list[int]
    ) -> tuple[int, int]:
        """(verb, target) of a FLY or CLIMB worth the risk of the d10, or ():
        to a free mine it reaches for fewer action points than walking, with
        one left to mine on landing; or, forced off a danger space with no
        safe step, to the safe space nearest a free mine."""
        verbs = [v for v in flight.VERBS if v in legal]
        if not verbs:
            return ()
        ap = hewn_turn(s.frames[-1]).ap
        here = s.loc[h]
        mines = self.free_mines(s, h)
        enemies = {s.loc[e] for e in self.rivals_on_board(s, seat)}
        steps = _ids(legal, SPACE, SPACE_SIZE)  # a dug tunnel is a safe step
        forced = Ctrl.END_HEWN_TURN not in legal
        safe_step = any(s.token[sp] == NONE and sp not in enemies for sp in steps)
        walk = self.distance_to_mine(s, h, here, mines)
        best: tuple[int, int, int, int] | None = None
        for verb in verbs:
            cost = flight.cost(verb)
            for t in flight.targets(s, h, verb):
                if s.token[t] != NONE or t in enemies:
                    continue
                if t in mines and ap - cost >= 1 and walk > cost:
                    rank = 0
                elif forced and not safe_step:
                    rank = 1 + self.distance_to_mine(s, h, t, mines)
                else:
                    continue
                if best is None or (rank, cost) < best[:2]:
                    best = (rank, cost, verb, t)
        return () if best is None else (best[2], best[3])

    def flight_target(self, s: State, seat: int, frame: Frame, legal: list[int]) -> int:
        """Where to land (`flight_plan`'s reasons): a free mine with an action
        point left to mine, else the safe space nearest a free mine."""
        h = frame.hewn
        ap = hewn_turn(s.frames[-2]).ap - flight.cost(flight.flight_frame(frame).verb)
        mines = self.free_mines(s, h)
        enemies = {s.loc[e] for e in self.rivals_on_board(s, seat)}

        def rank(t: int) -> tuple[bool, int]:
            unsafe = s.token[t] != NONE or t in enemies
            if t in mines and ap >= 1:
                return unsafe, 0
            return unsafe, 1 + self.distance_to_mine(s, h, t, mines)

        return SPACE + min(_ids(legal, SPACE, _MAP_SPACES), key=rank)

    def entrance_plan(self, s: State) -> tuple[int, int]:
        """(size, node) of the secret entrance to open: the free node nearest
        a mine without a danger token, the bigger piece on a tie; ()."""
        mines = [
            sp
            for sp in range(s.board.n_spaces)
            if s.mine[sp] != NONE and s.token[sp] == NONE
        ]
        best: tuple[int, int, int, int] | None = None
        for size in entrances.open_sizes(s):
            for node in entrances.free_homes(s, size):
                near = self.nearest(s, node, mines) if mines else 99
                if best is None or (near, -size) < best[:2]:
                    best = (near, -size, size, node)
        return () if best is None else (best[2], best[3])

    def terrain(self, s: State, seat: int, ask: int, legal: list[int]) -> int:
        frame = s.frames[-1]
        if ask == Ask.FLIGHT_TARGET:
            return self.flight_target(s, seat, frame, legal)
        if ask == Ask.EXTRACT_KEEP:
            h = frame.hewn
            need = self.keep_load(s, h) - s.normal[h] - s.dirty[h]
            nums = _ids(legal, NUM, 32)
            return NUM + max(0, min(max(nums), need))
        plan = self.entrance_plan(s)
        if not plan:
            return NONE
        if ask == Ask.ENTRANCE_SIZE:
            return int(entrances.SIZE_OPTIONS[plan[0]])
        return SPACE + plan[1]

    # --- digging ---------------------------------------------------------------------

    def safe_spaces(self, s: State, seat: int, spaces: Sequence[int]) -> list[int]:
        """`spaces` without a danger token or a healthy enemy."""
        enemies = {s.loc[e] for e in self.rivals_on_board(s, seat)}
        return [sp for sp in spaces if s.token[sp] == NONE and sp not in enemies]

    def dig_target(self, s: State, seat: int, hewn: int) -> int:
        """Where `hewn` digs to, or NONE: a safe space the digger may stand
        in, from which a free mine is nearer by at least one action point than
        walking from here (the dig costs 2, the same as two steps); or, when it
        must leave a danger token's space and every step leads into another
        token, the safe target nearest a free mine."""
        size = s.card(hewn).size
        here = s.loc[hewn]
        targets = [
            t
            for t in self.safe_spaces(s, seat, digging.dig_targets(s, hewn))
            if s.board.admits(t, size)
        ]
        if not targets:
            return NONE
        mines = self.free_mines(s, hewn)
        best = min(targets, key=lambda t: self.distance_to_mine(s, hewn, t, mines))
        after = digging.DIG_COST + self.distance_to_mine(s, hewn, best, mines)
        if s.token[here] != NONE:
            steps = tunnels.neighbours(s, here, size)
            if not [sp for sp in steps if s.token[sp] == NONE]:
                return best
        return best if after < self.distance_to_mine(s, hewn, here, mines) else NONE

    def digging(self, s: State, seat: int, ask: int, legal: list[int]) -> int:
        """The DIG chain: the target of `dig_target` (else the safe one
        nearest a free mine); the empty tunnel farthest from its own Hewns to
        reuse; out at the far end when it is safe, else into the tunnel when
        it must leave its space, else stay."""
        frame = s.frames[-1]
        h = frame.hewn
        if ask == Ask.DIG_TARGET:
            target = self.dig_target(s, seat, h)
            if target != NONE:
                return SPACE + target
            spaces = _ids(legal, SPACE, SPACE_SIZE)
            safe = self.safe_spaces(s, seat, spaces) or spaces
            mines = self.free_mines(s, h)
            return SPACE + min(
                safe, key=lambda t: self.distance_to_mine(s, h, t, mines)
            )
        if ask in (Ask.DIG_REUSE, Ask.ENLARGE_REUSE):
            own = [s.loc[o] for o in self.own_on_board(s, seat) if o != h]
            pieces = _ids(legal, SPACE, SPACE_SIZE)
            return SPACE + max(pieces, key=lambda t: self.nearest(s, t, own))
        if ask == Ask.DIG_PLACE:
            target = digging.dig_frame(frame).target
            if Option.PLACE_FAR_END in legal and self.safe_spaces(s, seat, [target]):
                return Option.PLACE_FAR_END
            if Option.PLACE_STAY in legal and s.token[s.loc[h]] == NONE:
                return Option.PLACE_STAY
            return Option.PLACE_TUNNEL
        return NONE

    def place(self, s: State, seat: int, legal: list[int], near: bool) -> int:
        """A danger token far from its own Hewns and near rivals (on one if it
        can); a new mine (or the token to calm or remove) near its own Hewns."""
        spaces = _ids(legal, SPACE, _MAP_SPACES)
        if not spaces:
            return NONE
        own = [s.loc[h] for h in self.own_on_board(s, seat) if s.healthy(h)] or [
            s.loc[h] for h in self.own_on_board(s, seat)
        ]
        rivals = [s.loc[h] for h in self.rivals_on_board(s, seat)]

        def score(sp: int) -> float:
            mine = self.nearest(s, sp, own) if own else 10
            theirs = self.nearest(s, sp, rivals) if rivals else 10
            if near:
                return -mine + 0.3 * min(theirs, 10)
            return min(mine, 10) - 0.5 * min(theirs, 10)

        return SPACE + max(spaces, key=score)

    # --- mining ----------------------------------------------------------------------

    def aggressive(self, s: State, frame_hewn: int) -> bool:
        """Aggressive (one more mining die, one more danger die) on a rich mine
        with a strong miner, while the pile lasts."""
        space = s.loc[frame_hewn]
        bonus = s.mine[space] if space >= 0 and s.mine[space] != NONE else 0
        dice = s.card(frame_hewn).mine + bonus + mining.claw_dice(s, frame_hewn)
        return dice >= 3 and s.normal_pile >= 6

    def mining(self, s: State, seat: int, ask: int, legal: list[int]) -> int:
        frame = s.frames[-1]
        if ask == Ask.MINE_OPTS:
            aggressive = self.aggressive(s, frame.hewn)
            gozz = Option.MINE_GOZZBAG in legal and s.normal_pile >= 6
            if aggressive and gozz:
                return Option.MINE_AGGRESSIVE_GOZZBAG
            if gozz:
                return Option.MINE_GOZZBAG
            return Option.MINE_AGGRESSIVE if aggressive else Option.MINE_PLAIN
        if ask == Ask.MINE_REROLL:
            return self.reroll_mining(frame, legal)
        if ask == Ask.MINE_GEM:
            return self.gem_or_two(s, frame.hewn)
        if ask == Ask.MINE_KEEP:
            h = frame.hewn
            need = self.keep_load(s, h) - s.normal[h] - s.dirty[h]
            if self.threatened(s, h):
                need = max(need, 2 - s.normal[h] - s.dirty[h])
            nums = _ids(legal, NUM, 32)
            return NUM + max(0, min(max(nums), need))
        if ask == Ask.DANGER_ORDER:
            dice = [a - DIE for a in legal if a >= DIE]

            def rank(i: int) -> int:
                sym = mining.danger_at(s, frame, i)
                return DANGER_ORDER.index(sym) if sym in DANGER_ORDER else 9

            return DIE + min(dice, key=rank)
        if ask == Ask.RESPITE:
            if frame.step == mining.RespiteStep.CHOOSE:
                return Option.RESPITE_CANCEL
            if frame.step == mining.RespiteStep.CANCEL:
                mine_frame = mining.mine_frame(s)
                dice = [a - DIE for a in legal if a >= DIE]

                def worst(i: int) -> int:
                    sym = mining.danger_at(s, mine_frame, i)
                    return WORST_DANGER.index(sym) if sym in WORST_DANGER else 9

                return DIE + min(dice, key=worst)
            return self.place(s, seat, legal, near=True)  # the nearest token
        if ask == Ask.PLACE_TOKEN:
            if frame.step == mining.PlaceStep.TAKE_FROM_BOARD:
                return self.place(s, seat, legal, near=True)
            return self.place(s, seat, legal, near=False)
        if ask == Ask.NEW_MINE:
            return self.place(s, seat, legal, near=True)
        if ask == Ask.REMOVE_TOKEN:
            return self.place(s, seat, legal, near=True)
        if ask == Ask.SCREENS:
            h = frame.hewn
            loc = s.loc[h]
            token = s.token[loc] if 0 <= loc < len(s.token) else NONE
            nums = _ids(legal, NUM, 32)
            return NUM + min(max(nums), SCREENS_FOR.get(token, 3))
        return NONE

    @staticmethod
    def gem_or_two(s: State, hewn: int) -> int:
        """Take the gem when it is worth more than the 2 Substract and more than
        the gem the Hewn already holds (which would go back to the pile)."""
        best = next(k for k, left in enumerate(s.gem_pile) if left > 0)
        value = s.scenario.gems[best][0]
        held = s.scenario.gems[s.gem[hewn]][0] if s.gem[hewn] != NONE else 0
        take = value > mining.GEM_FACE_VALUE and value > held
        return Option.TAKE_GEM if take else Option.TAKE_TWO

    @staticmethod
    def reroll_mining(frame: Frame, legal: list[int]) -> int:
        """Re-roll the lowest mining die while it is below the mean (a blank
        first)."""
        dice = [a - DIE for a in legal if a >= DIE]
        if not dice:
            return Ctrl.DONE
        values = {
            i: face(DieKind.MINING, mining.mine_of(frame).mining_faces[i])[0]
            for i in dice
        }
        low = min(dice, key=lambda i: values[i])
        return DIE + low if values[low] < MEAN[DieKind.MINING] else Ctrl.DONE

    # --- encounters ------------------------------------------------------------------

    def fight(self, s: State, seat: int, ask: int, legal: list[int]) -> int:
        frame = s.frames[-1]
        h = frame.hewn
        if ask == Ask.REACT:
            if not self.FIGHTS:
                return Ctrl.DONE
            armed = [
                a - HEWN
                for a in legal
                if HEWN <= a < HEWN + NUM_HEWNS and self.armed(s, a - HEWN)
            ]
            if armed and self.target_worth(s, h) > 1.0:
                return HEWN + max(armed, key=lambda a: s.normal[a] + s.dirty[a])
            return Ctrl.DONE
        if ask == Ask.MOVER_JOIN:
            load = s.normal[h] + s.dirty[h]
            can_fight = self.FIGHTS and combat.has_weapon(s, h)
            if self.FIGHTS and self.armed(s, h):
                return Ctrl.YES
            return (
                Ctrl.YES if load >= 2 and (can_fight or s.normal[h] >= 2) else Ctrl.NO
            )
        if ask in (Ask.PICK_L, Ask.PICK_A, Ask.PICK_K, Ask.PICK_Q, Ask.PICK_E):
            return NUM + self.pick(s, h, ask, _ids(legal, NUM, 32))
        if ask == Ask.NAME_TARGET:
            targets = _ids(legal, HEWN, NUM_HEWNS)
            if artillery.is_artillery(s):
                best = self.artillery_target(s, h, targets)
                if best != NONE:
                    return HEWN + best
            return HEWN + max(targets, key=lambda t: self.target_worth(s, t))
        if ask == Ask.DISCARD:
            return self.discard(s, legal)
        if ask == Ask.SAME_TARGET:
            targets = _ids(legal, HEWN, NUM_HEWNS)
            return HEWN + max(targets, key=lambda t: self.target_worth(s, t))
        if ask == Ask.INTENT:
            for opt in (Option.BRAIN_REPAIR, Option.ATTACK, Option.BODY_REPAIR):
                if opt in legal:
                    return opt
            return NONE
        if ask in (Ask.DODGE, Ask.REROLL):
            return self.reroll_attack(s, ask, legal)
        if ask in (Ask.ESCAPE_MOVE, Ask.RETREAT):
            spaces = _ids(legal, SPACE, SPACE_SIZE)
            safe = [sp for sp in spaces if s.token[sp] == NONE]
            if not safe:
                return Ctrl.DONE if Ctrl.DONE in legal else SPACE + spaces[0]
            rivals = [s.loc[e] for e in self.rivals_on_board(s, seat)]
            mines = self.free_mines(s, h)
            return SPACE + max(
                safe,
                key=lambda sp: (
                    min(self.nearest(s, sp, rivals), 4),
                    -self.distance_to_mine(s, h, sp, mines),
                ),
            )
        if ask == Ask.EXPEL:
            if samespace.expel_frame(frame).expelled != NONE:
                spaces = _ids(legal, SPACE, SPACE_SIZE)
                tokens = [sp for sp in spaces if s.token[sp] != NONE]
                return SPACE + (tokens or spaces)[0]
            out = [a - HEWN for a in legal if HEWN <= a < HEWN + NUM_HEWNS]
            enemies = [o for o in out if s.ctrl[o] != seat]
            return HEWN + enemies[0] if enemies else Ctrl.DONE
        if ask == Ask.USE_BOMB:
            return Ctrl.YES if self.bomb_needed(s, h, frame.other) else Ctrl.NO
        if ask == Ask.OVERFLOW_SPACE:
            return self.overflow_space(s, seat, legal)
        if ask == Ask.SICKET_LOSS:
            slots = _ids(legal, SOCKET, 32)
            return SOCKET + min(slots, key=lambda i: self.sicket_worth(s, h, i))
        if ask == Ask.SWARM_LOSS:
            members = _ids(legal, NUM, 32)
            return NUM + min(members, key=lambda m: (self.member_worth(s, h, m), m))
        return NONE

    @classmethod
    def member_worth(cls, s: State, h: int, member: int) -> float:
        """What losing swarm member `member` costs: nothing for one that carries
        no technology, then what its technology is worth (a Mamabite with what
        it holds); the leader is lost last."""
        if member == 0:
            return float("inf")
        slot = swarm.member_slot(s, h, member)
        kind = s.slots[h][slot] if slot != NONE else NONE
        if kind < 0:
            return 0.0
        if kind == nanas.NANA:
            return NANA_WORTH
        return cls.sicket_worth(s, h, slot)

    @staticmethod
    def sicket_worth(s: State, h: int, slot: int) -> float:
        """What losing the technology in Sicket socket `slot` costs (a Mamabite
        takes what it holds with it)."""
        kind = s.slots[h][slot]
        worth = SICKET_WORTH.get(kind, 1.0)
        if kind == TechKind.MAMABITE:
            held = [s.slots[h][i] for i in nanas.mama_slots(s, h, slot)]
            worth += sum(NANA_WORTH if k == nanas.NANA else 1.0 for k in held if k >= 0)
        return worth

    @staticmethod
    def nana_split(s: State, h: int, nums: list[int]) -> int:
        """Nananbites to repair: all of them, unless the other Hewn may still
        repair it (it has not declared, or declared a repair, and can repair):
        then about a third stay to defend."""
        enc = encounter.enc_of(encounter.encounter_frame(s))
        mover = encounter.encounter_frame(s).hewn
        other = samespace.opponent(enc, h, mover)
        threat = (
            other in enc.ann
            and s.healthy(other)
            and combat.can_repair(s, other)
            and enc.intent_of(other) in (NONE, *samespace.REPAIRS)
        )
        most = max(nums)
        keep = (nanas.nananbites(s, h) + 2) // 3 if threat else 0
        return max(min(nums), min(most, nanas.nananbites(s, h) - keep))

    @staticmethod
    def armed(s: State, h: int) -> bool:
        """Whether `h` can attack at range: weapon dice and 2 Substract for
        them, or an implosion bomb and 1 Substract (a body screen, so that it
        does not malfunction)."""
        load = s.normal[h] + s.dirty[h]
        if bomb.holds_bomb(s, h):
            return load >= 1
        return combat.has_weapon(s, h) and load >= 2

    def bomb_needed(self, s: State, h: int, target: int) -> bool:
        """Add the implosion bomb when the attack needs it: the target's
        expected defence reaches the expected attack of `h` and the Hewns
        attacking with it (a well-defended target)."""
        enc_frame = encounter.encounter_frame(s)
        enc, mover = encounter.enc_of(enc_frame), enc_frame.hewn
        fight = encounter.MOVER_FIGHT if h == mover else encounter.REACTOR_FIGHT
        attack = 0.0
        for a in {h, *ranged.attackers(enc, fight, mover)}:
            lasers, areas = enc.pick(a)[:2]
            attack += lasers * MEAN[DieKind.LASER] + areas * MEAN[DieKind.AREA]
            attack += bomb.bomb_dice(s, enc, a) * MEAN[DieKind.CLOSE_COMBAT]
            attack += combat.weapon_bonus(s, a) if lasers + areas else 0
        if not s.healthy(target):
            return attack < 1.0  # any success kills a Hewn that is not healthy
        screens = enc.pick(target)[2] if target in enc.ann else 0
        defence = combat.speed_dice(s, target) * MEAN[DieKind.SPEED]
        defence += combat.armour_dice(s, target, screens) * MEAN[DieKind.ARMOUR]
        return attack <= defence + 1.0

    def overflow_space(self, s: State, seat: int, legal: list[int]) -> int:
        """The overflow goes where it hits the most enemy value and no friend of
        the bot's; nowhere (DONE) when no such space is worth it."""
        best, pick = 0.0, int(Ctrl.DONE)
        for sp in _ids(legal, SPACE, _MAP_SPACES):
            there = s.hewns_at(sp)
            if any(s.ctrl[h] == seat for h in there):
                continue
            worth = sum(max(0.5, self.target_worth(s, h)) for h in there)
            if worth > best:
                best, pick = worth, SPACE + sp
        return pick

    def pick(self, s: State, h: int, ask: int, nums: list[int]) -> int:
        """Secret dice picks (each costs 1 Substract from the load): the
        Raider's weapon dice are lasers (the best mean), up to 4; screens (K)
        with what is left when it may be attacked; nothing else."""
        top = max(nums)
        enc = encounter.enc_of(encounter.encounter_frame(s))
        attacking = self.FIGHTS and combat.has_weapon(s, h)
        if ask == Ask.PICK_L:
            return min(top, RAIDER_LASERS) if attacking else 0
        if ask == Ask.PICK_A:
            return min(nums)  # none, or what artillery's 2 dice still need
        if ask == Ask.PICK_K:
            mover = encounter.encounter_frame(s).hewn
            exposed = h == mover or enc.same or h == enc.target
            screens = min(top, 2 if attacking else 3) if exposed else 0
            if not enc.same and bomb.holds_bomb(s, h) and not sum(enc.pick(h)[:2]):
                # with a bomb to fire, pick a screen at least: picking
                # nothing malfunctions
                screens = max(screens, min(top, 1))
            return screens
        return 0

    @staticmethod
    def discard(s: State, legal: list[int]) -> int:
        """Artillery: throw away the highest attack die; among equals the one of
        the kind with the higher mean, so that a dodge re-rolls the other (the
        rulebook's Gotler discards the laser 3 and dodges the area 3)."""
        enc = encounter.enc_of(encounter.encounter_frame(s))
        dice = enc.fight_dice(enc.fight, encounter.ATTACK)
        ids = [a - DIE for a in legal if a >= DIE]

        def key(p: int) -> tuple[int, float]:
            kind, fc = enc.die(dice[p])[:2]
            return combat.value(kind, fc), MEAN[kind]

        return DIE + max(ids, key=key)

    @staticmethod
    def reroll_attack(s: State, ask: int, legal: list[int]) -> int:
        """A defender forces the attacker's best die to be re-rolled; an attacker
        re-rolls its worst die while it is below the mean."""
        enc = encounter.enc_of(encounter.encounter_frame(s))
        dice = enc.fight_dice(enc.fight, encounter.ATTACK)
        ids = [a - DIE for a in legal if a >= DIE]
        if not ids:
            return Ctrl.DONE

        def value(p: int) -> float:
            kind, fc = enc.die(dice[p])[:2]
            return combat.value(kind, fc) - MEAN[kind]

        if ask == Ask.DODGE:
            best = max(ids, key=value)
            return DIE + best if value(best) > 0 else Ctrl.DONE
        worst = min(ids, key=value)
        return DIE + worst if value(worst) < 0 else Ctrl.DONE


_TERRAIN_ASKS = frozenset(
    {Ask.FLIGHT_TARGET, Ask.EXTRACT_KEEP, Ask.ENTRANCE_SIZE, Ask.ENTRANCE_SPACE}
)
_MINING_ASKS = frozenset(
    {
        Ask.MINE_OPTS,
        Ask.MINE_REROLL,
        Ask.MINE_GEM,
        Ask.MINE_KEEP,
        Ask.DANGER_ORDER,
        Ask.RESPITE,
        Ask.PLACE_TOKEN,
        Ask.NEW_MINE,
        Ask.REMOVE_TOKEN,
        Ask.SCREENS,
    }
)
_MANAGE_ASKS = frozenset(
    {
        Ask.TX_SOURCE,
        Ask.TX_DEST,
        Ask.TX_KIND,
        Ask.TX_AMOUNT,
        Ask.BANJER_TECH,
        Ask.BANJER_HEWN,
        Ask.BANJER_SOCKET,
        Ask.LOAD_HEWN,
        Ask.LOAD_KIND,
        Ask.LOAD_AMOUNT,
        Ask.CALM_TARGET,
    }
)
_FIGHT_ASKS = frozenset(
    {
        Ask.REACT,
        Ask.MOVER_JOIN,
        Ask.PICK_L,
        Ask.PICK_A,
        Ask.PICK_K,
        Ask.PICK_Q,
        Ask.PICK_E,
        Ask.NAME_TARGET,
        Ask.SAME_TARGET,
        Ask.INTENT,
        Ask.DODGE,
        Ask.REROLL,
        Ask.ESCAPE_MOVE,
        Ask.RETREAT,
        Ask.EXPEL,
        Ask.SICKET_LOSS,
        Ask.SWARM_LOSS,
        Ask.DISCARD,
        Ask.USE_BOMB,
        Ask.OVERFLOW_SPACE,
    }
)
#: the stage-3 decisions it takes in `_by_ask`: NANA_BOX, NANA_SPLIT

_DIG_ASKS = frozenset({Ask.DIG_TARGET, Ask.DIG_REUSE, Ask.DIG_PLACE, Ask.ENLARGE_REUSE})


class ProspectorAgent(HewnsScriptedAgent):
    """Mines: buys miners and mining technology, walks to free mines, mines every
    turn and sends what it mines off-planet; in encounters it only defends."""

    name = "prospector"


class RaiderAgent(HewnsScriptedAgent):
    """Mines and fights: values weapons and close combat too, keeps dirty
    Substract loaded for weapon dice, and announces encounters against lone
    enemies it can hit."""

    name = "raider"
    FIGHT_WEIGHT = 1.0
    FIGHTS = True
    WEAPON_LOAD = 4
