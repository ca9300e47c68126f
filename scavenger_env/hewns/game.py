"""Hewns behind the game interface (`scavenger_env.core.game`).

`HEWNS` is what the generic tools run for `--game hewns` (registered in
`scavenger_env.core.games`). Each method hands
over to the engine; the screens' sentences are here and in `render`.

Hewns has chance during play: dice and card draws are chance nodes
(`is_chance_node`, `chance_outcomes`), played by the tools from the game's
generator and kept in the action list like every decision.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from scavenger_env.core.chance import CHANCE, game_rng
from scavenger_env.core.errors import check_game_seed
from scavenger_env.core.game import Codec, Game, Narrator

from . import codec as _codec
from .engine import ending, flow, rules
from .engine.config import RULES_VERSION, HewnsConfig
from .engine.data import HEWN_TYPES, TECHS
from .engine.describe import describe_action
from .engine.digest import state_data as _state_data
from .engine.rules import new_game
from .engine.state import (
    BOUGHT_HEWN,
    BOUGHT_TECH,
    NUM_HEWNS,
    PURCHASE,
    Phase,
    State,
    hewn_type,
)
from .engine.view import (
    PlayerView,
    bids_hidden,
    determinize,
    player_view,
    redact,
)
from .observation import OBS_SIZE, Encoder

if TYPE_CHECKING:
    from scavenger_env.core.picture import Picture

__all__ = ["HEWNS", "HewnsGame"]

_OPTIONS = {
    "cards": "the card set: 'core' (13 Hewn types, 6 technologies), 'terrain' "
    "(+ digging, flying, climbing, artillery), or 'nanas' (+ Nananbites, hearts, "
    "the implosion bomb), or 'complete' (+ the two swarms and the secret loads "
    "off the board: the whole game; the default)",
    "map": "the board: a bundled map ('crater', the default; 'gorge'; 'twins') "
    "or the path of a map file (`scavenger maps list`)",
    "mudgestick": "how far a dig, fly or climb reaches, in spaces (2-6; 3)",
    "nananbites_per_bidox": "Nananbites one Bidox may hold (1 or 2; 2)",
    "score_carried": "normal Substract carried by a player's Hewns scores (True)",
    "damaged_transmit": "a damaged Hewn may transmit Substract (True; rules 2)",
    "income": "dirty income of rounds 1-3 (three ints; None: the scenario's)",
    "pile": "the normal Substract pile (None: the scenario's)",
    "bidoxes": "Bidoxes per player (None: the scenario's)",
    "secret_loads": "what is loaded or fitted off the board stays secret "
    "(None: in the complete game only; True or False: either way)",
    "card_data": "designed card numbers changed for a balance study: {card: "
    "{field: value}} for a Hewn type, a technology or 'Raw Substract' (None: "
    "the printed cards)",
    "danger_faces": "the danger die's 10 faces, from 'lava', 'snedj', "
    "'planet_attack', 'deplete', 'new_mine', 'respite', 'blank' (None: the "
    "designed die)",
    "max_decisions": "a safety stop: the game is cut short after this many",
    "rules_version": "which version of the rules applies: 1, 2 or 3 (the default)",
}
"""One line per `HewnsConfig` option (its docstring says more)."""

_PHASE_WORDS = ("the auction", "the actions phase", "the end")


class HewnsGame(Game[State, HewnsConfig]):
    """Hewns, the Raw Substract scenario (2 to 4 players)."""

    name = "hewns"
    title = "Hewns"
    env_id = "scavenger/hewns-v0"
    env_entry_point = "scavenger_env.hewns_v0:env"
    min_players = 2
    max_players = 4
    num_actions = _codec.NUM_ACTIONS
    rules_version = RULES_VERSION
    phase_names = tuple(p.name.lower() for p in Phase)
    score_unit = "normal Substract"
    env_actions = _codec.NUM_ACTIONS
    observation_size = OBS_SIZE
    score_scale = 10.0

    # -- config --------------------------------------------------------------

    def make_config(self, num_players: int, **options: Any) -> HewnsConfig:
        return HewnsConfig(num_players=num_players, **options)

    def config_from_dict(self, data: Mapping[str, Any]) -> HewnsConfig:
        return HewnsConfig.from_dict(dict(data))

    def config_options(self) -> dict[str, str]:
        return dict(_OPTIONS)

    # -- play ----------------------------------------------------------------

    def new_game(self, config: HewnsConfig, seed: int | np.random.Generator) -> State:
        check_game_seed(seed)  # 0..2**64 - 1: what a record keeps
        return new_game(config, game_rng(seed))

    def legal_actions(self, state: State) -> list[int]:
        return rules.legal_actions(state)

    def apply_action(self, state: State, action: int) -> None:
        rules.apply_action(state, action)

    def apply_legal_action(self, state: State, action: int) -> None:
        rules.apply_legal(state, action)

    def explain_illegal(self, state: State, action: int) -> str:
        return rules.explain_illegal(state, action)

    def current_player(self, state: State) -> int:
        if state.over or not state.frames:
            return CHANCE if flow.is_chance(state) else -1
        if flow.is_chance(state):
            return CHANCE
        return state.frames[-1].seat

    def is_chance_node(self, state: State) -> bool:
        return not state.over and flow.is_chance(state)

    def chance_outcomes(self, state: State) -> list[tuple[int, float]]:
        return flow.chance_outcomes(state)

    def is_over(self, state: State) -> bool:
        return state.over

    def is_truncated(self, state: State) -> bool:
        return state.over and state.end_reason == "cap"

    def num_players(self, state: State) -> int:
        return state.num_players

    def config_of(self, state: State) -> HewnsConfig:
        return state.config

    def scores(self, state: State) -> list[int]:
        return [ending.score(state, s) for s in range(state.num_players)]

    def winners(self, state: State) -> list[int]:
        """The engine's winners (score, then healthy Hewns; a draw shares); a
        game cut short by the safety stop has none by the rules, so the top
        scores stand in for the record."""
        won = ending.winners(state)
        return won if won else super().winners(state)

    def turns(self, state: State) -> int:
        return state.turns

    def phase(self, state: State) -> int:
        return int(state.phase)

    # -- information ---------------------------------------------------------

    def redact(self, state: State, seat: int) -> State:
        return redact(state, seat)

    def determinize(self, state: State, seat: int, rng: np.random.Generator) -> State:
        return determinize(state, seat, rng)

    def clone(self, state: State) -> State:
        return state.clone()

    def state_data(self, state: State) -> Mapping[str, Any]:
        return _state_data(state)

    def seat_facts(self, state: State, seat: int) -> dict[str, Any]:
        """What the balance tables need: the seat's place in the last round's
        turn order (`order`) and in round 1's bidding (`bid_order`, 0 for the
        random first bidder), how the game ended, the Hewn types it holds at
        the end, and the lots it won with what it paid (by card name)."""
        order = state.order.index(seat) if seat in state.order else seat
        bought: dict[str, int] = {}
        paid: dict[str, int] = {}
        p = state.purchases
        for i in range(0, len(p), PURCHASE):
            if p[i + 1] != seat:
                continue
            name = _purchase_name(p[i + 2], p[i + 3])
            bought[name] = bought.get(name, 0) + 1
            paid[name] = paid.get(name, 0) + p[i + 4]
        return {
            "end": state.end_reason,
            "end_round": state.round,
            "bid_order": (seat - state.opening_bidder) % state.num_players,
            "types": sorted(
                hewn_type(h).name
                for h in range(NUM_HEWNS)
                if state.ctrl[h] == seat and state.loc[h] >= -2
            ),
            "bought": bought,
            "paid": paid,
            "order": order,
            "screen_normal": state.screen_normal[seat],
            "healthy_hewns": ending.healthy_hewns(state, seat),
            "hewns": sum(
                1
                for h in range(NUM_HEWNS)
                if state.ctrl[h] == seat and state.loc[h] >= -2
            ),
        }

    def record_meta(self, state: State) -> dict[str, Any]:
        return {"end_reason": state.end_reason, "rounds": state.round}

    # -- pictures and sentences ----------------------------------------------

    def player_view(self, state: State, seat: int) -> PlayerView:
        return player_view(state, seat)

    def describe_action(
        self, state: State, action: int, viewer: int | None = None
    ) -> str:
        return describe_action(state, action, viewer)

    def render(self, state: State, viewer: int) -> str:
        from .render import render_state

        return render_state(state, viewer)

    def render_changes(self, before: str, after: str) -> str:
        from .render import render_changes

        return render_changes(before, after)

    def picture(self, state: State, viewer: int | None = None) -> Picture:
        """The position drawn as SVG: the crater from its map data and a panel
        with what `render` tells (`picture.draw`)."""
        from .picture import draw

        return draw(state, viewer)

    def action_target(self, state: State, action: int) -> str | None:
        from .picture import action_target

        return action_target(state, action)

    def turn_owner(self, state: State) -> int:
        """The seat whose bid turn or player turn is in progress (a reaction,
        a new mine or a pick may ask another seat in it)."""
        from .engine.describe import turn_seat

        owner = turn_seat(state)
        return self.current_player(state) if owner is None else owner

    def narrator(self, viewer: int | None = None) -> Narrator:
        """Each action in words, but a fight told once it is over and the
        auction's opening told Bidox by Bidox to the viewer
        (`narration.HewnsNarrator`)."""
        from .narration import HewnsNarrator

        return HewnsNarrator(self, viewer)

    def turn_key(self, state: State) -> Hashable:
        return (self.current_player(state), state.turns)

    def turn_header(self, state: State, who: str) -> str:
        return f"Round {state.round}, {_PHASE_WORDS[int(state.phase)]}: {who}"

    def progress(self, state: State) -> str:
        return f"in round {state.round}"

    def intro(self, state: State) -> list[str]:
        return [
            f"{state.config.scenario.rounds} rounds of auctions and mining; the "
            "most normal Substract wins. Player "
            f"{state.first_bidder} bids first."
        ]

    def news(self, state: State) -> list[tuple[str, str]]:
        """Public events of this round: each lot's result once the Bidoxes are
        opened (by card: the lots are drawn anew right after), and each
        turn-order card once shown."""
        out: list[tuple[str, str]] = []
        r = state.round
        if state.phase == Phase.ACTIONS or (
            state.phase == Phase.AUCTION and state.frames and not bids_hidden(state)
        ):
            bought = _bought_this_round(state)
            for lot, winner in enumerate(state.lot_winner):
                bids = state.lot_result[lot]
                if winner >= 0:
                    card = bought.pop(0) if bought else f"lot {lot}"
                    out.append(
                        (
                            f"r{r}-lot{lot}",
                            f"Player {winner} won {card} (lot {lot}) with a bid "
                            f"of {bids[winner]}.",
                        )
                    )
                elif any(bids):
                    out.append((f"r{r}-lot{lot}", f"Nobody won lot {lot}."))
        for q in range(state.num_players):
            if state.card_shown[q] and state.turn_card[q]:
                out.append(
                    (
                        f"r{r}-card{q}",
                        f"Player {q} shows turn-order card {state.turn_card[q]}.",
                    )
                )
        return out

    def end_text(self, state: State) -> str:
        why = {
            "rounds": f"at the end of round {state.round}",
            "pile": "when the normal Substract pile ran out",
            "depleted": "when the depleted-mines track filled up",
            "no mines": "when every mine was depleted",
            "cap": "cut short by the safety stop",
        }
        return why.get(state.end_reason, f"in round {state.round}")

    score_heads = ("total", "screen", "carried", "gems", "healthy")
    score_note = "(a tie goes to the most healthy Hewns; then it is a draw)"

    def score_row(self, state: State, seat: int) -> tuple[int, ...]:
        total = ending.score(state, seat)
        screen = state.screen_normal[seat]
        gems = ending.gem_score(state, seat)
        healthy = ending.healthy_hewns(state, seat)
        return (total, screen, total - screen - gems, gems, healthy)

    # -- the environment -----------------------------------------------------

    def make_encoder(self) -> Encoder:
        return Encoder()

    def codec(self) -> Codec:
        return _codec.CODEC


HEWNS = HewnsGame()
"""The one `HewnsGame` instance (registered as "hewns")."""


def _bought_this_round(state: State) -> list[str]:
    """The cards won in this round's auction, lot by lot (`State.purchases`)."""
    p = state.purchases
    return [
        _purchase_name(p[i + 2], p[i + 3])
        for i in range(0, len(p), PURCHASE)
        if p[i] == state.round
    ]


def _purchase_name(what: int, which: int) -> str:
    """The card a `State.purchases` entry names."""
    if what == BOUGHT_HEWN:
        return HEWN_TYPES[which].name
    if what == BOUGHT_TECH:
        return TECHS[which].name
    return "turn order"
