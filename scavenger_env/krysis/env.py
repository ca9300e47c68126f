"""Krysis as a PettingZoo AEC environment.

| Import              | `from scavenger_env import krysis_v0`                      |
|---------------------|------------------------------------------------------------|
| Actions             | Discrete                                                   |
| Parallel API        | No                                                         |
| Manual control      | No                                                         |
| Agents              | `agents = ['player_0', ..., 'player_{n-1}']`, n = 2, 3, 4  |
| Action shape        | (1,)                                                       |
| Action values       | Discrete(103)                                              |
| Observation shape   | (604,) plus a (103,) int8 action mask                      |
| Observation values  | [0, 1]                                                     |

One agent step is one small choice (a colour's count in a bid, a card, a good to
load), so `agent_selection` comes from the engine, not round-robin.

### Simultaneous choices

The blind bid and the three team picks are simultaneous at the table. Here each
player commits in turn (from the miner farthest ahead), and a commitment stays
hidden from the others until all have committed: no other player's observation,
mask, info, picture or action words tell what it was, only that it was made.

### Observation space

`Dict(observation=Box(0, 1, (604,), float32), action_mask=Box(0, 1, (103,),
int8))`, the same for 2, 3 and 4 players. The vector is encoded from the observing
player's seat (you are seat 0) and holds only what that player may know; its named
views and index ranges are tabled in `scavenger_env/krysis/observation.py`
(`observation.views(obs)` returns them).

### Action mask

`action_mask[a] == 1` exactly when action `a` is legal for the agent to move; it
is all zeros for every other agent. It is built from the engine's
`legal_actions`, the single source of truth.

### Actions

`Discrete(103)` in contiguous blocks per decision kind (bid, place, keep a relic,
agent card, special timing, flip, load, overtime, raid, take goods, destination,
Thief, Spy, Alchemist, draw); the table is in `scavenger_env/krysis/codec.py`.
Seats inside actions are relative, like the observation's.

### Rewards

`reward="win"` (default): at the end, +1 for the winner (a tie on VP goes to the
miner farthest ahead, so there is always one) and -1 for every other player; 0
on every other step. `reward="score"`: at the end, (your VP - the best
opponent's VP) / 10. `infos[agent]` holds the current `phase` and, at the end,
`final_scores` (VP by agent) and `winners`.

### Illegal actions and bad values

An action is an int in 0..102: a Python int, a numpy integer or a 0-d integer
array. `raw_env` raises the engine's `IllegalActionError` (a ValueError that says
why) for an illegal action or a value that is not an action, and changes nothing.
`env()` follows PettingZoo's classic convention for an illegal action instead: the
mover gets -1, the game ends for everyone, and a warning says why.

### Rendering

The picture shows one seat's view, that seat's hand included. `render_seat`
says whose: a seat number or agent name fixes it; `"acting"` follows the player
to move. `render_mode="ansi"` (text) and `"rgb_array"` (the drawn picture as an
array) default to `"acting"`; `render_mode="human"` (a window, or inline in a
notebook) has no default, so that no hand is shown unless the user asked for
that seat's view.

### Version history

* v0: first release.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from scavenger_env.core.aec import OneGameEnv, wrap

from .engine import ConfigError, IllegalActionError
from .game import KRYSIS

__all__ = ["env", "raw_env"]


class raw_env(OneGameEnv):
    """The bare Krysis AEC environment; `env()` adds the standard wrappers.

    `self.game` is the engine state, `self.actions` the engine actions so far and
    `self.seed_used` the seed: a record of the game. Keywords: `OneGameEnv.__init__`'s;
    `**config` is any other `KrysisConfig` field, e.g. `advanced=True`.
    """

    env_game = KRYSIS
    config_error = ConfigError
    illegal_error = IllegalActionError


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (illegal move loses, bounds and order checked)."""
    return wrap(raw_env(**kwargs))
