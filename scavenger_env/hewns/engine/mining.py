"""Mining: MINE (1 AP, once per Hewn turn) rolls mining dice for normal Substract,
then danger dice (lava, Snedj, planet attack, deplete, new mine, respite, blank).

One frame carries the whole chain and changes its `ask` link by link: MINE_OPTS
(plain, aggressive, Gozzbag, both) -> the mining dice -> MINE_REROLL (one die per
decision) -> MINE_GEM (rules 2: a gem or 2 Substract for a "2/gem" face) -> the
take -> MINE_KEEP -> the danger dice -> DANGER_ORDER, each die
resolved in turn (PLACE_TOKEN, NEW_MINE / REMOVE_TOKEN by the next seat, RESPITE
as child frames) -> the token attacks (`danger.start_attacks`).

The take goes to the owner's screen at once and MINE_KEEP moves the kept part onto
the Hewn, so normal Substract is never held outside the pile, the Hewns and the
screens (an end trigger after the take finds it all scored).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any, Final

from . import danger
from .actions import DIE, NUM, SPACE, Ctrl, Option
from .data import DieKind, Symbol, TechKind, Token
from .effects import insert_gem, token_kills
from .flow import face, game_face, no_resume, pop, push, roll
from .state import FRAME_FIELDS, NONE, Ask, Frame, State
from .tunnels import distances
from .turnstate import MINED, hewn_turn

MINE_FIELDS: Final = (
    "space_mined",
    "aggressive",
    "gozzbag",
    "rerolls",
    "taken",
    "n_mining",
    "n_danger",
    "current",
    "mining_faces",
    "danger_faces",
    "done",
)
"""The fields a `MineFrame` adds to a `Frame`."""


class MineFrame(Frame):
    """The mining chain's frame: its kind moves along `CHAIN` (MINE_OPTS,
    MINE_REROLL, MINE_KEEP, DANGER_ORDER) as the chain goes on, its steps are
    `MineStep`s. `args` = the spaces of the tokens this roll placed, in
    placement order. A field not chosen yet is NONE."""

    __slots__ = MINE_FIELDS

    def __init__(self, seat: int, hewn: int, space_mined: int, rerolls: int) -> None:
        super().__init__(Ask.MINE_OPTS, seat, hewn, step=MineStep.OPTS)
        self.space_mined = space_mined
        self.aggressive = NONE  # 1: the aggressive option
        self.gozzbag = NONE  # 1: Major Gozzbag's option
        self.rerolls = rerolls  # re-rolls left
        self.taken = NONE  # normal Substract the mining dice give
        self.n_mining = NONE
        self.n_danger = NONE
        self.current = NONE  # the mining die being re-rolled
        self.mining_faces: list[int] = []
        self.danger_faces: list[int] = []
        self.done: list[int] = []  # 1 per danger die once resolved

    def copy(self) -> MineFrame:
        """An independent copy."""
        new = MineFrame(self.seat, self.hewn, self.space_mined, self.rerolls)
        self.fill_copy(new)
        new.aggressive = self.aggressive
        new.gozzbag = self.gozzbag
        new.taken = self.taken
        new.n_mining = self.n_mining
        new.n_danger = self.n_danger
        new.current = self.current
        new.mining_faces = list(self.mining_faces)
        new.danger_faces = list(self.danger_faces)
        new.done = list(self.done)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced(
            (self.seat, self.hewn, self.space_mined, self.rerolls), MINE_FRAME_FIELDS
        )

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        fields = (
            self.space_mined,
            self.aggressive,
            self.gozzbag,
            self.rerolls,
            self.taken,
            self.n_mining,
            self.n_danger,
            self.current,
            *self.mining_faces,
            *self.danger_faces,
            *self.done,
        )
        return self.key_with(fields)


MINE_FRAME_FIELDS: Final = (*FRAME_FIELDS, *MINE_FIELDS)
"""Every field of a `MineFrame` (a compiled class has no `__slots__` to read)."""


def mine_of(frame: Frame) -> MineFrame:
    """`frame` as the mining chain's frame it is."""
    if not isinstance(frame, MineFrame):
        raise RuntimeError(f"not a mining frame: {frame!r}")
    return frame


class MineStep(IntEnum):
    """The mining frame's steps, in the order they run (what its resume goes
    on with: `MINE_STEPS`)."""

    OPTS = 0  # the options are asked (MINE_OPTS)
    ROLL_MINING = 1  # the mining dice are rolled
    REROLLING = 2  # a mining die was rolled again (MINE_REROLL, MINE_KEEP)
    ROLL_DANGER = 3  # the danger dice are rolled
    RESOLVING = 4  # the danger dice, one at a time (DANGER_ORDER, ...)
    ATTACKING = 5  # the tokens placed attack; then the chain ends


CHAIN: Final = (
    Ask.MINE_OPTS,
    Ask.MINE_REROLL,
    Ask.MINE_GEM,
    Ask.MINE_KEEP,
    Ask.DANGER_ORDER,
)

TOKEN_OF: Final = {
    Symbol.LAVA: Token.LAVA,
    Symbol.SNEDJ: Token.SNEDJ,
    Symbol.PLANET_ATTACK: Token.PLANET_ATTACK,
}
CANCELLABLE: Final = (Symbol.LAVA, Symbol.SNEDJ, Symbol.PLANET_ATTACK, Symbol.DEPLETE)


class PlaceStep(IntEnum):
    """PLACE_TOKEN's steps, in the order they run."""

    TAKE_FROM_BOARD = 0  # the stock is empty: which token on the board moves
    PUT = 1  # where the token goes


class PlaceFrame(Frame):
    """PLACE_TOKEN (`step`: a `PlaceStep`): `kind` is the danger token to
    place, `mined` the space mined (the token goes next to it)."""

    __slots__ = ("kind", "mined")

    def __init__(self, seat: int, hewn: int, kind: int, step: int, mined: int) -> None:
        super().__init__(Ask.PLACE_TOKEN, seat, hewn, step=step)
        self.kind = int(kind)  # plain ints: digests and copies stay exact
        self.mined = mined

    def copy(self) -> PlaceFrame:
        """An independent copy."""
        new = PlaceFrame(self.seat, self.hewn, self.kind, self.step, self.mined)
        self.fill_copy(new)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced(
            (self.seat, self.hewn, self.kind, self.step, self.mined), PLACE_FRAME_FIELDS
        )

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        return self.key_with((self.kind, self.mined))


PLACE_FRAME_FIELDS: Final = (*FRAME_FIELDS, "kind", "mined")
"""Every field of a `PlaceFrame` (a compiled class has no `__slots__` to
read)."""


def place_frame(frame: Frame) -> PlaceFrame:
    """`frame` as the token placement it is."""
    if not isinstance(frame, PlaceFrame):
        raise RuntimeError(f"not a token placement: {frame!r}")
    return frame


class RespiteStep(IntEnum):
    """RESPITE's steps, in the order they run (the first asked is the first
    with a choice)."""

    CHOOSE = 0  # cancel a danger die or withdraw a token
    CANCEL = 1  # which danger die is cancelled
    WITHDRAW = 2  # which token is withdrawn


# --- who may mine, and how many dice -------------------------------------------------


def claws(state: State, hewn: int) -> int:
    """The mining claws fitted on `hewn`."""
    return sum(1 for t in state.slots[hewn] if t == TechKind.MINING_CLAW)


def claw_dice(state: State, hewn: int) -> int:
    """rulebook: a mining claw gives "1 extra mining dice" (the card's
    `mining_dice`, per claw fitted)."""
    return claws(state, hewn) * state.tech(TechKind.MINING_CLAW).mining_dice


def has_gozzbag(state: State, hewn: int) -> bool:
    """rulebook: "it can choose to use Major Gozzbag's special ability if it has
    Major Gozzbag attached"."""
    return TechKind.MAJOR_GOZZBAG in state.slots[hewn]


def can_mine_at_all(state: State, hewn: int) -> bool:
    """rulebook: the mining ability on the card, or "If a mining claw is used by a
    Hewn that normally does NOT mine - that Hewn now functions as a normal
    miner"."""
    return state.card(hewn).mine > 0 or claws(state, hewn) > 0


def can_mine(state: State, hewn: int, turn: Frame) -> bool:
    """Whether MINE is legal for `hewn` in its Hewn turn `turn`: "Mining 1" action
    point, "Maximum 1 time per Hewn's turn", the ability, and a mine in its
    space."""
    loc = state.loc[hewn]
    return (
        hewn_turn(turn).ap >= 1
        and not hewn_turn(turn).mined & MINED
        and danger.on_map(state, loc)
        and state.mine[loc] != NONE
        and can_mine_at_all(state, hewn)
    )


def mining_dice(state: State, hewn: int, aggressive: int, gozzbag: int) -> int:
    """rulebook (Major Miner example): "3 for its normal mine ability + 1 for the
    mine type + 1 for the mining claw + 1 for being aggressive"; Gozzbag "roll an
    additional 1 mining dice"."""
    space = state.loc[hewn]
    gozz = gozzbag * state.tech(TechKind.MAJOR_GOZZBAG).mining_dice
    return (
        state.card(hewn).mine + state.mine[space] + claw_dice(state, hewn) + aggressive
    ) + gozz


def danger_dice(state: State, aggressive: int, gozzbag: int) -> int:
    """rulebook: "roll a single (1) planet danger dice", "1 more danger dice" when
    aggressive, "1 additional danger dice" with Gozzbag (the card's
    `danger_dice`); mine bonuses and claws add none."""
    return 1 + aggressive + gozzbag * state.tech(TechKind.MAJOR_GOZZBAG).danger_dice


def start_mining(state: State, turn: Frame) -> None:
    """MINE was chosen: pay the AP and push the mining chain."""
    hewn = turn.hewn
    hewn_turn(turn).ap -= 1
    hewn_turn(turn).mined |= MINED
    push(state, MineFrame(turn.seat, hewn, state.loc[hewn], state.card(hewn).rerolls))


# --- the frame's layout ----------------------------------------------------------------


def _mining_faces(frame: Frame) -> list[int]:
    return list(mine_of(frame).mining_faces)


def danger_at(state: State, frame: Frame, i: int) -> int:
    """The symbol of danger die `i`."""
    return game_face(state, DieKind.DANGER, mine_of(frame).danger_faces[i])[1]


def _unresolved(frame: Frame) -> list[int]:
    mine = mine_of(frame)
    return [i for i in range(mine.n_danger) if not mine.done[i]]


def mine_frame(state: State) -> MineFrame:
    """The mining frame under the current child decision."""
    for frame in reversed(state.frames):
        if isinstance(frame, MineFrame):
            return frame
    raise RuntimeError("no mining chain on the stack")  # pragma: no cover


# --- options, mining dice, re-rolls ---------------------------------------------------


def legal_opts(state: State, frame: Frame) -> list[int]:
    legal = [Option.MINE_PLAIN, Option.MINE_AGGRESSIVE]
    if has_gozzbag(state, frame.hewn):
        legal += [Option.MINE_GOZZBAG, Option.MINE_AGGRESSIVE_GOZZBAG]
    return sorted(int(a) for a in legal)


def apply_opts(state: State, frame: Frame, action: int) -> None:
    """rulebook: "The choice must be made before rolling any dice"."""
    aggressive = int(action in (Option.MINE_AGGRESSIVE, Option.MINE_AGGRESSIVE_GOZZBAG))
    gozzbag = int(action in (Option.MINE_GOZZBAG, Option.MINE_AGGRESSIVE_GOZZBAG))
    mine_of(frame).aggressive = aggressive
    mine_of(frame).gozzbag = gozzbag
    mine_of(frame).n_mining = mining_dice(state, frame.hewn, aggressive, gozzbag)
    mine_of(frame).n_danger = danger_dice(state, aggressive, gozzbag)
    frame.step = MineStep.ROLL_MINING
    state.rolled.clear()
    roll(state, [int(DieKind.MINING)] * mine_of(frame).n_mining)


def _after_mining_dice(state: State, frame: Frame) -> None:
    """rulebook: "the Hewn can use any OR all of his re-rolls to re-roll any of
    his mining dice"; a card without re-rolls skips the step."""
    if mine_of(frame).rerolls > 0:
        frame.ask = Ask.MINE_REROLL
    else:
        _gem_or_take(state, frame)


def legal_reroll(state: State, frame: Frame) -> list[int]:
    return [int(Ctrl.DONE), *(DIE + i for i in range(mine_of(frame).n_mining))]


def apply_reroll(state: State, frame: Frame, action: int) -> None:
    """rulebook: "You can even re-roll a single dice more than once - if you have
    enough re-rolls"; "you cannot re-roll danger dice"."""
    if action == Ctrl.DONE:
        _gem_or_take(state, frame)
        return
    mine_of(frame).current = action - DIE
    mine_of(frame).rerolls -= 1
    frame.step = MineStep.REROLLING
    state.rolled.clear()
    roll(state, [int(DieKind.MINING)])


# --- the take and the keep ------------------------------------------------------------


def mined_total(frame: Frame) -> int:
    """rulebook: "simply adds up all of the mining numbers rolled"; a "2/gem" face
    counts 2 unless a gem is taken for it (`MINE_GEM`)."""
    return sum(face(DieKind.MINING, i)[0] for i in _mining_faces(frame))


def gem_faces(frame: Frame) -> int:
    """How many mining dice show the "2/gem" face."""
    return sum(
        1 for i in _mining_faces(frame) if face(DieKind.MINING, i)[1] == Symbol.GEM
    )


def may_take_gem(state: State, frame: Frame) -> bool:
    """rulebook (rules 2): "the owning player of the Hewn can choose to either
    receive 2 normal Substract or, if the Hewn has the heart card ability, it can
    choose to take a Substract Gem": a "2/gem" face rolled, the heart ability and
    a gem left in the pile (D40)."""
    return (
        state.config.audit_fixes()
        and state.card(frame.hewn).heart
        and any(state.gem_pile)
        and gem_faces(frame) > 0
    )


def _gem_or_take(state: State, frame: Frame) -> None:
    """The mining dice are final: the gem choice when there is one, else the
    take."""
    if may_take_gem(state, frame):
        frame.ask = Ask.MINE_GEM
    else:
        _take(state, frame)


GEM_FACE_VALUE: Final = 2
"""What a "2/gem" face adds when no gem is taken for it."""


def legal_gem(state: State, frame: Frame) -> list[int]:
    return [int(Option.TAKE_GEM), int(Option.TAKE_TWO)]


def apply_gem(state: State, frame: Frame, action: int) -> None:
    """rulebook: "When a Hewn rolls the "2/gem" on the mining dice, the owning
    player of the Hewn can choose to either receive 2 normal Substract or ...
    take a Substract Gem". Asked once per mining action (a ruling: one gem per
    mining action, D40, and every "2/gem" face is alike, so a second question
    could only repeat the first): the other "2/gem" faces count 2."""
    if action == Option.TAKE_GEM:
        insert_gem(state, frame.hewn)
        _take(state, frame, less=GEM_FACE_VALUE)
    else:
        _take(state, frame)


def _take(state: State, frame: Frame, less: int = 0) -> None:
    """rulebook: "takes that total number of normal Substract from the pool" (as
    much as is left; `less` for the face a gem was taken for); it is on the
    owner's screen until MINE_KEEP loads some of it onto the Hewn."""
    amount = min(mined_total(frame) - less, state.normal_pile)
    state.normal_pile -= amount
    state.screen_normal[frame.seat] += amount
    mine_of(frame).taken = amount
    if amount > 0:
        frame.ask = Ask.MINE_KEEP
    else:
        _roll_danger(state, frame)


def legal_keep(state: State, frame: Frame) -> list[int]:
    most = min(mine_of(frame).taken, state.capacity(frame.hewn))
    return [NUM + k for k in range(most + 1)]


def apply_keep(state: State, frame: Frame, action: int) -> None:
    """rulebook: "That Substract can either be loaded onto/ into the Hewn, and/or
    ... transmitted off planet"."""
    kept = action - NUM
    state.screen_normal[frame.seat] -= kept
    state.normal[frame.hewn] += kept
    _roll_danger(state, frame)


# --- the danger dice ------------------------------------------------------------------


def _roll_danger(state: State, frame: Frame) -> None:
    """rulebook: "Once the player has taken the normal Substract, ONLY then apply
    the effects of the danger dice rolled"."""
    frame.step = MineStep.ROLL_DANGER
    state.rolled.clear()
    roll(state, [int(DieKind.DANGER)] * mine_of(frame).n_danger)


def _next_die(state: State, frame: Frame) -> None:
    """rulebook: "he can choose the order in which to deal with the danger dice";
    asked only when the dice left differ. After the last die the tokens attack
    (D37)."""
    left = _unresolved(frame)
    if not left:
        frame.step = MineStep.ATTACKING
        if frame.args:
            danger.start_attacks(state, frame.seat, frame.args)
        else:
            pop(state)
        return
    if len({danger_at(state, frame, i) for i in left}) == 1:
        _resolve(state, frame, left[0])
    else:
        frame.ask = Ask.DANGER_ORDER


def legal_order(state: State, frame: Frame) -> list[int]:
    return [DIE + i for i in _unresolved(frame)]


def apply_order(state: State, frame: Frame, action: int) -> None:
    _resolve(state, frame, action - DIE)


def _resolve(state: State, frame: Frame, i: int) -> None:
    """Apply danger die `i`'s face; a face that needs a decision pushes its frame
    and the chain goes on when it is popped."""
    mine_of(frame).done[i] = 1
    frame.step = MineStep.RESOLVING
    symbol = danger_at(state, frame, i)
    if symbol in TOKEN_OF:
        _token_face(state, frame, TOKEN_OF[Symbol(symbol)])
    elif symbol == Symbol.DEPLETE:
        danger.deplete(state, mine_of(frame).space_mined)
        _next_die(state, frame)
    elif symbol == Symbol.NEW_MINE:
        _new_mine_face(state, frame)
    elif symbol == Symbol.RESPITE:
        _respite_face(state, frame)
    else:  # rulebook: "Blank face Nothing happens."
        _next_die(state, frame)


# --- lava, Snedj, planet attack --------------------------------------------------------


def placement_targets(state: State, space: int) -> list[int]:
    """rulebook: "either 1 space away from the mine you are mining OR on the space
    the Hewn was mining. (Provided that the chosen space chosen has no danger
    tokens already on it.)"; if all are taken, "as close to the original mining
    space as possible" (D42 distances)."""
    board = state.board
    away = distances(state, space)  # dug tunnels count (they take no token)
    near = [
        s for s in range(board.n_spaces) if 0 <= away[s] <= 1 and state.token[s] == NONE
    ]
    if near:
        return near
    free = [
        (away[s], s)
        for s in range(board.n_spaces)
        if state.token[s] == NONE and away[s] >= 0
    ]
    best = min(d for d, _ in free)
    return [s for d, s in free if d == best]


def withdraw(state: State, space: int) -> None:
    """A token leaves the board (back to its stock); if this roll placed it, it
    will not attack (D37: "respite may remove a just-placed token")."""
    danger.return_token(state, space)
    frame = mine_frame(state)
    if space in frame.args:
        frame.args.remove(space)


def place_token(state: State, kind: int, space: int) -> None:
    """Put a token of `kind` from its stock on `space`; it kills the Hewns there
    that are not healthy at once ("Dangers tokens immediately kill all stunned
    and/or damaged Hewns"), and attacks the others after the last die (D37)."""
    state.token[space] = kind
    state.token_stock[kind] -= 1
    mine_frame(state).args.append(space)
    token_kills(state, space)


def _token_face(state: State, frame: Frame, kind: int) -> None:
    """rulebook: "If there are no remaining danger tokens of that type rolled in the
    stacks of tokens, remove any danger token (matching the dice roll) that's
    currently on the board and place it according to the rules above"."""
    if state.token_stock[kind] == 0:
        on_board = [s for s in range(state.board.n_spaces) if state.token[s] == kind]
        if len(on_board) > 1:
            push(state, _place_frame(frame, kind, PlaceStep.TAKE_FROM_BOARD))
            return
        withdraw(state, on_board[0])
    targets = placement_targets(state, mine_of(frame).space_mined)
    if len(targets) == 1:
        place_token(state, kind, targets[0])
        _next_die(state, frame)
    else:
        push(state, _place_frame(frame, kind, PlaceStep.PUT))


def _place_frame(mine: Frame, kind: int, step: int) -> PlaceFrame:
    return PlaceFrame(mine.seat, mine.hewn, kind, step, mine_of(mine).space_mined)


def legal_place(state: State, frame: Frame) -> list[int]:
    place = place_frame(frame)
    if place.step == PlaceStep.TAKE_FROM_BOARD:
        spaces = [
            s for s in range(state.board.n_spaces) if state.token[s] == place.kind
        ]
    else:
        spaces = placement_targets(state, place.mined)
    return [SPACE + s for s in spaces]


def apply_place(state: State, frame: Frame, action: int) -> None:
    place = place_frame(frame)
    space = action - SPACE
    if place.step == PlaceStep.TAKE_FROM_BOARD:
        withdraw(state, space)
        targets = placement_targets(state, place.mined)
        if len(targets) > 1:
            place.step = PlaceStep.PUT
            return
        space = targets[0]
    place_token(state, place.kind, space)
    pop(state)


# --- new mine ---------------------------------------------------------------------------


def next_seat(state: State, seat: int) -> int:
    """rulebook: "the next player in turn order after the current mining Hewn's
    owner"; "player 1 would be next in line after player 4"."""
    order = state.order or list(range(state.num_players))
    return order[(order.index(seat) + 1) % len(order)]


def new_mine_spaces(state: State) -> list[int]:
    """rulebook: "selects any space on the board, empty of mines and all danger
    tokens" (D36: node and ravine spaces)."""
    return [
        s
        for s in range(state.board.n_spaces)
        if state.mine[s] == NONE and state.token[s] == NONE
    ]


def _new_mine_face(state: State, frame: Frame) -> None:
    """rulebook: "If there are no mines left in the mine pool, then ignore the die
    roll"; else the next seat reveals its turn-order card ("they will have to
    reveal the order") and places the next mine of the pool; with no free space
    it first removes a danger token."""
    if not state.mine_pool or not (new_mine_spaces(state) or clearable(state)):
        _next_die(state, frame)
        return
    seat = next_seat(state, frame.seat)
    state.card_shown[seat] = True
    ask = Ask.NEW_MINE if new_mine_spaces(state) else Ask.REMOVE_TOKEN
    push(state, Frame(ask, seat))


def clearable(state: State) -> list[int]:
    """The tokens whose removal frees a space for the new mine (a ruling: a token
    on a mine, placed by this roll before its depletion, would free none; with no
    such token the die is ignored like an empty pool)."""
    return [
        s
        for s in range(state.board.n_spaces)
        if state.token[s] != NONE and state.mine[s] == NONE
    ]


def legal_new_mine(state: State, frame: Frame) -> list[int]:
    return [SPACE + s for s in new_mine_spaces(state)]


def apply_new_mine(state: State, frame: Frame, action: int) -> None:
    """rulebook: "If there are normal mines left in the mine pool, place a normal
    mine ..." (the pool is kept normal first)."""
    state.mine[action - SPACE] = state.mine_pool.pop(0)
    pop(state)


def legal_remove(state: State, frame: Frame) -> list[int]:
    return [SPACE + s for s in clearable(state)]


def apply_remove(state: State, frame: Frame, action: int) -> None:
    """rulebook: "simply remove any danger token from the board and return it to
    that danger token stack next to the board, and place the new mine"."""
    withdraw(state, action - SPACE)
    frame.ask = Ask.NEW_MINE


# --- respite ----------------------------------------------------------------------------


def cancellable(state: State, frame: Frame) -> list[int]:
    """rulebook: "negate any danger dice & deplete mine dice rolled this turn":
    the unresolved lava, Snedj, planet-attack and deplete dice of this roll."""
    return [i for i in _unresolved(frame) if danger_at(state, frame, i) in CANCELLABLE]


def tokens_on_board(state: State) -> list[int]:
    """rulebook: "Withdraw any danger token from the map" (one this roll placed
    included, D37)."""
    return [s for s in range(state.board.n_spaces) if state.token[s] != NONE]


def _respite_face(state: State, frame: Frame) -> None:
    """rulebook: "Players must use this dice roll to either ... (If there are no
    danger tokens on the map, nor any danger dice & deplete mine dice rolled, then
    the respite dice roll is ignored.)"; the OPTION step is skipped when only one
    use is possible."""
    can_cancel = bool(cancellable(state, frame))
    can_withdraw = bool(tokens_on_board(state))
    if not can_cancel and not can_withdraw:
        _next_die(state, frame)
        return
    step = (
        RespiteStep.CHOOSE
        if can_cancel and can_withdraw
        else RespiteStep.CANCEL
        if can_cancel
        else RespiteStep.WITHDRAW
    )
    push(state, Frame(Ask.RESPITE, frame.seat, frame.hewn, step=step))


def legal_respite(state: State, frame: Frame) -> list[int]:
    if frame.step == RespiteStep.CHOOSE:
        return [int(Option.RESPITE_CANCEL), int(Option.RESPITE_REMOVE_TOKEN)]
    if frame.step == RespiteStep.CANCEL:
        return [DIE + i for i in cancellable(state, mine_frame(state))]
    return [SPACE + s for s in tokens_on_board(state)]


def apply_respite(state: State, frame: Frame, action: int) -> None:
    if frame.step == RespiteStep.CHOOSE:
        frame.step = (
            RespiteStep.CANCEL
            if action == Option.RESPITE_CANCEL
            else RespiteStep.WITHDRAW
        )
        return
    if frame.step == RespiteStep.CANCEL:
        mine = mine_frame(state)
        mine.done[action - DIE] = 1
    else:
        withdraw(state, action - SPACE)
    pop(state)


# --- resuming the chain -----------------------------------------------------------------


def resume_mine(state: State, frame: Frame) -> None:
    """Dice rolled or a child decision done: go on from the frame's step."""
    MINE_STEPS[MineStep(frame.step)](state, frame)


def mining_dice_rolled(state: State, frame: Frame) -> None:
    """The mining dice are in: re-rolls, or the danger dice."""
    mine_of(frame).mining_faces.extend(state.rolled)
    _after_mining_dice(state, frame)


def mining_die_rerolled(state: State, frame: Frame) -> None:
    """A mining die rolled again: another re-roll, or take the result."""
    mine = mine_of(frame)
    mine.mining_faces[mine.current] = state.rolled[0]
    if mine_of(frame).rerolls > 0:
        frame.ask = Ask.MINE_REROLL
    else:
        _gem_or_take(state, frame)


def danger_dice_rolled(state: State, frame: Frame) -> None:
    """The danger dice are in, none done yet: the first one."""
    mine = mine_of(frame)
    mine.danger_faces.extend(state.rolled)
    mine.done.extend([0] * mine.n_danger)
    _next_die(state, frame)


def attacks_done(state: State, frame: Frame) -> None:
    """The tokens placed have attacked: the chain ends."""
    pop(state)


MINE_STEPS: Final[dict[MineStep, Callable[[State, Frame], None]]] = {
    MineStep.OPTS: no_resume,
    MineStep.ROLL_MINING: mining_dice_rolled,
    MineStep.REROLLING: mining_die_rerolled,
    MineStep.ROLL_DANGER: danger_dice_rolled,
    MineStep.RESOLVING: _next_die,
    MineStep.ATTACKING: attacks_done,
}
"""What the mining frame does when it resumes at each step."""
