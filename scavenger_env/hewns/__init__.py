"""Hewns: the base scenario "Raw Substract" for 2-4 players, built in stages.

Hewns is the suite's third game: alien mining robots ("Hewns") bought at sealed-bid
auctions mine Substract, fight and take each other over on the planet Layodikeya.
It is being built in stages (core cards first, the complete card set last); so far
only the component data exists (`scavenger_env.hewns.engine.data`). Nothing is
registered yet: there is no environment, CLI entry or registry name for it.
"""
