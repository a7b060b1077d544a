"""Standing answers of Castle of the Devil (offers, the winner's look, the Doctor's window) and
answers ahead after a challenge, checked like orders; and why no decision of the game is taken
at once: every one with a single answer hangs on hidden objects or professions."""
from __future__ import annotations

import pytest

from engine.castle_of_the_devil import GAME, steps
from engine.castle_of_the_devil.orders import LookOrder, PassOrder, RefuseOrder
from engine.castle_of_the_devil.state import Phase, State
from engine.core.contract import replace
from engine.core.errors import UnreadableOrder
from engine.core.standing import Standing, split_then

from .helpers import deal, given, legal, play, prompted
from .test_duel_cards import counted
from .test_trades import offered


def read(text: str, seat: str = "anna", state: State | None = None,
         ahead: bool = False) -> tuple[Standing, ...]:
    return GAME.read_standing(text, seat, state or given(deal(4)), ahead=ahead)


def chosen() -> State:
    """Return the winner's choice after bruno wins the duel and nobody uses the Doctor."""
    state = counted()
    return play(state, *[(seat, PassOrder()) for seat in prompted(state)])


@pytest.mark.parametrize(("text", "entries"), [
    ("offers: refuse / look: objects / doctor: let stand",
     (Standing("offers", "refuse"), Standing("look", "objects"), Standing("doctor", "let-stand"))),
    ("trade never; see society", (Standing("offers", "refuse"), Standing("look", "society"))),
    ("Doctor pass", (Standing("doctor", "let-stand"),)),
])
def test_standing_answers_by_mail(text: str, entries: tuple[Standing, ...]) -> None:
    assert read(text) == entries


@pytest.mark.parametrize("text", ["offers accept", "spy bruno", "look everything", "sides"])
def test_what_is_no_standing_answer_is_refused_with_what_can_be_written(text: str) -> None:
    with pytest.raises(UnreadableOrder) as refused:
        read(text)
    assert "offers: refuse | better; look: society | objects; doctor: let stand; plays: pass as supporter" in refused.value.legal


def test_a_challenge_answers_the_look_of_its_turn_ahead() -> None:
    order, rest = split_then("duel bruno, then look objects")
    assert order == "duel bruno"
    assert read(rest, ahead=True) == (Standing("look", "objects", until="t1"),)
    assert read("look at the society", ahead=True) == (Standing("look", "society", until="t1"),)


def test_refuse_answers_an_offer() -> None:
    state = offered([("key",), ("goblet", "whip"), ("coat",), ("tome",)], "key")
    applied = GAME.standing_order(state, "bruno", read("offers refuse / look objects"))
    assert applied is not None and applied.order == RefuseOrder() and not applied.reason
    assert GAME.standing_order(state, "carla", read("offers refuse")) is None


def test_refuse_is_dropped_with_why_when_the_object_must_be_accepted() -> None:
    state = offered([("pearl",), ("goblet",), ("coat",), ("tome",)], "pearl")
    applied = GAME.standing_order(state, "bruno", read("offers refuse"))
    assert applied is not None and applied.order is None
    assert applied.reason == "The Black Pearl must be accepted when it is offered."


def test_the_winner_looks_as_answered_and_the_doctors_window_is_let_stand() -> None:
    window = counted()
    assert window.phase is Phase.DOCTOR
    applied = GAME.standing_order(window, "emma", read("doctor let stand / look objects"))
    assert applied is not None and applied.order == PassOrder()
    state = chosen()
    applied = GAME.standing_order(state, "bruno", read("doctor let stand / look objects"))
    assert applied is not None and applied.order == LookOrder("objects")
    ahead = (Standing("look", "society", until="t1"), Standing("look", "objects"))
    first = GAME.standing_order(state, "bruno", ahead)
    assert first is not None and first.order == LookOrder("society")
    assert GAME.standing_order(state, "bruno", (Standing("look", "society", until="t0"),)) \
        is None


# -- nothing taken at once ------------------------------------------------------------------

def test_a_single_answer_that_hangs_on_a_hidden_card_is_still_asked() -> None:
    window = counted()
    assert legal(window, "anna") == [PassOrder()]  # she does not hold the Doctor
    assert GAME.forced_order(window, "anna") is None
    state = offered([("bag-key",), ("bag-goblet",), ("coat",), ("tome",)], "bag-key")
    assert legal(state, "bruno") == [RefuseOrder()]  # he holds only the other Bag
    assert GAME.forced_order(state, "bruno") is None


def test_only_the_winners_look_and_the_naming_are_public_and_never_forced() -> None:
    public = {step.key for step in steps.STEPS.values() if step.public}
    assert public == {"choice", "claim"}
    assert GAME.forced_order(chosen(), "bruno") is None


def test_better_answers_an_offer_as_the_house_player_would() -> None:
    from engine.castle_of_the_devil.house import offer_answer

    for hands, obj in (([("key",), ("goblet", "whip"), ("coat",), ("tome",)], "key"),
                       ([("coat",), ("key", "goblet"), ("tome",), ("whip",)], "coat")):
        state = offered(hands, obj)
        assert isinstance(state, State)
        applied = GAME.standing_order(state, "bruno", read("offers: better"))
        assert applied is not None and not applied.reason
        assert applied.order == offer_answer(state, 1) and applied.order in legal(state, "bruno")


def test_a_supporter_passes_its_goes_and_a_duellist_is_asked() -> None:
    from engine.castle_of_the_devil.cards import ATTACKER, DEFENDER
    from engine.castle_of_the_devil.rules import role

    from .test_duel_cards import HANDS, PROFS, SIDES, revealed

    state = revealed(PROFS, HANDS, SIDES, ("seal", "coat"), (False,) * 5)
    assert state.phase is Phase.PLAY and state.duel is not None
    seen = set()
    for _ in range(5):
        [seat] = prompted(state)
        applied = GAME.standing_order(state, seat, read("plays: pass as supporter"))
        duellist = role(state.duel, state.index(seat)) in (ATTACKER, DEFENDER)
        assert applied is not None
        assert (applied.order is None) if duellist else (applied.order == PassOrder())
        seen.add(duellist)
        state = play(state, (seat, PassOrder()))
        if state.phase is not Phase.PLAY or state.duel is None:
            break
    assert seen == {True, False}


# -- the answers a player playing to win sets (sides, plays, take, return, abilities, sextant) --

def shown(state: State, seat: str, other: str) -> State:
    """Return `state` with `other`'s society card shown to `seat` (as a look or Monocle notes it)."""
    from engine.castle_of_the_devil.cards import SOCIETY
    from engine.castle_of_the_devil.state import note

    society = SOCIETY[state.societies[state.index(other)]].name
    return note(state, state.index(seat), f"{other} belongs to the {society}.")


def answered(state: State, seat: str, text: str) -> object:
    applied = GAME.standing_order(state, seat, read(text))
    assert applied is not None and not applied.reason
    return applied.order


def blind(state: State, seat: str, text: str, tries: int = 12) -> None:
    """The answer is the same in every world the seat cannot tell from this one."""
    from engine.core.rng import Rng

    mine = answered(state, seat, text)
    for k in range(tries):
        world = GAME.hidden_variant(state, seat, Rng(bytes([k]) * 32))
        assert world is not None
        assert answered(world, seat, text) == mine


def test_sides_friend_backs_a_duellist_shown_to_be_of_the_seats_society() -> None:
    from engine.castle_of_the_devil.orders import SupportOrder

    from .test_duels import challenged

    state = challenged()  # anna (Order) challenges bruno (Brotherhood); carla holds the Priest
    assert answered(state, "dieter", "sides friend") == SupportOrder("defender")  # knows nobody
    assert answered(state, "bruno", "sides friend") == PassOrder()  # the defender's go-ahead
    asked = GAME.standing_order(state, "carla", read("sides friend"))
    assert asked is not None and asked.order is None  # she can stop it with the Priest
    assert asked.reason == "none of the answers you can give now fits it"
    assert answered(shown(state, "emma", "anna"), "emma", "sides friend") == \
        SupportOrder("attacker")  # a friend attacks
    assert answered(shown(state, "emma", "bruno"), "emma", "sides friend") == \
        SupportOrder("attacker")  # a rival defends
    assert answered(shown(state, "dieter", "anna"), "dieter", "sides friend") == \
        SupportOrder("defender")  # a rival attacks
    both = shown(shown(state, "emma", "anna"), "emma", "bruno")
    assert answered(both, "emma", "sides: friend") == SupportOrder("attacker")
    assert answered(state, "emma", "side: attacker") == SupportOrder("attacker")
    assert answered(state, "emma", "sides defender") == SupportOrder("defender")
    for seat in ("bruno", "dieter", "emma"):
        blind(shown(state, "emma", "anna"), seat, "sides friend")


def test_plays_to_win_plays_the_house_players_go_and_a_supporter_passes() -> None:
    from engine.castle_of_the_devil.cards import ATTACKER, DEFENDER
    from engine.castle_of_the_devil.house import duel_play
    from engine.castle_of_the_devil.rules import role

    from .test_duel_cards import HANDS, PROFS, SIDES, revealed

    state = revealed(PROFS, HANDS, SIDES, ("seal", "coat"), (False,) * 5)
    plays = []
    while state.phase is Phase.PLAY and state.duel is not None:
        [seat] = prompted(state)
        me = state.index(seat)
        order = answered(state, seat, "plays: to win")
        if role(state.duel, me) in (ATTACKER, DEFENDER):
            assert order == duel_play(state, me, state.duel)
            blind(state, seat, "plays to win", tries=4)
        else:
            assert order == PassOrder()
        assert order in legal(state, seat)
        plays.append((seat, order))
        state = play(state, (seat, order))
    assert ("anna", PassOrder()) != plays[0]  # the attacker, behind 2 to 3, plays first


def test_take_most_wanted_and_return_least_wanted() -> None:
    from engine.castle_of_the_devil.orders import GiveOrder, TakeOrder

    from .test_duel_cards import PROFS, passes, revealed, skip_doctor

    state = revealed(PROFS, [("dagger", "goblet"), ("gloves", "key"), ("knives",), ("whip",),
                             ("goblet",)])
    state = play(skip_doctor(passes(state, 5)), ("bruno", LookOrder("objects")))
    assert legal(state, "bruno") == [TakeOrder("dagger"), TakeOrder("goblet")]
    assert answered(state, "bruno", "take: most wanted") == TakeOrder("goblet")  # his society's
    blind(state, "bruno", "take most wanted")
    state = revealed(PROFS, [("dagger",), ("gloves", "key"), ("knives",), ("whip",),
                             ("goblet",)])
    state = play(skip_doctor(passes(state, 5)), ("bruno", LookOrder("objects")),
                 ("bruno", TakeOrder("dagger")))
    assert legal(state, "bruno") == [GiveOrder("gloves"), GiveOrder("key")]
    # a rival's Key is worth a little to the Brotherhood (with the Seal it counts), Gloves less
    assert answered(state, "bruno", "return: least wanted") == GiveOrder("gloves")
    assert answered(state, "bruno", "give-back least") == GiveOrder("gloves")
    blind(state, "bruno", "return least wanted")


def test_abilities_renew_a_spent_profession_and_decline_the_rest() -> None:
    from engine.castle_of_the_devil.orders import UseOrder

    from .helpers import after
    from .test_abilities import traded

    state, events = traded([("coat",), ("whip",), ("key",), ("tome",)], "coat", "whip",
                           professions=["priest", "bodyguard", "thug", "doctor"])
    fresh = after(state, events)
    assert legal(fresh, "anna") == [UseOrder("coat"), PassOrder()]
    assert answered(fresh, "anna", "abilities: renew") == PassOrder()  # her Priest is unused
    spent = replace(fresh, face_up=(True, False, False, False))
    assert answered(spent, "anna", "abilities renew") == UseOrder("coat")
    assert answered(spent, "anna", "abilities decline") == PassOrder()
    blind(spent, "anna", "abilities renew")
    state, events = traded([("tome",), ("whip",), ("key",), ("coat",)], "tome", "whip",
                           professions=["bodyguard", "priest", "thug", "doctor"])
    repeatable = replace(after(state, events), face_up=(True, False, False, False))
    assert answered(repeatable, "anna", "abilities renew") == PassOrder()  # nothing to renew


def test_sextant_least_wanted_passes_the_object_the_seat_wants_least() -> None:
    from engine.castle_of_the_devil.orders import GiveOrder

    from .test_abilities import sextant_passing

    state = sextant_passing()
    assert legal(state, "dieter") == [GiveOrder("gloves"), GiveOrder("tome")]
    assert answered(state, "dieter", "sextant: least wanted") == GiveOrder("tome")
    blind(state, "dieter", "sextant least wanted")


def test_a_duels_take_may_be_written_ahead_after_the_challenge() -> None:
    order, rest = split_then("duel bruno, then look objects, then take dagger")
    assert order == "duel bruno"
    assert read(rest, ahead=True) == (Standing("look", "objects", until="t1"),
                                     Standing("take", written="take dagger", until="t1"))
