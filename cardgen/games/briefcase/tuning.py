"""What `cardgen tune` may turn in Briefcase, and the simulator configs of a candidate.

A knob is one authored whole number of a shipped company in the set: its buying cost, its
victory points, how many resources of one type an activation needs, or how many decision cards
of one type an activation produces. Cost and VP move a company's worth by one step without
changing what it needs or makes, so they are tried first and may move two steps from the
data's. Activation moves one resource at most, of a type the company needs already or of one it
does not (a basic resource or Energy): a step finer than a Buy of cost, which is paid once, and
the step that was missing where a whole Buy or VP overshoots the band (the Steel Factory at cost
1 was 13 points too strong, at cost 2 9 points too weak; with a third resource to activate, +2).
An activation keeps needing at least one resource: a free one could be repeated without end.
Production moves one card at most, of a type the company makes already, or a Buy card or an
Obstacle it does not make: the best card and the worst, the two ways any company's production
can be made better or worse (the Recycling Plant makes both). A company keeps producing at
least one card (the schema's rule). Copies are authored too, but bound to the box's totals, so
tune leaves them to the designer. A value listed under ``facts:`` (printed in the rulebook) is
never a knob, and a company a custom set defines itself (``new_companies``) is not either: a
company-changes file cannot name it, so its numbers are edited in the set file.

Candidates are made from the loaded model (``dataclasses.replace`` of the companies), compiled
like any set; nothing is written and no file is read again per candidate."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from typing import Any

from cardgen.games.briefcase.model import Briefcase, Company, CompanySet, frozen

# The fields tune turns, most influential first: a Buy card is paid once, a VP is scored once,
# and the bots value one Buy of cost at about one VP, so cost is tried first; production, paid
# on every activation, is the biggest step and comes last.
FIELDS = ("cost", "vp")
# Bounds of each field (the schema's, with cost at least 1: a free company is not a purchase).
BOUNDS = {"cost": (1, 12), "vp": (0, 20)}
# A production knob's field: PRODUCTION + the card type ("production.buy"); an activation
# knob's: ACTIVATION + the resource ("activation.steel").
PRODUCTION = "production."
ACTIVATION = "activation."
# The resources an activation knob counts: the basic ones and Energy (an Imported resource
# stands in for a basic one when paying; no activation asks for it).
ACTIVATED = ("personnel", "steel", "concrete", "paper", "energy")
# The decision-card types a production knob counts; an Obstacle makes its owner's deck worse.
PRODUCED = ("buy", "activate", "hire", "obstacle")
HARMFUL = {"obstacle"}
# How far each kind of knob may move from the data's: two steps of cost or VP, one card.
MAX_MOVE = {"cost": 2, "vp": 2, "activation": 1, "production": 1}

SIMULATOR = "cardgen.games.briefcase.simulation:SIMULATOR"


@dataclass(frozen=True)
class Knob:
    company: str      # company id
    name: str         # company name, for people
    field: str        # "cost", "vp", "activation.RESOURCE" or "production.TYPE"
    value: int        # the value in the data now
    low: int
    high: int
    stronger: int     # +1 when a higher value makes the company stronger, -1 when weaker
    max_move: int     # how far from the data's value the search may take it


@dataclass(frozen=True)
class Subject:
    """A Briefcase set ready to tune: its data as loaded, and what may change."""

    game: Briefcase
    portfolio: CompanySet | None
    set_name: str
    companies: dict[str, str]       # id -> name, every company in the set's portfolio
    knobs: tuple[Knob, ...]
    fixed: dict[str, str]           # id -> why none of its numbers is a knob
    max_rounds: int
    play_time: tuple[int, float] | None = None   # (minutes on the box, seconds a turn)
    groups: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)   # see ``kinds``

    def config(self, players: int, values: dict[tuple[str, str], int]) -> Any:
        """The simulator config at ``players`` with ``values`` ((company id, field) -> value)
        in place of the data's."""
        from cardgen.games.briefcase.engine import compile_rules
        from cardgen.games.briefcase.simulation import Config

        game = self.game
        if values:
            companies = dict(game.companies)
            for cid in {cid for cid, _ in values}:
                companies[cid] = replace(companies[cid], **_fields(companies[cid], values))
            game = replace(game, companies=frozen(companies))
        return Config(compile_rules(game, self.portfolio), players, self.max_rounds)

    def allows(self, values: dict[tuple[str, str], int]) -> bool:
        """Whether ``values`` leave every company producing something (a company-changes
        file's production must name at least one card) and needing some resource to activate."""
        companies = self.game.companies
        return all(sum(_counts(companies[cid], prefix, values).values()) > 0
                   for cid, prefix in {(cid, f[:f.index(".") + 1]) for cid, f in values if "." in f})


def _counts(c: Company, prefix: str, values: dict[tuple[str, str], int]) -> dict[str, int]:
    """``c``'s production (``prefix`` PRODUCTION) or activation (ACTIVATION) with the knobs of
    ``values`` in place, without zero counts."""
    counts = dict(c.production if prefix == PRODUCTION else c.activation)
    for (cid, f), value in values.items():
        if cid == c.id and f.startswith(prefix):
            counts[f[len(prefix):]] = value
    return {t: n for t, n in counts.items() if n}


def _fields(c: Company, values: dict[tuple[str, str], int]) -> dict[str, Any]:
    """The dataclass fields of ``c`` that ``values`` change, with their new values."""
    out: dict[str, Any] = {f: v for (cid, f), v in values.items() if cid == c.id and f in FIELDS}
    for prefix, name in ((ACTIVATION, "activation"), (PRODUCTION, "production")):
        if any(cid == c.id and f.startswith(prefix) for cid, f in values):
            out[name] = frozen(_counts(c, prefix, values))
    return out


def company_knobs(c: Company) -> list[Knob]:
    """The knobs of company ``c``: its authored cost and VP, its authored activation (each
    resource it needs, then each it does not), then its authored production of decision cards
    (each type it makes, a Buy card and an Obstacle)."""
    knobs = []
    for f in FIELDS:
        if f in c.authored and f not in c.facts and getattr(c, f) is not None:
            knobs.append(Knob(c.id, c.name, f, getattr(c, f), *BOUNDS[f], 1 if f == "vp" else -1,
                              MAX_MOVE[f]))
    if "activation" in c.authored and "activation" not in c.facts:
        needs = c.activation
        # A resource more or less makes an activation dearer or cheaper: higher is weaker.
        for r in sorted(ACTIVATED, key=lambda r: r not in needs):
            knobs.append(Knob(c.id, c.name, ACTIVATION + r, needs.get(r, 0), 0, 9, -1,
                              MAX_MOVE["activation"]))
    made = c.production
    # The Power Plant makes Energy, a resource: a decision-card knob would make it another card.
    if "production" in c.authored and "production" not in c.facts and any(t in made for t in PRODUCED):
        for t in PRODUCED:
            if t in made or t in ("buy", "obstacle"):
                knobs.append(Knob(c.id, c.name, PRODUCTION + t, made.get(t, 0), 0, 9,
                                  -1 if t in HARMFUL else 1, MAX_MOVE["production"]))
    return knobs


def kinds(companies: list[Company]) -> dict[str, tuple[str, ...]]:
    """Companies of one kind: the same level, making the same types of card. They are bought
    for the same thing, so each takes the share of another weakened alone (README, "cardgen
    tune"), and tune may step them together. Only kinds of two companies or more."""
    out: dict[str, list[str]] = {}
    for c in companies:
        made = " and ".join(t.capitalize() for t in sorted(c.production))   # as the table names them
        out.setdefault(f"level-{c.level} companies making {made} cards", []).append(c.id)
    return {name: tuple(ids) for name, ids in out.items() if len(ids) > 1}


def check_bot(bot: str) -> None:
    """ValueError unless ``bot`` can be told to avoid a company, as the effect runs need."""
    from cardgen.games.briefcase.bots import AVOID, make_bot

    make_bot(f"{bot}{AVOID}_")


def official_sets() -> list[str]:
    """The ids of the official company sets, in the data's order."""
    from cardgen.games.briefcase.load import resolve_set

    return list(resolve_set(None)[0].sets)


def subject(set_ref: str, players: list[int]) -> Subject:
    """The set ``set_ref`` names (official id or name, workspace set, or set file) ready to tune.

    Raises SelectionError for an unknown set or player count, DataError for invalid data."""
    from cardgen.games.briefcase.load import check_players, resolve_set
    from cardgen.games.briefcase.simulation import DEFAULT_MAX_ROUNDS

    game, portfolio = resolve_set(set_ref)
    for n in players:
        check_players(game, n)
    if portfolio is None:
        raise ValueError("tune needs a company set (a random portfolio changes every game)")
    new = {c.id for c in portfolio.new_companies}
    knobs: list[Knob] = []
    fixed: dict[str, str] = {}
    for cid in portfolio.company_ids:
        c = game.companies[cid]
        if cid in new:
            fixed[cid] = "defined in the set file (edit its numbers there)"
            continue
        found = company_knobs(c)
        if not found:
            fixed[cid] = "its cost, VP, activation and production are printed in the rulebook (facts)"
        knobs += found
    turned = [game.companies[cid] for cid in portfolio.company_ids if cid not in fixed]
    return Subject(game, portfolio, portfolio.name,
                   {cid: game.companies[cid].name for cid in portfolio.company_ids},
                   tuple(knobs), fixed, DEFAULT_MAX_ROUNDS,
                   (game.target_minutes, float(game.seconds_per_turn))
                   if game.target_minutes and game.seconds_per_turn else None, kinds(turned))


def _workspace_changes() -> dict[str, Any]:
    """The company changes the data already holds (each company's first), by company id."""
    from cardgen.data.documents import game_files, read_documents
    from cardgen.games.briefcase import changes

    docs, _ = read_documents(game_files("briefcase"))
    raw = next((d.data["companies"] for d in docs if d.kind == "companies"), [])
    return changes.collect(docs, raw)[0]


def changes_document(subject: Subject, values: dict[tuple[str, str], int], why: str) -> dict[str, Any]:
    """A company-changes document (``schemas/briefcase/company-changes.schema.json``) with the
    tuned values, one entry per changed company, by name. A company the workspace already
    changes keeps its other changed fields in the entry, so the entry can replace the old one."""
    from cardgen.data.yamlload import plain

    existing = _workspace_changes()
    entries: dict[str, dict[str, Any]] = {}
    for (cid, field), value in sorted(values.items()):
        entry = entries.setdefault(cid, {"company": subject.companies[cid],
                                         **(plain(existing[cid].values) if cid in existing else {})})
        if "." in field:            # the whole production or activation, as the data writes it
            prefix = field[:field.index(".") + 1]
            entry[prefix[:-1]] = _counts(_company(subject, cid), prefix, values)
        else:
            entry[field] = value
    return {"game": "briefcase", "kind": "company-changes", "why": why,
            "changes": list(entries.values())}


def _company(subject: Any, cid: str) -> Company:
    """Company ``cid`` as loaded, from a Subject or from sets tuned together (a Joint of them,
    which share the one data)."""
    from cardgen.sim.tune import members

    for s in members(subject):
        if cid in s.game.companies:
            return s.game.companies[cid]
    raise KeyError(cid)


def existing_changes(ids: set[str]) -> dict[str, str]:
    """Company id -> the file that already changes it, for the companies in ``ids``."""
    from cardgen.paths import display_path

    return {cid: display_path(c.doc.path) for cid, c in _workspace_changes().items() if cid in ids}
