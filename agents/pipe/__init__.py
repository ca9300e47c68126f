"""Bots in their own process, in any language: the bot protocol (JSON lines
over a pipe, `agents.pipe.protocol`) and the `exec` agent that runs one
(`agents.pipe.agent`)."""

from .agent import ProcessAgent
from .protocol import PROTOCOL, VERSION, BotProtocolError

__all__ = ["PROTOCOL", "VERSION", "BotProtocolError", "ProcessAgent"]
