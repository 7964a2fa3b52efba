"""Every Free Market: NYC string that the board, the cards, the tokens and the aids print, with
its gettext context.

Names and card texts come from the data as they are; the stages' and rules' reminders are
sentences generated from the effects (``phrases.py``), so they follow the data. The renderer
draws every one through the build's Translator; ``cardgen i18n extract fmnyc`` writes them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.data.yamlload import key_position, load_yaml, position
from cardgen.games.fmnyc.labels import LABELS
from cardgen.games.fmnyc.load import Fmnyc
from cardgen.games.fmnyc.phrases import difference, items, sentence, sentences, split_by_side
from cardgen.i18n.messages import Message
from cardgen.paths import display_path, template_file
from cardgen.problems import quoted
from cardgen.render.layouts import LayoutError

GAME = "fmnyc"

# Fixed labels: labels.py (the engine reads them too).

# The "at any time" actions of rules.yaml, in words.
ANY_TIME_ACTIONS = {
    "move_workers": "move your {worker}",
    "place_strike": "place a {strike} on any square",
    "use_politician": "use a politician",
    "move_disc_to_awards": "move a {disc} from the Politicians' to the Awards Panel",
    "trade_stock": "trade a stock in early",
}
DELIVERY_STEPS = {
    "loading": "Loading: put 0-{workers} {{worker}} on your {{truck}} and set aside {crates} {{crate}} "
               "(1 more for each {{purchase_order}})",
    "route": "Route: park in any square of the Action Zone (a politician or a takeover moves a "
             "{{truck}} that is there)",
    "takeovers": "Takeovers: bring more {{worker}} than the guards; both sides discard as many",
    "sale": "Sale: a shop buys its own colour at its Wholesale Price; the pawn shop any, at Cost "
            "Price + {pawn} {{coin}}",
}
SCORING_STEPS = {
    "reveal_screens": "Remove the screens",
    "collect_action_zone": "Take your pieces from the Action Zone (discs on the Awards Panel stay)",
    "sort_assets": "Sort your assets",
    "coins": "Coins at face value",
    "stock_end_values": "Stocks at their End Game Value",
    "scoring_values": "Other assets at their Scoring Value",
    "awards": "Awards, the most valuable first",
    "careers": "Career cards",
}


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    slogan: str
    colour: str


CHARACTER_KEYS = ("id", "name", "slogan", "colour")
_ID = re.compile(r"[a-z][a-z0-9_]*")


def _character_problems(data: Any) -> Iterator[tuple[str, tuple[int, int]]]:
    """What is wrong with characters.yaml's content, each at its (line, col): a ``characters``
    list of mappings, each with exactly the keys of CHARACTER_KEYS, as text; ids unique and
    as the data's ids are (``a-z``, digits, ``_``), since they name catalog entries and printed
    pieces."""
    if not isinstance(data, dict) or set(data) != {"characters"}:
        yield "characters.yaml holds one key, characters: a list of id, name, slogan and colour", \
            position(data, ())
        return
    listed = data["characters"]
    if not isinstance(listed, list) or not listed:
        yield "characters is a list of characters, each with an id, a name, a slogan and a colour", \
            position(data, ("characters",))
        return
    seen: set[str] = set()
    for i, ch in enumerate(listed):
        at = ("characters", i)
        if not isinstance(ch, dict):
            yield "a character is a mapping of id, name, slogan and colour", position(data, at)
            continue
        for key in ch:
            if key not in CHARACTER_KEYS:
                yield (f"unknown key {quoted(key)} (a character has id, name, slogan and colour)",
                       key_position(data, at, key))
        for key in CHARACTER_KEYS:
            value = ch.get(key)
            if key not in ch:
                yield f"character {i + 1} has no {key}", position(data, at)
            elif not isinstance(value, str) or not value.strip():
                yield f"a character's {key} is text, not {quoted(value)}", position(data, (*at, key))
            elif key == "id" and not _ID.fullmatch(value):
                yield (f"a character's id is lower-case letters, digits and _, starting with a "
                       f"letter, not {quoted(value)}"), position(data, (*at, key))
            elif key == "id" and value in seen:
                yield f"character id {quoted(value)} is used twice", position(data, (*at, key))
            elif key == "id":
                seen.add(value)


def read_characters(path: Path, shown: str) -> tuple[Character, ...]:
    """The characters in ``path`` (shown to the user as ``shown``), checked: LayoutError with
    the place of every problem."""
    data, problems = load_yaml(path, shown)
    if problems:
        raise LayoutError(problems[0].format(), problems)
    found = [f"{shown}:{line}:{col}: {why}" for why, (line, col) in _character_problems(data)]
    if found:
        raise LayoutError(found[0], found)
    return tuple(Character(*(c[k] for k in CHARACTER_KEYS)) for c in data["characters"])


@cache
def _characters(path: Path, shown: str, stamp: int) -> tuple[Character, ...]:
    return read_characters(path, shown)


def characters() -> tuple[Character, ...]:
    """The characters of ``templates/fmnyc/characters.yaml`` (placeholders; see that file)."""
    path = template_file(GAME, "characters.yaml")
    return _characters(path, display_path(path), path.stat().st_mtime_ns)


def fill(text: str, **values: object) -> str:
    """A translated label with its ``%(name)s`` values put in (``%%`` is a percent sign). Not
    ``{name}``: braces are icon tokens, which every check holds to the game's icons."""
    for key, value in values.items():
        text = text.replace(f"%({key})s", str(value))
    return text.replace("%%", "%")


def side_key(side: Mapping[str, Any]) -> str:
    """A board side's id as a message context part: ``4-5`` -> ``4_5``."""
    return str(side["id"]).replace("-", "_")


# -- generated reminders -------------------------------------------------------------------

def _all_effects(effects: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    out = []
    for e in effects:
        out.append(e)
        if e["kind"] == "choose":
            for option in e["options"]:
                out += _all_effects(option["effects"])
    return out


def resource_index(game: Fmnyc) -> str:
    """Which stages hand out each item: the screen's quick index."""
    found: dict[str, list[int]] = {}
    for stage in game.stages:
        for e in _all_effects(list(stage["effects"])):
            if e["kind"] == "gain":
                for item in e["items"]:
                    found.setdefault(item, [])
                    if stage["number"] not in found[item]:
                        found[item].append(stage["number"])
            elif e["kind"] in ("place_roadblock", "establish_partnership", "place_discs",
                               "hire_manager", "draw_hidden_crates"):
                item = {"place_roadblock": "roadblock", "establish_partnership": "shop",
                        "place_discs": "disc", "hire_manager": "manager",
                        "draw_hidden_crates": "hidden_crate"}[e["kind"]]
                found.setdefault(item, [])
                if stage["number"] not in found[item]:
                    found[item].append(stage["number"])
    order = ["coin", "crate", "hidden_crate", "worker", "strike", "purchase_order", "roadblock", "shop",
             "truck", "disc", "manager"]
    lines = [f"{{{item}}} {', '.join(str(n) for n in sorted(found[item]))}"
             for item in order if item in found]
    return "\n".join(lines)


def scoring_values(game: Fmnyc) -> str:
    """The Scoring Value of each asset that has one: ``{crate} 3   {worker} 1 ...``."""
    return "   ".join(f"{{{item}}} {v}" for item, v in game["scoring"]["values"].items() if v)


def screen_texts(game: Fmnyc) -> dict[str, str]:
    """The reminders inside a Player's Screen (rulebook, "Player's Screen"), from the data."""
    rules, scoring, panels = game["rules"], game["scoring"], game["panels"]
    d = rules["delivery"]
    crates = "-".join(str(n) for n in d["crates"])
    pawn = game["market"]["pawn_shop"]["over_cost_price"]
    steps = [DELIVERY_STEPS[s].format(workers=d["workers_on_truck"][1], crates=crates, pawn=pawn)
             for s in d["steps"]]
    delivery = "\n".join(f"{i}. {s}." for i, s in enumerate(steps, 1))
    values = scoring_values(game) + "\nCoins at face value. Stocks at their End Game Value."
    inc = rules["partnership_income"]
    street, train = rules["roadblocks"]["street"], rules["roadblocks"]["train"]
    profits = (f"A sale on your {{shop}}: {inc['other_sale']['from_seller']} {{coin}} from the seller "
               f"+ {inc['other_sale']['from_supply']} from the supply (your own sale: "
               f"{inc['own_sale']['from_supply']} from the supply).\n"
               f"Street {{roadblock}}: each partnership in its column pays "
               f"{street['other_partner']['from_partner']} {{coin}} + "
               f"{street['other_partner']['from_supply']} "
               f"from the supply (yours: {street['own_partner']['from_supply']} from the supply), now and "
               f"whenever one is established.\n"
               f"Train {{train}}: {train['other_partner']['from_supply']} {{coin}} from the supply for each "
               f"partnership in its row, now and later.")
    any_time = rules["any_time"]
    no_any = [s for s in game.stages if s.get("any_time") is False]
    frozen = ", ".join(f"{{{x.rstrip('s')}}}" for x in d["freeze"])
    any_text = (f"Stages {any_time['from_stage']}-{any_time['to_stage']}, in or out of turn: "
                + "; ".join(ANY_TIME_ACTIONS[a] for a in any_time["actions"]) + ".")
    if no_any:
        any_text += " Never during " + ", ".join(f"{s['name']} ({s['number']})" for s in no_any) + "."
    any_text += f" Once a Delivery Action has begun, nobody moves {frozen}."
    uses = " / ".join(sentence(u) for u in panels["politicians"]["uses"])
    politicians = (f"At any time, one use per politician whose {{disc}} is on +1 (then turn it to -1): "
                   f"{uses}. Several in a row, never the same one twice in a row.")
    payments = game.stage("payments")
    recharge = "; ".join(sentence(e) for e in payments["effects"] if e["kind"] == "recharge_politicians")
    order = "\n".join(f"{i}. {SCORING_STEPS[s]}" for i, s in enumerate(scoring["steps"], 1))
    slogan = (f"When you lose a partnership or roadblock, say your character's slogan: collect "
              f"{rules['reparations']['slogan']} {{coin}} from the supply (until the end of the round).")
    return {"delivery": delivery, "values": values, "profits": profits, "any_time": any_text,
            "index": resource_index(game), "politicians": politicians, "recharge": recharge + ".",
            "scoring_order": order, "slogan": slogan}


def die_hint(game: Fmnyc) -> str:
    """How an ordinary die stands in for the Market Demand Die: its faces in runs of one sign."""
    faces = list(game["market"]["demand"]["die"])
    runs: list[tuple[int, int, int]] = []
    for n, value in enumerate(faces, 1):
        if runs and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], n, value)
        else:
            runs.append((n, n, value))
    parts = [f"{a if a == b else f'{a}-{b}'} {'+' if v > 0 else '-'}" for a, b, v in runs]
    return f"No demand die? Roll a d{len(faces)}: " + ", ".join(parts)


def pawn_price_text(game: Fmnyc) -> str:
    return f"Any crate: Cost Price + {game['market']['pawn_shop']['over_cost_price']} {{coin}}"


def pawn_bonus_text(game: Fmnyc) -> str:
    """The pawn shop's extra coin at the player counts that have it (market.yaml)."""
    pawn = game["market"]["pawn_shop"]
    players = "-".join(str(p) for p in (min(pawn["bonus_players"]), max(pawn["bonus_players"])))
    return f"{players} players: +{pawn['bonus_per_deal']} {{coin}} for each sale here"


def politician_text(game: Fmnyc) -> str:
    uses = " / ".join(sentence(u) for u in game["panels"]["politicians"]["uses"])
    return f"A disc on +1 may be used at any time, then goes to -1: {uses}."


def factory_bonus(game: Fmnyc, fid: str) -> str:
    return sentences(game.factories[fid]["bonus"])


def stage_texts(game: Fmnyc, stage: Mapping[str, Any]) -> dict[str, str]:
    """A stage's reminders: its effects at the largest side's player counts (the rulebook's
    rules are for 4-5 players), what differs on each other side, and that side's full text
    when it differs (the board of that side prints it)."""
    big = game.side_for(game.max_players)
    effects = list(stage["effects"])
    out = {"effects": sentences(split_by_side(effects, big["players"], [])[0])}
    for side in game.sides:
        if side is big:
            continue
        key = side_key(side)
        out[f"players_{key}"] = difference(effects, big["players"], side["players"])
        if out[f"players_{key}"]:
            out[f"effects_{key}"] = sentences(split_by_side(effects, side["players"], [])[0])
        pawn = game["market"]["pawn_shop"]
        if any(e["kind"] == "delivery" for e in _all_effects(effects)) \
                and set(side["players"]) <= set(pawn.get("bonus_players", [])):
            # the pawn shop's extra coin is a 2-3 player difference of every Delivery Action
            extra = f"Pawn shop: +{pawn['bonus_per_deal']} {{coin}} for each sale there."
            out[f"players_{key}"] = " ".join(t for t in (out[f"players_{key}"], extra) if t)
    return out


def board_stage_text(game: Fmnyc, stage: Mapping[str, Any], side: Mapping[str, Any]) -> Message:
    """What a side's Stages Panel prints for a stage: its effects at that side's player counts."""
    texts = stage_texts(game, stage)
    key = f"effects_{side_key(side)}"
    if key in texts:
        return Message(f"stage.{stage['id']}:{key}", texts[key])
    return Message(f"stage.{stage['id']}:effects", texts["effects"])


# -- the messages --------------------------------------------------------------------------

def messages(game: Fmnyc) -> list[Message]:
    """Every message of the Free Market: NYC edition, in a stable order."""
    out: list[Message] = []
    for c in game.careers:
        out += [Message(f"career.{c['id']}:title", c["title"], "Career card title"),
                Message(f"career.{c['id']}:text", c["text"], "Career card ability")]
    for s in game.symbols:
        out.append(Message(f"symbol.{s['id']}:text", s["text"], "Career card symbol, in the glossary"))
    for s in game.stocks:
        out.append(Message(f"stock.{s['id']}:name", s["name"], "Stock token name (36 mm round token)"))
    for crate in game.crates:
        out.append(Message(f"crate.{crate['id']}:name", crate["name"], "crate type"))
    for fid, f in game.factories.items():
        out += [Message(f"factory.{fid}:name", f["name"], "factory on the board"),
                Message(f"factory.{fid}:bonus", factory_bonus(game, fid), "factory bonus at stage 2")]
    for pid, p in game.politicians.items():
        out.append(Message(f"politician.{pid}:name", p["name"], "politician on the board"))
    for aid, a in game.awards.items():
        out.append(Message(f"award.{aid}:name", a["name"], "award on the board"))
    for stage in game.stages:
        sid = stage["id"]
        out.append(Message(f"stage.{sid}:name", stage["name"], "stage name"))
        for key, text in stage_texts(game, stage).items():
            if text:
                out.append(Message(f"stage.{sid}:{key}", text, "generated from the stage's effects; keep "
                                   "icon tokens like {coin}"))
    out += [Message("board:die_hint", die_hint(game), "on the board, under the title"),
            Message("board:pawn_shop_price", pawn_price_text(game), "on the pawn shop square"),
            Message("board:pawn_shop_bonus", pawn_bonus_text(game), "on the pawn shop square, 2-3 side"),
            Message("board:politician_uses", politician_text(game), "under the Politicians' Panel")]
    for c in game["components"]["contents"]:
        out.append(Message(f"component.{c['id']}:name", c["name"], "component of the box"))
    for ch in characters():
        out += [Message(f"character.{ch.id}:name", ch.name, "character name"),
                Message(f"character.{ch.id}:slogan", ch.slogan, "character slogan, said aloud")]
    for step in game["scoring"]["steps"]:
        out.append(Message(f"scoring.{step}:text", SCORING_STEPS[step], "a step of the final count"))
    out.append(Message("scoring:values", scoring_values(game), "the Scoring Values, on the score sheet"))
    for key, text in screen_texts(game).items():
        out.append(Message(f"screen:{key}", text, "Player's Screen reminder generated from the rules; keep "
                           "icon tokens and line breaks"))
    for key, text in LABELS.items():
        out.append(Message(key, text, "label of the board, a card or an aid"))
    return out


def other_files() -> list[Path]:
    """The files besides the game's data whose texts ``box_messages`` holds (for the catalogs'
    ``#:`` references): the workspace's own files of Career cards."""
    from cardgen.games.fmnyc.load import workspace_careers

    return workspace_careers()


def box_messages() -> list[Message]:
    """The messages of the shipped (or workspace) data, and the new ones of the workspace's own
    files of Career cards (``load.workspace_careers``): what ``cardgen i18n`` extracts and
    checks. A card of such a file is translated under its id: one that keeps a shipped card's
    id with other text prints in English (the catalog holds the shipped card's text)."""
    from cardgen.games.fmnyc.load import load_fmnyc

    out = messages(load_fmnyc())
    known = {m.context for m in out}
    for path in other_files():
        extra = [m for m in messages(load_fmnyc(path)) if m.context not in known]
        out += extra
        known |= {m.context for m in extra}
    return out


__all__ = ["LABELS", "box_messages", "characters", "items", "messages", "screen_texts", "stage_texts"]
