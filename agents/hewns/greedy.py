"""The greedy Hewns bot: one step of lookahead, the rest of its chain scripted.

At each decision it samples a full state consistent with what its seat knows
(`SeatView.sample`), applies every legal action to a copy and lets a scripted
policy (the Prospector by default, for every seat) play on until the bot's
current chain is over: its Hewn turn (a step is judged by the mining and the
danger it leads to), the Hewn turn a player-turn choice starts, or the encounter
it answers. The auction is left to the policy: what a lot is worth shows only in
the rounds after it, and a play-out to the end of the bid would always pass. Chance nodes in the play-outs are drawn
with `sample_outcome`. The result is valued by `margin`: the seat's score, plus
the worth of what it holds (dirty Substract, Substract in its Bidoxes, its
healthy Hewns), less the best other seat's. Ties go to the policy's choice.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from agents.base import SeatView
from scavenger_env.core.chance import sample_outcome
from scavenger_env.hewns.engine.state import Ask, Phase, State
from scavenger_env.hewns.game import HEWNS

from .heuristics import (
    HewnsScriptedAgent,
    ProspectorAgent,
    RaiderAgent,
    without_reveal,
)
from .holdings import holdings

__all__ = ["GreedyAgent", "margin", "play_out", "worth"]

#: Decisions and rolls a play-out may take before it is cut short.
MAX_PLAY_OUT = 120

POLICIES: dict[str, type[HewnsScriptedAgent]] = {
    "prospector": ProspectorAgent,
    "raider": RaiderAgent,
}

#: The frames whose end closes the bot's chain (innermost first wins).
_ANCHORS = frozenset(
    {
        Ask.HEWN_TURN,
        Ask.PLAYER_TURN,
        Ask.BID_TURN,
        Ask.RANGED,
        Ask.SAME_SPACE,
        Ask.ARTILLERY,
    }
)
#: The auction's chain: its frame changes `ask` link by link.
_BID_CHAIN = frozenset(
    {Ask.BID_TURN, Ask.BID_BIDOX, Ask.BID_LOT, Ask.BID_AMOUNT, Ask.BID_MIX}
)


def worth(s: State, seat: int) -> float:
    """The seat's score plus the worth of what it holds: dirty Substract (money
    for bids, screens and weapon dice), Substract in its Bidoxes, and its
    healthy Hewns (their mining and a little for each)."""
    held = holdings(s, seat)
    hewns = sum(2.0 + 1.5 * mine for mine in held.mining)
    return float(held.score) + held.bidox + 0.4 * held.dirty + hewns


def margin(s: State, seat: int, opponent_weight: float = 1.0) -> float:
    """`worth` of the seat less `opponent_weight` times the best other seat's."""
    own = worth(s, seat)
    others = [worth(s, o) for o in range(s.num_players) if o != seat]
    return own - opponent_weight * (max(others) if others else 0.0)


def _anchor(s: State, seat: int) -> int:
    """The stack index of the frame that closes the bot's chain: the innermost
    Hewn turn, player turn, bid turn or encounter (-1: none)."""
    for i in range(len(s.frames) - 1, -1, -1):
        f = s.frames[i]
        if f.ask in _ANCHORS or (f.ask in _BID_CHAIN and f.seat == seat):
            return i
    return -1


def play_out(
    s: State,
    seat: int,
    anchor: int,
    kind: int,
    policy: HewnsScriptedAgent,
    rng: np.random.Generator,
) -> State:
    """Play `s` on with `policy` for every seat (chance drawn by `rng`) until
    the frame at `anchor` is done: popped, or (a player or bid turn) back at its
    own next decision; `kind` is that frame's ask before the action (a bid
    chain's frame changes it); `s` is changed in place and returned."""
    if anchor < 0:
        return s
    for _ in range(MAX_PLAY_OUT):
        if s.over or len(s.frames) <= anchor:
            break
        top = s.frames[anchor]
        if kind == Ask.PLAYER_TURN and len(s.frames) == anchor + 1:
            break  # the Hewn turn it started is over
        if kind in _BID_CHAIN and (
            top.seat != seat
            or top.ask not in _BID_CHAIN
            or (len(s.frames) == anchor + 1 and top.ask == Ask.BID_TURN)
        ):
            break  # the bid is placed (or the turn passed on)
        if HEWNS.is_chance_node(s):
            HEWNS.apply_action(s, sample_outcome(HEWNS.chance_outcomes(s), rng))
            continue
        legal = HEWNS.legal_actions(s)
        mover = HEWNS.current_player(s)
        HEWNS.apply_action(s, policy.choose(s, mover, legal, rng))
    return s


class GreedyAgent:
    """Greedy lookahead: each action played out to the end of its chain by the
    scripted policy, valued by score margin plus the worth of what it holds."""

    name = "greedy"
    #: what the signature cannot say (see `registry.agent_options`)
    option_info: ClassVar[dict[str, dict[str, object]]] = {
        "policy": {"choices": tuple(sorted(POLICIES))},
    }

    def __init__(
        self,
        samples: int = 1,
        opponent_weight: float = 1.0,
        policy: str = "prospector",
    ) -> None:
        """Args:
        samples: determinizations each action is played out on (their values
            are averaged).
        opponent_weight: how much of the best other seat's worth counts
            against its own.
        policy: the scripted bot that plays the rest out: "prospector" or
            "raider".
        """
        if samples < 1:
            raise ValueError("greedy needs samples >= 1")
        if policy not in POLICIES:
            raise ValueError(
                f"policy={policy!r}: use one of {', '.join(sorted(POLICIES))}"
            )
        self.samples = int(samples)
        self.opponent_weight = float(opponent_weight)
        self.policy = POLICIES[policy]()
        self.seat = 0

    def reset(self, seat: int, config: object) -> None:
        self.seat = seat
        self.policy.seat = seat

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        legal = without_reveal(legal)  # its worth never shows in a play-out
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        if view.phase == Phase.AUCTION:
            # a lot's worth shows only in the rounds after the auction: the
            # policy bids (a play-out to the bid's end would always pass)
            return self.policy.choose(view.sample(rng), seat, legal, rng)
        totals = dict.fromkeys(legal, 0.0)
        own = -1
        for _ in range(self.samples):
            s = view.sample(rng)
            if own < 0:
                own = self.policy.choose(s, seat, legal, rng)
            anchor = _anchor(s, seat)
            kind = s.frames[anchor].ask if anchor >= 0 else -1
            for action in legal:
                after = s.clone()
                HEWNS.apply_action(after, action)
                play_out(after, seat, anchor, kind, self.policy, rng)
                totals[action] += margin(after, seat, self.opponent_weight)
        best = max(totals.values())
        if totals[own] >= best - 1e-9:
            return own
        tied = [a for a in legal if totals[a] >= best - 1e-9]
        return tied[int(rng.integers(len(tied)))]
