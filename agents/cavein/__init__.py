"""Cave-In's bots: the greedy and scripted bots, and Cave-In's versions of the
search bot and the human player (`agents.registry` names them for game "cavein").
"""
