"""evolve: the state after each event. Total and deterministic; it never checks or draws."""
from __future__ import annotations

from typing import Any

from engine.core.contract import replace

from . import events as ev
from .cards import ILLUMINATI
from .events import EVENTS
from .quiet import could_answer
from .state import Answer, Attack, Counter, Phase, Placed, Player, State, Turn


def initial_state(seats: tuple[str, ...], goal_adjust: int, rules: str = "1.3",
                  auto_pass: str = "off") -> State:
    """Return the state before the opening events, playing the rules of version `rules`, every
    seat starting with the standing answer to windows `auto_pass`."""
    return State(seats, goal_adjust, rules,
                 tuple(Player(seat, auto_pass=auto_pass) for seat in seats), order=seats)


def _player(state: State, seat: str, **changes: Any) -> State:
    return state.with_player(replace(state.player(seat), **changes))


def _turn(state: State, **changes: Any) -> State:
    return replace(state, turn=replace(state.turn, **changes))


def _attack(state: State, **changes: Any) -> State:
    assert state.attack is not None
    return replace(state, attack=replace(state.attack, **changes))


@EVENTS.evolver(ev.DeckShuffled)
def _shuffled(state: State, e: ev.DeckShuffled) -> State:
    return replace(state, deck=e.deck)


@EVENTS.evolver(ev.IlluminatiDealt)
def _dealt(state: State, e: ev.IlluminatiDealt) -> State:
    card = ILLUMINATI[e.illuminati]
    return _player(state, e.seat, illuminati=e.illuminati,
                   cards=(Placed(e.illuminati, 0, 0, 0, "", card.income),))


@EVENTS.evolver(ev.GroupTurnedUp)
def _turned_up(state: State, e: ev.GroupTurnedUp) -> State:
    return replace(state, deck=state.deck[1:], uncontrolled=state.uncontrolled + (e.card,))


@EVENTS.evolver(ev.SpecialSetAside)
def _set_aside(state: State, e: ev.SpecialSetAside) -> State:
    if e.buried:
        return replace(state, deck=state.deck[1:] + (e.card,))
    return replace(state, deck=state.deck[1:], discard=state.discard + (e.card,),
                   secrets_gone=state.secrets_gone or e.card == "secrets")


@EVENTS.evolver(ev.FirstPlayerChosen)
def _first(state: State, e: ev.FirstPlayerChosen) -> State:
    ufos = any(p.illuminati == "ufos" for p in state.players)
    return replace(state, order=e.order, phase=Phase.GOAL if ufos else state.phase)


@EVENTS.evolver(ev.GoalChosen)
def _goal(state: State, e: ev.GoalChosen) -> State:
    return _player(state, e.seat, goal=e.goal)


@EVENTS.evolver(ev.TurnBegan)
def _began(state: State, e: ev.TurnBegan) -> State:
    return replace(state, phase=Phase.TURN, turn=Turn(e.seat, e.number), attack=None,
                   counter=None)


@EVENTS.evolver(ev.TurnSkipped)
def _skipped(state: State, e: ev.TurnSkipped) -> State:
    rest = list(state.skip)
    rest.remove(e.seat)
    return replace(state, skip=tuple(rest), turn=replace(state.turn, seat=e.seat))


@EVENTS.evolver(ev.MoneyChanged)
def _money(state: State, e: ev.MoneyChanged) -> State:
    player = state.player(e.seat)
    cards = tuple(replace(p, money=p.money + e.amount) if p.card == e.card else p
                  for p in player.cards)
    return state.with_player(replace(player, cards=cards))


@EVENTS.evolver(ev.SpecialDrawn)
def _special_drawn(state: State, e: ev.SpecialDrawn) -> State:
    state = replace(state, deck=state.deck[1:])
    return _player(state, e.seat, hand=state.player(e.seat).hand + (e.card,))


@EVENTS.evolver(ev.GroupDrawn)
def _group_drawn(state: State, e: ev.GroupDrawn) -> State:
    return replace(state, deck=state.deck[1:], uncontrolled=state.uncontrolled + (e.card,))


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    rest = list(cards)
    rest.remove(card)
    return tuple(rest)


@EVENTS.evolver(ev.SpecialDiscarded)
def _discarded(state: State, e: ev.SpecialDiscarded) -> State:
    state = _player(state, e.seat, hand=_without(state.player(e.seat).hand, e.card))
    return replace(state, discard=state.discard + (e.card,),
                   secrets_gone=state.secrets_gone or e.card == "secrets")


@EVENTS.evolver(ev.SpecialGiven)
def _given(state: State, e: ev.SpecialGiven) -> State:
    state = _player(state, e.giver, hand=_without(state.player(e.giver).hand, e.card))
    return _player(state, e.receiver, hand=state.player(e.receiver).hand + (e.card,))


@EVENTS.evolver(ev.AttackAnnounced)
def _announced(state: State, e: ev.AttackAnnounced) -> State:
    attack = Attack(e.attacker, e.kind, e.group, e.target, e.defender, e.aiders, e.arrow,
                    e.spent, e.privilege, whisper=e.whisper, first_action=e.first_action,
                    moving=e.moving, placing=e.placing,
                    committed=e.spent > 0 or e.privilege == "bavaria")
    turn = state.turn
    turn = replace(turn, actions=turn.actions - 1, acted=True,
                   used=turn.used + (e.group,) + e.aiders,
                   bavaria_privilege=turn.bavaria_privilege or e.privilege == "bavaria")
    return replace(state, attack=attack, turn=turn)


def asked_for(state: State, phase: str) -> tuple[str, ...]:
    """Return the seats a window of `phase` is sent to (all but the attacker for a response)."""
    assert state.attack is not None
    return tuple(s for s in state.active if phase != "response" or s != state.attack.attacker)


def waiting_for(state: State, phase: str) -> tuple[str, ...]:
    """Return the seats a window of `phase` waits for: those without a standing pass for it."""
    assert state.attack is not None
    defender = state.attack.defender if phase == "response" else ""
    return without_standing(state, asked_for(state, phase), defender, phase)


def without_standing(state: State, asked: tuple[str, ...], defender: str = "",
                     phase: str = "counter") -> tuple[str, ...]:
    """Return the seats of `asked` whose standing order does not answer the window of
    `phase` for them (`defender`: the seat whose group is attacked, if any)."""
    result = []
    for seat in asked:
        mode = state.player(seat).auto_pass
        if mode == "off" or (mode == "unless-attacked" and seat == defender) or (
                mode == "pass-only" and could_answer(state, seat, phase)):
            result.append(seat)
    return tuple(result)


@EVENTS.evolver(ev.WindowOpened)
def _opened(state: State, e: ev.WindowOpened) -> State:
    """Open a window: seats with a standing pass have answered it already (privately)."""
    phase = Phase(e.phase)
    state = replace(state, phase=phase, window=state.window + 1)
    asked = asked_for(state, e.phase)
    waiting = waiting_for(state, e.phase)
    standing = tuple(Answer(seat) for seat in asked if seat not in waiting)
    return _attack(state, asked=asked, waiting=waiting, sealed=standing)


@EVENTS.evolver(ev.WindowSkipped)
def _window_skipped(state: State, e: ev.WindowSkipped) -> State:
    """A window nobody could answer but by passing is not opened: nothing changes."""
    return state


@EVENTS.evolver(ev.AnswerSealed)
def _sealed(state: State, e: ev.AnswerSealed) -> State:
    seat = e.answer.seat
    if state.phase is Phase.COUNTER and state.counter is not None:
        counter = state.counter
        return replace(state, counter=replace(
            counter, waiting=tuple(s for s in counter.waiting if s != seat),
            sealed=tuple(a for a in counter.sealed if a.seat != seat) + (e.answer,)))
    assert state.attack is not None
    waiting = tuple(s for s in state.attack.waiting if s != seat)
    others = tuple(a for a in state.attack.sealed if a.seat != seat)
    return _attack(state, waiting=waiting, sealed=others + (e.answer,))


@EVENTS.evolver(ev.WindowClosed)
def _closed(state: State, e: ev.WindowClosed) -> State:
    assert state.attack is not None
    attack = state.attack
    defence = sum(2 * a.defend_target + a.defend_illuminati for a in e.answers)
    interference = sum(a.interfere for a in e.answers)
    played = attack.played + tuple((a.seat, a.play) for a in e.answers if a.play)
    reopened = attack.reopened or e.abolished
    spent = any(a.defend_target or a.defend_illuminati or a.interfere for a in e.answers)
    return _attack(state, defence=attack.defence + defence,
                   interference=attack.interference + interference, asked=(), waiting=(),
                   sealed=(),
                   abolished=attack.abolished or e.abolished, reopened=reopened, played=played,
                   committed=attack.committed or spent)


@EVENTS.evolver(ev.RaiseAsked)
def _raise_asked(state: State, e: ev.RaiseAsked) -> State:
    return replace(state, phase=Phase.RAISE, window=state.window + 1)


@EVENTS.evolver(ev.AttackRaised)
def _raised(state: State, e: ev.AttackRaised) -> State:
    assert state.attack is not None
    return _attack(state, spent=state.attack.spent + e.amount, round=state.attack.round + 1,
                   committed=True)


@EVENTS.evolver(ev.DiceRolled)
def _rolled(state: State, e: ev.DiceRolled) -> State:
    return _attack(state, roll=sum(e.dice), needed=e.needed, committed=True)


@EVENTS.evolver(ev.AttackCalledOff)
def _called_off(state: State, e: ev.AttackCalledOff) -> State:
    """The attack is undone: its action, its groups' use and Bavaria's privilege are free."""
    attack = state.attack
    assert attack is not None
    used = list(state.turn.used)
    for card in (attack.group, *attack.aiders):
        if card in used:
            del used[len(used) - 1 - used[::-1].index(card)]
    turn = replace(state.turn, actions=state.turn.actions + 1, used=tuple(used),
                   called_off=True, last="called-off", bavaria_privilege=state.turn.bavaria_privilege
                   and attack.privilege != "bavaria")
    return replace(state, phase=Phase.TURN, attack=None, turn=turn)


@EVENTS.evolver(ev.CounterOpened)
def _counter_opened(state: State, e: ev.CounterOpened) -> State:
    """Open a Secrets window; seats with a standing pass have answered it already."""
    waiting = without_standing(state, e.asked)
    standing = tuple(Answer(seat) for seat in e.asked if seat not in waiting)
    counter = Counter(e.plays, e.context, state.phase, e.asked, waiting, standing)
    return replace(state, phase=Phase.COUNTER, window=state.window + 1, counter=counter)


@EVENTS.evolver(ev.CounterClosed)
def _counter_closed(state: State, e: ev.CounterClosed) -> State:
    """Go back to the decision the window interrupted; a cancelled Special answered in a
    response window no longer counts in that answer."""
    counter = state.counter
    assert counter is not None
    state = replace(state, phase=counter.resume, window=state.window + 1, counter=None)
    if e.card and counter.context == "response" and state.attack is not None:
        sealed = tuple(_strip(a, e.card) if a.seat == e.seat else a
                       for a in state.attack.sealed)
        state = _attack(state, sealed=sealed)
    return state


def _strip(item: Answer, card: str) -> Answer:
    """Return the answer without the cancelled Special (and what only it allowed)."""
    if card == "interference":
        return replace(item, interfere=0, play="")
    return replace(item, abolish=())


@EVENTS.evolver(ev.RollChanged)
def _roll_changed(state: State, e: ev.RollChanged) -> State:
    return _attack(state, roll=e.roll)


@EVENTS.evolver(ev.AttackResolved)
def _resolved(state: State, e: ev.AttackResolved) -> State:
    attack = state.attack
    assert attack is not None
    state = replace(state, phase=Phase.TURN, attack=None)
    last = "succeeded" if e.success else "failed"
    if not e.success and attack.first_action:
        return _turn(state, retry=attack.target, retry_groups=(attack.group,) + attack.aiders,
                     retry_kind=attack.kind, last=last)
    return _turn(state, retry="", retry_groups=(), retry_kind="", last=last)


def _remove_everywhere(state: State, cards: set[str]) -> State:
    players = tuple(replace(p, cards=tuple(c for c in p.cards if c.card not in cards))
                    if any(c.card in cards for c in p.cards) else p for p in state.players)
    return replace(state, players=players,
                   uncontrolled=tuple(c for c in state.uncontrolled if c not in cards))


@EVENTS.evolver(ev.GroupsPlaced)
def _placed(state: State, e: ev.GroupsPlaced) -> State:
    moving = {p.card for p in e.placed} | set(e.lost)
    state = _remove_everywhere(state, moving)
    player = state.player(e.seat)
    state = state.with_player(replace(player, cards=player.cards + e.placed,
                                      ever_controlled=True))
    return replace(state, uncontrolled=state.uncontrolled + e.lost)


@EVENTS.evolver(ev.GroupsReleased)
def _released(state: State, e: ev.GroupsReleased) -> State:
    state = _remove_everywhere(state, set(e.cards))
    return replace(state, uncontrolled=state.uncontrolled + e.cards)


@EVENTS.evolver(ev.GroupDestroyed)
def _destroyed(state: State, e: ev.GroupDestroyed) -> State:
    state = _remove_everywhere(state, {e.card})
    state = replace(state, dead=state.dead + (e.card,))
    if e.by:
        state = _player(state, e.by, kills=state.player(e.by).kills + 1)
    return state


@EVENTS.evolver(ev.GroupRevived)
def _revived(state: State, e: ev.GroupRevived) -> State:
    return replace(state, dead=_without(state.dead, e.card),
                   uncontrolled=state.uncontrolled + (e.card,))


@EVENTS.evolver(ev.ActionTaken)
def _action(state: State, e: ev.ActionTaken) -> State:
    return _turn(state, actions=state.turn.actions - int(e.regular), acted=True)


@EVENTS.evolver(ev.MoneyTransferred)
def _transferred(state: State, e: ev.MoneyTransferred) -> State:
    player = state.player(e.seat)
    delta = {e.source: -e.amount, e.dest: e.amount}
    cards = tuple(replace(p, money=p.money + delta.get(p.card, 0)) for p in player.cards)
    state = state.with_player(replace(player, cards=cards))
    if e.kind == "action":
        return _turn(state, actions=state.turn.actions - 1, acted=True)
    if e.kind == "end":
        return _turn(state, transfers=state.turn.transfers - 1, acted=True)
    return _turn(state, acted=True)


@EVENTS.evolver(ev.ActionsEnded)
def _actions_ended(state: State, e: ev.ActionsEnded) -> State:
    return replace(state, phase=Phase.END)


@EVENTS.evolver(ev.TurnEnded)
def _turn_ended(state: State, e: ev.TurnEnded) -> State:
    return replace(state, phase=Phase.SETUP)


@EVENTS.evolver(ev.KnockedOut)
def _knocked_out(state: State, e: ev.KnockedOut) -> State:
    state = _leave(state, e.seat)
    if e.by:
        state = _player(state, e.by, kills=state.player(e.by).kills + 1)
    return state


def _leave(state: State, seat: str) -> State:
    player = state.player(seat)
    state = replace(state, uncontrolled=state.uncontrolled + player.groups,
                    discard=state.discard + player.hand)
    illuminati = replace(player.cards[0], money=0)
    state = _player(state, seat, out=True, cards=(illuminati,), hand=())
    if state.attack is not None:
        attack = state.attack
        state = _attack(state, asked=tuple(s for s in attack.asked if s != seat),
                        waiting=tuple(s for s in attack.waiting if s != seat),
                        sealed=tuple(a for a in attack.sealed if a.seat != seat))
    if state.counter is not None:
        counter = state.counter
        state = replace(state, counter=replace(
            counter, asked=tuple(s for s in counter.asked if s != seat),
            waiting=tuple(s for s in counter.waiting if s != seat),
            sealed=tuple(a for a in counter.sealed if a.seat != seat)))
    return state


@EVENTS.evolver(ev.Resigned)
def _resigned(state: State, e: ev.Resigned) -> State:
    return _leave(state, e.seat)


@EVENTS.evolver(ev.AutoPassSet, ev.StandingPassSet)
def _auto(state: State, e: ev.AutoPassSet | ev.StandingPassSet) -> State:
    return _player(state, e.seat, auto_pass=e.mode)


@EVENTS.evolver(ev.EspionageSeen)
def _espionage(state: State, e: ev.EspionageSeen) -> State:
    player = state.player(e.seat)
    note = f"{e.target}: " + (", ".join(e.hand) or "no Specials")
    return _player(state, e.seat, notes=(player.notes + (note,))[-5:])


@EVENTS.evolver(ev.SenateCalled)
def _senate(state: State, e: ev.SenateCalled) -> State:
    return replace(state, skip=state.skip + (e.target,))


@EVENTS.evolver(ev.TurnFlag)
def _flag(state: State, e: ev.TurnFlag) -> State:
    if e.flag == "recycled":
        return _turn(state, recycled=True, acted=True)
    if e.flag == "market":
        return _turn(state, market=True, acted=True)
    if e.flag == "free-money":
        return _turn(state, free_money=True, acted=True)
    return _turn(state, laser=e.detail, acted=True)


@EVENTS.evolver(ev.GameWon)
def _won(state: State, e: ev.GameWon) -> State:
    reason = "; ".join(f"{seat}: {goal}" for seat, goal in e.goals)
    return replace(state, phase=Phase.OVER, winners=e.winners, reason=reason, attack=None,
                   counter=None)
