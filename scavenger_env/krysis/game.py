"""Krysis behind the game interface (`scavenger_env.core.game`).

`KRYSIS` is what every generic tool runs when asked for `--game krysis`. Each
method hands over to the engine; the screens' sentences are here.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from scavenger_env.core.game import Codec, Game

from . import codec as _codec
from .engine import (
    RULES_VERSION,
    KrysisConfig,
    Phase,
    State,
    apply_action,
    apply_legal_action,
    describe_action,
    determinize,
    explain_illegal,
    final_scores,
    legal_actions,
    new_game,
    player_view,
    redact,
    same_state,
    score_breakdown,
    winners,
)
from .engine.data import COMPANY_NAMES, START_SPACES
from .engine.digest import legacy_game_digests
from .engine.digest import state_data as _state_data
from .engine.rules import SEGMENT_NAMES, SEGMENT_OF_PHASE, turn_key
from .engine.view import PlayerView
from .observation import OBS_SIZE, Encoder

if TYPE_CHECKING:
    from scavenger_env.core.picture import Picture

__all__ = ["KRYSIS", "Krysis"]

_OPTIONS = {
    "variant": "'standard' (the rulebook) or 'speed' (Speed Krysis, 2 players)",
    "advanced": "the advanced game: special agents, a squad of 18 drafted from 24",
    "missions": "secret mission cards worth 10 VP",
    "nine_card_hand": "the tactical rule: choose 9 agents as the starting hand",
    "raid_bank_deserts": (
        "a raider who sells the loot deserts the campsite (True: the rulebook; "
        "False: a house rule)"
    ),
    "mission_needs_goods": "a mission needs at least one of its goods (True)",
    "rules_version": "which version of the rules applies: 1 or 2 (records keep theirs)",
}
"""One line per `KrysisConfig` option (its docstring says more)."""


class Krysis(Game[State, KrysisConfig]):
    """Krysis (2 to 4 players)."""

    name = "krysis"
    title = "Krysis"
    env_id = "scavenger/krysis-v0"
    env_entry_point = "scavenger_env.krysis_v0:env"
    min_players = 2
    max_players = 4
    num_actions = _codec.NUM_ACTIONS
    rules_version = RULES_VERSION
    phase_names = tuple(p.name.lower() for p in Phase)
    score_unit = "VP"
    env_actions = _codec.NUM_ACTIONS
    observation_size = OBS_SIZE
    score_scale = 10.0

    # -- config --------------------------------------------------------------

    def make_config(self, num_players: int, **options: Any) -> KrysisConfig:
        return KrysisConfig(num_players=num_players, **options)

    def config_from_dict(self, data: Mapping[str, Any]) -> KrysisConfig:
        return KrysisConfig.from_dict(dict(data))

    def config_options(self) -> dict[str, str]:
        return dict(_OPTIONS)

    # -- play: the engine's own functions ------------------------------------

    def new_game(self, config: KrysisConfig, seed: int | np.random.Generator) -> State:
        return new_game(config, seed)

    def legal_actions(self, state: State) -> list[int]:
        return legal_actions(state)

    def apply_action(self, state: State, action: int) -> None:
        return apply_action(state, action)

    def apply_legal_action(self, state: State, action: int) -> None:
        return apply_legal_action(state, action)

    def explain_illegal(self, state: State, action: int) -> str:
        return explain_illegal(state, action)

    def scores(self, state: State) -> list[int]:
        return final_scores(state)

    def winners(self, state: State) -> list[int]:
        return winners(state)

    def same_state(self, a: State, b: State) -> bool:
        return same_state(a, b)

    def redact(self, state: State, seat: int) -> State:
        return redact(state, seat)

    def determinize(self, state: State, seat: int, rng: np.random.Generator) -> State:
        return determinize(state, seat, rng)

    def player_view(self, state: State, seat: int) -> PlayerView:
        return player_view(state, seat)

    def describe_action(
        self, state: State, action: int, viewer: int | None = None
    ) -> str:
        return describe_action(state, action, viewer)

    def current_player(self, state: State) -> int:
        return state.mover

    def is_over(self, state: State) -> bool:
        return state.is_over

    def num_players(self, state: State) -> int:
        return state.n

    def config_of(self, state: State) -> KrysisConfig:
        return state.config

    def turns(self, state: State) -> int:
        return state.turns

    def phase(self, state: State) -> int:
        return int(state.phase)

    def clone(self, state: State) -> State:
        return state.clone()

    def state_data(self, state: State) -> Mapping[str, Any]:
        return _state_data(state)

    def digests_for(
        self, version: int, state: State, seed: int, actions: Sequence[int]
    ) -> tuple[str, ...]:
        if version == 1:
            return legacy_game_digests(state, seed, actions)
        return super().digests_for(version, state, seed, actions)

    def record_meta(self, state: State) -> dict[str, Any]:
        return {"start_order": list(state.start_order)}

    def seat_facts(self, state: State, seat: int) -> dict[str, Any]:
        b = score_breakdown(state, seat)
        return {
            "order": state.start_order.index(seat),
            "vp": {
                "sales": b.sales,
                "crystals": b.crystals,
                "relics": b.relics,
                "mission": b.mission,
            },
            "chamber": state.position[seat] + 1,
            "home_crystals": sum(state.home[seat]),
            "home_relics": sum(state.home_relics[seat]),
        }

    # -- pictures and sentences ----------------------------------------------

    def render(self, state: State, viewer: int) -> str:
        from .render import render_state

        return render_state(state, viewer)

    def render_changes(self, before: str, after: str) -> str:
        from .render import render_changes

        return render_changes(before, after)

    def picture(self, state: State, viewer: int | None = None) -> Picture:
        from .picture import draw

        return draw(state, viewer)

    def action_target(self, state: State, action: int) -> str | None:
        from .picture import action_target

        return action_target(state, action)

    def turn_key(self, state: State) -> Hashable:
        return turn_key(state)

    def turn_header(self, state: State, who: str) -> str:
        return f"Round {state.round}, {SEGMENT_NAMES[SEGMENT_OF_PHASE[state.phase]]}: {who}"

    def progress(self, state: State) -> str:
        return f"in round {state.round}"

    def transcript_header(self, state: State) -> str:
        return self.turn_header(state, f"player {state.mover}")

    def intro(self, state: State) -> list[str]:
        if state.config.speed:
            return [
                f"Speed Krysis: {state.config.rounds} rounds; player "
                f"{state.start_order[0]} wins ties."
            ]
        spaces = START_SPACES[state.n - 2]
        where = ", ".join(
            f"player {p} ({COMPANY_NAMES[p]}) on start space {_roman(spaces[i] + 1)}"
            for i, p in enumerate(state.start_order)
        )
        return [
            f"Five rounds of mining. The miners start: {where}; the space I miner "
            "is farthest ahead and wins ties."
        ]

    def news(self, state: State) -> list[tuple[str, str]]:
        return [(f"log-{i}", line) for i, line in enumerate(state.log)]

    def end_text(self, state: State) -> str:
        return f"after round {state.round}"

    score_heads = ("total", "sales", "crystals", "relics", "mission", "chamber")
    score_note = "(a tie goes to the miner farthest ahead: the lower chamber)"

    def score_row(self, state: State, seat: int) -> tuple[int, ...]:
        b = score_breakdown(state, seat)
        chamber = state.position[seat] + 1
        return (b.total, b.sales, b.crystals, b.relics, b.mission, chamber)

    # -- the environment -----------------------------------------------------

    def make_encoder(self) -> Encoder:
        return Encoder()

    def codec(self) -> Codec:
        return _codec.CODEC


def _roman(k: int) -> str:
    return ("I", "II", "III", "IV")[k - 1]


KRYSIS = Krysis()
"""The one `Krysis` instance (`scavenger_env.core.games.get_game("krysis")`)."""
