"""Actions in plain words, as a viewer may read them: one function per phase,
which the phase table (`rules.PHASE_RULES`) names; `rules.describe_action` asks it.

A commitment (a bid crystal, a team pick, a squad discard, a hand choice), a kept
relic, a relic loaded or taken by a Spy, and a drawn agent are words only for
the player who makes them; anyone else reads that something hidden was done.
"""

from __future__ import annotations

from . import actions as A
from .config import RULES_VERSION
from .data import (
    ABILITY_NAMES,
    COLOUR_NAMES,
    MAX_OPTIONS,
    MINE,
    OVERTIME_MIXES,
    RELICS,
    Ability,
    AgentKind,
    cards_of,
    crystals_text,
)
from .flow import BID_BASE
from .queries import card
from .state import State

_KINDS = (
    (A.PLACE, "a bid"),
    (A.KEEP, "placing the miner"),
    (A.CARD, "keeping a relic"),
    (A.SPECIAL_FIRST, "choosing an agent card"),
    (A.FLIP, "timing the special agents"),
    (A.LOAD, "flipping a relic"),
    (A.OVERTIME, "loading goods"),
    (A.RAID, "mining overtime"),
    (A.TAKE_RED, "a raid"),
    (A.TO_HOME, "choosing goods"),
    (A.THIEF_TARGET, "sending goods"),
    (A.SPY_TARGET, "a Thief's target"),
    (A.SPY_TAKE, "a Spy's target"),
    (A.ALCHEMY_W2B, "a Spy's pick"),
    (A.DRAW_TRANSPORTER, "an Alchemist's conversion"),
    (A.NUM_ACTIONS, "drawing an agent"),
)


def action_kind(action: int) -> str:
    """The kind of an action id, in words ("a raid")."""
    for end, words in _KINDS:
        if action < end:
            return words
    return "an unknown action"


def describe_bid(state: State, action: int, own: bool) -> str:
    """A bid's digit or count (words only for the bidder)."""
    if not own:
        return "bid in secret"
    p = state.mover
    colour = COLOUR_NAMES[state.bid_step]
    if state.config.rules_version >= 2 and state.bid_digits:
        unit = BID_BASE**state.bid_digits
        low = state.bid[p][state.bid_step] + (action - A.BID) * unit
        high = min(low + unit - 1, state.home[p][state.bid_step])
        return f"bid {low} to {high} {colour} crystals (the exact count next)"
    if action == A.BID_ALL:
        return f"bid all {state.home[p][state.bid_step]} {colour} crystals"
    k = action - A.BID + state.bid[p][state.bid_step]
    return f"bid {k} {colour} crystal" + ("s" if k != 1 else "")


def describe_place(state: State, action: int, own: bool) -> str:
    chamber, option = divmod(action - A.PLACE, MAX_OPTIONS)
    goods = MINE[state.level - 1][chamber][option]
    return f"move to chamber {chamber + 1} of level {state.level} ({goods.text()})"


def describe_keep(state: State, action: int, own: bool) -> str:
    if not own:
        return "keep one of two relics"
    i = action - A.KEEP
    kept, other = state.keep_options[i], state.keep_options[1 - i]
    return f"keep {RELICS[kept].name}, discard {RELICS[other].name}"


def _agent_choice(state: State, action: int, own: bool, verb: str) -> str:
    if not own:
        return f"{verb} a hidden agent"
    rules = state.config.rules_version
    return f"{verb} {agent_text(state.mover, action - A.CARD, rules)}"


def describe_pick(state: State, action: int, own: bool) -> str:
    return _agent_choice(state, action, own, "play")


def describe_squad(state: State, action: int, own: bool) -> str:
    return _agent_choice(state, action, own, "leave out")


def describe_hand(state: State, action: int, own: bool) -> str:
    return _agent_choice(state, action, own, "take into the hand")


def describe_timing(state: State, action: int, own: bool) -> str:
    first = action == A.SPECIAL_FIRST
    if state.config.rules_version >= 2:
        name = card(state, state.mover, state.specials_undecided[0]).name
        return f"the {name} acts {'before' if first else 'after'} the action"
    return (
        "special agents act first" if first else "special agents act after the action"
    )


def describe_by_id(state: State, action: int, own: bool) -> str:
    """The action phases' choices, whose words depend on the action id alone."""
    if A.FLIP <= action < A.LOAD:
        return f"flip {RELICS[action - A.FLIP].name}"
    if action == A.LOAD:
        return "load goods"
    if A.OVERTIME <= action < A.RAID:
        return f"mine overtime: {crystals_text(OVERTIME_MIXES[action - A.OVERTIME])}"
    if A.RAID <= action < A.TAKE_RED:
        return f"raid player {action - A.RAID}"
    if A.TAKE_RED <= action <= A.TAKE_WHITE:
        return f"take a {COLOUR_NAMES[action - A.TAKE_RED]} crystal"
    if A.TAKE_RELIC <= action < A.TAKE_RANDOM_RELIC:
        return f"take {RELICS[action - A.TAKE_RELIC].name}" if own else "take a relic"
    if action == A.TAKE_RANDOM_RELIC:
        return "take a face-down relic at random"
    if action == A.TO_HOME:
        return "take the goods home"
    if action == A.TO_BANK:
        return "sell the goods to the bank"
    if action == A.TO_CAMP:
        return "take the goods to the campsite"
    if A.THIEF_TARGET <= action < A.SPY_TARGET:
        return f"the Thief robs player {action - A.THIEF_TARGET}"
    if A.SPY_TARGET <= action < A.SPY_TAKE:
        return f"the Spy visits player {action - A.SPY_TARGET}"
    if A.SPY_TAKE <= action < A.ALCHEMY_W2B:
        if not own:
            return "the Spy takes a relic"
        return f"the Spy takes {RELICS[action - A.SPY_TAKE].name}"
    if action == A.ALCHEMY_W2B:
        return "turn a white crystal into a blue one"
    if action == A.ALCHEMY_B2R:
        return "turn a blue crystal into a red one"
    if action == A.ALCHEMY_DONE:
        return "stop converting"
    if action == A.DRAW_TRANSPORTER:
        return "draw a transporter"
    if action == A.DRAW_FIGHTER:
        return "draw a fighter"
    return f"action {action}"


def agent_text(seat: int, card_id: int, rules_version: int = RULES_VERSION) -> str:
    """ "T4 (transporter, speed 3, B W, 2*)" (the card of that rules version)."""
    a = cards_of(rules_version)[seat][card_id]
    if a.multiplier:
        speed = f"speed {a.multiplier}x{COLOUR_NAMES[a.multiplier_colour]}"
    else:
        speed = f"speed {a.speed}"
    parts = [speed]
    icons = " ".join(
        letter for n, letter in zip(a.capacity, "RBW", strict=True) for _ in range(n)
    )
    if icons:
        parts.append(f"carries {icons}")
    if a.combat:
        parts.append(f"combat {a.combat}")
    if a.special:
        ability = ABILITY_NAMES[a.ability]
        if a.ability == Ability.DEFENSE:
            ability += f" +{a.amount[0]}"
        parts.append(ability)
    kind = "transporter" if a.kind == AgentKind.TRANSPORTER else "fighter"
    return f"{a.name} ({kind}, {', '.join(parts)}, {a.stars}*)"
