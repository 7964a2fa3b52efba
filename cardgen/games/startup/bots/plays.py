"""What a card play is worth to the heuristic player, and what a hand card is worth to hold.

Scores are in $M of the player's own valuation: banking a $100M card scores 100, a play that
wins the game scores ``WIN``. Attacks add a share of their target's threat, so the leader is
hit first; an ally is spared while the alliance is worth keeping.
"""

from __future__ import annotations

from cardgen.games.startup.bots.view import (
    REACTION_KEPT,
    HiddenHand,
    acts_before,
    care,
    kind_worth,
    leader,
    mind,
    near_win,
    threat,
    valuation,
)
from cardgen.games.startup.engine.effects import targets
from cardgen.games.startup.engine.observation import Observation
from cardgen.games.startup.engine.state import Action
from cardgen.games.startup.model import CardDef

WIN = 1000.0
# A use that has to wait for the holder's next turn is worth less than one made now, and an
# attack on a near-winner who plays first is mostly too late.
LATER = 0.8
TOO_LATE = 0.3
IDLE_TACTIC = 20       # a tactic with nothing to aim at now may find a target later
BETRAYAL_GUARD = 20    # what a defense against the ally's betrayal adds while partnered
# The card taken in an exchange still needs a card play to bank.
TAKEN_CARD = 0.9


def betrayal_card(obs: Observation, d: CardDef) -> bool:
    """A card that betrays the ally (Ditch) or answers a betrayal (Golden Handcuffs)."""
    if d.effect.get("ends_alliance"):
        return True
    by_id = obs.model.by_id
    return any(r.against in by_id and by_id[r.against].effect.get("ends_alliance") for r in d.reactions)


def blockers(obs: Observation, attack: CardDef) -> list[str]:
    """Ids of the cards a target or its partner may use from hand to cancel this attack."""
    return [d.id for d in obs.model.cards
            if (r := d.reaction_against(attack.id)) is not None and r.by in ("target", "target_or_partner")]


def exchange_score(obs: Observation, seat: int, investor: int, target: int) -> float:
    """An Investor exchange: take a random card of the target's hand, give them $50M.

    Against a rival who banks every value card the hand is mostly tactics, and banking the
    Investor ($50M) is the better play; against a hoarder the random card is often worth more.
    """
    d = obs.card(investor)
    hidden = HiddenHand(obs, target)
    mean = hidden.mean_worth()
    responders = [hidden]
    partner = obs.players[target].partner
    if partner is not None and partner != seat:
        responders.append(HiddenHand(obs, partner, hidden.unseen))
    p_through = 1.0
    for h in responders:
        for card_id in blockers(obs, d):
            p_through *= 1 - h.p_holds(card_id)
    # The target loses a card and gains the Investor's value: good for a partner kept, bad
    # for a rival as far as this seat minds their gains.
    regard = care(obs, seat, target) - mind(obs, seat, target)
    return p_through * (TAKEN_CARD * mean + regard * (d.value - mean))


def score(obs: Observation, seat: int, a: Action) -> float:
    """The worth of a bank or effect play to this seat (trades are judged in trading.py)."""
    me = obs.players[seat]
    d = obs.card(a.card)
    win = obs.rules.win_valuation
    mine = valuation(obs, seat)
    if a.kind == "bank":
        if mine + d.value >= win:
            return WIN
        if d.is_tactic:
            return 12 if me.hand_size >= obs.rules.hand_limit - 1 else 0
        return d.value
    if a.kind != "use":
        return 0
    kind = d.effect.kind
    if kind == "take_banked" and d.effect.get("ends_alliance"):
        gain = obs.card(a.target_card).value
        betrayal_pays = (mine + gain >= win or near_win(obs, a.target) or (gain >= 125 and mine >= 500))
        return 2 * gain if betrayal_pays else -1
    if kind == "take_banked":
        gain = obs.card(a.target_card).value
        if a.target_card in obs.players[a.target].attachments:
            return -1
        spare = 0.5 if a.target == me.partner and not near_win(obs, a.target) else 1
        return (gain + threat(obs, a.target) / 20) * spare
    if kind == "return_to_hand":
        if a.target == me.partner:
            return -1
        return 0.7 * obs.card(a.target_card).value + threat(obs, a.target) / 20
    if kind == "take_from_hand":
        if d.effect.get("gives_this_card"):
            return exchange_score(obs, seat, a.card, a.target)
        return 15 * obs.players[a.target].hand_size - 20
    if kind == "penalty_marker":
        return -1 if a.target == me.partner else 30 + threat(obs, a.target) / 10
    if kind == "skip_turn_marker":
        return -1 if a.target == me.partner else threat(obs, a.target) / 8 - 20
    if kind == "form_alliance":
        return 60 if a.target != leader(obs, seat) or obs.n == 3 else 35
    if kind == "remove_marker":
        return obs.card(a.target_card).effect.get("amount", 0) or 45
    if kind == "attach_protection":
        return 45 if obs.card(a.target_card).value >= 100 else 15
    return -1


def answers(d: CardDef) -> set[str]:
    """The attacks a card answers from its holder's hand."""
    return {r.against for r in d.reactions if r.by in ("target", "target_or_partner")}


def spare(obs: Observation, card: int, beside: list[int]) -> bool:
    """Whether the other cards ``beside`` it already answer every attack this card answers."""
    covered = answers(obs.card(card))
    return bool(covered) and any(covered <= answers(obs.card(c)) for c in beside)


def hand_worth(obs: Observation, seat: int, card: int, ready: bool, beside: list[int] | None = None) -> float:
    """What holding this card is worth to this seat: its best play, or what keeping it is worth.

    ``ready``: the seat can play it this turn. Otherwise its uses wait for the seat's next turn
    (an attack on a near-winner who plays before then is mostly too late). ``beside``: cards
    known to be held with it; a second defense against the same attacks is only a spare.
    """
    d = obs.card(card)
    if not d.is_tactic:
        best = float(d.value)
        if ready and valuation(obs, seat) + d.value >= obs.rules.win_valuation:
            return WIN
    elif spare(obs, card, beside or []):
        best = IDLE_TACTIC
    else:
        best = kind_worth(d) if kind_worth(d) >= REACTION_KEPT else IDLE_TACTIC
        if obs.players[seat].partner is not None and betrayal_card(obs, d):
            best += BETRAYAL_GUARD
    for a in targets(obs, seat, card):
        s = score(obs, seat, a)
        if not ready:
            late = d.effect.is_attack and near_win(obs, a.target) and acts_before(obs, a.target, seat)
            s *= TOO_LATE if late else LATER
        best = max(best, s)
    return best
