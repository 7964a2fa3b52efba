"""The fixed labels of Free Market: NYC's board, cards, tokens and aids: context -> English.

Plain data, in a module of its own so that the engine (``engine/names.py``, naming things at
``cardgen play`` as the board prints them) reads the same words as the printing (``texts.py``)
without importing the printing.
"""

from __future__ import annotations

# Fixed labels of the board, cards, tokens and aids: context -> English.
LABELS: dict[str, str] = {
    "label:game_name": "Free Market: NYC",
    "label:tagline": "Tabletop trade in New York City",
    "label:career": "Career",
    "label:placeholder": "cardgen placeholder card",
    "label:serial": "No.",
    "label:stock": "Stock",
    "label:purchase_cost": "Buy",
    "label:early_trade": "Early",
    "label:end_game": "End",
    "label:strike": "Strike",
    "label:purchase_order": "Purchase Order",
    "label:roadblock": "Roadblock",
    "label:first_player": "First player",
    "label:score_lap": "+100",
    "label:character_hint": "Your slogan, said when you lose a partnership or roadblock, earns "
                            "1 {coin} from the supply.",
    "label:fold": "fold",
    # The board
    "label:players_side": "players",
    "label:stages_panel": "Stages Panel",
    "label:management_stages": "Management Stages",
    "label:operation_stages": "Operation Stages",
    "label:all_players": "all",
    "label:action_zone": "Action Zone",
    "label:street_roadblocks": "Street roadblocks {roadblock}: the column below",
    "label:train_roadblocks": "Train roadblocks {train}: the row to the right",
    "label:fee": "fee",
    "label:pawn_shop": "Pawn Shop",
        "label:container_site": "Container Site",
    "label:market_demand": "Market Demand",
    "label:cost_price": "Cost Price",
    "label:wholesale_formula": "Wholesale Price = Cost Price + Market Demand + row fee",
    "label:politicians_panel": "Politicians' Panel",
    "label:awards_panel": "Awards Panel",
    "label:requires": "Needs",
    "label:score_track": "Score track: every tracker starts on %(start)s; past %(last)s, put a +100 "
                         "marker beside it",
    "label:game_round": "Game Round",
    "label:donation_tower": "Donation Tower",
    "label:tower_hint": "Donations go here; Fundraiser's Jackpot takes them all.",
    "label:second_place": "2nd: %(half)s",
    "label:first": "1st",
    "label:second": "2nd",
    # Tiles of the board
    "label:board_map": "Board %(side)s: how the pages fit together",
    "label:board_map_hint": "Cut each page along its dashed line (left and top edges), lay it over "
                            "its neighbour so the marks meet and the picture continues, and glue. "
                            "Glue the whole onto card for a sturdy board.",
    "label:tile": "Board %(side)s, page %(tile)s of %(tiles)s",
    "label:cut_here": "cut",
    "label:scale_note": "printed at %(percent)s %%",
    # Aids
    "label:screen_delivery": "Delivery Action",
    "label:screen_values": "Scoring values",
    "label:screen_profits": "Partnerships and roadblocks",
    "label:screen_any_time": "At any time",
    "label:screen_index": "Where to get it",
    "label:screen_politicians": "Politicians",
    "label:screen_recharge": "Stage 2: politicians",
    "label:screen_scoring_order": "Scoring order",
    "label:screen_slogan": "Your character",
    "label:screen_fold": "Fold along the middle line, glue the halves back to back, then fold the "
                         "side panels to stand the screen.",
    "label:stages_reference": "Stages",
    "label:stage_number": "#",
    "label:stage": "Stage",
    "label:managers": "Managers",
    "label:capacity_extra": "+1 at %(players)s",
    "label:what_it_does": "What it does (4-5 players)",
    "label:with_2_3": "2-3 players",
    "label:no_change": "-",
    "label:scoring": "Scoring",
    "label:scoring_start": "Every Score Tracker starts on %(start)s.",
    "label:award_rules": "Awards: the nominee with the most of the category takes the full sum, "
                         "the next one half (at least 1 of the category). Tied first places all "
                         "take the full sum and there is no second; tied second places all take "
                         "half.",
    "label:score_sheet": "Score sheet",
    "label:player": "Player",
    "label:total": "Total worth",
    "label:start_worth": "Start",
    "label:components": "What to print, cut and find",
    "label:component": "Component",
    "label:in_box": "In the box",
    "label:printed": "Printed",
    "label:where_printed": "Where",
    "label:in_cards_pdf": "cards PDF",
    "label:in_board_pdf": "board PDF",
    "label:in_inserts_pdf": "inserts PDF",
    "label:not_printed": "find one",
    "label:stickers": "cards PDF: stickers for a cube or die",
    "label:coins": "Coins",
    "label:card_symbols": "Career card symbols",
    "label:you_need": "You also need: scissors, glue, an opaque bag or cup (the Concealment Pouch) "
                      "and, if you like, real cubes for the crates and coins for the money. "
                      "Fold the standees along their lines and glue the two halves back to back.",
}
