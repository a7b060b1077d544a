"""What each seat may see: the view of a state, and who may read each event."""
from __future__ import annotations

from typing import Any

from .cards import object_name
from .prompts import need_text
from .rules import deciding_seats
from .rules_duel_end import totals
from .state import Duel, Phase, State

GAME_NAME = "castle-of-the-devil"


def seat_view(state: State, seat: str | None) -> dict[str, Any]:
    """Return everything `seat` (None: a spectator) may see now."""
    data = _public(state)
    index = state.index(seat) if seat is not None else -1
    if index >= 0:
        data["you"] = _own(state, index)
    if state.phase is Phase.OVER:
        data["over"] = _revealed(state)
    return data


def _public(state: State) -> dict[str, Any]:
    """Return the part of the view every seat and spectator sees."""
    return {
        "game": GAME_NAME, "turn": state.turn, "phase": state.phase.value,
        "active": state.seats[state.active] if state.seats else None,
        "players": [_player(state, k) for k in range(state.players)],
        "pile": len(state.pile), "token_pile": state.token_pile,
        "unused_professions": len(state.unused), "hand_limit": state.limit,
        "need": need_text(state), "trade": _trade(state), "ability": _ability(state),
        "sextant": _sextant(state),
        "giver": state.seats[state.giver] if state.phase is Phase.GIFT else None,
        "duel": _duel(state, state.duel) if state.duel is not None else None,
        "claim": _claim(state),
        "waiting_for": [state.seats[k] for k in deciding_seats(state)],
    }


def _player(state: State, index: int) -> dict[str, Any]:
    """Return one player as everybody sees them."""
    up = state.face_up[index] or state.revealed[index]
    data: dict[str, Any] = {
        "seat": state.seats[index], "objects": len(state.hands[index]),
        "tokens": state.tokens[index],
        "profession": state.professions[index] if up else None,
    }
    if state.revealed[index]:
        data["society"] = state.societies[index]
        data["hand"] = list(state.hands[index])
    return data


def _trade(state: State) -> dict[str, Any] | None:
    """Return the open trade as everybody sees it (the object stays hidden)."""
    trade = state.trade
    if trade is None:
        return None
    data: dict[str, Any] = {"offerer": state.seats[trade.offerer],
                            "target": state.seats[trade.target], "diplomat": trade.diplomat}
    if trade.diplomat:
        data["demanded"] = trade.offered
    return data


def _ability(state: State) -> dict[str, str] | None:
    """Return the announced trade ability its trader is deciding on."""
    if state.phase is not Phase.ABILITY or not state.pending:
        return None
    ability = state.pending[0]
    return {"seat": state.seats[ability.giver], "object": ability.obj,
            "partner": state.seats[ability.partner]}


def _sextant(state: State) -> dict[str, Any] | None:
    """Return the Sextant's passing: direction and who has chosen."""
    sextant = state.sextant
    if sextant is None:
        return None
    return {"user": state.seats[sextant.user], "direction": sextant.direction,
            "chosen": [seat for seat, obj in zip(state.seats, sextant.choices) if obj]}


def _duel(state: State, duel: Duel) -> dict[str, Any]:
    """Return the duel as everybody sees it: sides only once revealed."""
    seats = state.seats
    data: dict[str, Any] = {
        "attacker": seats[duel.attacker], "defender": seats[duel.defender],
        "priest_window": duel.priest_window, "revealed": duel.revealed,
        "answered": [seats[k] for k, done in enumerate(duel.answered)
                     if done and k != duel.attacker],
    }
    if duel.revealed:
        data["sides"] = {seats[k]: duel.sides[k] for k in range(len(seats))
                         if k not in (duel.attacker, duel.defender)}
        data["excluded"] = [seats[k] for k, out in enumerate(duel.excluded) if out]
        data["plays"] = [{"seat": seats[p.seat], "what": p.what, "kind": p.kind,
                          "amount": p.amount, "target": p.target} for p in duel.plays]
        data["totals"] = list(totals(duel))
        data["to_play"] = seats[duel.cursor] if state.phase is Phase.PLAY else None
    if duel.resolved:
        data["result"] = {"totals": list(duel.totals), "tie": duel.tie,
                          "winner": seats[duel.winner] if duel.winner is not None else None}
    return data


def _claim(state: State) -> dict[str, Any] | None:
    """Return the proclamation under way."""
    claim = state.claim
    if claim is None:
        return None
    return {"claimant": state.seats[claim.claimant], "society": claim.society,
            "named": [state.seats[k] for k in claim.named]}


def _own(state: State, index: int) -> dict[str, Any]:
    """Return what only seat `index` knows."""
    data: dict[str, Any] = {
        "seat": state.seats[index], "society": state.societies[index],
        "profession": state.professions[index], "face_up": state.face_up[index],
        "objects": list(state.hands[index]), "tokens": state.tokens[index],
        "notes": list(state.notes[index]),
    }
    data.update(_own_step(state, index))
    return data


def _own_step(state: State, index: int) -> dict[str, Any]:
    """Return the secrets of the current step this seat shares."""
    data: dict[str, Any] = {}
    trade = state.trade
    if trade is not None and not trade.diplomat and index in (trade.offerer, trade.target):
        data["offered"] = trade.offered
    duel = state.duel
    if duel is not None and not duel.revealed and index not in (duel.attacker, duel.defender):
        data["side"] = duel.sides[index] or None
    if state.sextant is not None:
        data["passing"] = state.sextant.choices[index] or None
    if state.phase is Phase.CLAIRVOYANT and index == state.active:
        data["pile"] = sorted(state.pile)
    if state.phase is Phase.TAKE and duel is not None and duel.winner == index \
            and duel.loser is not None:
        data["loser_objects"] = list(state.hands[duel.loser])
    return data


def _revealed(state: State) -> dict[str, Any]:
    """Return everything that was secret, shown once the game is over."""
    return {
        "winners": list(state.winners), "reason": state.reason,
        "societies": dict(zip(state.seats, state.societies)),
        "professions": dict(zip(state.seats, state.professions)),
        "hands": {seat: list(hand) for seat, hand in zip(state.seats, state.hands)},
        "removed": state.removed or None, "unused": list(state.unused),
    }


def object_word(obj: str) -> str:
    """Return the printed name of an object, for the text renderings."""
    return object_name(obj)
