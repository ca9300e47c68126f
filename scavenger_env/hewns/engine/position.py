"""Setting up a position by hand, and choosing the next rolls.

For golden tests of the rulebook's worked examples, and for a designer who wants
to ask the engine a rules question ("what happens if a Snedj nest is placed on a
Fogbear with 2 screens?") without playing a game up to that point::

    from scavenger_env.hewns.engine import position as pos

    state = pos.actions_phase(num_players=2, seat=0)
    fogbear = pos.place(state, "Fogbear", seat=0, space=34, normal=1, dirty=4)
    pos.set_token(state, 33, "snedj")
    pos.start_hewn_turn(state, fogbear)  # seat 0's player turn, the Fogbear's go
    pos.play(state, "SPACE 33")  # step into the nest: it attacks
    pos.roll(state, "close_combat", 1, 1, 0, 0, 1, 0, 1, 1)  # the nest's 8 dice

A position is a normal state: every tool (the render, `rules.legal_actions`,
`rules.apply_action`) works on it, and it plays on to the end of the game.

Dug tunnels: `set_tunnel(state, 9, a, b)` lays tunnel 9 between map spaces a
and b; `tunnel_space(9)` is its space id, for `place` and the SPACE actions.

To ask "what if" of a card, `rig` changes one Hewn's stats in this game only
(`rig(state, fogbear, ap=6)`); `set_ap` sets the action points left in the
running Hewn turn, `set_depleted` the depletion track and `set_supply` the pile,
the token stock and the new-mine pool.

The order of dice. `roll` plays faces in the order the engine queued the dice,
and a decision that names a die (DIE k: a re-roll, a dodge, an artillery
discard, the danger order, a respite) counts k from 0 in the same order:

* mining: the mining dice (card, mine bonus, claws, aggressive, Gozzbag: all
  alike), then, once the Substract is taken, the danger dice; DIE k of a
  re-roll is mining die k, of the danger order and the respite danger die k;
* an encounter: in a same-space encounter first the repair dice (the repairer's
  d10s, then the defender's d10s against the repair); then the attack on the
  mover's target, then the attack on the mover (reactors). Each attack lists
  its attackers in announcing order, each attacker's dice as close combat,
  laser, area, then the explode area dice, then an implosion bomb's 6
  close-combat dice; then its defender's speed dice and
  armour dice (card, Slocic shield, body screens). DIE k of a dodge or a
  re-roll is attack die k of the attack being resolved (defence dice are not
  counted);
* artillery: the attacker's laser dice, then its area dice (then any extra
  attack dice, such as a bomb's), then the target's speed and armour dice, as
  above. DIE k of the discard is attack die k; DIE k of the dodge that follows
  counts the attack dice left after the discard;
* a danger token's attack: the token's attack dice, then the defender's speed
  and armour dice;
* a FLY or CLIMB (cards "terrain"): one d10 once the target is chosen (0: the
  Hewn is swept away); then, if it lands on a danger token, the token's
  attack;
* an EXTRACT with a Suderer: one mining die (no danger dice);
* a same-space repair: the repairer's d10s (Repair ability, Fixitos), then
  its Nanadice; the defender's d10s (its own, brain screens, heart), then the
  Nanadice of its defending Nananbites;
* an implosion bomb's overflow, per Hewn attacked: the 4 close-combat dice,
  then the defender's speed and armour dice, then the hurt die on a hit;
* the recovery phase: per recovering Hewn, by id, a d10 per Fixito, a d10 for
  its heart, a Nanadice per Nananbite, then the difficulty d10; then per
  stunned Hewn with a stone heart, by id, the heart colour's d10 then the
  difficulty d10; a re-assertion: the heart owner's d10, then the
  controller's.

Technologies (`place(..., techs=[...])`) are fitted in order: a Nanasocket one
into the first free Nanasocket, then into a fitted Mamabite's slots; a Mamabite
opens its four slots (`nanas`).

Swarms (cards "complete"): a swarm is placed at full strength; `set_members`
leaves only some of its members alive (`set_members(state, veyark, [0, 1, 6])`).

Heart stones (cards "nanas"): `place(..., techs=["Heart stones"])` puts a stone
of the placing seat's colour into the Hewn's heart card, `set_heart` one of any
seat's colour (a Hewn taken over by brain repair keeps its old owner's heart).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, replace
from typing import Any, Final

from scavenger_env.core.errors import IllegalActionError

from . import nanas, rules, swarm, tunnels
from .actions import DIE, id_of
from .auction import BidFrame
from .config import HewnsConfig
from .data import (
    DICE,
    HEWN_TYPES,
    TECHS,
    Ability,
    CardSet,
    DieKind,
    Gem,
    HewnType,
    Socket,
    Symbol,
    TechKind,
    Token,
)
from .flow import FACES, is_chance, push
from .setup import new_state
from .state import (
    DECK,
    EMPTY_SLOT,
    NEUTRAL,
    NO_SLOT,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    Ask,
    Phase,
    RoundFrame,
    RoundStep,
    State,
    hewn_type,
)
from .tuning import HEWN_TUNABLE
from .turns import start_player_turn as _start_player_turn
from .turnstate import hewn_turn
from .turnstate import start_hewn_turn as _start_hewn_turn

__all__ = [
    "actions_phase",
    "auction_phase",
    "face_index",
    "hewn_id",
    "place",
    "place_card",
    "play",
    "rig",
    "roll",
    "set_ap",
    "set_bidox_nananbites",
    "set_depleted",
    "set_heart",
    "set_members",
    "set_mine",
    "set_screen",
    "set_supply",
    "set_token",
    "set_tunnel",
    "start_hewn_turn",
    "start_player_turn",
    "tunnel_space",
]


class PositionError(ValueError):
    """A position asked for something the game does not have (an unknown Hewn
    type, a full deck, a space off the map)."""


def actions_phase(
    num_players: int = 2,
    *,
    round: int = 1,
    order: Iterable[int] | None = None,
    shown: bool = False,
    **options: Any,
) -> State:
    """An empty board in the actions phase of `round`: the starting mines, the
    full piles, no Hewn bought, no Substract anywhere, turn order `order` (seat
    order by default), every turn-order card face down unless `shown`.
    `options` are `HewnsConfig` fields (`rules_version=1`)."""
    config = HewnsConfig(num_players=num_players, **options)
    state = new_state(config)
    state.round = round
    state.phase = Phase.ACTIONS
    state.order = list(range(num_players)) if order is None else list(order)
    if sorted(state.order) != list(range(num_players)):
        raise PositionError(f"order {state.order} is not a permutation of the seats")
    for card, seat in enumerate(state.order, start=1):
        state.turn_card[seat] = card
        state.card_shown[seat] = shown
    state.order_index = 0
    push(state, RoundFrame(RoundStep.ACTIONS))
    return state


def auction_phase(num_players: int = 2, *, bidder: int = 0, **options: Any) -> State:
    """Round 1's auction with nothing bought, at `bidder`'s bid turn (no
    Bidox placed yet). `options` are `HewnsConfig` fields."""
    config = HewnsConfig(num_players=num_players, **options)
    if not 0 <= bidder < num_players:
        raise PositionError(f"seat {bidder} is not one of the {num_players} seats")
    state = new_state(config)
    state.round = 1
    state.bidder = state.first_bidder = state.opening_bidder = bidder
    push(state, RoundFrame(RoundStep.BIDDING))
    push(state, BidFrame(bidder))
    return state


def _type_index(name: str) -> int:
    for i, h in enumerate(HEWN_TYPES):
        if h.name.lower() == name.lower():
            return i
    names = ", ".join(h.name for h in HEWN_TYPES)
    raise PositionError(f"no Hewn type {name!r}; the types are {names}")


def hewn_id(hewn_type_name: str, copy: int = 0) -> int:
    """The card instance id of copy `copy` (0 first) of `hewn_type_name`."""
    t = _type_index(hewn_type_name)
    ids = [h for h in range(NUM_HEWNS) if _type_of(h) == t]
    if not 0 <= copy < len(ids):
        raise PositionError(
            f"a {hewn_type_name} has copies 0-{len(ids) - 1}, not copy {copy}"
        )
    return ids[copy]


def place(
    state: State,
    hewn_type_name: str,
    seat: int,
    space: int = OFF_BOARD,
    *,
    normal: int = 0,
    dirty: int = 0,
    damaged: bool = False,
    stunned: bool = False,
    techs: Iterable[str] = (),
    copy: int | None = None,
) -> int:
    """Take a card of `hewn_type_name` from its deck (the first one left, or
    copy `copy`: `hewn_id`) and put it in `space` (`place_card`). Returns the
    card instance id (its HEWN action id offset)."""
    t = _type_index(hewn_type_name)
    free = [h for h in range(NUM_HEWNS) if _type_of(h) == t and state.loc[h] == DECK]
    if copy is not None:
        wanted = hewn_id(hewn_type_name, copy)
        free = [wanted] if wanted in free else []
    if not free:
        which = "" if copy is None else f" (copy {copy})"
        raise PositionError(
            f"no {hewn_type_name} card{which} left in the deck (or not in these cards)"
        )
    place_card(
        state,
        free[0],
        seat,
        space,
        normal=normal,
        dirty=dirty,
        damaged=damaged,
        stunned=stunned,
        techs=techs,
    )
    return free[0]


def place_card(
    state: State,
    hewn: int,
    seat: int,
    space: int = OFF_BOARD,
    *,
    normal: int = 0,
    dirty: int = 0,
    damaged: bool = False,
    stunned: bool = False,
    techs: Iterable[str] = (),
) -> None:
    """Take card instance `hewn` (`hewn_id`) from its deck and put it in `space`
    (a map space id, a dug tunnel's `tunnel_space`, or `OFF_BOARD` behind
    `seat`'s screen) under `seat`'s control (no rod if `stunned`), with a load
    and technologies fitted in order (Nanasocket ones into Nanasockets, Sicket
    ones into Sicket sockets); the normal load comes from the pile, so
    Substract stays conserved."""
    card = state.card(hewn)
    name = card.name
    if state.loc[hewn] != DECK:
        raise PositionError(f"card {hewn} (a {name}) is not in the deck")
    if not (space == OFF_BOARD or tunnels.on_board(state, space)):
        raise PositionError(
            f"space {space} is not on this board (0-{state.board.n_spaces - 1}, "
            "or a dug tunnel: tunnel_space)"
        )
    if space >= 0 and not tunnels.admits(state, space, card.size):
        raise PositionError(f"space {space} does not admit a {name}")
    if normal + dirty > card.store_total:
        raise PositionError(f"a {name} stores at most {card.store_total}")
    if card.members and (stunned or damaged):
        raise PositionError(
            f"a {name} is a swarm: it is never stunned or damaged (it loses "
            "members instead: set_members)"
        )
    state.hewn_deck[card.size].remove(hewn)
    state.loc[hewn] = space
    state.ctrl[hewn] = NEUTRAL if stunned else seat
    state.damaged[hewn] = damaged
    state.normal[hewn] = normal
    state.dirty[hewn] = dirty
    state.normal_pile -= normal
    for tech in techs:
        _fit(state, hewn, tech, seat)


def _type_of(h: int) -> int:
    return HEWN_TYPES.index(hewn_type(h))


def _fit(state: State, hewn: int, tech_name: str, seat: int) -> None:
    tech = next((t for t in TECHS if t.name.lower() == tech_name.lower()), None)
    if tech is None:
        names = ", ".join(t.name for t in TECHS)
        raise PositionError(
            f"no technology {tech_name!r}; the technologies are {names}"
        )
    card = state.card(hewn)
    if tech.socket == Socket.HEART:
        set_heart(state, hewn, seat)
        return
    slots = state.slots[hewn]
    if tech.socket == Socket.NANA:  # Nanasockets, then the Mamabites' slots
        places = [
            *range(card.nanasockets),
            *range(nanas.base_slots(state, hewn), len(slots)),
        ]
    else:
        places = list(range(card.nanasockets, card.nanasockets + card.sicket_sockets))
    for i in places:
        if slots[i] == EMPTY_SLOT:
            slots[i] = int(tech.kind)
            if tech.kind == TechKind.MAMABITE:
                nanas.open_mamabite(state, hewn, i)
            return
    raise PositionError(f"a {card.name} has no free socket for a {tech.name}")


def set_token(state: State, space: int, token: str | Token | None) -> None:
    """Put a danger token ("lava", "snedj", "planet_attack", or a `Token`) in
    `space`, taken from the stock, or remove the one there (None). Only map
    spaces take tokens (a dug tunnel never does)."""
    if not 0 <= space < state.board.n_spaces:
        raise PositionError(f"space {space} is not a map space: no token there")
    old = state.token[space]
    if old != NONE:
        state.token_stock[old] += 1
        state.token[space] = NONE
    if token is None:
        return
    kind = Token[token.upper()] if isinstance(token, str) else Token(token)
    state.token_stock[kind] -= 1
    state.token[space] = int(kind)


def tunnel_space(number: int) -> int:
    """The location (a space id: `actions.SPACE` + it is its action id) of
    dug-tunnel piece `number` (1-12, as printed: "places tunnel 9")."""
    if not 1 <= number <= tunnels.NUM_PIECES:
        raise PositionError(
            f"tunnels are numbered 1-{tunnels.NUM_PIECES}, not {number}"
        )
    return tunnels.tunnel_loc(number - 1)


def set_tunnel(state: State, number: int, a: int | None, b: int | None = None) -> int:
    """Lay dug-tunnel piece `number` (1-12) between map spaces `a` and `b`,
    or put it back in the stock (`a` None; it must be empty). Returns its
    location (`tunnel_space`)."""
    loc = tunnel_space(number)
    piece = tunnels.piece_of(loc)
    if a is None:
        if not tunnels.is_empty(state, piece):
            raise PositionError(f"tunnel {number} has a Hewn in it")
        tunnels.lift(state, piece)
        return loc
    n = state.board.n_spaces
    if b is None or not (0 <= a < n and 0 <= b < n) or a == b:
        raise PositionError(f"a tunnel joins two map spaces 0-{n - 1}, not {a}, {b}")
    tunnels.lay(state, piece, a, b)
    return loc


def set_mine(state: State, space: int, bonus: int | None) -> None:
    """Put a mine with `bonus` (0 normal, 1-3 for +1..+3) in `space`, or remove
    the one there (None). Only map spaces take mines."""
    if not 0 <= space < state.board.n_spaces:
        raise PositionError(f"space {space} is not a map space: no mine there")
    state.mine[space] = NONE if bonus is None else bonus


def set_gem(state: State, hewn: int, gem: str | Gem | None) -> None:
    """Put a gem ("four_legged", "three_legged", "two_legged", or a `Gem`) from
    the gem pile into `hewn`'s heart card (the one there goes back), or return
    the one there (None). Rules 2 only: rules 1 has no gems."""
    if not state.config.audit_fixes():
        raise PositionError("rules 1 has no gems: use rules_version=2")
    if gem is None:
        old = state.gem[hewn]
        if old != NONE:
            state.gem_pile[old] += 1
            state.gem[hewn] = NONE
        return
    if not state.card(hewn).heart:
        raise PositionError(f"a {state.card(hewn).name} has no heart card for a gem")
    kind = _gem_kind(gem)
    if state.gem_pile[kind] == 0:
        raise PositionError(f"no {kind.name.lower()} gem left in the pile")
    set_gem(state, hewn, None)
    state.gem_pile[kind] -= 1
    state.gem[hewn] = int(kind)
    state.heart[hewn] = NONE  # the stone it replaces is destroyed


def set_heart(state: State, hewn: int, seat: int | None) -> None:
    """Put a heart stone of `seat`'s colour (bought by `seat`) into `hewn`'s
    empty heart card, or take the stone there out of the game (None). The
    stone comes from no screen (`set_screen(..., heart_stones=2)` puts stones
    on one). Stage 3: cards "nanas" only."""
    if state.config.card_set < CardSet.NANAS:
        raise PositionError(
            f'the {state.config.cards!r} cards have no heart stones: use cards="nanas"'
        )
    if seat is None:
        state.heart[hewn] = NONE
        return
    if not 0 <= seat < state.num_players:
        raise PositionError(f"seat {seat} is not one of the {state.num_players} seats")
    name = state.card(hewn).name
    if not state.card(hewn).heart:
        raise PositionError(f"a {name} has no heart card for a heart stone")
    if state.gem[hewn] != NONE or state.heart[hewn] != NONE:
        raise PositionError(
            f"the {name} #{hewn}'s heart card is not empty: a heart stone goes only "
            "into an empty one"
        )
    state.heart[hewn] = seat


def _gem_kind(gem: str | Gem) -> Gem:
    if isinstance(gem, Gem):
        return gem
    names = [g.name.lower() for g in Gem]
    if gem.lower() not in names:
        raise PositionError(f"no gem {gem!r}; the gems are {', '.join(names)}")
    return Gem[gem.upper()]


def set_gem_pile(state: State, *counts: int) -> None:
    """What is left in the gem pile, per kind best first (rules 2 only); the
    gems in heart cards stay where they are."""
    if not state.config.audit_fixes():
        raise PositionError("rules 1 has no gems: use rules_version=2")
    if len(counts) != len(Gem) or min(counts) < 0:
        raise PositionError(f"give {len(Gem)} counts >= 0, best gem first")
    state.gem_pile[:] = list(counts)


def set_screen(
    state: State, seat: int, normal: int = 0, dirty: int = 0, **techs: int
) -> None:
    """What lies behind `seat`'s screen: Substract (the normal part taken from the
    pile) and technology pieces by kind name (`mining_claw=1`)."""
    state.normal_pile -= normal - state.screen_normal[seat]
    state.screen_normal[seat] = normal
    state.screen_dirty[seat] = dirty
    for name, count in techs.items():
        kind = next(
            (t.kind for t in TECHS if t.kind.name.lower() == name.lower()), None
        )
        if kind is None:
            raise PositionError(f"no technology kind {name!r}")
        state.screen_tech[seat][kind] = count


def set_bidox_nananbites(state: State, seat: int, box: int, count: int) -> None:
    """Nananbites attached to Bidox `box` of `seat` (from earlier auctions; the
    config's `nananbites_per_bidox` is the most)."""
    limit = state.config.nananbites_per_bidox
    if not 0 <= seat < state.num_players or not 0 <= box < len(state.bidox_nana[seat]):
        raise PositionError(f"seat {seat} has no Bidox {box}")
    if not 0 <= count <= limit:
        raise PositionError(f"a Bidox holds 0-{limit} Nananbites, not {count}")
    state.bidox_nana[seat][box] = count


def set_supply(
    state: State,
    *,
    normal: int | None = None,
    tokens: dict[str, int] | None = None,
    mines: Iterable[int] | None = None,
    entrances: Iterable[int] | None = None,
) -> None:
    """What is left in the supply, for a position late in a game where it runs
    low: `normal` Substract in the pile, danger tokens in the stock by kind name
    (`tokens={"lava": 1}`), the bonuses of the mines still to be drawn, the
    next first (0 normal, 1-3 for +1..+3), and the entrance pieces left for
    secret entrances by size (`entrances=(0, 1, 2)`: S, M, B; at most the
    map's stock). Pieces taken out this way leave the game; what is not given
    stays as it is. Refuses, changing nothing, a count below 0 or more tokens
    or entrance pieces than the box holds off the board."""
    stock = list(state.token_stock)
    for name, count in (tokens or {}).items():
        kind = next((k for k in Token if k.name.lower() == name.lower()), None)
        if kind is None:
            names = ", ".join(k.name.lower() for k in Token)
            raise PositionError(f"no danger token {name!r}; the tokens are {names}")
        on_board = sum(t == kind for t in state.token)
        most = state.config.scenario.danger_tokens - on_board
        if not 0 <= count <= most:
            raise PositionError(
                f"the stock can hold 0-{most} {name} tokens ({on_board} are on the"
                f" board), not {count}"
            )
        stock[kind] = count
    pool = list(state.mine_pool) if mines is None else list(mines)
    bonuses = len(state.config.scenario.mine_pool)
    if any(not 0 <= bonus < bonuses for bonus in pool):
        raise PositionError(f"a mine's bonus is 0-{bonuses - 1}, not one of {pool}")
    if normal is not None and normal < 0:
        raise PositionError(f"the normal Substract pile cannot hold {normal}")
    pieces = list(state.entrance_stock if entrances is None else entrances)
    box = state.board.spec.entrance_stock
    if len(pieces) != 3 or any(
        not 0 <= k <= m for k, m in zip(pieces, box, strict=True)
    ):
        raise PositionError(
            f"the entrance pieces left are 3 counts (S, M, B) of 0-{list(box)}, "
            f"not {pieces}"
        )
    state.entrance_stock[:] = pieces
    state.token_stock[:] = stock
    state.mine_pool[:] = pool
    if normal is not None:
        state.normal_pile = normal


def set_depleted(state: State, count: int) -> None:
    """The depletion track: `count` mines have depleted so far, up to the
    scenario's end (there, as with an empty pile, the game ends after the next
    action)."""
    end = state.config.scenario.depletion_threshold
    if not 0 <= count <= end:
        raise PositionError(
            f"the depletion track runs 0-{end} (the game's end), not {count}"
        )
    state.depleted = count


#: the card fields `rig` may change: those a config's card-data override may
#: (`tuning.HEWN_TUNABLE`: every component value but the size, which decides
#: the deck and the spaces a Hewn may stand in, the copies, the stage and a
#: swarm's members), and a swarm's members (a position's question only: a
#: rigged swarm starts at full strength)
RIGGABLE: Final = (*HEWN_TUNABLE, "members")

#: the most members a rigged swarm may have (a member is a NUM id, 0-31)
MAX_MEMBERS: Final = 32


def rig(state: State, hewn: int, **stats: Any) -> HewnType:
    """Change the card of Hewn `hewn` in this game only, for a rules question
    ("what if this Fogbear had 6 action points?"): `stats` are `HewnType`
    fields from `RIGGABLE` (`ap=6`, `store=(4, 4)`, `abilities=("dig",)`).
    A Hewn turn already running keeps its action points (`set_ap`). Socket
    counts may change only while the Hewn has nothing fitted. Returns the new
    card; refuses bad stats with a `PositionError`, changing nothing."""
    if not 0 <= hewn < NUM_HEWNS:
        raise PositionError(f"no Hewn {hewn}: the card ids are 0-{NUM_HEWNS - 1}")
    card = state.card(hewn)
    changes = {name: _rigged_value(card, name, value) for name, value in stats.items()}
    new = replace(card, **changes)
    if not new.heart and (state.heart[hewn] != NONE or state.gem[hewn] != NONE):
        raise PositionError(
            f"the {card.name} #{hewn} holds a heart stone or a gem: take it out "
            "before taking its heart card away"
        )
    if state.normal[hewn] + state.dirty[hewn] > new.store_total:
        raise PositionError(
            f"the {card.name} #{hewn} carries "
            f"{state.normal[hewn] + state.dirty[hewn]} Substract, more than a store "
            f"of {new.store_total}"
        )
    sockets = new.nanasockets + new.sicket_sockets
    if sockets != len(state.slots[hewn]):
        if any(slot != EMPTY_SLOT for slot in state.slots[hewn]):
            raise PositionError(
                f"the {card.name} #{hewn} has technologies fitted: take them off "
                "before changing its socket counts"
            )
        state.slots[hewn] = [EMPTY_SLOT] * sockets
        state.slot_hidden[hewn] = [False] * sockets
    _check_swarm_card(card, new, state.members[hewn])
    table = list(state.card_table)
    table[hewn] = new
    state.card_table = tuple(table)
    if new.members != card.members:  # a swarm at full strength (or none)
        state.members[hewn] = new.members
        state.member_alive[hewn] = (1 << new.members) - 1
    return new


def _check_swarm_card(card: HewnType, new: HewnType, members_left: int) -> None:
    """A rig keeps a swarm a swarm: members > 0 exactly with the SWARM ability;
    a swarm that lost members keeps its member count."""
    if (new.members > 0) != (Ability.SWARM in new.abilities):
        raise PositionError(
            f"a swarm has members > 0 and the 'swarm' ability, other Hewns neither "
            f"(members={new.members}, abilities={new.abilities}): rig both"
        )
    if new.members > MAX_MEMBERS:
        raise PositionError(f"a swarm has at most {MAX_MEMBERS} members")
    if new.members != card.members and members_left != card.members:
        raise PositionError(
            f"the {card.name} lost members: set_members to full strength "
            "before rigging its member count"
        )


def set_members(state: State, hewn: int, alive: Iterable[int]) -> None:
    """Swarm `hewn` with only the members in `alive` left (0 is its leader;
    `swarm.member_slot` says which socket a member carries). A member that
    dies here must carry nothing: its socket then takes nothing more. Refuses
    a Hewn that is no swarm, an unknown member, or no member at all (a swarm
    with none is dead), changing nothing."""
    if not 0 <= hewn < NUM_HEWNS:
        raise PositionError(f"no Hewn {hewn}: the card ids are 0-{NUM_HEWNS - 1}")
    card = state.card(hewn)
    if card.members == 0:
        raise PositionError(
            f"the {card.name} #{hewn} is not a swarm: it has no members"
        )
    live = sorted(set(alive))
    if not live or not all(isinstance(m, int) and 0 <= m < card.members for m in live):
        raise PositionError(
            f"the {card.name} has members 0-{card.members - 1} (0 the leader); "
            f"name at least one to keep alive, not {list(alive)!r}"
        )
    if 0 not in live and (state.heart[hewn] != NONE or state.gem[hewn] != NONE):
        raise PositionError(
            f"the {card.name}'s heart card, on its leader (member 0), holds a "
            "stone or a gem: keep the leader alive or empty the heart first"
        )
    slots = state.slots[hewn]
    for m in range(card.members):
        slot = swarm.member_slot(state, hewn, m)
        if m not in live and slot != NONE and slots[slot] >= 0:
            raise PositionError(
                f"member {m} of the {card.name} carries a technology in slot "
                f"{slot}: keep it alive or fit nothing there"
            )
    state.member_alive[hewn] = sum(1 << m for m in live)
    state.members[hewn] = len(live)
    for m in range(card.members):
        slot = swarm.member_slot(state, hewn, m)
        if slot != NONE and m not in live:
            slots[slot] = NO_SLOT
        elif slot != NONE and slots[slot] == NO_SLOT:
            slots[slot] = EMPTY_SLOT  # a member brought back carries its socket


def _rigged_value(card: HewnType, name: str, value: Any) -> Any:
    """`value` checked for field `name` of `card`, in the field's type."""
    if name not in RIGGABLE:
        known = {f.name for f in fields(card)}
        why = "is not a card field" if name not in known else "cannot be rigged"
        raise PositionError(f"{name!r} {why}; a rig may change {', '.join(RIGGABLE)}")
    if name in ("weapon", "heart"):
        if not isinstance(value, bool):
            raise PositionError(f"{name} is True or False, not {value!r}")
        return value
    if name == "store":
        if not (
            isinstance(value, tuple | list)
            and value
            and all(isinstance(v, int) and v >= 0 for v in value)
        ):
            raise PositionError(
                f"store is one or more place sizes >= 0, as (4, 4), not {value!r}"
            )
        return tuple(value)
    if name == "abilities":
        return tuple(_ability(a) for a in value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PositionError(f"{name} is an int >= 0, not {value!r}")
    return value


def _ability(name: str | Ability) -> Ability:
    if isinstance(name, Ability):
        return name
    names = [a.name.lower() for a in Ability]
    if not isinstance(name, str) or name.lower() not in names:
        raise PositionError(
            f"no ability {name!r}; the abilities are {', '.join(names)}"
        )
    return Ability[name.upper()]


def set_ap(state: State, ap: int) -> None:
    """The action points left to the Hewn whose turn is running (the top
    frame must be its Hewn turn: `start_hewn_turn` first)."""
    frame = state.frames[-1] if state.frames else None
    if frame is None or frame.ask != Ask.HEWN_TURN:
        raise PositionError("no Hewn turn is waiting for its mover: start one first")
    if isinstance(ap, bool) or not isinstance(ap, int) or ap < 0:
        raise PositionError(f"action points are an int >= 0, not {ap!r}")
    hewn_turn(frame).ap = ap


def start_hewn_turn(state: State, hewn: int) -> None:
    """Start its controller's player turn (if none is running) and `hewn`'s Hewn
    turn in it."""
    seat = state.ctrl[hewn]
    if seat == NEUTRAL:
        raise PositionError(f"Hewn {hewn} has no controller: it cannot take a turn")
    if state.frames[-1].ask != Ask.PLAYER_TURN:
        state.order_index = state.order.index(seat)
        start_player_turn(state, seat)
    _start_hewn_turn(state, seat, hewn)
    rules.drive(state)


def start_player_turn(state: State, seat: int) -> None:
    """Start `seat`'s player turn (one with nothing to do but end it ends by
    itself, and the round goes on)."""
    _start_player_turn(state, seat)
    rules.drive(state)


def face_index(die: str | DieKind, face: int | str, state: State | None = None) -> int:
    """The index of a face of `die` ("mining", "danger", "laser", ...): a number,
    or a symbol name ("gem", "escape", "lava", "snedj", "deplete", "dead", ...);
    the first face that shows it (on `state`'s game's die when given: its
    danger die may be the config's)."""
    kind = DieKind[die.upper()] if isinstance(die, str) else die
    faces = DICE[kind].faces
    if state is not None and kind == DieKind.DANGER:
        faces = state.config.danger_die
    for i, f in enumerate(faces):
        if isinstance(face, str):
            if f.symbol == Symbol[face.upper()]:
                return i
        elif f.symbol == Symbol.NUMBER and f.value == face:
            return i
    shown = ", ".join(
        f.symbol.name.lower() if f.symbol else str(f.value) for f in faces
    )
    raise PositionError(
        f"a {DICE[kind].name} die has no face {face!r}; its faces are {shown}"
    )


def roll(state: State, die: str | DieKind, *faces: int | str) -> None:
    """Play the next rolls, one face per die, as the dice `die` showing `faces`
    (the engine must be waiting for exactly that kind of die)."""
    kind = DieKind[die.upper()] if isinstance(die, str) else die
    for face in faces:
        if not is_chance(state) or not state.roll_queue:
            raise PositionError("the engine is not waiting for a roll")
        if state.roll_queue[0] != kind:
            waiting = DICE[state.roll_queue[0]].name
            raise PositionError(
                f"the engine waits for a {waiting} die, not a {DICE[kind].name} die"
            )
        index = face_index(kind, face, state)
        assert index < FACES[kind]
        rules.apply_action(state, DIE + index)


def play(state: State, *actions: str | int) -> None:
    """Play actions given as ids or as `describe_id` names ("SPACE 33", "VERB
    MINE", "NUM 2", "CTRL END_HEWN_TURN")."""
    for action in actions:
        a = id_of(action) if isinstance(action, str) else action
        why = rules.explain_illegal(state, a)
        if why:
            raise IllegalActionError(why)
        rules.apply_action(state, a)
