"""The Krysis play screen: the whole picture once a turn, then what changed;
the `rules`, `cards` and `card NAME` commands `scavenger play --help` promises."""

from __future__ import annotations

import builtins
import re

import numpy as np
import pytest

from agents.base import SeatView
from agents.krysis.human import KrysisHumanAgent, card_list, card_lookup, rules_text
from agents.play import play_match
from agents.registry import make_agent
from scavenger_env.cli import main
from scavenger_env.core.games import get_game
from scavenger_env.krysis.engine import KrysisConfig

KRYSIS = get_game("krysis")


class Recorder(KrysisHumanAgent):
    """A scripted human that keeps, per decision, its turn and what it printed."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.out: list[str] = []
        self.log: list[tuple[object, int, str, str]] = []
        super().__init__(self._answer, self.out.append)

    def _answer(self, prompt: str) -> str:
        k = int(re.search(r"\(1-(\d+),", prompt)[1])  # type: ignore[index]
        return str(int(self.rng.integers(1, k + 1)))

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        start, picture = len(self.out), view.render()
        action = super().act(view, legal, rng)
        shown = "\n".join(self.out[start:])
        self.log.append((view.turn_key(), len(legal), shown, picture))
        return action


def test_the_human_of_krysis_is_krysis_own() -> None:
    assert isinstance(make_agent("human", game="krysis"), KrysisHumanAgent)


def test_the_whole_picture_once_per_turn_then_what_changed() -> None:
    """The board was printed whole at every decision of a turn (the three
    crystals of a bid, say); now only at a turn's first decision."""
    human = Recorder(5)
    config = KRYSIS.make_config(2)
    result = play_match(config, 3, [human, "random"], game=KRYSIS)
    assert KRYSIS.is_over(result.state)
    turns_seen: set[object] = set()
    later = 0
    for turn, k, text, picture in human.log:
        first = turn not in turns_seen
        turns_seen.add(turn)
        if first:
            assert picture in text
        elif k > 1:
            later += 1
            assert picture not in text  # the changes only
            assert text.lstrip().startswith("Krysis | round")  # and where we are
            assert "Your choices:" in text
    assert later > 5


def test_rules_cards_and_card_at_the_prompt() -> None:
    answers = iter(["rules", "cards", "card t4", "card cart", "card nosuch", "1"])
    out: list[str] = []
    agent = KrysisHumanAgent(lambda p: next(answers), out.append)
    state = KRYSIS.new_game(KRYSIS.make_config(2), 1)
    rng = np.random.default_rng(1)
    while KRYSIS.is_chance_node(state) or len(KRYSIS.legal_actions(state)) < 2:
        from scavenger_env.core.chance import sample_outcome

        if KRYSIS.is_chance_node(state):
            KRYSIS.apply_action(
                state, sample_outcome(KRYSIS.chance_outcomes(state), rng)
            )
        else:
            KRYSIS.apply_action(state, KRYSIS.legal_actions(state)[0])
    seat = KRYSIS.current_player(state)
    agent.reset(seat, state.config)
    agent.act(SeatView(state, seat, game=KRYSIS), KRYSIS.legal_actions(state), rng)
    text = "\n".join(out)
    assert rules_text(state.config) in text
    assert card_list(state.config, seat) in text
    assert "T4 (transporter, speed 3, carries B W, 2*)" in text
    assert "Cart WW (transport relic" in text
    assert "No agent or relic is called 'nosuch'" in text
    assert "is not a choice" not in text
    assert "cards" in agent.help_text and "card NAME" in agent.help_text


def test_card_lookup_finds_agents_and_relics_of_the_data() -> None:
    config = KrysisConfig(num_players=2, advanced=True)
    assert card_lookup("GUARD", config).startswith("Guard (fighter")
    assert "adds 2 to the defence" in card_lookup("guard", config)
    assert card_lookup("blastr", config).startswith("Blaster +1 (weapon relic")
    assert "could be: T1, T2" in card_lookup("t", config)
    assert "[Deepdelve's agent]" in card_lookup("rich vein", config, seat=0)
    assert card_lookup("", config).startswith("Type card and a name")
    listed = card_list(config, 1)
    assert listed.startswith("AGENTS of Ruby & Co.")
    assert "SPECIAL AGENTS\n" in listed and "Prospector" in listed
    assert "not in this game" in card_list(KrysisConfig(num_players=2), 1)


def test_rules_follow_the_options() -> None:
    plain = rules_text(KrysisConfig(num_players=2))
    assert plain.startswith("RULES IN SHORT (Krysis)\nThe game lasts 5 rounds.")
    assert "Missions" not in plain and "Advanced game" not in plain
    both = rules_text(KrysisConfig(num_players=2, advanced=True, missions=True))
    assert "Missions: 10 VP" in both and "Advanced game:" in both
    speed = rules_text(KrysisConfig(num_players=2, variant="speed"))
    assert "lasts 3 rounds" in speed and "Speed Krysis" in speed
    for text in (plain, both, speed):
        assert all(len(line) <= 80 for line in text.splitlines())


def test_cli_play_krysis_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["rules", "quit", "y"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "--game", "krysis", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "RULES IN SHORT (Krysis)" in out and "you quit" in out
