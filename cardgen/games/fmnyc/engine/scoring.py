"""The end of the game (scoring.yaml, panels.yaml ``awards``): start at 200, then coins, stocks'
End Game Value, the Scoring Values of every remaining asset (the Action Zone's collected behind
the screen first), the awards from the most valuable down, in the printed order.

Engine readings: unpaid debts are subtracted from the coins (they are coins owed); the Jackpot,
stocks and careers aside, nothing else scores. Awards count the item of panels.yaml ``counts``
after the Action Zone is collected (a shop counts once it is behind the screen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardgen.games.fmnyc.engine import careers

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game


def award_points(assets: Mapping[int, int], total: int) -> dict[int, int]:
    """Who wins an award among its nominees (``assets``: seat -> what it has of the category):
    1st takes the full sum, 2nd half; a tie for 1st shares the full sum each and leaves no 2nd;
    a tie for 2nd gives each half; a nominee with none of the category wins nothing."""
    ranked = sorted({v for v in assets.values() if v >= 1}, reverse=True)
    if not ranked:
        return {}
    first = [s for s, v in assets.items() if v == ranked[0]]
    out = dict.fromkeys(first, total)
    if len(first) == 1 and len(ranked) > 1:
        out.update(dict.fromkeys((s for s, v in assets.items() if v == ranked[1]), total // 2))
    return out


def assets(game: Game, seat: int) -> Counter[str]:
    """Everything a seat holds once the Action Zone is collected (scoring step 2)."""
    s = game.seats[seat]
    out = Counter(s.held)
    out["crate"] = len(s.crates)
    out["manager"] = s.managers
    out.update(placed_pieces(game, seat))
    return out


def placed_pieces(game: Game, seat: int) -> Counter[str]:
    """A seat's pieces out on the board: its trucks and their workers, its shops and roadblocks
    with their guards, its discs on politicians (a nominee's disc is not counted: it scores no
    asset, and the invariants count it apart)."""
    board = game.board
    out: Counter[str] = Counter()
    out["truck"] += len(game.seats[seat].trucks)
    out["worker"] += sum(t.workers for t in game.seats[seat].trucks)
    for q, p in enumerate(board.partner):
        if p == seat:
            out["shop"] += 1
            out["worker"] += board.guards[q]
    for slot, p in enumerate(board.roadblock):
        if p == seat:
            out["roadblock"] += 1
            out["worker"] += board.rb_guards[slot]
    out["disc"] += sum(1 for owner, _ in board.politician.values() if owner == seat)
    return out


def final_scores(game: Game) -> tuple[list[int], list[dict[str, int]]]:
    """Each seat's worth and its parts, in the order of the count."""
    table = game.table
    parts: list[dict[str, int]] = []
    held = [assets(game, s) for s in range(game.n)]
    for seat, s in enumerate(game.seats):
        part = {"start": table.score_start, "coins": s.coins - s.owes()}
        part["stocks"] = sum(int(game.stock(k)["end_game"]) for k in s.stocks)
        part["assets"] = sum(table.values.get(item, 0) * n for item, n in held[seat].items())
        part["awards"] = 0
        parts.append(part)
    placed: list[dict[str, bool]] = [{} for _ in game.seats]
    for award in table.awards:
        item = table.award_counts[award]
        nominees = {seat: held[seat][item] for seat in game.board.nominees[award]}
        for seat, points in award_points(nominees, table.award_sum[award]).items():
            parts[seat]["awards"] += points
            placed[seat][award] = True
            game.income[f"award:{award}"] += points
    for seat, s in enumerate(game.seats):
        parts[seat]["careers"] = careers.end_bonus(game, seat, held[seat], s.crates, placed[seat])
        game.income["careers"] += parts[seat]["careers"]
    return [sum(p.values()) for p in parts], parts
