"""A text picture of a Cave-In state as one player sees it, 80 columns wide.

Used by `scavenger replay`, by the environment's "ansi"/"human" render modes and
for human play. It reads only `player_view` (plus public rules queries for the
cost of a payment in progress), so it can never show a hidden card.

`render_changes(before, after)` compares two pictures and keeps what changed, so
that a player in the middle of a turn reads a few lines instead of the whole state.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .engine.data import (
    ARTIFACT_CARDS,
    ARTIFACT_HALVES,
    CRYSTAL_COST,
    CRYSTAL_TIERS,
    DOCKS_SLOT_LEVEL,
    FACTIONS,
    MINE_SLOT_TIER,
    TOTEM_VP,
    Art,
    Colour,
    crystal_name,
)
from .engine.describe import card_name
from .engine.payment import need
from .engine.queries import card_level, crystal_colour, is_wild
from .engine.scoring import score_breakdown
from .engine.state import Effect, GameState, Kind, Phase
from .engine.view import PlayerView, player_view

__all__ = ["WIDTH", "effect_line", "payment_line", "render_changes", "render_state"]

WIDTH = 80
"""No line of a picture is longer: it must fit a plain terminal."""

_PHASES = {
    Phase.START_ARTIFACT: "starting phase: artifacts",
    Phase.START_LEADER: "starting phase: Leader",
    Phase.ACTION: "action phase",
    Phase.PAY: "paying",
    Phase.EFFECT: "choosing a skill's targets",
    Phase.GAME_OVER: "game over",
}

# Logical lines start at column 0 or 3; their continuation lines are indented
# further (never exactly 0 or 3), so `render_changes` can put them back together.
_TOP_INDENT = 4
_SEAT_INDENT = 6


def _fit(head: str, pieces: Sequence[str], indent: int, gap: str = " ") -> list[str]:
    """`head` then `pieces` joined by `gap`, broken between pieces at WIDTH.

    Continuation lines are indented by `indent`; a piece too long for a line of
    its own is broken between words.
    """
    lines: list[str] = []
    pad = " " * indent
    line = head
    fresh = True  # nothing placed on this line yet
    for piece in pieces:
        joiner = "" if fresh else gap
        if len(line) + len(joiner) + len(piece) <= WIDTH:
            line += joiner + piece
            fresh = False
            continue
        if not fresh:
            lines.append(line)
            line = pad
        if len(line) + len(piece) <= WIDTH:
            line += piece
        else:
            wrapped = textwrap.wrap(
                line + piece, WIDTH, subsequent_indent=pad, break_on_hyphens=False
            )
            lines += wrapped[:-1]
            line = wrapped[-1]
        fresh = False
    lines.append(line)
    return [ln.rstrip() for ln in lines]


def _listed(items: Sequence[str], sep: str = ",") -> list[str]:
    """Items with `sep` after each but the last, as pieces for `_fit`."""
    return [item + sep for item in items[:-1]] + list(items[-1:])


def _card(s: GameState, card: int) -> str:
    # -1: a face-down card whose type this viewer never saw (always level 1).
    return "? (level 1)" if card < 0 else card_name(s, card)


def _cards(s: GameState, cards: Sequence[int]) -> list[str]:
    return [_card(s, c) for c in cards] or ["-"]


def _track(cave_in: int, threshold: int) -> str:
    cells = "".join("#" if i < cave_in else "." for i in range(max(threshold, cave_in)))
    return f"[{cells}] {cave_in}/{threshold}"


def _who(q: int, viewer: int) -> str:
    return "you" if q == viewer else f"player {q}"


def payment_line(s: GameState) -> list[str]:
    """The payment in progress, as pieces for `_fit`: what it buys, the cost
    with each discount, the cards paid so far and what is still owed (empty if
    no payment is in progress)."""
    if not s.pay:
        return []
    p = s.current_player
    kind, target, paid = s.pay[0], s.pay[1], s.pay[2:]
    owed = max(need(s, p, kind, target), 0)
    cuts: list[tuple[int, str]] = []
    extra = ""
    mine = s.players[p].artifacts
    if kind == Kind.RECRUIT:
        card = s.docks[target]
        what = f"recruit {_card(s, card) if card >= 0 else 'an empty slot'}"
        full = DOCKS_SLOT_LEVEL[target] - 1
        if s.turn.foreman:
            cuts.append((2, "Foreman"))
    elif kind == Kind.MINE:
        crystal = s.mine[target]
        what = f"mine {crystal_name(crystal)}"
        full = CRYSTAL_COST[crystal]
        colour = crystal_colour(s, target)
        if s.totem_owner[colour] == p:
            cuts.append((1, "totem"))
        if target in s.turn.dig:
            cuts.append((1, "Diggerhino"))
        if s.turn.maccarat:
            cuts.append((4 * s.turn.maccarat, "Maccarat"))
        if int(Art.PNEUMATIC_PICK) in mine:
            cuts.append((1, "Pneumatic Pick"))
        extra = (
            "; cards of any one colour"
            if is_wild(s, colour)
            else f"; {Colour(colour).name.lower()} cards"
        )
    else:
        stack, half = divmod(target, 2)
        top = s.artifact_stacks[stack][-1]
        what = f"collect {ARTIFACT_HALVES[ARTIFACT_CARDS[top].halves[half]].name}"
        full = s.config.artifact_costs[stack]
        if s.turn.ancient:
            cuts.append((4 * s.turn.ancient, "Ancientone"))
        if int(Art.GUILD_CHARTER) in mine:
            cuts.append((2, "Guild Charter"))
    rest = full - sum(n for n, _ in cuts) - owed
    if rest > 0 and not (kind == Kind.RECRUIT and owed == 0):
        cuts.append((rest, "other"))  # a discount this picture does not name
    steps = "".join(f", -{n} {why} discount" for n, why in cuts)
    cost = f"cost {full}{steps} = {owed}" if steps else f"cost {owed}"
    paid_sum = sum(card_level(s, c) for c in paid)
    if kind == Kind.RECRUIT:
        cost = cost.replace("cost", "card level", 1)
        if owed == 0 or paid:
            still = "nothing"
        elif int(Art.QUARTERMASTER) in mine and owed > 1:
            still = f"one card of level {owed} or lower"
        else:
            still = f"one card of level {owed}"
        head = "paid so far:"
    else:
        still = str(max(owed - paid_sum, 0))
        head = f"paid so far {paid_sum}:" if paid else "paid so far:"
    cards = _listed([_card(s, c) for c in paid] or ["nothing"])
    cards[-1] += ";"
    return [
        f"Paying for: {what} ({cost}{extra});",
        head,
        *cards,
        f"still owed: {still}",
    ]


def effect_line(frame: Sequence[int]) -> str:
    """A pending skill or artifact effect in words."""
    kind, args = frame[0], list(frame[1:])
    arg = args[0] if args else -1
    if kind == Effect.TAKE_CRYSTAL:
        colour = f"{Colour(arg).name.lower()} " if arg >= 0 else ""
        return f"take a {colour}crystal with a cost of 1 from the Mine"
    texts = {
        Effect.TAKE_L2: "take a level 2 Mercenary from the Docks",
        Effect.SERGEANT: f"take up to {arg} more from the bottom of your Base",
        Effect.COLONEL: f"take Docks Mercenaries with levels totalling {arg} or less",
        Effect.SHUWAR: "take a Mercenary from any Base",
        Effect.DIG_SLOT: "choose the Mine crystal to recolour",
        Effect.DIG_COLOUR: "choose the crystal's new colour",
        Effect.ROB_COLOUR: "choose the colour to recolour hand cards to",
        Effect.MINDWASP: "subjugate one of the lowest-level cards of your Base",
        Effect.CUSTODIAN: "subjugate a level 2 non-Leader from any Base",
        Effect.MANDRAGORE: "take 1 Weedlock from each Base, or 2 from one Base",
        Effect.MANDRAGORE_ALL: "take all Weedlocks from one Base",
        Effect.BATON: "take a crystal from the Mine (Baton of Coaxing)",
        Effect.VISION: "raid a second Base (Enhanced Vision)",
    }
    if kind in texts:
        return texts[Effect(kind)]
    if kind == Effect.MUSHELL and len(args) >= 2:
        where = "any one Base" if args[0] < 0 else f"the same Base (player {args[0]})"
        return f"take up to {args[1]} more from {where}"
    if kind == Effect.ROB_CARDS and len(args) >= 2:
        colour = Colour(args[0]).name.lower()
        return f"recolour up to {args[1]} more hand cards to {colour}"
    if kind == Effect.SCRABBER and 0 <= arg < len(CRYSTAL_TIERS):
        return f"take a second crystal with a cost of {CRYSTAL_TIERS[arg]}"
    if kind == Effect.DOMINA:
        return f"subjugate up to {arg} more level 1 cards from your hand"
    return "choose the skill's targets"


def render_state(s: GameState, viewer: int) -> str:
    """A multi-line picture of `s` from seat `viewer`'s point of view.

    No line is longer than WIDTH (80) characters.
    """
    v = player_view(s, viewer)
    to_act = _who(v.current_player, viewer)
    lines = _fit(
        "",
        [
            f"Round {v.round} |",
            "game over |"
            if v.phase == Phase.GAME_OVER
            else f"{to_act} to act ({_PHASES[Phase(v.phase)]}) |",
            f"Cave-In {_track(v.cave_in, v.cave_in_threshold)}",
        ],
        _TOP_INDENT,
    )
    wild = [Colour(c).name.lower() for c in range(6) if not v.in_play[c]]
    factions = [FACTIONS[c].name for c in range(6) if v.in_play[c]]
    factions[-1] += f"; wild colours: {', '.join(wild)}"
    lines += _fit("Factions: ", _listed(factions), _TOP_INDENT)
    mine = []
    for slot, c in enumerate(v.mine):
        tier = CRYSTAL_TIERS[MINE_SLOT_TIER[slot]]
        mine.append(f"{slot}:{crystal_name(c) if c >= 0 else f'- ({tier})'}")
    lines += _fit("Mine:  ", mine, _TOP_INDENT + 3, "  ")
    docks = [
        f"{slot}:{_card(s, c) if c >= 0 else f'- (L{DOCKS_SLOT_LEVEL[slot]})'}"
        for slot, c in enumerate(v.docks)
    ]
    lines += _fit("Docks: ", docks, _TOP_INDENT + 3, "  ")
    arts = []
    for k, (top, size) in enumerate(
        zip(v.artifact_tops, v.artifact_stack_sizes, strict=True)
    ):
        if top < 0:
            arts.append(f"{k}:(empty)")
        else:
            card = ARTIFACT_CARDS[top]
            left, right = (ARTIFACT_HALVES[h].name for h in card.halves)
            cost = s.config.artifact_costs[k]
            arts.append(f"{k}:[cost {cost}] {left} | {right} ({size} left)")
    lines += _fit("Artifacts: ", arts, _TOP_INDENT + 7, "  ")
    lines += _fit(
        "Stacks: ",
        _listed(
            [
                "mercenaries L1-4 " + "/".join(map(str, v.merc_stack_sizes)),
                "crystals 1/3/6/10 " + "/".join(map(str, v.crystal_stack_sizes)),
                f"removed {len(v.removed)}",
            ],
            ";",
        ),
        _TOP_INDENT,
    )
    for q in range(v.num_players):
        lines += _seat_lines(s, v, q, viewer)
    if v.played:
        lines += _fit("Played this turn: ", _listed(_cards(s, v.played)), _TOP_INDENT)
    if v.payment:
        lines += _fit("", payment_line(s), _TOP_INDENT)
    if v.phase == Phase.EFFECT and v.effects:
        lines += _fit("Skill in progress: ", [effect_line(v.effects[-1])], _TOP_INDENT)
    return "\n".join(lines)


def _seat_lines(s: GameState, v: PlayerView, q: int, viewer: int) -> list[str]:
    """Seat `q`'s holdings: a header with the VP so far, then indented lines."""
    b = score_breakdown(s, q)
    mark = " (to act)" if q == v.current_player and v.phase != Phase.GAME_OVER else ""
    who = f"you (player {q})" if q == viewer else f"player {q}"
    lines = [f"-- {who}{mark}: {b.total} VP so far"]
    if q == viewer:
        hand = _cards(s, v.hand)
        count = len(v.hand)
    else:
        opp = v.opponents[q]
        assert opp is not None
        unseen = [f"? (level {lv})" for lv in opp.unknown_levels]
        hand = [_card(s, c) for c in opp.known] + unseen or ["-"]
        count = len(opp.known) + len(opp.unknown_levels)
    lines += _fit(f"   hand ({count}): ", _listed(hand), _SEAT_INDENT)
    base = v.bases[q]
    if base:
        below = _cards(s, base[-2::-1])
        lines += _fit(
            f"   Base ({len(base)}): Leader {_card(s, base[-1])}; below: ",
            _listed(below),
            _SEAT_INDENT,
        )
    else:
        lines.append("   Base (0): -")
    crystals = [crystal_name(c) for c in v.crystals[q]] or ["-"]
    lines += _fit(
        f"   crystals ({b.crystals} VP, sets {b.symbols} VP): ",
        _listed(crystals),
        _SEAT_INDENT,
    )
    totems = [Colour(c).name.lower() for c in range(6) if v.totem_owner[c] == q]
    artifacts = [ARTIFACT_HALVES[a].name for a in v.artifacts[q]] or ["-"]
    subjugated = _cards(s, v.subjugated[q])
    subjugated[0] = f"subjugated ({b.subjugated} VP): {subjugated[0]}"
    artifacts[-1] += ";"
    lines += _fit(
        f"   totems ({TOTEM_VP * len(totems)} VP): {', '.join(totems) or '-'}; "
        f"artifacts ({b.artifacts} VP): ",
        _listed(artifacts) + _listed(subjugated),
        _SEAT_INDENT,
    )
    return lines


_ALWAYS = ("Round", "Paying", "Skill")
"""Lines `render_changes` always keeps: who acts in which phase, and what the
decision at hand is about."""


def _logical_lines(picture: str) -> list[tuple[str, str, str]]:
    """(section, key, text) per logical line; section is the seat's header name."""
    out: list[tuple[str, str, str]] = []
    section = ""
    for line in picture.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if out and indent not in (0, 3):  # a continuation
            sec, key, text = out[-1]
            out[-1] = (sec, key, f"{text}\n{line}")
            continue
        key = line.split()[0] if line.strip() else ""
        if line.startswith("-- "):
            section = line[3:].split(":")[0].replace(" (to act)", "")
        elif indent == 0:
            section = ""
        out.append((section, key, line))
    return out


def render_changes(before: str, after: str) -> str:
    """The parts of picture `after` that differ from picture `before`.

    Both are `render_state` texts for the same viewer. Kept: each changed line
    (a seat's line under that seat's header) and always the status line and the
    payment or skill in progress.
    """
    old = {(sec, key): text for sec, key, text in _logical_lines(before)}
    headers = {sec: text for sec, key, text in _logical_lines(after) if key == "--"}
    shown: list[str] = []
    headed: set[str] = set()
    for sec, key, text in _logical_lines(after):
        if key not in _ALWAYS and old.get((sec, key)) == text:
            continue
        if sec and sec not in headed:
            headed.add(sec)
            if key != "--":
                shown.append(headers[sec])
        shown.append(text)
    return "\n".join(shown)
