"""The game interface: what a game provides so that every tool can run it.

The tournament, the bots' `SeatView`, `random`, `ismcts`, `play`, `simulate`,
`replay`, the benchmarks, the AEC environment base and the training adapter speak
only this interface, so a new game plugs into all of them by implementing it once
and naming itself in `scavenger_env.core.games.GAMES`.

The model is a turn-based game with a deterministic engine:

* **A game is `(config, seed, actions)`.** `new_game(config, seed)` draws the
  set-up (shuffles, deals) from one `numpy.random.Generator`; after that,
  `apply_action` is deterministic. Chance during play is explicit: a state may be
  at a chance node (`is_chance_node`; `current_player` is `core.chance.CHANCE`),
  whose outcomes `chance_outcomes` lists with their probabilities; the tools draw
  one from the same Generator and apply it like an action, so the actions hold
  every roll. Replaying the actions re-creates the game bit for bit, so a record
  needs nothing else.
* **One player decides at a time.** `current_player(state)` is the seat to move
  and `legal_actions(state)` its choices, as ints in `range(num_actions)` with
  absolute seats. A game with simultaneous secret choices (Krysis' blind bids and
  team picks) asks the players in turn and keeps each commitment out of the
  others' `player_view`, `redact`, `describe_action(viewer=...)` and `render` until
  all have committed; the tools need nothing more.
* **Hidden information is the game's business.** `redact(state, seat)` is a full
  state in which everything `seat` may not see is put in a fixed order that tells
  nothing; `determinize(state, seat, rng)` is a full state that `seat` cannot tell
  from the real one. Bots plan on those, never on the real state.

The state and config types are the game's own (`StateT`, `ConfigT`); tools treat
them as opaque and ask the game. A config must be a frozen, validated value with
`num_players` and `to_dict()`; `config_from_dict` reads it back, including configs
stored by older versions (so old records replay under the rules they were played).

A game implements the abstract members; the rest have defaults that suit a game
without turns of several decisions, and a game may override them to read better.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import numpy as np

from scavenger_env.core.digest import DIGEST_VERSION, game_digest

if TYPE_CHECKING:
    from scavenger_env.core.picture import Picture
    from scavenger_env.core.records import GameRecord

__all__ = [
    "Codec",
    "Config",
    "Encoder",
    "Game",
    "GameEnvironment",
    "GameRules",
    "GameText",
]


class Config(Protocol):
    """What the tools read of a game's config: the seats, and a dict to store."""

    @property
    def num_players(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class Encoder(Protocol):
    """Turns a state into one seat's observation vector (float32, `size` long).

    An encoder may cache between calls of one game (`reset` starts a new game);
    `encode` must depend only on what the seat may know.
    """

    def reset(self) -> None: ...

    def encode(self, state: Any, seat: int) -> np.ndarray: ...


class Codec(Protocol):
    """Maps the engine's actions (absolute seats) to the env's action ids
    (relative seats: the acting player is always seat 0) and builds masks."""

    def encode(self, action: int, seat: int, num_players: int) -> int: ...

    def decode(self, action: int, seat: int, num_players: int) -> int: ...

    def legal_mask(
        self, legal: list[int], seat: int, num_players: int
    ) -> np.ndarray: ...


StateT = TypeVar("StateT")
ConfigT = TypeVar("ConfigT", bound=Config)


class GameRules(ABC, Generic[StateT, ConfigT]):
    """A game's rules: its configs, its states and what may happen in them, what
    each seat may know of them, and its records. Everything a search bot or a
    replay needs, and nothing a screen or a learner needs."""

    #: short name used in records (`"game": ...`), on the command line
    #: (`--game`) and in the registry
    name: str
    #: how many seats a game may have
    min_players: int
    max_players: int
    #: the engine's action ids are `range(num_actions)` (a player's and chance's)
    num_actions: int
    #: the rules version this engine plays by default (stored in each config)
    rules_version: int = 1

    # -- config --------------------------------------------------------------

    @abstractmethod
    def make_config(self, num_players: int, **options: Any) -> ConfigT:
        """A validated config; raises `ConfigError` saying what is wrong."""

    @abstractmethod
    def config_from_dict(self, data: Mapping[str, Any]) -> ConfigT:
        """Read back `config.to_dict()` (older versions' dicts too); raises
        `ConfigError` for a dict this engine cannot play."""

    def config_options(self) -> dict[str, str]:
        """The options `make_config` takes besides `num_players`, with a line each
        (for `--help` and error messages)."""
        return {}

    # -- play ----------------------------------------------------------------

    @abstractmethod
    def new_game(self, config: ConfigT, seed: int | np.random.Generator) -> StateT:
        """Set up a game: every random draw of the game happens here."""

    @abstractmethod
    def legal_actions(self, state: StateT) -> list[int]:
        """The mover's legal actions, sorted; never empty while the game runs."""

    @abstractmethod
    def apply_action(self, state: StateT, action: int) -> None:
        """Play `action` in place; an illegal one raises `IllegalActionError`
        saying why and changes nothing. Only an int is an action (a Python int
        or a numpy integer, never a bool: `core.actions.checked_action`); a
        float, an array, a string or None is refused the same way, with its
        type named."""

    def apply_legal_action(self, state: StateT, action: int) -> None:
        """Play an action known to be legal (a fast path: no check)."""
        self.apply_action(state, action)

    @abstractmethod
    def explain_illegal(self, state: StateT, action: int) -> str:
        """Why `action` is illegal now, in plain words ('' if it is legal)."""

    @abstractmethod
    def current_player(self, state: StateT) -> int:
        """The seat to move; `core.chance.CHANCE` at a chance node (meaningless
        once the game is over)."""

    def is_chance_node(self, state: StateT) -> bool:
        """Whether chance moves next (a roll, a draw) rather than a player."""
        return False

    def chance_outcomes(self, state: StateT) -> list[tuple[int, float]]:
        """At a chance node, each outcome (an action id that `apply_action`
        plays) with its probability; they sum to 1. `legal_actions` is their
        ids."""
        raise NotImplementedError(f"{self.name} has no chance nodes")

    @abstractmethod
    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended (normally or by a safety stop)."""

    def is_truncated(self, state: StateT) -> bool:
        """Whether the game was cut short by a safety stop rather than ending by
        the rules (a learner must not count that as a win)."""
        return False

    def num_players(self, state: StateT) -> int:
        """Seats in this game (its config's)."""
        return self.config_of(state).num_players

    @abstractmethod
    def config_of(self, state: StateT) -> ConfigT:
        """The config the game is played under."""

    @abstractmethod
    def scores(self, state: StateT) -> list[int]:
        """Each seat's score (final once the game is over)."""

    def winners(self, state: StateT) -> list[int]:
        """The winning seats: those with the top score (a game whose rules break
        ties says so here)."""
        scores = self.scores(state)
        top = max(scores)
        return [seat for seat, score in enumerate(scores) if score == top]

    @abstractmethod
    def turns(self, state: StateT) -> int:
        """Turns ended so far, all players together. A turn is one seat's go,
        however many decisions it takes: the count goes up exactly when
        `turn_key` changes, and once more when the game ends (`check_game`
        checks both). Records keep the total; screens and bots read it."""

    def phase(self, state: StateT) -> int:
        """The kind of decision being made, as a small int (see `phase_names`)."""
        return 0

    #: the name of each phase, indexed by `phase(state)`
    phase_names: tuple[str, ...] = ("play",)

    # -- information ---------------------------------------------------------

    @abstractmethod
    def redact(self, state: StateT, seat: int) -> StateT:
        """A copy in which everything hidden from `seat` is in a fixed order that
        tells nothing; what a bot at `seat` is given."""

    @abstractmethod
    def determinize(self, state: StateT, seat: int, rng: np.random.Generator) -> StateT:
        """A full state consistent with what `seat` knows, hidden things drawn
        from `rng` (a fresh copy)."""

    # -- states --------------------------------------------------------------

    @abstractmethod
    def clone(self, state: StateT) -> StateT:
        """An independent copy, cheap enough to call at every search node."""

    def same_state(self, a: StateT, b: StateT) -> bool:
        """Whether two states are the same position (every field of
        `state_data` equal)."""
        return bool(self.state_data(a) == self.state_data(b))

    @abstractmethod
    def state_data(self, state: StateT) -> Mapping[str, Any]:
        """The position as plain data for the digest: every field that makes the
        game, by name, in a fixed order, and no presentation (no log lines). Plain
        values, lists, sets, dicts and `Fields` for the game's own objects
        (`scavenger_env.core.digest`)."""

    def digest(self, state: StateT, seed: int, actions: Sequence[int]) -> str:
        """A fingerprint (hex) of the game: seed, actions and final state. A
        record stores it, so a replay proves it reproduces its game. The same in
        every build: the digest of `scavenger_env.core.digest` over
        `state_data`."""
        return game_digest(self.state_data(state), seed, actions)

    def digests_for(
        self, version: int, state: StateT, seed: int, actions: Sequence[int]
    ) -> tuple[str, ...]:
        """The digests a record of digest `version` may hold for this game (a
        replay accepts any of them). Version 2 is `digest`; a game whose version-1
        records were fingerprinted otherwise overrides this for version 1."""
        return (self.digest(state, seed, actions),)

    def digest_optional(self, config: Mapping[str, Any]) -> bool:
        """Whether a stored record under `config` may lack a digest (it was
        written before this game's records had one)."""
        return False

    def record_meta(self, state: StateT) -> dict[str, Any]:
        """Facts about a finished game worth keeping in its record's `meta` for
        statistics (Cave-In: the start player)."""
        return {}

    def seat_facts(self, state: StateT, seat: int) -> dict[str, Any]:
        """What a finished game says about `seat`, for balance statistics: JSON-
        safe values, lists and flat dicts, which the balance tables turn into
        columns. `order` (0 moved first) is the one the tools know by name;
        the rest is the game's own (Cave-In: Totems, artifacts, VP by source)."""
        return {}

    # -- records -------------------------------------------------------------

    def record(
        self,
        config: ConfigT,
        seed: int,
        state: StateT,
        actions: Sequence[int],
    ) -> GameRecord:
        """The record of a finished game (with its digest): all that replays it."""
        from scavenger_env.core.records import GameRecord

        return GameRecord(
            game=self.name,
            config=config.to_dict(),
            seed=seed,
            actions=list(actions),
            scores=list(self.scores(state)),
            winners=list(self.winners(state)),
            turns=self.turns(state),
            digest=self.digest(state, seed, actions),
            digest_version=DIGEST_VERSION,
        )


class GameText(GameRules[StateT, ConfigT]):
    """A game's presentation: what a player is shown and how a screen or a
    transcript tells the game (the rules are what it tells of)."""

    #: the game's printed title, for screens and reports
    title: str

    # -- what a player is shown ----------------------------------------------

    @abstractmethod
    def player_view(self, state: StateT, seat: int) -> Any:
        """What `seat` may know, as the game's own view object."""

    @abstractmethod
    def describe_action(
        self, state: StateT, action: int, viewer: int | None = None
    ) -> str:
        """Plain words for `action` in `state`, as `viewer` may read them (None:
        everything, for transcripts)."""

    @abstractmethod
    def render(self, state: StateT, viewer: int) -> str:
        """A text picture of the game as `viewer` sees it."""

    def render_changes(self, before: str, after: str) -> str:
        """What differs between two pictures from `render`, for a player who saw
        the first (the default: the whole new picture)."""
        return after

    def picture(self, state: StateT, viewer: int | None = None) -> Picture:
        """The position drawn as SVG: as seat `viewer` sees it, or the whole
        truth (None, for a finished game's replay). The default draws `render`'s
        text as monospace lines (seat 0's text for None); a game overrides it
        with a real drawing."""
        from scavenger_env.core.picture import text_picture

        seat = 0 if viewer is None else viewer
        return text_picture(self.render(state, seat), title=self.title)

    def action_target(self, state: StateT, action: int) -> str | None:
        """The `data-ref` of the thing in `picture` that legal `action` acts on
        (a space, a card, a lot), so that a player in the browser can click it;
        None when the action has no place on the picture (the offered choices
        list every action anyway). Depends only on public facts and the mover's
        own view."""
        return None

    # -- narration (play, transcripts) --------------------------------------

    def turn_key(self, state: StateT) -> Hashable:
        """Changes exactly when a new turn starts (transcripts print a header)."""
        return (self.current_player(state), self.turns(state))

    def turn_header(self, state: StateT, who: str) -> str:
        """The header of the turn starting now; `who` says whose turn it is
        ("your turn", "player 1 (greedy)'s turn")."""
        return who

    def progress(self, state: StateT) -> str:
        """Where the game stands, to end a sentence ("Game abandoned in round
        3")."""
        return f"after {self.turns(state)} turns"

    def narrate(self, state: StateT, action: int, viewer: int | None = None) -> str:
        """How a screen tells `viewer` (None: everyone) that another player took
        `action` in `state` (default: `describe_action`)."""
        return self.describe_action(state, action, viewer)

    def turn_owner(self, state: StateT) -> int:
        """Whose turn it is, for a screen's header: the seat to act (default);
        a game where a seat may be asked in another's turn (a reaction) names
        the seat whose turn it is."""
        return self.current_player(state)

    def narrator(self, viewer: int | None = None) -> Narrator:
        """A fresh teller of one game, action by action, for a screen read by
        `viewer` (None: everyone): by default each action in `narrate`'s
        words. A game may hold lines back and tell a summary instead (a fight's
        dice and outcome)."""
        return Narrator(self, viewer)

    def transcript_header(self, state: StateT) -> str:
        """The header of the turn starting now in a replay's transcript."""
        return self.turn_header(state, f"player {self.current_player(state)}'s turn")

    def intro(self, state: StateT) -> list[str]:
        """Sentences that open a game on screen (who starts, how it ends)."""
        return []

    def news(self, state: StateT) -> list[tuple[str, str]]:
        """Public events worth announcing once, as `(key, sentence)`; a screen
        prints each key the first time it appears."""
        return []

    def end_text(self, state: StateT) -> str:
        """Why the game ended, for the final screen."""
        return f"after {self.turns(state)} turns"

    #: the columns of `score_table`'s breakdown, "total" first (none: the
    #: score alone); `score_row` gives a seat's values under them
    score_heads: tuple[str, ...] = ()
    #: a line under the breakdown (how a tie is broken, ...)
    score_note: str = ""

    def score_row(self, state: StateT, seat: int) -> Sequence[object]:
        """`seat`'s values under `score_heads`."""
        return (self.scores(state)[seat],)

    def score_table(self, state: StateT, labels: Sequence[str]) -> str:
        """The final scores, one line per seat, broken down under `score_heads`
        when the game names them."""
        width = max(len(label) for label in labels)
        heads = self.score_heads
        if not heads:
            lines = ["Final scores:"]
            for seat, score in enumerate(self.scores(state)):
                lines.append(f"  {labels[seat]:<{width}}  {score:>5}")
            return "\n".join(lines)
        lines = [
            f"Final scores ({self.score_unit}):",
            f"  {'':<{width}}  " + "  ".join(heads),
        ]
        for seat, label in enumerate(labels):
            values = self.score_row(state, seat)
            cells = "  ".join(
                f"{v:>{len(h)}}" for v, h in zip(values, heads, strict=True)
            )
            lines.append(f"  {label:<{width}}  {cells}")
        if self.score_note:
            lines.append(f"  {self.score_note}")
        return "\n".join(lines)

    #: the unit of a score, for sentences ("with 61 VP")
    score_unit: str = "points"


class Narrator:
    """Tells one screen what happens in a game (`GameText.narrator`): `tell`
    before each action is played (every action, a human's own included, so a
    game's narrator can follow the game) and `after` once it was."""

    def __init__(self, game: GameText[Any, Any], viewer: int | None) -> None:
        self.game = game
        self.viewer = viewer

    def tell(self, state: Any, action: int) -> str | None:
        """The words for `action`, about to be played in `state` (None: held
        back, to be told in a summary)."""
        return self.game.narrate(state, action, self.viewer)

    def after(self, state: Any) -> list[str]:
        """Sentences due now that the action was played (none by default)."""
        return []


class GameEnvironment(GameRules[StateT, ConfigT]):
    """What a learning environment needs of a game besides its rules: the
    observation vector and the action codec."""

    #: the PettingZoo id (`pettingzoo.make("aec", env_id)`) and its entry point
    env_id: str
    env_entry_point: str
    #: length of the observation vector; env action ids are `range(env_actions)`
    observation_size: int
    env_actions: int
    #: what the "score" reward divides the margin by (a typical winning margin)
    score_scale: float = 1.0

    @abstractmethod
    def make_encoder(self) -> Encoder:
        """A fresh observation encoder (it may cache within one game)."""

    @abstractmethod
    def codec(self) -> Codec:
        """The action codec between engine ids and env ids."""


class Game(GameText[StateT, ConfigT], GameEnvironment[StateT, ConfigT]):
    """One game behind one interface: its rules (`GameRules`), its presentation
    (`GameText`) and its environment part (`GameEnvironment`).

    An instance holds no game in progress (states are separate objects), so one
    instance per game serves every tool; `scavenger_env.core.games.get_game`
    returns it by name.
    """

    def __repr__(self) -> str:
        return f"<game {self.name!r}: {self.title}>"
