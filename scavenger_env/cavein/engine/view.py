"""What one player may know, and full states sampled consistently with it.

Hidden in Cave-In are only: the order of the face-down stacks (mercenaries by
level, crystals by cost), the artifact cards under each stack's face-up top, the
cards still left of each opponent's dealt starting hand (whose levels are known:
two level 1 and one level 2), and what Domina subjugates from a hand: the card
goes face down, so the others learn only that a level-1 card went, and from then
on cannot tell the hand's remaining level-1 cards apart either (their levels
stay known). Everything else was seen by all: the Docks, the Mine, Bases, every
crystal taken (they come from the face-up Mine), every card named by an action
(PAY, SKILL and Robuster's PICK_HAND name a card's type), and the cards
subjugated from a Base (Mindwasp, Custodian, Overseer's Whip), which everyone saw
face up there.

`redact` puts all that is hidden in a fixed order (what agents are given);
`determinize` shuffles it (what search bots plan on).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np

from .data import CardTable
from .state import GameState


@dataclass(frozen=True)
class OpponentHand:
    """An opponent's hand as `viewer` knows it."""

    known: tuple[int, ...]  # card ids seen entering the hand
    unknown_levels: tuple[int, ...]  # levels of cards never seen (sorted)


@dataclass(frozen=True)
class TurnView:
    """The current turn so far: public, since every action is seen by all."""

    normal_actions_used: int
    used_kinds: int  # bit mask over Kind (Recruit, Mine, Collect, Skill)
    extra_mines: int  # Drollo
    raided: tuple[int, ...]  # seats raided this turn
    identical_actions: bool  # Fish'Bean
    foreman: bool
    ancientones: int
    maccarats: int
    recoloured_mine: tuple[tuple[int, int], ...]  # Diggerhino: (Mine slot, colour)
    recoloured_hand: tuple[tuple[int, int], ...]  # Robuster: (card, colour)
    scrabber: bool
    stalkroot: bool
    weedlock_doubling: bool


@dataclass(frozen=True)
class PlayerView:
    """Everything `viewer` may know about a state (perfect recall of public events).

    Cards of the same type are interchangeable, so `known` hands hold card ids
    only as representatives of their types.
    """

    viewer: int
    num_players: int
    current_player: int
    start_player: int
    round: int
    phase: int
    cave_in: int
    cave_in_threshold: int
    in_play: tuple[bool, ...]
    hand: tuple[int, ...]
    opponents: tuple[OpponentHand | None, ...]  # None at the viewer's own seat
    bases: tuple[tuple[int, ...], ...]
    crystals: tuple[tuple[int, ...], ...]
    artifacts: tuple[tuple[int, ...], ...]
    #: per seat, in the order subjugated: card ids, and -1 for each card another
    #: seat put face down unseen (a level-1 card, Domina); all ids for the viewer
    subjugated: tuple[tuple[int, ...], ...]
    raids: tuple[int, ...]
    totem_owner: tuple[int, ...]
    docks: tuple[int, ...]
    mine: tuple[int, ...]
    artifact_tops: tuple[int, ...]  # card id on top of each stack, -1 if empty
    artifact_stack_sizes: tuple[int, ...]
    merc_stack_sizes: tuple[int, ...]
    crystal_stack_sizes: tuple[int, ...]
    removed: tuple[int, ...]
    played: tuple[int, ...]
    payment: tuple[int, ...]
    effects: tuple[tuple[int, ...], ...]
    turn: TurnView


def player_view(s: GameState, viewer: int) -> PlayerView:
    """The state as `viewer` sees it."""
    t = s.turn
    opponents: list[OpponentHand | None] = []
    for q, p in enumerate(s.players):
        if q == viewer:
            opponents.append(None)
            continue
        known = tuple(c for c in p.hand if c not in p.secret)
        levels = tuple(sorted(s.cards.level_of[c] for c in p.secret))
        opponents.append(OpponentHand(known, levels))
    return PlayerView(
        viewer=viewer,
        num_players=s.num_players,
        current_player=s.current_player,
        start_player=s.start_player,
        round=s.round,
        phase=int(s.phase),
        cave_in=s.cave_in,
        cave_in_threshold=s.config.cave_in_threshold,
        in_play=s.in_play,
        hand=tuple(s.players[viewer].hand),
        opponents=tuple(opponents),
        bases=tuple(tuple(p.base) for p in s.players),
        crystals=tuple(tuple(p.crystals) for p in s.players),
        artifacts=tuple(tuple(p.artifacts) for p in s.players),
        subjugated=tuple(
            tuple(-1 if q != viewer and c in p.face_down else c for c in p.subjugated)
            for q, p in enumerate(s.players)
        ),
        raids=tuple(p.raids for p in s.players),
        totem_owner=tuple(s.totem_owner),
        docks=tuple(s.docks),
        mine=tuple(s.mine),
        artifact_tops=tuple(st[-1] if st else -1 for st in s.artifact_stacks),
        artifact_stack_sizes=tuple(len(st) for st in s.artifact_stacks),
        merc_stack_sizes=tuple(len(st) for st in s.merc_stacks),
        crystal_stack_sizes=tuple(len(st) for st in s.crystal_stacks),
        removed=tuple(s.removed),
        played=tuple(s.turn.played),
        payment=tuple(s.pay),
        effects=tuple(tuple(f) for f in s.effects),
        turn=TurnView(
            normal_actions_used=t.normal_used,
            used_kinds=t.used_kinds,
            extra_mines=t.extra_mines,
            raided=tuple(t.raid_targets),
            identical_actions=t.identical,
            foreman=t.foreman,
            ancientones=t.ancient,
            maccarats=t.maccarat,
            recoloured_mine=tuple(sorted(t.dig.items())),
            recoloured_hand=tuple(sorted(t.recolour.items())),
            scrabber=t.scrabber,
            stalkroot=t.stalkroot,
            weedlock_doubling=t.doubling,
        ),
    )


def _rearrange(s: GameState, viewer: int, rng: np.random.Generator | None) -> GameState:
    """A clone of `s` with every pool of cards hidden from `viewer` sorted by card id
    and dealt back into its slots, shuffled first by `rng` if one is given.

    Sorting first makes the result depend only on what `viewer` may know: the
    pools' contents, as multisets, and their slots. The pools are, level by level,
    the face-down mercenary stack together with the opponents' unseen hand cards of
    that level (and, at level 1, the cards Domina subjugated face down); each
    crystal stack; each artifact stack under its face-up top.
    """
    out = s.clone()
    # The copy shares nothing with the game: a bot may change its copy's config or
    # card table (even a frozen one) without reaching the game in play.
    out.config = copy.copy(s.config)
    out.cards = CardTable(s.cards.type_of, s.cards.level_of, s.cards.colour_of)
    level_of = s.cards.level_of
    in_hands: list[list[tuple[list[int], int]]] = [[], [], [], []]  # by level - 1
    for q, p in enumerate(out.players):
        if q != viewer and p.secret:
            for i, c in enumerate(p.hand):
                if c in p.secret:
                    in_hands[level_of[c] - 1].append((p.hand, i))
        if q != viewer and p.face_down:  # Domina's face-down level 1s
            for i, c in enumerate(p.subjugated):
                if c in p.face_down:
                    in_hands[level_of[c] - 1].append((p.subjugated, i))
    for stack, slots in zip(out.merc_stacks, in_hands, strict=True):
        if not slots:  # the stack alone
            stack.sort()
            if rng is not None:
                stack[:] = [stack[i] for i in rng.permutation(len(stack))]
            continue
        pool = sorted(stack + [box[i] for box, i in slots])
        if rng is not None:
            pool = [pool[j] for j in rng.permutation(len(pool))]
        stack[:] = pool[: len(stack)]
        for (box, i), card in zip(slots, pool[len(stack) :], strict=True):
            box[i] = card
    for q, p in enumerate(out.players):
        if q == viewer:
            continue
        old = s.players[q]
        if old.secret:
            p.secret = {p.hand[i] for i, c in enumerate(old.hand) if c in old.secret}
        if old.face_down:
            p.face_down = {
                p.subjugated[i]
                for i, c in enumerate(old.subjugated)
                if c in old.face_down
            }
    for stack in out.crystal_stacks:
        stack.sort()
        if rng is not None:
            stack[:] = [stack[i] for i in rng.permutation(len(stack))]
    for stack in out.artifact_stacks:
        if len(stack) > 2:
            under = sorted(stack[:-1])
            if rng is not None:
                under = [under[i] for i in rng.permutation(len(under))]
            stack[:-1] = under
    return out


def redact(s: GameState, viewer: int) -> GameState:
    """A copy of `s` that holds only what `viewer` may know.

    Every pool of cards `viewer` cannot see (see `determinize`) is sorted by card
    id and dealt back into its slots, so two states that `viewer` cannot tell apart
    redact to the same state. Agents are given this copy, never the game itself:
    nothing hidden can be read from it and changing it changes nothing in play.
    """
    return _rearrange(s, viewer, None)


def determinize(s: GameState, viewer: int, rng: np.random.Generator) -> GameState:
    """A full state that `viewer` cannot tell apart from `s`, sampled uniformly.

    Reshuffles, level by level, the face-down stacks together with the unseen
    cards of the opponents' hands; reshuffles each crystal stack; reshuffles each
    artifact stack under its face-up top. Search bots plan on such samples. Each
    pool is sorted before it is shuffled, so the sample depends only on what
    `viewer` may know and `rng`: `determinize(redact(s, v), v, rng)` is the same
    state as `determinize(s, v, rng)`.
    """
    return _rearrange(s, viewer, rng)
