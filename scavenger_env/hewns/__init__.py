"""Hewns: the base scenario "Raw Substract" for 2-4 players, built in stages.

Hewns is the suite's third game: alien mining robots ("Hewns") bought at sealed-bid
auctions mine Substract, fight and take each other over on the planet Layodikeya.
It is built in stages (core cards first, the complete card set last); every card
plays with `cards="complete"`, which adds the two swarms to the default set,
"nanas". The game is registered as "hewns": the tools take
`--game hewns`, `scavenger_env.hewns.game.HEWNS` is its game interface and
`scavenger_env.hewns_v0` (PettingZoo id "scavenger/hewns-v0") its environment.
"""
