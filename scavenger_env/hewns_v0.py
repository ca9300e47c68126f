"""Hewns, PettingZoo style: `env()` (wrapped) and `raw_env`.

>>> from scavenger_env import hewns_v0
>>> e = hewns_v0.env(num_players=3)
>>> e.reset(seed=1)
>>> sorted(e.observe(e.agent_selection))
['action_mask', 'observation']
"""

from .hewns.env import env, raw_env

__all__ = ["env", "raw_env"]
