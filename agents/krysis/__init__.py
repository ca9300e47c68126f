"""Krysis's bots: the scripted Hauler and Bandit, the greedy bot and Krysis's
version of the search bot (`agents.registry` names them for game "krysis").

Every bot plans on what its seat may know: a determinized sample of its view
(`SeatView.sample`), never the real state.
"""
