"""Star Scrappers: Cave-In behind the game interface (`scavenger_env.core.game`).

`CAVEIN` is what every generic tool runs when asked for `--game cavein`. Each
method hands over to the engine (most are the engine's functions themselves, so
the interface costs one attribute lookup); the screens' sentences are here.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from scavenger_env.core.game import Codec, Game

from . import codec as _codec
from .engine import (
    RULES_VERSION,
    GameConfig,
    GameState,
    Phase,
    apply_action,
    apply_legal_action,
    describe_action,
    explain_illegal,
    final_scores,
    legal_actions,
    new_game,
    score_breakdown,
    winners,
)
from .engine.digest import state_data as _state_data
from .engine.state import same_state
from .engine.view import PlayerView, determinize, player_view, redact
from .observation import OBS_SIZE, Encoder

if TYPE_CHECKING:
    from scavenger_env.core.picture import Picture

__all__ = ["CAVEIN", "CaveIn"]


_OPTIONS = {
    "factions": "'random' (4 of the 6), 'first_game' or a list of four faction "
    "names, e.g. [Terron,Bioss,Metanel,Weedlock]",
    "merc_distribution": "copies per level per faction: '5/4/2/2' or '4/4/3/2'",
    "weedlock_text": "'en' (English rulebook) or 'de' (German rulebook's texts)",
    "cave_in_thresholds": "Cave-Ins that end the game for 2, 3 and 4 players, "
    "e.g. [7,8,9]",
    "artifact_costs": "the cost of the cards on each of the three artifact "
    "stacks, e.g. [4,6,8]",
    "skill_crystals_cave_in": "whether a crystal gained without a Mine moves the "
    "Cave-In track",
    "scrabber_every_mine": "Scrabber's bonus after every Mine of the turn (True) "
    "or once a turn (False)",
    "allow_pass": "a house rule: end the turn before taking both actions",
    "start_player": "'random' or a seat number",
    "max_rounds": "a safety stop (not in the rulebook) for bots that never act",
    "rules_version": "which fixes of the engine's rules apply (records keep theirs)",
}
"""One line per `GameConfig` option (its docstring says more)."""


def _turns(state: GameState) -> int:
    return sum(state.turns_taken)


class CaveIn(Game[GameState, GameConfig]):
    """Star Scrappers: Cave-In (2 to 4 players)."""

    name = "cavein"
    title = "Star Scrappers: Cave-In"
    env_id = "scavenger/cavein-v0"
    env_entry_point = "scavenger_env.cavein_v0:env"
    min_players = 2
    max_players = 4
    num_actions = _codec.NUM_ACTIONS
    rules_version = RULES_VERSION
    phase_names = tuple(p.name.lower() for p in Phase)
    score_unit = "VP"
    observation_size = OBS_SIZE
    env_actions = _codec.NUM_ACTIONS
    score_scale = 20.0

    # -- config --------------------------------------------------------------

    def make_config(self, num_players: int, **options: Any) -> GameConfig:
        return GameConfig(num_players=num_players, **options)

    def config_from_dict(self, data: Mapping[str, Any]) -> GameConfig:
        return GameConfig.from_dict(dict(data))

    def config_options(self) -> dict[str, str]:
        return dict(_OPTIONS)

    # -- play: the engine's own functions ------------------------------------

    def new_game(
        self, config: GameConfig, seed: int | np.random.Generator
    ) -> GameState:
        return new_game(config, seed)

    def legal_actions(self, state: GameState) -> list[int]:
        return legal_actions(state)

    def apply_action(self, state: GameState, action: int) -> None:
        return apply_action(state, action)

    def apply_legal_action(self, state: GameState, action: int) -> None:
        return apply_legal_action(state, action)

    def explain_illegal(self, state: GameState, action: int) -> str:
        return explain_illegal(state, action)

    def scores(self, state: GameState) -> list[int]:
        return final_scores(state)

    def winners(self, state: GameState) -> list[int]:
        return winners(state)

    def turns(self, state: GameState) -> int:
        return _turns(state)

    def same_state(self, a: GameState, b: GameState) -> bool:
        return same_state(a, b)

    def redact(self, state: GameState, seat: int) -> GameState:
        return redact(state, seat)

    def determinize(
        self, state: GameState, seat: int, rng: np.random.Generator
    ) -> GameState:
        return determinize(state, seat, rng)

    def player_view(self, state: GameState, seat: int) -> PlayerView:
        return player_view(state, seat)

    def describe_action(
        self, state: GameState, action: int, viewer: int | None = None
    ) -> str:
        return describe_action(state, action, viewer)

    def current_player(self, state: GameState) -> int:
        return state.current_player

    def is_over(self, state: GameState) -> bool:
        return state.is_over

    def is_truncated(self, state: GameState) -> bool:
        return state.end_reason == "max_rounds"

    def num_players(self, state: GameState) -> int:
        return state.num_players

    def config_of(self, state: GameState) -> GameConfig:
        return state.config

    def phase(self, state: GameState) -> int:
        return int(state.phase)

    def clone(self, state: GameState) -> GameState:
        return state.clone()

    def state_data(self, state: GameState) -> Mapping[str, Any]:
        return _state_data(state)

    def digest_optional(self, config: Mapping[str, Any]) -> bool:
        # Records made before configs named their rules version had no digest.
        return "rules_version" not in config

    def record_meta(self, state: GameState) -> dict[str, Any]:
        return {"start_player": int(state.start_player)}

    def seat_facts(self, state: GameState, seat: int) -> dict[str, Any]:
        from .facts import seat_facts

        return seat_facts(state, seat)

    # -- pictures and sentences ----------------------------------------------

    def render(self, state: GameState, viewer: int) -> str:
        from .render import render_state

        return render_state(state, viewer)

    def render_changes(self, before: str, after: str) -> str:
        from .render import render_changes

        return render_changes(before, after)

    def picture(self, state: GameState, viewer: int | None = None) -> Picture:
        from .picture import draw

        return draw(state, viewer)

    def action_target(self, state: GameState, action: int) -> str | None:
        from .picture import action_target

        return action_target(state, action)

    def turn_key(self, state: GameState) -> Hashable:
        return (state.current_player, sum(state.turns_taken))

    def turn_header(self, state: GameState, who: str) -> str:
        return f"Round {state.round}: {who}"

    def progress(self, state: GameState) -> str:
        return f"in round {state.round}"

    def narrate(self, state: GameState, action: int, viewer: int | None = None) -> str:
        # the engine words a card's owner as "you"; a screen tells of others
        text = describe_action(state, action, viewer)
        return text.replace("from your hand", "from their hand")

    def transcript_header(self, state: GameState) -> str:
        return f"Round {state.round} — player {state.current_player}'s turn"

    def intro(self, state: GameState) -> list[str]:
        return [
            f"Player {state.start_player} starts. The Mine collapses at "
            f"{state.config.cave_in_threshold} Cave-Ins."
        ]

    def news(self, state: GameState) -> list[tuple[str, str]]:
        if state.end_triggered and not state.is_over:
            return [
                (
                    "cave-in",
                    f"*** The Mine collapses ({state.cave_in} Cave-Ins): the game "
                    "ends when this round is complete. ***",
                )
            ]
        return []

    def end_text(self, state: GameState) -> str:
        if state.end_reason == "max_rounds":
            return f"the safety stop after {state.config.max_rounds} rounds"
        return (
            f"the Mine caved in ({state.cave_in} Cave-Ins) after {state.round} rounds"
        )

    score_heads = ("total", "crystals", "sets", "artifacts", "totems", "subjugated")

    def score_row(self, state: GameState, seat: int) -> tuple[int, ...]:
        b = score_breakdown(state, seat)
        return (b.total, b.crystals, b.symbols, b.artifacts, b.totems, b.subjugated)

    # -- the environment -----------------------------------------------------

    def make_encoder(self) -> Encoder:
        return Encoder()

    def codec(self) -> Codec:
        return _codec.CODEC


CAVEIN = CaveIn()
"""The one `CaveIn` instance (`scavenger_env.core.games.get_game("cavein")`)."""
