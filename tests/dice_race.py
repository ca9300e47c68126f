"""Dice Race: a tiny game with chance during play, behind the game interface, for
tests.

It exists to prove that every tool (the AEC env, simulate, replay, the tournament,
`random`, `ismcts`, the no-leak test, training) handles chance nodes
(`scavenger_env.core.chance`): public rolls during play, and one private roll.

Rules: 2-4 players. First each player rolls a secret bonus die (1, 2 or 3 with
probabilities 1/2, 1/3, 1/6; only its owner sees it until the end). Then, for
`rounds` rounds, each player in seat order takes a turn: ROLL a public six-sided
die (a 1 loses the turn's points and ends the turn; any other face adds to them)
or BANK the turn's points (ending the turn); after `MAX_ROLLS` rolls a player must
bank. Score: points banked plus the bonus. Tests register it as "dice".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

import numpy as np

from scavenger_env.core.actions import checked_action
from scavenger_env.core.chance import CHANCE
from scavenger_env.core.codec import SeatCodec
from scavenger_env.core.digest import Fields
from scavenger_env.core.errors import ConfigError, IllegalActionError
from scavenger_env.core.game import Game

ROLL, BANK = 0, 1
FACE = 2
"""Outcome id of a die showing v: FACE + v - 1 (2..7)."""
MAX_ROLLS = 4
BONUS = ((1, 1 / 2), (2, 1 / 3), (3, 1 / 6))
NO_CHANCE, BONUS_ROLL, DIE_ROLL = 0, 1, 2


@dataclass(frozen=True)
class DiceConfig:
    num_players: int = 2
    rounds: int = 3
    rules_version: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.num_players, int) or not 2 <= self.num_players <= 4:
            raise ConfigError(f"num_players={self.num_players!r}: use 2, 3 or 4")
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= 5:
            raise ConfigError(f"rounds={self.rounds!r}: use 1 to 5")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class DiceState:
    config: DiceConfig
    bonus: list[int]  # 0: not rolled yet
    banked: list[int]
    seat: int = 0  # whose turn, or whose bonus die is rolled
    chance: int = BONUS_ROLL
    round: int = 0
    turn_points: int = 0
    rolls: int = 0
    last_roll: int = 0
    turns: int = 0  # player decisions, all seats together

    @property
    def n(self) -> int:
        return self.config.num_players

    @property
    def over(self) -> bool:
        return self.round >= self.config.rounds

    def copy(self) -> DiceState:
        return DiceState(
            self.config,
            self.bonus[:],
            self.banked[:],
            self.seat,
            self.chance,
            self.round,
            self.turn_points,
            self.rolls,
            self.last_roll,
            self.turns,
        )


def _end_turn(state: DiceState) -> None:
    state.turn_points = state.rolls = 0
    state.seat += 1
    if state.seat == state.n:
        state.seat = 0
        state.round += 1


class DiceRace(Game[DiceState, DiceConfig]):
    name = "dice"
    title = "Dice Race (a test game)"
    env_id = "scavenger/dice-v0"
    env_entry_point = "dice_race:make_env"
    min_players = 2
    max_players = 4
    num_actions = FACE + 6
    phase_names = ("bonus roll", "decide", "die roll")
    observation_size = 3 + 2 + 4 + 1
    env_actions = 2
    score_scale = 10.0

    def make_config(self, num_players: int, **options: Any) -> DiceConfig:
        unknown = sorted(set(options) - {"rounds", "rules_version"})
        if unknown:
            raise ConfigError(f"unknown option(s) {unknown}; allowed: rounds")
        return DiceConfig(num_players=num_players, **options)

    def config_from_dict(self, data: Mapping[str, Any]) -> DiceConfig:
        try:
            return DiceConfig(**dict(data))
        except TypeError as err:
            raise ConfigError(str(err)) from None

    def config_options(self) -> dict[str, str]:
        return {"rounds": "rounds, 1 to 5"}

    def new_game(
        self, config: DiceConfig, seed: int | np.random.Generator
    ) -> DiceState:
        n = config.num_players
        return DiceState(config, [0] * n, [0] * n)  # nothing dealt: all is chance

    # -- chance ----------------------------------------------------------------

    def is_chance_node(self, state: DiceState) -> bool:
        return state.chance != NO_CHANCE and not state.over

    def chance_outcomes(self, state: DiceState) -> list[tuple[int, float]]:
        if state.chance == BONUS_ROLL:
            return [(FACE + v - 1, p) for v, p in BONUS]
        if state.chance == DIE_ROLL:
            return [(FACE + v, 1 / 6) for v in range(6)]
        raise ValueError("not a chance node")

    # -- play ------------------------------------------------------------------

    def legal_actions(self, state: DiceState) -> list[int]:
        if state.over:
            return []
        if state.chance != NO_CHANCE:
            return [o for o, _ in self.chance_outcomes(state)]
        return [BANK] if state.rolls >= MAX_ROLLS else [ROLL, BANK]

    def explain_illegal(self, state: DiceState, action: int) -> str:
        action, reason = checked_action(action, self.num_actions)
        if reason:
            return reason
        if state.over:
            return "the game is over"
        if action in self.legal_actions(state):
            return ""
        if state.chance != NO_CHANCE:
            return f"the die is being rolled; {action} is not one of its faces"
        if action == ROLL:
            return f"after {MAX_ROLLS} rolls a player must bank"
        return f"{action} is neither ROLL (0) nor BANK (1)"

    def apply_action(self, state: DiceState, action: int) -> None:
        reason = self.explain_illegal(state, action)
        if reason:
            raise IllegalActionError(reason)
        if state.chance == BONUS_ROLL:
            state.bonus[state.seat] = action - FACE + 1
            state.seat += 1
            if state.seat == state.n:
                state.seat, state.chance = 0, NO_CHANCE
            return
        if state.chance == DIE_ROLL:
            face = action - FACE + 1
            state.last_roll = face
            state.chance = NO_CHANCE
            if face == 1:
                _end_turn(state)
            else:
                state.turn_points += face
                state.rolls += 1
            return
        state.turns += 1
        if action == ROLL:
            state.chance = DIE_ROLL
        else:
            state.banked[state.seat] += state.turn_points
            _end_turn(state)

    def current_player(self, state: DiceState) -> int:
        return CHANCE if state.chance != NO_CHANCE else state.seat

    def is_over(self, state: DiceState) -> bool:
        return state.over

    def num_players(self, state: DiceState) -> int:
        return state.n

    def config_of(self, state: DiceState) -> DiceConfig:
        return state.config

    def scores(self, state: DiceState) -> list[int]:
        return [b + s for b, s in zip(state.banked, state.bonus)]

    def winners(self, state: DiceState) -> list[int]:
        s = self.scores(state)
        return [p for p, v in enumerate(s) if v == max(s)]

    def turns(self, state: DiceState) -> int:
        return state.turns

    def phase(self, state: DiceState) -> int:
        return state.chance

    def clone(self, state: DiceState) -> DiceState:
        return state.copy()

    def same_state(self, a: DiceState, b: DiceState) -> bool:
        return self.state_data(a) == self.state_data(b)

    def state_data(self, state: DiceState) -> Mapping[str, Any]:
        data = Fields((f.name, getattr(state, f.name)) for f in fields(state))
        data["config"] = Fields(sorted(state.config.to_dict().items()))
        return data

    # -- information -----------------------------------------------------------

    def _hidden(self, state: DiceState, seat: int) -> list[int]:
        """The seats whose bonus `seat` may not see (all others', until the end)."""
        return [] if state.over else [p for p in range(state.n) if p != seat]

    def redact(self, state: DiceState, seat: int) -> DiceState:
        s = state.copy()
        s.config = DiceConfig(**state.config.to_dict())
        for p in self._hidden(state, seat):
            if s.bonus[p]:
                s.bonus[p] = 1
        return s

    def determinize(
        self, state: DiceState, seat: int, rng: np.random.Generator
    ) -> DiceState:
        s = self.redact(state, seat)
        values = [v for v, _ in BONUS]
        weights = [p for _, p in BONUS]
        for p in self._hidden(state, seat):
            if s.bonus[p]:
                s.bonus[p] = int(rng.choice(values, p=weights))
        return s

    def player_view(self, state: DiceState, seat: int) -> dict[str, Any]:
        hidden = self._hidden(state, seat)
        return {
            "bonus": [None if p in hidden else b for p, b in enumerate(state.bonus)],
            "banked": state.banked[:],
            "turn_points": state.turn_points,
            "rolls": state.rolls,
            "seat": state.seat,
            "round": state.round,
            "last_roll": state.last_roll,
        }

    def describe_action(
        self, state: DiceState, action: int, viewer: int | None = None
    ) -> str:
        if state.chance == BONUS_ROLL:
            if viewer is None or viewer == state.seat:
                return f"player {state.seat}'s bonus die shows {action - FACE + 1}"
            return f"player {state.seat} rolls a secret bonus die"
        if state.chance == DIE_ROLL:
            return f"player {state.seat} rolls a {action - FACE + 1}"
        return "roll" if action == ROLL else f"bank {state.turn_points}"

    def render(self, state: DiceState, viewer: int) -> str:
        v = self.player_view(state, viewer)
        return (
            f"round {min(state.round, state.config.rounds - 1) + 1}/"
            f"{state.config.rounds}, player {state.seat} to move\n"
            f"banked {v['banked']}, bonus {v['bonus']}, turn {v['turn_points']} "
            f"after {v['rolls']} rolls, last roll {v['last_roll']}"
        )

    def make_encoder(self) -> _Encoder:
        return _Encoder()

    def codec(self) -> SeatCodec:
        return _CODEC


class _Encoder:
    def reset(self) -> None:
        pass

    def encode(self, state: DiceState, seat: int) -> np.ndarray:
        out = np.zeros(DICE.observation_size, np.float32)
        if state.bonus[seat]:
            out[state.bonus[seat] - 1] = 1.0
        out[3] = min(state.turn_points / 20, 1.0)
        out[4] = state.rolls / MAX_ROLLS
        for i in range(state.n):
            out[5 + i] = min(state.banked[(seat + i) % state.n] / 40, 1.0)
        out[9] = min(state.round, state.config.rounds) / state.config.rounds
        return out


DICE = DiceRace()
_CODEC = SeatCodec(2, ())  # no action names a seat


def make_env(**kwargs: Any) -> Any:
    """Dice Race's wrapped AEC environment (its `env_entry_point`)."""
    from scavenger_env.core.aec import make_env as make_game_env

    return make_game_env(DICE, **kwargs)
