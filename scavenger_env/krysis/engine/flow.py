"""How the game moves on between decisions: the phases of a round in order.

Round: mining (blind bid, then placement in bid order, relics drawn 2 keep 1),
building up teams (three hidden picks, each revealed when all have picked),
action (one action each in initiative order), ending the round (teams and used
relics discarded, three draws each). The game ends after round 5.
"""

from __future__ import annotations

from .chance import chance_below, shuffle
from .data import CARDS, RELICS, Ability, AgentKind, crystals_text
from .queries import (
    action_order,
    bid_order,
    bid_value,
    card,
    mine_order,
    team_initiative,
    team_specials,
)
from .speed import speed_turn
from .state import NONE, Alchemy, Phase, SpecialsWhen, State

# -- relic cards -----------------------------------------------------------------


def draw_relic(state: State) -> int:
    """The top relic, or NONE when none is left anywhere. "When the relic card
    pile is exhausted, shuffle the discard pile and make it into a new draw
    pile." """
    if not state.relic_deck:
        if not state.relic_discard:
            return NONE
        state.relic_deck = state.relic_discard
        state.relic_discard = []
        shuffle(state, state.relic_deck)
        state.log.append("The relic discards are shuffled into a new draw pile.")
    return state.relic_deck.pop()


def take_random_relics(state: State, seat: int, count: int) -> list[int]:
    """Take `count` face-down relics from `seat`'s campsite at random ("takes
    them randomly from the attacked player"); returns their types."""
    taken: list[int] = []
    relics = state.camp_relics[seat]
    for _ in range(count):
        total = sum(relics)
        if total == 0:
            break
        pick = chance_below(state, total)
        for t in range(len(relics)):
            if pick < relics[t]:
                relics[t] -= 1
                taken.append(t)
                break
            pick -= relics[t]
    return taken


# -- mining ------------------------------------------------------------------------


def start_bidding(state: State) -> None:
    """ "Each player secretly takes as many crystals from behind his screen (his
    home) as he wishes": each commits in turn, hidden until all have."""
    state.phase = Phase.BID
    state.queue = mine_order(state)
    state.qi = 0
    state.bid_step = 0
    for p in range(state.n):
        state.bid[p] = [0, 0, 0]
        state.bid_done[p] = False
    next_bid(state)


#: rules 2: a count of one colour is bid in base-16 digits, highest first
BID_BASE = 16


def bid_digits(home: int) -> int:
    """Rules 2: how many base-16 digits a count of 0..`home` crystals takes.
    It depends only on the home, which is public, so the number of decisions a
    bid takes tells nothing of its size."""
    digits = 1
    while BID_BASE**digits <= home:
        digits += 1
    return digits


def next_bid(state: State) -> None:
    """The next colour someone can bid: a colour with none at home is skipped
    (home crystals are public, so skipping tells nothing); when every player has
    bid, the bids are revealed."""
    while state.qi < state.n:
        p = state.queue[state.qi]
        while state.bid_step < 3 and state.home[p][state.bid_step] == 0:
            state.bid_step += 1
        if state.bid_step < 3:
            state.mover = p
            if state.config.rules_version >= 2:
                state.bid_digits = bid_digits(state.home[p][state.bid_step]) - 1
            return
        state.bid_done[p] = True
        state.qi += 1
        state.bid_step = 0
    reveal_bids(state)


def reveal_bids(state: State) -> None:
    """ "The bid crystals are paid to the bank", and the placement order is the
    bids' value, highest first, ties to the miner ahead."""
    order = bid_order(state)
    words = []
    for p in range(state.n):
        for c in range(3):
            state.home[p][c] -= state.bid[p][c]
        state.last_bid[p] = state.bid[p][:]
        words.append(
            f"player {p} {bid_value(state.bid[p])} ({crystals_text(state.bid[p])})"
        )
    state.log.append("Bids revealed: " + ", ".join(words) + ".")
    state.level += 1
    state.phase = Phase.PLACE
    state.queue = order
    state.qi = 0
    state.mover = order[0]


def after_placement_step(state: State) -> None:
    """The placing miner draws for its relic symbols, then the next one places."""
    while state.keeps_left > 0:
        first = draw_relic(state)
        second = draw_relic(state) if first != NONE else NONE
        if second == NONE:
            state.keeps_left -= 1
            if first != NONE:
                state.camp_relics[state.mover][first] += 1
            continue
        state.keep_options = [first, second]
        state.phase = Phase.KEEP
        return
    state.keep_options = []
    state.qi += 1
    if state.qi < state.n:
        state.phase = Phase.PLACE
        state.mover = state.queue[state.qi]
    else:
        start_picks(state)


# -- building up the teams ----------------------------------------------------------


def start_picks(state: State) -> None:
    """ "Each player chooses an agent card from his hand and places it face down in
    front of him. When all the players have finished, they simultaneously reveal"
    -- three times."""
    state.phase = Phase.PICK
    state.pick_round = 0
    state.queue = mine_order(state)
    state.qi = 0
    state.mover = state.queue[0]


def reveal_picks(state: State) -> None:
    """All have committed: the picks join the teams, face up."""
    words = []
    for p in range(state.n):
        c = state.pending[p]
        state.team[p].append(c)
        state.pending[p] = NONE
        words.append(f"player {p} {card(state, p, c).name}")
    state.log.append("Agents revealed: " + ", ".join(words) + ".")
    state.pick_round += 1
    state.qi = 0
    state.mover = state.queue[0]
    if state.pick_round == 3:
        start_actions(state)


# -- action ------------------------------------------------------------------------


def start_actions(state: State) -> None:
    """Initiatives are fixed once the teams are complete (multipliers count the
    campsite then), and each player acts once, highest initiative first."""
    for p in range(state.n):
        state.initiative[p] = team_initiative(state, p)
    state.queue = action_order(state)
    state.qi = 0
    state.log.append(
        "Initiative: "
        + ", ".join(f"player {p} {state.initiative[p]}" for p in state.queue)
        + "."
    )
    if state.config.speed:
        play_speed_turns(state)
        return
    begin_turn(state)


def play_speed_turns(state: State) -> None:
    """Speed Krysis: both forced actions in initiative order, then the round
    ends."""
    for seat in state.queue:
        state.mover = seat
        state.log.append(f"Player {seat} {speed_turn(state, seat)}.")
        state.acted[seat] = True
    end_round(state)


def begin_turn(state: State) -> None:
    """The next player in initiative order becomes the active player."""
    p = state.queue[state.qi]
    state.mover = p
    state.reset_turn()
    specials = team_specials(state, p)
    if state.config.rules_version >= 2:
        state.specials_undecided = specials[:]
    state.phase = Phase.SPECIAL_TIMING if specials else Phase.ACTION


def before_the_action(state: State) -> None:
    """Rules 2: ask about the next special agent's timing, or go on to the normal
    action once each has been asked."""
    state.phase = Phase.SPECIAL_TIMING if state.specials_undecided else Phase.ACTION


def finish_normal_action(state: State, desert: bool) -> None:
    """The normal action is done; special agents saved for after act now."""
    state.normal_done = True
    state.end_desert = desert
    if state.config.rules_version >= 2:
        if state.specials_later:
            state.specials_when = SpecialsWhen.AFTER
            state.specials_queue = state.specials_later
            state.specials_later = []
            run_specials(state)
        else:
            end_turn(state)
        return
    if state.specials_when == SpecialsWhen.AFTER:
        state.specials_queue = team_specials(state, state.mover)
        run_specials(state)
    else:
        end_turn(state)


def run_specials(state: State) -> None:
    """Play the queued special agents until one needs a choice. "Carrying out
    the special actions is mandatory." """
    p = state.mover
    while state.specials_queue:
        c = state.specials_queue.pop(0)
        a = card(state, p, c)
        if a.ability == Ability.EMINENT_MINER:
            gain_eminent(state, p, a.amount)
        elif a.ability == Ability.THIEF:
            state.phase = Phase.THIEF
            state.act_target = c
            return
        elif a.ability == Ability.SPY:
            state.phase = Phase.SPY_TARGET
            return
        elif state.camp[p][1] or state.camp[p][2]:  # the Alchemist
            state.phase = Phase.ALCHEMY
            state.alchemy_mode = Alchemy.UNDECIDED
            return
    if state.config.rules_version >= 2:
        if state.normal_done:
            end_turn(state)
        else:
            before_the_action(state)
    elif state.specials_when == SpecialsWhen.FIRST and not state.normal_done:
        state.phase = Phase.ACTION
    else:
        end_turn(state)


def gain_eminent(state: State, seat: int, amount: tuple[int, int, int, int]) -> None:
    """ "The active player receives the goods shown on the card from the bank or
    relic card deck and takes them to his campsite." """
    for c in range(3):
        state.camp[seat][c] += amount[c]
    got = 0
    for _ in range(amount[3]):
        t = draw_relic(state)
        if t != NONE:
            state.camp_relics[seat][t] += 1
            got += 1
    extra = f" and {got} relic(s)" if got else ""
    state.log.append(
        f"Player {seat}'s Eminent miner brings {crystals_text(amount[:3])}{extra}."
    )


def end_turn(state: State) -> None:
    """ "At the end of his action, the active player puts all 3 of his agent cards
    on his own discard pile" when the goods went home or to the bank (the
    campsite is then deserted); otherwise the team and a flipped weapon stay to
    defend the campsite for the round."""
    p = state.mover
    if state.end_desert:
        state.deserted[p] = True
        state.agent_discard[p] += state.team[p]
        state.team[p] = []
        state.relic_discard += state.flipped[p]
        state.flipped[p] = []
        state.weapon_in_play[p] = 0
    elif state.turn_weapon != NONE:
        state.weapon_in_play[p] = RELICS[state.turn_weapon].combat
    state.acted[p] = True
    state.qi += 1
    if state.qi < state.n:
        begin_turn(state)
    else:
        end_round(state)


# -- ending the round -----------------------------------------------------------------


def end_round(state: State) -> None:
    """ "All players place their teams on their own discarded agents piles. All
    used relic cards are also discarded. All players now draw 3 new agent cards"
    -- after the last round the game ends."""
    for p in range(state.n):
        state.agent_discard[p] += state.team[p]
        state.team[p] = []
        state.relic_discard += state.flipped[p]
        state.flipped[p] = []
        state.weapon_in_play[p] = 0
        state.deserted[p] = False
        state.acted[p] = False
    state.clear_turn_effects()
    if state.round >= state.config.rounds:
        state.phase = Phase.GAME_OVER
        state.log.append("The game is over.")
        return
    state.round += 1
    if state.config.speed:
        start_picks(state)
        return
    state.queue = mine_order(state)
    state.qi = 0
    state.draws_left = 3
    next_draw(state)


def next_draw(state: State) -> None:
    """Each player draws 3, one at a time, choosing the deck before each draw; a
    player with only one deck left draws from it without a choice."""
    while state.qi < state.n:
        p = state.queue[state.qi]
        state.mover = p
        if state.draws_left > 0:
            t, f = state.deck_t[p], state.deck_f[p]
            if t and f:
                state.phase = Phase.DRAW
                return
            if t or f:
                draw_agent(state, p, AgentKind.TRANSPORTER if t else AgentKind.FIGHTER)
                continue
        state.qi += 1
        state.draws_left = 3
    start_bidding(state)


def draw_agent(state: State, seat: int, kind: AgentKind) -> None:
    """Draw the top card of `seat`'s transporter or fighter deck."""
    deck = state.deck_t[seat] if kind == AgentKind.TRANSPORTER else state.deck_f[seat]
    state.hand[seat].append(deck.pop())
    state.hand[seat].sort()
    state.draws_left -= 1


# -- set-up choices (advanced game, 9-card hand) ------------------------------------


def form_decks(state: State, seat: int, cards: list[int]) -> None:
    """Split `cards` into a shuffled transporter deck and fighter deck."""
    state.deck_t[seat] = [
        c for c in cards if CARDS[seat][c].kind == AgentKind.TRANSPORTER
    ]
    state.deck_f[seat] = [
        c for c in cards if CARDS[seat][c].kind != AgentKind.TRANSPORTER
    ]
    shuffle(state, state.deck_t[seat])
    shuffle(state, state.deck_f[seat])


def deal_hand(state: State, seat: int) -> None:
    """ "Each player draws 3 cards from both of his decks"; a squad with fewer
    than 3 of a kind (advanced game) makes up 6 from the other deck."""
    for kind in (AgentKind.TRANSPORTER, AgentKind.FIGHTER):
        deck = (
            state.deck_t[seat] if kind == AgentKind.TRANSPORTER else state.deck_f[seat]
        )
        for _ in range(min(3, len(deck))):
            state.hand[seat].append(deck.pop())
    while len(state.hand[seat]) < 6:
        deck = state.deck_t[seat] if state.deck_t[seat] else state.deck_f[seat]
        state.hand[seat].append(deck.pop())
    state.hand[seat].sort()
