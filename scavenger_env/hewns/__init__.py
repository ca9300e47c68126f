"""Hewns: the base scenario "Raw Substract" for 2-4 players, built in stages.

Hewns is the suite's third game: alien mining robots ("Hewns") bought at sealed-bid
auctions mine Substract, fight and take each other over on the planet Layodikeya.
Every card of the base scenario plays: the default card set, "complete", is the
whole game (the swarms and the hidden loads off the board included); the smaller
sets ("core", "terrain", "nanas") stay playable for study and for old records.
The game is registered as "hewns": the tools take
`--game hewns`, `scavenger_env.hewns.game.HEWNS` is its game interface and
`scavenger_env.hewns_v0` (PettingZoo id "scavenger/hewns-v0") its environment.
"""
