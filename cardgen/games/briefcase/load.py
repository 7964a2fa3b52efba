"""Load the Briefcase model from its validated documents, with the company set that a --set
value names."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardgen.data.checks import raise_errors
from cardgen.data.documents import Document, game_files, read_document, read_documents, reading_once
from cardgen.data.schema import did_you_mean
from cardgen.data.yamlload import YamlError, read_text
from cardgen.games.briefcase import changes
from cardgen.games.briefcase.model import (
    Ability,
    Block,
    Briefcase,
    Company,
    CompanySet,
    DecisionCard,
    Resource,
    Setup,
    frozen,
)
from cardgen.games.selection import SelectionError
from cardgen.games.selection import check_players as check_players  # the players check select() uses
from cardgen.paths import display_path
from cardgen.problems import plural, shorten
from cardgen.safe_read import not_a_file, resolved

GAME = "briefcase"
BASE_KINDS = ("game", "companies", "components", "setup", "company-sets", "rulings")


def company_from(data: dict[str, Any]) -> Company:
    ab = data["ability"]
    params = {k: v for k, v in ab.items() if k not in ("effect", "text", "per_activation")}
    ability = Ability(ab["effect"], frozen(params), ab["text"], bool(ab.get("per_activation")))
    return Company(
        id=data["id"], name=data["name"], level=data["level"], cost=data["cost"], vp=data["vp"],
        activation=frozen(data["activation"]), production=frozen(data["production"]),
        copies=frozen({int(k): v for k, v in data["copies"].items()}), ability=ability,
        aliases=tuple(data.get("aliases", ())), starting=bool(data.get("starting")),
        permanent=bool(data.get("permanent")), facts=frozen(data.get("facts", {})),
        authored=tuple(data.get("authored", ())), art=data.get("art"),
    )


def _by_kind(docs: list[Document]) -> dict[str, Document]:
    return {d.kind: d for d in docs if d.kind in BASE_KINDS}


def build(docs: list[Document]) -> Briefcase:
    """The model from the base documents (which must have passed all checks)."""
    k = _by_kind(docs)
    g, comp, setup, sets = k["game"].data, k["components"].data, k["setup"].data, k["company-sets"].data
    raw = k["companies"].data["companies"]
    changed, _ = changes.collect(docs, raw)      # the checks have refused bad changes already
    companies = [company_from(changes.applied(c, changed.get(c["id"]))) for c in raw]
    game = Briefcase(
        name=g["name"], card_size_mm=tuple(g["card_size_mm"]), target_minutes=g.get("target_minutes"),
        seconds_per_turn=g.get("seconds_per_turn"), min_players=g["players"]["min"],
        max_players=g["players"]["max"], default_players=g["players"]["default"],
        companies=frozen({c.id: c for c in companies}),
        decision_cards=frozen({d["id"]: DecisionCard(d["id"], d["name"], d["letter"], d["count"])
                               for d in comp["decision_cards"]}),
        resources=frozen({r["id"]: Resource(
            id=r["id"], name=r["name"], count=r["count"], buy_cost=r["buy_cost"],
            basic=r["basic"], blockable=r["blockable"],
            counts_as_any=r.get("counts_as") == "any_except_energy",
            needs_exhausted_basic=bool(r.get("needs_exhausted_basic")),
            inexhaustible=bool(r.get("inexhaustible")),
            storage_exempt=bool(r.get("storage_exempt"))) for r in comp["resources"]}),
        blocks=frozen({b["id"]: Block(b["id"], b["name"], b["count"], b["blocks"],
                                      b.get("colour", "grey")) for b in comp["blocks"]}),
        vp_cards=comp["vp_cards"]["count"],
        storage_cards=comp["storage_cards"]["count"],
        storage_colours=tuple(comp["storage_cards"].get("colours", ())),
        setup=Setup(
            market_per_player=frozen(setup["market_per_player"]),
            market_whole_pile=tuple(setup["market_whole_pile"]),
            decision_bank_per_player=frozen(setup["decision_bank_per_player"]),
            decision_bank_whole_pile=tuple(setup["decision_bank_whole_pile"]),
            starting_deck_from_bank=setup["starting_deck_from_bank"],
            central_bank_vp_per_player=setup["central_bank_vp_per_player"],
            resource_blocks=setup["resource_blocks"],
            company_blocks=frozen({int(n): v for n, v in setup["company_blocks"].items()}),
            starting_deck=frozen(setup["starting_deck"]),
            starting_companies=tuple(setup["starting_companies"]),
            hand_size=setup["hand_size"], storage_limit=setup["storage_limit"],
            portfolio=frozen({int(n): v for n, v in setup["portfolio"].items()}),
            activated_first_level_for_second_level=setup["activated_first_level_for_second_level"],
            activated_first_level_for_central_bank=setup["activated_first_level_for_central_bank"],
            companies_bought_per_turn=setup["companies_bought_per_turn"],
            block_move_cards=setup["block_move_cards"],
            end_when_resource_types_left=setup["end_when_resource_types_left"],
            vp_per_stored_resources=setup["vp_per_stored_resources"],
        ),
        sets=frozen({}),
    )
    resolved = {s["id"]: CompanySet(s["id"], s["name"],
                                    tuple(game.company(n).id for n in s["companies"]))
                for s in sets["sets"]}
    return replace(game, sets=frozen(resolved))


def custom_set(game: Briefcase, doc: Document) -> CompanySet:
    """A custom set document as a CompanySet (its new companies resolved first)."""
    data = doc.data
    new = tuple(company_from(c) for c in data.get("new_companies", ()))
    lookup = game.with_set(CompanySet("_", "_", (), new))
    set_id = data.get("id") or doc.path.stem.replace("-", "_")
    return CompanySet(set_id, data["name"], tuple(lookup.company(n).id for n in data["companies"]), new)


def load_briefcase(set_file: Path | None = None) -> tuple[Briefcase, CompanySet | None]:
    """The shipped Briefcase data (and a custom set file), fully validated.

    Raises DataError with every problem if anything is wrong, SelectionError if ``set_file`` is
    a valid file of another kind."""
    docs, set_doc = _checked_documents(set_file)
    game = build(docs)
    chosen = None
    if set_doc is not None:
        chosen = custom_set(game, set_doc)
        game = game.with_set(chosen)
    return game, chosen


def load_with_own_sets() -> list[tuple[Briefcase, CompanySet | None]]:
    """The box (with no set), then each of the workspace's own company sets with the game it
    plays in: the data read and checked once, for what lays out every set (i18n check)."""
    docs, _ = _checked_documents(None, every_set=True)
    game = build(docs)
    out: list[tuple[Briefcase, CompanySet | None]] = [(game, None)]
    for doc in docs:
        if doc.kind == "company-set":
            chosen = custom_set(game, doc)
            out.append((game.with_set(chosen), chosen))
    return out


def _checked_documents(set_file: Path | None, every_set: bool = False
                       ) -> tuple[list[Document], Document | None]:
    """The game's data documents (and ``set_file``'s, also returned), read and checked, with
    ``every_set`` all the workspace's set files; DataError or SelectionError as
    ``load_briefcase`` says."""
    from cardgen.games.briefcase.checks import RULES

    with reading_once():        # the files _run_files read to tell set files apart, read once
        paths = (game_files(GAME) if every_set else _run_files(set_file)) + ([set_file] if set_file else [])
        docs, problems = read_documents(paths)
    set_doc = None
    if set_file is not None and not problems:
        # Checked before the meaning checks: another game's file would be judged by Briefcase's
        # rules, and a shipped data file would be read as the set.
        set_doc = next(d for d in docs if d.path.resolve() == set_file.resolve())
        if (set_doc.game, set_doc.kind) != (GAME, "company-set"):
            # A choice of the wrong file, said in one line (as Free Market: NYC's --set does):
            # the game's data has no problem, and validate finds none in a valid file of
            # another kind.
            raise SelectionError(_not_a_set_file(set_file, set_doc))
    raise_errors(docs, problems, RULES)
    return docs, set_doc


def files_read(set_name: str | None) -> list[Path]:
    """The data files a run of the set named ``set_name`` (an official set's or one of the
    workspace's; None or another name: the box) reads: what check-set validates before it
    plays."""
    return _run_files(_own_set_file(set_name) if set_name else None)


def _own_set_file(set_name: str) -> Path | None:
    """The first of the workspace's set files whose id or name is ``set_name`` (any case)."""
    wanted = set_name.casefold()
    for set_id, name, file in workspace_sets():
        if wanted in (set_id.casefold(), name.casefold()):
            return file
    return None


def _run_files(set_file: Path | None) -> list[Path]:
    """The game's data files a run of the box, or of ``set_file``, reads: all but the
    workspace's other company set files. A run of one set needs no other, and a set file being
    edited (broken, or naming a company it does not define yet) stopped every run of every set,
    the official ones included. ``cardgen validate`` still checks them all, and ``--set NAME``
    says which set files it could not read."""
    chosen = resolved(set_file) if set_file is not None else None
    return [p for p in game_files(GAME) if resolved(p) == chosen or not _is_set_file(p)]


# A file's top-level ``kind: company-set`` line, as written (quoted or not, a comment after it).
_SET_KIND_LINE = re.compile(r"""^kind:[ \t]*(["']?)company-set\1[ \t]*(#.*)?$""", re.MULTILINE)


def _is_set_file(path: Path) -> bool:
    """Whether ``path`` is a company set file: of that kind when it reads, else (a file the YAML
    reader refuses) when its ``kind:`` line says so. A file that cannot be read at all, or says
    no kind, is kept with the game's files: it may be a changes file, whose problems must stop
    the run rather than have it play the numbers it would change."""
    doc, _ = read_document(path)
    if doc is not None:
        return doc.kind == "company-set"
    try:
        text = read_text(path)
    except YamlError:
        return False
    return _SET_KIND_LINE.search(text) is not None


def _unread_sets() -> list[Path]:
    """The workspace's company set files with problems, which ``--set NAME`` cannot search."""
    readable = {resolved(f) for _, _, f in workspace_sets()}
    return [p for p in game_files(GAME) if resolved(p) not in readable and _is_set_file(p)]


def _not_a_set_file(path: Path, doc: Document) -> str:
    """Why a valid file of another kind is no company set file, and what to give instead. A file
    of several sets (``kind: company-sets``, as the official sets.yaml) was told only "expected
    'game: briefcase' and 'kind: company-set'", which read as a typo in a file that has both."""
    shown = display_path(path)
    if (doc.game, doc.kind) == (GAME, "company-sets"):
        sets = doc.data.get("sets") or []
        names = [shorten(str(s.get("name", s.get("id", "?")))) for s in sets if isinstance(s, dict)]
        listed = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        return (f"{shown} holds {plural(len(sets), 'company set')} ('kind: company-sets'"
                f"{': ' + listed if listed else ''}) where one set is expected: put each set in a file "
                "of its own, with 'kind: company-set' and its 'companies' at the top level")
    return (f"{shown} is not a Briefcase company set file: it says 'game: {shorten(str(doc.game))}' "
            f"and 'kind: {shorten(str(doc.kind))}', where a set file says 'game: briefcase' and "
            "'kind: company-set'")


def workspace_sets() -> list[tuple[str, str, Path]]:
    """(id, name, file) of the company set files among the game's data files: a workspace's own
    sets, which --set finds by name like the official ones."""
    docs, _ = read_documents(game_files(GAME))
    return [(str(d.data.get("id") or d.path.stem.replace("-", "_")), str(d.data["name"]), d.path)
            for d in docs if d.kind == "company-set"]


def resolve_set(set_ref: str | None) -> tuple[Briefcase, CompanySet | None]:
    """The game and the company set a --set value names: an official set's id or name (any
    case), or a company set file; None or 'random' for no set (the randomizers decide).

    Raises SelectionError for a name or file that does not exist, DataError for invalid data."""
    path = Path(set_ref) if set_ref else None
    if path is not None and (path.suffix.lower() in (".yaml", ".yml") or os.path.lexists(path)):
        if not path.is_file():      # (a name too long for the file system raises: cli says so)
            if not os.path.lexists(path):
                raise SelectionError(f"no company set file {set_ref}{_file_named(path)}")
            # A folder, pipe, device, link loop or dangling link, said which from its stat
            # (never opened: a pipe would block), as check-set and Free Market: NYC's --set say it.
            why = not_a_file(path, "company set file")
            raise SelectionError(f"{set_ref}: {why.message if why else 'not a company set file'}")
        return load_briefcase(path)
    game = load_briefcase()[0]
    if set_ref is None or set_ref.casefold() == "random":
        return game, None
    wanted = set_ref.casefold()
    for company_set in game.sets.values():
        if wanted in (company_set.id.casefold(), company_set.name.casefold()):
            return game, company_set
    file = _own_set_file(set_ref)
    if file is not None:
        return load_briefcase(file)
    own = workspace_sets()
    names = [s.name for s in game.sets.values()] + [name for _, name, _ in own]
    hint = did_you_mean(set_ref, [s.id for s in game.sets.values()] + [i for i, _, _ in own] + names)
    raise SelectionError(f"no company set named '{set_ref}'{hint}; sets: {', '.join(names)}, "
                         f"or a set file{_example_named(wanted)}{_unread_named()}")


def _unread_named() -> str:
    """Which set files ``--set NAME`` could not search, if any: the name may be one of theirs."""
    unread = [display_path(p) for p in _unread_sets()]
    if not unread:
        return ""
    return (f"; {plural(len(unread), 'set file')} with problems could not be searched: "
            f"{', '.join(unread)} (cardgen validate says what is wrong)")


def _file_named(path: Path) -> str:
    """Where the workspace has a set file of ``path``'s name, how to give it from the current
    folder: --set my-set.yaml in the workspace was told only that there is no such file."""
    from cardgen.workspace import current

    root = current().root
    if root is None:
        return ""
    mine = [*game_files(GAME), *current().listing(Path("cards", GAME, "examples"), (".yaml", ".yml"))]
    for found in mine:
        if found.name == path.name and resolved(found).is_relative_to(resolved(root)):
            return f" (did you mean {os.path.relpath(found)}?)"
    return ""


def _example_named(wanted: str) -> str:
    """Where ``wanted`` (case-folded) is the id or name of a set among the workspace's examples
    (``cards/briefcase/examples/``, which --set never searches by name), how to give it. In a
    clone of cardgen or a workspace made with 'init --from briefcase', --set 'Tech Boom' was told
    only that no set has that name, with the example beside the data."""
    from cardgen.workspace import current

    # Only a file of the workspace's own folder (a clone of cardgen's included), never one of the
    # games shipped inside the installed package.
    workspace = current()
    root = workspace.root
    if root is None:
        return ""
    files = [p for p in workspace.listing(Path("cards", GAME, "examples"), (".yaml", ".yml"))
             if resolved(p).is_relative_to(resolved(root))]
    for doc in read_documents(files)[0]:
        if doc.kind != "company-set":
            continue
        keys = (str(doc.data.get("id") or doc.path.stem.replace("-", "_")), str(doc.data["name"]))
        if wanted in (k.casefold() for k in keys):
            shown = display_path(doc.path)
            return (f"; {shown} is an example, which --set finds by its file only: --set {shown} "
                    f"(or move it to cards/{GAME}/ to name it)")
    return ""
