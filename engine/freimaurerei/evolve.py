"""One evolver per event: apply it to the state. Total, deterministic, no checks, no draws."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.core.contract import replace

from . import events as ev
from . import events_intrigue as ei
from .events import EVENTS
from .state import (
    REALMS,
    SM,
    Alignment,
    Bag,
    Bank,
    Lodge,
    Offer,
    Options,
    Pending,
    Phase,
    Piece,
    Principality,
    Realm,
    Recruit,
    Rite,
    Size,
    State,
    joker_key,
    other,
)
from .tables import TABLES

# -- small helpers -------------------------------------------------------------------------


def evolves(*classes: type) -> Callable[[Callable[[State, Any], State]],
                                        Callable[[State, Any], State]]:
    """Return a decorator registering an evolver of `classes` that also counts the event."""

    def mark(function: Callable[[State, Any], State]) -> Callable[[State, Any], State]:
        EVENTS.evolver(*classes)(
            lambda state, event: replace(function(state, event), events=state.events + 1))
        return function

    return mark


def _at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `items` with position `index` replaced by `value`."""
    return items[:index] + (value,) + items[index + 1:]


def _set_realm(state: State, index: int, realm: Realm) -> State:
    """Return `state` with principality `index` replaced."""
    return replace(state, realms=_at(state.realms, index, realm))


def _put(state: State, index: int, *pieces: Piece) -> State:
    """Return `state` with `pieces` (new or changed) in principality `index`."""
    realm = state.realms[index]
    table = dict(realm.pieces)
    for piece in pieces:
        table[piece.id] = piece
    return _set_realm(state, index, replace(realm, pieces=table))


def _drop(state: State, index: int, *piece_ids: str) -> State:
    """Return `state` without the pieces `piece_ids` of principality `index`."""
    realm = state.realms[index]
    table = {k: v for k, v in realm.pieces.items() if k not in piece_ids}
    return _set_realm(state, index, replace(realm, pieces=table))


def _piece(state: State, piece_id: str, seat: str | None = None) -> tuple[int, Piece]:
    """Return (principality index, piece); the SM is looked up in `seat`'s principality."""
    index = state.realm_of(seat) if piece_id == SM and seat else state.holder(piece_id)
    return index, state.realms[index].pieces[piece_id]


def _money(state: State, seat: str, delta: int) -> State:
    """Return `state` with `delta` Taler added to `seat`'s purse."""
    index = state.realm_of(seat)
    realm = state.realms[index]
    return _set_realm(state, index, replace(realm, money=realm.money + delta))


def _bank(bank: Bank, name: str, delta: int) -> Bank:
    """Return `bank` with `delta` added to the count called `name`."""
    return replace(bank, **{name: getattr(bank, name) + delta})


def _bag(bag: Bag, alignment: Alignment | None, size: Size, delta: int) -> Bag:
    """Return `bag` with `delta` pyramids of that alignment and size added (None: unchanged)."""
    if alignment is None:
        return bag
    name = f"{alignment.colour}_{size.value}"
    return replace(bag, **{name: getattr(bag, name) + delta})


def _without(deck: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    """Return `deck` without the given cards."""
    gone = set(cards)
    return tuple(card for card in deck if card not in gone)


def _index(principality: Principality) -> int:
    return REALMS.index(principality)


def _realm_relocated(realm: Realm, lodge: int, to: int | None) -> Realm:
    """Return `realm` with every piece in `lodge` moved to `to`."""
    table = {k: (replace(v, lodge=to) if v.lodge == lodge else v) for k, v in realm.pieces.items()}
    return replace(realm, pieces=table)


def _joined(state: State, index: int, recruits: tuple[Recruit, ...], lodge: int | None) -> State:
    """Return `state` with `recruits` joining principality `index` at `lodge`."""
    for recruit in recruits:
        if recruit.defector:
            source = state.holder(recruit.id)
            piece = state.realms[source].pieces[recruit.id]
            state = _drop(state, source, recruit.id)
            state = _put(state, index, replace(piece, lodge=lodge))
        else:
            state = replace(state, bank=_bank(state.bank, recruit.size.value, -1),
                            next_mason=max(state.next_mason, int(recruit.id[1:]) + 1))
            state = _put(state, index, Piece(recruit.id, recruit.size, lodge))
    return state


# -- setup ---------------------------------------------------------------------------------

@evolves(ev.PrincipalitiesAssigned)
def _assigned(state: State, e: ev.PrincipalitiesAssigned) -> State:
    master = {SM: Piece(SM, Size.LARGE)}
    return replace(state, realms=(Realm(e.leichtberg, pieces=master),
                                  Realm(e.schwerheim, pieces=dict(master))))


@evolves(ev.DecksShuffled)
def _shuffled(state: State, e: ev.DecksShuffled) -> State:
    return replace(state, lodge_deck=e.lodge, ruler_deck=e.ruler)


@evolves(ev.RulerTurnedUp)
def _ruler(state: State, e: ev.RulerTurnedUp) -> State:
    index = _index(e.principality)
    realm = state.realms[index]
    consorts = realm.consorts if e.seat is None else ()
    realm = replace(realm, rulers=realm.rulers + (e.card,), consorts=consorts)
    return replace(_set_realm(state, index, realm), ruler_deck=_without(state.ruler_deck, [e.card]))


@evolves(ev.ConsortTurnedUp)
def _consort(state: State, e: ev.ConsortTurnedUp) -> State:
    index = _index(e.principality)
    realm = state.realms[index]
    realm = replace(realm, consorts=realm.consorts + (e.card,))
    return replace(_set_realm(state, index, realm), ruler_deck=_without(state.ruler_deck, [e.card]))


@evolves(ev.StartingMasonsTaken)
def _starting(state: State, e: ev.StartingMasonsTaken) -> State:
    return _joined(state, _index(e.principality), e.recruits, None)


@evolves(ev.OuterAlignmentChosen)
def _chosen(state: State, e: ev.OuterAlignmentChosen) -> State:
    return replace(state, choices=_at(state.choices, state.realm_of(e.seat), e.alignment))


@evolves(ev.OuterAlignmentsShown)
def _shown(state: State, e: ev.OuterAlignmentsShown) -> State:
    for index, alignment in enumerate((e.leichtberg, e.schwerheim)):
        master = state.realms[index].pieces[SM]
        state = _put(state, index, replace(master, outer=alignment))
    return replace(state, choices=(None, None))


@evolves(ev.InnerAlignmentDrawn)
def _inner_drawn(state: State, e: ev.InnerAlignmentDrawn) -> State:
    index = state.realm_of(e.seat)
    master = state.realms[index].pieces[SM]
    state = _put(state, index, replace(master, inner=e.alignment, inner_by=e.seat))
    return replace(state, bag=_bag(state.bag, e.alignment, Size.SMALL, -1))


# -- turns ---------------------------------------------------------------------------------

@evolves(ev.TurnStarted)
def _turn_started(state: State, e: ev.TurnStarted) -> State:
    return replace(state, active=state.realm_of(e.seat), turn=e.turn, actions=e.actions,
                   action=1, phase=Phase.ACTION, pending=Pending())


@evolves(ev.ActionCompleted)
def _action_completed(state: State, e: ev.ActionCompleted) -> State:
    return replace(state, action=e.action + 1, phase=Phase.ACTION, pending=Pending())


@evolves(ev.LodgeDissolved)
def _dissolved(state: State, e: ev.LodgeDissolved) -> State:
    index = _index(e.principality)
    realm = _realm_relocated(state.realms[index], e.lodge, None)
    realm = replace(realm, lodges=tuple(x for x in realm.lodges if x.number != e.lodge))
    return replace(_set_realm(state, index, realm), lodge_deck=state.lodge_deck + e.cards)


# -- actions -------------------------------------------------------------------------------

@evolves(ev.DuesAssessed)
def _dues(state: State, e: ev.DuesAssessed) -> State:
    return _money(state, e.seat, e.amount)


@evolves(ev.RecruitsRolled)
def _rolled(state: State, e: ev.RecruitsRolled) -> State:
    if state.pending.offer is not None:
        state = replace(state, phase=Phase.ACTION, pending=replace(state.pending, offer=None))
    if e.pending:
        top = max([state.next_mason - 1] + [int(r.id[1:]) for r in e.recruits])
        return replace(state, phase=Phase.PLACE_RECRUITS, next_mason=top + 1,
                       pending=replace(state.pending, recruits=e.recruits))
    return _joined(state, state.realm_of(e.seat), e.recruits, e.lodge)


@evolves(ev.DefectionOffered)
def _offered(state: State, e: ev.DefectionOffered) -> State:
    offer = Offer(e.sizes, e.lodge, e.final, e.recruits, e.failed, e.at, e.lodges_left)
    pending = state.pending
    return replace(state, phase=Phase.DEFECTION,
                   pending=replace(pending, offer=offer, steps=pending.steps + 1))


@evolves(ev.RecruitsPlaced)
def _placed(state: State, e: ev.RecruitsPlaced) -> State:
    state = _joined(state, state.realm_of(e.seat), e.recruits, e.lodge)
    return replace(state, pending=replace(state.pending, recruits=()))


@evolves(ev.BuildStarted)
def _build_started(state: State, e: ev.BuildStarted) -> State:
    state = _money(state, e.seat, -e.cost)
    return replace(state, lodge_deck=_without(state.lodge_deck, [e.card]),
                   phase=Phase.BUILD_MEMBERS, pending=replace(state.pending, card=e.card))


@evolves(ev.LodgeFounded)
def _founded(state: State, e: ev.LodgeFounded) -> State:
    index = state.realm_of(e.seat)
    realm = state.realms[index]
    realm = replace(realm, lodges=realm.lodges + (Lodge(e.lodge, (e.card,)),))
    state = _set_realm(state, index, realm)
    state = _put(state, index, *[replace(realm.pieces[m], lodge=e.lodge) for m in e.members])
    return replace(state, next_lodge=max(state.next_lodge, e.lodge + 1),
                   lodge_deck=_without(state.lodge_deck, [e.card]))


@evolves(ev.ReorganizeStarted)
def _reorganize_started(state: State, e: ev.ReorganizeStarted) -> State:
    return replace(state, phase=Phase.REORGANIZE, pending=Pending())


@evolves(ev.PieceMoved)
def _moved(state: State, e: ev.PieceMoved) -> State:
    index, piece = _piece(state, e.piece, e.seat)
    state = _put(state, index, replace(piece, lodge=e.lodge))
    pending = state.pending
    return replace(state, pending=replace(pending, moved=pending.moved | {e.piece},
                                          steps=pending.steps + 1))


@evolves(ev.RiteChartered)
def _chartered(state: State, e: ev.RiteChartered) -> State:
    index = state.realm_of(e.seat)
    master = state.realms[index].pieces[SM]
    rite = e.charter.rite
    if rite is None:
        master, marker = replace(master, perfect=True), "purple"
    else:
        master, marker = replace(master, rite=rite), f"{rite.colour}_medium"
    state = _put(_money(state, e.seat, -e.cost), index, master)
    return replace(state, bank=_bank(state.bank, marker, -1))


@evolves(ev.AdvanceStarted)
def _advance_started(state: State, e: ev.AdvanceStarted) -> State:
    return replace(state, phase=Phase.ADVANCE, pending=Pending(initiators=e.initiators))


@evolves(ev.Initiated)
def _initiated(state: State, e: ev.Initiated) -> State:
    index = state.realm_of(e.seat)
    pieces = state.realms[index].pieces
    bank, bag, changed = state.bank, state.bag, []
    for candidate in e.candidates:
        piece = pieces[candidate]
        if e.rite is None:
            changed.append(replace(piece, perfect=True, outer=e.alignment))
            bank, bag = _bank(bank, "purple", -1), _bag(bag, e.alignment, Size.MEDIUM, -1)
        else:
            marker = "medium" if piece.size is Size.LARGE else "small"
            changed.append(replace(piece, rite=e.rite))
            bank = _bank(bank, f"{e.rite.colour}_{marker}", -1)
    state = replace(_put(state, index, *changed), bank=bank, bag=bag)
    pending = state.pending
    left = tuple(i for i in pending.initiators if i != e.initiator)
    return replace(state, pending=replace(pending, initiators=left, steps=pending.steps + 1))


@evolves(ev.ReorganizeFinished, ev.AdvanceFinished, ei.IntrigueFizzled,
         ei.SuppressionFailed, ei.DefectionRolled, ei.SecretsRevealed)
def _unchanged(state: State, e: Any) -> State:
    return state


# -- intrigue ------------------------------------------------------------------------------

@evolves(ei.IntrigueRolled)
def _intrigue_rolled(state: State, e: ei.IntrigueRolled) -> State:
    state = _money(state, e.seat, -e.cost)
    return replace(state, phase=Phase.INTRIGUE_ROLL, pending=Pending(face=e.face, rolls=e.roll))


@evolves(ei.IntrigueAccepted)
def _intrigue_accepted(state: State, e: ei.IntrigueAccepted) -> State:
    return replace(state, phase=Phase.INTRIGUE_TARGET,
                   pending=replace(state.pending, face=e.face))


@evolves(ei.LodgeRealigned)
def _realigned(state: State, e: ei.LodgeRealigned) -> State:
    index = _index(e.principality)
    realm = state.realms[index]
    lodges = tuple(replace(x, cards=x.cards + (e.card,)) if x.number == e.lodge else x
                   for x in realm.lodges)
    state = _set_realm(state, index, replace(realm, lodges=lodges))
    return replace(state, lodge_deck=_without(state.lodge_deck, [e.card]))


@evolves(ei.OuterAlignmentRedrawn)
def _outer_redrawn(state: State, e: ei.OuterAlignmentRedrawn) -> State:
    index, piece = _piece(state, e.piece)
    bag = _bag(_bag(state.bag, e.alignment, Size.MEDIUM, -1), piece.outer, Size.MEDIUM, 1)
    return replace(_put(state, index, replace(piece, outer=e.alignment)), bag=bag)


@evolves(ei.InnerAlignmentPlanted)
def _inner_planted(state: State, e: ei.InnerAlignmentPlanted) -> State:
    index, piece = _piece(state, e.piece)
    bag = _bag(_bag(state.bag, e.alignment, Size.SMALL, -1), piece.inner, Size.SMALL, 1)
    planted = replace(piece, inner=e.alignment, inner_by=e.seat)
    return replace(_put(state, index, planted), bag=bag)


@evolves(ei.LodgesSuppressed)
def _suppressed(state: State, e: ei.LodgesSuppressed) -> State:
    index = _index(e.principality)
    realm = state.realms[index]
    bank = state.bank
    for piece_id in e.to_bank:
        bank = _bank(bank, realm.pieces[piece_id].size.value, 1)
    for number in e.lodges:
        realm = _realm_relocated(realm, number, None)
    realm = replace(realm, lodges=tuple(x for x in realm.lodges if x.number not in e.lodges))
    state = replace(_set_realm(state, index, realm), bank=bank,
                    lodge_deck=state.lodge_deck + e.cards)
    return _drop(state, index, *e.to_bank)


def _crossed(state: State, piece_id: str, to: int, changes: dict[str, Any]) -> State:
    """Return `state` with Mason `piece_id` moved into principality `to`, with `changes`."""
    source, piece = _piece(state, piece_id)
    state = _drop(state, source, piece_id)
    return _put(state, to, replace(piece, **changes))


@evolves(ei.InitiateDefected)
def _defected(state: State, e: ei.InitiateDefected) -> State:
    return _crossed(state, e.piece, state.realm_of(e.seat), {"lodge": e.lodge})


@evolves(ei.MasonWonOver)
def _won_over(state: State, e: ei.MasonWonOver) -> State:
    changes: dict[str, Any] = {"lodge": e.lodge}
    if e.perfect:
        changes.update(perfect=True, outer=e.alignment)
        state = replace(state, bank=_bank(state.bank, "purple", -1),
                        bag=_bag(state.bag, e.alignment, Size.MEDIUM, -1))
    return _crossed(state, e.piece, state.realm_of(e.seat), changes)


@evolves(ei.AgentTurned)
def _turned(state: State, e: ei.AgentTurned) -> State:
    changes: dict[str, Any] = {"lodge": e.lodge}
    if e.changed:
        _, piece = _piece(state, e.piece)
        old: Rite | None = piece.rite
        bank = _bank(state.bank, f"{e.rite.colour}_medium", -1)
        if old is not None:
            bank = _bank(bank, f"{old.colour}_medium", 1)
        state = replace(state, bank=bank)
        changes["rite"] = e.rite
    return _crossed(state, e.piece, other(state.realm_of(e.seat)), changes)


# -- the end -------------------------------------------------------------------------------

@evolves(ei.EndDeclared)
def _end_declared(state: State, e: ei.EndDeclared) -> State:
    return replace(state, declared_by=e.seat, phase=Phase.OVER, pending=Pending())


@evolves(ei.JokerResolved)
def _joker(state: State, e: ei.JokerResolved) -> State:
    jokers = dict(state.jokers)
    jokers[joker_key(e.principality, e.lodge)] = e.alignment
    deck = _without(state.ruler_deck if e.lodge is None else state.lodge_deck, e.drawn)
    if e.lodge is None:
        return replace(state, jokers=jokers, ruler_deck=deck)
    return replace(state, jokers=jokers, lodge_deck=deck)


@evolves(ei.GameScored)
def _scored(state: State, e: ei.GameScored) -> State:
    return replace(state, result=e.result, phase=Phase.OVER)


def initial_state(seats: tuple[str, ...], options: Options) -> State:
    """Return the state before the opening events: everything in the bank and the bag."""
    realms = (Realm(""), Realm(""))
    return State(seats=tuple(seats), options=options, realms=realms, bank=TABLES.bank,
                 bag=TABLES.bag)
