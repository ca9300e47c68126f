"""The Hewns play screen: a whole game at the keyboard, every choice in words;
the `rules`, `cards` and `card NAME` commands `scavenger play --help` promises."""

from __future__ import annotations

import builtins
import re

import numpy as np
import pytest

from agents.base import SeatView
from agents.hewns.human import HewnsHumanAgent, card_list, card_lookup, rules_text
from agents.play import play_match
from agents.registry import make_agent
from scavenger_env.cli import main
from scavenger_env.core.chance import sample_outcome
from scavenger_env.core.games import get_game
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import hewn_types, tech_kinds
from scavenger_env.hewns.engine.state import Ask

HEWNS = get_game("hewns")

#: what a choice may not read like: an id, a block's bare number, a raw kind
UNREADABLE = re.compile(
    r"^(control|verb|chance:|action \d|decision \d)|: \d+$|die \d+ of the pool"
)


class Recorder(HewnsHumanAgent):
    """A scripted human that types the number of the choice the prospector bot
    would take (now and then a random one), and keeps every list of choices it
    was shown with its decision kind."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.out: list[str] = []
        self.choices: list[tuple[str, list[str]]] = []
        self.bot = make_agent("prospector", game="hewns")
        self.wanted = 1
        super().__init__(self._answer, self.out.append)

    def reset(self, seat: int, config: object) -> None:
        super().reset(seat, config)
        self.bot.reset(seat, config)

    def _answer(self, prompt: str) -> str:
        k = int(re.search(r"\(1-(\d+),", prompt)[1])  # type: ignore[index]
        if self.rng.random() < 0.2:
            return str(int(self.rng.integers(1, k + 1)))
        return str(self.wanted)

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        state = view._redacted()
        kind = (
            Ask(state.frames[-1].ask).name if state.frames else "?"
        )  # an int when compiled
        self.choices.append((kind, [view.describe(a) for a in legal]))
        self.wanted = legal.index(self.bot.act(view, legal, rng)) + 1
        return super().act(view, legal, rng)


def test_the_human_of_hewns_is_hewns_own() -> None:
    assert isinstance(make_agent("human", game="hewns"), HewnsHumanAgent)


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (4, 3)])
def test_a_whole_game_at_the_keyboard(seed: int, players: int) -> None:
    """A person answering by number plays a game of Hewns to its end: every
    decision offered reads as words, no two choices read the same, and the
    screen shows the round, the Hewns and the seats."""
    human = Recorder(seed)
    bots = ["prospector", "raider", "random"][: players - 1]
    result = play_match(HEWNS.make_config(players), seed, [human, *bots], game=HEWNS)
    assert HEWNS.is_over(result.state)
    assert len(human.choices) > 20
    kinds = {kind for kind, _ in human.choices}
    assert {"BID_TURN", "PLAYER_TURN", "HEWN_TURN"} <= kinds
    for kind, texts in human.choices:
        assert len(set(texts)) == len(texts), (kind, texts)
        for text in texts:
            assert not UNREADABLE.search(text), (kind, text)
    shown = "\n".join(human.out)
    assert "Hewns, round 1 of 3: the auction" in shown
    assert "Hewns in play:" in shown and "Seats (normal Substract pile" in shown
    assert "Your choices:" in shown


def test_rules_cards_and_card_at_the_prompt() -> None:
    answers = iter(["rules", "cards", "card minor", "card gunana", "card nosuch", "1"])
    out: list[str] = []
    agent = HewnsHumanAgent(lambda p: next(answers), out.append)
    state = HEWNS.new_game(HEWNS.make_config(2), 1)
    rng = np.random.default_rng(1)
    while HEWNS.is_chance_node(state) or len(HEWNS.legal_actions(state)) < 2:
        if HEWNS.is_chance_node(state):
            HEWNS.apply_action(state, sample_outcome(HEWNS.chance_outcomes(state), rng))
        else:
            HEWNS.apply_action(state, HEWNS.legal_actions(state)[0])
    seat = HEWNS.current_player(state)
    agent.reset(seat, state.config)
    agent.act(SeatView(state, seat, game=HEWNS), HEWNS.legal_actions(state), rng)
    text = "\n".join(out)
    assert rules_text(state.config) in text
    assert card_list(state.config) in text
    assert "Minor Miner: small Hewn (3 cards), minimum bid 3" in text
    assert "Gunana: technology (2 per card, fits a Nanasocket)" in text
    assert "No Hewn or technology is called 'nosuch'" in text
    assert "is not a choice" not in text
    assert "cards" in agent.help_text and "card NAME" in agent.help_text


def test_cards_are_those_of_the_card_set() -> None:
    """`cards` lists the Hewn types and technologies of the game's card set,
    from the engine's data; `card` finds any of them."""
    for cards in ("core", "complete"):
        config = HewnsConfig(num_players=2, cards=cards)
        listed = card_list(config)
        for h in hewn_types(config.card_set):
            assert f"  {h.name}: " in listed
            assert card_lookup(h.name, config).startswith(h.name)
        for t in tech_kinds(config.card_set):
            assert f"  {t.name}: " in listed
            assert card_lookup(t.name, config).startswith(t.name)
    core = card_list(HewnsConfig(num_players=2, cards="core"))
    assert "Igil" not in core and "Nananbites" not in core
    largest = card_list(HewnsConfig(num_players=2))
    assert "Igil" in largest and "Nananbites" in largest
    core_config = HewnsConfig(cards="core")
    assert "could be: Major Miner, Minor Miner" in card_lookup("m", core_config)
    assert card_lookup("", HewnsConfig()).startswith("Type card and a name")


def test_rules_follow_the_config() -> None:
    """The summary's numbers are the scenario's for the player count and its
    scoring follows `score_carried`."""
    two = rules_text(HewnsConfig(num_players=2))
    assert two.startswith("RULES IN SHORT (Hewns, Raw Substract)")
    assert "dirty income (26, 22, 18 in rounds 1-3)" in two
    assert "8 Bidoxes each" in two
    four = rules_text(HewnsConfig(num_players=4, score_carried=False))
    assert "(22, 19, 16 in rounds 1-3)" in four and "4 Bidoxes each" in four
    assert "only the Substract in your screen counts" in four
    for text in (two, four):
        assert all(len(line) <= 80 for line in text.splitlines())


def test_cli_play_hewns_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["rules", "card gombat", "quit", "y"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "--game", "hewns", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "RULES IN SHORT (Hewns" in out and "you quit" in out
    assert "Gombat: big Hewn" in out
