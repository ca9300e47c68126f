"""Hewns as a PettingZoo AEC environment.

| Import              | `from scavenger_env import hewns_v0`                       |
|---------------------|------------------------------------------------------------|
| Actions             | Discrete                                                   |
| Parallel API        | No                                                         |
| Manual control      | No                                                         |
| Agents              | `agents = ['player_0', ..., 'player_{n-1}']`, n = 2, 3, 4  |
| Action shape        | (1,)                                                       |
| Action values       | Discrete(284)                                              |
| Observation shape   | (5349,) plus a (284,) int8 action mask                     |
| Observation values  | [0, 1]                                                     |

The default card set, `cards="complete"`, is the whole game: all 22 Hewn types
(the two swarms included), digging, flying, climbing, artillery, Nananbites,
hearts, the implosion bomb, and loads and fittings kept secret behind a
player's screen. `cards="nanas"`, `"terrain"` and `"core"` play smaller sets.

One agent step is one small choice (a Bidox, a lot, an amount, a Hewn, a space,
a verb), so `agent_selection` comes from the engine, not round-robin. Dice and
card draws during play are chance: the environment rolls them from its seeded
generator between agent steps, and they are kept in `self.actions`.

### Simultaneous choices

Bidding is sealed at the table. Here each player places one Bidox at a time
(which lot is public), and what is in it stays hidden from the others until the
auction is resolved: no other player's observation, mask, info, picture or
action words tell the amount, only that a Bidox was placed. Turn-order cards
handed out face down stay hidden until shown (the dealer sees them all).

### Observation space

`Dict(observation=Box(0, 1, (5349,), float32), action_mask=Box(0, 1, (284,),
int8))`, the same for 2, 3 and 4 players. The vector is encoded from the
observing player's seat (you are seat 0) and holds only what that player may
know; its named views are tabled in `scavenger_env/hewns/observation.py`
(`observation.views(obs)` returns them).

### Action mask

`action_mask[a] == 1` exactly when action `a` is legal for the agent to move; it
is all zeros for every other agent. It is built from the engine's
`legal_actions`, the single source of truth.

### Actions

`Discrete(284)` in contiguous blocks (control, verbs, Hewns, spaces, amounts,
lots, technologies, slots, dice, seats, options); the table is in
`scavenger_env/hewns/engine/actions.py`. Seats inside actions are relative, like
the observation's.

### Rewards

`reward="win"` (default): at the end, +1 for each winner (the most normal
Substract, then the most healthy Hewns; a draw shares it) and -1 for every other
player; 0 on every other step and for a game cut short by the safety stop.
`reward="score"`: at the end, (your score - the best opponent's) / 10.
`infos[agent]` holds the current `phase` and, at the end, `final_scores` and
`winners`.

### Illegal actions and bad values

An action is an int in 0..283: a Python int, a numpy integer or a 0-d integer
array. `raw_env` raises the engine's `IllegalActionError` (a ValueError that says
why) for an illegal action or a value that is not an action, and changes nothing.
`env()` follows PettingZoo's classic convention for an illegal action instead: the
mover gets -1, the game ends for everyone, and a warning says why.

### Rendering

The picture shows one seat's view, its Bidoxes' contents included.
`render_seat` says whose: a seat number or agent name fixes it; `"acting"`
follows the player to move. `render_mode="ansi"` (text) and `"rgb_array"` (the
drawn picture as an array) default to `"acting"`; `render_mode="human"` (a
window, or inline in a notebook) has no default, so that no secret is shown
unless the user asked for that seat's view.

### Version history

* v0: first release (the engine's first stage).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from scavenger_env.core.aec import OneGameEnv, wrap
from scavenger_env.core.errors import IllegalActionError

from .engine.config import HewnsConfigError
from .game import HEWNS

__all__ = ["env", "raw_env"]


class raw_env(OneGameEnv):
    """The bare Hewns AEC environment; `env()` adds the standard wrappers.

    `self.game` is the engine state, `self.actions` the engine actions so far
    (rolls and draws included) and `self.seed_used` the seed: a record of the
    game. Keywords: `OneGameEnv.__init__`'s; `**config` is any other
    `HewnsConfig` field, e.g. `mudgestick=4`.
    """

    env_game = HEWNS
    config_error = HewnsConfigError
    illegal_error = IllegalActionError


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (illegal move loses, bounds and order checked)."""
    return wrap(raw_env(**kwargs))
