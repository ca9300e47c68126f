"""Bots for scavenger_env games, and the tournament that measures them.

`make_agent(spec)` builds one by name; `REGISTRY` lists them.
"""

from .base import Agent, RandomAgent, SeatView
from .registry import REGISTRY, describe_agents, make_agent, register

__all__ = [
    "REGISTRY",
    "Agent",
    "RandomAgent",
    "SeatView",
    "describe_agents",
    "make_agent",
    "register",
]
