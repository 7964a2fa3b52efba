"""English sentences from Free Market: NYC effects, for the printed aids and the board.

The stages, factories and politicians are data: lists of effects of one closed vocabulary
(``cards/fmnyc/README.md``). What they say on paper is generated here from those effects, so a
changed number in the data changes the printed sentence. Each generated sentence becomes the
English source of one translatable message (``texts.py``): a change in the data makes the old
translation fuzzy, as gettext intends.

Items are written as icon tokens (``{coin}``), which every layout of the game can draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class UnknownEffect(ValueError):
    """An effect kind this module cannot put into words: the vocabulary grew; add it here."""


def items(counts: Mapping[str, Any], joiner: str = " + ") -> str:
    """``{'coin': 3, 'worker': 1}`` as ``3 {coin} + 1 {worker}``."""
    return joiner.join(f"{n} {{{item}}}" for item, n in counts.items())


def _range(least: int, most: int) -> str:
    return str(least) if least == most else f"{least}-{most}"


def _rounds(by_round: Mapping[Any, int], last_holds: bool) -> list[tuple[str, int]]:
    """(rounds label, value) in round order, runs of one value joined: ``2-4``, ``5+``."""
    ordered = sorted((int(r), int(v)) for r, v in by_round.items())
    runs: list[tuple[int, int, int]] = []
    for r, v in ordered:
        if runs and runs[-1][2] == v and runs[-1][1] == r - 1:
            runs[-1] = (runs[-1][0], r, v)
        else:
            runs.append((r, r, v))
    out = []
    for i, (a, b, v) in enumerate(runs):
        last = i == len(runs) - 1
        label = f"{a}+" if last and last_holds else (str(a) if a == b else f"{a}-{b}")
        out.append((label, v))
    return out


def _joined(parts: list[str]) -> str:
    """Sentences of one option as one: ``Pay 6 {coin}, then collect 1 {truck}``."""
    return ", then ".join([parts[0]] + [p[0].lower() + p[1:] for p in parts[1:]])


def sentence(effect: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """One effect in words. ``names``: stage and factory ids to the names printed for them."""
    names = names or {}
    kind = effect["kind"]
    may = "You may " if effect.get("optional") else ""
    if kind == "gain":
        source = " from each opponent" if effect.get("from") == "each_opponent" else ""
        text = f"{may}{'collect' if may else 'Collect'} {items(effect['items'])}{source}"
    elif kind == "pay":
        if effect.get("to") == "tower":
            text = f"Donate {items(effect['items'])} to the tower {{tower}}"
        else:
            # coins are paid; a truck or a manager alone is given back
            verb = "Pay" if "coin" in effect["items"] else "Give"
            text = f"{verb} {items(effect['items'])} to the supply"
    elif kind == "take_first_player":
        text = "Take the first player cup {cup}"
    elif kind == "choose":
        options = " / ".join(f"({chr(ord('a') + i)}) " + _joined([sentence(e, names) for e in o["effects"]])
                             for i, o in enumerate(effect["options"]))
        twice = " (the same one twice allowed)" if effect.get("repeat") else ""
        text = f"{may}{'choose' if may else 'Choose'} {effect['pick']}{twice}: {options}"
    elif kind == "exchange_crate":
        text = f"Exchange {effect['count']} of your {{crate}} for one at the Container Site"
    elif kind == "sell_crate":
        text = f"Sell {effect['count']} {{crate}} to the supply at its Cost Price"
    elif kind == "buy_crate":
        text = f"Buy {effect['count']} {{crate}} at the Container Site at its Cost Price"
    elif kind == "place_roadblock":
        text = f"Place {effect['count']} {{roadblock}} in the Action Zone at once"
    elif kind == "establish_partnership":
        where = "factory" if effect["square"] == "factory" else "shop"
        text = f"Establish {effect['count']} {{shop}} on a {where} square"
    elif kind == "adjust_demand":
        way = {"either": "either way", "up": "up", "down": "down"}[effect["direction"]]
        meters = effect["meters"]
        which = "1 Market Demand meter" if meters == 1 else \
            f"up to {meters} {'different ' if effect.get('distinct') else ''}Market Demand meters"
        n = _range(*effect["notches"])
        text = f"Move {which} {n} notch{'es' if n != '1' else ''} {way}"
    elif kind == "update_prices":
        text = "Turn the Wholesale Price Cubes to the new prices"
    elif kind == "delivery":
        text = "Delivery Action {truck}"
    elif kind == "draw_hidden_crates":
        back = effect["draw"] - effect["keep"]
        text = f"Draw {effect['draw']} {{hidden_crate}}, keep {effect['keep']}, return {back} to the pouch"
    elif kind == "place_discs":
        text = (f"Take {effect['count']} {{disc}}: place at least {effect['place_at_least']} on the "
                f"Politicians' or Awards Panel, keep the other for later")
    elif kind == "hire_manager":
        parts = [f"round {r}: {'collect' if v > 0 else 'pay'} {abs(v)} {{coin}}"
                 for r, v in _rounds(effect["by_round"], effect.get("last_holds", False))]
        text = "Hire 1 {manager}: " + ", ".join(parts)
    elif kind == "take_tower":
        text = "Jackpot: take everything in the tower {tower}"
    elif kind == "perform_stage":
        text = f"Perform any stage from {effect['from_stage']} to {effect['to_stage']}"
    elif kind == "advance_round":
        text = "Move the Game Round Chip one notch"
    elif kind == "roll_demand":
        text = "Roll the demand die {die} for each Market Demand meter"
    elif kind == "fill_containers":
        text = f"Fill every container to {effect['crates']} {{crate}} from the pouch"
    elif kind == "factory_bonuses":
        text = "Factory partners collect their factory's bonus {shop}"
    elif kind == "recharge_politicians":
        to = "the tower {tower}" if effect["to"] == "tower" else "the supply"
        text = (f"Politician discs on -1: pay {effect['cost']} {{coin}} to {to} to turn to +1; "
                f"discs on +1 collect {effect['income']} {{coin}}")
    elif kind == "tax":
        rounds = _rounds(effect["by_round"], effect.get("last_holds", False))
        parts = [f"round {r}: {v} {{coin}}" for r, v in rounds]
        text = f"Tax for each {{manager}} over {effect['free_managers']}: " + ", ".join(parts)
    elif kind == "clear_strikes":
        text = "Return every {strike} in the Action Zone to the supply"
    elif kind == "auction":
        bonus = ""
        if effect.get("bonus"):
            bonus = (f"; the winner may buy {items(effect['bonus'])} for {effect.get('bonus_price', 0)} "
                     f"{{coin}}")
        text = (f"Auction: bid for the {effect['lot']} {{crate}} of one container, at least their "
                f"Cost Prices{bonus}")
    elif kind == "assign_managers":
        text = f"In turn, assign {effect['per_turn']} {{manager}} to a stage from 5 to 17"
    elif kind == "move_truck":
        whose = {"opponent": "an opponent's", "own": "your", "any": "any"}[effect["whose"]]
        text = f"Move {whose} {{truck}} to another square"
    elif kind == "remove_strike":
        text = "Remove a {strike} from the Action Zone"
    else:
        raise UnknownEffect(f"no words for the effect kind '{kind}'")
    if effect.get("from_round"):
        text += f" (from round {effect['from_round']})"
    return text


def sentences(effects: Iterable[Mapping[str, Any]], names: Mapping[str, str] | None = None) -> str:
    return ". ".join(sentence(e, names) for e in effects) + "."


def at(effect: Mapping[str, Any], players: Iterable[int]) -> bool:
    """Whether the effect applies at any of these player counts."""
    only = effect.get("players")
    return only is None or any(p in only for p in players)


def split_by_side(effects: list[Mapping[str, Any]], side: Iterable[int], other: Iterable[int]
                  ) -> tuple[list[Mapping[str, Any]], list[Mapping[str, Any]], list[Mapping[str, Any]]]:
    """The effects at ``side``'s player counts; those only at ``other``'s; those only at ``side``'s."""
    side, other = list(side), list(other)
    here = [e for e in effects if at(e, side)]
    return here, [e for e in effects if at(e, other) and not at(e, side)], \
        [e for e in effects if at(e, side) and not at(e, other)]


def difference(effects: list[Mapping[str, Any]], base: Iterable[int], few: Iterable[int]) -> str:
    """What changes at ``few`` players against ``base`` players, in words; "" when nothing."""
    _, only_few, only_base = split_by_side(effects, base, few)
    added = "; ".join(sentence(e) for e in only_few)
    dropped = "; ".join(sentence(e) for e in only_base)
    if added and dropped:
        return f"{added} (instead of: {dropped[0].lower() + dropped[1:]})."
    if added:
        return f"Also: {added[0].lower() + added[1:]}."
    if dropped:
        return f"Not: {dropped[0].lower() + dropped[1:]}."
    return ""
