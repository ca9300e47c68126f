"""The bots' commands of the ``scavenger`` command line (`tournament`, `play`,
`bench tournament`), found through the `scavenger_env.commands` entry points.

Like the rest of the generic tools they reach a game only through
`scavenger_env.core.games.get_game` and the agent registry.
"""
