"""The startup game's simulator for ``cardgen simulate`` (the ``Simulator`` protocol of
``cardgen.sim.driver``): games are played by the shared driver,
each seat's bot answering the game's decisions from that seat's observation."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardgen.games.startup.bots import BOTS, make_bot
from cardgen.games.startup.engine.game import DEFAULT_MAX_TURNS, Game
from cardgen.games.startup.engine.observation import Observation
from cardgen.games.startup.model import StartupGame, money
from cardgen.sim.driver import Policy, play_game
from cardgen.sim.report import table_time_lines
from cardgen.sim.result import GameResult
from cardgen.sim.settings import SAFETY_CAP, SECONDS_PER_TURN

# What each counter counts, one line each: the simulate summary and README explain them so.
COUNTER_MEANINGS = {
    "alliances_formed": "alliances made",
    "alliances_betrayed": "alliances ended by a ditch",
    "ditches_reversed": "ditches turned back on the attacker (Golden Handcuffs)",
    "trades": "card trades between allies accepted",
    "trades_refused": "card trades offered and refused",
    "exchanges": "cards given in exchange when taking from a hand",
    "attacks": "attacks played",
    "attacks_canceled": "attacks cancelled by an answer",
    "partner_defenses": "attacks answered by the target's ally",
    "overrides": "answers to an attack overridden by the attacker",
    "turns_skipped": "turns lost to a skip marker",
    "reshuffles": "discard piles shuffled into a new draw pile",
    "draws_skipped": "draws missed because both piles were empty",
    "hand_limit_discards": "cards discarded down to the hand limit",
    "invitations_refused": "alliance invitations refused",
}
# Every counter, reported even when a game never counted it (a zero says it never happened).
COUNTERS = tuple(COUNTER_MEANINGS)


@dataclass(frozen=True)
class Config:
    model: StartupGame
    players: int
    max_turns: int
    seconds_per_turn: float


class StartupSimulator:
    game = "startup"
    bots = tuple(BOTS)   # ("random", "heuristic"): the heuristic is the default seat
    player_counts = (3, 4, 5)
    settings = {"seconds_per_turn": SECONDS_PER_TURN, "max_turns": SAFETY_CAP}       # prepare's options

    def prepare(self, *, players: int, set_ref: str | None, bots: list[str],
                options: dict[str, Any]) -> Config:
        from cardgen.games.selection import check_players, refuse_sets
        from cardgen.games.startup.load import load_startup

        model = load_startup()
        refuse_sets(model, set_ref)
        check_players(model, players)
        seconds = float(options.get("seconds_per_turn") or model.rules.seconds_per_turn)
        return Config(model, players, int(options.get("max_turns", DEFAULT_MAX_TURNS)), seconds)

    # No card sets: `cardgen check-set startup` checks the game's data whole.
    checked_whole = True
    # check-set's paired effects (``cardgen.sim.effects``): which tactic or answer decides games.
    effect_noun, effect_verb = "card", "play"
    effect_taken, effect_holders = "used", "users"     # item counts and seats of a card's use

    def effect_subjects(self, config: Config) -> dict[str, str]:
        """Each card that may be played for an effect or as an answer (``CardDef.usable``), by
        id; the others are only banked, so they have no choice to measure."""
        return {c.id: c.id for c in config.model.cards if c.usable}

    def item_names(self, config: Config) -> dict[str, str]:
        """How check-set names each card: by its printed name."""
        return {c.id: c.name for c in config.model.cards}

    @staticmethod
    def seen_by(state: Game, decision: Any, choice: Any) -> frozenset[int] | None:
        """The seats that see ``choice`` when not every seat does (None): the card an attacker
        takes from a hand ("Return the remaining cards to them without showing anyone else"),
        the card offered in a trade and the one offered back ("Privately show only these two
        cards to each other; other players do not see them"), each to the two seats concerned."""
        if decision.tag == "take_from_hand" and state.attack is not None:
            return frozenset({decision.seat, state.attack.attacker, state.attack.target})
        if decision.tag == "trade_reply" and state.offer is not None:
            return frozenset({state.offer.offerer, state.offer.ally})
        if decision.tag == "action" and getattr(choice, "kind", None) == "trade":
            return frozenset({decision.seat, choice.target})
        return None

    def new_state(self, config: Config, seed: int, invariants: bool = False) -> Game:
        return Game(config.model, config.players, seed, invariants, config.max_turns).start()

    def policy(self, name: str, seat: int, seed: int) -> Policy:
        return make_bot(name, seed)

    def play(self, config: Config, seed: int, seat_bots: list[str], invariants: bool = False
             ) -> GameResult:
        return play_game(self, config, seed, seat_bots, invariants)

    def result(self, state: Game, seed: int, seat_bots: list[str]) -> GameResult:
        game = state
        counters = {k: game.counters.get(k, 0) for k in COUNTERS}
        counters.update(game.counters)
        won = game.winner is not None
        scores = [game.valuation(s) for s in range(game.n)]
        return GameResult(
            seed=seed, players=game.n, seat_bots=list(seat_bots), turns=game.turns,
            rounds=game.turns // game.n, stalled=game.stalled,
            end_condition="valuation" if won else None,
            scores=scores,
            winners=[game.winner] if won else [],
            items=game.items(), counters=dict(sorted(counters.items())),
            # Where a change of win share shows: what each seat ends with on the table.
            seat_figures=[{"valuation": scores[s], "cards banked": len(p.bank),
                           "markers beside the startup": len(p.markers), "cards in hand": len(p.hand)}
                          for s, p in enumerate(game.players)],
        )

    def describe(self, obs: Observation) -> list[str]:
        """What a seat sees, as lines of text for ``cardgen play``."""
        def names(cards: tuple[int, ...]) -> str:
            return ", ".join(obs.card(c).name for c in cards) or "-"

        types = {t.id: t.name for t in obs.model.startup_types}
        lines = [f"turn {obs.turns}, seat {obs.current + 1} to play" if obs.current is not None else "setup",
                 f"draw pile: {obs.draw_pile} cards; discard pile: {len(obs.discard)}"
                 + (f" (top: {obs.card(obs.discard[-1]).name})" if obs.discard else "")]
        for p in obs.players:
            bank = ", ".join(obs.card(c).name + (f" (under it: {obs.card(p.attachments[c]).name})"
                                                 if c in p.attachments else "") for c in p.bank) or "-"
            who = f"seat {p.seat + 1}" + (" (you)" if p.seat == obs.seat else "")
            lines.append(f"{who}: {types.get(p.startup, 'no Startup yet')}, {money(obs.valuation(p.seat))}; "
                         f"bank: {bank}; markers: {names(p.markers)}; "
                         + (f"ally: seat {p.partner + 1}; " if p.partner is not None else "")
                         + f"{p.hand_size} in hand")
        lines.append(f"your hand: {names(obs.hand)}")
        if obs.attack is not None:
            w = obs.attack
            aim = f"seat {w.target + 1}" + (f"'s {obs.card(w.action.target_card).name}"
                                             if w.action.target_card is not None else "")
            lines.append(f"attack: seat {w.attacker + 1} plays {obs.card(w.card).name} on {aim}")
        if obs.offer is not None:
            o = obs.offer
            lines.append(f"trade: seat {o.offerer + 1} offers {obs.card(o.card).name}"
                         + (f" for {obs.card(o.reply).name}" if o.reply is not None else ""))
        if obs.inviter is not None:
            lines.append(f"seat {obs.inviter + 1} invites you into a Strategic Alliance")
        return lines

    def redeal(self, state: Game, seat: int, rng: random.Random) -> None:
        """Deal differently every card ``seat`` cannot see: the draw pile and the other hands
        share out their cards anew, each keeping its size, while cards the pending decision
        shows the seat stay where they are; the undealt Startups are reshuffled. What the seat
        observes must not change (the conformance test)."""
        shown = set(state.shown.get(seat, ()))
        zones = [state.table.draw_pile] + [p.hand for p in state.players if p.seat != seat]
        hidden = [c for zone in zones for c in zone if c not in shown]
        rng.shuffle(hidden)
        for zone in zones:
            # In place: the rules waiting on the decision may hold these very lists.
            zone[:] = [c if c in shown else hidden.pop() for c in zone]
        rng.shuffle(state.table.startup_supply)


def summary_lines(summary: dict[str, Any], options: dict[str, Any] | None = None) -> list[str]:
    """Lines for the startup game under the common summary: the estimated table time of the
    median game against the text's 45-minute design target."""
    from cardgen.games.startup.load import load_startup

    rules = load_startup().rules
    seconds = float((options or {}).get("seconds_per_turn") or summary.get("seconds_per_turn")
                    or rules.seconds_per_turn)
    return table_time_lines(summary, seconds, rules.target_minutes, "design target")


SIMULATOR = StartupSimulator()
