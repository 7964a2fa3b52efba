"""The heuristic player: plays sensibly from what a player may see.

It banks its best cards, keeps defenses, forms an alliance early, trades with its ally when the
swap pays (``trading.py``), uses an Investor for the exchange when a random card of the
target's hand is worth more than banking it, attacks the leader, Ditches its ally when the
betrayal pays, and spends a reaction when the attack would cost more than keeping the card.

It decides from its seat's ``Observation`` and the pending ``Decision`` alone (``decide``), and
draws on no randomness: its choices are a function of what it has seen.
"""

from __future__ import annotations

from typing import Any

from cardgen.games.startup.bots import trading
from cardgen.games.startup.bots.plays import WIN, hand_worth, score
from cardgen.games.startup.bots.thinking import thinks
from cardgen.games.startup.bots.view import HiddenHand, care, mind
from cardgen.games.startup.engine.observation import Observation
from cardgen.games.startup.engine.state import Action, Offer, Window
from cardgen.sim.decisions import Decision

# Trade offers a turn: a refusal costs nothing, but people do not ask all turn long.
OFFERS_PER_TURN = 2
# Rounds before an offer the ally turned down is made again (doubling with each refusal in a
# row): a call for help is repeated soonest, as a rival near the win changes things fast; a
# blind request for the ally's better cards latest, as a sensible ally rarely has one to spare.
WAIT_ROUNDS = {trading.HELP: 1, trading.SPARE: 2, trading.ASK: 4}
# What a skipped turn costs (a draw and two card plays), in $M.
SKIPPED_TURN = 100
# Share of a Growth card's value lost when Cease & Desist returns it: it costs a play to bank
# again and sits exposed in hand meanwhile.
RETURNED = 0.4
# A reaction is spent when the harm it prevents is at least this share of its worth in hand.
SPEND = 0.75


def order(a: Action) -> tuple:
    """A fixed order among plays of one card that score the same."""
    return (a.kind, -1 if a.target is None else a.target, -1 if a.target_card is None else a.target_card)


class HeuristicBot:
    name = "heuristic"
    # check-set's paired card effects (``cardgen.sim.effects``): the id of a card this bot never
    # plays for its effect nor as an answer (it may still bank it), and of one it plays, or
    # answers with, whenever it may.
    avoid: str | None = None
    favour: str | None = None

    def __init__(self, seed: int = 0) -> None:
        # ``seed``: the policy seed every bot is made with; this one draws on no randomness.
        # This turn's card plays, as far as this bot knows them: a refused invitation or trade
        # spends none.
        self._turn = -1
        self._spent = 0
        self._offers = 0
        self._last: Action | None = None
        self._confirmed = False
        self._trade_cost = 0.0
        self._reason = ""
        # Offers turned down, by (ally, reason): the turn of the last refusal and how many in
        # a row. Not repeated until the ally has drawn new cards, and an ally who keeps
        # refusing is asked ever more rarely.
        self._declined: dict[tuple[int, str], tuple[int, int]] = {}

    def decide(self, observation: Observation, decision: Decision) -> Any:
        """The answer to one decision of the obs, by its tag (see the engine's ``ask`` calls)."""
        obs, tag, options = observation, decision.tag, decision.options
        if (self.avoid or self.favour) and tag in ("action", "react", "override"):
            return self._told(obs, tag, options)
        if tag == "action":
            return self.choose_play(obs, [a for a in options if a is not None])
        if tag == "react":
            return self.respond(obs, obs.attack, [c for c in options if c is not None])
        if tag == "accept_alliance":
            return self.accept_alliance(obs, obs.inviter)
        if tag == "trade_reply":
            return self.trade_reply(obs, obs.offer)
        if tag == "trade_confirm":
            return self.confirm_trade(obs, obs.offer)
        if tag == "discard":
            return self.choose_discard(obs, decision.high)
        if tag == "take_from_hand":
            return self.choose_from_hand(obs, list(options))
        if tag == "reversal":
            return max(options, key=lambda c: (obs.card(c).value, -c))
        # choose_startup (the types play alike), override (always worth it): the first option
        return options[0]

    def _told(self, obs: Observation, tag: str, options: tuple[Any, ...]) -> Any:
        """A play or an answer with the avoided card left out and the favoured one first."""
        def card_id(option: Any) -> str | None:
            if option is None:
                return None
            if tag == "action":
                return obs.card(option.card).id if option.kind == "use" else None
            return obs.card(option).id

        allowed = [o for o in options if o is not None and (self.avoid is None or card_id(o) != self.avoid)]
        favoured = [o for o in allowed if self.favour is not None and card_id(o) == self.favour]
        if tag == "action":
            if favoured:
                seat = obs.seat
                self.plays_left(obs)
                self._last = min(favoured, key=lambda a: (-score(obs, seat, a), order(a)))
                return self._last
            return self.choose_play(obs, allowed)
        if favoured:
            return favoured[0]
        if tag == "react":
            return self.respond(obs, obs.attack, allowed) if allowed else None
        return allowed[0] if allowed else None            # override: always worth it

    # --- card plays -----------------------------------------------------------------------------
    def plays_left(self, obs: Observation) -> int:
        if obs.turns != self._turn:
            self._turn, self._spent, self._offers = obs.turns, 0, 0
        elif self._last is not None:
            self._spent += self._spent_on(obs, self._last)
        self._last = None
        return obs.rules.plays_per_turn - self._spent

    def _spent_on(self, obs: Observation, a: Action) -> int:
        if a.kind == "trade":
            key = (a.target, self._reason)
            if self._confirmed:
                self._declined.pop(key, None)
            else:
                self._declined[key] = (obs.turns, self._declined.get(key, (0, 0))[1] + 1)
            return int(self._confirmed)
        if a.kind == "use" and obs.card(a.card).effect.kind == "form_alliance":
            return int(("alliance", obs.seat, a.target) not in obs.refused)
        return 1

    def _declined_by(self, obs: Observation, ally: int) -> set[str]:
        """Reasons not to offer again yet: a few rounds after a refusal, doubling with each
        refusal in a row."""
        return {reason for (who, reason), (turn, times) in self._declined.items()
                if who == ally and obs.turns - turn < obs.n * WAIT_ROUNDS[reason] * 2 ** (times - 1)}

    @thinks
    def choose_play(self, obs: Observation, actions: list[Action]) -> Action | None:
        seat = obs.seat
        left = self.plays_left(obs)
        plays = sorted(((score(obs, seat, a), a) for a in actions if a.kind != "trade"),
                       key=lambda sa: (-sa[0], sa[1].card, order(sa[1])))
        trades = [a for a in actions if a.kind == "trade"]
        if trades and self._offers < OFFERS_PER_TURN and not (plays and plays[0][0] >= WIN):
            offer = trading.pick_offer(obs, seat, trades, [a for _, a in plays], left > 1,
                                       self._declined_by(obs, trades[0].target))
            if offer is not None:
                self._last, self._reason = offer
                self._trade_cost = trading.play_cost([s for s, a in plays if a.card != offer[0].card], left)
                self._offers += 1
                self._confirmed = False
                return self._last
        if plays and plays[0][0] > 10:
            self._last = plays[0][1]
            return self._last
        return None

    # --- answers ---------------------------------------------------------------------------------
    @thinks
    def choose_discard(self, obs: Observation, count: int) -> list[int]:
        return sorted(obs.hand, key=lambda c: (self.keep(obs, c), c))[:count]

    def keep(self, obs: Observation, card: int, ready: bool = False) -> float:
        """A card of this seat's own hand, worth holding as far as it knows its hand."""
        return hand_worth(obs, obs.seat, card, ready, [c for c in obs.hand if c != card])

    def harm(self, obs: Observation, seat: int, w: Window, spent: int) -> float:
        """What the attack would cost its target, as this seat sees it, in $M (``spent``: the
        reaction card that would answer it, no longer in hand then)."""
        eff = obs.card(w.card).effect
        target_card = w.action.target_card
        if eff.kind == "take_banked":
            value = obs.card(target_card).value
            return value * (1 + mind(obs, seat, w.attacker))   # they lose it, the attacker gains it
        if eff.kind == "return_to_hand":
            return RETURNED * obs.card(target_card).value
        if eff.kind == "penalty_marker":
            return eff.get("amount", 0)
        if eff.kind == "skip_turn_marker":
            return SKIPPED_TURN
        if eff.kind == "take_from_hand":
            if seat == w.target:
                worths = [self.keep(obs, c) for c in obs.hand if c != spent]
            else:
                worths = [HiddenHand(obs, w.target).mean_worth()] * obs.players[w.target].hand_size
            if not worths:
                return 0.0
            if not eff.get("gives_this_card"):
                return max(worths)   # the attacker looks and picks the best
            mean = sum(worths) / len(worths)
            return mean * (1 + mind(obs, seat, w.attacker)) - obs.card(w.card).value
        return 0.0

    @thinks
    def respond(self, obs: Observation, window: Window, options: list[int]) -> int | None:
        seat = obs.seat
        attack_id = obs.card(window.card).id
        reverses = [c for c in options if obs.card(c).reaction_against(attack_id).action == "reverse"]
        if reverses:
            return min(reverses)   # turning a betrayal around always pays
        # A partner's harm counts as far as this seat cares (not at all for one about to win).
        weight = 1.0 if seat == window.target else care(obs, seat, window.target)
        card = min(options, key=lambda c: (self.keep(obs, c), c))
        harm = weight * self.harm(obs, seat, window, card)
        return card if harm >= SPEND * self.keep(obs, card) else None

    def accept_alliance(self, obs: Observation, inviter: int) -> bool:
        return obs.players[obs.seat].partner is None and \
            obs.valuation(inviter) < obs.rules.win_valuation - 300

    @thinks
    def trade_reply(self, obs: Observation, offer: Offer) -> int | None:
        return trading.reply(obs, obs.seat, offer.offerer, offer.card)

    @thinks
    def confirm_trade(self, obs: Observation, offer: Offer) -> bool:
        ready_after = obs.rules.plays_per_turn - self._spent > 1
        self._confirmed = trading.confirm(obs, obs.seat, offer.ally, offer.card, offer.reply, ready_after,
                                          self._trade_cost)
        return self._confirmed

    @thinks
    def choose_from_hand(self, obs: Observation, cards: list[int]) -> int:
        return max(cards, key=lambda c: (hand_worth(obs, obs.seat, c, True, list(obs.hand)), -c))
