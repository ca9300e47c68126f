"""How a Hewns screen tells a game as it goes (`HEWNS.narrator(viewer)`).

Every action is told in `describe`'s words as it is played, with two
exceptions that a person could not follow line by line:

* a fight (a ranged or same-space encounter, or a danger token's attack): the
  dice and the secret picks are held back and, once it is over, told in a few
  lines (the picks by the dice they bought): who fought
  whom, the dice by kind, and what came of it (damage, a kill, a stun, a Hewn
  taken over, Substract lost or moved) and who won;
* the auction's resolution: the viewer reads what became of each of its own
  Bidoxes (won, lost to whom, a tie, under the minimum, the Substract back,
  what hunting brought).

* another seat's Bidox placement (place, which Bidox, which lot, the secret
  amount and mix) is told in one line once it is placed;
* the recovery phase: its rolls are told as they come, then in one line what
  came of it (a Hewn mended, back under its heart's colour, won back).

It reads only what the viewer may know: the frames' kinds, seats and Hewns,
the dice rolled (public once rolled), the Hewns as `redact` shows them, and
the viewer's own Bidoxes. It never changes the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from scavenger_env.core.game import Narrator

from .engine.actions import DIE, HEWN, LOT, NUM, Verb, block_of
from .engine.data import DICE, DieKind, Symbol, TechKind
from .engine.describe import (
    attack_die,
    hewn_label,
    lot_label,
    place_label,
    turn_seat,
)
from .engine.flow import face, is_chance
from .engine.state import (
    BIDOX_HOME,
    BIDOX_HUNTING,
    DEAD,
    NEUTRAL,
    NUM_HEWNS,
    Ask,
    RoundStep,
    State,
)
from .engine.view import bids_hidden, redact

__all__ = ["HewnsNarrator"]

_FIGHT_ASKS: Final = frozenset(
    int(a)
    for name in ("RANGED", "SAME_SPACE", "ARTILLERY", "TOKEN_ATTACK", "OVERFLOW")
    if (a := Ask.__members__.get(name)) is not None
)
"""The frames a fight runs in (while one is on the stack, dice are held)."""

_PARTY_ASKS: Final = frozenset(
    int(a)
    for name in (
        "REACT", "NAME_TARGET", "SAME_TARGET", "PICK_L", "PICK_A", "PICK_K",
        "PICK_Q", "PICK_E", "INTENT", "DODGE", "REROLL", "SCREENS",
        "ESCAPE_MOVE", "RETREAT", "SICKET_LOSS", "DISCARD", "USE_BOMB",
        "OVERFLOW_SPACE", "SWARM_LOSS",
    )
    if (a := Ask.__members__.get(name)) is not None
)  # fmt: skip
"""Decision kinds whose Hewn (and whose chosen Hewn) takes part in a fight."""

_TOKEN_ASKS: Final = frozenset(
    int(a)
    for name in ("TOKEN_ATTACK", "OVERFLOW")
    if (a := Ask.__members__.get(name)) is not None
)
"""The fights with no moving Hewn of their own (an overflow outside an
encounter is told like a token's attack)."""

_ATTACK_DICE: Final = (DieKind.LASER, DieKind.AREA, DieKind.CLOSE_COMBAT)
_DEFENCE_DICE: Final = (DieKind.ARMOUR, DieKind.SPEED)


@dataclass
class _Fight:
    """What a fight in progress has shown so far."""

    mover: int  # the Hewn whose encounter it is (NONE for a token's attack)
    seat: int  # whose turn it came in
    before: State  # the Hewns as the viewer saw them when it began
    hewns: set[int] = field(default_factory=set)
    rolled: list[tuple[int, int]] = field(default_factory=list)  # kind, face
    rerolled: list[tuple[int, int]] = field(default_factory=list)
    rerolling: bool = False
    artillery: bool = False
    discarded: list[tuple[int, int]] = field(default_factory=list)  # kind, face
    what: str = "A danger token"  # what attacked, in a fight with no mover


@dataclass
class _Bids:
    """The lots as they stood while the Bidoxes were closed (the opening
    clears them)."""

    labels: list[str]  # per lot


class HewnsNarrator(Narrator):
    """The Hewns screen's teller: fights and auction results in summary."""

    def __init__(self, game: Any, viewer: int | None) -> None:
        super().__init__(game, viewer)
        self._fight: _Fight | None = None
        self._bids: _Bids | None = None
        self._placing: list[str] = []  # another seat's Bidox and lot so far
        self._recovery: State | None = None  # the Hewns as the recovery began

    # --- Narrator -----------------------------------------------------------
    def tell(self, state: State, action: int) -> str | None:
        if self._recovery is None and _in_recovery(state):
            self._recovery = self._seen(state).clone()
        if self._fight is None and _in_fight(state):
            self._fight = self._begin(state)
        fight = self._fight
        if fight is not None:
            if is_chance(state) and state.roll_queue and block_of(action) == "DIE":
                kind = state.roll_queue[0]
                again = fight.rerolling and kind in (*_ATTACK_DICE, *_DEFENCE_DICE)
                (fight.rerolled if again else fight.rolled).append((kind, action - DIE))
                return None
            self._note_party(state, action, fight)
            words = self.game.narrate(state, action, self.viewer)
            if words.endswith("chosen in secret"):
                return None  # the dice the picks bought are in the summary
            return str(words)
        if bids_hidden(state):
            self._bids = _Bids([lot_label(state, x) for x in range(len(state.offer))])
            if self.viewer is not None and not is_chance(state):
                return self._placement(state, action)
        return self.game.narrate(state, action, self.viewer)

    def _placement(self, state: State, action: int) -> str | None:
        """Another seat's Bidox placement in one line ("places Bidox #0 on lot
        6 (Skrunke #29), packed in secret"), told when it is done."""
        top = state.frames[-1]
        if top.seat == self.viewer:
            return str(self.game.narrate(state, action, self.viewer))
        if top.ask == Ask.BID_TURN and action == Verb.PLACE_BIDOX:
            self._placing = []
            return None
        if top.ask == Ask.BID_BIDOX:
            self._placing = [f"#{action - NUM}"]
            return None
        if top.ask == Ask.BID_LOT:
            self._placing.append(lot_label(state, action - LOT))
            return None
        if top.ask == Ask.BID_AMOUNT:
            return None
        if top.ask == Ask.BID_MIX and len(self._placing) == 2:
            box, lot = self._placing
            return f"places Bidox {box} on {lot}, packed in secret"
        return str(self.game.narrate(state, action, self.viewer))

    def after(self, state: State) -> list[str]:
        lines: list[str] = []
        if self._fight is None and _in_fight(state):
            self._fight = self._begin(state)
        elif self._fight is not None and not _in_fight(state):
            lines += self._fight_summary(state, self._fight)
            self._fight = None
        if self._recovery is not None and not _in_recovery(state):
            lines += _recovery_report(
                state, self._recovery, self._seen(state), self.viewer
            )
            self._recovery = None
        if self._bids is not None and not bids_hidden(state):
            if self.viewer is not None:
                lines += _bid_report(state, self._bids, self.viewer)
            self._bids = None
        return lines

    # --- fights ---------------------------------------------------------------
    def _seen(self, state: State) -> State:
        return state if self.viewer is None else redact(state, self.viewer)

    def _begin(self, state: State) -> _Fight:
        frame = next(f for f in reversed(state.frames) if f.ask in _FIGHT_ASKS)
        owner = turn_seat(state)
        fight = _Fight(
            mover=frame.hewn if frame.ask not in _TOKEN_ASKS else -1,
            seat=owner if owner is not None else frame.seat,
            before=self._seen(state).clone(),
            artillery=frame.ask == Ask.ARTILLERY,
        )
        if frame.ask == Ask.OVERFLOW:
            fight.what = "An implosion bomb's overflow"
        if 0 <= fight.mover < NUM_HEWNS:
            fight.hewns.add(fight.mover)
        return fight

    def _note_party(self, state: State, action: int, fight: _Fight) -> None:
        """Note the Hewns a decision shows in the fight, and whether the dice
        that follow re-roll earlier ones."""
        if not state.frames or is_chance(state):
            return
        top = state.frames[-1]
        if top.ask in _PARTY_ASKS and 0 <= top.hewn < NUM_HEWNS:
            fight.hewns.add(top.hewn)
        if block_of(action) == "HEWN" and top.ask in _PARTY_ASKS:
            fight.hewns.add(action - HEWN)
        fight.rerolling = top.ask in (Ask.DODGE, Ask.REROLL) and (
            block_of(action) == "DIE" or fight.rerolling
        )
        if top.ask == Ask.DISCARD and block_of(action) == "DIE":
            die = attack_die(state, action - DIE)
            if die is not None:
                fight.discarded.append(die[:2])

    def _fight_summary(self, state: State, fight: _Fight) -> list[str]:
        """The fight in a few lines; none when no one fought (every seat let
        the moving Hewn be)."""
        after = self._seen(state)
        before = fight.before
        changed = [h for h in range(NUM_HEWNS) if _hewn_changed(before, after, h)]
        if not fight.rolled and not changed:
            return []
        hewns = sorted(fight.hewns | set(changed))
        v = self.viewer
        if 0 <= fight.mover < NUM_HEWNS:
            others = [h for h in hewns if h != fight.mover]
            head = (
                ("Artillery" if fight.artillery else "Fight")
                + f" in {_whose(fight.seat, v)} turn: "
                f"{_owned(before, fight.mover, v)} against "
                + (_listed([_owned(before, h, v) for h in others]) or "no one")
                + "."
            )
        else:
            head = f"{fight.what} attacked: " + (
                _listed([_owned(before, h, v) for h in hewns]) or "no Hewn"
            )
            head += "."
        lines = [head]
        dice = _dice_words(fight.rolled)
        if dice:
            lines.append(f"  Dice: {dice}.")
        gone = _dice_words(fight.discarded)
        if gone:
            lines.append(f"  Discarded: {gone}.")
        again = _dice_words(fight.rerolled)
        if again:
            lines.append(f"  Re-rolled: {again}.")
        outcomes = [
            f"{_owned(before, h, v)} {what}"
            for h in hewns
            if (what := _outcome(state, before, after, h))
        ]
        if outcomes:
            lines.append("  Result: " + "; ".join(outcomes) + ".")
        if 0 <= fight.mover < NUM_HEWNS:
            lines.append("  " + _winner(before, after, hewns, v))
        return lines


_RECOVERY_STEPS: Final = frozenset(
    {RoundStep.RECOVERY, RoundStep.STUN_RECOVERY, RoundStep.REASSERT}
)


def _in_recovery(state: State) -> bool:
    """Whether the round's recovery phase is being rolled or asked."""
    return (
        not state.over
        and bool(state.frames)
        and state.frames[0].step in _RECOVERY_STEPS
    )


def _recovery_report(state: State, a: State, b: State, viewer: int | None) -> list[str]:
    """What the recovery phase did, in one line ("Recovery: Major Miner #12 of
    player 0 was mended."); a line saying nothing came of it otherwise."""
    said: list[str] = []
    for h in range(NUM_HEWNS):
        what: list[str] = []
        if a.damaged[h] and not b.damaged[h]:
            what.append("was mended")
        if a.ctrl[h] != b.ctrl[h] and b.ctrl[h] != NEUTRAL:
            if a.ctrl[h] == NEUTRAL:
                what.append(f"recovered from its stun under {_who(b.ctrl[h], viewer)}")
            else:
                what.append(f"was won back by {_who(b.ctrl[h], viewer)}")
        if what:
            said.append(f"{_owned(a, h, viewer)} {_listed(what)}")
    if not said:
        return ["Recovery: no Hewn recovered."]
    return ["Recovery: " + "; ".join(said) + "."]


def _in_fight(state: State) -> bool:
    return not state.over and any(f.ask in _FIGHT_ASKS for f in state.frames)


def _who(seat: int, viewer: int | None) -> str:
    if seat == NEUTRAL:
        return "neutral"
    return "you" if seat == viewer else f"player {seat}"


def _whose(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"player {seat}'s"


def _owned(s: State, h: int, viewer: int | None) -> str:
    """ "your Minor Miner #19", "player 1's Gombat #3", "neutral Igil #1"."""
    seat = s.ctrl[h]
    owner = "neutral" if seat == NEUTRAL else _whose(seat, viewer)
    return f"{owner} {hewn_label(h)}"


def _listed(words: Sequence[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _dice_words(dice: Sequence[tuple[int, int]]) -> str:
    """The dice by role and kind, in the order rolled: "attack: close combat
    (pink) 0, 1; defence: speed defence 2, escape; hurt: dead"."""
    by_kind: dict[int, list[str]] = {}
    for kind, index in dice:
        value, symbol = face(kind, index)
        shown = (
            str(value)
            if symbol == Symbol.NUMBER
            else Symbol(symbol).name.lower().replace("_", " ")
        )
        by_kind.setdefault(kind, []).append(shown)
    parts = []
    for role, kinds in (("attack", _ATTACK_DICE), ("defence", _DEFENCE_DICE)):
        rolled = [
            f"{DICE[k].name} {', '.join(by_kind[k])}" for k in kinds if k in by_kind
        ]
        if rolled:
            parts.append(f"{role}: {', '.join(rolled)}")
    for kind, faces in by_kind.items():
        if kind not in _ATTACK_DICE and kind not in _DEFENCE_DICE:
            parts.append(f"{DICE[kind].name}: {', '.join(faces)}")
    return "; ".join(parts)


def _hewn_changed(a: State, b: State, h: int) -> bool:
    return (
        a.loc[h] != b.loc[h]
        or a.ctrl[h] != b.ctrl[h]
        or a.damaged[h] != b.damaged[h]
        or a.normal[h] != b.normal[h]
        or a.dirty[h] != b.dirty[h]
        or a.slots[h] != b.slots[h]
        or a.members[h] != b.members[h]
    )


def _outcome(state: State, a: State, b: State, h: int) -> str:
    """What the fight did to Hewn `h` ("" when nothing)."""
    said: list[str] = []
    if b.loc[h] == DEAD and a.loc[h] != DEAD:
        said.append("was killed")
    elif b.ctrl[h] == NEUTRAL and a.ctrl[h] != NEUTRAL:
        said.append("was stunned (now neutral)")
    elif b.ctrl[h] != a.ctrl[h]:
        said.append(f"was taken over by {_who(b.ctrl[h], None)}")
    lost_members = a.members[h] - b.members[h]
    if b.loc[h] != DEAD and lost_members > 0:
        said.append(
            f"lost {lost_members} swarm member{'s' if lost_members > 1 else ''} "
            f"({b.members[h]} left)"
        )
    if b.damaged[h] and not a.damaged[h]:
        said.append("was damaged")
    elif a.damaged[h] and not b.damaged[h]:
        said.append("was repaired")
    if b.loc[h] >= 0 and a.loc[h] >= 0 and b.loc[h] != a.loc[h]:
        said.append(f"moved to {place_label(state, b.loc[h])}")
    lost = (a.normal[h] + a.dirty[h]) - (b.normal[h] + b.dirty[h])
    if b.loc[h] != DEAD and lost > 0:
        said.append(f"lost {lost} Substract")
    elif lost < 0:
        said.append(f"gained {-lost} Substract")
    if a.slots[h] != b.slots[h] and b.loc[h] != DEAD:
        said.extend(_slots_lost(a.slots[h], b.slots[h]))
    if not said:
        return "was unhurt"
    return _listed(said)


def _slots_lost(before: list[int], after: list[int]) -> list[str]:
    """What a Hewn's slots lost: Nananbites (a Nanadead) and technologies (a
    Sicket hit, a Mamabite with what it held)."""
    nana = int(TechKind.NANANBITES)
    died = before.count(nana) - after.count(nana)
    techs = sum(1 for k in before if k >= 0 and k != nana) - sum(
        1 for k in after if k >= 0 and k != nana
    )
    said: list[str] = []
    if techs > 0:
        said.append("lost a technology" if techs == 1 else f"lost {techs} technologies")
    if died > 0:
        said.append(f"lost {died} Nananbite{'s' if died > 1 else ''}")
    return said or ["lost a technology"]


def _hurt(a: State, b: State, h: int) -> bool:
    return (
        (b.loc[h] == DEAD and a.loc[h] != DEAD)
        or b.ctrl[h] != a.ctrl[h]
        or (b.damaged[h] and not a.damaged[h])
        or b.members[h] < a.members[h]
    )


def _winner(a: State, b: State, hewns: list[int], viewer: int | None) -> str:
    """Who won: the seats that lost no Hewn to the fight while another did."""
    seats = sorted({a.ctrl[h] for h in hewns})
    losers = {a.ctrl[h] for h in hewns if _hurt(a, b, h)}
    if not losers:
        return "Nobody was hurt: the attack failed."
    winners = [q for q in seats if q not in losers]
    if not winners and len(seats) == 1:  # an overflow on its own side
        return f"Only {_whose(seats[0], viewer)} Hewns were hurt: nobody won."
    if not winners:
        return "Both sides were hurt: nobody won."
    names = [_who(q, viewer) for q in winners]
    won = _listed(names)
    return f"{won[0].upper()}{won[1:]} won the fight."


def _bid_report(state: State, bids: _Bids, viewer: int) -> list[str]:
    """What became of each of the viewer's Bidoxes at the opening."""
    lines = ["The Bidoxes are opened. Yours:"]
    by_lot: dict[int, list[int]] = {}
    for box, lot in enumerate(state.bidox_lot[viewer]):
        if lot == BIDOX_HUNTING:
            lines.append(
                f"  #{box} went hunting: it brought 1 dirty Substract (taken "
                "when it left)."
            )
        elif lot != BIDOX_HOME and 0 <= lot < len(state.lot_result):
            by_lot.setdefault(lot, []).append(box)
    for lot, boxes in sorted(by_lot.items()):
        lines.append("  " + _lot_report(state, bids, viewer, lot, boxes))
    if len(lines) == 1:
        lines.append("  none was placed.")
    return lines


def _lot_report(
    state: State, bids: _Bids, viewer: int, lot: int, boxes: list[int]
) -> str:
    names = "Bidoxes " if len(boxes) > 1 else "Bidox "
    names += _listed([f"#{b}" for b in boxes])
    mine = state.lot_result[lot][viewer]
    # auction hacking: each Nananbite adds 1 to the bid and is never paid
    hacked = sum(state.bidox_nana[viewer][b] for b in boxes)
    if hacked:
        names += f" (+{hacked} for the Nananbites)"
    label = bids.labels[lot] if lot < len(bids.labels) else f"lot {lot}"
    result = state.lot_result[lot]
    winner = state.lot_winner[lot]
    others = [
        f"{_who(q, viewer)} bid {result[q]}"
        for q in range(len(result))
        if q != viewer and result[q]
    ]
    against = f" ({_listed(others)})" if others else " (nobody else bid)"
    back = f"your {mine - hacked} Substract came back behind your screen"
    if winner == viewer:
        paid = mine - hacked
        return f"{names} with {mine} on {label}: you won it and paid {paid}{against}."
    if winner >= 0:
        return (
            f"{names} with {mine} on {label}: lost to player {winner}, who bid "
            f"{result[winner]}; {back}."
        )
    best = max(result) if result else 0
    tied = [q for q in range(len(result)) if result[q] == best]
    if len(tied) > 1 and best > 0 and viewer in tied:
        with_ = _listed([_who(q, viewer) for q in tied if q != viewer])
        return (
            f"{names} with {mine} on {label}: a tie at {best} with {with_}, so "
            f"nobody wins it; {back}."
        )
    if len(tied) > 1 and best > 0:
        who = _listed([_who(q, viewer) for q in tied])
        return (
            f"{names} with {mine} on {label}: {who} tied at {best}, so nobody "
            f"wins it; {back}."
        )
    return (
        f"{names} with {mine} on {label}: the highest bid ({best}) is under "
        f"the card's minimum, so nobody wins it; {back}."
    )
