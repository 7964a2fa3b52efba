"""The heuristic player: a simple plan from what its seat may see.

It values a crate at the best price it can fetch now (its shop's Wholesale Price or the pawn
shop's), and an asset at its Scoring Value. It bids for lots worth more than they cost, assigns
managers to the stage that adds most to its worth now (deliveries when it has crates to sell,
partnerships and roadblocks for their income and awards, firing a manager late), sells crates
that fetch more than they score, guards its partnerships, strikes rivals' factories and
nominates itself where it holds assets.

Politicians: the second disc of Gala Honoring goes on one whose requirement the seat meets, and
any disc does when no award is worth anything to it (``award_worth``), before the last round.
It keeps him charged (on +1: a coin at stage 2) for its deliveries: before parking it moves a
rival's truck off the square it would sell best at, and during a rival's delivery it moves the
rival's truck off a square where it threatens its partnership or roadblock. Measured (one such
bot against three of the previous play, seats rotated, 1000 games a count, two run seeds): the
heuristic 23.7% (21.2-26.4) and 27.2% (24.5-30.0) against 23.4% and 26.1% without at 4
players, 34.3% (31.4-37.3) and 33.6% against 34.2% and 33.5% at 3; the planner (which keeps
the second disc for an award: ``spare_disc_politician``) 26.8% (24.1-29.6) against 26.2% at
4, 34.8% (31.9-37.8) against 34.4% at 3. Its second disc on a politician cost the planner
much: 15.7% (13.6-18.1) against 25.9% at 4 (an award forgone). No longer done: politicians
spent on raising the demand of its own crates (a coin lost at stage 2 and one to recharge, for
a notch; and none left charged for a delivery). After stage 17 (deliveries done) it lifts a
strike from a factory it partners when the bonus freed is worth more than the politician's coin
and recharge (the Automobile, Canned Food and Textile Factories at 4 players); it seldom can:
in 100 four-player games a seat found its factory struck after stage 17 348 times and held a
charged politician it could use 9 times. Not weaker: one such bot against three that leave
strikes standing, 1000 four-player games, 24.9% (22.2-27.5); the planner 26.6% (23.9-29.3).

It decides from its ``Observation`` and the ``Decision`` alone and draws on no randomness.
"""

from __future__ import annotations

from typing import Any

from cardgen.games.fmnyc.engine.anytime import requirement_holds
from cardgen.games.fmnyc.engine.ask import PASS
from cardgen.games.fmnyc.engine.delivery import NO_ROUTE
from cardgen.games.fmnyc.engine.effects import SKIP
from cardgen.games.fmnyc.engine.observation import HELD, Observation
from cardgen.sim.decisions import Decision

# A lot is bought only when its crates fetch at least this much more than the bid.
MARGIN = 2
# Coins kept back from bidding for the round's stage costs.
RESERVE = 4
FACTORY_TASTE = ("automobile", "canned_food", "textile", "steel", "cement")


def best_price(obs: Observation, crate: str) -> int:
    t = obs.table
    pawn = next(q.index for q in t.squares if q.kind == "pawn_shop")
    return max(obs.price(crate, t.shop_of[crate]), obs.price(crate, pawn))


def held(obs: Observation, item: str) -> int:
    return obs.me.held[HELD.index(item)]


class HeuristicBot:
    name = "heuristic"
    avoid: str | None = None    # id of a Career card this bot never keeps (check-set's effects)
    favour: str | None = None   # id of a Career card this bot keeps whenever it is dealt one

    def __init__(self, seed: int = 0) -> None:
        pass    # ``seed``: every bot is made with one; this one draws on no randomness

    def decide(self, obs: Observation, decision: Decision) -> Any:
        tag = decision.tag.split(":")[0]
        handler = getattr(self, f"_{tag}", None)
        choice = handler(obs, decision) if handler else None
        if choice is None or decision.check(choice) is not None:
            return _default(decision)
        return choice

    # --- the auction -----------------------------------------------------------------------
    margin = MARGIN             # the least a lot must be worth over its bid (a subclass may differ)

    def crate_worth(self, obs: Observation, crate: str) -> int:
        """What the auction values a crate at: the best price it fetches now (a subclass may
        know better)."""
        return best_price(obs, crate)

    def lot_worth(self, obs: Observation, box: int) -> int:
        """What the crates of auction container ``box`` are worth together (``crate_worth``)."""
        return sum(self.crate_worth(obs, c) for c in obs.containers[box])

    def _open_bid(self, obs: Observation, dec: Decision) -> Any:
        best, pick = self.margin - 1, PASS
        for option in dec.options[1:]:
            box, bid = option
            gain = self.lot_worth(obs, box) - bid
            if gain > best and obs.me.coins - bid >= RESERVE:
                best, pick = gain, option
        return pick

    def _outbid(self, obs: Observation, dec: Decision) -> Any:
        bid = dec.options[1]
        gain = self.lot_worth(obs, obs.focus[0]) - bid
        return bid if gain >= self.margin and obs.me.coins - bid >= RESERVE else PASS

    def _auction_bonus(self, obs: Observation, dec: Decision) -> Any:
        return obs.me.coins >= 2 + RESERVE

    # --- managers ---------------------------------------------------------------------------
    def _assign(self, obs: Observation, dec: Decision) -> Any:
        stages = [o for o in dec.options if isinstance(o, int)]
        worth = stage_worths(obs)
        return max(stages, key=lambda n: (worth.get(n, 0.0), -n))

    def _choose(self, obs: Observation, dec: Decision) -> Any:
        stage = int(dec.tag.split(":")[1])
        labels = list(dec.options)
        me, last = obs.me, obs.round == obs.rounds
        if stage == 6:
            if "buy" in labels and _buy_gain(obs) >= 2:
                return "buy"
            return SKIP
        # Express Delivery, Senior Managers: one of the actions is required (ruling
        # choice-required); the one it would rather skip is then the least harmful.
        if stage == 10:
            wanted = "delivery" if "delivery" in labels and _sellable(obs) else "purchasing"
            return _allowed(wanted, labels, "purchasing")
        if stage == 11:
            return "both" if "both" in labels else SKIP
        if stage == 13:
            free_factory = any(obs.partner[q.index] is None and q.what in FACTORY_TASTE[:2]
                               for q in obs.table.squares if q.kind == "factory")
            if free_factory and not last and "factory and shop" in labels:
                return "factory and shop"
            return "two shops" if "two shops" in labels else labels[0]
        if stage == 16:
            if "fire" in labels and (last or (me.managers > 3 and obs.round >= obs.rounds - 1)):
                return "fire"
            if "hire" in labels and not last and (obs.round >= 4 or me.coins >= 14):
                return "hire"
            return _allowed(SKIP, labels, "fire" if last else "hire")
        if stage == 17:
            if "jackpot" in labels and obs.tower_coins + 3 * obs.tower_crates >= 4:
                return "jackpot"
            return "donate" if "donate" in labels and me.coins >= 8 else labels[0]
        return labels[0]

    def _perform_stage(self, obs: Observation, dec: Decision) -> Any:
        worth = stage_worths(obs)
        return max(dec.options, key=lambda n: worth.get(n, 0.0))

    # --- the Action Zone --------------------------------------------------------------------
    def _partnership(self, obs: Observation, dec: Decision) -> Any:
        t = obs.table

        def worth(q: int) -> float:
            sq = t.squares[q]
            value = 0.0
            if sq.kind == "factory":
                value += 5 - FACTORY_TASTE.index(sq.what)
            elif sq.kind == "pawn_shop":
                value += 2
            else:
                value += obs.crates.count(sq.what) + 1
            for slot in t.lines_of(q):
                owner = obs.roadblock[slot]
                if owner == obs.seat:
                    value += 2
                elif owner is not None and t.slots[slot].kind == "street":
                    value -= 1
            return value
        return max(dec.options, key=worth)

    def _roadblock_slot(self, obs: Observation, dec: Decision) -> Any:
        t = obs.table

        def worth(slot: int) -> float:
            line = t.slots[slot].line
            return 2 * sum(1 for q in line if obs.partner[q] is not None) \
                + 0.5 * sum(1 for q in line if obs.partner[q] is None)
        return max(dec.options, key=worth)

    # --- deliveries -------------------------------------------------------------------------
    def _delivery_truck(self, obs: Observation, dec: Decision) -> Any:
        return dec.options[0]

    def _delivery_load(self, obs: Observation, dec: Decision) -> Any:
        return max(dec.options)

    def _delivery_route(self, obs: Observation, dec: Decision) -> Any:
        best, pick = 0.0, NO_ROUTE
        for q in dec.options:
            if q == NO_ROUTE:
                continue
            value = _route_worth(obs, q)
            if value > best:
                best, pick = value, q
        return pick

    def _takeover(self, obs: Observation, dec: Decision) -> Any:
        return dec.options[0]

    def _defend(self, obs: Observation, dec: Decision) -> Any:
        return True

    def _sell(self, obs: Observation, dec: Decision) -> Any:
        square = obs.focus[0]
        ranked = sorted(dec.options, key=lambda c: -obs.price(c, square))
        out: list[str] = []
        for c in ranked:
            if len(out) >= dec.high:
                break
            extra = 1 if len(out) >= 2 else 0        # a purchase order spent scores 1
            if obs.price(c, square) - extra > obs.table.values["crate"]:
                out.append(c)
        return out

    # --- crates -----------------------------------------------------------------------------
    def _pay_crate(self, obs: Observation, dec: Decision) -> Any:
        return min(dec.options, key=lambda c: best_price(obs, c))

    _donate_crate = _pay_crate
    _exchange_give = _pay_crate

    def _sell_crate(self, obs: Observation, dec: Decision) -> Any:
        return max(dec.options, key=lambda c: obs.table.cost[c] - best_price(obs, c))

    def _exchange_take(self, obs: Observation, dec: Decision) -> Any:
        return max(dec.options, key=lambda o: best_price(obs, o[1]))

    def _buy_crate(self, obs: Observation, dec: Decision) -> Any:
        options = [o for o in dec.options if o != SKIP]
        pick = max(options, key=lambda o: best_price(obs, o[1]) - obs.table.cost[o[1]])
        return pick if best_price(obs, pick[1]) - obs.table.cost[pick[1]] >= 2 else SKIP

    def _return_crates(self, obs: Observation, dec: Decision) -> Any:
        return sorted(dec.options, key=lambda c: best_price(obs, c))[:dec.low]

    def _demand_meters(self, obs: Observation, dec: Decision) -> Any:
        mine = [c for c in dec.options if c in obs.crates]
        return mine[:dec.high]

    def _demand_move(self, obs: Observation, dec: Decision) -> Any:
        return max(dec.options)

    # --- panels -----------------------------------------------------------------------------
    # Whether the second disc of Gala Honoring goes on a politician it can use (a subclass may not).
    spare_disc_politician = True

    def award_worth(self, obs: Observation, award: str) -> float:
        """What a nomination for ``award`` is worth to the seat now: its sum where it holds
        some of the category, nothing otherwise (a subclass may know better)."""
        return float(obs.table.award_sum[award]) if award_assets(obs, award) >= 1 else 0.0

    def award_rank(self, obs: Observation, award: str) -> tuple:
        """The order the seat nominates itself in: the largest sum first."""
        return (obs.table.award_sum[award],)

    def _place_disc(self, obs: Observation, dec: Decision) -> Any:
        awards = [o for o in dec.options if o != SKIP and o[0] == "award"]
        spare = self.spare_disc_politician and SKIP in dec.options     # one disc is placed already
        if obs.round < obs.rounds and (spare or not any(self.award_worth(obs, o[1]) > 0 for o in awards)):
            # No award is worth a disc: a politician it may use is (his coin, his uses).
            for o in dec.options:
                if o != SKIP and o[0] == "politician" and requirement_held(obs, o[1]):
                    return o
        if awards:
            return max(awards, key=lambda o: self.award_rank(obs, o[1]))
        return next((o for o in dec.options if o != SKIP), SKIP)

    def _recharge(self, obs: Observation, dec: Decision) -> Any:
        return obs.me.coins >= 3

    def _any_time(self, obs: Observation, dec: Decision) -> Any:
        options = dec.options
        for o in options:                        # guard what can be taken over
            if o != PASS and o[0] in ("guard", "guard_roadblock"):
                return o
        lift = self._lift_strike(obs, options)   # free its own factory before stage 2
        if lift is not None:
            return lift
        for o in options:                        # strike a rival's factory before stage 2
            if o != PASS and o[0] == "strike":
                sq = obs.table.squares[o[1]]
                if sq.kind == "factory" and obs.partner[o[1]] not in (None, obs.seat):
                    return o
        for o in options:                        # a Career card that gives without a cost
            if o != PASS and o[0] == "career" and not _card_costs(obs, o[1]):
                return o
        if obs.round == obs.rounds and obs.stage >= 15:
            for o in options:
                if o != PASS and (o[0] == "to_award" or (o[0] == "disc" and o[1] == "award")):
                    return o
        return PASS

    lift_strikes = True         # a subclass (or a measurement) may leave strikes standing

    def _lift_strike(self, obs: Observation, options: Any) -> Any:
        """In the window after stage 17, before a round with factory bonuses: a politician
        lifts the strike from a factory the seat partners when the bonus it frees is worth more
        than his coin at stage 2 and his recharge. (Earlier in the round he stays charged for
        the deliveries; after the last round there is no bonus to free.)"""
        if not self.lift_strikes or obs.stage != 18 or obs.round >= obs.rounds:
            return None
        lifts = [o for o in options if o != PASS and o[0] == "remove_strike" and obs.partner[o[2]] == obs.seat
                 and obs.table.squares[o[2]].kind == "factory"]
        if not lifts:
            return None
        best = max(lifts, key=lambda o: bonus_worth(obs, o[2]))
        return best if bonus_worth(obs, best[2]) > politician_cost(obs) else None

    # --- Career cards -----------------------------------------------------------------------
    def _career_draft(self, obs: Observation, dec: Decision) -> Any:
        # The avoided card goes last, so it is kept only when the hand leaves no other choice;
        # the favoured one goes first.
        return sorted(dec.options, key=lambda c: (c != self.favour, c == self.avoid,
                                                  -self.card_worth(obs, c)))[:dec.low]

    def card_worth(self, obs: Observation, cid: str) -> float:
        """What the draft ranks a Career card by (``_card_worth``; a subclass may know better)."""
        return _card_worth(obs, cid)

    _career_keep = _career_draft

    def _career_stage(self, obs: Observation, dec: Decision) -> Any:
        return obs.me.coins >= 2 + RESERVE

    def _politician(self, obs: Observation, dec: Decision) -> Any:
        """During a rival's delivery: move its truck off a square where it threatens this
        seat's partnership or roadblock, to where it threatens least."""
        moves = [o for o in dec.options if o != PASS and o[0] == "move_truck" and obs.focus
                 and o[2] == obs.focus[0] and _threat(obs, o[2]) > 0]
        return min(moves, key=lambda o: _threat(obs, o[3])) if moves else PASS

    def _route_politician(self, obs: Observation, dec: Decision) -> Any:
        """Before parking: move a rival's truck off the square it would deliver to best, when
        that beats every free square."""
        rivals = {q for s in obs.seats if s.seat != obs.seat for q, _ in s.trucks}
        taken = rivals | {q for q, _ in obs.me.trucks}
        free = [q.index for q in obs.table.squares if not obs.strike[q.index] and q.index not in taken]
        best = max(rivals, key=lambda q: _route_worth(obs, q), default=None)
        if best is None or obs.strike[best] \
                or _route_worth(obs, best) <= max((_route_worth(obs, q) for q in free), default=0.0):
            return PASS
        moves = [o for o in dec.options if o != PASS and o[0] == "move_truck" and o[2] == best]
        # Where the rival's truck goes: where it threatens least, and would sell worst for it.
        return min(moves, key=lambda o: (_threat(obs, o[3]), _route_worth(obs, o[3]))) if moves else PASS

    def _final_nomination(self, obs: Observation, dec: Decision) -> Any:
        for o in dec.options:
            # A new nomination where it holds assets; never a nomination moved (it could go
            # round forever).
            if o != PASS and o[0] in ("to_award", "disc") and award_assets(obs, o[2]) >= 1:
                return o
        return PASS


def career_card(obs: Observation, cid: str) -> Any:
    return next(c for c in obs.table.careers if str(c["id"]) == cid)


def _card_costs(obs: Observation, cid: str) -> bool:
    return any(e["kind"] == "pay" for e in career_card(obs, cid)["ability"])


def _card_worth(obs: Observation, cid: str) -> float:
    """A rough worth of a Career card over a game: what it gives, times how often it may."""
    card = career_card(obs, cid)
    times = {"first_round": 1, "single_use": 1, "end_of_game": 1}.get(card["timing"], obs.rounds - 1)
    worth = 0.0
    for e in card["ability"]:
        if e["kind"] == "gain":
            worth += gain_worth(obs, e)
        elif e["kind"] in ("establish_partnership", "place_roadblock"):
            worth += 6
        elif e["kind"] in ("score_bonus", "award_bonus", "discount", "sale_bonus", "tax_relief"):
            worth += 3
        elif e["kind"] == "pay":
            worth -= 1
        else:
            worth += 1
    return worth * times


def _allowed(wanted: Any, options: list[Any], *fallback: Any) -> Any:
    """``wanted`` when it is one of ``options``, else the first of ``fallback`` that is, else the
    first option."""
    if wanted in options:
        return wanted
    return next((f for f in fallback if f in options), options[0])


def _default(decision: Decision) -> Any:
    """The first option (pass, no, the least): what a cautious player does when unsure."""
    if decision.kind == "yes_no":
        return False
    if decision.kind == "choose_many":
        return list(decision.options[:decision.low])
    if decision.kind == "order":
        return list(decision.options)
    return decision.options[0]


def _sellable(obs: Observation) -> bool:
    return any(best_price(obs, c) > obs.table.values["crate"] for c in obs.crates)


def _route_worth(obs: Observation, q: int, load: int = 2) -> float:
    """What parking on square ``q`` is worth to a delivery: the sale, more at its own
    partnership and less at a rival's, and a takeover it could make there."""
    value = _sale_worth(obs, q)
    partner = obs.partner[q]
    if value > 0 and partner == obs.seat:
        value += 2
    elif value > 0 and partner is not None:
        value -= 1
    if partner is not None and partner != obs.seat and obs.guards[q] < min(2, load):
        value += 3
    return value


def _threat(obs: Observation, q: int) -> int:
    """How much of the seat's a rival's truck parked on square ``q`` may take over: its
    partnership there and its roadblocks on the square's lines."""
    return int(obs.partner[q] == obs.seat) * 2 + sum(1 for slot in obs.table.lines_of(q)
                                                     if obs.roadblock[slot] == obs.seat)


def requirement_held(obs: Observation, politician: str) -> bool:
    """Whether the seat holds what ``politician`` requires to be used, counted as the engine
    counts it (``anytime.requirement_holds``) on what the observation shows."""
    me = obs.me
    return requirement_holds(obs.table.requires[politician], obs.seat, obs, me.coins, held(obs, "worker"),
                             sum(w for _, w in me.trucks), held(obs, "purchase_order"))


def bonus_worth(obs: Observation, square: int) -> float:
    """What the stage-2 bonus of the factory on ``square`` is worth to its partner, in coins
    (its gains; any other effect at nothing)."""
    t = obs.table
    return sum(gain_worth(obs, e) for e in t.bonuses[t.squares[square].what] if e.get("kind") == "gain")


def gain_worth(obs: Observation, e: Any) -> float:
    """What a ``gain`` effect is worth to the seat, in coins: coins as they are (from each
    opponent, times the opponents), a crate (hidden or not) and other pieces at their Scoring
    Value, a piece without one at 1."""
    t = obs.table
    worth = 0.0
    for item, n in e["items"].items():
        if item == "coin":
            worth += int(n) * (t.players - 1 if e.get("from") == "each_opponent" else 1)
        else:
            worth += int(n) * t.values.get("crate" if item == "hidden_crate" else item, 1)
    return worth


def politician_cost(obs: Observation) -> int:
    """What using a politician after stage 17 costs by stage 2: the income of a disc on +1
    forgone and the recharge paid (the stages' ``recharge_politicians``)."""
    return sum(int(e.get("income", 0)) + int(e.get("cost", 0)) for s in obs.table.stages.values()
               for e in s.get("effects", ()) if e.get("kind") == "recharge_politicians")


def _sale_worth(obs: Observation, square: int) -> float:
    t = obs.table
    prices = sorted((obs.price(c, square) for c in obs.crates if t.sells(square, c)), reverse=True)
    gain = [p - t.values["crate"] for p in prices[:2 + held(obs, "purchase_order")] if p > t.values["crate"]]
    return float(sum(gain))


def _buy_gain(obs: Observation) -> int:
    crates = {c for box in obs.containers for c in box if obs.table.cost[c] <= obs.me.coins}
    return max((best_price(obs, c) - obs.table.cost[c] for c in crates), default=0)


def award_assets(obs: Observation, award: str, seat: int | None = None) -> int:
    """What ``seat`` (default: the observer) holds of an award's category, as the table shows."""
    seat = obs.seat if seat is None else seat
    item = obs.table.award_counts[award]
    me = obs.seats[seat]
    if item == "shop":
        return sum(1 for p in obs.partner if p == seat)
    if item == "roadblock":
        return sum(1 for p in obs.roadblock if p == seat)
    if item == "truck":
        return me.held[HELD.index("truck")] + len(me.trucks)
    if item == "worker":
        return me.held[HELD.index("worker")] + sum(w for _, w in me.trucks) \
            + sum(g for p, g in zip(obs.partner, obs.guards, strict=True) if p == seat)
    return me.held[HELD.index(item)] if item in HELD else 0


def _best_sale(obs: Observation) -> float:
    """The most a delivery could gain now: at the shop of one of its crate types or the pawn shop."""
    t = obs.table
    squares = {t.shop_of[c] for c in obs.crates} | {q.index for q in t.squares if q.kind == "pawn_shop"}
    return max((_sale_worth(obs, q) for q in squares), default=0.0)


def stage_worths(obs: Observation) -> dict[int, float]:
    """What a manager on each operation stage adds to the seat's worth, roughly, in coins."""
    me = obs.me
    last = obs.round == obs.rounds
    coins = me.coins
    sale = _best_sale(obs)
    free_squares = sum(1 for p in obs.partner if p is None)
    worth = {
        5: 2 - 3 + 1 if obs.crates else -99,
        6: 1 + 1 + 0.5 + max(0, _buy_gain(obs)),
        7: 3 + 2 + (0 if None not in obs.roadblock else 2),
        8: -3 + 3 + 3 + 1 if coins >= 3 else -99,
        9: (-2 + 1 + 2 * min(3, len(set(obs.crates)))) if coins >= 2 else -99,
        10: (-3 + sale) if coins >= 3 and (me.trucks or held(obs, "truck")) else (3 if coins >= 3 else -99),
        11: 5 + 2,
        12: -3 - 3 + 3 + 1 if coins >= 3 and obs.crates else -99,
        13: 2 + 1 + (6 if free_squares >= 2 else 2),
        14: (-3 + 8) if coins >= 3 and not last else (-3 + 6 if coins >= 3 else -99),
        15: sale + 1 if me.trucks or held(obs, "truck") else -99,
        # (not to be made to fire a manager early: hiring is the seat's other choice)
        16: 11 if last else (4 if obs.round >= 4 else (1 if coins >= 14 else -99)),
        17: obs.tower_coins + 3 * obs.tower_crates,
    }
    return {n: float(v) for n, v in worth.items()}
