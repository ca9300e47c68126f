"""A text picture of a Krysis game as one seat sees it, at most 80 columns wide.

For a human playing in a terminal and for reading replays. Everything comes from
`player_view` and `redact` (the state with what the seat cannot know put in a
fixed order), never from the real hidden cards, so the picture of a state and of
any `determinize`d copy of it for the same seat are the same text. The one
exception is the game's end, when the final scores are announced to everybody.

`render_changes(before, after)` keeps the lines of a picture that changed since
the previous one, so that a player in the middle of a round reads a few lines.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .engine.capacity import fits
from .engine.data import (
    CARDS,
    COMPANY_NAMES,
    LEVELS,
    MINE,
    MISSION_NAMES,
    MISSION_VP,
    NUM_RELIC_TYPES,
    RELICS,
    SQUAD_DISCARDS_PER_STAR,
    cards_of,
    crystals_text,
)
from .engine.describe import agent_text
from .engine.queries import (
    attack_value,
    bid_value,
    defence_value,
    team_capacity,
    team_initiative,
)
from .engine.scoring import final_scores, mission_done, score_breakdown, winners
from .engine.state import ACTION_PHASES, NONE, ActKind, Phase, State
from .engine.view import PlayerView, player_view, redact

__all__ = [
    "PHASE_WORDS",
    "WIDTH",
    "placed",
    "render_changes",
    "render_state",
    "select_lines",
]

WIDTH = 80
"""No line of a picture is longer: it must fit a plain terminal."""

LOG_LINES = 6
"""How many of the newest public events the picture repeats."""

PHASE_WORDS = {
    Phase.SQUAD: "set-up: leaving 6 agents out of the squad",
    Phase.HAND: "set-up: choosing the starting hand",
    Phase.BID: "mining: the blind bid",
    Phase.PLACE: "mining: placing the miners in bid order",
    Phase.KEEP: "mining: keeping one of two relics",
    Phase.PICK: "building the teams",
    Phase.SPECIAL_TIMING: "action: special agents first or after?",
    Phase.ACTION: "action: flip relics, then load, raid or mine overtime",
    Phase.SELECT: "action: choosing the goods",
    Phase.THIEF: "action: whom the Thief robs",
    Phase.SPY_TARGET: "action: whom the Spy visits",
    Phase.SPY_TAKE: "action: the relic the Spy takes",
    Phase.ALCHEMY: "action: the Alchemist converts crystals",
    Phase.DRAW: "end of the round: drawing agents",
    Phase.GAME_OVER: "game over",
}
_SETUP = (Phase.SQUAD, Phase.HAND)
_ACTING = ACTION_PHASES | {Phase.DRAW}
"""Phases after the teams are complete: initiative and defence count."""
_MINING = (Phase.PLACE, Phase.KEEP)
_SPACES = ("I", "II", "III", "IV")

# A logical line starts at column 0 (a section's head or a top line) or at
# column 3 (an item of the section); its continuation lines are indented by 5,
# so `render_changes` can put them back together.
_ITEM = "   "
_MORE = 5


def _fit(head: str, pieces: Sequence[str], gap: str = " ") -> list[str]:
    """`head` then `pieces` joined by `gap`, broken between pieces at WIDTH.

    Continuation lines are indented by `_MORE`; a piece too long for a line of
    its own is broken between words.
    """
    pad = " " * _MORE
    lines: list[str] = []
    line = head
    fresh = True  # nothing of `pieces` on this line yet
    for piece in pieces:
        joiner = "" if fresh else gap
        if len(line) + len(joiner) + len(piece) <= WIDTH:
            line += joiner + piece
            fresh = False
            continue
        if not fresh:
            lines.append(line.rstrip())
            line = pad
        fresh = False
        if len(line) + len(piece) <= WIDTH:
            line += piece
            continue
        wrapped = textwrap.wrap(
            line + piece, WIDTH, subsequent_indent=pad, break_on_hyphens=False
        )
        lines += wrapped[:-1]
        line = wrapped[-1] if wrapped else line
    lines.append(line.rstrip())
    return lines


def _listed(items: Sequence[str], sep: str = ",") -> list[str]:
    """Items with `sep` after each but the last, as pieces for `_fit`."""
    return [item + sep for item in items[:-1]] + list(items[-1:])


def _who(q: int, viewer: int | None) -> str:
    return "you" if q == viewer else f"player {q}"


def _relic_names(counts: Sequence[int]) -> list[str]:
    """Relic types held, as "2x Cart WW" (nothing: an empty list)."""
    return [
        (f"{n}x " if n > 1 else "") + RELICS[t].name for t, n in enumerate(counts) if n
    ]


def _relic_pile(types: Sequence[int]) -> list[int]:
    """A list of relic types as counts per type."""
    counts = [0] * NUM_RELIC_TYPES
    for t in types:
        counts[t] += 1
    return counts


def _face_down(n: int) -> str:
    return f"{n} relic{'s' if n != 1 else ''} face down"


def _goods_options(level: int, chamber: int) -> str:
    return " or ".join(g.text() for g in MINE[level - 1][chamber])


def render_state(state: State, viewer: int) -> str:
    """A multi-line picture of `state` as seat `viewer` may see it.

    No line is longer than WIDTH (80) characters.
    """
    view = player_view(state, viewer)
    r = redact(state, viewer)  # public queries (capacity, combat) read this
    lines = _header(r, view, viewer)
    if r.config.speed:
        order = ", ".join(_who(p, viewer) for p in r.start_order)
        lines += _fit("Speed Krysis: no mine, no relics; tie order: ", [order])
    else:
        lines += _mine_lines(r, viewer)
    for q in range(r.n):
        lines += _seat_lines(r, view, q, viewer)
    lines += _choice_lines(r, view, viewer)
    if not r.config.speed:
        discard = _relic_names(_relic_pile(view.relic_discard)) or ["none"]
        lines += _fit(
            f"Relics: draw pile {view.relic_deck}; discards (face up): ",
            _listed(discard),
        )
    if r.phase == Phase.GAME_OVER:
        lines += _final_lines(state, viewer)
    log = view.log[-LOG_LINES:]
    if log:
        lines.append("Recent events:")
        for event in log:
            lines += _fit(_ITEM, event.split())
    return "\n".join(lines)


def _header(r: State, view: PlayerView, viewer: int) -> list[str]:
    """Which game, round and phase; who moves; who "you" are."""
    name = "Speed Krysis" if r.config.speed else "Krysis"
    phase = PHASE_WORDS[Phase(r.phase)]
    if r.phase == Phase.PICK:
        phase += f" (agent {r.pick_round + 1} of 3)"
    elif r.phase == Phase.DRAW:  # the round counter has already moved on
        phase = f"end of round {view.round - 1}: drawing agents"
    first = _fit(f"{name} | round {view.round}/{r.config.rounds} | ", [phase])
    me = f"you are player {viewer} ({COMPANY_NAMES[viewer]})"
    if r.phase == Phase.GAME_OVER:
        return [*first, f"Game over | {me}"]
    mover = view.mover
    to_move = "you" if mover == viewer else f"player {mover} ({COMPANY_NAMES[mover]})"
    return [*first, f"{to_move} to move | {me}"]


def placed(r: State) -> list[int]:
    """Seats whose miner is already on this round's level while miners are
    being placed (the others still stand one level up)."""
    done = r.queue[: r.qi]
    if r.phase == Phase.KEEP:
        done = [*done, r.mover]
    return done


def _mine_lines(r: State, viewer: int) -> list[str]:
    """Where the miners stand and the chambers of the level being mined."""
    phase = Phase(r.phase)
    if phase in (Phase.BID, *_SETUP):
        level, on_level = r.level + 1, []
        note = "next; chosen in bid order after the bids"
    elif phase in _MINING:
        level, on_level = r.level, placed(r)
        order = ", ".join(_who(p, viewer) for p in r.queue)
        note = f"being chosen in bid order: {order}"
    else:
        level, on_level = r.level, list(range(r.n))
        note = "this round" if phase in _ACTING or phase == Phase.PICK else "now"
        if phase == Phase.DRAW:
            note = "mined last round"
    lines: list[str] = []
    above = [p for p in range(r.n) if p not in on_level]
    if above:
        where = []
        for p in above:
            if level == 1:
                spot = f"start space {_SPACES[r.position[p]]}"
            else:
                spot = f"level {level - 1} chamber {r.position[p] + 1}"
            where.append(f"{_who(p, viewer)} on {spot}")
        lines += _fit("Miners: ", _listed(where))
    if level > LEVELS:  # pragma: no cover - level never passes the last
        return lines
    lines += _fit(f"Mine level {level} of {LEVELS} ", [f"({note}):"])
    for c in range(len(MINE[level - 1])):
        here = [_who(p, viewer) for p in on_level if r.position[p] == c]
        text = f"{_ITEM}chamber {c + 1}: {_goods_options(level, c)}"
        if here:  # at most one miner per chamber
            text = f"{text:<44} <- {', '.join(here)}"
        lines.append(text)
    return lines


def _seat_lines(r: State, view: PlayerView, q: int, viewer: int) -> list[str]:
    """Seat `q`'s goods, team and cards; the viewer's own hidden things too."""
    own = q == viewer
    who = f"you (player {q})" if own else f"player {q}"
    lines = [f"-- {who}, {COMPANY_NAMES[q]}"]
    phase = Phase(r.phase)
    # -- score
    b = score_breakdown(r, q)
    if own:
        parts = [f"sales {b.sales}", f"home crystals {b.crystals}"]
        if not r.config.speed:
            parts.append(f"relic sets {b.relics}")
        if r.config.missions:
            parts.append(f"mission {b.mission}")
        lines += _fit(f"{_ITEM}VP: ", [" + ".join(parts), f"= {b.total}"])
    else:
        tail = [] if r.config.speed else ["(home relic sets hidden)"]
        lines += _fit(
            f"{_ITEM}VP: ",
            [f"sales {b.sales} + home crystals {b.crystals}", *tail],
        )
    # -- goods
    home = f"home: {crystals_text(view.seats[q].home)}"
    camp = f"campsite: {crystals_text(view.seats[q].camp)}"
    if r.config.speed:
        lines += [_ITEM + home, _ITEM + camp]
    elif own:
        lines += _fit(
            f"{_ITEM}{home}; relics: ",
            _listed(_relic_names(view.home_relics) or ["none"]),
        )
        lines += _fit(
            f"{_ITEM}{camp}; relics: ",
            _listed(_relic_names(view.camp_relics) or ["none"]),
        )
    else:
        lines.append(f"{_ITEM}{home}; {_face_down(view.seats[q].home_relic_count)}")
        lines.append(f"{_ITEM}{camp}; {_face_down(view.seats[q].camp_relic_count)}")
    flipped = _relic_names(_relic_pile(view.seats[q].flipped))
    if flipped or r.weapon_in_play[q]:
        pieces = _listed(flipped or ["none"])
        if r.weapon_in_play[q]:
            pieces[-1] += f"; a weapon +{r.weapon_in_play[q]} stays to defend"
        lines += _fit(f"{_ITEM}flipped this round: ", pieces)
    # -- the bid
    if not r.config.speed and r.level > 0 and phase not in _SETUP:
        last = list(view.seats[q].last_bid)
        lines.append(
            f"{_ITEM}last bid: {crystals_text(last)} (value {bid_value(last)})"
        )
    if phase == Phase.BID:
        if own and (view.mover == q or r.bid_done[q]):
            done = "finished" if r.bid_done[q] else "in progress"
            bid = list(view.my_bid)
            lines.append(
                f"{_ITEM}your bid ({done}): {crystals_text(bid)} "
                f"(value {bid_value(bid)})"
            )
        elif view.seats[q].committed:
            lines.append(f"{_ITEM}bid: committed (hidden until all have bid)")
    # -- the team
    team = [agent_text(q, c, r.config.rules_version) for c in view.seats[q].team]
    if phase == Phase.PICK and view.seats[q].committed:
        if own:
            team.append(
                f"your pick, face down: {agent_text(q, view.pending, r.config.rules_version)}"
            )
        else:
            team.append("committed: 1 agent face down")
    if team:
        lines += _fit(f"{_ITEM}team: ", _listed(team, ";"))
    lines += _fit(_ITEM, _listed(_status(r, view, q), ";"))
    # -- cards
    lines += _fit(_ITEM, _listed(_card_counts(r, view, q), ";"))
    if own:
        hand = [agent_text(q, c, r.config.rules_version) for c in view.hand] or ["none"]
        lines += _fit(f"{_ITEM}your hand ({len(view.hand)}): ", _listed(hand, ";"))
        if phase in _SETUP:  # the set-up choices are made from the decks
            decks = [
                agent_text(q, c, r.config.rules_version)
                for c in sorted(r.deck_t[q] + r.deck_f[q])
            ]
            lines += _fit(f"{_ITEM}your decks: ", _listed(decks or ["none"], ";"))
        if view.squad_out:
            out = [agent_text(q, c, r.config.rules_version) for c in view.squad_out]
            lines += _fit(f"{_ITEM}left out of your squad: ", _listed(out, ";"))
        if r.config.missions and view.mission != NONE:
            done = "you would complete it now" if mission_done(r, q) else "not met now"
            lines.append(
                f"{_ITEM}your mission: {MISSION_NAMES[view.mission]} at home "
                f"(+{MISSION_VP} VP; {done})"
            )
    return lines


def _status(r: State, view: PlayerView, q: int) -> list[str]:
    """Combat, initiative and where `q` is in the action phase."""
    phase = Phase(r.phase)
    out = []
    if view.mover == q and phase != Phase.GAME_OVER:
        out.append("to move")
    if phase == Phase.PICK:
        out.append(f"team speed so far {team_initiative(r, q)}")
    elif phase in _ACTING:
        out.append(f"initiative {view.seats[q].initiative}")
        defence = defence_value(r, q)
        out.append("defence 0 (deserted)" if defence < 0 else f"defence {defence}")
        if view.mover == q and phase in (Phase.ACTION, Phase.SELECT):
            out.append(f"attack {attack_value(r, q)}")
    if view.seats[q].acted:
        out.append("has acted")
    if view.seats[q].deserted:
        out.append("campsite deserted")
    return out or ["no team"]


def _card_counts(r: State, view: PlayerView, q: int) -> list[str]:
    """Hand, deck and discard sizes (others' decks are secret during set-up)."""
    in_hand = view.seats[q].hand_size - (
        r.phase == Phase.PICK and view.seats[q].committed
    )
    out = [f"hand {in_hand}"]
    decks = view.seats[q].deck_sizes
    if r.config.speed:  # the whole company is in the hand
        pass
    elif decks is None:
        out.append("decks hidden during set-up")
    else:
        out.append(f"transporter deck {decks[0]}, fighter deck {decks[1]}")
    discard = [
        cards_of(r.config.rules_version)[q][c].name for c in view.seats[q].agent_discard
    ]
    if discard:
        out.append(f"discards: {' '.join(discard)}")
    return out


def _choice_lines(r: State, view: PlayerView, viewer: int) -> list[str]:
    """What the decision at hand is about: public facts for all, the hidden
    ones (relics drawn, a Spy's look, relic types being loaded) for the mover."""
    phase = Phase(r.phase)
    p = view.mover
    mine = p == viewer
    who = "you" if mine else f"player {p}"
    out: list[str] = []
    if phase == Phase.KEEP:
        if mine:
            a, b = (RELICS[t].name for t in view.keep_options)
            out.append(f"keep one: [0] {a} or [1] {b}; the other is discarded face up")
        else:
            out.append(f"{who} keeps one of two relics drawn (unseen by you)")
        if r.keeps_left > 1:
            out[-1] += f"; {r.keeps_left - 1} more draw(s) to come"
    elif phase == Phase.SPY_TARGET:
        out.append(f"{who} chooses whose campsite relics the Spy looks at")
    elif phase == Phase.SPY_TAKE:
        target = _who(r.spy_target, viewer)
        if mine:
            seen = _listed(_relic_names(view.spy_sees))
            head = f"Your choice: the Spy sees at {target}'s campsite: "
            return [*_fit(head, seen), f"{_ITEM}take one of them to your campsite"]
        out.append(f"{who}'s Spy looks at {target}'s campsite relics and takes one")
    elif phase == Phase.SPECIAL_TIMING and r.specials_undecided:
        name = cards_of(r.config.rules_version)[p][r.specials_undecided[0]].name
        out.append(f"{who} chooses whether the {name} acts before or after the action")
    elif phase == Phase.SELECT:
        out += select_lines(r, viewer)
    elif phase == Phase.THIEF:
        loot = crystals_text(
            cards_of(r.config.rules_version)[p][r.act_target].amount[:3]
        )
        out.append(f"the Thief steals up to {loot} from one campsite")
    elif phase == Phase.ALCHEMY:
        mode = ("undecided", "white to blue", "blue to red")[r.alchemy_mode]
        out.append(f"converting at the campsite: {mode}")
    elif phase == Phase.DRAW:
        verb = "draw" if mine else "draws"
        out.append(f"{who} {verb} {r.draws_left} more, choosing the deck each time")
    elif phase == Phase.SQUAD and mine:
        stars = [0, 0, 0]
        for c in view.squad_out:
            stars[CARDS[viewer][c].stars - 1] += 1
        need = ", ".join(
            f"{SQUAD_DISCARDS_PER_STAR - n} of {s + 1}*" for s, n in enumerate(stars)
        )
        out.append(f"leave out {need} more")
    elif phase == Phase.HAND and mine:
        out.append(f"choose {9 - len(view.hand)} more agents for your hand")
    if not out:
        return []
    head = "Your choice: " if mine else "Now: "
    return _fit(head, out[0].split(" ")) + [
        ln for extra in out[1:] for ln in _fit(_ITEM, extra.split(" "))
    ]


def select_lines(r: State, viewer: int | None) -> list[str]:
    """The goods chosen so far, the capacity and what still fits. Which of
    their own relics a loading player chose is for that player alone (and the
    whole truth, `viewer` None)."""
    p = r.mover
    mine = viewer is None or p == viewer
    raid = r.act_kind == ActKind.RAID
    source = f"{_who(r.act_target, viewer)}'s campsite" if raid else "the campsite"
    relics = sum(r.sel_relics) + r.sel_random
    chosen = crystals_text(r.sel)
    if relics:
        if mine and not raid:
            chosen += " + " + ", ".join(_relic_names(r.sel_relics))
        else:
            chosen += f" + {relics} relic{'s' if relics > 1 else ''}"
    slots = team_capacity(r, p)
    room = [
        name
        for name, more in (
            ("red", (1, 0, 0, 0)),
            ("blue", (0, 1, 0, 0)),
            ("white", (0, 0, 1, 0)),
            ("relic", (0, 0, 0, 1)),
        )
        if fits(
            slots,
            r.sel[0] + more[0],
            r.sel[1] + more[1],
            r.sel[2] + more[2],
            relics + more[3],
        )
    ]
    verb = "raids" if raid else "loads"
    if p == viewer:
        verb = "raid" if raid else "load"
    return [
        f"{_who(p, viewer)} {verb} from {source}: chosen so far {chosen}",
        f"capacity (slots) {crystals_text(slots)}; room for one more: "
        + (", ".join(room) or "nothing"),
    ]


def _final_lines(state: State, viewer: int) -> list[str]:
    """The final scores, announced to all when the game ends."""
    scores = final_scores(state)
    won = winners(state)[0]
    parts = [f"{_who(p, viewer)} {scores[p]}" for p in range(state.n)]
    return _fit("Final scores: ", [*_listed(parts), f"| winner: {_who(won, viewer)}"])


# -- what changed ----------------------------------------------------------------


def _logical_lines(picture: str) -> list[tuple[str, str]]:
    """(section, text) per logical line; the section is its head's text up to
    the first colon, or "" for the top lines."""
    out: list[tuple[str, str]] = []
    section = ""
    for line in picture.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if out and indent >= _MORE:  # a continuation
            sec, text = out[-1]
            out[-1] = (sec, f"{text}\n{line}")
            continue
        if indent == 0:
            section = line.split(":")[0].split(" (")[0]
        out.append((section, line))
    return out


def render_changes(before: str, after: str) -> str:
    """The lines of picture `after` that are not in picture `before`.

    Both are `render_state` texts for the same viewer. The first line (round,
    phase) is always kept; a changed item is shown under its section's head.
    """
    old = set(_logical_lines(before))
    lines = _logical_lines(after)
    heads = {sec: text for sec, text in lines if not text.startswith(" ")}
    shown: list[str] = [lines[0][1]] if lines else []
    headed: set[str] = set()
    for i, (sec, text) in enumerate(lines):
        if i == 0 or (sec, text) in old:
            continue
        if text.startswith(" ") and sec not in headed and sec in heads:
            shown.append(heads[sec])
        headed.add(sec)
        shown.append(text)
    return "\n".join(shown)
