"""Bots and policy adapters: random, scripted heuristics, ISMCTS, SB3 policy."""
