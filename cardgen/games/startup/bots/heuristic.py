"""The heuristic player: plays sensibly from what a player may see.

It banks its best cards, keeps defenses, forms an alliance early, trades with its ally when the
swap pays (``trading.py``), uses an Investor for the exchange when a random card of the
target's hand is worth more than banking it, attacks the leader, Ditches its ally when the
betrayal pays, and spends a reaction when the attack would cost more than keeping the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.startup.bots import trading
from cardgen.games.startup.bots.plays import WIN, hand_worth, score
from cardgen.games.startup.bots.thinking import thinks
from cardgen.games.startup.bots.view import HiddenHand, care, mind
from cardgen.games.startup.engine.state import Action, Window

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game

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

    def __init__(self) -> None:
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

    # --- card plays -----------------------------------------------------------------------------
    def plays_left(self, game: Game, seat: int) -> int:
        if game.turns != self._turn:
            self._turn, self._spent, self._offers = game.turns, 0, 0
        elif self._last is not None:
            self._spent += self._spent_on(game, seat, self._last)
        self._last = None
        return game.rules.plays_per_turn - self._spent

    def _spent_on(self, game: Game, seat: int, a: Action) -> int:
        if a.kind == "trade":
            key = (a.target, self._reason)
            if self._confirmed:
                self._declined.pop(key, None)
            else:
                self._declined[key] = (game.turns, self._declined.get(key, (0, 0))[1] + 1)
            return int(self._confirmed)
        if a.kind == "use" and game.card(a.card).effect.kind == "form_alliance":
            return int(("alliance", seat, a.target) not in game.refused)
        return 1

    def _declined_by(self, game: Game, ally: int) -> set[str]:
        """Reasons not to offer again yet: a few rounds after a refusal, doubling with each
        refusal in a row."""
        return {reason for (who, reason), (turn, times) in self._declined.items()
                if who == ally and game.turns - turn < game.n * WAIT_ROUNDS[reason] * 2 ** (times - 1)}

    @thinks
    def choose_play(self, game: Game, seat: int, actions: list[Action]) -> Action | None:
        left = self.plays_left(game, seat)
        plays = sorted(((score(game, seat, a), a) for a in actions if a.kind != "trade"),
                       key=lambda sa: (-sa[0], sa[1].card, order(sa[1])))
        trades = [a for a in actions if a.kind == "trade"]
        if trades and self._offers < OFFERS_PER_TURN and not (plays and plays[0][0] >= WIN):
            offer = trading.pick_offer(game, seat, trades, [a for _, a in plays], left > 1,
                                       self._declined_by(game, trades[0].target))
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
    def choose_startup(self, game: Game, seat: int, options: list[str]) -> str:
        return options[0]

    @thinks
    def choose_discard(self, game: Game, seat: int, count: int) -> list[int]:
        hand = game.players[seat].hand
        return sorted(hand, key=lambda c: (self.keep(game, seat, c), c))[:count]

    def keep(self, game: Game, seat: int, card: int, ready: bool = False) -> float:
        """A card of this seat's own hand, worth holding as far as it knows its hand."""
        return hand_worth(game, seat, card, ready, [c for c in game.players[seat].hand if c != card])

    def harm(self, game: Game, seat: int, w: Window, spent: int) -> float:
        """What the attack would cost its target, as this seat sees it, in $M (``spent``: the
        reaction card that would answer it, no longer in hand then)."""
        eff = game.card(w.card).effect
        target_card = w.action.target_card
        if eff.kind == "take_banked":
            value = game.card(target_card).value
            return value * (1 + mind(game, seat, w.attacker))   # they lose it, the attacker gains it
        if eff.kind == "return_to_hand":
            return RETURNED * game.card(target_card).value
        if eff.kind == "penalty_marker":
            return eff.get("amount", 0)
        if eff.kind == "skip_turn_marker":
            return SKIPPED_TURN
        if eff.kind == "take_from_hand":
            if seat == w.target:
                worths = [self.keep(game, seat, c) for c in game.players[seat].hand if c != spent]
            else:
                worths = [HiddenHand(game, seat, w.target).mean_worth()] * len(game.players[w.target].hand)
            if not worths:
                return 0.0
            if not eff.get("gives_this_card"):
                return max(worths)   # the attacker looks and picks the best
            mean = sum(worths) / len(worths)
            return mean * (1 + mind(game, seat, w.attacker)) - game.card(w.card).value
        return 0.0

    @thinks
    def respond(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        attack_id = game.card(window.card).id
        reverses = [c for c in options if game.card(c).reaction_against(attack_id).action == "reverse"]
        if reverses:
            return min(reverses)   # turning a betrayal around always pays
        # A partner's harm counts as far as this seat cares (not at all for one about to win).
        weight = 1.0 if seat == window.target else care(game, seat, window.target)
        card = min(options, key=lambda c: (self.keep(game, seat, c), c))
        harm = weight * self.harm(game, seat, window, card)
        return card if harm >= SPEND * self.keep(game, seat, card) else None

    def override(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        return options[0]

    def accept_alliance(self, game: Game, seat: int, inviter: int) -> bool:
        return game.players[seat].partner is None and \
            game.valuation(inviter) < game.rules.win_valuation - 300

    @thinks
    def trade_reply(self, game: Game, seat: int, offerer: int, offered: int) -> int | None:
        return trading.reply(game, seat, offerer, offered)

    @thinks
    def confirm_trade(self, game: Game, seat: int, ally: int, offered: int, reply: int) -> bool:
        ready_after = game.rules.plays_per_turn - self._spent > 1
        self._confirmed = trading.confirm(game, seat, ally, offered, reply, ready_after, self._trade_cost)
        return self._confirmed

    @thinks
    def choose_from_hand(self, game: Game, seat: int, target: int, cards: list[int]) -> int:
        return max(cards, key=lambda c: (hand_worth(game, seat, c, True, game.players[seat].hand), -c))

    def choose_reversal(self, game: Game, seat: int, attacker: int, cards: list[int]) -> int:
        return max(cards, key=lambda c: (game.card(c).value, -c))
