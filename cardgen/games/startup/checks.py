"""The meaning checks of the startup game's data: what a schema cannot say.

Each check is one function named after the rule it enforces. They run after every document
has passed its schema; kinds the user did not pass are filled in from the shipped data.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from cardgen.data.checks import (
    CheckContext,
    CheckList,
    art_files,
    authored_notes,
    provenance_problems,
    ruling_notes,
    unknown_icons,
    unknown_rulings,
    unprintable_texts,
)
from cardgen.data.documents import Document
from cardgen.data.facts import fact_values
from cardgen.data.schema import did_you_mean
from cardgen.games.startup.model import (
    ATTACK_KINDS,
    MARKER_KINDS,
    PROVENANCE_FIELDS,
    TACTIC_CATEGORIES,
    VALUE_CATEGORIES,
    money,
)
from cardgen.games.startup.texts import LABELS
from cardgen.problems import Problem

GAME = "startup"
KINDS = ("game", "deck", "components", "rulings")


class Context(CheckContext):
    def __init__(self, docs: list[Document]):
        super().__init__(GAME, KINDS, docs)

    def cards(self) -> Iterator[tuple[Document, list[Any], dict]]:
        deck = self.one("deck")
        if deck is not None:
            for i, c in enumerate(deck.data["cards"]):
                yield deck, ["cards", i], c

    def card_ids(self) -> dict[str, dict]:
        return {c["id"]: c for _, _, c in self.cards()}


CHECKS = CheckList()
check = CHECKS.rule


def _unknown_card(doc: Document, ref: str, ids: dict[str, dict], *path: Any) -> Problem:
    return doc.problem("card-unknown", f"no card with id '{ref}'{did_you_mean(ref, sorted(ids))}", *path)


@check
def card_ids_unique(ctx: Context) -> Iterator[Problem]:
    seen: dict[str, int] = {}         # id or name -> the line that first gave it
    for doc, path, c in ctx.cards():
        keys = {c["id"]: "id", c["name"].casefold(): "name"}       # one key when they agree
        for key, field in keys.items():
            if key in seen:
                # where the first is, as Briefcase's company-duplicate says: the deck is long
                yield doc.problem("card-duplicate", f"card '{c['name']}' reuses the id or name '{key}' "
                                  f"(first used at line {seen[key]})", *path, field)
                break
            seen[key] = doc.at(*path, field)[0]
    comp = ctx.one("components")
    if comp is not None:
        types = comp.data["startups"]["types"]
        seen = set()
        for i, t in enumerate(types):
            if t["id"] in seen:
                yield comp.problem("startup-duplicate", f"startup type '{t['id']}' is listed twice",
                                   "startups", "types", i, "id")
            seen.add(t["id"])


# Effect parameters that are numbers the text may print (PR Crisis: "Subtract $75M while it
# stays"; Patent Lawsuit: "Only one pending Lawsuit per player"): marked like name, value, count.
NUMBER_PARAMETERS = ("amount", "max_pending")


@check
def provenance_marked(ctx: Context) -> Iterator[Problem]:
    """Every card's name, value, count and numeric effect parameters, every number of the game's
    rules and table size and every box total is either a fact (with its passage) or authored."""
    for doc, path, c in ctx.cards():
        numbers = tuple(k for k in NUMBER_PARAMETERS if k in c["effect"])
        yield from provenance_problems(doc, path, c, PROVENANCE_FIELDS + numbers, source="the text")
    game = ctx.one("game")
    if game is not None:
        g = game.data
        record = {"name": "game", "facts": g.get("facts", {}), "authored": g.get("authored", [])}
        yield from provenance_problems(game, [], record, ("card_size_mm",), source="the text")
        yield from provenance_problems(game, ["rules"], record, tuple(g["rules"]), source="the text",
                                       marks=[])
        players = {"name": "players", **g["players"]}
        yield from provenance_problems(game, ["players"], players, ("min", "max", "default"),
                                       source="the text")
    comp = ctx.one("components")
    if comp is not None:
        contents = {"name": "contents", **comp.data["contents"]}
        yield from provenance_problems(comp, ["contents"], contents,
                                       [k for k in comp.data["contents"] if k not in ("facts", "authored")],
                                       source="the text")


@check
def values_in_range(ctx: Context) -> Iterator[Problem]:
    game = ctx.one("game")
    if game is None:
        return
    low, high = game.data["rules"]["value_card_range"]
    tactic = game.data["rules"]["tactic_bank_value"]
    if low > high:
        yield game.problem("value-range", f"value_card_range [{low}, {high}] is upside down",
                           "rules", "value_card_range")
    for doc, path, c in ctx.cards():
        if c["category"] in TACTIC_CATEGORIES and c["value"] != tactic:
            yield doc.problem("value-range", f"{c['name']} is a tactic: it banks for {money(tactic)}, "
                              f"not {money(c['value'])}", *path, "value")
        if c["category"] in VALUE_CATEGORIES and not low <= c["value"] <= high:
            yield doc.problem("value-range", f"{c['name']} is worth {money(c['value'])}; value cards are "
                              f"worth {money(low)}-{money(high)}", *path, "value")


@check
def totals_match_contents(ctx: Context) -> Iterator[Problem]:
    comp, deck = ctx.one("components"), ctx.one("deck")
    if comp is None or deck is None:
        return
    want = comp.data["contents"]
    cards = [c for _, _, c in ctx.cards()]
    found = {
        "draw_pile": sum(c["count"] for c in cards),
        "value_cards": sum(c["count"] for c in cards if c["category"] in VALUE_CATEGORIES),
        "tactics": sum(c["count"] for c in cards if c["category"] in TACTIC_CATEGORIES),
    }
    words = {"draw_pile": "draw-pile cards", "value_cards": "value cards", "tactics": "tactics"}
    for key, total in found.items():
        if total != want[key]:
            yield deck.problem(f"contents-{key.replace('_', '-')}",
                               f"the cards add up to {total} {words[key]}; the box has {want[key]} "
                               "(components.yaml contents)", "cards")
    st = comp.data["startups"]
    startups = st["copies_per_type"] * len(st["types"])
    if startups != want["startups"]:
        yield comp.problem("contents-startups", f"{len(st['types'])} startup types x "
                           f"{st['copies_per_type']} copies = {startups} Startup cards; the box has "
                           f"{want['startups']}", "startups")
    if comp.data["references"]["count"] != want["references"]:
        yield comp.problem("contents-references", f"{comp.data['references']['count']} Reference "
                           f"cards; the box has {want['references']}", "references", "count")


@check
def players_fit_the_box(ctx: Context) -> Iterator[Problem]:
    game, comp = ctx.one("game"), ctx.one("components")
    if game is None:
        return
    p, r = game.data["players"], game.data["rules"]
    if not p["min"] <= p["default"] <= p["max"]:
        yield game.problem("players-range", "players: default must lie between min and max",
                           "players", "default")
    if comp is not None and p["max"] > comp.data["references"]["count"]:
        yield game.problem("players-references", f"{p['max']} players need {p['max']} Reference "
                           "cards", "players", "max")
    if comp is not None and len(comp.data["startups"]["types"]) < r["startup_choices"]:
        yield game.problem("startup-choices", f"each player is dealt {r['startup_choices']} "
                           "different startup types; there are fewer types", "rules", "startup_choices")
    deck = ctx.one("deck")
    if deck is not None:
        pile = sum(c["count"] for _, _, c in ctx.cards())
        if p["max"] * r["opening_hand"] > pile:
            yield game.problem("opening-hands", f"{p['max']} opening hands of {r['opening_hand']} "
                               f"need more than the {pile} cards of the draw pile", "rules", "opening_hand")
    if r["opening_hand"] > r["hand_limit"]:
        yield game.problem("opening-hands", "the opening hand is larger than the hand limit",
                           "rules", "opening_hand")


@check
def effect_parameters_fit(ctx: Context) -> Iterator[Problem]:
    """Parameters the schema allows but the rules cannot use."""
    ids = ctx.card_ids()
    categories = {c["category"] for c in ids.values()}
    for doc, path, c in ctx.cards():
        eff, kind = c["effect"], c["effect"]["kind"]
        where = [*path, "effect"]
        if c["category"] in VALUE_CATEGORIES and kind not in ("none", "take_from_hand"):
            yield doc.problem("effect-params", f"{c['name']}: a value card's effect can only be "
                              f"'none' or an Investor exchange, not '{kind}'", *where, "kind")
        if kind == "take_from_hand" and eff["gives_this_card"] and c["category"] not in VALUE_CATEGORIES:
            yield doc.problem("effect-params", f"{c['name']}: giving this card adds its value to the "
                              "target, so it must be a value card", *where, "gives_this_card")
        if kind == "take_banked" and eff.get("ends_alliance") and eff["target"] != "ally":
            yield doc.problem("effect-params", f"{c['name']}: only an attack on your ally can end "
                              "the alliance", *where, "ends_alliance")
        if kind in ("return_to_hand", "attach_protection") and eff["category"] not in categories - set(
                TACTIC_CATEGORIES):
            yield doc.problem("effect-params", f"{c['name']}: no value card has category "
                              f"'{eff['category']}'", *where, "category")
        if kind == "remove_marker":
            target = ids.get(eff["marker"])
            if target is None:
                yield _unknown_card(doc, eff["marker"], ids, *where, "marker")
            elif target["effect"]["kind"] not in MARKER_KINDS:
                yield doc.problem("effect-params", f"{c['name']}: '{eff['marker']}' leaves no marker "
                                  "to remove", *where, "marker")
        if kind == "attach_protection" and not any(r["by"] == "attached" for r in c.get("reactions", [])):
            yield doc.problem("effect-params", f"{c['name']}: an attached protection needs a reaction "
                              "'by: attached' saying what it cancels", *where)
        if kind == "penalty_marker" and eff["amount"] <= 0:
            yield doc.problem("effect-params", f"{c['name']}: a penalty must be positive", *where, "amount")


@check
def reactions_resolve(ctx: Context) -> Iterator[Problem]:
    """Every reaction answers an existing card, in a way that card can be answered."""
    ids = ctx.card_ids()
    for doc, path, c in ctx.cards():
        has = bool(c.get("reactions"))
        if (c["category"] == "reaction") != has:
            yield doc.problem("reaction-category", f"{c['name']}: cards with reactions are in category "
                              "'reaction', and reaction cards have reactions", *path, "category")
        for i, r in enumerate(c.get("reactions", [])):
            where = [*path, "reactions", i]
            target = ids.get(r["against"])
            if target is None:
                yield _unknown_card(doc, r["against"], ids, *where, "against")
                continue
            kind = target["effect"]["kind"]
            if r["action"] in ("cancel", "reverse") and kind not in ATTACK_KINDS:
                yield doc.problem("reaction-target", f"{c['name']}: {target['name']} is not an attack, "
                                  f"so it cannot be answered with '{r['action']}'", *where, "against")
            on_ally = kind == "take_banked" and target["effect"]["target"] == "ally"
            if r["action"] == "reverse" and not (on_ally and r["by"] == "target"):
                yield doc.problem("reaction-target", f"{c['name']}: only the ally targeted by a move of "
                                  "their banked card can reverse it (by: target)", *where)
            if r["by"] == "attached" and c["effect"]["kind"] != "attach_protection":
                yield doc.problem("reaction-target", f"{c['name']}: 'by: attached' needs an "
                                  "attach_protection effect", *where, "by")
            if r["action"] == "override":
                during = r.get("during")
                answers = {x["against"] for x in target.get("reactions", [])}
                if r["by"] != "attacker":
                    yield doc.problem("reaction-target", f"{c['name']}: an override is used by the "
                                      "attacker", *where, "by")
                if during is None:
                    yield doc.problem("reaction-target", f"{c['name']}: an override names the attack "
                                      "it lets through under 'during'", *where)
                elif during not in ids:
                    yield _unknown_card(doc, during, ids, *where, "during")
                elif during not in answers:
                    yield doc.problem("reaction-target", f"{c['name']}: {target['name']} never answers "
                                      f"{ids[during]['name']}", *where, "during")
            elif r.get("during") is not None:
                yield doc.problem("reaction-target", "'during' only goes with an override", *where, "during")


# A money amount as the cards print it: "$125M", "$1,000M".
AMOUNT = re.compile(r"\$(\d{1,3}(?:,\d{3})+|\d+)M")


def _amounts(text: Any) -> list[int]:
    # (no amount is longer than 15 digits: Python refuses to read one of thousands)
    return [int(a.replace(",", "")) for a in AMOUNT.findall(str(text)) if len(a) <= 20]


@check
def printed_amounts_match(ctx: Context) -> Iterator[Problem]:
    """A money amount a card's text prints is the card's value or a number of its effect, and
    one the Reference card prints is a number of the rules, the Startup's value or a card's: a
    value changed in the data and not in the text printed a card that says otherwise than the
    game plays (a warning: a text may quote another amount on purpose)."""
    numbers: set[int] = set()
    for doc, path, c in ctx.cards():
        own = {c["value"]} | {c["effect"][k] for k in NUMBER_PARAMETERS if k in c["effect"]}
        numbers |= own
        for amount in _amounts(c["text"]):
            if amount not in own:
                extra = [money(v) for v in sorted(own - {c["value"]})]
                also = f" nor an amount of its effect ({', '.join(extra)})" if extra else \
                    " nor an amount of its effect"
                yield doc.problem("text-amount", f"{c['name']}: its text prints {money(amount)}, which "
                                  f"is not its value ({money(c['value'])}){also}", *path, "text",
                                  severity="warning")
    comp, game = ctx.one("components"), ctx.one("game")
    if comp is None or game is None:
        return
    startup = comp.data["startups"]["value"]
    rules = {v for v in game.data["rules"].values() if isinstance(v, int) and not isinstance(v, bool)}
    known = numbers | rules | {startup}
    text = comp.data["references"]["text"]
    for amount in _amounts(text):
        if amount not in known:
            yield comp.problem("text-amount", f"the Reference card prints {money(amount)}, which is "
                               "no number of the rules, the Startup's value or a card's",
                               "references", "text", severity="warning")
    if startup not in _amounts(LABELS["label:startup_rule"]):
        # the Startup card's rule line is a label of cardgen's, which a workspace cannot edit
        yield comp.problem("text-amount", f"the Startup cards print \"{LABELS['label:startup_rule']}\" "
                           f"(a label of cardgen's), but the Startup's value here is {money(startup)}",
                           "startups", "value", severity="warning")


check(unknown_rulings)
check(fact_values)
check(unknown_icons)
check(unprintable_texts)
check(art_files)


class StartupRules:
    id = GAME

    def check(self, docs: list[Document]) -> list[Problem]:
        return CHECKS.run(Context(docs))

    def authored_values(self, docs: list[Document]) -> list[Problem]:
        notes: list[Problem] = []
        for doc in docs:
            if doc.kind == "deck":
                for i, c in enumerate(doc.data["cards"]):
                    notes.extend(authored_notes(doc, ["cards", i], c, c["name"]))
                    # An authored effect number (a PR Crisis of one's own's amount) is the
                    # effect's, not the card's: authored_notes, reading the card, left it out.
                    notes.extend(doc.problem("authored", f"{c['name']} {name} = {c['effect'][name]}",
                                             "cards", i, "effect", name, severity="note")
                                 for name in c.get("authored", [])
                                 if name in NUMBER_PARAMETERS and name in c["effect"])
            elif doc.kind == "game":
                players = doc.data["players"]
                notes.extend(authored_notes(doc, ["players"], players, "players"))
                for key in doc.data.get("authored", []):
                    value = doc.data[key] if key in doc.data else doc.data["rules"][key]
                    where = [key] if key in doc.data else ["rules", key]
                    notes.append(doc.problem("authored", f"game {key} = {value}", *where, severity="note"))
            elif doc.kind == "components":
                st = doc.data["startups"]
                if "names" in st.get("authored", []):
                    names = ", ".join(t["name"] for t in st["types"])
                    notes.append(doc.problem("authored", f"startup type names = {names}",
                                             "startups", "types", severity="note"))
                notes.extend(authored_notes(doc, ["references"], doc.data["references"], "Reference"))
            elif doc.kind == "rulings":
                notes.extend(ruling_notes(doc))
        return notes


RULES = StartupRules()
