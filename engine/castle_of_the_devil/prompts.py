"""prompts: the line telling each deciding seat what it decides now, in its own view."""
from __future__ import annotations

from collections.abc import Callable

from .cards import OBJECTS, object_name, society_name
from .rules_duel_end import totals
from .state import Phase, State, object_list


def submitted(state: State, seat: int) -> bool:
    """Return whether the seat has already sent its sealed answer to this step."""
    if state.phase is Phase.SIDES and state.duel is not None:
        return state.duel.answered[seat]
    if state.phase is Phase.SEXTANT and state.sextant is not None:
        return state.sextant.choices[seat] != ""
    return False


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

