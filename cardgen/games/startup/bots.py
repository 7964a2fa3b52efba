"""Bot players: every decision the rules leave to a player, answered by a policy.

``RandomBot`` picks uniformly among the legal choices (it finds rule holes). ``HeuristicBot``
plays sensibly from what a player may see (banks, markers, hand sizes, alliances, its own hand):
it banks its best cards, keeps defenses, forms an alliance early, defends its partner, attacks
the leader, and Ditches its ally when the betrayal pays. Both draw all randomness from the
game's one ``random.Random``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardgen.games.startup.engine.effects import targets
from cardgen.games.startup.engine.state import Action, Window

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game


class Bot(Protocol):
    name: str

    def choose_startup(self, game: Game, seat: int, options: list[str]) -> str: ...
    def choose_play(self, game: Game, seat: int, actions: list[Action]) -> Action | None: ...
    def choose_discard(self, game: Game, seat: int, count: int) -> list[int]: ...
    def respond(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None: ...
    def override(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None: ...
    def accept_alliance(self, game: Game, seat: int, inviter: int) -> bool: ...
    def trade_reply(self, game: Game, seat: int, offerer: int, offered: int) -> int | None: ...
    def confirm_trade(self, game: Game, seat: int, ally: int, offered: int, reply: int) -> bool: ...
    def choose_from_hand(self, game: Game, seat: int, target: int, cards: list[int]) -> int: ...
    def choose_reversal(self, game: Game, seat: int, attacker: int, cards: list[int]) -> int: ...


class RandomBot:
    """Uniform among legal choices; ends its plays early as one more choice among them."""

    name = "random"

    def choose_startup(self, game: Game, seat: int, options: list[str]) -> str:
        return game.rng.choice(options)

    def choose_play(self, game: Game, seat: int, actions: list[Action]) -> Action | None:
        pick = game.rng.randrange(len(actions) + 1)
        return actions[pick] if pick < len(actions) else None

    def choose_discard(self, game: Game, seat: int, count: int) -> list[int]:
        return game.rng.sample(game.players[seat].hand, count)

    def respond(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        return game.rng.choice([None, *options])

    def override(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        return game.rng.choice([None, *options])

    def accept_alliance(self, game: Game, seat: int, inviter: int) -> bool:
        return game.rng.random() < 0.5

    def trade_reply(self, game: Game, seat: int, offerer: int, offered: int) -> int | None:
        return game.rng.choice([None, *game.players[seat].hand])

    def confirm_trade(self, game: Game, seat: int, ally: int, offered: int, reply: int) -> bool:
        return game.rng.random() < 0.5

    def choose_from_hand(self, game: Game, seat: int, target: int, cards: list[int]) -> int:
        return game.rng.choice(cards)

    def choose_reversal(self, game: Game, seat: int, attacker: int, cards: list[int]) -> int:
        return game.rng.choice(cards)


# Worth of keeping a tactic in hand (in $M), against banking it for its $10M.
KEEP = {"reaction": 40, "tactic": 30}


class HeuristicBot:
    name = "heuristic"

    # --- reading the table --------------------------------------------------------------------
    def _leader(self, game: Game, seat: int) -> int:
        return max(game.others(seat), key=lambda s: (game.valuation(s), -s))

    def _worth(self, game: Game, card: int) -> int:
        """How much a hand card is worth keeping."""
        d = game.card(card)
        return KEEP[d.category] if d.is_tactic else d.value

    def _threat(self, game: Game, seat: int, s: int) -> float:
        """How much seat ``s`` worries this player: their valuation, more when near the win."""
        v = game.valuation(s)
        near = v >= game.rules.win_valuation - 250
        return v + (400 if near else 0)

    def _usable(self, game: Game, seat: int, card: int) -> bool:
        """A card this player can bank for real value, keep as a defense, or use right now."""
        d = game.card(card)
        return not d.is_tactic or d.category == "reaction" or bool(targets(game, seat, card))

    # --- card plays -----------------------------------------------------------------------------
    def score(self, game: Game, seat: int, a: Action) -> float:
        me = game.players[seat]
        d = game.card(a.card)
        win = game.rules.win_valuation
        mine = game.valuation(seat)
        if a.kind == "bank":
            if mine + d.value >= win:
                return 1000
            if d.is_tactic:
                return 12 if len(me.hand) >= game.rules.hand_limit - 1 else 0
            return d.value
        if a.kind == "trade":
            return 0
        kind = d.effect.kind
        if kind == "take_banked" and d.effect.get("ends_alliance"):
            gain = game.card(a.target_card).value
            betrayal_pays = (mine + gain >= win or game.valuation(a.target) >= win - 250
                             or (gain >= 125 and mine >= 500))
            return 2 * gain if betrayal_pays else -1
        if kind == "take_banked":
            gain = game.card(a.target_card).value
            if a.target_card in game.players[a.target].attachments:
                return -1
            ally_penalty = 0.5 if a.target == me.partner and game.valuation(a.target) < win - 250 else 1
            return (gain + self._threat(game, seat, a.target) / 20) * ally_penalty
        if kind == "return_to_hand":
            if a.target == me.partner:
                return -1
            return 0.7 * game.card(a.target_card).value + self._threat(game, seat, a.target) / 20
        if kind == "take_from_hand":
            if d.effect.get("gives_this_card"):
                return -1   # an Investor banks for as much as it gives away
            return 15 * len(game.players[a.target].hand) - 20
        if kind == "penalty_marker":
            return -1 if a.target == me.partner else 30 + self._threat(game, seat, a.target) / 10
        if kind == "skip_turn_marker":
            return -1 if a.target == me.partner else self._threat(game, seat, a.target) / 8 - 20
        if kind == "form_alliance":
            return 60 if a.target != self._leader(game, seat) or game.n == 3 else 35
        if kind == "remove_marker":
            m = game.card(a.target_card)
            return m.effect.get("amount", 0) or 45
        if kind == "attach_protection":
            return 45 if game.card(a.target_card).value >= 100 else 15
        return -1

    def choose_play(self, game: Game, seat: int, actions: list[Action]) -> Action | None:
        best = max(actions, key=lambda a: (self.score(game, seat, a), -a.card, str(a)))
        if self.score(game, seat, best) > 10:
            return best
        # Nothing better to do: offer the ally a tactic that has no use here.
        trades = [a for a in actions if a.kind == "trade" and not self._usable(game, seat, a.card)]
        return min(trades, key=lambda a: a.card) if trades else None

    # --- answers ---------------------------------------------------------------------------------
    def choose_startup(self, game: Game, seat: int, options: list[str]) -> str:
        return options[0]

    def choose_discard(self, game: Game, seat: int, count: int) -> list[int]:
        hand = sorted(game.players[seat].hand, key=lambda c: (self._worth(game, c), c))
        return hand[:count]

    def respond(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        if seat != window.target and self._threat(game, seat, window.target) >= game.rules.win_valuation:
            return None   # no help for a partner about to win alone
        attack = game.card(window.card)
        if attack.effect.kind == "take_from_hand" and attack.effect.get("gives_this_card"):
            hand = game.players[window.target].hand
            if sum(self._worth(game, c) for c in hand) <= 50 * len(hand):
                return None   # the Investor's $50M is worth more than a random card
        return options[0]

    def override(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        return options[0]

    def accept_alliance(self, game: Game, seat: int, inviter: int) -> bool:
        return game.players[seat].partner is None and \
            game.valuation(inviter) < game.rules.win_valuation - 300

    def trade_reply(self, game: Game, seat: int, offerer: int, offered: int) -> int | None:
        """Swap only a card useless here for one that is useful here, and that helps the ally."""
        if not self._usable(game, seat, offered):
            return None
        spare = [c for c in game.players[seat].hand
                 if not self._usable(game, seat, c) and self._usable(game, offerer, c)]
        return min(spare) if spare else None

    def confirm_trade(self, game: Game, seat: int, ally: int, offered: int, reply: int) -> bool:
        return self._usable(game, seat, reply)

    def choose_from_hand(self, game: Game, seat: int, target: int, cards: list[int]) -> int:
        return max(cards, key=lambda c: (self._worth(game, c), -c))

    def choose_reversal(self, game: Game, seat: int, attacker: int, cards: list[int]) -> int:
        return max(cards, key=lambda c: (game.card(c).value, -c))


BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str) -> Bot:
    return BOTS[name]()
