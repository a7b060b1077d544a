"""What each seat may see: the view of a state, JSON-ready, with no secret of another seat."""
from __future__ import annotations

from typing import Any

from .board import (
    bank_money,
    consort_alignment,
    deciding_seats,
    end_counts,
    lodge_alignment,
    masons,
    may_declare_end,
    ruler_alignment,
)
from .cards import card
from .scoring import points
from .state import (
    REALMS,
    SM,
    Lodge,
    Offer,
    Options,
    Phase,
    Piece,
    Realm,
    Size,
    State,
    id_order,
)

HIDDEN = "hidden"


def seat_view(state: State, seat: str | None) -> dict[str, Any]:
    """Return everything `seat` (None: a spectator) may see now."""
    index = state.realm_of(seat) if seat is not None else -1
    viewer = seat if index >= 0 else None
    data: dict[str, Any] = {
        "game": "freimaurerei", "phase": state.phase.value, "turn": state.turn,
        "action": state.action, "actions": state.actions,
        "active": state.active_seat if state.phase is not Phase.SETUP else None,
        "waiting_for": list(deciding_seats(state)), "options": _options(state.options),
        "principalities": [realm_view(state, i, viewer) for i in range(len(state.realms))
                           if state.realms[i].seat],
        "bank": bank_view(state), "bag": {"small": state.bag.total(Size.SMALL),
                                          "medium": state.bag.total(Size.MEDIUM)},
        "lodge_deck": len(state.lodge_deck), "ruler_deck": len(state.ruler_deck),
        "pending": pending_view(state),
    }
    if viewer is not None:
        data["you"] = _own(state, index)
    if state.result is not None:
        data["result"] = _result(state)
    return data


def _options(options: Options) -> dict[str, bool]:
    """Return the variants in play."""
    return {name: bool(getattr(options, name)) for name in options.__dataclass_fields__}


def card_view(options: Options, card_id: str) -> dict[str, Any]:
    """Return a card as seen on the table."""
    shown = card(options, card_id)
    return {"id": shown.id, "name": shown.name, "rank": shown.rank, "suit": shown.suit,
            "symbol": shown.symbol, "effect": shown.effect.value,
            "alignment": shown.alignment.value if shown.alignment else None}


def piece_view(piece: Piece, owner: str, viewer: str | None, over: bool) -> dict[str, Any]:
    """Return a piece with its inner alignment only where `viewer` may know it."""
    knows = over or (viewer is not None and viewer == (owner if piece.is_master
                                                       else piece.inner_by))
    inner: str | None = None
    if piece.inner is not None:
        inner = piece.inner.value if knows else HIDDEN
    return {"id": piece.id, "size": piece.size.value, "master": piece.is_master,
            "rite": piece.rite.value if piece.rite else None, "perfect": piece.perfect,
            "outer": piece.outer.value if piece.outer else None, "inner": inner,
            "inner_by": piece.inner_by if not piece.is_master else None,
            "lodge": piece.lodge}


def realm_view(state: State, index: int, viewer: str | None) -> dict[str, Any]:
    """Return one principality as `viewer` sees it."""
    realm = state.realms[index]
    over = state.phase is Phase.OVER
    lodges, initiates = end_counts(realm)
    ruling = ruler_alignment(state, index)
    data: dict[str, Any] = {
        "name": REALMS[index].value, "title": REALMS[index].label, "seat": realm.seat,
        "money": realm.money,
        "ruler": card_view(state.options, realm.ruler) if realm.ruler else None,
        "rulers_covered": len(realm.rulers) - 1 if realm.rulers else 0,
        "consorts": [card_view(state.options, c) for c in realm.consorts],
        "ruler_alignment": ruling.value if ruling else None,
        "secret_master": piece_view(realm.pieces[SM], realm.seat, viewer, over),
        "lodges": [_lodge(state, realm, lodge, viewer, over) for lodge in realm.lodges],
        "unaffiliated": [piece_view(p, realm.seat, viewer, over) for p in realm.members(None)],
        "counts": {"lodges": lodges, "perfect_initiates": initiates,
                   "masons": len(masons(realm))},
        "may_declare_end": may_declare_end(state, index),
    }
    if state.result is not None:
        data["points"] = points(state, index)
    return data


def _lodge(state: State, realm: Realm, lodge: Lodge, viewer: str | None,
           over: bool) -> dict[str, Any]:
    """Return a lodge: its top card, the cards beneath, its alignment and members."""
    alignment = lodge_alignment(state, lodge)
    return {"number": lodge.number, "card": card_view(state.options, lodge.card),
            "covered": [card_view(state.options, c) for c in lodge.cards[:-1]],
            "alignment": alignment.value if alignment else None,
            "members": [piece_view(p, realm.seat, viewer, over)
                        for p in realm.members(lodge.number)]}


def bank_view(state: State) -> dict[str, Any]:
    """Return the bank: Masons by size, the markers and the money."""
    bank = state.bank
    return {"masons": {"small": bank.small, "medium": bank.medium, "large": bank.large},
            "french": {"medium": bank.red_medium, "small": bank.red_small},
            "st-andrews": {"medium": bank.green_medium, "small": bank.green_small},
            "purple": bank.purple, "money": bank_money(state)}


def pending_view(state: State) -> dict[str, Any] | None:
    """Return what the action under way has done so far (all public)."""
    pending = state.pending
    if state.phase in (Phase.SETUP, Phase.ACTION, Phase.OVER):
        return None
    return {"step": state.phase.value,
            "recruits": [{"id": r.id, "size": r.size.value, "defector": r.defector}
                         for r in pending.recruits],
            "card": card_view(state.options, pending.card) if pending.card else None,
            "moved": sorted(pending.moved, key=id_order), "initiators": list(pending.initiators),
            "face": pending.face.value if pending.face else None, "rolls": pending.rolls,
            "defection": _offer(pending.offer)}


def _offer(offer: Offer | None) -> dict[str, Any] | None:
    """Return the recruitment roll waiting for a defection choice, if any (all public)."""
    if offer is None:
        return None
    return {"size": offer.size.value, "lodge": offer.lodge, "final": offer.final,
            "sizes": [size.value for size in offer.sizes]}


def _own(state: State, index: int) -> dict[str, Any]:
    """Return what only the viewing seat knows: its SM's alignments and what it planted."""
    realm = state.realms[index]
    master = realm.pieces[SM]
    choice = state.choices[index] if state.phase is Phase.SETUP else None
    planted = {p.id: p.inner.value for r in state.realms for p in r.pieces.values()
               if not p.is_master and p.inner is not None and p.inner_by == realm.seat}
    return {"seat": realm.seat, "principality": REALMS[index].value,
            "sealed_outer": choice.value if choice is not None else None,
            "outer": master.outer.value if master.outer else None,
            "inner": master.inner.value if master.inner else None,
            "planted": planted}


def _result(state: State) -> dict[str, Any]:
    """Return the final reckoning."""
    result = state.result
    assert result is not None
    jokers = {key: (value.value if value else None) for key, value in state.jokers.items()}
    consort = consort_alignment(state)
    return {"winners": list(result.winners), "reason": result.reason,
            "points": dict(result.points), "lodges": dict(result.lodges),
            "perfect_initiates": dict(result.perfect_initiates),
            "masons": dict(result.masons), "declared_by": state.declared_by,
            "jokers": jokers, "consort": consort.value if consort else None}

