"""Add-on 2, the Career cards (careers.yaml): the draft, the timing symbols and the abilities.

The draft (Cards Setup): each seat is dealt 6; ``passes`` times (one per player) each keeps 2
and passes the other 4 to the seat on its left, receiving 4 from its right; then each keeps 2
and discards 4. The quick version: keep 2 of the first 6, discard the rest. A hand stays 6
cards through the passes, so a deck smaller than the box's 30 (a designer's own) drafts the
same way as long as it deals 6 to every seat; the cards not dealt stay in the box.

An ability is an effect list of the stages' vocabulary. Engine readings of the timing symbols:

- Abilities that change a rule (``PASSIVE`` kinds: a discount, a tax relief, a sale bonus, an
  extra guard, an end-of-game bonus...) apply by themselves where that rule is played, for as
  long as their symbol allows ("once in each round" ones, once a round).
- Abilities that do something (a gain, a partnership, a demand move, a truck moved, a stock of
  hidden crates) are actions of the at-any-time windows (``anytime.window``) when their symbol
  is "first round only", "from round 2", "once each round (from round 2)", "anytime" or
  "single use" (then discarded); with a stage symbol they follow that stage when the holder's
  manager performs it (asked first when they cost something).
- ``discount`` takes its coins off what the holder pays at its stage: each lot won at the
  Merchandise Auction, or a hire at Senior Managers (never below nothing). The Auctioneer's
  text (the hidden crate free) is worth the same 2 coins only when the crate is bought: the
  vocabulary does not say which payment a discount is for (a placeholder card's wording).
- ``reparation_bonus`` adds its coins to each reparation its holder takes (``delivery.takeover``).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from cardgen.games.fmnyc.engine import ask, names
from cardgen.sim import decisions as d
from cardgen.sim.decisions import Decision

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game

Steps = Generator[Decision, Any, None]
PASSIVE = frozenset({"tax_relief", "factory_bonus_extra", "discount", "sale_bonus", "ignore_requirement",
                     "extra_guard", "reparation_bonus", "extra_delivery_crates", "extra_capacity",
                     "score_bonus", "award_bonus"})
STAGE_SYMBOLS = ("specified_stage", "stage_image")
ONCE_A_ROUND = ("once_per_round", "once_per_round_from_round_2")


def draft(game: Game, quick: bool) -> Steps:
    deal = game.model["careers"]["deal"]
    per, keep = int(deal["per_player"]), int(deal["keep"])
    deck = [str(c["id"]) for c in game.model.careers]
    game.rng.shuffle(deck)
    n = game.n
    if per * n > len(deck):     # a designer's deck smaller than the box's (refused at prepare)
        raise ValueError(f"{len(deck)} Career cards cannot deal {per} each to {n} players")
    game.drafting = [[deck.pop() for _ in range(per)] for _ in range(n)]
    game.career_box = deck                         # the undealt cards stay in the box
    passes = 0 if quick else (n if deal["passes"] == "players" else int(deal["passes"]))
    choose, passed = int(deal["choose"]), int(deal["pass"])

    def card(cid: str) -> str:          # a person drafts a card by what it does
        return names.career(game.table, cid, text=True)
    for _ in range(passes):
        kept = []
        for seat in range(n):
            hand = sorted(game.drafting[seat])
            kept.append((yield ask.choose_many(seat, "career_draft", f"Keep {choose} Career cards, pass "
                                               f"{passed} to your left", hand, choose, choose, card)))
        out = [[c for c in game.drafting[s] if c not in kept[s]] for s in range(n)]
        game.drafting = [list(kept[s]) + out[(s - 1) % n] for s in range(n)]
    for seat in range(n):
        hand = sorted(game.drafting[seat])
        chosen = yield ask.choose_many(seat, "career_keep", f"Keep {keep} Career cards for the game",
                                       hand, keep, keep, card)
        game.seats[seat].careers = list(chosen)
        game.career_box.extend(c for c in hand if c not in chosen)
        game.drafting[seat] = []
    game.drafting = []


def cards(game: Game, seat: int) -> Iterator[Mapping[str, Any]]:
    for cid in game.seats[seat].careers:
        yield game.career(cid)


def _round_ok(game: Game, card: Mapping[str, Any]) -> bool:
    timing = card["timing"]
    if timing == "first_round":
        return game.round == 1
    if timing in ("from_round_2", "once_per_round_from_round_2"):
        return game.round >= 2
    return True


def _unused(game: Game, seat: int, card: Mapping[str, Any]) -> bool:
    used = game.seats[seat].career_used.get(str(card["id"]))
    if card["timing"] in ONCE_A_ROUND:
        return used != game.round
    if card["timing"] in ("first_round", "single_use"):
        return used is None
    return True


def use(game: Game, seat: int, card: Mapping[str, Any]) -> None:
    """Mark a card used (a single-use one is discarded)."""
    cid = str(card["id"])
    game.count(f"career:{cid}")
    if card["timing"] == "single_use":
        game.seats[seat].careers.remove(cid)
        game.career_box.append(cid)
    else:
        game.seats[seat].career_used[cid] = game.round


def passive(game: Game, seat: int, kind: str) -> Iterator[tuple[Mapping[str, Any], Mapping[str, Any]]]:
    """The seat's cards whose ability has a rule-changing effect of ``kind`` that applies now,
    with the effect (a once-a-round card only while unused this round)."""
    for card in list(cards(game, seat)):
        if card["timing"] == "end_of_game" and kind not in ("score_bonus", "award_bonus"):
            continue
        if not _round_ok(game, card) or not _unused(game, seat, card):
            continue
        for effect in card["ability"]:
            if effect["kind"] == kind:
                yield card, effect


def actions(game: Game, seat: int) -> list[list]:
    """The window actions of the seat's cards: ["career", id] for each usable now."""
    from cardgen.games.fmnyc.engine.effects import affordable, useful

    out = []
    for card in cards(game, seat):
        if card["timing"] in (*STAGE_SYMBOLS, "end_of_game", "whenever_possible"):
            continue
        if any(e["kind"] in PASSIVE for e in card["ability"]):
            continue
        if _round_ok(game, card) and _unused(game, seat, card) and affordable(game, seat, card["ability"]) \
                and useful(game, seat, card["ability"]):
            out.append(["career", str(card["id"])])
    return out


def perform_card(game: Game, seat: int, cid: str) -> Steps:
    from cardgen.games.fmnyc.engine.effects import perform

    card = game.career(cid)
    use(game, seat, card)
    game.source = "careers"
    yield from perform(game, seat, card["ability"])
    game.source = "stages"


def after_stage(game: Game, seat: int, number: int) -> Steps:
    """Cards whose stage symbol names this stage follow it (asked first if they cost)."""
    from cardgen.games.fmnyc.engine.effects import affordable, costs, useful

    stage_id = game.table.stages[number]["id"]
    for card in list(cards(game, seat)):
        if card["timing"] not in STAGE_SYMBOLS or card.get("stage") != stage_id:
            continue
        if any(e["kind"] in PASSIVE for e in card["ability"]):
            continue
        if not affordable(game, seat, card["ability"]) or not useful(game, seat, card["ability"]):
            continue
        if costs(game, card["ability"]) and not (
                yield d.yes_no(seat, "career_stage", f"Use your Career card {card['title']} "
                                                     f"({card['text']})?")):
            continue
        yield from perform_card(game, seat, str(card["id"]))


def stage_bonus(game: Game, seat: int, kind: str, stage: str) -> int:
    """The sum of a passive effect's numbers for a stage (a discount, extra crates)."""
    total = 0
    for card, effect in passive(game, seat, kind):
        if effect.get("stage", stage) == stage and (card["timing"] not in STAGE_SYMBOLS
                                                    or card.get("stage") == stage):
            total += int(effect.get("coins", effect.get("count", 0)))
    return total


def end_bonus(game: Game, seat: int, held: Mapping[str, int], crates: list[str],
              placed: Mapping[str, bool]) -> int:
    """Career worth at the end (scoring step 8): ``score_bonus`` per item held, ``award_bonus``
    for a place in its award."""
    total = 0
    for card, effect in passive(game, seat, "score_bonus"):
        if effect.get("crate"):
            total += int(effect["points"]) * crates.count(effect["crate"])
        else:
            total += int(effect["points"]) * int(held.get(effect["per"], 0))
        use(game, seat, card)
    for card, effect in passive(game, seat, "award_bonus"):
        if placed.get(effect["award"]):
            total += int(effect["coins"])
            use(game, seat, card)
    return total
