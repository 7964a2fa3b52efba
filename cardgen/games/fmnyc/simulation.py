"""Free Market: NYC's simulator for ``cardgen simulate fmnyc`` (the ``Simulator`` protocol of
``cardgen.sim.driver``): games are played by the shared driver, each
seat's bot answering the engine's decisions from that seat's observation.

Options (``prepare``): ``rounds`` 4, 5 or 6 (the data's options; default the data's default),
``stocks`` (Add-on 1), ``career`` (Add-on 2: true or "full" for the whole draft, "quick" for the
quick version).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardgen.games.fmnyc.bots import BOTS, make_bot
from cardgen.games.fmnyc.engine import names
from cardgen.games.fmnyc.engine.game import MAX_DECISIONS, Game
from cardgen.games.fmnyc.engine.observation import HELD
from cardgen.games.fmnyc.engine.table import Table, table_for
from cardgen.games.fmnyc.load import Fmnyc
from cardgen.problems import quoted
from cardgen.sim.driver import Policy, play_game
from cardgen.sim.result import GameResult
from cardgen.sim.settings import FLAG, SAFETY_CAP, SECONDS_PER_TURN, TEXT_OR_FLAG, WHOLE

# Supplies whose exhaustion is measured: ``short_<item>`` counts the gains cut short in a game,
# ``ran_out:<item>`` is 1 in a game where it happened at least once (its mean: the share of games).
SUPPLIES = ("coin", "crate", "worker", "shop", "roadblock", "truck", "disc", "manager", "strike",
            "purchase_order")
# Reported in every summary, so a counter that stays at zero shows as zero.
COUNTERS = ("lots_sold", "deliveries", "crates_sold", "takeovers", "takeovers_defended", "idle_managers",
            "debts", *(f"short_{item}" for item in SUPPLIES))
COUNTER_MEANINGS = {
    "lots_sold": "lots of 2 crates sold at the Merchandise Auction",
    "deliveries": "Delivery Actions begun (stages 10 and 15)",
    "crates_sold": "crates sold in Delivery Actions",
    "takeovers": "partnerships and roadblocks taken over",
    "takeovers_tried": "takeovers begun (defended ones included)",
    "takeovers_defended": "takeovers defended from an adjacent truck",
    "idle_managers": "managers whose stage costs their seat could not pay",
    "debts": "payments a seat could not make in full (owed until it gets coins)",
    "short_coin": "coin gains the supply could not pay in full (supply exhaustion)",
    "short_crate": "crate draws the pouch could not give in full (supply exhaustion)",
    "short_worker": "worker gains beyond a colour's 8 (supply exhaustion)",
    "short_shop": "shop gains beyond a colour's 8 (supply exhaustion)",
    "short_roadblock": "roadblock gains beyond a colour's 4 (supply exhaustion)",
    "short_truck": "truck gains beyond a colour's 3 (supply exhaustion)",
    "short_disc": "disc gains beyond a colour's 4 (supply exhaustion)",
    "short_manager": "manager hires beyond a colour's 6 (supply exhaustion)",
    "short_strike": "strike gains beyond the box's 12 (supply exhaustion)",
    "short_purchase_order": "purchase order gains beyond the box's 20 (supply exhaustion)",
    "roadblock_not_placed": "roadblocks not built: no free slot or none of the colour left",
    "partnership_not_placed": "partnerships not established: no free square or no shop left",
    "managers_unplaced": "managers left unassigned: every outline taken",
    "tax_crates_donated": "crates donated to the tower for a missing tax coin",
    "factory_bonus_struck": "factory bonuses lost to a strike",
    "stocks_bought": "stocks bought at stage 4",
    "score_spread": "the winner's worth minus the last seat's",
    "winner_margin": "the winner's worth minus the runner-up's",
    **{f"ran_out:{item}": f"share of games where the {item.replace('_', ' ')} supply ran out at least once"
       for item in SUPPLIES},
    "auction_coins": "coins paid for lots at the Merchandise Auction",
    # Counters named per thing: a meaning per family (the part before the last colon).
    "anytime:": "'at any time' actions taken, by action",
    "income:": "coins earned, by source",
    "income:award:": "coins earned from the awards, by award",
    "income:stage:": "coins earned at a stage, by stage number",
    "option:": "options chosen at a stage, by stage number and option",
    "politician:": "politicians used (each goes to -1), by politician",
    "route:": "Delivery Action routes ended, by the kind of square",
    "stage:": "managers' stage actions taken, by stage number",
}


@dataclass(frozen=True)
class Config:
    model: Fmnyc
    table: Table
    players: int
    rounds: int
    stocks: bool
    max_decisions: int
    career: str | None = None


class FmnycSimulator:
    game = "fmnyc"
    bots = tuple(BOTS)            # ("random", "heuristic", "planner"): the second is the default seat
    strongest = "planner"         # seated everywhere by check-set (README: it beats the heuristic)
    player_counts = (2, 3, 4, 5)
    options = ("rounds", "stocks", "career")       # what ``cardgen simulate`` may pass
    settings = {"seconds_per_turn": SECONDS_PER_TURN, "rounds": WHOLE, "stocks": FLAG, "career": TEXT_OR_FLAG,
                "max_decisions": SAFETY_CAP}                                  # prepare's options

    # Decisions whose answer only the deciding seat sees: the Career cards it keeps and the
    # crates it draws behind its screen.
    _hidden = frozenset({"career_draft", "career_keep", "return_crates"})

    def seen_by(self, state: Any, decision: Any, choice: Any) -> frozenset[int] | None:
        """The seats that see ``choice`` when not every seat does (None): 'cardgen play' names
        the others' question, not their answer (it printed a bot's kept Career cards to the
        person across the table)."""
        return frozenset({decision.seat}) if decision.tag in self._hidden else None

    def prepare(self, *, players: int, set_ref: str | None, bots: list[str],
                options: dict[str, Any]) -> Config:
        from cardgen.games.fmnyc.load import careers_file, check_deal, load_fmnyc
        from cardgen.games.selection import check_players

        # The game's "set" is a file of Career cards standing in for careers.yaml.
        replacement = None if set_ref is None else careers_file(set_ref)
        model = load_fmnyc(replacement)
        check_players(model, players)
        rounds = int(options.get("rounds") or model["game"]["rounds"]["default"])
        if rounds not in model.rounds:
            raise ValueError(f"'{model.name}' plays {', '.join(map(str, model.rounds))} Game Rounds, "
                             f"not {rounds}")
        career = options.get("career") or (True if replacement is not None else None)
        if career not in (None, False, True, "full", "quick"):
            raise ValueError(f"--career is full or quick, not {quoted(career)}")
        if career:          # a designer's deck smaller than the box's: refused where it is short
            check_deal(model, players, replacement)
        return Config(model, table_for(model, players), players, rounds, bool(options.get("stocks")),
                      int(options.get("max_decisions", MAX_DECISIONS)),
                      None if not career else "quick" if career == "quick" else "full")

    def set_player_counts(self, set_ref: str | None) -> tuple[list[int], str | None]:
        """The player counts check-set plays ``set_ref`` at, and a note naming those it leaves
        out (None when none is): a designer's own deck of Career cards smaller than the box's is
        dealt (``deal.per_player`` each) only to as many players as it has cards for. ValueError
        when it is too small for any. A file that cannot be loaded: every count (the runs say
        why)."""
        from cardgen.games.fmnyc.load import careers_file, deal_reach, load_fmnyc
        from cardgen.paths import display_path
        from cardgen.problems import DataError

        counts = list(self.player_counts)
        if set_ref is None:
            return counts, None
        try:
            path = careers_file(set_ref)
            model = load_fmnyc(path)
        except (ValueError, DataError):
            return counts, None
        most, dealt = deal_reach(model)
        fit = [n for n in counts if n <= most]
        if fit == counts:
            return counts, None
        if not fit:
            raise ValueError(f"{display_path(path)}: {dealt}, fewer than the {counts[0]} the game is "
                             f"for: there is no player count to play it at")
        out = [n for n in counts if n not in fit]
        return fit, f"{dealt}: {out[0]} to {out[-1]} players left out" if len(out) > 1 else \
            f"{dealt}: {out[0]} players left out"

    # check-set's paired effects (``cardgen.sim.effects``): what a seat's bot is told to avoid.
    effect_noun, effect_verb = "Career card", "keep"

    def effect_subjects(self, config: Config) -> dict[str, str]:
        """Each Career card's id and its item name in a summary ("career TITLE")."""
        return {str(c["id"]): f"career {c['title']}" for c in config.model.careers}

    def effect_suits(self, config: Config) -> bool:
        """Whether this player count can show a card's effect: when the deal takes the whole
        deck (30 cards at 5 players) every card is in every game and the bots, drafting by a
        card's worth, keep the same ones each time; with cards left in the box they vary."""
        deal = config.model["careers"]["deal"]
        return int(deal["per_player"]) * config.players < len(config.model.careers)

    def new_state(self, config: Config, seed: int, invariants: bool = False) -> Game:
        return Game(config.model, config.table, seed, config.rounds, invariants, config.stocks,
                    config.max_decisions, config.career)

    def policy(self, name: str, seat: int, seed: int) -> Policy:
        return make_bot(name, seed)

    def play(self, config: Config, seed: int, seat_bots: list[str], invariants: bool = False
             ) -> GameResult:
        return play_game(self, config, seed, seat_bots, invariants)

    def result(self, state: Game, seed: int, seat_bots: list[str]) -> GameResult:
        counters = dict.fromkeys(COUNTERS, 0)
        counters.update(state.counters)
        for source, coins in state.income.items():
            counters[f"income:{source}"] = coins
        for item in SUPPLIES:
            counters[f"ran_out:{item}"] = int(counters.get(f"short_{item}", 0) > 0)
        done = state.finished and not state.stalled
        if done:
            ranked = sorted(state.scores, reverse=True)
            counters["score_spread"] = ranked[0] - ranked[-1]
            counters["winner_margin"] = ranked[0] - ranked[1]
        # Each stage as an item: how often it was taken, and by which seats (the summary's
        # win rate when owned: how often a seat that used the stage won).
        items = {}
        for number, stage in sorted(state.table.stages.items()):
            if number in state.table.capacity:
                users = [s for s in range(state.n) if state.used[s][number]]
                items[f"{number} {stage['name']}"] = {
                    "taken": sum(state.used[s][number] for s in range(state.n)), "owners": users}
        # Each Career card kept: its holder (the summary's win rate when owned, by card).
        for cid, seat in sorted(state.career_owner.items()):
            items[f"career {state.career(cid)['title']}"] = {
                "kept": 1, "used": state.counters.get(f"career:{cid}", 0), "owners": [seat]}
        return GameResult(
            seed=seed, players=state.n, seat_bots=list(seat_bots), turns=state.decisions,
            rounds=state.round if done else state.round - 1, stalled=not done,
            end_condition=f"{state.rounds} rounds" if done else None,
            scores=list(state.scores) if done else [0] * state.n,
            winners=state.winners() if done else [], items=items, counters=dict(sorted(counters.items())),
            # Where a change of win share shows: each seat's score by part of the count (the
            # starting score, the same for all, left out).
            seat_figures=[{f"score from {k}": v for k, v in part.items() if k != "start"}
                          for part in state.parts] if done else [])

    def redeal(self, state: Game, seat: int, rng: random.Random) -> None:
        """Shuffle every crate ``seat`` cannot see among the places that hide it (the other
        screens, the pouch, the tower), each keeping its size: what it observes must not change."""
        zones = [s.crates for s in state.seats if s.seat != seat] + [state.supply.pouch, state.tower.crates]
        hidden = [c for z in zones for c in z]
        rng.shuffle(hidden)
        for z in zones:
            z[:] = [hidden.pop() for _ in z]

    def describe(self, obs: Any) -> list[str]:
        """What a seat sees, as lines of text for ``cardgen play``: everything named as the board
        prints it (``engine/names.py``), as the options of its decisions are."""
        t = obs.table
        stage = names.stage(t, obs.stage) if obs.stage in t.stages else "between stages"
        lines = [f"round {obs.round} of {obs.rounds}, {stage}; the Cup: {names.seat(obs.first)}",
                 "Market Demand: " + ", ".join(f"{names.crate(t, c)} {names.demand(v)}"
                                               for c, v in zip(t.crates, obs.demand, strict=True)),
                 "Container Site: " + "; ".join(f"{names.container(i)}: {names.crates(t, box)}"
                                                for i, box in enumerate(obs.containers)),
                 "Action Zone:"]
        for q in t.squares:
            details = []
            if obs.partner[q.index] is not None:
                details.append(f"partner {names.seat(obs.partner[q.index])} "
                               f"({names.plural(obs.guards[q.index], 'guard')})")
            if obs.strike[q.index]:
                details.append("strike")
            lines.append(f"  the {names.square(t, q.index)} ({names.where(t, q.index)})"
                         + (": " + ", ".join(details) if details else ""))
        roadblocks = [f"{names.slot(t, i)}: {names.seat(owner)} ({names.plural(obs.rb_guards[i], 'guard')})"
                      for i, owner in enumerate(obs.roadblock) if owner is not None]
        lines.append("roadblocks: " + ("; ".join(roadblocks) or "none"))
        politicians = [f"{names.politician(t, p)}: {names.seat(owner)} ({'+1' if charged else '-1'})"
                       for p, owner, charged in obs.politicians]
        lines.append("politicians: " + ("; ".join(politicians) or "none"))
        nominees = [f"{names.award(t, a)}: {', '.join(names.seat(n) for n in seats)}"
                    for a, seats in obs.nominees if seats]
        lines.append("award nominations: " + ("; ".join(nominees) or "none"))
        for v in obs.seats:
            held = ", ".join(names.plural(n, item.replace("_", " "))
                             for item, n in zip(HELD, v.held, strict=True))
            owes = f" (owes {names.coins(v.owes)})" if v.owes else ""
            lines.append(f"{names.seat(v.seat)}{' (you)' if v.seat == obs.seat else ''}: "
                         f"{names.coins(v.coins)}{owes}, {names.plural(v.crates, 'crate')}, "
                         f"{names.plural(v.managers, 'manager')}; behind the screen {held}; "
                         f"trucks parked: {names.trucks(t, v.trucks)}")
        lines.append("your crates: " + names.crates(t, obs.crates))
        if obs.careers:
            lines.append("your Career cards: "
                         + "; ".join(names.career(t, c, text=True) for c in obs.careers))
        return lines


SIMULATOR = FmnycSimulator()


# A decision at the table (a bid called, a manager placed, a delivery planned) takes about this
# long: an authored estimate for the play time line; --seconds-per-turn replaces it.
SECONDS_PER_DECISION = 12
INCOME = ("sales", "partnerships", "roadblocks", "factories", "stocks", "jackpot", "careers")


def summary_lines(summary: dict[str, Any], options: dict[str, Any] | None = None) -> list[str]:
    """Lines under the common summary: the play time the game length means, income by source
    and the supplies that ran out."""
    seconds = float((options or {}).get("seconds_per_turn") or SECONDS_PER_DECISION)
    turns = summary["turns"]
    counters = {k: v["per_game"] for k, v in summary["counters"].items()}
    lines = [f"  play time at {seconds:g} s a decision: median {turns['p50'] * seconds / 60:.0f} min, "
             f"p90 {turns['p90'] * seconds / 60:.0f} min"]
    income = ", ".join(f"{k} {counters.get(f'income:{k}', 0):.1f}" for k in INCOME)
    awards = sum(v for k, v in counters.items() if k.startswith("income:award:"))
    lines.append(f"  income a game (coins): {income}; awards worth {awards:.1f}")
    out = [f"{item.replace('_', ' ')} {100 * counters[f'ran_out:{item}']:.0f}%" for item in SUPPLIES
           if counters.get(f"ran_out:{item}")]
    lines.append("  supplies that ran out (share of games): " + (", ".join(out) or "none"))
    return lines
