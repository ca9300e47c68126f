"""Speed measurements every game shares: the engine (`engine`), the AEC environment
against its floor (`env`, `null_env`). `scavenger bench` runs them.

Nothing here imports a game package: a game comes from
`scavenger_env.core.games.get_game`.
"""
