"""What one seat may know: `redact`, `determinize` and `player_view`.

Hidden from a seat (the rulebook's secrets, and the design's table of who knows
what):

* the content of another seat's placed Bidoxes until the resolution ("secretly
  puts that number of normal Substract tokens, and/or dirty Substract tokens
  into one of their Bidoxes"); the placement (which lot, in which order) is
  public. A seat's private total by kind (screen plus its unresolved Bidoxes) is
  public, since every flow in or out of it is seen; so a redacted state puts
  another seat's Bidox contents back on its screen, and a determinized one
  deals them out again from that total;
* the amount another seat is putting in a Bidox now (the amount of its
  `BidFrame` at `BID_MIX`), and the secret picks of encounters: the args and data of
  every frame of a kind in `SECRET_ASKS` that another seat owns;
* the turn-order cards of other seats not yet shown ("hands out the turn cards
  ... face down"; "they will have to reveal the order" on their turn), except
  to the seat that dealt them;
* the order of every deck (draws are chance outcomes, so only the contents,
  which are public, matter);
* in a game with secret loads (`secrets.secrets_on`), the hidden part of the
  load of another seat's Hewns (what it loaded behind its screen: "many Hewns
  can store ... in secret locations") and the kind it is loading or unloading
  now (a `LoadFrame` at LOAD_AMOUNT). Like the Bidoxes, the seat's private
  total by kind is public (D47): a redacted state puts the hidden parts back
  on the screen, a determinized one deals them out again onto the Hewns that
  can hold them (off the board: their room; on it: their secret storage);
* with secrets on (`secrets.secrets_on`), what another seat fitted into its
  Hewns behind the screen: the content of their hidden slots and hearts (which
  slots and hearts are hidden is public), and the picks of its off-board
  attachment in progress. Its technologies by kind (screen plus hidden
  fittings) are a public total, every purchase being public; so a redacted
  state puts the hidden pieces back on its screen and empties the hidden slots
  and hearts, and a determinized one deals them again from that total into
  slots of the right socket kind (Nanasocket or Sicket), or leaves them empty.

`redact` puts the hidden things in a fixed order that tells nothing (sorted
decks, the lowest hidden cards to the lowest hidden seats, empty Bidoxes, zero
picks); `determinize` deals them at random from what the seat knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

import numpy as np

from . import secrets
from .actions import HEWN
from .artillery import ARTILLERY_MIN_DICE
from .artillery import hide_picks as hide_artillery_picks
from .auction import BidFrame
from .data import TECHS, TechKind
from .effects import donors
from .encounter import EncounterFrame, EncStep, enc_of, fighting
from .management import (
    OFF,
    UNLOAD,
    BanjerFrame,
    LoadFrame,
    TxFrame,
    has_taken,
    legal_tx_source,
    load_hewns,
    socket_kind,
    swap_bit,
    tx_frame,
)
from .payment import PayFrame, hide_chain_payment, hide_payment
from .ranged import hide_picks, picks_secret
from .secrets import secrets_on, seen_load
from .state import (
    EMPTY_SLOT,
    NONE,
    OFF_BOARD,
    Ask,
    Frame,
    Phase,
    State,
    bids_hidden,
    game_cards,
    public_totals,
)

__all__ = [
    "SECRET_ASKS",
    "SECRET_HOOKS",
    "PlayerView",
    "bids_hidden",
    "card_known",
    "determinize",
    "own_rules",
    "player_view",
    "redact",
    "redact_frame",
    "secret_from",
]

SECRET_ASKS: Mapping[int, int] = MappingProxyType(
    {
        Ask.BID_AMOUNT: 2,
        Ask.BID_MIX: 2,
        Ask.PICK_L: 0,
        Ask.PICK_A: 0,
        Ask.PICK_K: 0,
        Ask.PICK_Q: 0,
        Ask.PICK_E: 0,
        Ask.PICK_MIX: 0,
        Ask.RANGED: 0,
        Ask.SAME_SPACE: 0,
        Ask.ARTILLERY: 0,
    }
)
"""Decision kinds whose frames hold a secret of the seat that owns them: kind ->
the first index of `Frame.args` that is secret (the args before it, a Bidox and
its lot, are public); the frame's `data` is secret whole. A rule module keeps a
secret choice in the frame of the seat that chose it, of a kind listed here,
until its reveal; one that needs more than zeros has a hook in `SECRET_HOOKS`.
Read-only: a bot that could empty it would read the others' secrets."""


SecretHook = Callable[[State, Frame, int, np.random.Generator | None], None]
"""Hides a frame's secrets from a viewer: `(state copy, frame of another seat,
viewer, rng)`; rng None: put them in a fixed order (redact), else deal them at
random from what the viewer knows (determinize)."""


def hide_attachment(
    state: State, frame: Frame, viewer: int, rng: np.random.Generator | None
) -> None:
    """An off-board attachment in progress is another seat's secret while
    secrets are on: its technology and receiver so far read as none (the
    number of picks made is public)."""
    if (
        isinstance(frame, BanjerFrame)
        and frame.mode == OFF
        and frame.seat != viewer
        and secrets.secrets_on(state)
    ):
        frame.kind = NONE
        frame.receiver = NONE


SECRET_HOOKS: Mapping[int, SecretHook] = MappingProxyType(
    {
        Ask.RANGED: hide_picks,
        Ask.SAME_SPACE: hide_picks,
        Ask.ARTILLERY: hide_artillery_picks,
        Ask.PICK_MIX: hide_payment,
        Ask.PAY_SPLIT: hide_chain_payment,
        Ask.CHAIN_MIX: hide_chain_payment,
        Ask.BURN_MIX: hide_chain_payment,
        Ask.SCREENS_MIX: hide_chain_payment,
        Ask.LOAD_AMOUNT: lambda s, frame, viewer, rng: _hide_load_kind(
            s, frame, viewer
        ),
        Ask.BANJER_TECH: hide_attachment,
        Ask.BANJER_HEWN: hide_attachment,
        Ask.BANJER_SOCKET: hide_attachment,
    }
)
"""Decision kinds whose secrets need more than zeros, each with the rule
module's hook (its own kind's ranges are its business): `hook(state, frame,
viewer, rng)` hides from `viewer` the secrets the frame holds (of any seat: it
is called for every such frame; with no `rng` it redacts, with one it draws);
it replaces the zeroing of `SECRET_ASKS` for frames of that kind. Read-only,
like `SECRET_ASKS`."""


def secret_from(ask: int) -> int | None:
    """The first secret index of `Frame.args` in a frame of kind `ask` (its
    `data` is secret whole); None when such a frame holds no secret."""
    return SECRET_ASKS.get(ask)


class _Dealer:
    """Draws at random (`rng`) or takes the fixed choice (no rng), so that
    redact and determinize share one procedure."""

    def __init__(self, rng: np.random.Generator | None) -> None:
        self.rng = rng

    def order(self, items: list[int]) -> list[int]:
        """All of `items`, shuffled (fixed: sorted)."""
        ordered = sorted(items)
        if self.rng is not None and len(ordered) > 1:
            ordered = [ordered[int(i)] for i in self.rng.permutation(len(ordered))]
        return ordered

    def upto(self, low: int, high: int) -> int:
        """A number in low..high (fixed: `low`)."""
        if self.rng is None or high <= low:
            return low
        return int(self.rng.integers(low, high + 1))


def redact(state: State, seat: int) -> State:
    """A copy where everything hidden from `seat` is in a fixed order: what a
    bot is handed, so it shares nothing with `state` (`own_rules`)."""
    s = _rearranged(state, seat, _Dealer(None))
    own_rules(s)
    return s


def determinize(state: State, seat: int, rng: np.random.Generator) -> State:
    """A copy that `seat` cannot tell from the real one, hidden things dealt by
    `rng`. It shares the config, scenario and board of `state`, as `clone`
    does (a search draws many: a bot draws them from its own redacted copy)."""
    return _rearranged(state, seat, _Dealer(rng))


def own_rules(s: State) -> None:
    """Give `s` its own config, scenario, board and cards (equal copies): a bot that
    changes those of its copy, even with `object.__setattr__` on the frozen
    ones, reaches nothing of the game in play. What the copies share is
    immutable (ints, strings, tuples, a read-only mapping)."""
    printed = game_cards(s.config)
    s.config = s.config.detached()
    s.scenario = replace(s.scenario)
    s.board = s.board.copy()
    own = game_cards(s.config)  # the config's own copies, so a rig still shows
    s.card_table = tuple(
        own[h] if card is printed[h] else replace(card)
        for h, card in enumerate(s.card_table)
    )
    s.tech_table = s.config.techs


def card_known(state: State, viewer: int, seat: int) -> bool:
    """Whether `viewer` knows `seat`'s turn-order card: its own, one shown, or
    every card to the seat that dealt them."""
    return (
        seat == viewer
        or state.card_shown[seat]
        or state.turn_card[seat] == 0
        or (viewer == state.dealer and state.dealer != NONE)
    )


def _rearranged(state: State, seat: int, dealer: _Dealer) -> State:
    s = state.clone()
    _decks(s, dealer)
    _turn_cards(s, seat, dealer)
    for q in range(s.num_players):
        if q == seat:
            continue
        # a seat moving Substract keeps the fixed arrangement (`_busy`)
        dealt = _Dealer(None) if secrets_on(s) and _busy(s, q) else dealer
        if bids_hidden(s):
            _bidoxes(s, q, dealt)
        if secrets_on(s):
            _hidden_loads(s, q, dealt)
    for frame in s.frames:
        _hide_frame(s, frame, seat, dealer)
    if secrets.secrets_on(s):
        for q in range(s.num_players):
            if q != seat:
                _fittings(s, q, dealer)
    return s


def redact_frame(state: State, frame: Frame, seat: int) -> Frame:
    """A copy of `frame` (one of `state`'s) with what `seat` may not know of it
    in a fixed order, as in `redact`: for readers of a single frame that need
    no whole redacted copy (a secret hook only reads the state here)."""
    out = frame.copy()
    if out.ask in SECRET_ASKS or out.ask in SECRET_HOOKS:
        _hide_frame(state, out, seat, _Dealer(None))
    return out


def _hide_frame(s: State, frame: Frame, seat: int, dealer: _Dealer) -> None:
    """Hide from `seat` the secrets `frame` holds (fixed or dealt)."""
    hook = SECRET_HOOKS.get(frame.ask)  # the module's table now (see above)
    if hook is not None:  # it knows whose secrets the frame holds
        hook(s, frame, seat, dealer.rng)
        return
    first = SECRET_ASKS.get(frame.ask)
    if first is None or frame.seat == seat:
        return
    if isinstance(frame, BidFrame):
        _hide_bid(s, frame, dealer)
        return
    # a secret pick: zeros (a determinized game draws no pick it cannot
    # know the range of; the encounter rules own that range)
    for i in range(first, len(frame.args)):
        frame.args[i] = 0
    for i in range(len(frame.data)):
        frame.data[i] = 0


def _hide_bid(s: State, frame: BidFrame, dealer: _Dealer) -> None:
    """A Bidox being placed: its amount (chosen, at `BID_MIX`) is secret, any
    amount the seat could have put in (fixed: none)."""
    if frame.made > 2:
        q = frame.seat
        top = min(
            s.config.scenario.bidox_capacity,
            s.screen_normal[q] + s.screen_dirty[q],
        )
        frame.amount = dealer.upto(0, top)


def _decks(s: State, dealer: _Dealer) -> None:
    """Deck orders: nobody knows them."""
    s.hewn_deck = [dealer.order(deck) for deck in s.hewn_deck]
    s.tech_deck = dealer.order(s.tech_deck)


def _turn_cards(s: State, seat: int, dealer: _Dealer) -> None:
    """The cards `seat` has not seen go to the seats that hold them in a fixed
    (or random) order. While the cards are being dealt, those still in the
    dealer's hand are as unseen as those dealt face down, so they join the
    pool: the lowest cards go to the hidden seats (redact), or a random few
    (determinize), and the rest stay to be dealt. The turn order follows the
    cards once it is drawn from them (the actions phase); during the auction it
    is last round's, which is public."""
    hidden = [q for q in range(s.num_players) if not card_known(s, seat, q)]
    if not hidden:
        return
    undealt = [c for c in range(1, s.num_players + 1) if c not in s.turn_card]
    pool = dealer.order([s.turn_card[q] for q in hidden] + undealt)
    if len(pool) < 2:
        return
    for q, card in zip(hidden, pool[: len(hidden)], strict=True):
        s.turn_card[q] = card
    if s.order and s.phase != Phase.AUCTION:
        s.order = sorted(range(s.num_players), key=lambda q: s.turn_card[q])


def _bidoxes(s: State, q: int, dealer: _Dealer) -> None:
    """Another seat's closed Bidoxes: their content goes back to its screen
    (redact), or is dealt out again from its screen (determinize)."""
    boxes = [b for b, lot in enumerate(s.bidox_lot[q]) if lot >= 0]
    for b in boxes:
        normal = s.bidox_normal[q][b]
        s.screen_normal[q] += normal
        s.screen_dirty[q] += s.bidox_amount[q][b] - normal
        s.bidox_amount[q][b] = 0
        s.bidox_normal[q][b] = 0
    if dealer.rng is None:
        return
    cap = s.config.scenario.bidox_capacity
    for b in boxes:
        normal_left, dirty_left = s.screen_normal[q], s.screen_dirty[q]
        amount = dealer.upto(0, min(cap, normal_left + dirty_left))
        dirty = dealer.upto(max(0, amount - normal_left), min(amount, dirty_left))
        s.bidox_amount[q][b] = amount
        s.bidox_normal[q][b] = amount - dirty
        s.screen_normal[q] -= amount - dirty
        s.screen_dirty[q] -= dirty


# --- hidden loads (secret_loads) ----------------------------------------------------


def _hidden_loads(s: State, q: int, dealer: _Dealer) -> None:
    """The hidden parts of `q`'s Hewns' loads go back to its screen (redact),
    or are dealt out again from it (determinize) onto the Hewns that may hold
    them, in a random order. While `q` is in a chain that moves or pays
    Substract (`_busy`) every copy keeps the fixed arrangement, with what the
    chain shows to exist left hidden on its Hewns (`_keep_for_chain`), so that
    a bot playing on in its copy (a redacted one too) can finish the chain:
    what is kept follows from public facts only (amounts shown, revealed
    picks)."""
    mine = [h for h in range(len(s.ctrl)) if s.ctrl[h] == q]
    for h in mine:
        s.screen_normal[q] += s.hidden_normal[h]
        s.screen_dirty[q] += s.hidden_dirty[h]
        s.normal[h] -= s.hidden_normal[h]
        s.dirty[h] -= s.hidden_dirty[h]
        s.hidden_normal[h] = s.hidden_dirty[h] = 0
    for chain in _busy(s, q):
        _keep_for_chain(s, chain, q)
    if dealer.rng is None:
        return
    for h in dealer.order(mine):
        card = s.card(h)
        room = card.store_total - s.normal[h] - s.dirty[h]
        if s.loc[h] >= 0:
            room = min(room, card.secret)
        elif s.loc[h] != OFF_BOARD:  # not dead, in the deck or in the offer
            continue
        normal_left, dirty_left = s.screen_normal[q], s.screen_dirty[q]
        amount = dealer.upto(0, min(room, normal_left + dirty_left))
        dirty = dealer.upto(max(0, amount - normal_left), min(amount, dirty_left))
        s.screen_normal[q] -= amount - dirty
        s.screen_dirty[q] -= dirty
        s.normal[h] += amount - dirty
        s.dirty[h] += dirty
        s.hidden_normal[h] = amount - dirty
        s.hidden_dirty[h] = dirty


def _busy(s: State, q: int) -> list[Frame]:
    """`q`'s open chains that move or pay Substract (LOAD, UNLOAD, TRANSMIT, a
    payment, an artillery attack of its Hewn): what they show to exist must
    stay possible in every copy."""
    out: list[Frame] = []
    for f in s.frames:
        if isinstance(f, EncounterFrame):
            if (f.ask == Ask.ARTILLERY and s.ctrl[f.hewn] == q) or _unpaid_picks(
                s, f, q
            ):
                out.append(f)
        elif f.seat != q:
            continue
        elif isinstance(f, (LoadFrame, TxFrame)) or (
            isinstance(f, PayFrame) and f.ask != Ask.PICK_MIX
        ):
            out.append(f)
    return out


_BEFORE_PAID = frozenset((EncStep.INTENT, EncStep.NAME, EncStep.REVEAL, EncStep.PAY))
"""The encounter steps at which revealed picks may still be unpaid."""


def _unpaid_picks(s: State, f: EncounterFrame, q: int) -> list[tuple[int, int]]:
    """`q`'s announcers in encounter `f` whose revealed picks are still to be
    paid, with the amounts: (Hewn, Substract) pairs, in paying order."""
    if f.step not in _BEFORE_PAID or picks_secret(f):
        return []
    enc = enc_of(f)
    out = []
    for i in range(enc.cursor if f.step == EncStep.PAY else 0, len(enc.ann)):
        h = enc.ann[i]
        if s.ctrl[h] != q or (i < len(enc.malf) and enc.malf[i]):
            continue
        amount = sum(enc.pick(h))
        if amount:
            out.append((h, amount))
    return out


def _keep_for_picks(s: State, f: EncounterFrame, q: int) -> None:
    """Revealed picks still to be paid: each payer carries them, or its
    donors the rest (a ranged payment may draw on its chain), as far as the
    secret storage and the screen allow."""
    for h, amount in _unpaid_picks(s, f, q):
        short = amount - _fill(s, q, h, amount)
        for donor in donors(s, h, fighting(s)):
            if short <= 0:
                break
            short -= _fill(s, q, donor, short)


def _keep_for_chain(s: State, chain: Frame, q: int) -> None:
    """What the chain shows to exist stays hidden on its Hewns, when no
    public load explains it (the fixed choices: normal if the seat has any,
    or the kind a transmission named; before a Hewn is chosen, the lowest
    that could be), so that the chain can go on in a copy."""
    if isinstance(chain, PayFrame):
        _keep_for_payment(s, chain)
        return
    if isinstance(chain, EncounterFrame):
        if chain.ask == Ask.ARTILLERY and s.ctrl[chain.hewn] == q:
            _fill(s, q, chain.hewn, ARTILLERY_MIN_DICE)  # it announced: 2 dice
        _keep_for_picks(s, chain, q)
        return
    q = chain.seat
    kind = int(public_totals(s, q)[0] == 0)
    if isinstance(chain, LoadFrame):
        if chain.direction != UNLOAD:
            return
        h = chain.target
        if chain.made == 0:
            if load_hewns(s, q, UNLOAD):
                return
            h = next(
                h
                for h in _could_hide(s, q)
                if s.loc[h] == OFF_BOARD and not has_taken(s, h)
            )
        elif s.normal[h] + s.dirty[h] > 0:
            return
    else:
        tx = tx_frame(chain)
        h = tx.source
        if tx.made == 0:
            if legal_tx_source(s, tx):
                return
            h = next(
                h for h in _could_hide(s, q) if HEWN + h in _sources_with(s, tx, h)
            )
        elif tx.made >= 3:
            kind = tx.dirty
            if (s.dirty if kind else s.normal)[h] > 0:
                return
        elif s.normal[h] + s.dirty[h] > 0:
            return
    _hide_from_screen(s, q, h, 1, kind)


def _keep_for_payment(s: State, pay: PayFrame) -> None:
    """A payment under way (its amount and own share are shown): the payer
    carries at least its own share, or before it is chosen the whole amount,
    and its donors the rest, as far as their secret storage and the screen
    allow (dirty first): a copy can then finish it."""
    q, payer = pay.seat, pay.hewn
    own = pay.amount if pay.own == NONE else pay.own
    _fill(s, q, payer, own)
    chain = pay.amount - (0 if pay.own == NONE else pay.own)
    for h in donors(s, payer, fighting(s)):
        if chain <= 0:
            break
        chain -= _fill(s, q, h, chain)


def _fill(s: State, q: int, h: int, want: int) -> int:
    """Hide onto `h` from `q`'s screen until it carries `want` (dirty first,
    within its secret storage); what it then carries towards `want`."""
    room = min(s.capacity(h), s.card(h).secret - s.hidden_normal[h] - s.hidden_dirty[h])
    for kind in (1, 0):
        short = want - s.normal[h] - s.dirty[h]
        have = s.screen_dirty[q] if kind else s.screen_normal[q]
        _hide_from_screen(s, q, h, max(0, min(short, room, have)), kind)
        room = min(
            s.capacity(h), s.card(h).secret - s.hidden_normal[h] - s.hidden_dirty[h]
        )
    return min(want, s.normal[h] + s.dirty[h])


def _hide_from_screen(s: State, q: int, h: int, amount: int, dirty: int) -> None:
    """Move `amount` of one kind from `q`'s screen into `h`'s hidden part."""
    if dirty:
        s.screen_dirty[q] -= amount
        s.dirty[h] += amount
        s.hidden_dirty[h] += amount
    else:
        s.screen_normal[q] -= amount
        s.normal[h] += amount
        s.hidden_normal[h] += amount


def _could_hide(s: State, q: int) -> list[int]:
    """`q`'s Hewns with room for a hidden Substract: behind the screen, or on
    the board with secret storage."""
    return [
        h
        for h in range(len(s.ctrl))
        if s.ctrl[h] == q
        and s.capacity(h) > 0
        and (s.loc[h] == OFF_BOARD or (s.loc[h] >= 0 and s.card(h).secret > 0))
    ]


def _sources_with(s: State, tx: TxFrame, h: int) -> list[int]:
    """The TRANSMIT sources there would be if `h` carried one Substract."""
    trial = s.clone()
    trial.normal[h] += 1
    return legal_tx_source(trial, tx)


def _hide_load_kind(s: State, frame: Frame, viewer: int) -> None:
    """Another seat's LOAD or UNLOAD at its amount: the kind chosen is
    secret, so it becomes the fixed one that can move (normal first)."""
    if not isinstance(frame, LoadFrame) or frame.seat == viewer or not secrets_on(s):
        return
    q, h = frame.seat, frame.target
    normal, dirty = seen_load(s, h, viewer)
    if frame.direction == UNLOAD and normal + dirty > 0:
        frame.dirty = int(normal == 0)
    else:  # a load from the screen, or the Substract `_keep_unloaded` keeps
        frame.dirty = int(public_totals(s, q)[0] == 0)


# --- fittings and hearts behind the screen (secrets on) ---------------------------------

_HEART_STONE = int(TechKind.HEART_STONES)
_MAMABITE = int(TechKind.MAMABITE)


def _fittings(s: State, q: int, dealer: _Dealer) -> None:
    """Seat `q`'s hidden fittings go back to its screen (redact), or are dealt
    out again from it (determinize): each hidden slot gets a piece of its
    socket's kind or stays empty, each hidden heart a stone or none. A Mamabite
    is never hidden (its slots show), so it is never dealt."""
    slots, hearts = secrets.hidden_fittings(s, q)
    pool = s.screen_tech[q]
    for h, i in slots:
        kind = s.slots[h][i]
        s.swapped &= ~(1 << swap_bit(h, i))  # a replacement made in secret
        if kind >= 0:
            pool[kind] += 1
            s.slots[h][i] = EMPTY_SLOT
    for h in hearts:
        if s.heart[h] != NONE:
            pool[_HEART_STONE] += 1
            s.heart[h] = NONE
    if dealer.rng is None:
        return
    for h, i in slots:
        socket = socket_kind(s, h, i)
        kinds = [
            k
            for k, left in enumerate(pool)
            if left > 0 and k != _MAMABITE and TECHS[k].socket == socket
        ]
        pick = dealer.upto(0, len(kinds))  # 0: left empty
        if pick:
            kind = kinds[pick - 1]
            pool[kind] -= 1
            s.slots[h][i] = kind
    for h in hearts:
        if pool[_HEART_STONE] > 0 and dealer.upto(0, 1):
            pool[_HEART_STONE] -= 1
            s.heart[h] = q


# --- the player's view ------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    """What everyone knows of one seat (its own secrets only for itself)."""

    screen_normal: int
    screen_dirty: int
    techs: tuple[int, ...]
    turn_card: int  # 0: not dealt, or not known to the viewer
    bidox_lot: tuple[int, ...]
    bidox_order: tuple[int, ...]
    bidox_amount: tuple[int, ...]  # zeros where the viewer may not see them
    bidox_normal: tuple[int, ...]
    passed: bool
    hewns: tuple[int, ...]  # the Hewn cards it controls
    # stage 3: Nananbites in each Bidox's cap (public, like its placement)
    bidox_nana: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayerView:
    """What `seat` may know, as plain values (for screens and tests)."""

    seat: int
    round: int
    phase: int
    over: bool
    mover: int  # -1 at a chance node or once over
    ask: int  # the kind of the decision on top (-1 none)
    frames: tuple[tuple[int, ...], ...]  # every pending frame, secrets redacted
    rolled: tuple[int, ...]
    roll_queue: tuple[int, ...]
    draw_queue: tuple[int, ...]
    seats: tuple[SeatView, ...]
    loc: tuple[int, ...]
    ctrl: tuple[int, ...]
    damaged: tuple[bool, ...]
    normal: tuple[int, ...]
    dirty: tuple[int, ...]
    acted: tuple[bool, ...]
    slots: tuple[tuple[int, ...], ...]
    gem: tuple[int, ...]  # rules 2: the `Gem` in each heart card, -1 none
    heart: tuple[int, ...]  # stage 3: the colour of each heart stone, -1 none
    mine: tuple[int, ...]
    token: tuple[int, ...]
    normal_pile: int
    depleted: int
    mine_pool: tuple[int, ...]
    token_stock: tuple[int, ...]
    gem_pile: tuple[int, ...]  # rules 2: gems left per kind, best first
    offer: tuple[int, ...]
    lot_result: tuple[tuple[int, ...], ...]
    lot_winner: tuple[int, ...]
    deck_sizes: tuple[int, ...]  # Hewn decks by size 1-3, then technology
    discards: tuple[tuple[int, ...], ...]  # Hewn discards by size 1-3, then tech
    order: tuple[int, ...]  # seats by known turn-order card (unknown: -1)
    order_index: int
    dealer: int
    deal_left: tuple[int, ...]
    end_reason: str
    # the dug-tunnel pieces' ends (NONE: in the stock), public
    tunnel_a: tuple[int, ...] = ()
    tunnel_b: tuple[int, ...] = ()


def player_view(state: State, seat: int) -> PlayerView:
    """What `seat` may know (built from `redact`, so the same for every state
    the seat cannot tell apart)."""
    s = redact(state, seat)
    n = s.num_players
    hidden_cards = [not card_known(s, seat, q) for q in range(n)]
    seats = tuple(
        SeatView(
            screen_normal=s.screen_normal[q],
            screen_dirty=s.screen_dirty[q],
            techs=tuple(s.screen_tech[q]),
            turn_card=0 if hidden_cards[q] else s.turn_card[q],
            bidox_lot=tuple(s.bidox_lot[q]),
            bidox_order=tuple(s.bidox_order[q]),
            bidox_amount=tuple(s.bidox_amount[q]),
            bidox_normal=tuple(s.bidox_normal[q]),
            passed=s.passed[q],
            hewns=tuple(h for h, c in enumerate(s.ctrl) if c == q and s.loc[h] >= -2),
            bidox_nana=tuple(s.bidox_nana[q]),
        )
        for q in range(n)
    )
    chance = bool(s.roll_queue) or bool(s.draw_queue)
    mover = -1 if s.over or chance or not s.frames else s.frames[-1].seat
    order = tuple(-1 if hidden_cards[q] else q for q in s.order)
    return PlayerView(
        seat=seat,
        round=s.round,
        phase=int(s.phase),
        over=s.over,
        mover=mover,
        ask=int(s.frames[-1].ask) if s.frames else -1,
        frames=tuple(f.key() for f in s.frames),
        rolled=tuple(s.rolled),
        roll_queue=tuple(s.roll_queue),
        draw_queue=tuple(s.draw_queue),
        seats=seats,
        loc=tuple(s.loc),
        ctrl=tuple(s.ctrl),
        damaged=tuple(s.damaged),
        normal=tuple(s.normal),
        dirty=tuple(s.dirty),
        acted=tuple(s.acted),
        slots=tuple(tuple(v) for v in s.slots),
        gem=tuple(s.gem),
        heart=tuple(s.heart),
        mine=tuple(s.mine),
        token=tuple(s.token),
        normal_pile=s.normal_pile,
        depleted=s.depleted,
        mine_pool=tuple(s.mine_pool),
        token_stock=tuple(s.token_stock),
        gem_pile=tuple(s.gem_pile),
        offer=tuple(s.offer),
        lot_result=tuple(tuple(r) for r in s.lot_result),
        lot_winner=tuple(s.lot_winner),
        deck_sizes=(*(len(s.hewn_deck[z]) for z in (1, 2, 3)), len(s.tech_deck)),
        discards=(
            *(tuple(s.hewn_discard[z]) for z in (1, 2, 3)),
            tuple(s.tech_discard),
        ),
        order=order,
        order_index=s.order_index,
        dealer=s.dealer,
        deal_left=tuple(s.deal_left),
        end_reason=s.end_reason,
        tunnel_a=tuple(s.tunnel_a),
        tunnel_b=tuple(s.tunnel_b),
    )
