"""The end of play: the declaration, the revealed secrets, Joker draws, points and tie-breaks."""
from __future__ import annotations

from typing import Any

from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import events_intrigue as ei
from .board import (
    consort_alignment,
    end_counts,
    final_lodge_alignment,
    final_ruler_alignment,
    masons,
    perfect_initiates,
)
from .cards import Effect, card
from .state import REALMS, SM, Alignment, Realm, Result, State
from .tables import TABLES

TIE_BREAKS = ("lodges", "Perfect Initiates", "Masons")


def declare_end(em: Emitter[State], index: int, order: Any, rng: Rng) -> None:
    """End the game: reveal every secret, settle Jokers by further draws, and score."""
    lodges, initiates = end_counts(em.state.realms[index])
    em.emit(ei.EndDeclared(em.state.active_seat, lodges, initiates))
    em.emit(revealed(em.state))
    resolve_jokers(em)
    em.emit(ei.GameScored(reckon(em.state)))


def revealed(state: State) -> ei.SecretsRevealed:
    """Return the event showing both SMs' inner alignments and every planted one."""
    masters: dict[str, Alignment] = {}
    planted: dict[str, Alignment] = {}
    for realm in state.realms:
        for piece in realm.pieces.values():
            if piece.inner is None:
                continue
            if piece.is_master:
                masters[realm.seat] = piece.inner
            else:
                planted[piece.id] = piece.inner
    return ei.SecretsRevealed(masters, planted)


def resolve_jokers(em: Emitter[State]) -> None:
    """Draw for every Joker ruler (unless a lone consort rules) and every Joker lodge."""
    options = em.state.options
    if consort_alignment(em.state) is None:
        for index, realm in enumerate(em.state.realms):
            if realm.ruler and card(options, realm.ruler).effect is Effect.JOKER:
                _further_draw(em, index, None)
    for index, realm in enumerate(em.state.realms):
        for lodge in realm.lodges:
            if card(options, lodge.card).effect is Effect.JOKER:
                _further_draw(em, index, lodge.number)


def _further_draw(em: Emitter[State], index: int, lodge: int | None) -> None:
    """Turn up cards until one gives an alignment (consorts are passed over)."""
    state = em.state
    deck = state.ruler_deck if lodge is None else state.lodge_deck
    drawn: list[str] = []
    alignment: Alignment | None = None
    for card_id in deck:
        drawn.append(card_id)
        shown = card(state.options, card_id)
        if shown.effect is Effect.CONSORT:
            continue
        if shown.effect is Effect.SUIT:
            alignment = shown.alignment
        elif shown.effect is Effect.MASTER:
            alignment = state.realms[index].pieces[SM].inner
        break
    em.emit(ei.JokerResolved(REALMS[index], lodge, tuple(drawn), alignment))


def points(state: State, index: int) -> int:
    """Return the victory points of principality `index` against its SM's inner alignment."""
    realm = state.realms[index]
    inner = realm.pieces[SM].inner
    if inner is None:
        return 0
    total = TABLES.ruler_points if final_ruler_alignment(state, index) is inner else 0
    total += TABLES.initiate_points * sum(1 for p in perfect_initiates(realm)
                                          if p.true_alignment is inner)
    total += TABLES.lodge_points * sum(1 for lodge in realm.lodges
                                       if final_lodge_alignment(state, index, lodge) is inner)
    return total


def standing(state: State, index: int) -> tuple[int, int, int, int]:
    """Return (points, lodges, Perfect Initiates, Masons): the order of the tie-breaks."""
    realm: Realm = state.realms[index]
    return (points(state, index), len(realm.lodges), len(perfect_initiates(realm)),
            len(masons(realm)))


def reckon(state: State) -> Result:
    """Return the final result: points, tie-break counts, winners and the reason."""
    rows = [standing(state, index) for index in range(len(state.realms))]
    seats = [realm.seat for realm in state.realms]
    best = max(rows)
    winners = tuple(seat for seat, row in zip(seats, rows) if row == best)
    return Result({s: r[0] for s, r in zip(seats, rows)}, {s: r[1] for s, r in zip(seats, rows)},
                  {s: r[2] for s, r in zip(seats, rows)}, {s: r[3] for s, r in zip(seats, rows)},
                  winners, _reason(seats, rows, winners))


def _reason(seats: list[str], rows: list[tuple[int, int, int, int]],
            winners: tuple[str, ...]) -> str:
    """Return why the winners won, naming the deciding count."""
    names = [f"{seat} ({REALMS[i].label})" for i, seat in enumerate(seats)]
    first, second = rows
    if first[0] != second[0]:
        win = 0 if first[0] > second[0] else 1
        return (f"{names[win]} wins with {rows[win][0]} points to {rows[1 - win][0]}.")
    for position, label in enumerate(TIE_BREAKS, start=1):
        if first[position] != second[position]:
            win = 0 if first[position] > second[position] else 1
            return (f"Both scored {first[0]} points; {names[win]} wins the tie-break with "
                    f"{rows[win][position]} {label} to {rows[1 - win][position]}.")
    return (f"Both scored {first[0]} points with as many lodges, Perfect Initiates and Masons: "
            f"{' and '.join(winners)} share the victory.")
