"""Star Scrappers: Cave-In as a PettingZoo AEC environment.

| Import              | `from scavenger_env import cavein_v0`                      |
|---------------------|------------------------------------------------------------|
| Actions             | Discrete                                                   |
| Parallel API        | No                                                         |
| Manual control      | No                                                         |
| Agents              | `agents = ['player_0', ..., 'player_{n-1}']`, n = 2, 3, 4  |
| Action shape        | (1,)                                                       |
| Action values       | Discrete(156)                                              |
| Observation shape   | (2049,) plus a (156,) int8 action mask                     |
| Observation values  | [0, 1]                                                     |

One agent step is one small choice; a player acts for several steps in a row
during a turn, so `agent_selection` comes from the engine, not round-robin.

### Observation space

`Dict(observation=Box(0, 1, (2049,), float32), action_mask=Box(0, 1, (156,), int8))`,
the same for 2, 3 and 4 players. The vector is encoded from the observing
player's seat (you are seat 0) and holds only what that player may know; its named
views and index ranges are tabled in `scavenger_env/cavein/observation.py`
(`observation.views(obs)` returns them).

### Action mask

`action_mask[a] == 1` exactly when action `a` is legal for the agent to move; it
is all zeros for every other agent. It is built from the engine's
`legal_actions`, the single source of truth.

### Actions

`Discrete(156)` in contiguous blocks per decision kind (end turn, done, use,
confirm, recruit, mine, collect, skill, raid, pay, and the skill-target picks);
the table is in `scavenger_env/cavein/codec.py`. Seats inside actions are
relative, like the observation's.

### Rewards

`reward="win"` (default): at the end, +1 for each winner (all tied players win)
and -1 for every other player; 0 on every other step. `reward="score"`: at the
end, (your VP - the best opponent's VP) / 20. `infos[agent]` holds the current
`phase` and, at the end, `final_scores` (VP by agent) and `winners`. A game
stopped by the `max_rounds` safety stop has no winner: every agent gets
`truncation=True` and reward 0 instead.

### Illegal actions and bad values

An action is an int in 0..155: a Python int, a numpy integer or a 0-d integer
array (what `model.predict` returns); a bool, a float or any other shape is not
an action. `raw_env` raises the engine's `IllegalActionError` (a ValueError that
says why) for an illegal action or a value that is not an action, and changes
nothing. `env()` follows PettingZoo's classic convention for an illegal action
instead: the mover gets -1, the game ends for everyone, and a warning says why; a
value that is not an action raises `IllegalActionError` there too (an
out-of-range int: PettingZoo's AssertionError) and changes nothing. Other mistakes
(an unknown agent name, a bool or negative seed, stepping before `reset`) raise an
error that says what was wrong.

### Rendering

The picture shows one seat's view, that seat's hand included. `render_seat`
says whose: a seat number or agent name fixes it; `"acting"` follows the player
to move, so every hand is shown in turn. `render_mode="ansi"` (render() returns
the text) and `"rgb_array"` (an `H x W x 3` uint8 array of the drawn picture)
default to `"acting"`, the view of the program that moves; `render_mode="human"`
(the drawn picture in a window, or inline in a notebook, after every step) has no
default, so that no hand is shown unless the user asked for that seat's view.

### Version history

* v0: first release.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from scavenger_env.core.aec import (
    RENDER_MODES,
    REWARD_MODES,
    OneGameEnv,
    UnknownAgentError,
    as_int,
    checked_seed,
    wrap,
)

from .engine import ConfigError, IllegalActionError
from .game import CAVEIN

__all__ = [
    "RENDER_MODES",
    "REWARD_MODES",
    "UnknownAgentError",
    "as_int",
    "checked_seed",
    "env",
    "raw_env",
]


class raw_env(OneGameEnv):
    """The bare Cave-In AEC environment; `env()` adds the standard wrappers.

    `self.game` is the engine state (for bots that read it directly), `self.actions`
    the engine actions so far and `self.seed_used` the seed: a record of the game.
    Keywords: `OneGameEnv.__init__`'s; `**config` is any other `GameConfig`
    field, e.g. `factions="first_game"`.
    """

    env_game = CAVEIN
    config_error = ConfigError
    illegal_error = IllegalActionError


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (illegal move loses, bounds and order checked)."""
    return wrap(raw_env(**kwargs))
