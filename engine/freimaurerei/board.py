"""Questions about the board the rules keep asking: alignments, quorum, initiates, counts."""
from __future__ import annotations

from .cards import Effect, card
from .state import (
    REALMS,
    SM,
    Alignment,
    Lodge,
    Phase,
    Piece,
    Realm,
    Rite,
    Size,
    State,
    joker_key,
    other,
)
from .tables import TABLES

# -- alignments ----------------------------------------------------------------------------


def consort_alignment(state: State) -> Alignment | None:
    """Return the alignment a lone Empress or Emperor gives both rulers (two cancel out)."""
    consorts = [c for realm in state.realms for c in realm.consorts]
    if len(consorts) != 1:
        return None
    return card(state.options, consorts[0]).alignment


def ruler_alignment(state: State, index: int) -> Alignment | None:
    """Return a ruler's alignment during play (the Joker, Hermit and Magician have none)."""
    consort = consort_alignment(state)
    if consort is not None:
        return consort
    ruler = state.realms[index].ruler
    if ruler is None:
        return None
    shown = card(state.options, ruler)
    return shown.alignment if shown.effect is Effect.SUIT else None


def lodge_alignment(state: State, lodge: Lodge) -> Alignment | None:
    """Return a lodge's alignment during play (the Joker, Tower and World have none)."""
    shown = card(state.options, lodge.card)
    return shown.alignment if shown.effect is Effect.SUIT else None


def final_ruler_alignment(state: State, index: int) -> Alignment | None:
    """Return a ruler's alignment for scoring: consort, suit, resolved Joker or the Magician."""
    consort = consort_alignment(state)
    if consort is not None:
        return consort
    ruler = state.realms[index].ruler
    return _final(state, index, ruler, None) if ruler is not None else None


def final_lodge_alignment(state: State, index: int, lodge: Lodge) -> Alignment | None:
    """Return a lodge's alignment for scoring: suit, resolved Joker or the World."""
    return _final(state, index, lodge.card, lodge.number)


def _final(state: State, index: int, card_id: str, lodge: int | None) -> Alignment | None:
    """Return what a ruler or lodge card counts as when the game is scored."""
    shown = card(state.options, card_id)
    if shown.effect is Effect.SUIT:
        return shown.alignment
    if shown.effect is Effect.MASTER:
        return state.realms[index].pieces[SM].inner
    if shown.effect is Effect.JOKER:
        return state.jokers.get(joker_key(REALMS[index], lodge))
    return None


# -- pieces and lodges ---------------------------------------------------------------------

def masons(realm: Realm) -> list[Piece]:
    """Return the Masons (blue pyramids) of a principality; the SM is not one."""
    return [p for p in realm.pieces.values() if not p.is_master]


def perfect_initiates(realm: Realm) -> list[Piece]:
    """Return the Perfect Initiates of a principality, the SM included when it holds a purple."""
    return [p for p in realm.pieces.values() if p.perfect]


def mason_initiates(state: State) -> list[tuple[int, Piece]]:
    """Return every Mason Perfect Initiate (not an SM) with its principality index."""
    return [(i, p) for i, realm in enumerate(state.realms) for p in realm.pieces.values()
            if p.perfect and not p.is_master]


def lodge_count(realm: Realm, lodge: int) -> int:
    """Return how many pieces (the SM included) sit in `lodge`."""
    return sum(1 for p in realm.pieces.values() if p.lodge == lodge)


def below_quorum(realm: Realm) -> list[Lodge]:
    """Return the lodges with fewer members than the quorum."""
    return [x for x in realm.lodges if lodge_count(realm, x.number) < TABLES.quorum]


def end_counts(realm: Realm) -> tuple[int, int]:
    """Return (lodges, Perfect Initiates) of a principality."""
    return len(realm.lodges), len(perfect_initiates(realm))


def may_declare_end(state: State, index: int) -> bool:
    """Return whether principality `index` meets an end condition."""
    lodges, initiates = end_counts(state.realms[index])
    return lodges >= TABLES.end_lodges or initiates >= TABLES.end_perfect_initiates


def rites_present(realm: Realm) -> set[Rite]:
    """Return the rites someone in the principality carries (SM charter or Mason marker)."""
    return {p.rite for p in realm.pieces.values() if p.rite is not None}


def is_initiator(piece: Piece) -> bool:
    """Return whether the piece can initiate: it carries a rite's medium (SM or large Mason)."""
    return piece.rite is not None and (piece.is_master or piece.size is Size.LARGE)


def initiators(realm: Realm) -> tuple[str, ...]:
    """Return the ids of the pieces in lodges able to initiate, SM first."""
    return tuple(p.id for p in sorted(realm.pieces.values(), key=_order)
                 if p.lodge is not None and is_initiator(p))


def _order(piece: Piece) -> tuple[int, int]:
    return (0, 0) if piece.id == SM else (1, int(piece.id[1:]))


def rite_candidate(piece: Piece) -> bool:
    """Return whether a Mason can receive a rite marker: an unmarked medium or large."""
    return piece.plain and piece.size is not Size.SMALL


def perfection_candidate(piece: Piece) -> bool:
    """Return whether a Mason can be made Perfect: a large Mason with a rite, not yet Perfect."""
    return (not piece.is_master and piece.size is Size.LARGE and piece.rite is not None
            and not piece.perfect)


def bag_draw_possible(state: State, size: Size) -> bool:
    """Return whether the bag holds a pyramid of `size`."""
    return state.bag.total(size) > 0


def bank_money(state: State) -> int:
    """Return the Taler still in the bank."""
    return TABLES.money_total - sum(realm.money for realm in state.realms)


def opponent(state: State, index: int) -> Realm:
    """Return the other principality."""
    return state.realms[other(index)]


def deciding_seats(state: State) -> tuple[str, ...]:
    """Return the seats that have a decision open now (both at setup, else the active one)."""
    if state.phase is Phase.SETUP:
        return tuple(realm.seat for realm in state.realms if realm.seat)
    if state.phase is Phase.OVER:
        return ()
    return (state.active_seat,)
