"""The Briefcase box as printable cards: which cards, how many, and what each face shows.

Counts come from the data (rulebook Contents and Setup): the full box by default, or what an
N-player game sets out (``players``), optionally only one company set's companies. Each face
names a layout of ``templates/briefcase/cards.yaml`` and carries the fields it places; the
strings are Messages (see ``texts.py``), drawn through the build's Translator.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardgen.data.documents import Document
from cardgen.games.briefcase.load import SelectionError as SelectionError  # what select() raises
from cardgen.games.briefcase.load import check_players, resolve_set
from cardgen.games.briefcase.model import DECISIONS, Briefcase, Company, CompanySet
from cardgen.games.briefcase.texts import LABELS, messages
from cardgen.i18n.messages import Message, labeller
from cardgen.problems import DataError
from cardgen.render.printable import CardSpec, Face, TextSlot

GAME = "briefcase"
VP_CARD_VALUE = 1            # "1 Victory point for each victory point card" (Final scoring)


label = labeller(LABELS)


# -- faces -----------------------------------------------------------------------------------

def _company_fields(c: Company) -> dict:
    return {
        "name": Message(f"company.{c.id}:name", c.name),
        "ability": Message(f"company.{c.id}:ability", c.ability.text),
        "level": c.level,
        "level_label": label(f"label:level_{c.level}"),
        "frame": f"level_{c.level}",
        "cost": c.cost,
        "vp": c.vp,
        "activation": dict(c.activation),
        "production": dict(c.production),
        "per_activation": c.ability.per_activation,
        "per_activation_label": label("label:per_activation"),
        "art": c.art,
    }


def company_face(c: Company, status: str) -> Face:
    """One side of a company card: ``deactivated`` (the front) or ``activated``."""
    fields = _company_fields(c) | {"status": status, "status_label": label(f"label:{status}")}
    # the activated side prints on the backs page: a layout that forgives duplex drift
    layout = "company_activated" if status == "activated" else "company"
    return Face(f"company.{c.id}:{status}", layout, fields)


def randomizer_face(c: Company) -> Face:
    fields = _company_fields(c) | {"randomizer_label": label("label:randomizer"),
                                   "players_label": label("label:players"),
                                   "copies_label": label("label:copies")}
    fields |= {f"copies_{n}": count for n, count in c.copies.items()}
    return Face(f"randomizer.{c.id}", "randomizer", fields)


def _back(key: str, deck_label: str, colour: str, icon: str | None, sublabel: Message | None = None) -> Face:
    return Face(f"{key}.back", "back", {"game_name": label("label:game_name"),
                                        "deck_label": label(deck_label), "colour": colour,
                                        "icon": icon, "sublabel": sublabel})


def decision_face(game: Briefcase, did: str) -> Face:
    d = game.decision_cards[did]
    return Face(f"decision.{did}", "token", {"name": Message(f"decision.{did}:name", d.name),
                                             "icon": did, "colour": did,
                                             "note": label(f"label:help_{did}")})


def resource_face(game: Briefcase, rid: str) -> Face:
    r = game.resources[rid]
    note = f"label:note_{rid}"
    return Face(f"resource.{rid}", "token", {
        "name": Message(f"resource.{rid}:name", r.name), "icon": rid, "colour": rid,
        "note": label(note) if note in LABELS else None,
        "price": {"buy": r.buy_cost} if r.buy_cost else None, "price_label": label("label:price")})


def block_face(game: Briefcase, bid: str) -> Face:
    b = game.blocks[bid]
    icon = f"{b.blocks}_block"
    return Face(f"block.{bid}", "token", {"name": Message(f"block.{bid}:name", b.name), "icon": icon,
                                          "colour": icon, "note": label(f"label:note_{icon}")})


def vp_face() -> Face:
    return Face("vp", "token", {"name": label("label:victory_point"), "icon": "vp", "colour": "vp",
                                "value": VP_CARD_VALUE})


def storage_face(colour: str) -> Face:
    return Face(f"storage.{colour}", "token", {"name": label("label:resource_storage"),
                                               "icon": "storage", "colour": f"storage_{colour}",
                                               "note": label("label:storage_limit")})


def board_face() -> Face:
    return Face("central_bank", "board", {"name": label("label:central_bank"),
                                          "rule": label("label:central_bank_rule"),
                                          "requirement": label("label:central_bank_requirement")})


BACKS = {
    "decision": _back("decision", "label:decision", "back", "three_same"),
    "resource": _back("resource", "label:resource", "resource_back", "resource_discard"),
    "block": _back("block", "label:block", "back", "company_block"),
    "vp": _back("vp", "label:victory_point", "vp", "vp"),
    "storage": _back("storage", "label:resource_storage", "back", "storage"),
}


def randomizer_back(level: int) -> Face:
    return _back(f"randomizer.{level}", "label:randomizer", f"level_{level}", f"company_{level}",
                 label(f"label:level_{level}"))


# -- the card list ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Selection:
    """What to print: ``players`` None is the full box; ``company_set`` None is every company."""

    game: Briefcase
    players: int | None = None
    company_set: CompanySet | None = None

    @property
    def variant(self) -> str | None:
        """The chosen cards, in the output files' names (None: all of them)."""
        return None if self.company_set is None else self.company_set.id.replace("_", "-")


def select(players: int | None = None, set_ref: str | None = None) -> Selection:
    """Load the data and check the --players and --set choices (SelectionError if unusable).

    ``set_ref`` is an official set's id or name, or a company set file."""
    game, chosen = resolve_set(set_ref)
    if players is not None:
        check_players(game, players)
    return Selection(game, players, chosen)


def companies_in(sel: Selection) -> list[Company]:
    game = sel.game
    if sel.company_set is None:
        return list(game.companies.values())
    chosen = set(sel.company_set.company_ids)
    return [c for c in game.companies.values() if c.id in chosen or c.starting]


def company_count(c: Company, players: int | None) -> int:
    if players is None:
        return c.box_copies
    return c.copies[players] * (players if c.starting else 1)


def decision_count(game: Briefcase, did: str, players: int | None) -> int:
    full = game.decision_cards[did].count
    s = game.setup
    if players is None or did in s.decision_bank_whole_pile:
        return full
    bank = s.decision_bank_per_player.get(did, 0) * players
    start = s.starting_deck.get(did, 0) * players
    return min(full, max(bank, start) if s.starting_deck_from_bank else bank + start)


def resource_count(game: Briefcase, rid: str, players: int | None) -> int:
    full = game.resources[rid].count
    s = game.setup
    if players is None or rid in s.market_whole_pile:
        return full
    return min(full, s.market_per_player.get(rid, 0) * players)


def block_count(game: Briefcase, bid: str, players: int | None) -> int:
    b = game.blocks[bid]
    if players is None:
        return b.count
    wanted = game.setup.resource_blocks if b.blocks == "resource" else game.setup.company_blocks[players]
    return min(wanted, b.count)


def vp_count(game: Briefcase, players: int | None) -> int:
    if players is None:
        return game.vp_cards
    return min(game.vp_cards, game.setup.central_bank_vp_per_player * players)


def company_spec(c: Company, count: int) -> CardSpec:
    """A company card: its deactivated side and its activated side."""
    return CardSpec(c.id, "company", company_face(c, "deactivated"), company_face(c, "activated"), count)


def card_list(sel: Selection) -> list[CardSpec]:
    """Every card to print, in box order, with its count."""
    game, n = sel.game, sel.players
    cards: list[CardSpec] = []
    for c in companies_in(sel):
        count = company_count(c, n)
        if count:
            cards.append(company_spec(c, count))
    if sel.company_set is None:
        backs = {level: randomizer_back(level) for level in sorted({c.level for c in game.randomizers})}
        cards += [CardSpec(f"randomizer.{c.id}", "randomizer", randomizer_face(c), backs[c.level], 1)
                  for c in game.randomizers]
    for did in DECISIONS:
        cards.append(CardSpec(did, "decision", decision_face(game, did), BACKS["decision"],
                              decision_count(game, did, n)))
    for rid in game.resources:
        cards.append(CardSpec(rid, "resource", resource_face(game, rid), BACKS["resource"],
                              resource_count(game, rid, n)))
    for bid in game.blocks:
        cards.append(CardSpec(bid, "block", block_face(game, bid), BACKS["block"], block_count(game, bid, n)))
    cards.append(CardSpec("vp", "vp", vp_face(), BACKS["vp"], vp_count(game, n)))
    colours = game.storage_colours[:game.storage_cards if n is None else n]
    cards += [CardSpec(f"storage.{colour}", "storage", storage_face(colour), BACKS["storage"], 1)
              for colour in colours]
    cards.append(CardSpec("central_bank", "board", board_face(), None, 1))
    return [c for c in cards if c.count > 0]


def box_messages(sel: Selection) -> list[Message]:
    """Every message the selection may print (cards and inserts): for the font check."""
    return messages(sel.game)


def fit_selections() -> list[Selection]:
    """What ``cardgen i18n check`` lays its translations out in: the full box, and each of the
    workspace's own company sets (their new companies and names are in the catalogs too). With
    a set file of the workspace broken (its own checks say how), the box alone: the run of
    another set, and ``cardgen validate FILE`` of a set file outside, still fit theirs."""
    from cardgen.games.briefcase.load import load_briefcase, load_with_own_sets

    try:
        loaded = load_with_own_sets()
    except DataError:
        loaded = [load_briefcase()]
    return [Selection(game, None, chosen) for game, chosen in loaded]


def new_card_specs(docs: Sequence[Document]) -> list[CardSpec]:
    """The cards that set files add to the box: their new companies (the rest of a set is the
    box's own cards). Read from the documents as they are, without loading the game: ``cardgen
    validate`` fits their texts for each of thousands of set files."""
    from cardgen.games.briefcase.load import company_from

    specs = []
    for doc in docs:
        if (doc.game, doc.kind) == (GAME, "company-set"):
            for data in doc.data.get("new_companies", ()):
                specs.append(company_spec(company_from(data), 1))
    return specs


def text_fields(lang: str = "en", sel: Selection | None = None,
                extra: Sequence[Document] = ()) -> Iterator[TextSlot]:
    """Every (card, field, message context, box size, style) that a Briefcase card prints, in
    the fonts of ``lang``: what ``cardgen i18n check`` fits each translation into. Without a
    selection, the full box and the new companies of the workspace's own company sets, whose
    texts the catalogs hold too; and those of the set files ``extra``."""
    from cardgen.i18n.messages import english, label_messages
    from cardgen.render.cardface import FaceRenderer
    from cardgen.render.fonts import fonts_for
    from cardgen.render.layouts import card_layout_path, load_layouts

    selections = [sel] if sel is not None else fit_selections()
    renderer = FaceRenderer(load_layouts(card_layout_path(GAME)), fonts_for(lang), english,
                            label_messages(LABELS),
                            selections[0].game.card_size_mm, lang)
    yield from renderer.card_slots([spec for chosen in selections for spec in card_list(chosen)]
                                   + new_card_specs(extra))
