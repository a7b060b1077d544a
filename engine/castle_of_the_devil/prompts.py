"""prompts: who must decide what now, with the legal choices as forms for pages and help."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import Any

from engine.core.contract import Field, OrderForm, Prompt

from . import orders as od
from .cards import OBJECTS, object_name, society_name
from .duel_end import totals
from .rules import deciding_seats
from .state import Phase, State, object_list
from .steps import STEPS, Step

FORM_TEXTS: dict[type, tuple[str, str]] = {
    od.ClaimOrder: ("Proclaim victory (before your action)",
                    "claim <order|brotherhood|seal> [<holder> ...]"),
    od.SpyOrder: ("Spy: look at one random object of a player", "spy <player>"),
    od.OfferOrder: ("Trade: offer one of your objects face down", "offer <object> to <player>"),
    od.DuelOrder: ("Duel: challenge a player", "duel <player>"),
    od.UseOrder: ("Use your profession or the traded object's ability",
                  "use <name> [<player|side|direction>] [<object>]"),
    od.AcceptOrder: ("Accept, giving one of your objects back", "accept give <object>"),
    od.RefuseOrder: ("Refuse the offer", "refuse"),
    od.SupportOrder: ("Support a side (sealed until all sides are in)",
                      "support <attacker|defender>"),
    od.PlayOrder: ("Play an object face up", "play <object>"),
    od.TokenOrder: ("Put duel tokens on your side", "token <count>"),
    od.PassOrder: ("Pass", "pass"),
    od.LookOrder: ("Look at the loser's society card, or at their objects",
                   "look <society|objects>"),
    od.TakeOrder: ("Take one of the loser's objects", "take <object>"),
    od.GiveOrder: ("Give an object", "give <object> [to <player>]"),
    od.TopOrder: ("Put objects on top of the pile, topmost first", "top <object> <object>"),
    od.NameOrder: ("Name the holders of the objects (they show their cards)",
                   "name <player> [<player> ...]"),
    od.DoneOrder: ("Name nobody more: the claim is judged as it stands", "done"),
}


FIELD_LABELS = {"obj": "object", "target": "player", "give": "object given back",
                "side": "side", "name": "profession or object", "item": "object",
                "count": "tokens", "what": "look at", "to": "player", "objects": "objects",
                "seats": "players", "society": "society"}


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. t4.57.answer."""
    return f"t{state.turn}.{state.step}.{state.phase.value}"


def prompts(state: State) -> tuple[Prompt, ...]:
    """Return the open decisions, one per deciding seat."""
    step = STEPS.get(state.phase)
    if step is None:
        return ()
    return tuple(_prompt(state, seat, step) for seat in deciding_seats(state))


def prompt_for(state: State, seat: int) -> Prompt | None:
    """Return the open decision of seat `seat`, if it has one."""
    step = STEPS.get(state.phase)
    if step is None or seat not in deciding_seats(state):
        return None
    return _prompt(state, seat, step)


def is_deciding(state: State, seat: int) -> bool:
    """Return whether seat `seat` has a decision open now, without building its prompt."""
    return state.phase in STEPS and seat in deciding_seats(state)


def submitted(state: State, seat: int) -> bool:
    """Return whether the seat has already sent its sealed answer to this step."""
    if state.phase is Phase.SIDES and state.duel is not None:
        return state.duel.answered[seat]
    if state.phase is Phase.SEXTANT and state.sextant is not None:
        return state.sextant.choices[seat] != ""
    return False


def _prompt(state: State, seat: int, step: Step) -> Prompt:
    """Return the prompt of one seat."""
    legal = step.orders(state, seat)
    return Prompt(seat=state.seats[seat], key=prompt_key(state),
                  summary=SUMMARIES[state.phase](state, seat), forms=forms(legal),
                  default=step.default(state, seat), default_summary=step.default_summary,
                  simultaneous=step.simultaneous, submitted=submitted(state, seat),
                  deadline_hours=step.hours)


def forms(legal: Sequence[Any]) -> tuple[OrderForm, ...]:
    """Return one form per kind of legal order, in the order they first appear."""
    return _forms(tuple(legal))


@lru_cache(maxsize=4096)
def _forms(legal: tuple[Any, ...]) -> tuple[OrderForm, ...]:
    """Return the forms of a tuple of legal orders (the same lists recur all game long)."""
    kinds = list(dict.fromkeys(type(item) for item in legal))
    return tuple(_form(kind, [item for item in legal if type(item) is kind]) for kind in kinds)


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    """Return the field names of an order class."""
    return tuple(spec.name for spec in dataclasses.fields(kind))


def _form(kind: type, chosen: list[Any]) -> OrderForm:
    """Return the form of one kind of order with the options taken from the legal orders."""
    label, syntax = FORM_TEXTS[kind]
    fields = []
    for name in _field_names(kind):
        values = [getattr(item, name) for item in chosen]
        if any(isinstance(value, tuple) for value in values):
            options = tuple(dict.fromkeys(part for value in values for part in value))
            fields.append(Field(name, FIELD_LABELS.get(name, name), "multi", options, 1,
                                len(options)))
        else:
            options = tuple(dict.fromkeys(str(value) for value in values if value != ""))
            if options:
                fields.append(Field(name, FIELD_LABELS.get(name, name), "choice", options))
    return OrderForm(kind.order_kind, label, tuple(fields), examples(chosen), syntax)  # type: ignore[attr-defined]


def examples(chosen: Sequence[Any], count: int = 3) -> tuple[str, ...]:
    """Return up to `count` canonical texts spread over `chosen`."""
    if len(chosen) <= count:
        picked = list(chosen)
    else:
        stride = (len(chosen) - 1) / (count - 1)
        picked = [chosen[round(i * stride)] for i in range(count)]
    return tuple(od.canonical_text(item) for item in picked)


# -- summaries: what is being decided, seen by the deciding seat ------------------------------

def _turn(state: State, seat: int) -> str:
    """Summarise the start of a turn."""
    return (f"Turn {state.turn}: your turn. You may first proclaim victory; then spy on a "
            "player, offer one of your objects to a player, or challenge a player to a duel. "
            f"Your objects: {object_list(state.hands[seat])}.")


def _clairvoyant(state: State, seat: int) -> str:
    """Summarise the Clairvoyant's choice, showing the pile to its user."""
    count = min(2, len(state.pile))
    return (f"Your Clairvoyant shows you the pile ({len(state.pile)} objects): "
            f"{object_list(tuple(sorted(state.pile)))}. Name {count} to put on top, the first "
            "topmost; the others are shuffled under them.")


def _answer(state: State, seat: int) -> str:
    """Summarise an offer, naming the object to its partner."""
    assert state.trade is not None
    offered, offerer = state.trade.offered, state.seats[state.trade.offerer]
    text = (f"{offerer} offers you the {object_name(offered)}. Accept it and give one of your "
            f"objects ({object_list(state.hands[seat])}) back face down, or refuse it "
            f"({offerer} then takes a duel token).")
    card = OBJECTS.get(offered)
    if card is not None and card.must_accept:
        text += f" The {card.name} must be accepted."
    if card is not None and card.bag:
        text += " A Bag of Secrets is never traded for the other Bag."
    return text


def _diplomat(state: State, seat: int) -> str:
    """Summarise the Diplomat's choice of a return."""
    assert state.trade is not None
    return (f"{state.seats[state.trade.offerer]} must trade you the "
            f"{object_name(state.trade.offered)}. Choose the object you give in return "
            f"(yours: {object_list(state.hands[seat])}).")


def _ability(state: State, seat: int) -> str:
    """Summarise a trade ability its trader may use."""
    ability = state.pending[0]
    card = OBJECTS[ability.obj]
    return (f"You traded the {card.name} to {state.seats[ability.partner]}. {card.text} Use it "
            "or pass.")


def _sextant(state: State, seat: int) -> str:
    """Summarise the Sextant's passing for one player."""
    sextant = state.sextant
    assert sextant is not None
    receiver = state.seats[state.next_seat(seat, 1 if sextant.direction == "left" else -1)]
    chosen = sextant.choices[seat]
    status = (f" You chose the {object_name(chosen)}; you may change it until everyone has "
              "chosen." if chosen else "")
    return (f"{state.seats[sextant.user]} used the Sextant: every player passes one object to "
            f"the {sextant.direction}, all at once. Yours goes to {receiver}. Your objects: "
            f"{object_list(state.hands[seat])}." + status)


def _gift(state: State, seat: int) -> str:
    """Summarise the gift of a player over the hand limit."""
    return (f"You hold {len(state.hands[seat])} objects, more than the limit of {state.limit}. "
            f"Give one ({object_list(state.hands[seat])}) to a player who holds fewer than "
            f"{state.limit}.")


def _sides(state: State, seat: int) -> str:
    """Summarise the sealed sides step for one player."""
    duel = state.duel
    assert duel is not None
    attacker, defender = state.seats[duel.attacker], state.seats[duel.defender]
    if seat == duel.defender:
        text = f"{attacker} challenges you to a duel. Write pass to let it go ahead."
    else:
        side = duel.sides[seat]
        chosen = f" You support the {side}; you may change it until the sides are shown." \
            if duel.answered[seat] and side else ""
        text = (f"{attacker} challenges {defender} to a duel. Choose, sealed, whom you "
                "support." + chosen)
    if duel.priest_window:
        text += " Until the sides are shown, a Priest may stop the duel."
    return text


def _play(state: State, seat: int) -> str:
    """Summarise a go in the rounds of play."""
    duel = state.duel
    assert duel is not None
    attack, defence = totals(duel)
    return (f"Duel: {state.seats[duel.attacker]} (attacker, {attack}) against "
            f"{state.seats[duel.defender]} (defender, {defence}). Your go: play an object, your "
            "profession or tokens, or pass. The playing ends when every player in turn passes.")


def _doctor(state: State, seat: int) -> str:
    """Summarise the Doctor's window."""
    duel = state.duel
    assert duel is not None
    result = (f"{state.seats[duel.winner]} won" if duel.winner is not None
              else "it was a tie")
    return (f"The duel is counted ({duel.totals[0]} to {duel.totals[1]}): {result}. Let the "
            "result stand, or use the Doctor to cancel everything it brings.")


def _choice(state: State, seat: int) -> str:
    """Summarise the winner's choice."""
    duel = state.duel
    assert duel is not None and duel.loser is not None
    return (f"You won the duel against {state.seats[duel.loser]}: look at their society card, "
            "or look at their objects and take one.")


def _take(state: State, seat: int) -> str:
    """Summarise the steal, showing the loser's objects to the winner."""
    duel = state.duel
    assert duel is not None and duel.loser is not None
    return (f"{state.seats[duel.loser]} shows you their objects: "
            f"{object_list(state.hands[duel.loser])}. Take one.")


def _give_back(state: State, seat: int) -> str:
    """Summarise the give-back after taking a loser's only object."""
    duel = state.duel
    assert duel is not None and duel.loser is not None
    return (f"You took the only object of {state.seats[duel.loser]}; give them one of yours "
            f"({object_list(state.hands[seat])}) in return.")


def _claim(state: State, seat: int) -> str:
    """Summarise the naming after a proclamation."""
    claim = state.claim
    assert claim is not None
    named = ", ".join(state.seats[k] for k in claim.named) or "nobody yet"
    return (f"You proclaimed victory for the {society_name(claim.society)}. Name the players "
            f"of that society who hold its objects (named so far: {named}); {need_text(state)}"
            " The claim is judged as soon as it is settled.")


def need_text(state: State) -> str:
    """Return what a society needs, as everybody knows it (not which society is smaller)."""
    if state.players % 2:
        return ("a society needs 3 of its objects, the smaller society (nobody knows which) "
                "only 2.")
    return "a society needs 3 of its objects."



SUMMARIES: dict[Phase, Callable[[State, int], str]] = {
    Phase.TURN: _turn, Phase.CLAIRVOYANT: _clairvoyant, Phase.ANSWER: _answer,
    Phase.DIPLOMAT: _diplomat, Phase.ABILITY: _ability, Phase.SEXTANT: _sextant,
    Phase.GIFT: _gift, Phase.SIDES: _sides, Phase.PLAY: _play, Phase.DOCTOR: _doctor,
    Phase.CHOICE: _choice, Phase.TAKE: _take, Phase.GIVE_BACK: _give_back, Phase.CLAIM: _claim,
}

