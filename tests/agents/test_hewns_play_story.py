"""A person follows a whole Hewns game from the play screen alone: every
decision has a title and a line on it (no internal labels), a decision that
comes in another player's turn says why, a fight is told once it is over with
its winner, only what changed is shown before each further decision, new lots
carry no old Bidoxes, and the auction's opening says what became of each of
your Bidoxes. The screen's words depend only on what the viewer may know."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import numpy as np
import pytest

from agents.base import SeatView
from agents.hewns.human import HewnsHumanAgent
from agents.play import play_match
from agents.registry import make_agent
from scavenger_env.core.chance import sample_outcome
from scavenger_env.core.games import get_game
from scavenger_env.hewns.engine.describe import (
    ask_help,
    ask_name,
    turn_seat,
    why_asked,
)
from scavenger_env.hewns.engine.state import Ask, Phase
from scavenger_env.hewns.engine.view import determinize
from scavenger_env.hewns.narration import HewnsNarrator

HEWNS = get_game("hewns")

#: decision kinds that never ask a player (engine steps)
ENGINE_ONLY = {"RANGED", "SAME_SPACE", "ENGINE", "TOKEN_ATTACK"}

#: a die told one by one ("Chance: the laser (yellow) die shows 3"): fights
#: hold these back for their summary
FIGHT_DIE = re.compile(
    r"^Chance: the (laser|area|close combat|armour|speed defence|hurt) .*die shows"
)


class Player(HewnsHumanAgent):
    """A scripted person: types the number of the choice the prospector bot
    would take, and keeps, per decision, what it printed and what it knew."""

    def __init__(self) -> None:
        self.printed: list[str] = []
        self.decisions: list[dict[str, object]] = []
        self.bot = make_agent("prospector", game="hewns")
        self.wanted = 1
        super().__init__(lambda prompt: str(self.wanted), self.printed.append)

    def reset(self, seat: int, config: object) -> None:
        super().reset(seat, config)
        self.bot.reset(seat, config)

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        state = view._redacted()
        self.wanted = legal.index(self.bot.act(view, legal, rng)) + 1
        start = len(self.printed)
        action = super().act(view, legal, rng)
        self.decisions.append(
            {
                "ask": Ask(state.frames[-1].ask).name,
                "own_turn": turn_seat(state) in (None, self.seat),
                "chosen": legal.index(action),
                "many": len(legal) > 1,
                "printed": self.printed[start:],
                "full": len(view.render().splitlines()),
            }
        )
        return action


@cache
def played(seed: int, players: int, bots: str) -> tuple[Player, tuple[str, ...]]:
    """A whole game with the scripted person in seat 0 (cached: several tests
    read the same games); the person and every line of the screen."""
    person = Player()
    screen: list[str] = []
    original = person.output_fn
    assert original is not None

    def out(text: str) -> None:
        screen.append(text)
        original(text)

    person.output_fn = out
    opponents = bots.split(",")[: players - 1]
    from agents.console import Console

    play_match(
        HEWNS.make_config(players),
        seed,
        [person, *opponents],
        Console(output=out),
        game=HEWNS,
    )
    return person, tuple("\n".join(screen).splitlines())


GAMES = [
    (1, 2, "raider"),
    (2, 2, "raider"),
    (3, 3, "raider,prospector"),
    (4, 2, "raider"),
]


def test_every_decision_kind_has_a_title_and_a_line() -> None:
    """No kind a player is asked reads as its internal label ("pick l", "mine
    opts", "tx kind"): each has its own title and a one-line explanation."""
    for ask in Ask:
        if ask.name in ENGINE_ONLY:
            continue
        label = ask.name.lower().replace("_", " ")
        assert ask_name(ask) != label, ask.name
        assert "_" not in ask_name(ask)
        assert ask_help(ask) and len(ask_help(ask)) < 160, ask.name
    assert ask_name(150) == "decision 150"


@pytest.mark.parametrize(("seed", "players", "bots"), GAMES)
def test_no_internal_label_on_the_screen(seed: int, players: int, bots: str) -> None:
    """Over whole games, every decision offered to the person is introduced
    by its title and explanation, and no internal label shows anywhere."""
    person, screen = played(seed, players, bots)
    text = "\n".join(screen)
    labels = {a.name.lower().replace("_", " ") for a in Ask if "_" in a.name}
    for label in labels:
        assert f"{label}:" not in text, label
    for word in ("pick l", "pick a", "pick k", "mine opts", "tx kind", "load kind"):
        assert not re.search(rf"\b{word}\b", text), word
    asked = [d for d in person.decisions if d["many"]]
    assert len(asked) > 20
    for d in asked:
        printed = "\n".join(d["printed"])  # type: ignore[arg-type]
        assert "Decide: " in printed, d["ask"]


@pytest.mark.parametrize(("seed", "players", "bots"), GAMES)
def test_out_of_turn_decisions_say_why(seed: int, players: int, bots: str) -> None:
    """A decision that comes in another player's turn (a new mine placed by
    the next seat, a reaction, a pick in another's encounter) says why, and
    its header does not say "your turn"."""
    person, screen = played(seed, players, bots)
    for d in person.decisions:
        printed = "\n".join(d["printed"])  # type: ignore[arg-type]
        if d["many"] and not d["own_turn"]:
            assert "Why you: " in printed, (d["ask"], printed)
    headers = [line for line in screen if line.startswith("=== ")]
    assert any("your decision in player" in h for h in headers)


def test_out_of_turn_decisions_happen_in_these_games() -> None:
    """The games above do ask the person out of turn (so the test above can
    fail): a new mine, a reaction and a pick in another player's turn; the new
    mine's reason is the rulebook's ("the next player in turn order after the
    current mining Hewn's owner")."""
    asked = [
        d
        for game in GAMES
        for d in played(*game)[0].decisions
        if d["many"] and not d["own_turn"]
    ]
    kinds = {d["ask"] for d in asked}
    assert {"NEW_MINE", "REACT", "PICK_K"} <= kinds, kinds
    for d in asked:
        printed = " ".join(" ".join(d["printed"]).split())  # type: ignore[arg-type]
        if d["ask"] == "NEW_MINE":
            assert "the next player in turn order after the current mining" in printed
        if d["ask"] == "REACT":
            assert "even though it's not their turn" in printed


def test_another_seats_bid_is_one_line() -> None:
    """Another seat's Bidox placement reads as one line (which Bidox, which
    lot, packed in secret), not five."""
    _, screen = played(1, 2, "raider")
    placed = [line for line in screen if "places Bidox #" in line]
    assert len(placed) >= 4
    secret = [line for line in screen if "chosen in secret" in line]
    # in the complete game a load off the board is secret: only those remain
    assert not [line for line in secret if "Substract to move" not in line]


def test_a_fight_is_told_once_with_its_winner() -> None:
    """No fight die is told on its own line; each fight is told in a few
    lines: who against whom, the dice by kind, the result, and who won."""
    fights = 0
    for game in GAMES:
        _, screen = played(*game)
        assert not [line for line in screen if FIGHT_DIE.match(line)]
        for i, line in enumerate(screen):
            if not line.startswith("Fight in "):
                continue
            fights += 1
            block = "\n".join(screen[i : i + 12])
            assert " against " in line
            assert "Dice: attack: " in block or "Result:" in block
            assert re.search(
                r"won the fight|Nobody was hurt|Both sides were hurt", block
            ), block
    assert fights >= 2


def test_a_fight_summary_names_its_winner() -> None:
    """A fight that hurt a Hewn names who won it."""
    found = 0
    for game in GAMES:
        _, screen = played(*game)
        text = "\n".join(screen)
        for block in re.findall(r"^Fight in .*?(?=^\S)", text + "\n.", re.M | re.S):
            result = re.search(r"Result: (.*?)\.\n", block, re.S)
            if result and re.search(r"was (killed|damaged|stunned)", result[1]):
                found += 1
                assert re.search(r"\n  .*(won the fight|nobody won)", block), block
    assert found >= 1


@pytest.mark.parametrize(("seed", "players", "bots"), GAMES[:2])
def test_later_decisions_of_a_turn_show_only_what_changed(
    seed: int, players: int, bots: str
) -> None:
    """After the whole picture, each further decision of the same turn prints
    fewer lines than the whole picture (the map is not drawn again), most of
    them a handful."""
    person, _ = played(seed, players, bots)
    sizes = []
    for d in person.decisions:
        for block in d["printed"]:  # type: ignore[union-attr]
            if block.startswith("Hewns, round") and "Map (" not in block:
                sizes.append(len(block.splitlines()))
                assert sizes[-1] < d["full"], block
    assert len(sizes) > 20
    assert sorted(sizes)[len(sizes) // 2] <= 10, sizes


def test_board_and_help_show_everything_again() -> None:
    """`board` prints the whole picture again; `help` says what is shown
    when, and that board shows it all."""
    answers = iter(["board", "help", "1"])
    out: list[str] = []
    agent = HewnsHumanAgent(lambda p: next(answers), out.append)
    state = HEWNS.new_game(HEWNS.make_config(2), 1)
    seat = HEWNS.current_player(state)
    agent.reset(seat, state.config)
    agent.act(SeatView(state, seat, game=HEWNS), HEWNS.legal_actions(state), None)  # type: ignore[arg-type]
    text = "\n".join(out)
    assert text.count("Map (") == 2
    assert "board       the whole picture again" in text
    assert "only what changed" in agent.help_text


def _to_actions_phase(players: int, seed: int) -> object:
    state = HEWNS.new_game(HEWNS.make_config(players), seed)
    rng = np.random.default_rng(seed)
    while state.phase != Phase.ACTIONS or HEWNS.is_chance_node(state):
        assert not HEWNS.is_over(state)
        if HEWNS.is_chance_node(state):
            HEWNS.apply_action(state, sample_outcome(HEWNS.chance_outcomes(state), rng))
        else:
            legal = HEWNS.legal_actions(state)
            HEWNS.apply_action(state, legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_new_lots_show_no_old_bidoxes(seed: int) -> None:
    """Once the Bidoxes are opened the lots are drawn anew: the offer shows no
    Bidox on them, and what the auction sold is told by card."""
    state: Any = _to_actions_phase(3, seed)
    for viewer in range(3):
        picture = HEWNS.render(state, viewer)
        offer = " ".join(picture.split("Offer:")[1].split())
        assert "Bidoxes of" not in offer and "Bidoxes:" not in picture
        assert f"Round {state.round}'s auction sold" in offer


@pytest.mark.parametrize(("seed", "players", "bots"), GAMES)
def test_the_opening_tells_each_of_your_bidoxes(
    seed: int, players: int, bots: str
) -> None:
    """After each auction, every Bidox of yours is accounted for: won, lost to
    whom, a tie, under the minimum (your Substract back), or hunting."""
    _, screen = played(seed, players, bots)
    boxes = HEWNS.make_config(players).scenario.bidoxes
    reports = [i for i, line in enumerate(screen) if line.startswith("The Bidoxes")]
    assert reports
    for i in reports:
        block = []
        for line in screen[i + 1 :]:
            if not line.startswith("  "):
                break
            block.append(line)
        entries: list[str] = []  # each entry with its wrapped lines
        for line in block:
            if line.startswith("    ") and entries:
                entries[-1] += " " + line.strip()
            else:
                entries.append(line)
        heads = [e.split(" with ")[0].split(" went ")[0] for e in entries]
        told = sorted(int(b) for head in heads for b in re.findall(r"#(\d+)", head))
        assert told == list(range(boxes)), block
        for entry in entries:
            assert re.search(
                r"won it|lost to|tie|tied|under the card's minimum|went hunting",
                entry,
            ), entry


def _game_states(players: int, seed: int) -> list[tuple[object, int, object]]:
    """(state before, action, state after) of each step of a random game."""
    state = HEWNS.new_game(HEWNS.make_config(players), seed)
    rng = np.random.default_rng(seed)
    steps = []
    while not HEWNS.is_over(state):
        if HEWNS.is_chance_node(state):
            action = sample_outcome(HEWNS.chance_outcomes(state), rng)
        else:
            legal = HEWNS.legal_actions(state)
            action = legal[int(rng.integers(len(legal)))]
        before = state.clone()
        HEWNS.apply_action(state, action)
        steps.append((before, action, state.clone()))
    return steps


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6)])
def test_the_story_depends_only_on_what_the_viewer_may_know(
    players: int, seed: int
) -> None:
    """Twin worlds (the hidden things dealt afresh for the viewer at every
    step) give the viewer the same reasons, the same changes and the same
    story, fights and Bidox reports included; and telling changes nothing."""
    steps = _game_states(players, seed)
    rng = np.random.default_rng(seed)
    for viewer in range(players):
        real, twin = HewnsNarrator(HEWNS, viewer), HewnsNarrator(HEWNS, viewer)
        told_real: list[object] = []
        told_twin: list[object] = []
        for before, action, after in steps:
            digests = (HEWNS.state_data(before), HEWNS.state_data(after))
            d_before = determinize(before, viewer, rng)  # type: ignore[arg-type]
            d_after = determinize(after, viewer, rng)  # type: ignore[arg-type]
            assert why_asked(d_before, viewer) == why_asked(before, viewer)  # type: ignore[arg-type]
            told_real += [real.tell(before, action), real.after(after)]
            told_twin += [twin.tell(d_before, action), twin.after(d_after)]
            HEWNS.render(before, viewer)
            assert (HEWNS.state_data(before), HEWNS.state_data(after)) == digests
        assert told_real == told_twin
        assert any(isinstance(t, list) and t for t in told_real)


def test_a_reason_names_the_asked_seat_and_the_mover_apart() -> None:
    """The asked seat and the moving Hewn's owner are told apart for every
    viewer: the mover's owner reads "your" for its own Hewn and "Player N's"
    for the seat asked; the asked seat reads "your" for itself only."""
    checked = 0
    for seed in range(40):
        state = HEWNS.new_game(HEWNS.make_config(2), seed)
        rng = np.random.default_rng(seed)
        while not HEWNS.is_over(state):
            if HEWNS.is_chance_node(state):
                HEWNS.apply_action(
                    state, sample_outcome(HEWNS.chance_outcomes(state), rng)
                )
                continue
            frame = state.frames[-1]
            owner = turn_seat(state)
            name = Ask(frame.ask).name
            if owner not in (None, frame.seat) and (
                name.startswith("PICK_") or name == "TRANSMIT_AWAY"
            ):
                to_owner = why_asked(state, owner)
                to_asked = why_asked(state, frame.seat)
                assert to_owner.startswith(f"Player {frame.seat}'s Hewns"), to_owner
                assert "with your " in to_owner, to_owner
                assert to_asked.startswith("Your Hewns"), to_asked
                assert f"with player {owner}'s " in to_asked, to_asked
                checked += 1
            legal = HEWNS.legal_actions(state)
            HEWNS.apply_action(state, legal[int(rng.integers(len(legal)))])
        if checked >= 3:
            break
    assert checked, "no decision of another seat's encounter in these games"
