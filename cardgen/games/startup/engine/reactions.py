"""The reaction window: before an attack resolves, one response from the target or the target's
partner, then (for a cancel) a possible override by the attacker.

Which card answers what is data: each card's ``reactions`` (``against``, ``action``, ``by``).
A player may always let the moment pass: ``None`` is the last option of each decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.startup.engine import ask
from cardgen.games.startup.engine.state import Window

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game, Steps

TARGET_MAY = ("target_or_partner", "target")
PARTNER_MAY = ("target_or_partner",)


def _attached_answer(game: Game, w: Window) -> str | None:
    """A protection attached under the attacked card answers automatically."""
    target = game.players[w.target]
    attacked = w.action.target_card
    protection = target.attachments.get(attacked) if attacked is not None else None
    if protection is None:
        return None
    r = game.card(protection).reaction_against(game.card(w.card).id)
    if r is None or r.by != "attached":
        return None
    del target.attachments[attacked]
    game.table.resolving.append(protection)
    game.use(protection, target.seat, as_reaction=True)
    return r.action


def _overridden(game: Game, w: Window, answer: int) -> Steps[bool]:
    """The attacker may override the answer with a card made for it (Offer They Can't Refuse)."""
    attack_id, answer_id = game.card(w.card).id, game.card(answer).id
    options = []
    for c in game.players[w.attacker].hand:
        r = game.card(c).reaction_against(answer_id)
        if r is not None and r.action == "override" and r.by == "attacker" and r.during == attack_id:
            options.append(c)
    if not options:
        return False
    chosen = yield ask.choose(w.attacker, "override", "Override the answer to your attack?",
                              (*options, None), game.defs)
    if chosen is None:
        return False
    game.players[w.attacker].hand.remove(chosen)
    game.table.resolving.append(chosen)
    game.use(chosen, w.attacker, as_reaction=True)
    game.counters["overrides"] += 1
    return True


def options_for(game: Game, seat: int, w: Window, allowed: tuple[str, ...]) -> list[int]:
    attack_id = game.card(w.card).id
    return [c for c in game.players[seat].hand
            if (r := game.card(c).reaction_against(attack_id)) is not None and r.by in allowed]


def respond(game: Game, w: Window) -> Steps[str | None]:
    """The one response to an attack: 'cancel', 'reverse', or None to let it resolve."""
    action = _attached_answer(game, w)
    if action is not None:
        game.counters["attacks_canceled"] += 1
        return action
    responders = [(w.target, TARGET_MAY)]
    partner = game.players[w.target].partner
    if partner is not None and partner != w.attacker:
        responders.append((partner, PARTNER_MAY))
    for seat, allowed in responders:
        options = options_for(game, seat, w, allowed)
        if not options:
            continue
        chosen = yield ask.choose(seat, "react", "Answer the attack?", (*options, None), game.defs)
        if chosen is None:
            continue
        game.players[seat].hand.remove(chosen)
        game.table.resolving.append(chosen)
        game.use(chosen, seat, as_reaction=True)
        if seat != w.target:
            game.counters["partner_defenses"] += 1
        r = game.card(chosen).reaction_against(game.card(w.card).id)
        if r.action == "cancel" and (yield from _overridden(game, w, chosen)):
            return None
        if r.action == "cancel":
            game.counters["attacks_canceled"] += 1
        return r.action
    return None
