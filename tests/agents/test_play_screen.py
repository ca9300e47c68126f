"""The play screen: 80 columns, what changed between decisions, forced choices,
card texts, the payment line, "your Base", `--output` and `Console`."""

from __future__ import annotations

import builtins
import dataclasses
import io
import re
from pathlib import Path

import numpy as np
import pytest

import scavenger_env.cavein.render as render
from agents.base import SeatView
from agents.cavein.human import CaveInHumanAgent, card_list, card_lookup
from agents.play import Console, play_match
from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    apply_action,
    describe_action,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.actions import DONE, MINE, PAY, RAID, USE
from scavenger_env.cavein.engine.data import (
    ARTIFACT_HALVES,
    DESIGNED,
    MERC_TYPES,
    NUM_CRYSTALS,
)
from scavenger_env.cavein.engine.scenario import (
    merc_type,
    scenario,
    set_base,
    set_hand,
    set_mine,
    set_totem,
)
from scavenger_env.cavein.engine.state import Phase
from scavenger_env.cavein.render import WIDTH, render_changes, render_state
from scavenger_env.cli import main
from scavenger_env.core.records import iter_records


def flat(text: str) -> str:
    """`text` with its line breaks and runs of spaces as single spaces."""
    return " ".join(text.split())


def wide_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > WIDTH]


# ------------------------------------------------------------------ 80 columns


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_picture_fits_80_columns(players: int) -> None:
    """Random games, seen from every seat at many decisions: no line over 80."""
    rng = np.random.default_rng(players)
    checked = 0
    for seed in range(2):
        state = new_game(GameConfig(num_players=players), seed)
        step = 0
        while not state.is_over:
            if step % 7 == 0:
                for viewer in range(players):
                    assert wide_lines(render_state(state, viewer)) == []
                    checked += 1
            apply_action(state, int(rng.choice(legal_actions(state))))
            step += 1
        for viewer in range(players):
            assert wide_lines(render_state(state, viewer)) == []
    assert checked > 50


def _stuffed() -> GameState:
    """The widest state: 4 players share out every card, crystal and artifact
    (8-card hands of the longest names, full Bases, long subjugated piles)."""
    s = new_game(GameConfig(num_players=4, cave_in_thresholds=(7, 8, 30)), 0)
    ids = sorted(
        range(len(s.cards.type_of)),
        key=lambda c: -len(MERC_TYPES[s.cards.type_of[c]].name),
    )
    for pile in s.merc_stacks:
        pile.clear()
    s.docks = [-1] * 10
    s.mine = [-1] * 10
    for pile in s.crystal_stacks:
        pile.clear()
    for pile in s.artifact_stacks:
        pile.clear()
    for q, p in enumerate(s.players):
        p.hand, ids = ids[:8], ids[8:]
        p.secret = set(p.hand[:3]) if q else set()
        p.base, ids = ids[:7], ids[7:]
        p.crystals = list(range(q, NUM_CRYSTALS, 4))
        p.artifacts = list(range(q, len(ARTIFACT_HALVES), 4))
    for q, p in enumerate(s.players):
        take = len(ids) if q == 3 else 4
        p.subjugated, ids = ids[:take], ids[take:]
    s.totem_owner = [0, 0, 1, 1, 2, 3]
    s.cave_in = 29
    return s


def test_the_widest_state_fits_80_columns() -> None:
    s = _stuffed()
    for viewer in range(4):
        text = render_state(s, viewer)
        assert wide_lines(text) == []
        assert len(text.splitlines()) > 40  # it was wide: everything wrapped


def test_an_unseen_subjugated_card_shows_as_an_unknown_level_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A view may hold -1 for a face-down subjugated card the viewer never saw."""
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    s.players[1].subjugated = [s.players[1].hand[0]]
    real = render.player_view

    def hiding(state: GameState, viewer: int) -> render.PlayerView:
        v = real(state, viewer)
        return dataclasses.replace(v, subjugated=(v.subjugated[0], (-1,)))

    monkeypatch.setattr(render, "player_view", hiding)
    text = render_state(s, 0)
    seat1 = text.split("-- player 1")[1]
    assert re.search(r"subjugated \(\d+ VP\): \? \(level 1\)", seat1)


def test_the_player_to_act_and_faction_symbols_have_different_marks() -> None:
    s = new_game(GameConfig(num_players=3), 2)
    text = render_state(s, 0)
    to_act = s.current_player
    assert re.search(
        rf"^-- (you \(player {to_act}\)|player {to_act}) \(to act\):", text, re.M
    )
    assert text.count("(to act)") == 1
    assert not re.search(r"^-- .*\*", text, re.M)  # * is left to faction symbols


# ------------------------------------------------------------------ changes


def test_changes_show_what_changed_under_its_seat_and_always_the_status() -> None:
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    set_hand(s, 0, ["Frogt'Opus", "Shu'War"])
    set_mine(s, {4: "blue c3a"})
    while s.phase != Phase.ACTION:
        apply_action(s, DONE)
    before = render_state(s, 0)
    apply_action(s, MINE + 4)
    apply_action(s, PAY + merc_type("Shu'War"))
    apply_action(s, 3)  # CONFIRM
    after = render_state(s, 0)
    changes = render_changes(before, after)
    assert changes.splitlines()[0].startswith(f"Round {s.round} | you to act")
    assert "Factions:" not in changes and "Docks:" not in changes
    assert "-- player 1" not in changes  # nothing of seat 1 changed
    seat0 = changes.split("-- you (player 0)")[1]
    assert "hand (1): Frogt'Opus (blue 1)" in seat0
    assert "blue 3/3VP*" in flat(seat0.split("crystals")[1])
    assert "Mine:" in changes and "4:- (3)" in changes
    assert "Played this turn: Shu'War (blue 3)" in changes
    assert render_changes(after, after).splitlines() == [after.splitlines()[0]]


class Recorder(CaveInHumanAgent):
    """A scripted human that keeps, per decision, what it printed and read."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.out: list[str] = []
        self.asked = 0
        self.log: list[tuple[int, int, list[str], int]] = []
        super().__init__(self._answer, self.out.append)

    def _answer(self, prompt: str) -> str:
        self.asked += 1
        k = int(re.search(r"\(1-(\d+),", prompt)[1])  # type: ignore[index]
        return str(int(self.rng.integers(1, k + 1)))

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        start, asked = len(self.out), self.asked
        action = super().act(view, legal, rng)
        shown = "\n".join(self.out[start:]).splitlines()
        self.log.append((view.player_view.round, len(legal), shown, self.asked - asked))
        return action


def test_the_whole_picture_once_per_turn_then_what_changed() -> None:
    """Each turn opens with the whole picture; later decisions show the status
    line and changes only; a forced decision is taken without a question."""
    human = Recorder(3)
    result = play_match(GameConfig(num_players=3), 4, [human, "random", "random"])
    assert result.state.is_over
    rounds_seen: set[int] = set()
    forced = asked = 0
    for rnd, k, shown, questions in human.log:
        text = "\n".join(shown)
        first = rnd not in rounds_seen
        rounds_seen.add(rnd)
        assert ("Factions:" in text) == first  # the whole picture, once a turn
        if k == 1:
            forced += 1
            assert questions == 0
            note = flat(text[text.rindex("Only choice: ") :])
            assert note.startswith("Only choice: ") and note.endswith(" - taken.")
        else:
            asked += 1
            assert questions == 1
            assert f"Round {rnd} | you to act (" in text
            assert "Your choices:" in text
        assert wide_lines(text) == []
    assert forced > 5 and asked > 20
    assert len(rounds_seen) >= 5


def test_look_shows_the_whole_picture_again() -> None:
    answers = iter(["1", "look", "1"])
    out: list[str] = []
    agent = CaveInHumanAgent(lambda p: next(answers), out.append)
    s = new_game(GameConfig(num_players=2), 1)
    rng = np.random.default_rng(1)
    while len(legal_actions(s)) < 2:
        apply_action(s, int(rng.choice(legal_actions(s))))
    agent.reset(s.current_player, s.config)
    view = SeatView(s, s.current_player)
    agent.act(view, legal_actions(s), rng)
    assert sum("Factions:" in line for line in out) == 1  # the turn's picture
    out.clear()
    agent.act(view, legal_actions(s), rng)  # the same turn: changes, then look
    assert sum("Factions:" in line for line in out) == 1
    assert render_state(s, s.current_player) in "\n".join(out)


# ------------------------------------------------------------------ cards


def test_card_lookup_exact_case_and_punctuation() -> None:
    text = card_lookup("FISHBEAN")
    assert text.startswith("Fish'Bean: mercenary of the Hy'drans (blue), level 2")
    assert MERC_TYPES[merc_type("Fish'Bean")].text in flat(text)
    assert card_lookup("contract").startswith("Contract: artifact half")


def test_card_lookup_prefix_part_and_near_miss() -> None:
    assert card_lookup("seed").startswith("Seeder:")
    assert card_lookup("cyber-arm").startswith("Third Cyber-arm:")
    assert card_lookup("formean").startswith("Foreman:")


def test_card_lookup_ambiguous_lists_the_candidates() -> None:
    text = flat(card_lookup("ma"))
    assert text.startswith("'ma' could be:")
    for name in ("Maccarat", "Mandragore", "Mass production"):
        assert name in text
    assert "Mindwasp" not in text


def test_card_lookup_unknown_and_empty() -> None:
    assert "No card or artifact is called 'qwerty'" in card_lookup("qwerty")
    assert "cards lists them all" in card_lookup("qwerty")
    assert card_lookup("  ").startswith("Type card and a name")


def test_card_lookup_says_which_artifacts_are_designed() -> None:
    """17 artifact halves are this project's design; the lookup says so."""
    for half in ARTIFACT_HALVES:
        text = flat(card_lookup(half.name))
        assert half.text in text
        assert ("designed by this project" in text) == (half.provenance == DESIGNED)


def test_card_lookup_uses_the_german_weedlock_texts_when_the_game_does() -> None:
    """German rulebook, Stalkroot: "This turn, your Weedlocks count double"."""
    de = flat(card_lookup("stalkroot", GameConfig(weedlock_text="de")))
    en = flat(card_lookup("stalkroot", GameConfig()))
    assert "count double" in de and "German rulebook" in de
    assert "count double" not in en and "German" not in en


def test_cards_lists_every_card_and_marks_the_designed_halves() -> None:
    text = card_list(GameConfig(), (True, True, True, True, False, False))
    for t in MERC_TYPES:
        assert f"{t.name} {t.level}" in text
    for half in ARTIFACT_HALVES:
        marked = f"{half.name} [designed]" in text
        assert marked == (half.provenance == DESIGNED)
    assert re.search(r"Bioss \(red\): [^(]* - not in this game", flat(text))
    assert "Terron (brown): Driller 1" in text and wide_lines(text) == []


def test_cards_and_card_at_the_prompt() -> None:
    answers = iter(["card sergeant", "cards", "1"])
    out: list[str] = []
    agent = CaveInHumanAgent(lambda p: next(answers), out.append)
    s = new_game(GameConfig(num_players=2), 3)
    rng = np.random.default_rng(3)
    while len(legal_actions(s)) < 2:
        apply_action(s, int(rng.choice(legal_actions(s))))
    agent.reset(s.current_player, s.config)
    agent.act(SeatView(s, s.current_player), legal_actions(s), rng)
    text = "\n".join(out)
    assert card_lookup("sergeant") in text
    assert "MERCENARIES by faction" in text


def test_offered_cards_show_their_text_once_a_turn() -> None:
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    set_hand(s, 0, ["Shu'War", "Frogt'Opus"])
    while s.phase != Phase.ACTION:
        apply_action(s, DONE)
    out: list[str] = []
    answers = iter(["1", "1"])
    agent = CaveInHumanAgent(lambda p: next(answers), out.append)
    agent.reset(0, s.config)
    agent.act(SeatView(s, 0), legal_actions(s), np.random.default_rng())
    text = flat("\n".join(out))
    assert "About the cards offered" in text
    shuwar = MERC_TYPES[merc_type("Shu'War")]
    assert f"Shu'War (blue 3): {shuwar.text}" in text
    out.clear()
    agent.act(SeatView(s, 0), legal_actions(s), np.random.default_rng())
    assert "About the cards offered" not in "\n".join(out)  # said this turn


# ------------------------------------------------------------------ words


def _paying_state() -> GameState:
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    set_hand(s, 0, ["Frogt'Opus", "Shu'War", "Fish'Bean"])
    set_mine(s, {4: "blue c3a"})
    set_totem(s, "blue", 0)
    while s.phase != Phase.ACTION:
        apply_action(s, DONE)
    apply_action(s, MINE + 4)
    return s


def test_the_payment_line_shows_the_cost_the_totem_discount_and_what_is_owed() -> None:
    """Rulebook: "The mining cost of a Crystal is reduced by 1 if you have the
    Faction Totem in that color"."""
    s = _paying_state()
    text = flat(render_state(s, 0))
    assert (
        "Paying for: mine blue 3/3VP* (cost 3, -1 totem discount = 2; blue cards);"
        " paid so far: nothing; still owed: 2"
    ) in text
    apply_action(s, PAY + merc_type("Frogt'Opus"))
    text = flat(render_state(s, 0))
    assert "paid so far 1: Frogt'Opus (blue 1); still owed: 1" in text
    assert flat(render_state(s, 1)).count("still owed: 1") == 1  # public


def test_the_payment_line_without_a_discount() -> None:
    s = _paying_state()
    set_totem(s, "blue", 1)
    text = flat(render_state(s, 0))
    assert "(cost 3; blue cards); paid so far: nothing; still owed: 3" in text


def test_raid_says_your_base_to_its_owner() -> None:
    """Rulebook: "you can Raid any player's Base, including your own"."""
    s = scenario(GameConfig(num_players=3, factions="first_game"))
    while s.phase != Phase.ACTION:
        apply_action(s, DONE)
    assert describe_action(s, RAID + 0, viewer=0) == "raid your Base"
    assert describe_action(s, RAID + 1, viewer=0) == "raid player 1's Base"
    assert describe_action(s, RAID + 1, viewer=1) == "raid your Base"
    assert describe_action(s, RAID + 0, viewer=2) == "raid their own Base"
    assert describe_action(s, RAID + 0) == "raid player 0's Base"  # transcripts


def test_the_leaders_skill_is_named() -> None:
    """Rulebook: the Leader is "the top one" of your Base; its skill is offered
    at the start of the turn."""
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    set_base(s, 0, ["Driller", "Foreman"])
    from scavenger_env.cavein.engine.scenario import restart_turn

    restart_turn(s, 0)
    assert s.phase == Phase.START_LEADER
    foreman = MERC_TYPES[merc_type("Foreman")]
    assert describe_action(s, USE) == (
        f"use the Leader's skill (Foreman, brown 2: {foreman.text})"
    )
    assert (
        describe_action(s, DONE) == "do not use the Leader's skill (Foreman, brown 2)"
    )


# ------------------------------------------------------------------ Console


def test_console_reads_a_stringio_and_writes_a_stringio() -> None:
    out = io.StringIO()
    result = play_match(
        GameConfig(num_players=2, start_player=0),
        3,
        ["human", "random"],
        Console(input=io.StringIO("quit\nno\nquit\ny\n"), output=out),
    )
    assert result.quit
    text = out.getvalue()
    assert "Really quit this game? (y/n): no\n" in text  # prompt and answer
    assert "Carrying on." in text
    assert text.endswith("no scores are recorded. Goodbye.\n")


def test_console_from_a_file_plays_a_whole_game_and_its_end_quits() -> None:
    answers = io.StringIO("1\n" * 3000)
    out: list[str] = []
    result = play_match(
        GameConfig(num_players=2), 5, ["human", "random"], Console(answers, out.append)
    )
    assert result.state.is_over and not result.quit
    short = play_match(
        GameConfig(num_players=2, start_player=0),
        5,
        ["human", "random"],
        Console(io.StringIO("1\n"), out.append),
    )
    assert short.quit and "(the input ended)" in out[-1]


def test_console_refuses_what_it_cannot_use() -> None:
    with pytest.raises(TypeError, match="readline method or be callable"):
        Console(input=42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="write method or be callable"):
        Console(output="log.txt")  # type: ignore[arg-type]


# ------------------------------------------------------------------ --output


def _bots(path: Path, *extra: str) -> list[str]:
    return [
        "play",
        "--players",
        "random,random",
        "--seed",
        "5",
        "--output",
        str(path),
        *extra,
    ]


def test_play_output_refuses_an_existing_file_before_playing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "games.jsonl"
    assert (
        main(["simulate", "--games", "3", "--output", str(path), "--no-progress"]) == 0
    )
    kept = path.read_bytes()
    capsys.readouterr()

    def no_game(prompt: str = "") -> str:
        raise AssertionError("the game started")

    monkeypatch.setattr(builtins, "input", no_game)
    assert main(["play", "--seed", "1", "--output", str(path)]) == 2
    err = capsys.readouterr()
    assert "already exists; add --append" in err.err and "--force" in err.err
    assert "Star Scrappers" not in err.out  # refused before the game
    assert path.read_bytes() == kept


def test_play_output_append_and_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    assert (
        main(["simulate", "--games", "2", "--output", str(path), "--no-progress"]) == 0
    )
    assert main(_bots(path, "--append")) == 0
    assert "game record added to" in capsys.readouterr().out
    records = list(iter_records(path))
    assert [r.seed for r in records][-1] == 5 and len(records) == 3
    assert main(["replay", str(path), "--quiet"]) == 0
    assert main(_bots(path, "--force")) == 0
    assert [r.seed for r in iter_records(path)] == [5]
    assert main(_bots(path, "--append", "--force")) == 2
    assert main(["play", "--players", "random,random", "--append"]) == 2
    assert "add --output" in capsys.readouterr().err


def test_play_help_mentions_the_output_conventions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--help"]) == 0
    out = flat(capsys.readouterr().out)
    assert (
        "--append" in out and "--force" in out and "unless --append or --force" in out
    )


def test_play_refuses_a_seed_no_record_can_hold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Records hold 64-bit seeds (replay refuses larger ones), so play does too."""
    from scavenger_env.cli import main

    assert main(["play", "--players", "random,random", "--seed", str(2**64)]) == 2
    assert "at most 18446744073709551615" in capsys.readouterr().err
