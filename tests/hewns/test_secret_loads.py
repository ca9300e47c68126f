"""Secret loads (design §7.1, D47; the rulings "Secret loads", "Paying from a
secret load", "Entering with a secret load" and "Questions that could show a
secret load"): what a player loads onto a Hewn behind the screen is known only
to that player, in games with `secret_loads` (tested with the Nananbites
cards and `secret_loads=True`).

The rulebook: "many Hewns can store some or all of their Substract in secret
locations, which clearly means that opponents will not necessarily know if that
Hewn has Substract or not!"
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from scavenger_env.core.game_check import check_game
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import HEWN, NUM, SPACE, Ctrl, Option, Verb
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.effects import kill, stun
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.management import BanjerFrame
from scavenger_env.hewns.engine.rules import legal_actions
from scavenger_env.hewns.engine.secrets import hidden_totals, reveal, seen_load
from scavenger_env.hewns.engine.state import OFF_BOARD, Ask, State, public_totals
from scavenger_env.hewns.engine.view import determinize, player_view, redact
from scavenger_env.hewns.game import HewnsGame
from scavenger_env.hewns.observation import OFFSETS, encode
from scavenger_env.hewns.render import render_state

SECRET: dict[str, Any] = {"cards": "nanas", "secret_loads": True}


def _loaded(normal: int, dirty: int = 0, *, public: int = 0, **options: Any) -> State:
    """Seat 0's player turn: a Smeggler (stores 8, 4 of them secret) behind
    its screen with `public` normal Substract on it, and `normal`/`dirty`
    Substract loaded onto it from the screen in this turn."""
    s = pos.actions_phase(2, **(SECRET | options))
    pos.set_screen(s, 0, normal=normal + 5, dirty=dirty + 5)
    smeggler = pos.place(s, "Smeggler", 0, normal=public)
    pos.start_player_turn(s, 0)
    for kind, amount in ((Option.NORMAL, normal), (Option.DIRTY, dirty)):
        if amount:
            pos.play(s, Verb.LOAD, HEWN + smeggler, kind, NUM + amount)
    return s


def _smeggler(s: State) -> int:
    return pos.hewn_id("Smeggler")


def test_a_load_behind_the_screen_is_known_only_to_its_player() -> None:
    """rulebook: "opponents will not necessarily know if that Hewn has
    Substract or not": seat 1 sees the Smeggler empty and seat 0's total
    unchanged; seat 0 sees its load."""
    s = _loaded(3, 2)
    h = _smeggler(s)
    assert (s.normal[h], s.dirty[h]) == (3, 2)
    assert (s.hidden_normal[h], s.hidden_dirty[h]) == (3, 2)
    assert seen_load(s, h, 0) == (3, 2)
    assert seen_load(s, h, 1) == (0, 0)
    # the private total (screen and hidden parts) is public, and unchanged
    assert public_totals(s, 0) == (8, 7)
    assert hidden_totals(s, 0) == (3, 2)
    seen = player_view(s, 1)
    assert (seen.normal[h], seen.dirty[h]) == (0, 0)
    assert (seen.seats[0].screen_normal, seen.seats[0].screen_dirty) == (8, 7)
    own = player_view(s, 0)
    assert (own.normal[h], own.seats[0].screen_normal) == (3, 5)


def test_without_secret_loads_a_load_is_public() -> None:
    """The smaller card sets keep every load public, as their games were
    played (`secret_loads` unset)."""
    s = _loaded(3, 2, secret_loads=None)
    h = _smeggler(s)
    assert (s.hidden_normal[h], s.hidden_dirty[h]) == (0, 0)
    assert seen_load(s, h, 1) == (3, 2)
    assert player_view(s, 1).normal[h] == 3


def test_the_other_seats_cannot_tell_how_much_was_loaded() -> None:
    """rulebook: "many Hewns can store ... in secret locations": loading 1 or
    3 normal Substract onto the same Hewn looks the same to the other seat:
    its view, the picture and the copy a bot is handed."""
    a, b = _loaded(1), _loaded(3)
    # the same public facts: seat 0 holds 9 normal in the second world, 7 in
    # the first; give the first the same total
    pos.set_screen(a, 0, normal=a.screen_normal[0] + 2, dirty=a.screen_dirty[0])
    assert public_totals(a, 0) == public_totals(b, 0)
    assert player_view(a, 1) == player_view(b, 1)
    assert render_state(a, 1) == render_state(b, 1)
    ra, rb = redact(a, 1), redact(b, 1)
    assert (ra.normal, ra.screen_normal, ra.hidden_normal) == (
        rb.normal,
        rb.screen_normal,
        rb.hidden_normal,
    )
    # while seat 0 sees the difference
    assert player_view(a, 0) != player_view(b, 0)


def test_a_leaky_redaction_is_caught() -> None:
    """The test above can fail: had the loads not been hidden (the same
    worlds with their hidden marks cleared, as a redaction that forgot them
    would show them), seat 1 would see how much was loaded. No module is
    patched, so this holds in the compiled build too."""
    a, b = _loaded(1), _loaded(3)
    pos.set_screen(a, 0, normal=a.screen_normal[0] + 2, dirty=a.screen_dirty[0])
    for world in (a, b):
        world.hidden_normal = [0] * len(world.hidden_normal)
        world.hidden_dirty = [0] * len(world.hidden_dirty)
    assert player_view(a, 1) != player_view(b, 1)


def test_unloading_takes_the_hidden_part_first() -> None:
    """Ruling "Secret loads": what nobody saw arrive leaves unseen first. The
    Smeggler carries 2 public and 3 hidden normal Substract; unloading 2 in
    the next go leaves the public 2 (and 1 hidden)."""
    s = _loaded(3, public=2)
    h = _smeggler(s)
    _next_go(s)
    # the kind is asked: seat 0's total holds both kinds
    pos.play(s, Verb.UNLOAD, HEWN + h, Option.NORMAL, NUM + 2)
    assert (s.normal[h], s.hidden_normal[h]) == (3, 1)
    assert seen_load(s, h, 1) == (2, 0)


def _next_go(s: State) -> None:
    """On to seat 0's next bid turn (a new go: Substract that moved in this
    one may move again), everyone ending turns or doing the first thing
    offered."""
    go = s.go
    while s.go == go or s.frames[-1].ask != Ask.BID_TURN or s.frames[-1].seat != 0:
        legal = legal_actions(s)
        ends = [a for a in (Ctrl.END_HEWN_TURN, Ctrl.END_PLAYER_TURN) if a in legal]
        pos.play(s, ends[0] if ends else legal[0])


def _entered(normal: int, dirty: int, hewn_name: str = "Smeggler") -> tuple[State, int]:
    """`hewn_name` loaded behind seat 0's screen, then stepped onto the board."""
    s = pos.actions_phase(2, **SECRET)
    pos.set_screen(s, 0, normal=normal + 5, dirty=dirty + 5)
    h = pos.place(s, hewn_name, 0)
    pos.start_player_turn(s, 0)
    for kind, amount in ((Option.NORMAL, normal), (Option.DIRTY, dirty)):
        if amount:
            pos.play(s, Verb.LOAD, HEWN + h, kind, NUM + amount)
    pos.start_hewn_turn(s, h)
    entrance = next(a for a in legal_actions(s) if SPACE <= a < NUM)
    pos.play(s, entrance)
    assert s.loc[h] >= 0
    return s, h


def test_entering_keeps_secret_only_the_secret_storage() -> None:
    """Ruling "Entering with a secret load": a Major Miner keeps 3 secret
    ("store (total/secret)"); it enters with 2 normal and 3 dirty hidden, so
    2 are revealed, dirty first."""
    s, h = _entered(2, 3, "Major Miner")
    assert s.card(h).secret == 3
    assert (s.hidden_normal[h], s.hidden_dirty[h]) == (2, 1)
    assert seen_load(s, h, 1) == (0, 2)
    assert public_totals(s, 0) == (7, 6)  # 2 dirty left the private total


def test_entering_within_the_secret_storage_reveals_nothing() -> None:
    """A Smeggler keeps 4 secret: 3 hidden stay hidden on the board."""
    s, h = _entered(3, 0)
    assert (s.hidden_normal[h], s.hidden_dirty[h]) == (3, 0)


def test_a_transmission_takes_the_public_part_first() -> None:
    """Ruling "Paying from a secret load", and transfers happen "provided
    other players can see it being done": a Smeggler with 2 public and 3
    hidden normal Substract sends 3 off planet; the public 2 go first, then 1
    hidden."""
    s = pos.actions_phase(2, **SECRET)
    pos.set_screen(s, 0, normal=8)
    h = pos.place(s, "Smeggler", 0, normal=2)
    pos.start_player_turn(s, 0)
    pos.play(s, Verb.LOAD, HEWN + h, NUM + 3)
    pos.start_hewn_turn(s, h)
    pos.play(s, next(a for a in legal_actions(s) if SPACE <= a < NUM))
    _next_go(s)  # the Smeggler took Substract in this go: it may not give
    assert (s.normal[h], s.hidden_normal[h]) == (5, 3)
    pos.play(s, Verb.TRANSMIT, HEWN + h, Ctrl.OFF_PLANET)
    assert s.frames[-1].ask == Ask.TX_KIND  # the round's dirty income is there
    pos.play(s, Option.NORMAL, NUM + 3)
    assert (s.normal[h], s.hidden_normal[h]) == (2, 2)
    assert seen_load(s, h, 1)[0] == 0


def test_the_kind_question_comes_from_public_facts() -> None:
    """Ruling "Questions that could show a secret load": a Smeggler on the
    board with 2 public dirty Substract, whose player holds normal Substract
    that could be hidden in it, is asked the kind even with dirty alone (one
    answer); without secret loads the question is skipped."""
    for secret, asked in ((True, True), (None, False)):
        s = pos.actions_phase(2, cards="nanas", secret_loads=secret)
        pos.set_screen(s, 0, normal=4)
        h = pos.place(s, "Smeggler", 0, space=12, dirty=2)
        pos.start_player_turn(s, 0)
        pos.play(s, Verb.TRANSMIT, HEWN + h, Ctrl.OFF_PLANET)
        assert (s.frames[-1].ask == Ask.TX_KIND) is asked
        if asked:
            assert legal_actions(s) == [Option.DIRTY]


def test_death_and_a_change_of_controller_reveal_the_load() -> None:
    """D47: a death or any change of controller (a stun included) reveals the
    Hewn's load; rulebook on a stun: "Any technologies attached to that Hewn
    as well as any Substract; remain on that Hewn"."""
    s, h = _entered(3, 0)
    stun(s, h)
    assert (s.normal[h], s.hidden_normal[h]) == (3, 0)
    s, h = _entered(3, 0)
    kill(s, h)
    assert s.hidden_normal[h] == 0 and s.normal[h] == 0
    s, h = _entered(3, 0)
    s.slot_hidden[h][0] = True
    s.heart_hidden[h] = True
    reveal(s, h)
    assert s.hidden_normal[h] == 0 and not any(s.slot_hidden[h])
    assert not s.heart_hidden[h]


def test_determinize_deals_hidden_loads_that_fit_what_the_seat_saw() -> None:
    """A determinized copy for seat 1 keeps seat 0's private total by kind and
    each Hewn's public load, puts hidden Substract only where it could be
    (off the board, or within the secret storage on it), and varies it."""
    s, _ = _entered(3, 1)
    pos.place(s, "Major Miner", 0)  # behind the screen: room for 6
    pos.play(s, "CTRL END_HEWN_TURN")
    dealt = set()
    for seed in range(40):
        d = determinize(s, 1, np.random.default_rng(seed))
        assert public_totals(d, 0) == public_totals(s, 0)
        for x in range(len(s.ctrl)):
            assert seen_load(d, x, 1) == seen_load(s, x, 1)
            if d.loc[x] >= 0:
                assert d.hidden_normal[x] + d.hidden_dirty[x] <= d.card(x).secret
            elif d.loc[x] != OFF_BOARD:
                assert d.hidden_normal[x] == d.hidden_dirty[x] == 0
        assert player_view(d, 1) == player_view(s, 1)
        dealt.add(tuple(d.hidden_normal) + tuple(d.hidden_dirty))
    assert len(dealt) > 5
    r = redact(s, 1)  # the fixed arrangement: all on the screen
    assert hidden_totals(r, 0) == (0, 0)
    assert (r.screen_normal[0], r.screen_dirty[0]) == public_totals(s, 0)


class _SecretHewns(HewnsGame):
    """Hewns with the Nananbites cards and secret loads, for `check_game`."""

    def make_config(self, num_players: int, **options: object) -> HewnsConfig:
        return super().make_config(num_players, **{**SECRET, **options})


def test_games_with_secret_loads_keep_the_interface_contract() -> None:
    """`check_game` with secret loads at 2, 3 and 4 players: the mover's
    redacted and determinized copies give it the same choices, view, picture
    and words."""
    assert check_game(_SecretHewns(), games_per_count=2, seed=3) > 200


def _loading(game: HewnsGame, s: State, rng: np.random.Generator) -> int:
    """Random play that loads off-board Hewns often."""
    legal = game.legal_actions(s)
    if Verb.LOAD in legal and rng.random() < 0.7:
        return int(Verb.LOAD)
    if Verb.UNLOAD in legal and rng.random() < 0.2:
        return int(Verb.UNLOAD)
    return legal[int(rng.integers(len(legal)))]


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_hidden_loads_stay_hidden_in_whole_games(num_players: int) -> None:
    """Whole games that load often: every hidden part fits its Hewn (within
    its load, within its secret storage on the board, none on a Hewn nobody
    controls), and at every few steps each seat's redacted and determinized
    copies show it the same view, observation and picture, give the mover the same
    choices, and a determinized copy leaves every seat something to do (a bot
    plays on it)."""
    game = _SecretHewns()
    rng = np.random.default_rng(num_players)
    hidden_steps = 0
    for seed in range(2):
        s = game.new_game(game.make_config(num_players), seed)
        step = 0
        while not game.is_over(s):
            for h in range(len(s.ctrl)):
                hidden = s.hidden_normal[h] + s.hidden_dirty[h]
                assert s.hidden_normal[h] <= s.normal[h]
                assert s.hidden_dirty[h] <= s.dirty[h]
                if s.loc[h] >= 0:
                    assert hidden <= s.card(h).secret
                if not 0 <= s.ctrl[h] < num_players:
                    assert hidden == 0
                hidden_steps += hidden > 0
            legal = game.legal_actions(s)
            if step % 5 == 0:
                for seat in range(num_players):
                    _same_for(game, s, seat, legal, rng)
            game.apply_action(s, _loading(game, s, rng))
            step += 1
    assert hidden_steps > 50  # the games did hide loads


def _same_for(
    game: HewnsGame, s: State, seat: int, legal: list[int], rng: np.random.Generator
) -> None:
    moving = bool(s.frames) and s.frames[-1].seat == seat and not is_chance(s)
    for copy in (game.redact(s, seat), game.determinize(s, seat, rng)):
        assert game.player_view(copy, seat) == game.player_view(s, seat)
        assert game.render(copy, seat) == game.render(s, seat)
        assert encode(copy, seat).tobytes() == encode(s, seat).tobytes()
        if moving:
            assert game.legal_actions(copy) == legal
    sample = game.determinize(s, seat, rng)  # a bot plays on: it goes on
    # (another seat's off-board attachment is the hidden fittings' business)
    attaching = bool(s.frames) and isinstance(s.frames[-1], BanjerFrame)
    if not is_chance(sample) and not game.is_over(sample) and not attaching:
        assert game.legal_actions(sample)


def test_the_prospector_hides_a_reserve_behind_its_screen() -> None:
    """With secret loads the scripted bots load dirty Substract into a Hewn
    with secret storage before it enters ("many Hewns can store ... in secret
    locations"), up to their reserve; without them they load nothing."""
    from agents.hewns.heuristics import SECRET_RESERVE, ProspectorAgent

    for secret in (True, None):
        s = pos.actions_phase(2, cards="nanas", secret_loads=secret)
        pos.set_screen(s, 0, dirty=5)
        h = pos.place(s, "Smeggler", 0)
        pos.start_player_turn(s, 0)
        bot = ProspectorAgent()
        bot.reset(0, s.config)
        rng = np.random.default_rng(0)
        first = bot.choose(s, 0, legal_actions(s), rng)
        if first == Verb.LOAD:
            pos.play(s, first)
            while s.frames[-1].ask != Ask.PLAYER_TURN:
                pos.play(s, bot.choose(s, 0, legal_actions(s), rng))
        picks = [first]
        if secret:
            assert picks[0] == Verb.LOAD
            assert (s.dirty[h], s.hidden_dirty[h]) == (SECRET_RESERVE,) * 2
        else:
            assert Verb.LOAD not in picks and s.dirty[h] == 0


def _paying(normal: int) -> State:
    """`_loaded(normal)` with seat 0 in the middle of paying 3 Substract with
    the Smeggler, whose own share can be 0 up to what it holds (as a burn or
    body screens through a chain ask it)."""
    from scavenger_env.hewns.engine.payment import PayFrame

    s = _loaded(normal)
    h = _smeggler(s)
    high = min(3, s.normal[h] + s.dirty[h])
    s.frames.append(PayFrame(0, h, Ask.BURN_MIX, 3, 0, high, []))
    return s


def test_another_seats_payment_shares_do_not_show_its_secret_load() -> None:
    """rulebook: opponents "will not necessarily know if that Hewn has
    Substract or not": while seat 0 decides how much of a payment its Smeggler
    gives, the shares it may give follow its hidden load; seat 1's view shows
    the amount only, the same whether the Smeggler holds 1 or 3 secretly,
    while seat 0 sees its own choices."""
    low, high = _paying(1), _paying(3)
    assert low.frames[-1].shown()[:3] == [3, 0, 1]
    assert high.frames[-1].shown()[:3] == [3, 0, 3]
    assert redact(low, 1).frames[-1].shown() == redact(high, 1).frames[-1].shown()
    assert redact(low, 1).frames[-1].shown()[0] == 3  # the amount is public
    # the decision on top, as each seat's observation shows it (the worlds
    # also differ in public totals, set up apart)
    start, end = OFFSETS["decision"]
    assert np.array_equal(encode(low, 1)[start:end], encode(high, 1)[start:end])
    assert not np.array_equal(encode(low, 0)[start:end], encode(high, 0)[start:end])
