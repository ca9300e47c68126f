"""Every rule of Hewns the engine plays, traced to the tests that check it.

A user who wants to know whether the engine plays a rule as the rulebook says
reads here: each rule in a line of our own, the rulebook's words it rests on and
the tests (``tests/hewns/...::test_name``) that fail if the engine plays it
otherwise. The worked examples of the rulebook (the ones with numbers or rolls)
are listed the same way with the golden tests that replay them with the printed
rolls. `tests/hewns/test_rule_trace.py` checks that every named test exists and
that no rule is without one; the docs render this module as a page.

Data only: nothing in the engine reads it.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["EXAMPLES", "RULES", "SECTIONS", "TracedRule", "WorkedExample"]


class TracedRule(NamedTuple):
    """One rule of the game and the tests that check it."""

    #: a stable name, "<area>.<rule>"
    id: str
    #: the part of the rules it belongs to (one of `SECTIONS`)
    section: str
    #: the rule, in a line
    rule: str
    #: the rulebook's words it rests on ("..." marks a cut)
    quote: str
    #: "tests/hewns/test_x.py::test_name", one or more
    tests: tuple[str, ...]


class WorkedExample(NamedTuple):
    """One worked example of the rulebook and the golden test that replays it."""

    id: str
    section: str
    #: what the example shows, in a line
    example: str
    quote: str
    tests: tuple[str, ...]
    #: why no test replays it yet (only with no test)
    pending: str = ""


SECTIONS = (
    "Hewn states",
    "Substract and income",
    "The auction",
    "Hewn turns and action points",
    "Moving, entrances and tunnels",
    "Line of sight",
    "Transmission",
    "Mining and danger",
    "Encounters",
    "Ranged encounters",
    "Artillery",
    "Same-space encounters",
    "Dice in encounters",
    "The hurt die",
    "Technologies, Banjering and hearts",
    "Recovery",
    "End and scoring",
    "Hidden information",
)
"""The parts of the rules, in the rulebook's order of play (the complete game's
hidden information last: it runs through every part)."""

_A = "tests/hewns/test_artillery.py::"
_AU = "tests/hewns/test_auction.py::"
_BA = "tests/hewns/test_banjer.py::"
_BO = "tests/hewns/test_board.py::"
_BM = "tests/hewns/test_bomb.py::"
_CP = "tests/hewns/test_chainpay.py::"
_CO = "tests/hewns/test_combat.py::"
_DA = "tests/hewns/test_danger.py::"
_DI = "tests/hewns/test_digging.py::"
_EN = "tests/hewns/test_entrances.py::"
_FL = "tests/hewns/test_flight.py::"
_GA = "tests/hewns/test_game.py::"
_GE = "tests/hewns/test_gems.py::"
_HE = "tests/hewns/test_hearts.py::"
_MI = "tests/hewns/test_mining.py::"
_NA = "tests/hewns/test_nanas.py::"
_RA = "tests/hewns/test_ranged.py::"
_RW = "tests/hewns/test_react_window.py::"
_RO = "tests/hewns/test_rounds.py::"
_V2 = "tests/hewns/test_rules_v2.py::"
_SS = "tests/hewns/test_samespace.py::"
_SI = "tests/hewns/test_sight.py::"
_SU = "tests/hewns/test_suderer.py::"
_SF = "tests/hewns/test_secret_fittings.py::"
_SL = "tests/hewns/test_secret_loads.py::"
_SW = "tests/hewns/test_swarms.py::"
_TR = "tests/hewns/test_transmit.py::"
_TU = "tests/hewns/test_turns.py::"
_VI = "tests/hewns/test_view.py::"
_WE = "tests/hewns/test_worked_examples.py::"


def _rules(
    section: str, *rows: tuple[str, str, str, tuple[str, ...]]
) -> list[TracedRule]:
    return [
        TracedRule(rid, section, rule, quote, tests) for rid, rule, quote, tests in rows
    ]


RULES: tuple[TracedRule, ...] = (
    *_rules(
        "Hewn states",
        (
            "states.only-healthy-act",
            "Only a healthy Hewn (its owner's rod, no damage) takes a Hewn turn, "
            "receives Substract and announces encounters; a damaged one keeps its "
            "rod, a stunned one has none and belongs to nobody.",
            '"A damaged Hewn cannot move or take any actions"; a stunned Hewn "is '
            'regarded as neutral (belongs to no player.)"',
            (
                _TU + "test_damaged_and_stunned_hewns_take_no_hewn_turn",
                _RA + "test_damaged_or_stunned_hewns_do_not_react",
                _TR + "test_a_damaged_hewn_does_not_receive",
            ),
        ),
        (
            "states.stun-keeps-load",
            "Stunning takes the rod out; the Hewn keeps its technologies and its "
            "Substract.",
            '"(Any technologies attached to that Hewn as well as any Substract; '
            'remain on that Hewn.)"',
            (_RA + "test_a_stunned_hewn_keeps_its_technologies_and_substract",),
        ),
        (
            "states.non-healthy-defence",
            "A damaged or stunned Hewn defends with nothing and dies on any "
            "successful attack, with no hurt die.",
            '"if the Hewn is NOT healthy, it dies immediately. (No need to roll the '
            'hurt dice.)"',
            (
                _RA + "test_non_healthy_target_dies_on_any_success_without_hurt_die",
                _A + "test_a_non_healthy_target_hit_dies",
                _BM + "test_the_overflow_kills_a_hewn_that_is_not_healthy",
            ),
        ),
        (
            "states.token-kills-non-healthy",
            "A danger token kills every damaged or stunned Hewn in its space, when "
            "it is placed and when such a Hewn comes into its space.",
            '"Dangers tokens immediately kill all stunned and/or damaged Hewns they '
            'share the same space with"',
            (
                _DA + "test_not_healthy_hewns_die_when_a_token_is_placed",
                _SS + "test_an_expelled_hewn_dies_in_a_danger_space",
            ),
        ),
        (
            "states.death",
            "A Hewn that dies leaves the game with its Substract, its technologies, "
            "its heart stone and its Nananbites; a gem goes back to the gem pile.",
            '"its card is discarded and any remaining Substract it carried is '
            'destroyed"',
            (
                _FL + "test_sveanivo_rolling_0_dies_and_its_substract_is_destroyed",
                _HE + "test_a_dead_hewns_stone_is_destroyed",
                _GE + "test_death_returns_the_gem_to_the_pile",
                _NA + "test_a_dying_hewns_nananbites_die_with_it",
            ),
        ),
    ),
    *_rules(
        "Substract and income",
        (
            "substract.dirty-never-scores",
            "Dirty Substract pays for everything normal Substract pays for, but "
            "only normal Substract scores.",
            '"Dirty Substract can be used exactly like normal Substract with one '
            'important exception: IT DOES NOT COUNT AS VICTORY POINTS!"',
            (
                _RO
                + "test_score_counts_normal_substract_on_the_screen_and_in_own_hewns",
                _TU + "test_burning_asks_dirty_or_normal_when_the_hewn_carries_both",
            ),
        ),
        (
            "substract.storage",
            "Substract is on a Hewn (never more than its storage) or behind the "
            "player's screen.",
            '"The number shown is the total Substract that they can hold at any one '
            'time."',
            (
                _BA + "test_load_an_off_board_hewn_within_its_storage",
                _TR + "test_a_full_receiver_is_not_offered",
                _TR + "test_random_games_conserve_substract",
            ),
        ),
        (
            "substract.income",
            "Each round every player gets the scenario's dirty Substract on the "
            "screen, and 1 dirty more per healthy Hewn on the board, put on that "
            "Hewn if it has room.",
            '"Players also get 1 dirty Substract for each healthy Hewn they have on '
            'the board at the beginning of the round"',
            (
                _AU + "test_round_one_income_is_the_scenarios_dirty_substract",
                _RO
                + "test_income_adds_one_dirty_per_healthy_hewn_on_the_board_into_the_hewn",
            ),
        ),
        (
            "substract.payment-kind",
            "A payment may be made in either kind; the payer says how much of it "
            "is dirty.",
            '"Each weapon shot costs one Substract - either normal Substract or '
            'dirty Substract"',
            (
                _RA + "test_payment_mix_is_asked_when_several_mixes_are_possible",
                _CO + "test_payment_mixes",
                _CP + "test_rules_1_draw_the_chain_part_donor_by_donor_dirty_first",
            ),
        ),
    ),
    *_rules(
        "The auction",
        (
            "auction.turn-order-stack",
            "At the start of the auction every turn-order card goes back into one "
            "stack, which is a lot like the others.",
            '"AUCTION phase: All players return their turn order cards"',
            (
                _V2 + "test_nobody_holds_a_card_to_show_in_the_auction",
                _AU + "test_the_stacks_winner_deals_the_turn_order_cards",
            ),
        ),
        (
            "auction.bid-turns",
            "Players bid in turns, from the holder of last round's first card: "
            "place a Bidox, send one hunting, or pass (every Bidox left goes "
            "hunting); taking turns stands in for the rulebook's timer (a "
            "ruling).",
            '"If any player still has to place ... hunting"',
            (
                _AU + "test_the_next_round_opens_with_the_holder_of_card_one",
                _AU + "test_passing_sends_every_bidox_left_hunting",
                _GA + "test_the_round_frame_counts_the_bid_turns",
            ),
        ),
        (
            "auction.bidox-secret",
            "A Bidox holds 0 to 30 Substract from the screen; where it is placed "
            "is public, what it holds is secret until the resolution.",
            '"secretly puts that number of normal Substract tokens, and/or dirty '
            'Substract tokens ... into one of their Bidoxes"',
            (
                _AU + "test_a_bid_takes_its_substract_off_the_screen_and_hides_it",
                _VI + "test_another_seats_bidox_amount_changes_nothing_it_sees",
                _VI + "test_bidox_contents_are_open_after_the_resolution",
            ),
        ),
        (
            "auction.hunting",
            "A hunting Bidox brings 1 dirty Substract at once, usable in this auction.",
            '"takes 1 dirty Substract ... This dirty Substract can be used this '
            'current auction phase"',
            (_AU + "test_hunting_gives_one_dirty_at_once",),
        ),
        (
            "auction.bidox-nananbites",
            "Up to two Nananbites go onto an unplaced Bidox for good; each adds 1 "
            "to every bid it makes.",
            '"may allocate up to two (2) individual Nananbites to each individual '
            'Bidox"',
            (
                _NA + "test_nana_bidox_attaches_from_the_screen_up_to_the_limit",
                _NA + "test_nana_bidox_only_for_unplaced_bidoxes",
                _NA + "test_a_nananbite_lifts_a_bid_to_the_minimum",
            ),
        ),
        (
            "auction.resolution",
            "Lot by lot, the unique highest bid wins if it reaches the lot's "
            "minimum (1 in the last round); a tie or a bid under the minimum wins "
            "nothing.",
            '"the player that has the highest bid ... wins"; "if a player bids lower '
            'than the minimum cost ... (Everyone loses the auction.)"',
            (
                _AU + "test_the_unique_highest_bid_at_or_over_the_minimum_wins",
                _AU + "test_a_tie_for_the_highest_bid_wins_nothing",
                _AU + "test_a_bid_under_the_minimum_wins_nothing",
                _AU + "test_in_the_last_round_every_minimum_is_one",
            ),
        ),
        (
            "auction.payment",
            "The winner pays the Substract in its Bidoxes to the supplies; every "
            "other Bidox's Substract goes back to its screen.",
            '"highest bid is a tie ... all players ... take back"',
            (
                _AU + "test_normal_substract_paid_goes_back_to_the_pile",
                _RO + "test_normal_substract_is_conserved_through_an_auction",
                _NA + "test_bidox_example_worth_eleven_winner_pays_only_substract",
            ),
        ),
        (
            "auction.discards",
            "Lots nobody won are discarded; an empty deck is rebuilt from its "
            "discards.",
            '"put them face-up in their respective discard piles"',
            (
                _AU + "test_a_tie_for_the_highest_bid_wins_nothing",
                _GA
                + "test_drawing_from_an_emptied_deck_is_a_query_that_changes_nothing",
            ),
        ),
        (
            "auction.won-cards",
            "A Hewn won goes behind the winner's screen with its card in sight; a "
            "technology card won gives its pieces to the screen.",
            '"The Hewn can be placed behind her player screen, but the card must be '
            'placed in plain sight"',
            (
                _AU + "test_the_unique_highest_bid_at_or_over_the_minimum_wins",
                _NA + "test_mamabite_purchase_brings_four_nananbites_to_the_screen",
                _HE + "test_heart_stones_are_bought_two_a_card_for_the_buyers_screen",
            ),
        ),
        (
            "auction.turn-order-deal",
            "The stack's winner deals the turn-order cards face down; with no "
            "winner they are dealt at random.",
            '"hands out the turn cards ... face down"',
            (
                _AU + "test_the_stacks_winner_deals_the_turn_order_cards",
                _AU + "test_without_a_stack_winner_the_cards_are_dealt_at_random",
                _VI + "test_turn_order_cards_are_face_down_but_the_dealer_sees_all",
            ),
        ),
        (
            "auction.turn-order-cards-shown",
            "A turn-order card stays face down until its holder shows it (at any "
            "decision of theirs), takes their player turn or must place a new "
            "mine.",
            '"Players can either reveal (or keep it secret) their turn order"; "if '
            'it comes time for their turn, or time to "place a new mine" ... they '
            'will have to reveal the order"',
            (
                _V2 + "test_a_hidden_turn_order_card_may_be_shown_at_any_decision",
                _V2 + "test_a_shown_card_is_not_offered_again",
                _V2 + "test_the_new_mines_placer_shows_its_card_and_is_offered_none",
                _CP + "test_a_reacting_seat_may_show_its_turn_order_card",
                _VI + "test_swapping_hidden_turn_cards_changes_nothing_seen",
            ),
        ),
        (
            "auction.next-offer",
            "Once the auction is resolved the next offer is drawn at once, in "
            "sight of all.",
            '"at the end of each Auction, players simply draw the cards required"',
            (_AU + "test_the_next_offer_is_drawn_at_the_end_of_the_auction",),
        ),
    ),
    *_rules(
        "Hewn turns and action points",
        (
            "turns.one-hewn-at-a-time",
            "In turn order each player gives their healthy Hewns one full Hewn "
            "turn each, one after the other, and may stop with Hewns left over.",
            '"Each Hewn of that players does its turn fully ... before his next Hewn '
            'gets a chance"',
            (
                _TU + "test_a_player_turn_with_nothing_left_to_activate_ends_by_itself",
                _TU + "test_a_player_may_end_the_turn_with_hewns_left_over",
            ),
        ),
        (
            "turns.action-points-and-burn",
            "A Hewn turn starts with the card's action points; unused ones are "
            "lost; up to 3 Substract may be burnt for 1 action point each.",
            '"Each Hewn can burn up to a maximum of 3 Substract during its Hewn turn"',
            (
                _TU + "test_a_hewn_turn_starts_with_the_cards_action_points",
                _TU + "test_burning_gives_one_action_point_per_substract_at_most_three",
                _CP + "test_an_ap_burn_draws_on_the_chain",
            ),
        ),
        (
            "turns.costs",
            "Each action costs what the cost table says: step, enter, exit, mine, "
            "extract, enlarge and calm planet 1, dig and fly 2, climb 3; "
            "encounters, transmitting and Banjering 0.",
            'the "Costs of actions" table: "Mining 1 Maximum 1 time per Hewn\'s '
            'turn"; "Dig 2"; "Fly 2"; "Calm planet 1"; "Transmit Substract 0"',
            (
                _TU
                + "test_entering_the_board_costs_one_action_point_at_an_entrance_that_admits_the_size",
                _TU + "test_exit_costs_one_action_point_and_ends_the_hewn_turn",
                _MI + "test_mine_costs_one_ap_once_per_hewn_turn",
                _SU
                + "test_extract_rolls_1_mining_die_of_dirty_substract_for_1_action_point",
                _DI + "test_dig_needs_two_action_points",
                _DI + "test_a_digger_in_its_tunnel_enlarges_it_for_one_ap_each_size",
                _FL + "test_a_flight_needs_2_action_points",
                _FL + "test_a_climb_needs_3_action_points",
                _DA + "test_calm_planet_removes_a_token_up_to_4_spaces_away",
                _TR + "test_in_a_hewn_turn_any_own_hewn_transmits_for_no_action_point",
                _BA + "test_banjer_fits_a_piece_from_the_screen_for_no_action_point",
                _A + "test_artillery_spends_no_action_point_and_humiliation_costs_one",
            ),
        ),
        (
            "turns.turn-ends",
            "A Hewn turn ends when the player ends it, when the Hewn leaves the "
            "board, stops being healthy or is taken over, or after it repairs a "
            "Hewn that becomes its owner's.",
            '"His Hewn turn will immediately end"',
            (
                _TU + "test_exit_costs_one_action_point_and_ends_the_hewn_turn",
                _RA + "test_stunned_mover_turn_ends",
                _SS + "test_mover_brain_repaired_ends_its_turn_and_retreats",
                _SS + "test_body_repair_of_a_friend_hands_the_turn_over",
            ),
        ),
        (
            "turns.no-shared-end",
            "A healthy Hewn that ends its Hewn turn in a space with another healthy "
            "Hewn is stunned.",
            '"a healthy Hewn cannot end its turn in the same space" as another '
            "healthy Hewn",
            (
                _TU
                + "test_ending_a_hewn_turn_with_another_healthy_hewn_in_the_space_stuns_it",
                _DI + "test_two_healthy_hewns_may_not_end_a_turn_in_one_tunnel",
            ),
        ),
        (
            "turns.forced-move",
            "A Hewn that starts its turn on a danger token must leave the space "
            "with its first action (a step, flight, climb or dig counts); it may "
            "not mine there, and its player may not skip it; with no way to leave "
            "its turn ends.",
            '"it must leave the space immediately!"; "Hewns may also be able to dig; '
            'fly; or climb themselves out of danger"',
            (
                _V2 + "test_a_hewn_on_a_danger_token_must_leave_it",
                _V2
                + "test_a_player_may_not_leave_a_hewn_on_a_danger_token_unactivated",
                _MI + "test_forced_mover_may_not_mine",
                _FL + "test_climbing_out_of_a_danger_space_counts_as_leaving_it",
                _FL + "test_a_forced_hewn_with_only_a_flight_out_must_take_it",
                _DI + "test_a_digger_digs_itself_out_of_danger_but_may_not_stay",
                _TU + "test_a_forced_hewn_with_no_action_point_left_may_end_its_turn",
            ),
        ),
    ),
    *_rules(
        "Moving, entrances and tunnels",
        (
            "move.step",
            "A step goes to a linked space that admits the Hewn's size, through a "
            "magnetic tunnel too.",
            '"A Hewn can only move to another space if the two spaces are adjacent"',
            (
                _TU + "test_a_step_follows_a_link_that_admits_the_size",
                _BO + "test_size_admission_on_spaces_and_magnetic_tunnels",
                _FL + "test_chumbee_moves_through_a_magnetic_tunnel_for_1_action_point",
            ),
        ),
        (
            "move.stop-at-healthy-enemy",
            "A Hewn passes spaces of friends, neutrals and damaged enemies; one "
            "that enters a healthy enemy's space stops there and the same-space "
            "encounter starts.",
            '"Hewns moving into the space of a healthy enemy Hewn must stop and '
            'announce a same space encounter"',
            (
                _SS + "test_entering_a_healthy_enemy_space_starts_the_encounter",
                _RW + "test_entering_a_healthy_enemys_space_stays_immediate",
                _TU + "test_a_step_passes_a_damaged_enemy_and_a_neutral",
            ),
        ),
        (
            "move.token-attacks-on-entry",
            "A Hewn that enters a space holding a danger token is attacked by it, "
            "on every entry, however it came.",
            '"Hewns moving into any space containing a danger token will also be '
            'attacked"',
            (
                _DA + "test_entering_a_snedj_space_is_attacked_by_8_close_combat_dice",
                _FL + "test_landing_on_a_danger_token_is_attacked",
                _DI + "test_digging_into_a_danger_space_is_an_entry_the_token_attacks",
            ),
        ),
        (
            "move.enter",
            "A Hewn behind the screen enters the board for 1 action point at a "
            "common entrance (or its player's secret one) at least its size.",
            '"The first space that the Hewn moves onto is regarded as the first '
            'action point"',
            (
                _TU
                + "test_entering_the_board_costs_one_action_point_at_an_entrance_that_admits_the_size",
                _BO + "test_entrance_admission",
            ),
        ),
        (
            "move.exit",
            "A Hewn on such an entrance leaves the board for 1 action point; its "
            "Hewn turn ends and nothing can reach it there.",
            '"cannot be attacked by any enemies while he is off the board"',
            (
                _TU + "test_exit_costs_one_action_point_and_ends_the_hewn_turn",
                _SI + "test_off_board_hewns_see_nothing",
                _RW + "test_exit_goes_on_moving_and_opens_no_window",
            ),
        ),
        (
            "move.tunnel-costs",
            "Into a dug tunnel 1 action point, out at either end 1 more; through "
            "a magnetic tunnel 1.",
            '"Moving into a normal tunnel costs 1 action point. To get through to the '
            'other side costs another 1"',
            (
                _DI
                + "test_golden_into_a_normal_tunnel_and_out_the_other_side_costs_two",
                _FL + "test_chumbee_moves_through_a_magnetic_tunnel_for_1_action_point",
                _DI + "test_a_dug_tunnel_admits_hewns_of_its_size_or_smaller",
            ),
        ),
        (
            "move.dig",
            "A digger on a map space digs to a space in the Mudgestick's reach that "
            "is not linked to its own, with a tunnel of its size, and places itself "
            "at either end or in the tunnel.",
            '"This tunnel space is the size of the tunnelling Hewn"',
            (
                _DI
                + "test_a_digger_digs_to_a_space_in_reach_that_is_not_adjacent_for_two_ap",
                _DI
                + "test_the_tunnel_is_the_diggers_size_and_the_digger_picks_its_place",
                _DI + "test_the_far_end_is_offered_only_if_it_admits_the_digger",
                _DI + "test_bad_dig_choices_are_refused_and_change_nothing",
                _DI + "test_no_dig_from_inside_a_dug_tunnel",
                _BO + "test_dig_targets_are_not_adjacent_and_within_reach",
            ),
        ),
        (
            "move.tunnels-run-out",
            "With no tunnel piece of that size left, the player reuses an empty "
            "one from the board; with none empty there is no dig.",
            '"remove an existing same sized tunnel ... (However, you cannot remove a '
            'tunnel if a Hewn is currently in it...)"',
            (
                _DI
                + "test_with_no_piece_left_the_player_picks_an_empty_same_size_tunnel",
                _DI + "test_with_one_empty_tunnel_it_is_reused_without_asking",
                _DI + "test_with_every_same_size_tunnel_held_there_is_no_dig",
            ),
        ),
        (
            "move.enlarge",
            "A digger inside its tunnel makes it one size bigger for 1 action "
            "point, up to big.",
            '"increase the size of the tunnel from small to medium, or from medium to '
            'big, by spending 1 action point if they are in the tunnel"',
            (
                _DI + "test_a_digger_in_its_tunnel_enlarges_it_for_one_ap_each_size",
                _DI + "test_a_big_tunnel_is_not_enlarged_and_only_diggers_enlarge",
                _DI + "test_enlarging_with_no_bigger_piece_reuses_an_empty_one_chosen",
            ),
        ),
        (
            "move.fly-climb",
            "A flier (2 action points) or climber (3) goes to a space in reach "
            "that admits it (a climb's stick touching no other space) and rolls a "
            "d10: on 0 it dies, else it lands and enters that space.",
            '"On a roll of "0" The Hewn is swept away and dies"',
            (
                _FL + "test_sveanivo_flies_between_two_spaces_when_the_d10_is_not_0",
                _FL + "test_sveanivo_rolling_0_dies_and_its_substract_is_destroyed",
                _FL + "test_only_a_hewn_with_the_ability_flies_or_climbs",
                _FL + "test_a_flight_lands_only_where_the_hewns_size_fits",
                _FL + "test_landing_on_a_healthy_enemy_starts_the_same_space_encounter",
                _BO + "test_climb_must_not_touch_another_ravine_or_node",
            ),
        ),
        (
            "move.blind-in-transit",
            "A Hewn digging, flying or climbing sees nothing on the way; only the "
            "space it ends in counts for sight.",
            '"cannot see another Hewn until it reaches its destination space"',
            (
                _DI + "test_enemies_react_when_the_diggers_movement_stops",
                _FL + "test_enemies_react_to_a_landing_when_the_movement_stops",
            ),
        ),
    ),
    *_rules(
        "Line of sight",
        (
            "sight.first-hewn",
            "A line of sight stops at the first Hewn, which is seen whatever its "
            "state.",
            '"meets another Hewn (he can then see that Hewn but no further) Note: It '
            "doesn't matter whether the Hewn is healthy or not\"",
            (
                _SI + "test_a_hewn_blocks_and_is_seen_whatever_its_state",
                _BO + "test_ray_stops_at_the_first_hewn_and_sees_it",
            ),
        ),
        (
            "sight.group",
            "A line of sight stops at a space holding two or more Hewns, none of "
            "which is seen.",
            '"NONE of the Hewns in that group can be "seen!""',
            (
                _SI + "test_a_group_blocks_and_none_of_it_is_seen",
                _BO + "test_a_group_is_not_seen_and_blocks",
            ),
        ),
        (
            "sight.shared-space",
            "A Hewn sharing its space sees only inside it; two healthy enemies "
            "there see each other.",
            '"he cannot see out of that space - he can only focus on Hewns in that '
            'same space"',
            (_SI + "test_a_hewn_sharing_its_space_sees_only_inside_it",),
        ),
        (
            "sight.corner-node-tunnel",
            "A corner, a node or a dug tunnel is seen, and nothing beyond it.",
            '"nothing past that corner space ... can be seen"; "nothing past that '
            'node can be seen"; "nothing past that tunnel can be seen"',
            (
                _SI + "test_a_corner_is_seen_and_nothing_past_it",
                _SI + "test_a_node_is_seen_and_nothing_past_it",
                _BO + "test_tunnel_space_is_seen_and_ends_the_ray",
                _DI + "test_a_tunnel_is_seen_only_from_its_two_ends",
            ),
        ),
        (
            "sight.no-blockers",
            "Mines, danger tokens and magnetic-tunnel mouths block nothing; "
            "nothing is seen through a magnetic tunnel.",
            '"Neither mines, Snedj nests, lava, planet attack tokens nor magnetic '
            'tunnel entrances block line-of-sight"',
            (
                _SI + "test_mines_and_danger_tokens_do_not_block",
                _BO + "test_magnetic_mouth_does_not_block",
                _SI + "test_nothing_is_seen_through_a_magnetic_tunnel",
            ),
        ),
        (
            "sight.ranged-needs-sight",
            "A ranged encounter needs two Hewns that see each other, each alone in "
            "its space.",
            '"Hewns can only encounter each other if they can see each other!!!!"',
            (
                _BO + "test_sight_is_symmetric_on_the_crater",
                _RA + "test_sharing_a_space_blocks_ranged_encounters",
                _RA + "test_mover_names_any_non_friendly_hewn_it_sees",
            ),
        ),
        (
            "sight.without-sight",
            "Calm planet needs no sight; artillery fires only at a Hewn its "
            "shooter cannot see.",
            '"The Hewn does not have to have line-of-sight"; "Artillery is only used '
            'by a Hewn when it cannot see its target"',
            (
                _DA + "test_calm_planet_removes_a_token_up_to_4_spaces_away",
                _A + "test_the_verb_needs_an_unseen_lone_enemy",
            ),
        ),
    ),
    *_rules(
        "Transmission",
        (
            "transmit.where",
            "A healthy Hewn sends Substract off-planet or to a healthy friend "
            "along a chain of friends that see each other; relays need no room, "
            "the last receiver does.",
            '"There is no restriction on the amount of Substract that can be '
            "transported between Hewns, provided that whatever is transported is "
            'either used up ... and/ or stored in the Hewn that finally receives"',
            (
                _TR + "test_transmit_off_planet_puts_it_behind_the_screen",
                _TR + "test_transmit_along_a_chain_through_a_full_relay",
                _TR + "test_a_hewn_out_of_sight_is_no_destination",
                _TR + "test_an_enemy_hewn_is_never_a_source",
                _SI + "test_a_chain_of_hewns_that_see_each_other_is_one_component",
                _SI + "test_a_damaged_or_stunned_link_breaks_the_chain",
            ),
        ),
        (
            "transmit.windows",
            "Transmitting happens in the player's own windows; never in or out of "
            "a Hewn in a same-space encounter (but off-planet in its transmit-away "
            "step).",
            '"Hewns in Same Space Encounters cannot transmit Substract to other Hewns"',
            (
                _TR + "test_in_the_bid_turn_only_off_planet",
                _TR
                + "test_friends_in_one_space_transmit_but_not_beside_a_healthy_enemy",
                _CP
                + "test_transmit_away_in_a_same_space_encounter_goes_off_planet_only",
                _SI
                + "test_friends_in_one_space_are_linked_unless_a_healthy_enemy_is_there",
            ),
        ),
        (
            "transmit.who-pays",
            "Same-space payments come from the Hewn's own load; ranged picks, "
            "danger screens and burns may draw on its chain, the payer choosing "
            "its own share.",
            '"when a Hewn is in the same space as any other hewn it cannot get '
            'Substract from friendly Hewns"; "it uses 2 Substract from the Veyark '
            'and keeps its own Substract"',
            (
                _SI + "test_payable_counts_the_component_only_for_chain_payments",
                _SI + "test_a_chain_payment_draws_from_the_nearest_first",
                _CP + "test_ranged_picks_use_the_chain_and_the_payer_splits",
                _CP + "test_danger_screens_draw_on_the_chain",
                _CP + "test_an_ap_burn_draws_on_the_chain",
            ),
        ),
        (
            "transmit.no-gems",
            "A Substract gem is never transmitted.",
            '"Substract Gems can never be transmitted"',
            (_GE + "test_a_gem_is_never_transmitted",),
        ),
    ),
    *_rules(
        "Mining and danger",
        (
            "mining.mine",
            "Mining (1 action point, once a Hewn turn) needs the mining ability "
            "(or a claw) and a mine in the space; aggressive mining and the "
            "Gozzbag are chosen before the roll.",
            '"The choice must be made before rolling any dice"',
            (
                _MI + "test_mine_needs_a_mine_and_the_ability",
                _MI + "test_mine_costs_one_ap_once_per_hewn_turn",
                _MI + "test_claw_makes_a_non_miner_a_one_die_miner",
                _MI + "test_gozzbag_options_are_masked_without_a_gozzbag",
            ),
        ),
        (
            "mining.dice",
            "Mining dice: the card's, the mine's bonus, claws, aggressive and "
            "Gozzbag; danger dice: 1, plus aggressive and Gozzbag.",
            '"It rolls 6 mining dice"',
            (
                _MI + "test_golden_major_miner_claw_example",
                _MI + "test_gozzbag_adds_a_mining_and_a_danger_die",
                _MI + "test_claw_non_miner_may_mine_aggressively",
            ),
        ),
        (
            "mining.rerolls",
            "A Hewn with re-rolls re-rolls mining dice, one at a time, the same "
            "die again if it likes, up to its card's count.",
            '"You can even re-roll a single dice more than once - if you have '
            'enough re-rolls"',
            (
                _MI + "test_reroll_one_die_per_decision_up_to_the_card",
                _MI + "test_same_die_may_be_rerolled_again",
                _MI + "test_no_reroll_step_without_rerolls",
            ),
        ),
        (
            "mining.gem-face",
            "A 2/gem face gives 2 Substract, or to a Hewn with a heart card the "
            "best gem left, which replaces what its heart held; one gem a mining.",
            '"if the Hewn has the heart card ability, it can choose to take a '
            'Substract Gem"',
            (
                _GE + "test_a_major_miner_rolling_the_gem_face_is_offered_the_gem",
                _GE + "test_the_gem_goes_into_the_heart_card_instead_of_2_substract",
                _GE + "test_one_gem_per_mining_action_the_other_gem_faces_count_2",
                _GE + "test_a_second_gem_replaces_the_first_which_returns_to_the_pile",
                _GE + "test_no_choice_without_a_heart_card_or_with_an_empty_pile",
                _HE + "test_a_gem_taken_in_mining_destroys_the_stone",
            ),
        ),
        (
            "mining.take-and-keep",
            "The miner takes the total from the pile (what is left of it), keeps "
            "what fits and sends the rest off-planet.",
            '"That Substract can either be loaded onto/ into the Hewn ... and/or '
            'transmitted off planet"',
            (
                _MI + "test_take_gem_face_counts_two_and_keep_up_to_free_room",
                _MI + "test_take_is_capped_by_the_pile_and_its_end_ends_the_game",
            ),
        ),
        (
            "mining.danger-after-take",
            "The danger dice come after the take, in the miner's order; the tokens "
            "placed attack and deplete only after the last die.",
            '"After all danger tokens are placed, any Hewns in those spaces where you '
            'placed new danger tokens get "attacked""',
            (
                _MI + "test_danger_order_is_the_miners_when_faces_differ",
                _MI + "test_danger_order_skipped_when_faces_are_equal",
                _MI
                + "test_tokens_attack_and_deplete_after_the_last_die_in_placement_order",
            ),
        ),
        (
            "mining.token-placement",
            "A danger token goes on the mine or a token-free space 1 away, else as "
            "near as can be; with none in stock one is taken from the board.",
            '"either 1 space away from the mine you are mining OR on the space the '
            'Hewn was mining"',
            (
                _MI + "test_token_goes_on_the_mine_or_one_space_away",
                _MI
                + "test_token_goes_to_the_nearest_free_space_when_all_near_are_taken",
                _MI + "test_empty_stock_takes_a_token_from_the_board",
                _DI + "test_a_danger_token_goes_as_close_as_possible_through_a_tunnel",
            ),
        ),
        (
            "mining.deplete",
            "A deplete die removes the mine (if still there) and moves the "
            "depleted-mines track on.",
            '"Remove the mine token ... and advance the depleted mine counter"',
            (
                _MI + "test_deplete_twice_counts_one_mine",
                _MI + "test_depletion_track_ends_the_game",
            ),
        ),
        (
            "mining.new-mine",
            "A new-mine die lets the next seat in turn order place the next mine "
            "of the pool on a free space (removing a token if it must); an empty "
            "pool ignores it.",
            "\"the next player in turn order after the current mining Hewn's owner "
            'will attempt to place a new mine token"',
            (
                _MI + "test_new_mine_by_the_next_seat_in_turn_order",
                _MI + "test_new_mine_after_the_last_seat_is_the_first",
                _MI + "test_new_mine_with_an_empty_pool_is_ignored",
                _MI + "test_new_mine_without_a_free_space_removes_a_token_first",
            ),
        ),
        (
            "mining.respite",
            "A respite die cancels another danger die of the roll or removes a "
            "danger token (one just placed too); with neither it is ignored.",
            '"Players must use this dice roll to either: negate any danger dice & '
            "deplete mine dice rolled this turn, or Withdraw any danger token from "
            'the map"',
            (
                _MI + "test_respite_cancels_a_danger_die",
                _MI
                + "test_respite_removes_a_token_placed_by_this_roll_before_it_attacks",
                _MI + "test_respite_with_nothing_to_do_is_ignored",
            ),
        ),
        (
            "mining.token-attack",
            "A token attacks (Snedj 8 close combat, lava 3 area, planet 3 laser) "
            "against speed, armour, Slocic and up to 7 screens; higher kills, two "
            "escapes cancel.",
            '"If the total of "hurt" rolled is higher than the total of defence '
            'rolled, then the Hewn immediately dies"',
            (
                _DA + "test_entering_a_snedj_space_is_attacked_by_8_close_combat_dice",
                _DA + "test_attack_higher_than_defence_kills",
                _DA + "test_attack_equal_to_defence_fails_and_the_turn_goes_on",
                _DA + "test_lava_rolls_3_area_and_planet_3_laser_dice",
                _DA + "test_two_escapes_cancel_the_attack",
                _DA + "test_one_escape_counts_one",
                _DA + "test_body_screens_add_armour_dice_paid_from_the_load",
                _DA + "test_screens_are_at_most_seven_and_need_no_mix_with_one_kind",
                _DA + "test_slocic_shield_adds_an_armour_die",
            ),
        ),
        (
            "mining.calm-planet",
            "Calm planet (1 action point) removes a token up to 4 spaces away, "
            "without sight, but not from a space holding a token.",
            '"cannot use the ability if it is in the same space as a Snedj Nest"',
            (
                _DA + "test_calm_planet_removes_a_token_up_to_4_spaces_away",
                _DA + "test_calm_planet_not_from_a_token_space_nor_without_the_ability",
                _DI
                + "test_a_dug_tunnel_counts_one_space_between_its_ends_for_calm_planet",
            ),
        ),
        (
            "mining.extract",
            "A Hewn fitted with a Suderer extracts 1 mining die of dirty Substract "
            "for 1 action point, once a Hewn turn, with no danger dice.",
            '"Roll 1 mining dice to determine how much dirty Substract is collected"',
            (
                _SU
                + "test_extract_rolls_1_mining_die_of_dirty_substract_for_1_action_point",
                _SU
                + "test_extract_is_done_at_most_once_per_hewn_turn_and_apart_from_mining",
                _SU + "test_extract_needs_a_fitted_suderer_and_an_action_point",
            ),
        ),
    ),
    *_rules(
        "Encounters",
        (
            "encounter.free-and-humiliation",
            "Announcing an encounter is free; trying again against the same "
            "damaged or stunned Hewn after a failure costs 1 action point.",
            '"If they wish to encounter that same damaged and/or stunned Hewn again '
            'this turn, they must spend 1 action point"',
            (
                _RA + "test_humiliation_costs_one_ap_for_every_further_encounter",
                _A + "test_artillery_spends_no_action_point_and_humiliation_costs_one",
                _SS + "test_repair_tie_goes_to_the_defender",
            ),
        ),
        (
            "encounter.seven",
            "Each Hewn burns at most 7 Substract in an encounter, and no more than "
            "it can pay.",
            '"Each Hewn involved in an encounter can burn a maximum of 7 Substract"',
            (
                _CO + "test_picks_capped_by_seven_and_the_load",
                _RA + "test_picks_are_capped_by_seven_and_by_the_load",
            ),
        ),
        (
            "encounter.success",
            "An attack succeeds when its total is higher than the defence's.",
            "\"If the total of the attacker's dice is higher than the defenders "
            'total, then the attack is successful; or else nothing happens"',
            (
                _CO + "test_success_needs_a_higher_attack",
                _BM + "test_the_overflow_misses_when_the_defence_is_not_beaten",
            ),
        ),
        (
            "encounter.weapons",
            "Weapon dice need the weapon ability (card or weapon technology); each "
            "+1 weapon adds 1 only if the weapon dice rolled more than 0.",
            '"if all of the weapon dice come up as "0" ... no +1 or +2 weapon '
            'bonuses can be added"',
            (
                _CO + "test_weapon_ability_from_card_or_weapon_technology",
                _CO + "test_weapon_bonus_adds_every_fitted_weapon",
                _CO + "test_bonus_only_when_the_weapon_dice_total_is_above_zero",
                _RA + "test_a_gunana_gives_the_weapon_ability",
            ),
        ),
    ),
    *_rules(
        "Ranged encounters",
        (
            "ranged.trigger",
            "Once the moving Hewn stops, enemies alone in their space that see it "
            "may announce; the mover may announce against a Hewn it sees.",
            '"that can now see the moving Hewn - after it has moved"',
            (
                _RA + "test_reaction_window_opens_after_an_ap_action",
                _RW + "test_ending_the_turn_in_sight_opens_the_window_first",
                _RW + "test_mining_in_sight_waits_for_the_window",
                _RW + "test_a_burn_goes_on_moving",
            ),
        ),
        (
            "ranged.announce",
            "Reacting seats are asked in seat order from the mover's left; the "
            "mover may join once someone has announced; reactors target the mover.",
            '"can also wait to announce an encounter, after an enemy Hewn has seen '
            'it and announced an encounter"',
            (
                _RA + "test_reactor_seats_are_asked_left_of_the_mover",
                _RA + "test_mover_join_asked_only_when_someone_announced",
                _RA + "test_menu_announce_skips_mover_join",
                _RW + "test_announcing_needs_no_window_first",
            ),
        ),
        (
            "ranged.transmit-away",
            "Before the picks each involved player may send Substract away from "
            "the Hewns in the encounter.",
            '"that wish to transmit it off-planet or to friendly healthy Hewns (to '
            'protect it), must announce and do that now"',
            (
                _CP + "test_transmit_away_to_the_screen_before_the_picks",
                _A + "test_the_target_may_transmit_away_first",
            ),
        ),
        (
            "ranged.secret-picks",
            "Each announcer secretly picks laser, area and screen dice; picking "
            "nothing is a malfunction that stuns it.",
            "\"If they don't choose a dice ... they are considered to have "
            'malfunctioned"',
            (
                _RA + "test_all_three_picks_are_asked_even_without_a_weapon",
                _RA + "test_picks_stay_secret_until_the_reveal",
                _RA
                + "test_the_mover_does_not_see_the_reactors_picks_before_the_reveal",
                _RA + "test_malfunction_stuns_and_the_hewn_can_still_be_hit",
            ),
        ),
        (
            "ranged.targets",
            "The mover names any non-friendly Hewn it sees that is alone; the "
            "reactors' target is the mover.",
            '"The moving Hewn can choose to target any non-friendly Hewn she can see"',
            (_RA + "test_mover_names_any_non_friendly_hewn_it_sees",),
        ),
        (
            "ranged.pay",
            "Each announcer pays its picks, from its load and its chain; several "
            "announcers of one seat share their chain.",
            '"limited to the amount of actual Substract they can get hold of"',
            (
                _CP + "test_ranged_picks_use_the_chain_and_the_payer_splits",
                _CP + "test_announcers_of_one_seat_share_their_chain",
                _CP + "test_no_split_is_asked_when_one_share_is_possible",
            ),
        ),
        (
            "ranged.dice",
            "Attack: weapon dice and bonus (and a bomb's 6); defence: the card's "
            "speed and armour, a Slocic and the screens; several attackers on one "
            "Hewn add up.",
            '"all of those Hewns will simply roll their attack dice together to get '
            'a combined attack total"',
            (
                _RA + "test_dice_pools_follow_the_card_the_screens_and_the_slocic",
                _CO + "test_defence_dice_follow_the_card_and_the_slocic",
                _CO + "test_combined_attack_adds_the_attackers_totals",
                _RA + "test_combined_attack_and_chailbine_defence_of_example_2",
            ),
        ),
        (
            "ranged.resolve",
            "All roll at once; each success on a healthy Hewn rolls the hurt die, "
            "on a damaged or stunned one kills it.",
            '"For any attack that was successful, roll the hurt dice"',
            (
                _RA + "test_chailbine_attack_of_example_2",
                _RA + "test_hurt_die_faces",
                _RA + "test_non_healthy_target_dies_on_any_success_without_hurt_die",
            ),
        ),
        (
            "ranged.after",
            "After the encounter a mover still healthy and its owner's goes on "
            "with its Hewn turn; a stunned one's turn ends.",
            '"can continue moving or stop moving (as he/she sees fit.)"',
            (
                _RA + "test_no_window_when_nobody_announces",
                _RA + "test_stunned_mover_turn_ends",
                _RA + "test_the_mover_goes_on_after_a_ranged_encounter",
            ),
        ),
    ),
    *_rules(
        "Artillery",
        (
            "artillery.who",
            "Only the mover with the artillery ability fires, at an enemy or "
            "neutral Hewn alone in its space that it cannot see.",
            '"Artillery is only used by a Hewn when it cannot see its target"',
            (
                _A + "test_the_verb_needs_an_unseen_lone_enemy",
                _A + "test_the_verb_needs_the_ability_a_weapon_and_two_substract",
                _A + "test_a_core_game_never_offers_artillery",
            ),
        ),
        (
            "artillery.picks",
            "The shooter picks 2 to 7 weapon dice from its own load; the target "
            "only screens and never fires back.",
            '"he must take at least 2 dice!"; "cannot return fire/ retaliate in any '
            'way"',
            (
                _A + "test_the_attackers_picks_are_two_to_seven_from_its_own_load",
                _A
                + "test_the_defender_picks_screens_through_its_chain_and_never_fires",
                _A + "test_the_defender_does_not_see_the_attackers_picks",
            ),
        ),
        (
            "artillery.discard",
            "After the roll the target discards one attack die (a neutral loses "
            "the highest); the shooter never re-rolls and gets no weapon bonus.",
            '"he forces the attacker to discard his highest dice"; "You do not get '
            'any +1 or +2 bonuses when using the artillery ability!"',
            (
                _A + "test_the_artillery_example",
                _A + "test_a_neutral_target_loses_the_highest_die_by_itself",
                _A + "test_artillery_never_rerolls_and_gets_no_bonus",
                _A + "test_two_escapes_cancel_the_attack_before_any_discard",
                _A + "test_a_successful_shot_rolls_the_hurt_die",
            ),
        ),
        (
            "artillery.bomb",
            "An artillery attack may add an implosion bomb.",
            '"Implosion bombs are weapons (but they can ONLY be used as part of a '
            'ranged attack/encounter)"',
            (_A + "test_an_artillery_attack_may_add_an_implosion_bomb",),
        ),
    ),
    *_rules(
        "Same-space encounters",
        (
            "samespace.announce",
            "Entering a healthy enemy's space starts the encounter (the mover "
            "picks one of several); against a damaged Hewn or a neutral it is the "
            "mover's choice.",
            '"the Hewns must AUTOMATICALLY encounter each other! (There is no choice '
            'about this!)"',
            (
                _SS + "test_entering_a_healthy_enemy_space_starts_the_encounter",
                _SS + "test_several_healthy_enemies_the_mover_picks_one",
                _SS + "test_optional_encounter_against_damaged_enemy_or_neutral",
                _DI
                + "test_digging_into_a_healthy_enemys_space_starts_the_same_space_encounter",
            ),
        ),
        (
            "samespace.transmit-away",
            "Before the picks each healthy Hewn may send Substract off-planet only.",
            '"Hewns in Same Space Encounters cannot transmit Substract to other Hewns"',
            (
                _CP
                + "test_transmit_away_in_a_same_space_encounter_goes_off_planet_only",
            ),
        ),
        (
            "samespace.picks",
            "Each healthy Hewn secretly picks weapon, screen, brain-screen and "
            "explode dice from its own load; a weapon die commits it to attack; a "
            "damaged or stunned Hewn picks nothing.",
            '"When you secretly pick up a weapon dice, you have chosen to attack and '
            'not repair"',
            (
                _SS + "test_non_healthy_target_picks_nothing",
                _SS + "test_weapon_dice_commit_to_an_attack",
                _SS + "test_weapon_picks_masked_against_a_friend",
                _SI + "test_payable_counts_the_component_only_for_chain_payments",
            ),
        ),
        (
            "samespace.repair-source",
            "A Hewn repairs only with a repair source (the ability, a Fixito or a "
            "Nananbite) and splits its Nananbites between repair and defence.",
            '"Nananbites can be used in repairing OR in defence of a repair"',
            (
                _NA + "test_nananbites_alone_make_a_repairer",
                _NA
                + "test_an_attacker_is_not_asked_its_split_and_its_nananbites_defend",
                _NA
                + "test_example_3_mamabite_dreampogg_and_gombat_with_five_nananbites",
            ),
        ),
        (
            "samespace.repair-dice",
            "A repair rolls d10s (the ability's, a Fixito's, the Nanadice) against "
            "1 d10, 1 more for a full heart, the brain screens and the defending "
            "Nanadice; the best die wins, a tie to the defender.",
            '"A draw always favours the defending Hewn"',
            (
                _SS + "test_repair_tie_goes_to_the_defender",
                _HE + "test_golden_the_gombat_defends_with_its_heart_card",
                _GE + "test_a_gem_gives_one_more_d10_against_a_brain_repair",
                _NA + "test_example_1_body_repair_with_two_nananbites_and_a_fixito",
            ),
        ),
        (
            "samespace.attack-dice",
            "An attack adds the card's close combat dice to its weapon dice; "
            "exploding adds 3 area dice for 1 Substract and kills the exploder.",
            '"selects 3 (three) area effect dice - but will only have to use up 1 '
            'Substract"',
            (
                _SS + "test_explode_adds_three_area_dice_and_kills_the_exploder",
                _SS + "test_flappchap_rerolls_example",
            ),
        ),
        (
            "samespace.body-repair",
            "A body repair mends a damaged friend or a neutral; the mover's turn "
            "then passes to the mended friend.",
            '"the Fogbear is now healed from the damage"',
            (
                _SS + "test_body_repair_of_a_friend_hands_the_turn_over",
                _NA + "test_example_1_body_repair_with_two_nananbites_and_a_fixito",
            ),
        ),
        (
            "samespace.brain-repair",
            "A brain repair puts the repairer's rod into an enemy or a neutral and "
            "mends no damage; both Hewns may succeed at once.",
            '"If it was a brain repair, insert a control rod into the defending Hewn '
            "that matches the repairer's control rod colour\"",
            (
                _SS
                + "test_brain_repair_on_a_neutral_gives_the_rod_but_keeps_the_damage",
                _SS + "test_example_2_brain_repair_against_an_attack",
                _NA + "test_example_4_both_brain_repairs_succeed_with_nanadice",
                _HE + "test_a_captured_hewns_heart_keeps_its_colour",
            ),
        ),
        (
            "samespace.repaired-turns",
            "A repaired reactor that is now the mover's takes a Hewn turn at once; "
            "a brain-repaired mover's turn ends and it is retreated by its new "
            "owner.",
            '"If the moving Hewn is "brain repaired", it will not take a Hewn turn '
            'for its new owner"',
            (
                _SS + "test_mover_brain_repaired_ends_its_turn_and_retreats",
                _SS + "test_body_repair_of_a_friend_hands_the_turn_over",
                _V2
                + "test_after_a_double_brain_repair_the_mover_is_retreated_by_its_new_owner",
            ),
        ),
        (
            "samespace.aftermath",
            "Afterwards a sole healthy Hewn may expel the others; with two healthy "
            "left the mover is retreated (into friends only with action points "
            "left), else stunned; otherwise the mover goes on.",
            '"If two Hewns in the space are healthy, the moving Hewn must be '
            'retreated into an adjacent space (free of healthy Hewns)"',
            (
                _SS + "test_sole_survivor_may_expel",
                _SS + "test_two_healthy_left_the_mover_retreats_or_is_stunned",
                _SS + "test_retreat_into_friends_only_with_ap_left_else_stunned",
                _DI
                + "test_a_hewn_in_a_tunnel_escapes_retreats_or_is_expelled_to_its_ends",
            ),
        ),
        (
            "samespace.turns-after",
            "A mover whose turn the encounter did not end goes on with it; a Hewn "
            "that took a Hewn turn at once has had its Hewn turn for this player "
            "turn.",
            '"The Dreampogg\'s turn is over, and the Fogbear will begin its turn"',
            (
                _SS + "test_non_healthy_target_picks_nothing",
                _SS + "test_sole_survivor_may_expel",
                _SS
                + "test_an_immediate_turn_is_the_repaired_hewns_turn_for_this_player_turn",
            ),
        ),
    ),
    *_rules(
        "Dice in encounters",
        (
            "dice.escapes",
            "One escape counts 1 defence; two cancel the whole attack on that "
            "Hewn, which may move away; its own attack or repair still counts.",
            '"Rolling two (2) escape or more ... allows the roller of the dice to '
            'cancel the entire attacker dice roll of his enemies"',
            (
                _CO + "test_one_escape_counts_one_and_two_cancel",
                _RA + "test_two_escapes_cancel_the_attack_and_allow_a_free_move",
                _RA + "test_two_escapes_cancel_a_combined_attack",
                _RA + "test_one_escape_counts_one",
                _SS + "test_escapes_do_not_stop_repairs",
            ),
        ),
        (
            "dice.rerolls",
            "An attacker re-rolls its own attack dice, up to its card's count; "
            "repair, defence and hurt dice are never re-rolled.",
            '"Re-rolls may not be used for repair dice rolls; danger dice; hurt '
            'dice; armour or speed defence dice"',
            (
                _RA + "test_rerolls_limited_by_the_card",
                _SS + "test_flappchap_rerolls_example",
                _BM + "test_the_bombs_dice_join_the_bombers_rerolls",
                _SS + "test_no_reroll_of_repair_dice",
            ),
        ),
        (
            "dice.dodge",
            "A defender with dodge forces one attack die of its choice to be "
            "re-rolled, once an encounter; the attacker may re-roll that die "
            "again.",
            '"force the attacker to re-roll any 1 (one) of his dice that he rolled. '
            'The attacker must do this re-roll."',
            (
                _RA + "test_dodge_then_reroll_alternate",
                _SS + "test_dodge_example_in_close_combat",
            ),
        ),
        (
            "dice.order",
            "After the roll: the artillery discard, then the defender's dodge and "
            "the attackers' re-rolls in turns until everyone has passed.",
            '"It does not matter whether a dodge re-roll takes place before, during '
            'or after any attacker re-rolls"',
            (
                _RA + "test_dodge_then_reroll_alternate",
                _A + "test_the_artillery_example",
            ),
        ),
    ),
    *_rules(
        "The hurt die",
        (
            "hurt.faces",
            "The hurt die kills, damages, stuns or both.",
            '"Dead. The Hewn dies"',
            (_RA + "test_hurt_die_faces",),
        ),
        (
            "hurt.sicket-hit",
            "A Sicket hit destroys a Sicket technology of the owner's choice (a "
            "Mamabite with what it holds); with none the Hewn dies.",
            '"provided that the Hewn has a Sicket technology inserted, the Hewn will '
            'live"',
            (
                _RA
                + "test_sicket_hit_destroys_a_sicket_technology_of_the_owners_choice",
                _CO + "test_sicket_hit_with_one_sicket_technology_loses_it",
                _NA + "test_a_sicket_hit_on_the_mamabite_destroys_its_contents",
            ),
        ),
        (
            "hurt.swarm-members-killed",
            "A hit on a swarm rolls no hurt die: it kills attack less defence "
            "members, chosen one by one by the swarm's controller, in every kind "
            "of attack.",
            "\"The difference between the attacker's total and total defences "
            "rolled by the swarm are the amount of swarm members killed - no hurt "
            "dice are rolled. The swarm owner decides which members of the swarm "
            'are killed"',
            (
                _SW + "test_a_ranged_hit_on_a_swarm_rolls_no_hurt_die",
                _SW + "test_a_same_space_attack_on_a_swarm_kills_members",
                _SW + "test_an_artillery_hit_on_a_swarm_kills_members",
                _SW + "test_a_token_attack_kills_attack_less_defence_members_chosen_"
                "by_the_owner",
                _SW + "test_a_bomb_overflow_costs_a_swarm_members",
                _SW + "test_the_leader_and_any_member_may_die",
            ),
        ),
        (
            "hurt.swarm-dies",
            "As many casualties as members left kill the whole swarm.",
            "\"If the total of attacker hits (less the swarm's defence total "
            "rolled) equals or exceeds the number of swarm members left, the entire "
            'swarm dies"',
            (_SW + "test_as_many_casualties_as_members_left_kill_the_swarm",),
        ),
        (
            "hurt.swarm-technologies",
            "A killed member takes its technologies with it; the swarm uses a "
            "member's technologies only while it lives.",
            '"returning them and any technology they had to the box"; "can be used '
            'by the swarm until that swarm member is killed"',
            (
                _SW + "test_a_killed_member_takes_its_technologies_to_the_box",
                _SW + "test_example_1_claws_on_two_members_roll_two_mining_dice",
                _SW + "test_the_leader_takes_what_the_heart_card_holds",
            ),
        ),
        (
            "hurt.swarm-never-stunned",
            "A swarm is never stunned or damaged: what would stun it costs it a "
            "member.",
            '"Swarms can never be stunned or damaged; they simply lose swarm members"',
            (
                _SW + "test_ending_a_turn_with_another_healthy_hewn_costs_a_member",
                _SW + "test_a_swarm_with_one_member_left_dies_where_it_would_be_"
                "stunned",
                _SW + "test_a_swarm_is_never_placed_stunned_or_damaged",
            ),
        ),
        (
            "hurt.swarm-close-combat",
            "A swarm rolls one close combat die per member left.",
            '"a swarm rolls close combat dice equal to the number of members '
            'remaining in the swarm"',
            (_SW + "test_close_combat_dice_are_the_members_left",),
        ),
        (
            "hurt.swarm-repair",
            "A swarm defends a brain repair with a d10 and its heart, and repairs "
            "only with Nananbites on its members.",
            '"Swarms roll 1d10 like any other Hewn and get a d10 bonus for each '
            'heart card they have"; "If they have Nanabites, they can choose how '
            'many of them participate"',
            (
                _SW + "test_brain_repair_on_a_swarm_defends_with_a_d10_and_its_heart",
                _SW + "test_a_swarm_repairs_only_with_nananbites_on_its_members",
            ),
        ),
        (
            "hurt.swarm-moves-as-one",
            "A swarm's members move as one Hewn of its card's size.",
            '"All of those members must travel together"',
            (_SW + "test_a_swarm_moves_as_one_hewn_of_its_cards_size",),
        ),
    ),
    *_rules(
        "Technologies, Banjering and hearts",
        (
            "tech.banjer",
            "In its owner's player turn a technology from the screen goes into a "
            "free matching socket of an own Hewn on the board, for no action "
            "point, unless it shares its space or an encounter is on.",
            '"Banjering cannot be done when the receiving Hewn is in the same space '
            'as any other Hewn OR if any player has announced any encounter"',
            (
                _BA + "test_banjer_fits_a_piece_from_the_screen_for_no_action_point",
                _BA + "test_each_technology_fits_only_its_own_socket",
                _BA + "test_no_banjering_into_a_hewn_sharing_its_space",
                _BA + "test_no_banjering_once_an_encounter_is_announced",
                _BA + "test_banjering_is_not_offered_in_the_bid_turn",
            ),
        ),
        (
            "tech.attach",
            "A technology goes into an own Hewn behind the screen at any window.",
            '"Attach it to a Hewn while the Hewn is not on the map. This can be done '
            'at any time"',
            (
                _BA + "test_attach_off_board_at_any_window",
                _HE + "test_attach_off_puts_a_stone_into_a_hewn_behind_the_screen",
            ),
        ),
        (
            "tech.replace",
            "Nananbites and Mamabites never move again and Sicket technologies "
            "leave only when destroyed; other Nanasocket technologies may be "
            "replaced, the old one going back to the screen.",
            '"Other Nanasocket technologies can be replaced"',
            (
                _BA + "test_a_nanasocket_technology_replaces_another_which_goes_back",
                _BA + "test_nananbites_and_sicket_technologies_are_never_replaced",
                _NA + "test_banjer_a_mamabite_then_nananbites_into_its_slots_for_good",
            ),
        ),
        (
            "tech.heart-stone",
            "A heart stone goes into an own Hewn's empty heart card; its colour is "
            "the buyer's and never changes.",
            '"replacing the empty heart card with the complete one"',
            (
                _HE
                + "test_banjer_puts_a_stone_of_the_buyers_colour_into_an_empty_heart_card",
                _HE + "test_a_stone_goes_only_into_an_own_empty_heart_card",
                _HE + "test_a_captured_hewns_heart_keeps_its_colour",
            ),
        ),
        (
            "tech.implosion-bomb",
            "In a ranged attack an implosion bomb adds 6 close combat dice for no "
            "Substract and is used up; then 4 close combat dice hit each Hewn in "
            "one space linked to the target's, even if the bomber died.",
            '"takes place whether or not the Hewn firing the implosion bomb survives"',
            (
                _BM + "test_the_bomb_costs_no_substract_and_is_used_up",
                _BM + "test_bomb_dice_are_close_combat_dice_without_the_weapon_bonus",
                _BM + "test_no_bomb_in_a_same_space_encounter",
                _BM
                + "test_the_overflow_space_is_linked_to_the_targets_and_holds_a_hewn",
                _BM + "test_the_overflow_hits_friends_who_screen_and_defend",
                _BM + "test_the_overflow_happens_though_the_bomber_died",
                _BM + "test_two_escapes_cancel_the_overflow",
            ),
        ),
        (
            "tech.secret-entrance",
            "A player with the scouting card places an entrance of a size on a free "
            "node of that size; only their Hewns use it.",
            '"No other player\'s Hewns may use that entrance"',
            (
                _EN + "test_the_owner_places_a_piece_of_a_size_on_a_node_of_that_size",
                _EN + "test_only_the_owners_hewns_enter_and_leave_by_it",
                _EN + "test_another_players_hewns_cannot_use_it",
                _EN + "test_no_piece_no_secret_entrance_and_only_in_the_player_turn",
            ),
        ),
    ),
    *_rules(
        "Recovery",
        (
            "recovery.damage",
            "Every damaged Hewn with Nananbites, a Fixito or a full heart rolls; "
            "its best die above a difficulty d10 mends it (a Nanadead kills its "
            "Nananbite).",
            '"All of the Hewns that can be restored must be rolled for"',
            (
                _NA + "test_recovery_example_major_miner_with_a_nananbite_and_a_fixito",
                _NA + "test_recovery_nanadead_kills_its_nananbite_and_a_tie_fails",
                _NA + "test_no_recovery_without_nananbites_fixito_or_heart",
                _GE + "test_recovery_mends_a_damaged_hewn_with_a_gem_on_a_higher_roll",
                _HE + "test_golden_a_stone_heart_mends_the_damaged_major_miner",
            ),
        ),
        (
            "recovery.stun",
            "A stunned Hewn with a stone heart rolls for the heart's colour; a win "
            "puts that colour's rod in. A gem does not help.",
            '"Substract gems in Hewns do not allow those Hewns to recover from being '
            'stunned"',
            (
                _HE + "test_a_stone_heart_puts_its_colours_rod_into_a_stunned_hewn",
                _HE + "test_a_gem_does_not_recover_a_stunned_hewn",
                _GE + "test_a_gem_mends_the_damage_of_a_stunned_hewn_but_gives_no_rod",
            ),
        ),
        (
            "recovery.reassert",
            "The owner of a stone heart in a Hewn under another rod may try to take "
            "it back: their d10 against the controller's.",
            '"a previous owner of the Hewn must indicate that he is "trying to '
            'regain control""',
            (
                _HE + "test_the_heart_owner_is_asked_whether_to_regain_control",
                _HE + "test_re_asserting_rolls_the_owners_d10_against_the_controllers",
                _HE + "test_no_try_without_another_rod_or_off_the_board",
            ),
        ),
        (
            "recovery.order",
            "Damage first, then stuns, then re-asserting, Hewns in id order (the "
            "order is a ruling).",
            '"If that Hewn has a complete heart card or a heart card with a '
            'Substract Gem it will also attempt the body repair"',
            (
                _HE + "test_the_damage_is_rolled_for_before_the_stun",
                _HE + "test_declining_changes_nothing_and_the_next_hewn_by_id_is_asked",
                _HE + "test_a_stun_recovered_hewn_needs_no_re_assertion",
            ),
        ),
    ),
    *_rules(
        "End and scoring",
        (
            "end.triggers",
            "The game ends at once when the normal pile is empty, the depleted "
            "track reaches its end or no mine is left; otherwise after round 3.",
            '"these events will trigger an immediate end to the game"',
            (
                _RO + "test_the_immediate_end_triggers",
                _RO + "test_the_game_ends_when_a_trigger_holds_after_an_action",
                _RO + "test_random_games_end_and_conserve_substract",
                _MI + "test_depletion_track_ends_the_game",
            ),
        ),
        (
            "end.score",
            "A player scores the normal Substract on their screen and in their "
            "Hewns, and the gems in their healthy Hewns.",
            '"provided the Hewn that has the heart card with the Substract Gem is '
            'healthy"',
            (
                _RO
                + "test_score_counts_normal_substract_on_the_screen_and_in_own_hewns",
                _GE + "test_a_gem_scores_for_a_healthy_hewn_only",
                _GA + "test_scores_and_winners_follow_the_engine",
            ),
        ),
        (
            "end.ties",
            "A tie goes to the player with more healthy Hewns; then it is a draw.",
            '"compare who has the greatest quantity of healthy Hewns ... If that is '
            'still a tie, then the game is declared a draw"',
            (_RO + "test_ties_are_broken_by_healthy_hewns_then_shared",),
        ),
    ),
    *_rules(
        "Hidden information",
        (
            "secret.off-board-loads",
            "Substract loaded onto a Hewn behind the screen is known only to its "
            "player (complete game, option secret_loads).",
            '"many Hewns can store some or all of their Substract in secret locations, '
            "which clearly means that opponents will not necessarily know if that "
            'Hewn has Substract or not!"',
            (
                _SL + "test_a_load_behind_the_screen_is_known_only_to_its_player",
                _SL + "test_the_other_seats_cannot_tell_how_much_was_loaded",
                _SL + "test_without_secret_loads_a_load_is_public",
            ),
        ),
        (
            "secret.public-part-paid-first",
            "Payments, transmissions and unloading take a Hewn's public part "
            "first, its hidden part last.",
            '"many Hewns can store some or all of their Substract in secret locations, '
            "which clearly means that opponents will not necessarily know if that "
            'Hewn has Substract or not!"',
            (
                _SL + "test_a_transmission_takes_the_public_part_first",
                _SL + "test_unloading_takes_the_hidden_part_first",
            ),
        ),
        (
            "secret.entering",
            "On the board a Hewn keeps secret only what its secret storage holds; "
            "the rest shows when it enters.",
            '"many Hewns can store some or all of their Substract in secret locations, '
            "which clearly means that opponents will not necessarily know if that "
            'Hewn has Substract or not!"',
            (
                _SL + "test_entering_keeps_secret_only_the_secret_storage",
                _SL + "test_entering_within_the_secret_storage_reveals_nothing",
            ),
        ),
        (
            "secret.private-total-public",
            "A player's totals by kind (screen and hidden loads; technologies on "
            "the screen and fitted in secret) stay public, since every flow in or "
            "out is seen.",
            '"many Hewns can store some or all of their Substract in secret locations, '
            "which clearly means that opponents will not necessarily know if that "
            'Hewn has Substract or not!"',
            (
                _SL + "test_a_load_behind_the_screen_is_known_only_to_its_player",
                _SF + "test_the_seats_technologies_stay_public_as_a_total",
            ),
        ),
        (
            "secret.off-board-fittings",
            "Technologies and heart stones attached behind the screen are hidden, "
            "and which sockets look hidden depends on public facts only.",
            '"the heart card can be secretly attached (i.e. inserted) behind the '
            'players screen"',
            (
                _SF
                + "test_what_is_attached_behind_the_screen_is_hidden_from_the_others",
                _SF + "test_which_sockets_are_hidden_depends_only_on_public_facts",
                _SF + "test_the_picks_of_a_secret_attachment_are_not_shown",
                _SF + "test_a_mamabites_empty_slots_are_hidden_with_the_rest",
            ),
        ),
        (
            "secret.fittings-shown-on-board",
            "Whatever was fitted behind the screen shows when its Hewn enters the "
            "board.",
            '"the heart card can be secretly attached (i.e. inserted) behind the '
            'players screen"',
            (_SF + "test_entering_the_board_shows_the_fittings_and_heart",),
        ),
        (
            "secret.revealed-on-death-or-control-change",
            "A death or a change of controller (a stun included) opens the whole "
            "Hewn: load, fittings and heart.",
            '"many Hewns can store some or all of their Substract in secret locations, '
            "which clearly means that opponents will not necessarily know if that "
            'Hewn has Substract or not!"',
            (
                _SL + "test_death_and_a_change_of_controller_reveal_the_load",
                _SF + "test_a_death_or_a_change_of_controller_reveals_the_hewn",
            ),
        ),
        (
            "secret.questions-from-public-facts",
            "Whether another seat is asked a question, and what its open decision "
            "shows, depends on public facts only.",
            '"many Hewns can store some or all of their Substract in secret locations, '
            "which clearly means that opponents will not necessarily know if that "
            'Hewn has Substract or not!"',
            (
                _SL + "test_the_kind_question_comes_from_public_facts",
                _SL + "test_another_seats_payment_shares_do_not_show_its_secret_load",
                _SL + "test_hidden_loads_stay_hidden_in_whole_games",
                _SF + "test_twin_worlds_show_a_seat_the_same_hidden_fittings",
            ),
        ),
        (
            "secret.determinize",
            "A bot's sampled world deals the hidden loads and fittings again, "
            "consistent with everything its seat has seen.",
            '"many Hewns can store some or all of their Substract in secret locations, '
            "which clearly means that opponents will not necessarily know if that "
            'Hewn has Substract or not!"',
            (
                _SL + "test_determinize_deals_hidden_loads_that_fit_what_the_seat_saw",
                _SF + "test_determinize_deals_the_hidden_pieces_by_socket_kind",
            ),
        ),
    ),
)
"""Every rule the engine plays (the hidden loads excepted)."""


def _examples(
    section: str,
    *rows: tuple[str, str, str, tuple[str, ...]]
    | tuple[str, str, str, tuple[str, ...], str],
) -> list[WorkedExample]:
    return [WorkedExample(row[0], section, *row[1:]) for row in rows]


EXAMPLES: tuple[WorkedExample, ...] = (
    *_examples(
        "Encounters",
        (
            "example.igil-picks",
            "An Igil with 8 Substract picks 2 laser, 3 area and 1 screen: 6 are used.",
            '"Hence a total 6 Substract must be used up for the weapon fire & '
            'shielding"',
            (_WE + "test_the_igil_picks_six_dice_of_its_eight_substract",),
        ),
        (
            "example.gunana-and-sunger",
            "A laser die rolling 2 with a Gunana and a Sicket Sunger makes 4; a 0 "
            "gets no bonus.",
            '"He is now able to add +2 (for his two +1 weapons) to give him a "4" '
            'strength attack"',
            (_RA + "test_weapon_bonus_counts_only_on_a_nonzero_weapon_roll",),
        ),
    ),
    *_examples(
        "Hewn turns and action points",
        (
            "example.swarm-claws",
            "Two members with claws let a swarm mine with 2 dice.",
            '"would roll 2 mining dice for those claws plus any other bonus dice"',
            (_SW + "test_example_1_claws_on_two_members_roll_two_mining_dice",),
        ),
        (
            "example.swarm-sockets",
            "The Veyark & 8 Arkz swarm has 5 Nanasockets and 3 Sicket sockets on "
            "its members.",
            '"5 smaller Arkz each with a Nanasocket and 3 bigger Arkz each equipped '
            'with a Sicket Socket"',
            (
                _SW + "test_members_carry_the_sockets_of_the_card",
                _SW + "test_example_2_member_sockets_take_technologies_by_banjering",
            ),
        ),
        (
            "example.swarm-actions",
            "The Veyark & Arkz swarm does 4 actions, as it has 4 action points.",
            '"The Veyark & Arkz swarm can only do 4 actions as it only has 4 action '
            'points"',
            (_SW + "test_it_only_has_4_action_points",),
        ),
    ),
    *_examples(
        "Mining and danger",
        (
            "example.major-miner-claw",
            "A Major Miner with a claw mining a +1 mine aggressively rolls 6 "
            "mining and 2 danger dice.",
            '"It rolls 6 mining dice"',
            (_MI + "test_golden_major_miner_claw_example",),
        ),
        (
            "example.gozzbag",
            "Major Gozzbag adds a mining die and a danger die.",
            '"the Hewn will also have to roll 1 additional danger dice"',
            (_MI + "test_gozzbag_adds_a_mining_and_a_danger_die",),
        ),
        (
            "example.dreampogg-lava-and-snedj",
            "A Dreampogg rolls lava and Snedj beside a planet attack: lava next "
            "door, the Snedj on its own space, 8 close combat dice at it.",
            '"Places lava in adjacent space and then Snedj nest onto Dreampogg '
            'space. Must roll 8 Close combat dice"',
            (_WE + "test_the_dreampogg_rolls_lava_and_snedj_beside_a_planet_attack",),
        ),
        (
            "example.scraveler-mining",
            "A Midocondrian Scraveler mines aggressively with the Gozzbag: re-rolls "
            "a 0, takes 8 and keeps 2, cancels the lava with the respite, and "
            "survives the Snedj 6 to 5 with two screens.",
            '"The Hewn takes 2+2+3+1=8 Normal Substract"; "The Midocondrian is thus '
            'safe."',
            (_WE + "test_the_midocondrian_scraveler_mines_among_danger_tokens",),
        ),
    ),
    *_examples(
        "The auction",
        (
            "example.turn-order-deal",
            "Squeakie, who won the turn-order stack, hands out 2, 4 and 1 face down "
            "and keeps 3.",
            '"hands "2" to the player called Furcle, "4" to the player called Gilly, '
            '"1" to player PandaPosey, and keeps turn order "3" for herself"',
            (_WE + "test_squeakie_deals_the_turn_order_cards",),
        ),
        (
            "example.income-and-offer",
            "The scenario's numbers: the offer of 1 big, 2 medium and 4 small "
            "Hewns and 4 technologies, 4 Bidoxes a player at 4 players, 19 dirty "
            "Substract of income.",
            '"players should draw 1 big Hewn card, 2 medium Hewn cards, 4 small Hewn '
            'cards, 4 technology & scouting cards"',
            ("tests/hewns/test_data.py::test_scenario_printed_values",),
        ),
        (
            "example.bidox-worth-eleven",
            "A Bidox of 3 normal and 7 dirty Substract with a Nananbite bids 11.",
            '"The total bid is worth 11 (3+7+1).)"',
            (
                _NA + "test_bidox_example_worth_eleven_winner_pays_only_substract",
                _NA + "test_the_opening_tells_a_hacked_bidoxs_bid_and_payment",
            ),
        ),
    ),
    *_examples(
        "Recovery",
        (
            "example.recovery-major-miner",
            "A damaged Major Miner with a Nananbite and a Fixito rolls 9 and 5 "
            "against a 4 and is mended.",
            "\"He rolls 9 for the Fixito's d10 and 5 for the Nanadice. His best roll "
            'is 9."',
            (
                _NA + "test_recovery_example_major_miner_with_a_nananbite_and_a_fixito",
                _HE + "test_golden_a_stone_heart_mends_the_damaged_major_miner",
            ),
        ),
    ),
    *_examples(
        "Moving, entrances and tunnels",
        (
            "example.dreampogg-forced-move",
            "A Dreampogg that must leave its space steps into a planet attack, "
            "survives it and moves on.",
            '"He moves into a space of a planet attack, survives the attack, and '
            'optionally moves again"',
            (
                _WE
                + "test_the_dreampogg_forced_out_survives_the_planet_attack_and_moves_on",
            ),
        ),
        (
            "example.minor-miner-turn",
            "A Minor Miner steps twice to a mine, mines, steps to the entrance and "
            "burns a Substract to leave the board.",
            '"He then "burns a Substract" to move an additional space - which is '
            'enough to move him off the board."',
            (_WE + "test_the_minor_miners_turn_steps_mines_and_burns_off_the_board",),
        ),
        (
            "example.dreampogg-digs-tunnel-9",
            "A Dreampogg with 3 action points digs tunnel 9 to a Clampeyt, stands "
            "in it and fires its Sicket Sunger.",
            '"he places tunnel 9 between the two spaces, and places the Dreampogg on '
            'the tunnel 9 space"',
            (
                _DI + "test_golden_the_dreampogg_digs_tunnel_9_to_attack_the_clampeyt",
                _DI + "test_golden_the_dreampogg_places_itself_in_its_new_tunnel",
            ),
        ),
        (
            "example.tunnel-costs-two",
            "Into a normal tunnel and out the other side costs 2 action points.",
            '"Total cost 2 action points."',
            (
                _DI
                + "test_golden_into_a_normal_tunnel_and_out_the_other_side_costs_two",
            ),
        ),
        (
            "example.enlarge-small-to-big",
            "A digger in its small tunnel makes it medium, then big, for 1 action "
            "point each.",
            '"increase its tunnel size to a medium tunnel by spending 1 action point"',
            (_DI + "test_a_digger_in_its_tunnel_enlarges_it_for_one_ap_each_size",),
        ),
        (
            "example.bliog-climb",
            "A Bliog with 3 action points cannot climb where the Mudgestick would "
            "touch another space.",
            "\"cannot climb to it, because the Mudgestick can't be orientated "
            'without touching another Ravine or Node"',
            (
                _FL
                + "test_bliog_with_3_action_points_cannot_climb_where_the_stick_touches_a_node",
            ),
        ),
        (
            "example.sveanivo-flight",
            "A Sveanivo flies when its d10 is not 0, and dies on a 0.",
            '"The Sveanivo rolls a "0" when attempting to fly and dies"',
            (
                _FL + "test_sveanivo_flies_between_two_spaces_when_the_d10_is_not_0",
                _FL + "test_sveanivo_rolling_0_dies_and_its_substract_is_destroyed",
            ),
        ),
        (
            "example.chumbee-magnetic-tunnel",
            "A Chumbee goes through a magnetic tunnel for 1 action point.",
            '"Chumbee moving through a magnetic tunnel. (Costs 1 action point.)"',
            (_FL + "test_chumbee_moves_through_a_magnetic_tunnel_for_1_action_point",),
        ),
    ),
    *_examples(
        "Line of sight",
        (
            "example.dreampogg-in-the-tunnel",
            "The sight picture: the Dreampogg in the tunnel sees the one at its "
            "end; the Fogbear sees only the one in the tunnel.",
            '"Fogbear (8) can\'t see Dreampogg at (1) but can see Dreampogg at (7)!"',
            (_DI + "test_golden_the_los_picture_the_dreampogg_in_the_tunnel",),
        ),
    ),
    *_examples(
        "Transmission",
        (
            "example.fogbear-chain",
            "The Fogbear's 4 Substract go through the Igil and the Bliog to the "
            "Cataclysm.",
            '"the Fogbear transfers all of the Substract to the Igil; the Igil '
            'transfers to the Bliog; and the Bliog transfers to the Cataclysm"',
            (_TR + "test_transmit_along_a_chain_through_a_full_relay",),
        ),
        (
            "example.sveanivo-pays-from-the-veyark",
            "A Sveanivo with 1 Substract pays its 2 picks from a Veyark it sees and "
            "keeps its own.",
            '"it uses 2 Substract from the Veyark and keeps its own Substract"',
            (
                _CP + "test_ranged_picks_use_the_chain_and_the_payer_splits",
                _SI + "test_a_chain_payment_draws_from_the_nearest_first",
            ),
        ),
    ),
    *_examples(
        "Encounters",
        (
            "example.gombat-seven",
            "A Gombat with 8 Substract uses at most 7; all 7 on weapons leaves no "
            "screen.",
            '"Using all 7 for its weapon fire would also mean the Gombat is unable '
            'to create any body screens!"',
            (_WE + "test_the_gombat_with_seven_on_weapons_has_no_screen_left",),
        ),
    ),
    *_examples(
        "Ranged encounters",
        (
            "example.chailbine-and-the-clogg",
            "A Chailbine Zach in a damaged Clogg's space neither fires nor is fired "
            "at at range.",
            '"While in that space he cannot attack anything at range, nor can he be '
            'attacked by other enemy Hewns at range."',
            (_RA + "test_sharing_a_space_blocks_ranged_encounters",),
        ),
        (
            "example.ranged-1-mistaken-attack",
            "A Cataclysm announces with no Substract, malfunctions, and the "
            "Sveanivo's laser 2 kills it.",
            '"He rolls a 2, and because the Cataclysm was stunned it is immediately '
            'killed."',
            (_RA + "test_malfunction_stuns_and_the_hewn_can_still_be_hit",),
        ),
        (
            "example.ranged-2-combined-attack",
            "A Chailbine Zach shoots the Igil; the Igil and a Sveanivo with an "
            "implosion bomb combine on it.",
            '"all of those Hewns will simply roll their attack dice together to get '
            'a combined attack total"',
            (
                _BM + "test_ranged_example_2_with_the_implosion_bomb",
                _RA + "test_chailbine_attack_of_example_2",
                _RA + "test_combined_attack_and_chailbine_defence_of_example_2",
            ),
        ),
        (
            "example.ranged-3-no-reaction",
            "The Smeggler cannot react to the Flappchap that ends in a shared space.",
            '"the Smeggler is prevented from announcing an encounter"',
            (_RW + "test_example_3_no_reaction_to_the_movement_or_the_encounter",),
        ),
    ),
    *_examples(
        "Artillery",
        (
            "example.igil-artillery",
            "An Igil's artillery at a Four-way Gotler: no +1, the Gotler discards "
            "the 3 and dodges.",
            '"the +1 effect doesn\'t work when using his artillery ability"',
            (
                _A + "test_the_artillery_example",
                _A + "test_the_narration_tells_the_shot_in_a_few_lines",
            ),
        ),
    ),
    *_examples(
        "Same-space encounters",
        (
            "example.bliog-picks-its-target",
            "A Bliog entering a space with a stunned Chumbee and a damaged Drump "
            "names which one it encounters.",
            '"The red player will have to decide which of the Hewns his target is!"',
            (
                _WE
                + "test_the_bliog_names_its_target_between_a_neutral_and_a_damaged_enemy",
            ),
        ),
        (
            "example.repair-dice",
            "A Bliog rolls 1 d10 for a repair, a Spricelos 2.",
            '"A Bliog rolls 1d10 for any repair it tries. A Spricelos rolls 2d10 '
            'for any repair it tries."',
            (
                _WE
                + "test_the_bliog_names_its_target_between_a_neutral_and_a_damaged_enemy",
                _SS + "test_body_repair_of_a_friend_hands_the_turn_over",
            ),
        ),
        (
            "example.samespace-1-body-repair",
            "A Dreampogg mends a damaged friendly Fogbear (5 and 9 against 8), which "
            "then takes its turn.",
            '"This time he rolls a "5" for the surviving Nananbite, and a "9" for the '
            'Fixito."',
            (
                _NA + "test_example_1_body_repair_with_two_nananbites_and_a_fixito",
                _SS + "test_body_repair_of_a_friend_hands_the_turn_over",
            ),
        ),
        (
            "example.samespace-2-brain-repair-against-attack",
            "A Spricelos brain-repairs a Midocondrian Scraveler that attacks it and "
            "escapes its attack with two escapes.",
            "\"The Spricelos's turn is over; and the Midocondrian takes a turn as a "
            'new orange controlled Hewn."',
            (
                _SS + "test_example_2_brain_repair_against_an_attack",
                _NA + "test_example_2_midocondrians_nananbite_defends_the_brain_repair",
            ),
        ),
        (
            "example.samespace-3-two-brain-repairs",
            "A Dreampogg and a Gombat both brain-repair: the draw of 7 goes to the "
            "Gombat, whose 8 takes the Dreampogg.",
            '"The highest roll on both sides was 7, (which is a draw.)"',
            (
                _NA
                + "test_example_3_mamabite_dreampogg_and_gombat_with_five_nananbites",
                _HE + "test_golden_the_gombat_defends_with_its_heart_card",
            ),
        ),
        (
            "example.samespace-4-both-succeed",
            "A Minor Miner and an Igil both brain-repair each other successfully; "
            "only the former reactor acts.",
            '"only the Hewn who was "not moving" can now take a turn!"',
            (
                _NA + "test_example_4_both_brain_repairs_succeed_with_nanadice",
                _V2
                + "test_after_a_double_brain_repair_the_mover_is_retreated_by_its_new_owner",
            ),
        ),
    ),
    *_examples(
        "Dice in encounters",
        (
            "example.flappchap-rerolls",
            "A Flappchap re-rolls its laser die (2), then a close combat 0 (1), to "
            "beat 3 with 4.",
            '"He rolls a "1" and now has a total of 4, so his attack is successful."',
            (_SS + "test_flappchap_rerolls_example",),
        ),
        (
            "example.gotler-dodge",
            "The Gotler dodges the Scraveler's laser 3 to a 1; the Scraveler's "
            "re-roll makes it 2 and wins 5 to 4.",
            '"This gives him a new total is 5 - which is enough for his attack to be '
            'successful."',
            (
                _SS + "test_dodge_example_in_close_combat",
                _RA + "test_dodge_then_reroll_alternate",
            ),
        ),
    ),
)
"""Every worked example of the rulebook, with the tests that replay it."""
