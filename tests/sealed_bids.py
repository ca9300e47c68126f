"""Sealed Bids: a tiny second game behind the game interface, for tests.

It exists to prove that the generic tools (tournament, SeatView, random, ismcts,
play, simulate, replay, the AEC env base) run any game that implements
`scavenger_env.core.game.Game`, and it has what Cave-In lacks and Krysis needs: a
simultaneous secret choice, made as hidden commitments in turn.

Rules: 2-4 players are each dealt `rounds` cards from a shuffled deck of 1..12
(hands are secret); the prizes are `rounds` cards from a shuffled 1..6, one face
up per round. Each round every player, in turn from seat `round % n`, commits one
card face down; when all have committed, the bids are revealed, the single highest
bid takes the prize (a tie for highest: nobody does) and the bids are discarded
face up. Score: the prizes taken. Tests register it as "bids".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

import numpy as np

from scavenger_env.core.actions import checked_action
from scavenger_env.core.codec import SeatCodec
from scavenger_env.core.digest import Fields
from scavenger_env.core.errors import ConfigError, IllegalActionError
from scavenger_env.core.game import Game

DECK = 12
PRIZES = 6


@dataclass(frozen=True)
class BidsConfig:
    num_players: int = 2
    rounds: int = 3
    rules_version: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.num_players, int) or not 2 <= self.num_players <= 4:
            raise ConfigError(f"num_players={self.num_players!r}: use 2, 3 or 4")
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= 3:
            raise ConfigError(f"rounds={self.rounds!r}: use 1, 2 or 3")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class BidsState:
    config: BidsConfig
    hands: list[list[int]]
    prizes: list[int]  # prizes[round] is this round's; later ones are hidden
    round: int = 0
    committed: list[int | None] = field(default_factory=list)
    won: list[list[int]] = field(default_factory=list)
    history: list[list[int]] = field(default_factory=list)  # revealed bids
    turns: int = 0

    @property
    def n(self) -> int:
        return self.config.num_players

    @property
    def over(self) -> bool:
        return self.round >= self.config.rounds

    @property
    def mover(self) -> int:
        start = self.round % self.n
        done = sum(c is not None for c in self.committed)
        return (start + done) % self.n

    def copy(self) -> BidsState:
        return BidsState(
            self.config,
            [h[:] for h in self.hands],
            self.prizes[:],
            self.round,
            self.committed[:],
            [w[:] for w in self.won],
            [b[:] for b in self.history],
            self.turns,
        )

    def key(self) -> tuple[Any, ...]:
        return (
            self.config,
            self.hands,
            self.prizes,
            self.round,
            self.committed,
            self.won,
            self.history,
            self.turns,
        )


class SealedBids(Game[BidsState, BidsConfig]):
    name = "bids"
    title = "Sealed Bids (a test game)"
    env_id = "scavenger/bids-v0"
    env_entry_point = "sealed_bids:make_env"
    min_players = 2
    max_players = 4
    num_actions = DECK
    phase_names = ("bid",)
    observation_size = DECK + PRIZES + 4 + 4
    env_actions = DECK
    score_scale = 6.0

    def make_config(self, num_players: int, **options: Any) -> BidsConfig:
        unknown = sorted(set(options) - {"rounds", "rules_version"})
        if unknown:
            raise ConfigError(f"unknown option(s) {unknown}; allowed: rounds")
        return BidsConfig(num_players=num_players, **options)

    def config_from_dict(self, data: Mapping[str, Any]) -> BidsConfig:
        try:
            return BidsConfig(**dict(data))
        except TypeError as err:
            raise ConfigError(str(err)) from None

    def config_options(self) -> dict[str, str]:
        return {"rounds": "rounds (and cards in hand), 1 to 3"}

    def new_game(
        self, config: BidsConfig, seed: int | np.random.Generator
    ) -> BidsState:
        rng = (
            seed
            if isinstance(seed, np.random.Generator)
            else np.random.default_rng(seed)
        )
        deck = [int(c) + 1 for c in rng.permutation(DECK)]
        prizes = [int(c) + 1 for c in rng.permutation(PRIZES)][: config.rounds]
        r = config.rounds
        hands = [sorted(deck[i * r : (i + 1) * r]) for i in range(config.num_players)]
        n = config.num_players
        return BidsState(config, hands, prizes, 0, [None] * n, [[] for _ in range(n)])

    def legal_actions(self, state: BidsState) -> list[int]:
        return [] if state.over else sorted(c - 1 for c in state.hands[state.mover])

    def explain_illegal(self, state: BidsState, action: int) -> str:
        action, reason = checked_action(action, self.num_actions)
        if reason:
            return reason
        if state.over:
            return "the game is over"
        if action not in self.legal_actions(state):
            return f"player {state.mover} holds no card {action + 1}"
        return ""

    def apply_action(self, state: BidsState, action: int) -> None:
        reason = self.explain_illegal(state, action)
        if reason:
            raise IllegalActionError(reason)
        seat = state.mover
        state.hands[seat].remove(action + 1)
        state.committed[seat] = action + 1
        state.turns += 1
        if all(c is not None for c in state.committed):
            bids = [int(c) for c in state.committed if c is not None]
            top = max(bids)
            if bids.count(top) == 1:
                state.won[bids.index(top)].append(state.prizes[state.round])
            state.history.append(bids)
            state.committed = [None] * state.n
            state.round += 1

    def current_player(self, state: BidsState) -> int:
        return state.mover

    def is_over(self, state: BidsState) -> bool:
        return state.over

    def num_players(self, state: BidsState) -> int:
        return state.n

    def config_of(self, state: BidsState) -> BidsConfig:
        return state.config

    def scores(self, state: BidsState) -> list[int]:
        return [sum(w) for w in state.won]

    def winners(self, state: BidsState) -> list[int]:
        s = self.scores(state)
        return [p for p, v in enumerate(s) if v == max(s)]

    def turns(self, state: BidsState) -> int:
        return state.turns

    def phase(self, state: BidsState) -> int:
        return 0

    def clone(self, state: BidsState) -> BidsState:
        return state.copy()

    def same_state(self, a: BidsState, b: BidsState) -> bool:
        return a.key() == b.key()

    def state_data(self, state: BidsState) -> Mapping[str, Any]:
        data = Fields((f.name, getattr(state, f.name)) for f in fields(state))
        data["config"] = Fields(sorted(state.config.to_dict().items()))
        return data

    def _rearranged(
        self, state: BidsState, seat: int, rng: np.random.Generator | None
    ) -> BidsState:
        """Everything `seat` cannot see (others' hands and pending bids, later
        prizes) pooled and dealt back: sorted, or shuffled by `rng`."""
        s = state.copy()
        others = [p for p in range(s.n) if p != seat]
        cards = [c for p in others for c in s.hands[p]]
        cards += [c for p in others if (c := s.committed[p]) is not None]
        later = s.prizes[s.round + 1 :]
        if rng is None:
            cards.sort()
            later.sort()
        else:
            cards = [cards[i] for i in rng.permutation(len(cards))]
            later = [later[i] for i in rng.permutation(len(later))]
        # unseen prizes may be any of those not yet shown
        for p in others:
            k = len(s.hands[p])
            s.hands[p], cards = sorted(cards[:k]), cards[k:]
            if s.committed[p] is not None:
                s.committed[p], cards = cards[0], cards[1:]
        s.prizes[s.round + 1 :] = later
        return s

    def redact(self, state: BidsState, seat: int) -> BidsState:
        return self._rearranged(state, seat, None)

    def determinize(
        self, state: BidsState, seat: int, rng: np.random.Generator
    ) -> BidsState:
        return self._rearranged(state, seat, rng)

    def player_view(self, state: BidsState, seat: int) -> dict[str, Any]:
        return {
            "hand": state.hands[seat][:],
            "prize": None if state.over else state.prizes[state.round],
            "committed": [c is not None for c in state.committed],
            "my_bid": state.committed[seat],
            "history": [b[:] for b in state.history],
            "won": [w[:] for w in state.won],
        }

    def describe_action(
        self, state: BidsState, action: int, viewer: int | None = None
    ) -> str:
        if viewer is None or viewer == state.mover:
            return f"bid {action + 1}"
        return "commit a hidden bid"

    def render(self, state: BidsState, viewer: int) -> str:
        v = self.player_view(state, viewer)
        return (
            f"round {state.round + 1}/{state.config.rounds}, prize {v['prize']}\n"
            f"your hand {v['hand']}, your bid {v['my_bid']}\n"
            f"committed {v['committed']}, won {v['won']}, bids {v['history']}"
        )

    def make_encoder(self) -> _Encoder:
        return _Encoder()

    def codec(self) -> SeatCodec:
        return _CODEC


class _Encoder:
    def reset(self) -> None:
        pass

    def encode(self, state: BidsState, seat: int) -> np.ndarray:
        out = np.zeros(BIDS.observation_size, np.float32)
        for c in state.hands[seat]:
            out[c - 1] = 1.0
        if not state.over:
            out[DECK + state.prizes[state.round] - 1] = 1.0
        for i in range(state.n):
            p = (seat + i) % state.n
            out[DECK + PRIZES + i] = sum(state.won[p]) / 18
            out[DECK + PRIZES + 4 + i] = float(state.committed[p] is not None)
        return out


BIDS = SealedBids()
_CODEC = SeatCodec(DECK, ())  # no action names a seat


def make_env(**kwargs: Any) -> Any:
    """Sealed Bids' wrapped AEC environment (its `env_entry_point`)."""
    from scavenger_env.core.aec import make_env as make_game_env

    return make_game_env(BIDS, **kwargs)
