"""What a player of Hewns should know beyond the code's tables.

The rulings the engine makes where the rulebook is silent, ambiguous or says two
things, the rules versions and the short texts (overview, hidden information) a
reference page opens with. Kept here, as data, so that the documentation is
generated from the package and every ruling is one named item next to the rules
it documents (the docs' game page reads this module; nothing in the engine
does), with the components and where their values come from.
"""

from __future__ import annotations

from scavenger_env.core.notes import Component, ComponentTable, RulesVersion, Ruling

from .engine.data import (
    CARD_SET_NAMES,
    DANGER_TOKENS,
    DESIGNED,
    DICE,
    ENTRANCES_PER_SIZE,
    GEMS,
    HEWN_TYPES,
    PLAYER_COUNTS,
    RULEBOOK,
    SIZE_NAMES,
    TECHS,
    TUNNEL_SIZES,
    Face,
    HewnType,
    Symbol,
    Tech,
    raw_substract,
)

__all__ = [
    "COMPONENTS",
    "COMPONENT_TABLES",
    "DESIGN_NUMBERS",
    "DESIGN_RULINGS",
    "HIDDEN_INFORMATION",
    "OVERVIEW",
    "PROVENANCE_TAGS",
    "RULES_VERSIONS",
    "RULES_VERSIONS_INTRO",
    "RULINGS",
    "RULINGS_INTRO",
    "SIMULTANEOUS_CHOICES",
    "RulesVersion",
    "Ruling",
]


OVERVIEW = (
    "*Hewns*, scenario *Raw Substract* (2-4 players): each player runs a team of "
    "alien mining robots, the Hewns, on the planet Layodikeya. The game lasts "
    "three rounds of four phases: a new turn (each player's income of dirty "
    "Substract), recovery (damaged and stunned Hewns roll to recover, former "
    "owners may try to re-assert control), an auction (players bid Substract "
    "sealed in Bidoxes on Hewns, technology and scouting cards and the "
    "turn-order stack, or hunt for dirty Substract with a Bidox) and the actions "
    "(in turn order each player gives every healthy Hewn one Hewn turn, spending "
    "its action points to move, dig, fly, climb and mine, and to attack or "
    "repair other Hewns in ranged and same-space encounters; a brain repair "
    "takes an enemy Hewn over). Mining rolls mining dice for normal Substract "
    "and danger dice that place lava, Snedj nests and planet attacks, deplete "
    "mines or open new ones. The player with the most normal Substract at the "
    "end wins (dirty Substract is money and ammunition only); the game ends at "
    "once when the normal Substract pile runs out, the depleted-mines track "
    "reaches 15 or no mine is left on the board, and otherwise after round 3."
)
"""The game in one paragraph."""


HIDDEN_INFORMATION = (
    "yes: the contents of each Bidox (its placement is public), the secret dice "
    "picks until the reveal, the turn-order cards until their holder acts or "
    "places a mine, loads and technologies put into a Hewn off the board, heart "
    "cards until revealed, and the deck orders"
)
"""What a player does not see."""

SIMULTANEOUS_CHOICES = (
    "yes: the auction (played in turns, each Bidox's contents kept from the "
    "others until the results) and the secret dice picks of an encounter "
    "(committed in turn and shown to no one until all have picked)"
)
"""Whether players choose at the same time at the table, and how the engine
plays that."""

PROVENANCE_TAGS: dict[str, str] = {
    RULEBOOK: (
        "printed in the English rulebook draft, or forced by one of its worked examples"
    ),
    DESIGNED: (
        "not published (the draft's card lists, setup and scenario booklets are "
        "missing): designed for this package in the game's spirit, and kept in "
        "`engine/data.py` so that a printed value can replace it"
    ),
}
"""The tags of `engine.data`, each with what it means."""


def _face(face: Face) -> str:
    """A die face as printed: its number, or its symbol ("2/gem" for the gem)."""
    if face.symbol == Symbol.NUMBER:
        return str(face.value)
    if face.symbol == Symbol.GEM:
        return "2/gem"
    return face.symbol.name.lower().replace("_", " ")


def _hewn_row(h: HewnType) -> tuple[str, ...]:
    """One Hewn type as a table row; values the rulebook forces are starred."""

    def cell(field: str, text: str) -> str:
        return f"{text}*" if field in h.rulebook_fields else text

    abilities = ", ".join(a.name.lower().replace("_", " ") for a in h.abilities)
    if h.repair:
        abilities = abilities.replace("repair", f"repair {h.repair}")
    store = "+".join(str(x) for x in h.store)
    return (
        h.name,
        cell("size", SIZE_NAMES[h.size]),
        cell("cards", str(h.cards)),
        cell("cost", str(h.cost)),
        cell("mine", str(h.mine)),
        cell("ap", str(h.ap)),
        cell("armour", str(h.armour)),
        cell("rerolls", str(h.rerolls)),
        cell("store", f"{store} ({h.secret} secret)"),
        cell("weapon", "yes" if h.weapon else "no"),
        cell("close_combat", str(h.close_combat)),
        cell("nanasockets", f"{h.nanasockets}/{h.sicket_sockets}"),
        cell("heart", "yes" if h.heart else "no"),
        cell("abilities", abilities or "-"),
        CARD_SET_NAMES[h.stage - 1],
    )


def _tech_row(t: Tech) -> tuple[str, ...]:
    return (
        t.name,
        str(t.cards),
        str(t.quantity),
        str(t.cost),
        t.socket.name.lower(),
        t.effect,
        CARD_SET_NAMES[t.stage - 1],
        ", ".join(t.rulebook_fields) or "-",
    )


_SCENARIO = [raw_substract(n) for n in PLAYER_COUNTS]

COMPONENTS: tuple[Component, ...] = (
    Component(
        "dice",
        "ten kinds: mining, danger, laser, area, close combat, armour, speed "
        "defence, hurt, Nanadice and a plain d10 (faces in the table below)",
        f"the faces the rulebook shows: {RULEBOOK}; the full face lists: {DESIGNED}",
    ),
    Component(
        "Hewn cards",
        f"{len(HEWN_TYPES)} types on {sum(h.cards for h in HEWN_TYPES)} "
        "cards, each big, medium or small (table below)",
        f"values marked * are {RULEBOOK}; every other value is {DESIGNED}",
    ),
    Component(
        "technology and scouting cards",
        f"{len(TECHS)} kinds on {sum(t.cards for t in TECHS)} cards (table below)",
        f"each kind's rulebook fields are listed; the rest is {DESIGNED}",
    ),
    Component(
        "card sets",
        "core: 13 Hewn types and 6 technologies; terrain adds the diggers, "
        "fliers, climbers, artillery, the Suderer and secret entrances; nanas "
        "adds Nananbites, the Mamabite, the Fixito, heart stones and the implosion "
        "bomb; complete adds the two swarms",
        DESIGNED,
    ),
    Component(
        "the Raw Substract scenario card",
        "per player count: income, Bidoxes, the normal Substract pile, the "
        "starting mines and the mine pool (table below)",
        f"the 4-player round-2 income (19), 4 Bidoxes for 4 players, 3 rounds and "
        f"the 15-mine depletion track: {RULEBOOK}; the rest: {DESIGNED}",
    ),
    Component(
        "the board",
        "a crater of 55, 58 or 61 spaces for 2, 3 or 4 players: a hub with six "
        "spokes, a ring of six nodes and one spur with an entrance per side; "
        "magnetic tunnels; the starting mines. A map file: the option `map` "
        "takes the bundled `gorge` or `twins` or a file of your own (see "
        "[Hewns maps](hewns-maps.md))",
        f"{DESIGNED} (the rulebook's map-building booklet is missing)",
    ),
    Component(
        "danger tokens",
        f"{DANGER_TOKENS.value} each of lava, Snedj nest and planet attack",
        DANGER_TOKENS.provenance,
    ),
    Component(
        "gems",
        ", ".join(f"{count} worth {value}" for value, count in GEMS[0]),
        f"the three-legged gem's 6: {RULEBOOK}; the others: {DESIGNED}",
    ),
    Component(
        "dug-tunnel and entrance pieces",
        f"{len(TUNNEL_SIZES[0])} tunnels (5 small, 4 medium, 3 big) and "
        f"{ENTRANCES_PER_SIZE.value} entrances of each size",
        DESIGNED,
    ),
)
"""Every component, with where its values come from (`engine/data.py`)."""

COMPONENT_TABLES: tuple[ComponentTable, ...] = (
    ComponentTable(
        "Dice",
        "Each face is equally likely (`engine.data.DICE`).",
        ("die", "faces", "source"),
        tuple(
            (d.name, ", ".join(_face(f) for f in d.faces), d.provenance) for d in DICE
        ),
    ),
    ComponentTable(
        "Hewn types",
        "One row per type (`engine.data.HEWN_TYPES`). A value marked * is "
        "printed in the rulebook or forced by one of its worked examples; the "
        "others are designed. Sockets are Nanasockets/Sicket sockets.",
        (
            "Hewn",
            "size",
            "cards",
            "cost",
            "mining dice",
            "AP",
            "armour",
            "re-rolls",
            "store",
            "weapon",
            "close combat",
            "sockets",
            "heart",
            "abilities",
            "card set",
        ),
        tuple(_hewn_row(h) for h in HEWN_TYPES),
    ),
    ComponentTable(
        "Technology and scouting cards",
        "One row per kind (`engine.data.TECHS`): the winner of a card gets its "
        "quantity of pieces.",
        (
            "card",
            "cards",
            "quantity",
            "cost",
            "socket",
            "effect",
            "card set",
            "rulebook fields",
        ),
        tuple(_tech_row(t) for t in TECHS),
    ),
    ComponentTable(
        "The Raw Substract scenario card",
        "Per player count (`engine.data.raw_substract`); the income, pile and "
        "Bidoxes can be changed with the config's calibration options.",
        ("", "2 players", "3 players", "4 players"),
        (
            ("rounds", *(str(c.rounds) for c in _SCENARIO)),
            (
                "dirty income, rounds 1/2/3",
                *("/".join(map(str, c.income)) for c in _SCENARIO),
            ),
            ("Bidoxes per player", *(str(c.bidoxes) for c in _SCENARIO)),
            ("normal Substract pile", *(str(c.normal_pile) for c in _SCENARIO)),
            (
                "starting mines (normal/+1/+2)",
                *("/".join(map(str, c.start_mines)) for c in _SCENARIO),
            ),
            (
                "new-mine pool (normal/+1/+2/+3)",
                *("/".join(map(str, c.mine_pool)) for c in _SCENARIO),
            ),
            (
                "depleted mines that end the game",
                *(str(c.depletion_threshold) for c in _SCENARIO),
            ),
        ),
    ),
)
"""Detailed component tables, generated from `engine.data`."""


RULINGS_INTRO = (
    "Where the rulebook is silent, ambiguous or says two different things, the "
    "engine makes a ruling. A ruling with options names the `HewnsConfig` fields "
    "that choose another reading."
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "Artillery: the defender discards one die",
        "Against an artillery attack the defender discards exactly one of the "
        "weapon attack dice, of its choice, after the roll and before any dodge. "
        "The rulebook says two things: the ability lets the defender "
        '"completely discard any of the attacking dice of the artillery Hewn", '
        'while the attack steps say "the defender can discard one of the weapon '
        'attack dice" and the example has him "discard his highest dice"; the '
        "steps and the example are followed. The defender's owner chooses the "
        'die: in the example the Gotler "removes the attackers "3" laser type '
        'dice" while an area die also shows 3. A neutral defender has no owner '
        "to choose, so the highest die goes (the first rolled among equals). "
        "When two escapes cancel the attack nothing is discarded.",
        "ruling",
    ),
    Ruling(
        "Nananbites on a Bidox",
        "A player may attach up to two Nananbites to each Bidox; they stay on it "
        "for the rest of the game and each adds 1 to every bid made with that "
        'Bidox. The rulebook says both "Each Bidox has a single space in its cap '
        'to fit a Nananbite" and that players "may allocate up to two (2) '
        'individual Nananbites to each individual Bidox"; '
        "`nananbites_per_bidox=1` follows the cap.",
        "ruling",
        ("nananbites_per_bidox",),
    ),
    Ruling(
        "Speed defence dice",
        "A Hewn rolls as many speed defence dice as the action points printed on "
        "its card, however many it has left or has bought by burning Substract: "
        '"The Spricelos automatically gets 5 speed defence dice and 1 armour dice '
        '(as per his card)".',
        "rulebook",
    ),
    Ruling(
        "The Suderer's 2/gem face",
        "Extracting with a Suderer collects dirty Substract only, so a 2/gem face "
        'gives 2 dirty Substract and never a gem. The Suderer says "Roll 1 '
        'mining dice to determine how much dirty Substract is collected"; the '
        '2/gem rule ("receive 2 normal Substract" or a gem) is written for mining '
        "a mine, and the rulebook does not say what the face gives when "
        "extracting.",
        "ruling",
    ),
    Ruling(
        "Substract carried by Hewns scores",
        "At the end, the normal Substract carried by every Hewn with a player's "
        "control rod counts for that player, healthy or not, as well as the "
        "Substract off planet; what neutral Hewns carry counts for nobody. The "
        'rulebook asks for "the most normal Substract at the end of the game" '
        'and sets a condition only for gems ("the surviving Hewn which holds '
        'each gem must be healthy"). `score_carried=False` counts only the '
        "Substract off planet.",
        "ruling",
        ("score_carried",),
    ),
    Ruling(
        "Paying in a same-space encounter",
        "A Hewn in a same-space encounter pays only from its own load, because "
        '"it cannot get Substract from friendly Hewns in nearby spaces"; in a '
        "ranged encounter it may draw on the friendly Hewns it can transmit from.",
        "rulebook",
    ),
    Ruling(
        "Danger tokens kill",
        "A danger token's attack that beats the Hewn's defence kills it at once, "
        "without the hurt die, and the token stays: \"If the total of 'hurt' "
        "rolled is higher than the total of defence rolled, then the Hewn "
        'immediately dies." The token\'s attack total is read as the "hurt" '
        "rolled.",
        "rulebook",
    ),
    Ruling(
        "Pieces in the box",
        "There are 12 dug-tunnel pieces (5 small, 4 medium, 3 big) and 3 entrance "
        "pieces of each size (those not on the map are the stock for secret "
        "entrances); damaged tokens and control rods never run out. The rulebook "
        'counts on a limit ("all of the tunnels of that tunnel size are already '
        'been in use") but prints no numbers.',
        "ruling",
    ),
    Ruling(
        "The steps of a ranged encounter",
        "A ranged encounter runs: 1 announce, 2 transmit Substract away, 3 "
        "secretly pick dice, 4 name targets and reveal, 5 pay, 6 free dice, 7 "
        "roll (with screens, dodges and re-rolls), 8 roll the hurt dice. The "
        "rulebook draft prints its numbered steps out of order across page breaks; this is "
        'the order its own text follows ("2. Transmit Substract away", "8. For '
        'any attack that was successful, roll the hurt dice").',
        "ruling",
    ),
    Ruling(
        "Sharing a space with a healthy Hewn",
        "A healthy Hewn may pass through, or stop to mine in, a space with "
        "another healthy Hewn; it must be gone by the end of its Hewn turn, as "
        '"a healthy Hewn cannot end its turn in the same space as another Hewn".',
        "rulebook",
    ),
    Ruling(
        "The game ends at once",
        "An end trigger stops the game right after the effect that caused it "
        "(the Substract taken, the mine depleted); dice, attacks and steps still "
        'to come are dropped: "these events will trigger an immediate end to the '
        'game".',
        "rulebook",
    ),
    Ruling(
        "The Midocondrian Scraveler digs",
        "The Midocondrian Scraveler has the dig ability. Its card is not in the "
        "draft, but a caption shows it digging: \"A Midocondrian's owner uses the "
        'Mudgestick to check if a tunnel can be dug."',
        "rulebook",
    ),
    Ruling(
        "Bidding in turns",
        "The real-time auction is played in turns: players place one Bidox at a "
        "time in rotation; where it goes is public, what it holds is secret; "
        "passing stands for the timer running out, and a Bidox not placed by then "
        "hunts for dirty Substract. The rulebook has a timer and no turns: "
        '"Although the bid is secretive, players are free to rattle their Bidox"; '
        '"If any player still has to place any of their Bidoxes by the time the '
        "timer is finished, it is assumed that that Bidox has been used for dirty "
        'Substract hunting."',
        "ruling",
    ),
    Ruling(
        "Paying with dirty or normal Substract",
        "Every payment (a bid, a weapon die, a screen, a burn) may be made in "
        'dirty or normal Substract, as the payer chooses: "Each weapon shot costs '
        'one Substract - either normal Substract or dirty Substract", and a bid '
        'adds up "the Dirty Substract, normal Substract & Nanabites attached to '
        'each Bidox". Dirty Substract scores nothing, so paying with it first is '
        "usually best, but the choice is the player's.",
        "rulebook",
    ),
    Ruling(
        "Cards left after the auction",
        'Cards no one bid on are discarded ("take all of the cards that no-one '
        'has bid on and put them face-up in their respective discard piles"). '
        "The rulebook does not say what becomes of a card whose bids all lost "
        "(below its cost, or tied): it is discarded too. An empty deck is "
        "refilled by shuffling its discards; if it is still short, that lot stays "
        "empty. A technology card that is won is spent: its pieces go to the "
        "winner and the card leaves the game.",
        "ruling",
    ),
    Ruling(
        "Bidding on the turn order",
        'The turn-order stack needs a bid of at least 1. "This stack can also be '
        'bid on like the other cards on auction", but the rulebook prints no cost for it.',
        "ruling",
    ),
    Ruling(
        "Who bids first",
        "The auction starts with the previous round's first player (in round 1, "
        "a random player) and goes round the table. The rulebook's auction is "
        "played in real time and names no first bidder.",
        "ruling",
    ),
    Ruling(
        "When other Hewns may react",
        "Enemy Hewns that are healthy, alone in their space and see the moving "
        "Hewn are asked after each of its action-point actions and after its own "
        "announcement; at the start of its turn they may only respond. Who may "
        "react is public, so a reactor is asked even if it has no weapon or "
        "Substract: \"Any other enemy Hewns that can see the 'moving hewn' can "
        'announce an encounter in response".',
        "rulebook",
    ),
    Ruling(
        "Naming targets",
        "The moving Hewn names its target after everyone has picked dice and "
        "before the reveal; a reactor's target is the moving Hewn. Step 4: "
        '"Starting with the moving Hewn ... must nominate their target".',
        "rulebook",
    ),
    Ruling(
        "Malfunctions",
        "A Hewn may always announce an encounter, but cannot pick more dice than "
        "it can pay for, so it malfunctions only by picking nothing. The "
        "rulebook: \"If they don't choose a dice and/or don't have enough "
        'Substract ... malfunctioned"; picking dice one cannot pay for plays '
        "the same as picking none.",
        "ruling",
    ),
    Ruling(
        "Dodging and re-rolling",
        "Each defending Hewn may dodge once per encounter, against the combined "
        "attack: it forces the attacker to re-roll one die. Dodges and the "
        "attacker's re-rolls alternate, the defender first, until both pass. "
        'The rulebook: "force the attacker to re-roll any 1 (one) of his dice '
        'that he rolled"; the order of dodges and re-rolls is not given.',
        "rulebook",
    ),
    Ruling(
        "Escapes",
        "An escape on a speed die cancels attacks only. It allows a free move to "
        "a linked space that admits the Hewn's size and is free of healthy "
        "Hewns; the move is optional, and a danger token there attacks. The "
        'rulebook: "move to an empty adjacent space (free of any healthy '
        'Hewns)".',
        "rulebook",
    ),
    Ruling(
        "Attack or repair in the same space",
        "In a same-space encounter each Hewn declares whether it attacks or "
        "repairs, and how it splits its Nananbites, after the dice are revealed, "
        'the moving Hewn first; the other hears it before declaring: "Starting '
        'with the moving Hewn ... announce whether they will attack or repair".',
        "rulebook",
    ),
    Ruling(
        "What can be repaired",
        "A body repair targets a damaged friendly or neutral Hewn; a brain repair "
        'an enemy or neutral one: "A body or brain repair on a neutral Hewn; or '
        "... a body repair on a friendly Hewn ...; or ... a brain repair on an "
        'enemy Hewn".',
        "rulebook",
    ),
    Ruling(
        "After a same-space encounter",
        "What follows a same-space encounter happens in this order: escapes, "
        "deaths, changes of control, expelling, retreat or hand-over, immediate "
        'turns, as the list "After the same space encounter is over" and its '
        "examples run.",
        "rulebook",
    ),
    Ruling(
        "Retreating",
        "A retreating Hewn goes to a linked space free of healthy Hewns; if there "
        "is none and it has action points left, to a space holding only healthy "
        "friends (which it must leave before its turn ends); otherwise it is "
        'stunned where it is. The rulebook: retreat into "an adjacent space '
        '(free of healthy Hewns)"; with no action points left and only a space '
        'with another healthy Hewn, "it is regarded as stunned and stays were it '
        'was".',
        "rulebook",
    ),
    Ruling(
        "Going on after an encounter",
        "A moving Hewn whose same-space encounter does not end its turn goes on "
        "with its action points left: \"If he hasn't got any action points left, "
        "that Hewn's turn is over.\"",
        "rulebook",
    ),
    Ruling(
        "An immediate turn uses up the Hewn's turn",
        "A Hewn that takes an immediate Hewn turn after an encounter has used up "
        'its turn for this player turn ("takes its Hewn turn").',
        "rulebook",
    ),
    Ruling(
        "Transmission chains",
        "Substract can pass along a chain of Hewns that see each other; the Hewns "
        "in between need no room for it, and the one that finally receives it "
        'must keep within its capacity or spend the rest at once: "whatever is '
        'transported is either used up" or "stored in the Hewn that finally '
        'receives the Substract".',
        "rulebook",
    ),
    Ruling(
        "Paying through a chain",
        "A chain may pay for ranged attacks (not the artillery attacker's), "
        "danger and overflow screens and action points bought by burning. The "
        "owner picks the paying Hewn's own share; the rest comes from the chain, "
        'nearest Hewn first. The rulebook says payment is "limited to the amount '
        'of actual Substract they can get hold of" and shows a Sveanivo that '
        '"uses 2 Substract from the Veyark and keeps its own", but does not list '
        "where a chain may pay.",
        "ruling",
    ),
    Ruling(
        '"At any time" actions',
        "Transmitting, loading and attaching, which the rulebook allows at any "
        "time, even in other players' turns (\"can even be done on other players "
        "turns\"), are offered at fixed points: the player's own turn and each "
        "Hewn turn, each own Bidox placement, the encounter's transmit step and "
        "after mining or extracting. A player can act at every point where it "
        "would matter.",
        "ruling",
    ),
    Ruling(
        "Damaged Hewns transmit",
        "A damaged Hewn that keeps its player's control rod may transmit "
        "Substract off planet and to friendly healthy Hewns it sees "
        '(`damaged_transmit`, on by default). The rulebook says both "A damaged '
        'Hewn cannot move or take any actions" and "any Hewn can transmit any '
        "Substract (dirty or normal) 'off planet' at any time\"; it costs "
        "transmission 0 action points and names the secret dice of an encounter "
        'as "The only times a Hewn cannot transmit Substract off-planet", so the '
        "second is followed. `damaged_transmit=False` follows the first, as "
        "rules 1 did.",
        "ruling",
        ("damaged_transmit",),
    ),
    Ruling(
        "Seeing into a dug tunnel",
        "A Hewn in a dug tunnel sees only the two spaces at its ends, and is seen "
        'only from them, as the picture shows: "(7) in the tunnel can see the '
        'original Drempogg (1)".',
        "rulebook",
    ),
    Ruling(
        "The Mudgestick",
        "The Mudgestick reaches 3 spaces (hex distance between the centres of "
        "the spaces) for digging, flying and climbing; a climb also needs a "
        "straight line that touches no other space. The rulebook's stick is a "
        'physical piece ("place the Mudgestick between the space"; "Mudgestick '
        'must touch start and end points but cannot touch any other spaces"); '
        "`mudgestick` sets its reach.",
        "ruling",
        ("mudgestick",),
    ),
    Ruling(
        "Where digging, flying and climbing start and end",
        "Digging, flying and climbing start and end on ordinary or ravine spaces, "
        "never inside a dug tunnel, and a tunnel is dug only between spaces that "
        'are not adjacent: a tunnel is dug to "connect two spaces that are not '
        'adjacent", and flying is "flying over the mountainous terrain".',
        "rulebook",
    ),
    Ruling(
        "Mines and danger tokens stay out of dug tunnels",
        "Mines and danger tokens are placed only on ordinary and ravine spaces, "
        'never in a dug tunnel. Tunnel pieces are reused ("remove an existing '
        'same sized tunnel") and the rulebook never says what happens to '
        "anything in one.",
        "ruling",
    ),
    Ruling(
        "Resolving danger dice",
        "Danger dice are resolved in the order the miner chooses; token attacks "
        "and depletions come after the last die, and a respite may remove a "
        'token just placed: "After all danger tokens are placed"; "he chooses to '
        'apply the respite danger dice".',
        "rulebook",
    ),
    Ruling(
        "Danger token attacks",
        "A danger token attacks each Hewn in its space separately, with one roll "
        'each, and attacks a Hewn each time it enters the space: "it will attack '
        'any players in the same space".',
        "rulebook",
    ),
    Ruling(
        "Depleting an empty space",
        "A deplete result in a space that has no mine left does nothing: the "
        'track counts mines removed ("Remove the mine token"). The rulebook '
        "does not say what happens with no mine to remove.",
        "ruling",
    ),
    Ruling(
        "Taking gems",
        "A Hewn takes at most one gem per mining action and only into a heart "
        "card (a Hewn with a heart slot comes with its empty card); a gem it "
        'already held goes back to the supply: a gem "must be inserted into the '
        'heart card of the Hewn", and a heart slot "takes just the appropriately '
        'sized empty card".',
        "rulebook",
    ),
    Ruling(
        "Trapped by danger",
        "A Hewn that must leave a danger space but has no way out stays, is not "
        'attacked, and its turn ends. The rulebook only says "they still need to '
        'move at least 1 space".',
        "ruling",
    ),
    Ruling(
        "Counting spaces",
        '"Spaces away" (as in "up to 4 spaces away" and "within 1 space of the '
        'mine") counts steps over all movement links, whatever their sizes and '
        "whoever is in them; the rulebook does not say how to count.",
        "ruling",
    ),
    Ruling(
        "Artillery attacks",
        "Only the moving Hewn fires artillery, for 0 action points, naming its "
        "target at once; no one reacts. The attacker pays from its own load; the "
        "defender may use its chain; an implosion bomb may be added. The "
        'rulebook: "He is limited by the amount of Substract stored on the '
        'Hewn" for the attacker and "limited by the Substract he can get hold '
        'of" for the defender. The attacker needs the weapon ability ("The '
        'ability to fire weapon(s)") and at least 2 Substract ("he must take '
        'at least 2 dice!").',
        "rulebook",
    ),
    Ruling(
        "Implosion bomb overflow",
        "The overflow of an implosion bomb goes to one space linked to the "
        "target's, if the attacker wants; it hits friends there too: \"the "
        "attacker can choose any adjacent space to the space where the original "
        'attack was made, and any Hewn on that space is attacked".',
        "rulebook",
    ),
    Ruling(
        "Exploding",
        "The dice of an explosion are not weapon dice (no +1 or +2 weapon "
        "bonus), and the 1 Substract it costs counts in the 7 a Hewn may spend in "
        'an encounter: "selects 3 (three) area effect dice - but will only have '
        'to use up 1 Substract".',
        "rulebook",
    ),
    Ruling(
        "Swarms",
        "A swarm's members include its leader (the Veyark and 8 Arkz are 9). "
        'Whatever would stun a swarm costs it 1 member instead: "Swarms can '
        'never be stunned or damaged; they simply lose swarm members".',
        "rulebook",
    ),
    Ruling(
        "What others can see",
        "Only Substract loaded into a Hewn off the board is hidden; each player's "
        "total is public, since every flow in or out of it is seen. A change of "
        "controller (a stun included) or a death reveals the Hewn's load and its "
        "heart, so who may re-assert control is public. The rulebook says "
        '"many Hewns can store ... in secret locations" and allows transfers '
        '"provided other players can see it being done".',
        "ruling",
    ),
    Ruling(
        "Finding a secret entrance",
        "A secret entrance costs no action points, in its owner's turn, on a "
        "space of its size without an entrance, from the stock of entrance "
        'pieces: "during his turn, announce that a new entrance has been '
        'found".',
        "rulebook",
    ),
    Ruling(
        "Sicket technologies stay",
        "A technology in a Sicket socket is removed only when it is destroyed; "
        'only Nanasocket technologies "can be replaced".',
        "rulebook",
    ),
    Ruling(
        "Re-asserting control is a choice",
        "Recovering from damage and stuns is rolled automatically; a former owner "
        'chooses whether to try to re-assert control. Recovery "must be rolled '
        'for", while a former owner "must indicate that he is \'trying to regain '
        "control'\".",
        "rulebook",
    ),
    Ruling(
        "Order of recovery",
        "The recovery phase resolves damage, then stuns, then re-assertions, each "
        "Hewn in the order of its id. The rulebook gives no order.",
        "ruling",
    ),
    Ruling(
        "The danger die",
        "The danger die is a d10 with two deplete and two new-mine faces and one "
        "face for each other kind. The rulebook names seven kinds of result on "
        "one die but does not print its faces.",
        "ruling",
    ),
    Ruling(
        "Hewns off the board",
        'Healthy Hewns off the board count for the final tie-break ("the '
        'greatest quantity of healthy Hewns"); only those on the board earn the '
        '+1 income ("healthy Hewn they have on the board").',
        "rulebook",
    ),
    Ruling(
        "Where the +1 income goes",
        "A Hewn's +1 income goes into that Hewn if it has room, otherwise off "
        'planet: "placing it on/in the Hewn, or the Hewn can transmit it".',
        "rulebook",
    ),
    Ruling(
        "The end of round 3",
        'The game ends after the actions phase of round 3: "The turn counter '
        'reaches the end of round 3".',
        "rulebook",
    ),
    Ruling(
        "All mines depleted",
        "The game ends when no mine token is left on the board, whatever is left "
        'in the supply: "all mines on the board will have depleted".',
        "rulebook",
    ),
    Ruling(
        "Showing a turn-order card",
        "A player may show their turn-order card to everyone or keep it secret; "
        "it is shown anyway when their turn comes or when they place a new mine: "
        '"Players can either reveal (or keep it secret) their turn order, but if '
        "it comes time for their turn, or time to 'place a new mine' ... they "
        'will have to reveal the order they are playing in."',
        "rulebook",
    ),
    Ruling(
        "Secret entrances are private",
        "A player's secret entrance works like a common one for that player's "
        "Hewns and cannot be used by anyone else's: \"No other player's Hewns "
        'may use that entrance."',
        "rulebook",
    ),
    Ruling(
        "Humiliating encounter failure",
        "After a failed attack or repair on a damaged or stunned Hewn, every "
        "further encounter with that Hewn in the same Hewn turn costs 1 action "
        'point: "If they wish to encounter that same damaged and/or stunned '
        "Hewn again this turn, they must spend 1 action point doing the "
        'encounter".',
        "rulebook",
    ),
    Ruling(
        "Pushed into danger",
        "A damaged or stunned Hewn expelled or retreated into a danger-token "
        'space dies; a healthy one is attacked: "Dangers tokens immediately kill '
        'all stunned and/or damaged Hewns they share the same space with."',
        "rulebook",
    ),
    Ruling(
        "Who can receive Banjered technology",
        "Technology is Banjered only to the player's own Hewns, healthy or "
        'damaged: "from the mother ship to a friendly Hewn".',
        "rulebook",
    ),
    Ruling(
        "Coming back onto the board",
        "A Hewn that has left the board enters again only in a later player "
        'turn, since a Hewn has one Hewn turn per player turn: "During his '
        'owners next turn, the Hewn will be able to take his Hewn turn again".',
        "rulebook",
    ),
    Ruling(
        "Heart cards",
        "Only Hewns whose card is marked with a heart have a heart slot, and any "
        "heart stone fits any heart card. The rulebook's \"the appropriately "
        'sized empty card" is about the physical pieces only.',
        "ruling",
    ),
    Ruling(
        "Several healthy enemies in a space",
        "A Hewn that enters a space with more than one healthy enemy (which can "
        "happen only for a moment) encounters the one its owner chooses. The "
        'rulebook assumes one: "you must encounter the healthy enemy Hewn".',
        "ruling",
    ),
    Ruling(
        "Several Hewns paying through one chain",
        "When several Hewns of one player announce encounters and share a chain, "
        "a pick is allowed only if the chain can pay all of that player's picks "
        "so far. The rulebook does not cover this case.",
        "ruling",
    ),
    Ruling(
        "Speed dice against danger tokens",
        "Against a danger token's attack, speed dice count as in encounters: one "
        "escape counts 1, two or more cancel that token's attack; there is no "
        'free move, and the Hewn must still leave on its own turn: "The Hewn can '
        "roll any speed or armour dice (including using a Slocic shield) to "
        'defend himself from a lava, Snedj Nest or planet attack."',
        "rulebook",
    ),
    Ruling(
        "Dealing the turn-order cards",
        "The stack's winner deals the cards seat by seat, in seat order, choosing "
        "in secret which card each seat gets (with no winner they are dealt at "
        "random the same way), so that watching the deal tells nothing. The "
        'rulebook only says the winner "hands out the turn cards" face down.',
        "ruling",
    ),
    Ruling(
        "Substract moves one way in a turn",
        "In one go (a bid turn or a player turn) a Hewn that has given "
        "Substract may not take any, and one that has taken may not give any; and "
        "the technology in a slot is replaced at most once. The rulebook lets "
        "Substract be transmitted, loaded and unloaded and Nanasocket "
        "technologies be replaced at any time without limit; without this, free "
        "moves could go round in circles forever, and nothing is gained by moving "
        "Substract back. The player's screen is not held to it (\"any Hewn can "
        'transmit any Substract ... "off planet" at any time"): a circle through '
        "the screen would need a Hewn that both takes and gives. Under rules 1 "
        "the screen was held to it too, so a load stopped every later "
        "off-planet transmission in the turn.",
        "ruling",
    ),
    Ruling(
        "A new mine with nowhere to go",
        "If every space that could take the new mine holds a mine or a danger "
        "token, the placer first removes a danger token from a space without a "
        "mine; if there is none, the new-mine die is ignored, as with an empty "
        "pool. The rulebook does not say what happens when no space is free.",
        "ruling",
    ),
    Ruling(
        "Fighting Hewns keep their Substract",
        "From the secret picks to the end of a ranged encounter, the Hewns taking "
        "part (and the targets the mover could still name) neither give Substract "
        'to a chain nor pass it along: "Once the secret dice have been picked up '
        '... cannot transfer/transmit Substract away".',
        "rulebook",
    ),
    Ruling(
        "Forced movement",
        "A Hewn that starts its Hewn turn in a danger token's space may not end "
        "its Hewn turn there while it can step, exit or dig (a dig where the "
        "digger stays does not count: it must go into the tunnel or out at its "
        "far end), and its player may not "
        "end the player turn before such a Hewn has had its Hewn turn: it "
        '"must leave the space immediately!". Under rules 1 both were allowed, '
        "so a Hewn could sit on lava all game.",
        "rulebook",
    ),
    Ruling(
        "Retreat after a double brain repair",
        "When both Hewns of a same-space encounter brain-repair each other and "
        "both succeed, the moving Hewn, now the other player's, is first "
        "retreated by its new owner into a linked space free of healthy Hewns "
        "(stunned if there is none), and then the repaired Hewn takes its Hewn "
        'turn: "the moving Hewn must be retreated ... even if this is by a new '
        'owner!". Under rules 1 the two were left sharing the space.',
        "rulebook",
    ),
    Ruling(
        "Loading while the Bidoxes are closed",
        "While the placed Bidoxes are closed, a player loading an off-board Hewn "
        "from the screen is asked which kind of Substract to load whenever its "
        "totals (screen and closed Bidoxes, which everyone knows) hold both "
        "kinds, even if only one kind is left on the screen: whether the question "
        "comes must not tell the others what is in the Bidoxes, which the "
        "rulebook keeps secret. Under rules 1 the question was skipped when one "
        "kind was left on the screen.",
        "ruling",
    ),
    Ruling(
        "The kind a chain pays with",
        "When a chain pays part of a payment, the payer also chooses how much of "
        "that part is dirty, among the amounts the other Hewns of the chain carry "
        "together (and that leave enough for the player's later payments through "
        "it); each kind then comes from the nearest Hewn that carries it first. "
        "The question is asked only when more than one answer is possible. The "
        'rulebook lets the payer choose the kind everywhere: "Each weapon shot '
        'costs one Substract - either normal Substract or dirty Substract", a '
        'Hewn burns "1 of his normal Substract tokens (or a dirty Substract '
        'token)", and picks are "the total amount of dirty and/or normal '
        'Substract". Under rules 1 the chain gave without asking, nearest Hewn '
        "first, its dirty Substract before its normal.",
        "ruling",
    ),
    Ruling(
        "When the moving Hewn can be reacted to",
        "Enemy Hewns may react to a moving Hewn's movement when the movement "
        "stops, not after each step: it stops when the Hewn does anything but "
        "step again, burn Substract for action points (buying action points is "
        "part of moving on) or exit the board (off the board it cannot be "
        "attacked, so a Hewn that exits is never reacted to), and the player's "
        "free transmissions and technology moves do not stop it either. The "
        "action that stops it (ending the Hewn turn included) waits until the "
        "enemies who now see it have been asked, and is played after the "
        "reactions if the Hewn is still acting and may still do it; otherwise it "
        "chooses again. An announcement waits for nothing, since reactors may "
        "answer it, and entering a healthy enemy's space still starts the "
        "same-space encounter at once. The rulebook: the reacting Hewns are "
        '"healthy enemy Hewns ... that can now see the moving Hewn - after it '
        'has moved", and in its Example 3 a Smeggler cannot react to a '
        "Flappchap that crossed its sight on its first step and stopped in "
        "another Hewn's space. The enemies asked know which action waits, as at a "
        "table where the mover says what it does next. Under rules 1 every step "
        "opened the reactions.",
        "ruling",
    ),
    Ruling(
        "When a turn-order card may be shown",
        "A player holding a turn-order card they have not shown may show it "
        "whenever they are asked anything, in their own turn or out of it, and "
        'are then asked the same thing again: "Players can either reveal (or '
        'keep it secret) their turn order". Nobody holds a card in the auction '
        '("All players return their turn order cards"); during the deal a player '
        "holds one once dealt it. Whether a player may show a card tells nothing, "
        "since everyone knows who holds one and which cards are shown. Under "
        "rules 1 a card could be shown only when asked to react to a moving Hewn "
        "or to transmit Substract away in an encounter.",
        "rulebook",
    ),
    Ruling(
        "Gems in the core game",
        "The Hewns with a heart card slot come with their empty heart card, so "
        "gems are part of the core game. When a Hewn with a heart card rolls "
        "one or more 2/gem faces while a gem is left in the pile, its player is "
        "asked once per mining action whether to take the best gem left or 2 "
        "Substract for the face; every other 2/gem face gives 2, since a Hewn "
        "takes at most one gem per mining action and the faces are alike. A gem "
        "is not Substract: no transmission, load or payment moves it, and it "
        "goes back to the pile when its Hewn dies. At the end a gem scores its "
        "value for the player whose control rod is in its Hewn, if that Hewn is "
        "healthy, whether or not carried Substract scores. A healthy Hewn "
        "holding a gem rolls one more d10 against a brain repair. At the start "
        "of each round, before the bidding, every damaged Hewn holding a gem "
        "(with a control rod or not) rolls a d10 against a difficulty d10 and "
        "loses its damage if it rolls higher (a tie fails); the gem never gives "
        "a stunned Hewn its rod back (with the nanas cards its Nananbites and "
        'Fixitos roll too: see "Damage recovery with Nananbites and Fixitos"). '
        "The rulebook: the "
        "player "
        '"can choose to either receive 2 normal Substract or, if the Hewn has '
        'the heart card ability, it can choose to take a Substract Gem", and '
        '"Substract Gems can never be transmitted off-planet or to other '
        'Hewns", and "the surviving Hewn which holds each gem must be healthy '
        "to receive the gem's Substract value for their owner\". Under rules 1 "
        "there were no gems and the face gave 2.",
        "ruling",
    ),
    Ruling(
        "Flying and climbing are movement",
        "A Hewn that flies or climbs pays its action points and rolls the d10 "
        "once its destination is chosen; on a 0 it dies where it took off. "
        "Otherwise it lands as if it had stepped in: a danger token there "
        "attacks it, a healthy enemy there starts the same-space encounter at "
        "once, and enemies that now see it may react when its movement stops, "
        "since a flight or a climb goes on with the movement like a step. A "
        "Hewn that must leave a danger token's space may fly or climb away, "
        'and must if that is its only way out. The rulebook: "ONLY after the '
        'Hewn lands in the destination space can she can perform an action"; '
        '"If the Hewn wants to end the flight in a space with another enemy '
        'healthy Hewn, a same space encounter must take place"; "Hewns may also '
        'be able to dig; fly; or climb themselves out of danger"; it does not '
        "say when the enemies who see the landing may react.",
        "ruling",
    ),
    Ruling(
        "Extracting dirty Substract",
        "A Hewn with a Suderer fitted may extract once in its Hewn turn, "
        "anywhere on the board, for 1 action point, besides mining: 1 mining "
        "die, no mine needed, no danger die and no re-roll. The dirty "
        "Substract goes off-planet except what the Hewn keeps; a friendly Hewn "
        'gets some by transmission afterwards. The rulebook: "Roll 1 mining '
        'dice to determine how much dirty Substract is collected", and re-rolls '
        'are for "that mining action (or attacking action)"; it names no mine '
        "and no danger die for extracting.",
        "ruling",
    ),
    Ruling(
        "When a secret entrance is found",
        "A player finds a secret entrance in their player turn, between Hewn "
        "turns, and may do so on a node where Hewns or danger tokens are. "
        'The rulebook: "during his turn, announce that a new entrance has been '
        'found"; it does not say whether a Hewn turn may be interrupted for it '
        "or whether the node must be empty.",
        "ruling",
    ),
    Ruling(
        "Artillery in a Hewn turn",
        "A Hewn may fire artillery as often as it likes in its Hewn turn, "
        "paying at least 2 Substract each time, and it spends no action point, "
        "so no reaction window follows a shot. The rulebook sets no limit: "
        '"When announcing an Artillery! Encounter (this counts as an action)" '
        'and "A close combat attack and a ranged attack both count as an '
        'action, but these are free actions". A failed shot at a damaged or '
        "stunned Hewn is a humiliating encounter failure like any other: "
        '"If they wish to encounter that same damaged and/or stunned Hewn again '
        'this turn, they must spend 1 action point". Under rules 2 firing '
        "stops a moved Hewn's movement, so the reaction window to its movement "
        "comes first. Before the picks only the "
        'target\'s owner may "Transmit Substract away"; the attacker has just '
        "chosen to fire its own. With the stage-3 cards the attacker may add an "
        "implosion bomb to the shot (its 6 close-combat dice are rolled with "
        "the weapon dice, and its overflow follows the shot); the defender may "
        'discard only a weapon die ("one of the weapon attack dice"), since '
        'the bomb\'s dice "are not weapon dice".',
        "ruling",
    ),
    Ruling(
        "Heart stones",
        "With the stage-3 cards, a heart stones card gives its buyer 2 stones, "
        "each of the buyer's colour. A stone goes, by Banjering on the board or "
        "attached behind the screen, into a heart card of the player's own Hewn "
        "that holds neither a stone nor a gem, so a stone never pushes a gem "
        "out; its colour stays the buyer's whoever controls the Hewn later. A "
        "gem taken in mining destroys the stone it replaces, and a Hewn's death "
        "destroys its stone. The rulebook says both that the replaced stone "
        '"is regarded as destroyed" and that it "is returned to the heart stone '
        'piles for sale"; stones are sold by cards here, with no pile to return '
        "to, so it is destroyed. Stones are public in this stage, as every "
        "attachment is: they come from an open auction and are fitted in sight. "
        'The rulebook: "they can insert the heart stone into any empty heart '
        "card they have. That stone heart would be the colour of the player who "
        'bought the heart stones".',
        "ruling",
    ),
    Ruling(
        "Recovering from a stun",
        "At the start of each round, after the damage rolls, every stunned Hewn "
        "with a stone in its heart card rolls a d10 for the stone's colour "
        "against a difficulty d10 (the engine rolls both); if it rolls higher "
        "it takes that colour's control rod, whoever held it before (a tie "
        "fails). A damaged and stunned Hewn rolls for both, the damage first. "
        'A gem gives no such roll. The rulebook: "If the person with the heart '
        "card rolls higher than the other roll, the player who owns the heart "
        "card inserts a control rod of his team's colour into the Hewn\".",
        "rulebook",
    ),
    Ruling(
        "Who may re-assert control",
        "After the stun rolls, for each Hewn on the board, in the order of its "
        "id, whose stone is of another colour than its control rod, the stone's "
        "owner is asked whether to try to regain control (it costs nothing); a "
        "try rolls the owner's d10 against the controller's d10, and a higher "
        "roll puts in the owner's rod (a tie fails). A stunned Hewn has no rod "
        "to replace (the stun roll is its way back), and a Hewn behind its "
        "controller's screen cannot be opened by anyone else, so neither is "
        'asked. The rulebook: a previous owner "must open the Hewn and reveal '
        'the Hewn\'s heart card", and "The existing owner of the Hewn rolls a d10 '
        'to represent the difficulty".',
        "ruling",
    ),
    Ruling(
        "Which tunnel piece a dig takes",
        "A dig takes the lowest-numbered tunnel piece of the digger's size left "
        "in the stock. With none left, the player names the empty tunnel of that "
        "size to take up and dig again (asked only when there are several); with "
        "none empty either, the Hewn cannot dig. The rulebook numbers the pieces "
        '("he places tunnel 9") and lets the owner "remove an existing same sized '
        'tunnel on the board", but does not say which free piece is taken; the '
        "pieces of one size differ only by their number.",
        "ruling",
    ),
    Ruling(
        "Digging is moving",
        "A dig that puts the digger in its new tunnel or at the far end is a "
        "move: entering the far end is an entry (a danger token there attacks, a "
        "healthy enemy there starts the same-space encounter), and enemies may "
        "react when the movement stops, as after steps. A dig where the digger "
        "stays is an action like mining, after which enemies who see it may "
        'react. The rulebook says a digging Hewn "cannot see another Hewn until '
        'it reaches its destination space" but not when others may react to it.',
        "ruling",
    ),
    Ruling(
        "Enlarging a tunnel with Hewns in it",
        "Enlarging swaps the tunnel piece for one of the next size between the "
        "same two spaces: the Hewns inside stay inside, and the smaller piece goes "
        "back to the stock. With no bigger piece left, an empty one on the board "
        "is taken up, the player's choice, as when digging. The rulebook says "
        'only that a digger in the tunnel "may increase the size of the tunnel '
        "from small to medium, or from medium to big, by spending 1 action "
        'point".',
        "ruling",
    ),
    Ruling(
        "How Nananbites split in the same space",
        "With the nanas cards, a Hewn that has declared a repair in a same-space "
        "encounter and holds Nananbites then says how many of them repair, "
        "before the other Hewn declares (at least one when they are its only way "
        "to repair; not asked when only one answer is possible). Every "
        "Nananbite that does not repair defends against the other Hewn's "
        "repair, if it comes, with a Nanadice; a Hewn that attacks puts all of "
        'them to defence. The rulebook: "Nananbites can be used in repairing OR '
        'in defence of a repair", "The Dreampogg decides to use 3 of his '
        'Nanabites on repairing and 1 on defence"; it also allows a Nananbite '
        '"is not used", which only spares it a Nanadead at the cost of a die; '
        "the engine keeps one question per Hewn.",
        "ruling",
    ),
    Ruling(
        "Which Nananbite a Nanadead kills",
        "A Nanadead kills one Nananbite of the Hewn that rolled it, taken from a "
        "Mamabite's slots before a Nanasocket (the owner's better choice: the "
        "one in a Nanasocket survives the Mamabite's loss; the rulebook does not "
        "say which). It counts nothing "
        'in the roll: "the dice is discarded and ignored for the encounter and '
        'the Nananbite dies".',
        "ruling",
    ),
    Ruling(
        "The Mamabite's slots",
        "A Mamabite fitted in a Sicket socket gives its Hewn four slots that take "
        "any Nanasocket technology, Nananbites included; they are named after "
        "the Hewn's sockets (four per Sicket socket, in socket order). Like every "
        "Sicket technology the Mamabite is never taken out, and a Sicket "
        'hit that destroys it destroys all it holds: "If the Mamabite (being a '
        "Sicket technology) is destroyed in an attack, all the Nanabites & "
        'technologies that were attached to it, are destroyed with it".',
        "rulebook",
    ),
    Ruling(
        "Nananbites on a Bidox are public",
        "The rulebook keeps a placed Bidox's content secret but not its cap. "
        "Which Bidox holds how many Nananbites is known to everyone (they sit in "
        'its cap: "Each Bidox has a single space in its cap to fit a '
        'Nananbite"), while the Substract packed in a placed Bidox stays '
        "secret until the resolution. A Nananbite is attached in its owner's bid "
        "turn, only to a Bidox not yet placed or sent hunting. A bid's total "
        "counts each Nananbite 1 for the winner, the tie and the minimum price, "
        'but the winner pays only the Substract: "Nanabites of all bidders remain '
        'attached to their respective Bidoxes".',
        "ruling",
    ),
    Ruling(
        "Damage recovery with Nananbites and Fixitos",
        "With the nanas cards, at the start of each round every damaged Hewn "
        "(with a control rod or not) that holds Nananbites, a Fixito or a heart "
        "card with a gem rolls a Nanadice per Nananbite, a d10 per Fixito and a "
        "d10 for the heart, and loses its damage if its best beats a difficulty "
        "d10 (a tie fails); a Nanadead kills its Nananbite. This holds under "
        'either rules version: "All of the Hewns that can be restored must be '
        'rolled for".',
        "rulebook",
    ),
    Ruling(
        "Adding an implosion bomb",
        "Once the picks are revealed and paid, each Hewn that attacks and holds "
        "an implosion bomb decides whether to add it, the moving Hewn first. It "
        "needs no weapon dice picked; a Hewn that malfunctioned attacks nobody "
        "and cannot add it, and in a same-space encounter no bomb is used. Its 6 "
        "close-combat dice are the bomber's attack dice: its re-rolls and the "
        "defender's dodge may take them, but no +1 or +2 weapon bonus counts on "
        "them. The bomb goes back to the supply. Only a Hewn holding a bomb is "
        "asked: the technologies fitted in a Hewn are public. The rulebook: "
        '"The 6 close '
        "combat dice are not picked up in the secret dice phase but in the phase "
        'when players add all other dice", "(These dice are not weapon dice - '
        'see the section on +1/+2 weapons…)", "they can ONLY be used as part of '
        'a ranged attack/encounter".',
        "rulebook",
    ),
    Ruling(
        "The implosion overflow attack",
        "Each bomb's overflow comes after the hurt dice of the encounter and "
        "before any escape move, in the order the bombs were added; the player "
        "who controlled the bomber when it added the bomb chooses the space, among "
        "the linked spaces that hold a Hewn (a space with no Hewn would hit "
        "nobody), or none. The Hewns there are attacked one by one, like a danger "
        "token's attack: a healthy one declares body screens (paid through its "
        "chain as against a token), rolls speed and armour dice, and two escapes "
        "cancel the attack with no free move; there are no re-rolls or dodges. A "
        "hit rolls the hurt die; a Hewn that is not healthy dies. The rulebook "
        "says only that they may screen and roll defence dice but cannot attack "
        "the firer.",
        "ruling",
    ),
    Ruling(
        "Secret loads",
        "With secret loads (the complete game, or the `secret_loads` option), "
        "what a player loads onto a Hewn behind the screen is known only to "
        "that player: the others see that a Hewn is loaded or unloaded, not "
        "the kind or the amount. Unloading takes the hidden part first. What "
        "reaches a Hewn in sight of everyone stays public: transmissions, income "
        "and mined Substract. A player's total by kind (screen, closed Bidoxes "
        "and the hidden parts of its Hewns) is public, as every flow in or out "
        "of it is seen. A death or any change of controller, a stun included, "
        "reveals the Hewn's whole load. The rulebook: \"many Hewns can store "
        "some or all of their Substract in secret locations, which clearly "
        "means that opponents will not necessarily know if that Hewn has "
        'Substract or not", and transfers happen "provided other players can '
        'see it being done".',
        "ruling",
    ),
    Ruling(
        "Paying from a secret load",
        "A Hewn that pays, burns or transmits Substract takes it from the public "
        "part of its load first; the hidden part of a kind shrinks only once "
        "the public part of that kind is gone, so the others learn no more than "
        "they saw. The rulebook does not say which part goes first.",
        "ruling",
    ),
    Ruling(
        "Entering with a secret load",
        "A Hewn keeps secret on the board no more than its card's secret "
        "storage: when it enters, the part of its hidden load beyond that is "
        "revealed, its dirty Substract first, so that its normal Substract "
        "stays secret longest. No decision is asked. The rulebook gives each "
        "card a total and a secret store but does not say what happens to a "
        "secret load beyond the secret store when the Hewn enters.",
        "ruling",
    ),
    Ruling(
        "Questions that could show a secret load",
        "With secret loads, a question about a Hewn's or a player's Substract "
        "(which kind to load, unload or transmit; how much of a payment comes "
        "from the Hewn itself, and how much of it or of the chain's part is "
        "dirty) is asked whenever the facts everyone knows (public loads, the "
        "player's total by kind and the Hewns' secret stores) allow more than "
        "one answer, even when the player's real loads allow only one; the "
        "player's own choices still list only what it can do. Whether a "
        "question comes then tells the others nothing. The rulebook, played "
        "at a table, asks no questions; a prompt must not show a secret.",
        "ruling",
    ),
    Ruling(
        "Choosing a swarm's casualties",
        "A swarm's controller chooses its casualties one member at a time, by "
        "the member's number (0 the leader, then the members that carry the "
        "card's sockets in order: the Veyark's 5 smaller Arkz its Nanasockets, "
        "its 3 bigger Arkz its Sicket sockets; the Blazooog's first 2 Inclincs "
        "its Nanasockets). The leader is a member like the others and may be "
        "chosen; it carries the swarm's heart card, so its death takes what the "
        "heart holds (a gem back to the pile, a stone destroyed). The choice "
        "is asked whenever the casualties are fewer than the members left, "
        "even when the members look alike, so that whether it is asked tells "
        "nobody what the members carry; as many casualties as "
        "members left kill the swarm with no choice. A killed member's socket "
        'takes nothing more. The rulebook: "The swarm owner decides which '
        "members of the swarm are killed - returning them and any technology "
        'they had to the box".',
        "ruling",
    ),
    Ruling(
        "Swarms sharing a space",
        "A swarm that ends its Hewn turn in a space with another healthy Hewn, "
        "or cannot retreat after a same-space encounter, or malfunctions, loses "
        "1 member (chosen by its controller) where another Hewn would be "
        "stunned, and stays where it is, healthy; it loses another member each "
        "time that happens again. A swarm's casualties from an attack are "
        "chosen after the encounter's hurt dice apply. The rulebook: \"Swarms "
        'can never be stunned or damaged; they simply lose swarm members".',
        "ruling",
    ),
    Ruling(
        "Fittings attached behind the screen",
        "With secret loads (`secret_loads`; by default the complete game), what "
        "a player attaches to a Hewn off the board is known to that player "
        "only: the other players see that the screen is opened, not the piece "
        "nor the Hewn it goes into. Opening it hides every empty socket and "
        "every empty heart card of the player's Hewns behind the screen, so "
        "which ones are hidden tells nothing of the choice. A Mamabite shows at "
        "once, since its own slots are open cards. The player's pieces by kind, "
        "on the screen and fitted in secret together, stay a public total, "
        'every purchase being public. The rulebook: "if the Hewn is off the '
        "board, the heart card can be secretly attached (i.e. inserted) behind "
        'the players screen"; "a secret technology like a heart card - which '
        "you don't want anyone else to see\".",
        "rulebook",
        ("secret_loads",),
    ),
    Ruling(
        "Hidden fittings show on the board",
        "Whatever was fitted behind the screen shows when its Hewn enters the "
        "board: a heart card is secret only while its Hewn is off the map, and "
        "the same holds for every other piece, so no decision, mask or number "
        "of dice on the board ever depends on a hidden fitting. A death or a "
        "change of controller (a stun included) opens the whole Hewn too. The "
        'rulebook says only that the attachment "behind the players screen" is '
        "secret.",
        "ruling",
    ),
)
"""Every ruling, in the order of the rulebook's topics; the last ones are the
engine's own, beyond the game's design notes."""

DESIGN_RULINGS = 66
"""How many of `RULINGS` come from the game's design notes (the first ones)."""

DESIGN_NUMBERS: tuple[int, ...] = tuple(
    i + 1 if i < DESIGN_RULINGS else 0 for i in range(len(RULINGS))
)
"""The number of each ruling in the game's design notes, in `RULINGS` order, 0
for a ruling the engine added (kept so that later work can refer to a ruling by
the same number)."""

RULES_VERSIONS_INTRO = (
    "`HewnsConfig.rules_version` names the rules a game is played under, and a "
    "game record keeps it, so a record replays under its own rules."
)

RULES_VERSIONS: tuple[RulesVersion, ...] = (
    RulesVersion(1, "the first rules: the Raw Substract scenario for 2-4 players"),
    RulesVersion(
        2,
        "plays the rulings below as the rulebook's text says, where rules 1 did not",
        (
            'A Hewn on a danger token must leave it (see "Forced movement").',
            "The screen is not held to the one-way rule, so a load no longer "
            'stops later off-planet transmissions (see "Substract moves one way '
            'in a turn").',
            "After a double brain repair the mover is retreated by its new owner "
            '(see "Retreat after a double brain repair").',
            "A load while the Bidoxes are closed asks the kind whenever the "
            'public totals hold both (see "Loading while the Bidoxes are '
            'closed").',
            "A damaged Hewn may transmit, unless `damaged_transmit` is False "
            '(see "Damaged Hewns transmit").',
            "The payer chooses how much of a chain's part of a payment is dirty "
            '(see "The kind a chain pays with").',
            "Enemies react to a moving Hewn when its movement stops, not after "
            'every step (see "When the moving Hewn can be reacted to").',
            "A player may show their turn-order card whenever asked anything, "
            "not only when asked to react or to transmit away in an encounter "
            '(see "When a turn-order card may be shown").',
            "Gems are in the game: a Hewn with a heart card may take one for a "
            "2/gem face; its gem gives a healthy Hewn one more d10 against a "
            "brain repair, lets a damaged Hewn try to mend at the start of the "
            'round and scores its value (see "Gems in the core game").',
        ),
    ),
    RulesVersion(
        3,
        "plays the designed numbers as calibrated by tournaments of the strongest "
        "scripted bots on the complete game (games of rules 1 and 2 keep the "
        "numbers they were played with)",
        (
            "The normal Substract pile is 28, 29 and 30 at 2, 3 and 4 players "
            "(was 90, 120 and 150), so that most games end on it in round 3.",
            "Bidoxes: 8 at 2 players and 6 at 3 (were 6 and 5); 4 at 4 players, "
            "the rulebook's.",
            "Big Hewns cost less (Hover Cataclysm 9, Igil 9, Gombat 8, Smeggler "
            "7; were 11, 12, 10 and 9), so that they sell before round 3.",
            "The Midocondrian Scraveler costs 10 (was 8), the Fogbear 7 (was 5) "
            "and the Major Miner has 2 action points (was 3): each won far over "
            "its share.",
        ),
    ),
)
"""Every rules version, oldest first."""
