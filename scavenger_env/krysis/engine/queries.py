"""Read-only questions about a state, each one rule of the rulebook."""

from __future__ import annotations

from .data import CARDS_BY_VERSION, MINE, RELICS, Ability, Agent, AgentKind, Goods
from .state import NONE, State

ACTIVE_ABILITIES = (
    Ability.THIEF,
    Ability.SPY,
    Ability.EMINENT_MINER,
    Ability.ALCHEMIST,
)
"""Abilities that act in their owner's turn (Defense only adds to combat)."""


def card(state: State, seat: int, card_id: int) -> Agent:
    """The agent `card_id` of `seat`'s company (the game's rules version's)."""
    return CARDS_BY_VERSION[state.config.rules_version][seat][card_id]


def tie_rank(state: State, seat: int) -> int:
    """Lower is ahead. "In case of a tie, the player whose miner is currently
    ahead in the mine comes first." Speed Krysis (no board): the start order."""
    if state.config.speed:
        return state.start_order.index(seat)
    return state.position[seat]


def mine_order(state: State) -> list[int]:
    """Seats from the miner farthest ahead to the last."""
    return sorted(range(state.n), key=lambda p: tie_rank(state, p))


def bid_value(crystals: list[int]) -> int:
    """ "The player with the most generous offer (highest value bid)": red 3,
    blue 2, white 1."""
    return 3 * crystals[0] + 2 * crystals[1] + crystals[2]


def bid_order(state: State) -> list[int]:
    """The placement order: highest bid value first, a tie to the miner ahead."""
    return sorted(
        range(state.n), key=lambda p: (-bid_value(state.bid[p]), tie_rank(state, p))
    )


def chamber_options(state: State, chamber: int) -> tuple[Goods, ...]:
    """The goods options ("?" alternatives) of `chamber` on the next level."""
    return MINE[state.level - 1][chamber]


def free_chambers(state: State) -> list[int]:
    """Chambers of the next level not taken by a miner placed this round ("any
    desired free (i.e. not occupied) mine space on the next lower mine level")."""
    taken = [state.position[p] for p in state.queue[: state.qi]]
    return [c for c in range(4) if c not in taken]


def agent_speed(state: State, seat: int, agent: Agent) -> int:
    """An agent's initiative: its speed, or for a crystal multiplier "multiply the
    number of crystals of the appropriate color at your campsite with the number
    shown on the card"."""
    if agent.multiplier:
        return agent.multiplier * state.camp[seat][agent.multiplier_colour]
    return agent.speed


def team_initiative(state: State, seat: int) -> int:
    """ "The team initiative is the sum of its members' individual speeds." """
    return sum(agent_speed(state, seat, card(state, seat, c)) for c in state.team[seat])


def action_order(state: State) -> list[int]:
    """Highest initiative first; "In case of a tie, the player whose miner figure
    is ahead goes first." """
    return sorted(
        range(state.n), key=lambda p: (-state.initiative[p], tie_rank(state, p))
    )


def team_capacity(state: State, seat: int) -> list[int]:
    """Red, blue, white slots: the team's transporter icons plus a transport
    relic flipped this turn (only the active player flips relics)."""
    slots = [0, 0, 0]
    for c in state.team[seat]:
        cap = card(state, seat, c).capacity
        slots[0] += cap[0]
        slots[1] += cap[1]
        slots[2] += cap[2]
    if seat == state.mover and state.turn_transport != NONE:
        cap = RELICS[state.turn_transport].capacity
        slots[0] += cap[0]
        slots[1] += cap[1]
        slots[2] += cap[2]
    return slots


def team_combat(state: State, seat: int) -> int:
    """The team's fighters' combat values (a special agent's too)."""
    return sum(card(state, seat, c).combat for c in state.team[seat])


def attack_value(state: State, seat: int) -> int:
    """The active player's combat when attacking: the team plus a weapon relic
    flipped this turn; Defense does not count ("only when the team is being
    attacked and not when it is attacking")."""
    value = team_combat(state, seat)
    if state.turn_weapon != NONE:
        value += RELICS[state.turn_weapon].combat
    return value


def defence_value(state: State, seat: int) -> int:
    """A campsite's defence: its team's combat, Defense bonuses and a weapon relic
    its owner flipped and kept in play; -1 when deserted ("it can be attacked even
    by a team with a combat value of 0")."""
    if state.deserted[seat]:
        return -1
    value = team_combat(state, seat) + state.weapon_in_play[seat]
    defense = Ability.DEFENSE
    for c in state.team[seat]:
        a = card(state, seat, c)
        if a.ability == defense:
            value += a.amount[0]
    return value


def can_raid(state: State, seat: int, target: int) -> bool:
    """ "The active player may choose to attack any one other player's campsite if
    his team's combat value is higher than that of the attacked team's"."""
    return target != seat and attack_value(state, seat) > defence_value(state, target)


def team_specials(state: State, seat: int) -> list[int]:
    """The team's special agents whose ability acts in the turn, in team order."""
    return [
        c for c in state.team[seat] if card(state, seat, c).ability in ACTIVE_ABILITIES
    ]


def hand_kinds(state: State, seat: int) -> tuple[int, int]:
    """Transporters and fighters in `seat`'s hand."""
    t = sum(
        1
        for c in state.hand[seat]
        if card(state, seat, c).kind == AgentKind.TRANSPORTER
    )
    return t, len(state.hand[seat]) - t
