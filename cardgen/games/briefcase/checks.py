"""The meaning checks of Briefcase data: what a schema cannot say.

Each check is one function named after the rule it enforces; the rule id it reports is the
same name with dashes. They run after every document has passed its schema.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cardgen.data.checks import (
    CheckContext,
    CheckList,
    art_files,
    authored_notes,
    number_spellings,
    provenance_problems,
    ruling_notes,
    unknown_icons,
    unknown_rulings,
    unprintable_texts,
)
from cardgen.data.documents import Document, game_files
from cardgen.data.facts import fact_values
from cardgen.data.schema import did_you_mean
from cardgen.games.briefcase import changes
from cardgen.games.briefcase.model import DECISIONS, NUMERIC_FIELDS, PLAYER_COUNTS, RESOURCES
from cardgen.problems import Problem, shorten
from cardgen.render.icon_tokens import icon_names, unknown_tokens
from cardgen.render.layouts import LayoutError
from cardgen.safe_read import resolved

GAME = "briefcase"


class Context(CheckContext):
    """The documents of one check run, with the shipped data filled in for kinds the user did
    not pass (a custom set file is checked against the shipped companies)."""

    kind_hints = {"company-sets": "a set of your own is a file of 'kind: company-set', one set a file",
                  "companies": "new numbers for some companies go in a file of 'kind: company-changes'"}

    def __init__(self, docs: list[Document]):
        # Every kind the loader needs (load.BASE_KINDS): a game without one cannot be played.
        super().__init__(GAME, ("game", "companies", "components", "setup", "company-sets", "rulings"),
                         docs)

    def changes(self) -> dict[str, changes.Change]:
        """The company changes of the run (each company's first), by company id."""
        if not hasattr(self, "_changes"):
            raw = [c for d in self.of_kind("companies") for c in d.data["companies"]]
            self._changes, self.rejected_changes = changes.collect(self.docs + self.base, raw)
        return self._changes

    def companies(self) -> Iterator[tuple[Document, list[Any], dict]]:
        """(document, path, company) for every company, shipped and custom; a changed company
        is seen with its new values, at its change's position."""
        changed = self.changes()
        for doc in self.of_kind("companies"):
            for i, c in enumerate(doc.data["companies"]):
                change = changed.get(c["id"])
                if change is None:
                    yield doc, ["companies", i], c
                else:
                    yield change.doc, list(change.path), changes.applied(c, change)
        for doc in self.of_kind("company-set"):
            for i, c in enumerate(doc.data.get("new_companies", [])):
                yield doc, ["new_companies", i], c

    def shipped_companies(self) -> list[dict]:
        changed = self.changes()
        return [changes.applied(c, changed.get(c["id"]))
                for d in self.of_kind("companies") for c in d.data["companies"]]

    def lookup(self, extra: list[dict] | None = None) -> dict[str, dict]:
        """Every id, name and alias (case-folded) to its company."""
        table: dict[str, dict] = {}
        for c in self.shipped_companies():
            for key in (c["id"], c["name"], *c.get("aliases", [])):
                table[key.casefold()] = c
        for c in extra or []:
            # A new company that reuses a box company's id, name or alias is one problem
            # (company-duplicate); the box company keeps the key, so a set listing it is read
            # as it means, not as the newcomer listed twice.
            for key in (c["id"], c["name"], *c.get("aliases", [])):
                table.setdefault(key.casefold(), c)
        return table


CHECKS = CheckList()
check = CHECKS.rule


@check
def company_ids_unique(ctx: Context) -> Iterator[Problem]:
    seen: dict[str, tuple[str, list[Any], Document]] = {}
    for doc, path, c in ctx.companies():
        for key in (c["id"], c["name"].casefold(), *(a.casefold() for a in c.get("aliases", []))):
            if key in seen and seen[key][:2] != (doc.shown, path):
                first_shown, first_path, first_doc = seen[key]
                line = _where_named(first_doc, first_path, key)
                place = f"line {line}" if first_shown == doc.shown else f"{first_shown}:{line}"
                if first_doc.kind == "companies" and doc.kind == "company-set":
                    first = _company_at(first_doc, first_path)
                    what = "id" if key == c["id"] else "name or alias"
                    yield doc.problem("company-duplicate",
                                      f"company '{c['name']}': the {what} '{key}' is already that of "
                                      f"{first['name']}, a company of the box ({place}); a new "
                                      f"company needs its own", *_named(c, path, key))
                    break
                yield doc.problem("company-duplicate",
                                  f"company '{c['name']}' reuses the id or name '{key}' "
                                  f"(first used at {place})", *_named(c, path, key))
                break
            seen.setdefault(key, (doc.shown, path, doc))


def _company_at(doc: Document, path: list[Any]) -> dict:
    company = doc.data
    for step in path:
        company = company[step]
    return company


def _where_named(doc: Document, path: list[Any], key: str) -> int:
    """Line of the id, name or alias of the company at ``path`` that folds to ``key``."""
    return doc.at(*_named(_company_at(doc, path), path, key))[0]


def _named(company: dict, path: list[Any], key: str) -> list[Any]:
    """The path of the id, name or alias of ``company`` (at ``path``) that folds to ``key``."""
    if company["id"] == key:
        return [*path, "id"]
    for i, alias in enumerate(company.get("aliases", [])):
        if alias.casefold() == key:
            return [*path, "aliases", i]
    return [*path, "name"]


@check
def provenance_marked(ctx: Context) -> Iterator[Problem]:
    """Every card number is either a fact (with the passage that fixes it) or authored."""
    for doc, path, c in ctx.companies():
        yield from provenance_problems(doc, path, c, NUMERIC_FIELDS)


@check
def starting_company_rules(ctx: Context) -> Iterator[Problem]:
    for doc, path, c in ctx.companies():
        if c.get("starting") and c["cost"] is not None:
            yield doc.problem("starting-company-cost",
                              f"{c['name']} is a starting company and is never bought: "
                              "its cost must be null", *path, "cost")
        if not c.get("starting") and c["cost"] is None:
            yield doc.problem("company-cost-missing",
                              f"{c['name']} can be bought, so it needs a buying cost", *path, "cost")
        if c.get("starting") and any(v != 1 for v in c["copies"].values()):
            yield doc.problem("starting-company-copies",
                              f"{c['name']}: a starting company has 1 copy per player",
                              *path, "copies")


@check
def copies_grow_with_players(ctx: Context) -> Iterator[Problem]:
    for doc, path, c in ctx.companies():
        counts = [c["copies"][str(n)] for n in PLAYER_COUNTS]
        if counts != sorted(counts):
            shown = ", ".join(str(n) for n in counts)
            at = ", ".join(str(n) for n in PLAYER_COUNTS)
            yield doc.problem("copies-order",
                              f"{c['name']}: copies must not drop as players are added "
                              f"({shown} at {at} players)", *path, "copies")
        if min(counts) < 1:
            yield doc.problem("copies-zero",
                              f"{c['name']} has no copies at {PLAYER_COUNTS[counts.index(0)]} "
                              "players, so no set can use it there", *path, "copies")


@check
def ability_parameters_fit(ctx: Context) -> Iterator[Problem]:
    """Parameters the schema allows but the rules cannot use."""
    setup = ctx.one("setup")
    limit = setup.data["storage_limit"] if setup else 5
    for doc, path, c in ctx.companies():
        ab = c["ability"]
        kind = ab["effect"]
        if kind == "storage_limit" and ab["limit"] <= limit:
            yield doc.problem("effect-params",
                              f"{c['name']}: a storage limit of {ab['limit']} does not raise "
                              f"the usual limit of {limit}", *path, "ability", "limit")
        if kind == "cards_as" and ab["count"] == 1 and ab["same_type"]:
            yield doc.problem("effect-params",
                              f"{c['name']}: 'same_type' needs a count of at least 2",
                              *path, "ability", "same_type")
        if kind == "cards_as" and ab["as"] != "any" and ab["count"] == 1 and "buy" in ab["as"] \
                and not ab.get("per_turn"):
            yield doc.problem("effect-params",
                              f"{c['name']}: turning any single card into a Buy without "
                              "'per_turn' makes every card a Buy", *path, "ability")
        if "energy" in c["production"] and set(c["production"]) != {"energy"}:
            yield doc.problem("production-mixed",
                              f"{c['name']}: a company produces Energy or decision cards, not both",
                              *path, "production")


_NAMES = frozenset(RESOURCES + DECISIONS)


def _printed_parameters(ability: dict, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """(parameter, value) for each number and each resource or card type an ability's
    parameters hold: what its text has to print for the card to say what the game plays."""
    for key, value in ability.items():
        if key in ("effect", "text") or isinstance(value, bool):
            continue
        name = f"{prefix}{key}"
        if isinstance(value, int):
            yield name, value
        elif isinstance(value, str) and value in _NAMES:
            yield name, value
        elif isinstance(value, list):
            yield from ((name, v) for v in value if isinstance(v, str) and v in _NAMES)
        elif isinstance(value, dict):
            yield from _printed_parameters(value, f"{name}.")


@check
def ability_text_prints_its_parameters(ctx: Context) -> Iterator[Problem]:
    """Every number, resource and card type of a company's ability is printed in its text (the
    text read as words: "{steel}" is Steel; 2 may read "2" or "two"; 1 also "once"). A number
    changed in the ability and not in the text prints a card that says otherwise than the game
    plays: a warning, since a text may word it another way (\"a card\" for one)."""
    try:
        icons = icon_names(ctx.game)
    except LayoutError:
        icons = None
    for doc, path, c in ctx.companies():
        ab = c["ability"]
        words = set(re.findall(r"[a-z]+|\d+", ab["text"].casefold()))
        # A misspelt icon ("{steal}") is an icon-unknown error already: not a second problem here.
        misspelt = icons is not None and bool(unknown_tokens(ab["text"], icons))
        for param, value in _printed_parameters(ab):
            if isinstance(value, int):
                if words.isdisjoint(number_spellings(value)):
                    yield doc.problem("ability-text", f"{c['name']}: its ability's '{param}' is {value}, "
                                      "which its text does not print", *path, "ability", "text",
                                      severity="warning")
            elif value not in words and not misspelt:
                yield doc.problem("ability-text", f"{c['name']}: its ability's '{param}' is {value}, which "
                                  f"its text does not name ({{{value}}} or {value.capitalize()})",
                                  *path, "ability", "text", severity="warning")


@check
def players_fit_the_copies(ctx: Context) -> Iterator[Problem]:
    """The player counts of the box are those the companies list copies for."""
    game = ctx.one("game")
    if game is None:
        return
    players = game.data["players"]
    low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
    if players["min"] > players["max"]:
        yield game.problem("players-range", f"at least {players['min']} players but at most "
                           f"{players['max']}", "players", "min")
    for bound in ("min", "max"):
        if not low <= players[bound] <= high:
            yield game.problem("players-range", f"{players[bound]} players: the companies list copies "
                               f"for {low} to {high} players only", "players", bound)
    if not players["min"] <= players["default"] <= players["max"]:
        yield game.problem("players-range", f"the default of {players['default']} players is outside "
                           f"{players['min']} to {players['max']}", "players", "default")


def _check_set(ctx: Context, doc: Document, path: list[Any], name: str, names: list[str],
               table: dict[str, dict]) -> Iterator[Problem]:
    setup = ctx.one("setup")
    wanted = {int(k): v for k, v in setup.data["portfolio"].items()} if setup else {1: 8, 2: 6}
    members: list[tuple[int, dict]] = []
    for i, raw in enumerate(names):
        found = table.get(raw.casefold())
        if found is None:
            choices = sorted({c["name"] for c in table.values()})
            yield doc.problem("set-unknown-company",
                              f"{name}: no company named '{raw}'{did_you_mean(raw, choices)}",
                              *path, i)
            continue
        members.append((i, found))
    # By the company itself, not its id: a new company that reuses a box company's id is
    # company-duplicate's problem, and the two are not one company listed twice.
    seen: dict[int, int] = {}
    for i, c in members:
        if id(c) in seen:
            yield doc.problem("set-duplicate",
                              f"{name}: {c['name']} is listed twice (first as item {seen[id(c)] + 1})",
                              *path, i)
        seen.setdefault(id(c), i)
        if c.get("starting"):
            yield doc.problem("set-starting-company",
                              f"{name}: {c['name']} is a starting company and never part of a set",
                              *path, i)
    levels = Counter(c["level"] for _, c in members if not c.get("starting"))
    if len(members) == len(names):
        for level, count in sorted(wanted.items()):
            if levels[level] != count:
                yield doc.problem("set-size",
                                  f"{name}: a set has {count} level-{level} companies; "
                                  f"this one has {levels[level]}", *path)


@check
def sets_are_complete(ctx: Context) -> Iterator[Problem]:
    table = ctx.lookup()
    for doc in ctx.of_kind("company-sets"):
        for i, s in enumerate(doc.data["sets"]):
            yield from _check_set(ctx, doc, ["sets", i, "companies"], s["name"], s["companies"],
                                  table)
    for doc in ctx.of_kind("company-set"):
        table_with_new = ctx.lookup(list(doc.data.get("new_companies", [])))
        yield from _check_set(ctx, doc, ["companies"], doc.data["name"], doc.data["companies"],
                              table_with_new)


@check
def new_companies_listed(ctx: Context) -> Iterator[Problem]:
    """A set file's new company is played and printed only when its ``companies`` list it: one
    left out (a company renamed in one place, or added below and not to the list) passed
    validate and was silently in no game and on no card, though ``list companies`` showed it
    in the set and the catalogs asked for its texts. A warning: the file still plays."""
    for doc in ctx.of_kind("company-set"):
        new = list(doc.data.get("new_companies", []))
        table = ctx.lookup(new)
        if any(raw.casefold() not in table for raw in doc.data["companies"]):
            continue        # a misspelt name is set-unknown-company's, with "did you mean"
        listed = {id(table[raw.casefold()]) for raw in doc.data["companies"]}
        for i, c in enumerate(new):
            keys = (c["id"], c["name"], *c.get("aliases", []))
            # one that reuses a box company's key is company-duplicate's problem already
            if id(c) in listed or any(table.get(k.casefold()) is not c for k in keys):
                continue
            yield doc.problem("set-new-company-unlisted",
                              f"{doc.data['name']}: {c['name']} is a new company its companies do "
                              "not list, so no game plays it and no card prints it; add it to "
                              "companies, or remove it", "new_companies", i, severity="warning")


@check
def set_names_unique(ctx: Context) -> Iterator[Problem]:
    """--set finds a set by its id or name in any case, the official sets first, then the set
    files in file order, and 'random' is no set at all: a set file whose id or name is already
    taken can never be named, and --set played the other set without a word. A warning, not an
    error: the file still works given by its path.

    Only the set files --set searches (the game's data files, ``cards/briefcase/*.yaml``) take a
    name: a set in a subfolder such as ``examples/`` is never found by name, so the copy of
    ``examples/custom-set.yaml`` a designer starts from was warned that --set never found it,
    where --set found the copy and nothing else."""
    taken: dict[str, str] = {"random": "the word --set takes for no set (the randomizers)"}
    for doc in ctx.of_kind("company-sets"):
        for s in doc.data["sets"]:
            for key in (s["id"], s["name"]):
                taken.setdefault(str(key).casefold(), f"the official set {s['name']}'s")
    searched = {resolved(p) for p in game_files(GAME)}
    for doc in ctx.of_kind("company-set"):
        name = str(doc.data["name"])
        keys = [("id", str(doc.data.get("id") or doc.path.stem.replace("-", "_"))), ("name", name)]
        for field, key in keys:
            other = taken.get(key.casefold())
            if other is not None:
                yield doc.problem("set-name-taken", f"{name}: the {field} '{key}' is {other} too: "
                                  f"--set '{key}' never finds this file; rename it",
                                  *([field] if field in doc.data else []), severity="warning")
        if resolved(doc.path) in searched:
            for _, key in keys:
                taken.setdefault(key.casefold(), f"{name}'s (a set file)")


@check
def totals_match_contents(ctx: Context) -> Iterator[Problem]:
    comp, game = ctx.one("components"), ctx.one("game")
    cdoc = ctx.one("companies")
    if comp is None or cdoc is None:
        return
    max_players = game.data["players"]["max"] if game else 4
    contents = comp.data["contents"]
    companies = ctx.shipped_companies()
    total = sum(max(c["copies"].values()) * (max_players if c.get("starting") else 1)
                for c in companies)
    if total != contents["company_cards"]:
        yield cdoc.problem("contents-company-cards",
                           f"the companies add up to {total} company cards; the Contents list "
                           f"says {contents['company_cards']}", "companies")
    randomizers = sum(1 for c in companies if not c.get("starting"))
    if randomizers != contents["company_randomizers"]:
        yield cdoc.problem("contents-randomizers",
                           f"{randomizers} companies need randomizers; the Contents list says "
                           f"{contents['company_randomizers']}", "companies")


@check
def setup_fits_the_box(ctx: Context) -> Iterator[Problem]:
    """At the largest player count, setup never takes more cards than the box holds."""
    comp, setup, game = ctx.one("components"), ctx.one("setup"), ctx.one("game")
    if comp is None or setup is None:
        return
    n = game.data["players"]["max"] if game else 4
    s = setup.data
    # A card kind that components.yaml does not list is not in the box: 0 of it.
    res = {r["id"]: r for r in comp.data["resources"]}
    dec = {d["id"]: d for d in comp.data["decision_cards"]}

    def short(need: int, kind: str, cards: dict[str, dict]) -> str | None:
        card = cards.get(kind)
        have = card["count"] if card else 0
        if need <= have:
            return None
        name = card["name"] if card else kind
        return f"{n} players need {need} {name} cards; the box has {have if card else 'none'}"

    for rid, per in s["market_per_player"].items():
        message = short(per * n, rid, res)
        if message:
            yield setup.problem("setup-exceeds-box", message, "market_per_player", rid)
    for did in DECISIONS:
        bank = s["decision_bank_per_player"].get(did, 0) * n
        start = s["starting_deck"].get(did, 0) * n
        whole = did in s["decision_bank_whole_pile"]
        if s["starting_deck_from_bank"]:
            need = start if whole else max(bank, start)
            if not whole and did in s["decision_bank_per_player"] and start > bank:
                yield setup.problem("setup-exceeds-box",
                                    f"starting decks take {start} {did} cards from a bank of {bank}",
                                    "starting_deck", did)
        else:
            need = start + (0 if whole else bank)
        message = short(need, did, dec)
        if message:
            # Point at the number that asks for the most cards.
            at = ("decision_bank_per_player", did) if not whole and bank >= start else ("starting_deck", did)
            yield setup.problem("setup-exceeds-box", message, *at)
    vp = s["central_bank_vp_per_player"] * n
    if vp > comp.data["vp_cards"]["count"]:
        yield setup.problem("setup-exceeds-box",
                            f"{n} players need {vp} VP cards; the box has "
                            f"{comp.data['vp_cards']['count']}", "central_bank_vp_per_player")
    blocks = {b["blocks"]: b["count"] for b in comp.data["blocks"]}
    if s["resource_blocks"] > blocks.get("resource", 0):
        yield setup.problem("setup-exceeds-box", "more resource blocks than the box has",
                            "resource_blocks")
    for players, count in s["company_blocks"].items():
        if count > blocks.get("company", 0):
            yield setup.problem("setup-exceeds-box",
                                f"{players} players use {count} company blocks; the box has "
                                f"{blocks.get('company', 0)}", "company_blocks", players)
    cdoc = ctx.one("companies")
    ids = {c["id"] for c in cdoc.data["companies"]} if cdoc else set()
    for i, cid in enumerate(s["starting_companies"]):
        if cid not in ids:
            yield setup.problem("setup-unknown-company",
                                f"no company with id '{cid}'{did_you_mean(cid, sorted(ids))}",
                                "starting_companies", i)


@check
def starting_companies_agree(ctx: Context) -> Iterator[Problem]:
    """Setup hands out exactly the companies marked ``starting: true``."""
    setup, cdoc = ctx.one("setup"), ctx.one("companies")
    if setup is None or cdoc is None:
        return
    handed = setup.data["starting_companies"]
    by_id = {c["id"]: c for c in cdoc.data["companies"]}
    # An unknown id in the list is most likely this company misspelt, reported on its own.
    typo = any(cid not in by_id for cid in handed)
    for c in by_id.values():
        if c.get("starting") and c["id"] not in handed and not typo:
            yield setup.problem("setup-starting-companies", f"{c['name']} is a starting company but "
                                "setup does not hand it out", "starting_companies")
    for i, cid in enumerate(handed):
        if cid in by_id and not by_id[cid].get("starting"):
            yield setup.problem("setup-starting-companies", f"{by_id[cid]['name']} is handed out at "
                                "setup but is not marked 'starting: true'", "starting_companies", i)


@check
def ids_unique(ctx: Context) -> Iterator[Problem]:
    """An id names one entry of its list (a set, a ruling, a card kind). Companies have their
    own check, across files and with names and aliases."""

    def walk(doc: Document, node: Any, path: list[Any]) -> Iterator[Problem]:
        if isinstance(node, list) and path[-1:] not in (["companies"], ["new_companies"]):
            first: dict[str, int] = {}
            for i, item in enumerate(node):
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    j = first.setdefault(item["id"], i)
                    if j != i:
                        line = doc.at(*path, j, "id")[0]
                        where = f"{path[-1]}[{i}]" if path else f"[{i}]"
                        yield doc.problem("id-duplicate", f"{where}: id '{item['id']}' is used twice "
                                          f"(first at line {line})", *path, i, "id")
        if isinstance(node, (dict, list)):
            for key, child in node.items() if isinstance(node, dict) else enumerate(node):
                yield from walk(doc, child, path + [key])

    for doc in ctx.docs:
        yield from walk(doc, doc.data, [])


@check
def changes_touch_authored_values(ctx: Context) -> Iterator[Problem]:
    """A company change names a shipped company once, and changes only values the rulebook does
    not print (authored ones)."""
    changed = ctx.changes()
    names = sorted({c["name"] for d in ctx.of_kind("companies") for c in d.data["companies"]})
    for doc, path, name, reason in ctx.rejected_changes:
        if reason == "unknown":
            yield doc.problem("changes-unknown-company", f"no company named '{name}'"
                              f"{did_you_mean(name, names)}", *path, "company")
        else:
            line, _ = reason.doc.at(*reason.path)
            yield doc.problem("changes-duplicate", f"'{name}' is already changed at "
                              f"{reason.doc.shown}:{line}", *path, "company")
    shipped = {c["id"]: c for d in ctx.of_kind("companies") for c in d.data["companies"]}
    for change in changed.values():
        company = shipped[change.company_id]
        for field in change.values:
            if field in company.get("facts", {}):
                yield change.doc.problem(
                    "changes-fact", f"{company['name']} {field} is printed in the rulebook "
                    f"(\"{shorten(company['facts'][field], 80, words=True)}\"): only authored values "
                    f"can change",
                    *change.path, field)


check(unknown_rulings)
check(fact_values)
check(unknown_icons)
check(unprintable_texts)
check(art_files)


class BriefcaseRules:
    id = GAME

    def check(self, docs: list[Document]) -> list[Problem]:
        return CHECKS.run(Context(docs))

    def authored_values(self, docs: list[Document]) -> list[Problem]:
        notes: list[Problem] = []
        given = {id(doc) for doc in docs}    # not ``doc in docs``: that compares whole documents
        ctx = Context(docs)
        changed = ctx.changes()
        for doc in ctx.of_kind("companies"):
            for i, c in enumerate(doc.data["companies"]):
                change = changed.get(c["id"])
                moved = set(change.values) if change else set()
                # A changed value where the change sets it; the company's others where it is defined.
                if id(doc) in given:
                    kept = [f for f in c.get("authored", []) if f not in moved]
                    notes.extend(authored_notes(doc, ["companies", i], {**c, "authored": kept}, c["name"]))
                if change is not None and id(change.doc) in given:
                    moved_authored = [f for f in c.get("authored", []) if f in moved]
                    notes.extend(authored_notes(change.doc, list(change.path),
                                                {**changes.applied(c, change), "authored": moved_authored},
                                                c["name"]))
        for doc in ctx.of_kind("company-set"):
            if id(doc) in given:
                for i, c in enumerate(doc.data.get("new_companies", [])):
                    notes.extend(authored_notes(doc, ["new_companies", i], c, c["name"]))
        for doc in docs:
            if isinstance(doc.data, dict):
                notes.extend(authored_notes(doc, [], doc.data, doc.kind))
            if doc.kind == "game" and isinstance(doc.data.get("players"), dict):
                notes.extend(authored_notes(doc, ["players"], doc.data["players"], "players"))
            if doc.kind == "components":
                notes.extend(authored_notes(doc, ["storage_cards"], doc.data["storage_cards"],
                                            "storage cards"))
            if doc.kind == "rulings":
                notes.extend(ruling_notes(doc))
        return notes


RULES = BriefcaseRules()
