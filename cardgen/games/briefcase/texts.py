"""Every Briefcase string that a card or insert prints, with its gettext context.

The renderer draws these through a Translator; ``cardgen i18n extract`` writes them to the
POT catalog. Labels used by layouts and inserts are listed in ``LABELS`` so that a string a
template prints is always a known message.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.games.briefcase.model import Briefcase, Company
from cardgen.i18n.messages import Message

# Fixed labels of cards and inserts: context suffix -> English.
LABELS: dict[str, str] = {
    "label:activated": "Activated",
    "label:deactivated": "Deactivated",
    "label:level_1": "1st Level",
    "label:level_2": "2nd Level",
    "label:per_activation": "Per activation",
    "label:players": "Players",
    "label:copies": "Copies",
    "label:central_bank": "Central Bank",
    "label:victory_point": "Victory Point",
    "label:resource_storage": "Resource Storage",
    "label:resource_block": "Resource Block",
    "label:company_block": "Company Block",
    "label:randomizer": "Randomizer",
    "label:decision": "Decision",
    "label:resource": "Resource",
    "label:company": "Company",
    "label:storage_limit": "Store at most 5 resources ({energy} excluded).",
    "label:central_bank_rule": "Play an {activate} and discard any number of {buy}: "
                               "take 1 {vp} card for each.",
    # Cards (cardgen/games/briefcase/cards.py)
    "label:game_name": "Briefcase",
    "label:block": "Block",
    "label:price": "Price",
    "label:central_bank_requirement": "Open to players with at least 2 activated 1st-level companies.",
    "label:help_buy": "Buy 1 company: pay its cost in {buy}. Buy resources: 1 {buy} each, "
                      "2 {buy} for Imported.",
    "label:help_activate": "Activate 1 of your companies: pay its activation cost. "
                           "Or invest in the Central Bank.",
    "label:help_obstacle": "Play 2 decision cards of the same type to move a block.",
    "label:help_hire": "Hire an opponent's activated company: pay its owner half its activation "
                       "cost (rounded up) and take its production.",
    "label:note_energy": "Returns to its pile when used. Not counted in the storage limit.",
    "label:note_imported": "Use as any resource except {energy}. For sale once a basic resource "
                           "pile is empty.",
    "label:note_resource_block": "Blocks one resource pile of the market.",
    "label:note_company_block": "Blocks one company pile of the portfolio.",
    # Rulebook inserts (templates/briefcase/inserts/)
    "label:setup": "Setup",
    "label:resource_market": "Resource market",
    "label:decision_bank": "Decision Bank",
    "label:each_player": "Each player",
    "label:starting_company": "Power Plant, deactivated side up",
    "label:hand_size": "Hand size",
    "label:turn_summary": "Turn summary",
    "label:turn_start": "At the start of the game every player draws 4 decision cards.",
    "label:turn_a": "A. Play any number of decision cards, in any order",
    "label:turn_buy": "{buy}: buy 1 company per turn (its cost in {buy}; a 2nd-level company needs 2 "
                      "activated 1st-level ones) or resources (1 {buy} each, {imported} 2).",
    "label:turn_activate": "{activate}: pay a company's activation cost, flip it to its activated side "
                           "and add its production to your discard pile. Or invest in the Central Bank.",
    "label:turn_hire": "{hire}: pay the owner half the activation cost (rounded up) of an activated "
                       "company and take its production.",
    "label:turn_obstacle": "{two_same}: 2 cards of the same type move a block.",
    "label:turn_b": "B. Discard the played cards and your hand",
    "label:turn_c": "C. Draw 4 decision cards; keep at most 5 resources ({energy} excluded)",
    "label:turn_end": "The game ends when only 2 resource types are left, no company can be bought, "
                      "or the Buy cards of the Decision Bank run out; finish the round.",
    "label:company_reference": "Companies",
    "label:cost": "Cost",
    "label:activation": "Activation",
    "label:ability": "Ability",
    "label:company_sets": "Company Sets",
    "label:company_sets_intro": "Instead of drawing randomizer cards, play with one of these sets.",
    "label:symbols": "Symbols",
    "label:art_credit": "Card pictures: Game Icons (game-icons.net) by its contributors, licensed under "
                        "CC BY 3.0 (creativecommons.org/licenses/by/3.0).",
    "label:symbol_buy": "Buy decision",
    "label:symbol_activate": "Activate decision",
    "label:symbol_hire": "Hire decision",
    "label:symbol_obstacle": "Obstacle decision",
    "label:symbol_decision": "Decision card (any)",
    "label:symbol_flip": "Flip",
    "label:symbol_start_of_turn": "Start of turn",
    "label:symbol_end_of_game": "End of game",
    "label:symbol_opponents": "All opponents",
    "label:symbol_opponent": "Opponent",
    "label:symbol_play": "Play a decision card",
    "label:symbol_draw": "Draw a decision card",
    "label:symbol_take_personnel": "Get a Personnel card from an opponent",
    "label:symbol_take_buy": "Pick a Buy card from an opponent",
    "label:symbol_take_activate": "Pick an Activate card from an opponent",
    "label:symbol_discard": "Discard a decision card",
    "label:symbol_remove": "Remove a decision card from the game",
    "label:symbol_two_same": "Two decision cards of the same type",
    "label:symbol_three_same": "Three decision cards of the same type",
    "label:symbol_resource_discard": "Resource discard pile",
    "label:symbol_company_1": "1st-level company",
    "label:symbol_company_2": "2nd-level company",
    "label:symbol_company_1_activated": "Activated 1st-level company",
    "label:symbol_company_2_activated": "Activated 2nd-level company",
    "label:symbol_company_1_deactivated": "Deactivated 1st-level company",
    "label:symbol_company_2_deactivated": "Deactivated 2nd-level company",
    "label:symbol_production": "Production",
    "label:score_pad": "Score pad",
    "label:player": "Player",
    "label:score_companies": "Victory points of activated companies",
    "label:score_abilities": "Victory points from company abilities",
    "label:score_central_bank": "Victory Point cards",
    "label:score_storage": "1 per 4 stored resources (Energy included)",
    "label:score_total": "Total",
    "label:score_tiebreak": "Tie: resources left in storage",
}


def messages_of_companies(companies: Iterable[Company]) -> list[Message]:
    out: list[Message] = []
    for c in companies:
        out.append(Message(f"company.{c.id}:name", c.name, "company name, card title"))
        out.append(Message(f"company.{c.id}:ability", c.ability.text,
                           "ability text on the company card; keep icon tokens like {steel}"))
    return out


def messages(game: Briefcase) -> list[Message]:
    """All messages of the Briefcase box, in a stable order (box order)."""
    out = messages_of_companies(game.companies.values())
    for d in game.decision_cards.values():
        out.append(Message(f"decision.{d.id}:name", d.name, "decision card type"))
    for r in game.resources.values():
        out.append(Message(f"resource.{r.id}:name", r.name, "resource card name"))
    for b in game.blocks.values():
        out.append(Message(f"block.{b.id}:name", b.name, "block card name"))
    for s in game.sets.values():
        out.append(Message(f"set.{s.id}:name", s.name, "name of an official company set"))
    for key, text in LABELS.items():
        out.append(Message(key, text, "card or insert label"))
    return out


def box_messages() -> list[Message]:
    """The messages of the Briefcase data, and of the new companies and names of the workspace's
    own company sets: what ``cardgen i18n`` extracts and checks."""
    from cardgen.games.briefcase.load import load_with_own_sets

    (game, _), *own_sets = load_with_own_sets()    # every set checked: a broken one is an error
    out = messages(game)
    known = {m.context for m in out}
    for _, own in own_sets:
        extra = messages_of_companies(own.new_companies)
        extra.append(Message(f"set.{own.id}:name", own.name, "name of a company set of yours"))
        out += [m for m in extra if m.context not in known]
        known |= {m.context for m in extra}
    return out
