"""Standing orders cut the waiting (supplement, "An attack by correspondence"): the standing
answer to windows as the `standing` command keeps it, private down to its existence; a
closed window lists its answers by seat, never in the order they came; and an attacker asked
to raise with no money to raise by rolls at once, as everyone can tell."""
from __future__ import annotations

from engine.core.standing import Standing
from engine.core.testing import Scripted, after, of_type, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.orders import RollOrder
from engine.illuminati.state import Answer, Phase, State

from .helpers import money, own, table, unanswered

SEATS = ("anna", "bruno", "carla")


def windows(answer: str) -> tuple[Standing, ...]:
    return (Standing("windows", answer),)


def test_the_standing_answer_to_windows_is_the_seats_auto_pass_mode() -> None:
    state = table(options={"auto-pass": "pass-only"})
    assert GAME.kept_standing(state, "bruno") == windows("pass-only")
    events = GAME.keep_standing(state, "bruno", windows("unless-attacked"))
    assert events == [ev.StandingPassSet("bruno", "unless-attacked")]
    state = GAME.fold(state, events)
    assert state.player("bruno").auto_pass == "unless-attacked"
    assert GAME.kept_standing(state, "bruno") == windows("unless-attacked")
    assert GAME.keep_standing(state, "bruno", windows("unless-attacked")) == []  # holds already
    cleared = GAME.fold(state, GAME.keep_standing(state, "bruno", ()))
    assert cleared.player("bruno").auto_pass == "off"
    assert GAME.kept_standing(cleared, "bruno") == ()


def test_setting_it_shows_nothing_to_anyone_else() -> None:
    [item] = GAME.keep_standing(table(), "bruno", windows("on"))
    audience = GAME.visibility(item)
    assert audience.allows("bruno") and not audience.allows("anna")
    assert not audience.allows(None) and audience.summary == ""
    sealed = GAME.visibility(ev.AnswerSealed(Answer("bruno")))  # nor who answered a window
    assert not sealed.allows("anna") and sealed.summary == ""


def test_an_unless_attacked_seat_is_not_waited_for_when_another_group_is_attacked() -> None:
    state = GAME.fold(table(), GAME.keep_standing(table(), "bruno",
                                                  windows("unless-attacked")))
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria", Scripted(1, 1)))
    assert state.phase is Phase.RESPONSE and unanswered(state) == ["carla"]


def test_a_closed_window_lists_its_answers_by_seat_not_by_arrival() -> None:
    state = after(GAME, table(), when(GAME, table(), "anna", "attack control big media with "
                                      "bavaria", Scripted(1, 1)))
    first = after(GAME, state, when(GAME, state, "carla", "pass"))
    closed = when(GAME, first, "bruno", "interfere against 1", Scripted(1, 1))
    [item] = of_type(closed, ev.WindowClosed)
    assert [a.seat for a in item.answers] == ["carla", "bruno"]  # as they came
    assert GAME.describe(item) == ("The window closes: bruno interferes against the attack "
                                   "with 1MB; carla passes.")


def _asked_to_raise(left: int) -> State:
    """Return anna asked to raise her attack with her Illuminati, `left` MB left on it."""
    state = table()
    own = state.player("anna").cards[0].money
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    f"bavaria spending {own - left} from illuminati"))
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 1"))
    asked: State = after(GAME, state, when(GAME, state, "carla", "pass"))
    assert asked.phase is Phase.RAISE
    return asked


def test_an_attacker_with_no_money_to_raise_by_rolls_at_once() -> None:
    state = _asked_to_raise(0)
    assert GAME.forced_order(state, "anna") == RollOrder()
    assert GAME.forced_order(state, "bruno") is None  # not asked
    assert GAME.is_legal(state, "anna", RollOrder()) is None


def test_an_attacker_with_money_left_is_asked() -> None:
    state = _asked_to_raise(1)
    assert GAME.forced_order(state, "anna") is None


def test_money_on_the_attacking_group_is_money_to_raise_by() -> None:
    state = own(table(), "anna", "gun-lobby", money=2)
    state = money(state, "anna", "bavaria", -state.player("anna").cards[0].money)
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "gun lobby"))
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 1"))
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    assert state.phase is Phase.RAISE
    assert GAME.forced_order(state, "anna") is None
    drained = money(state, "anna", "gun-lobby", -2)
    assert GAME.forced_order(drained, "anna") == RollOrder()


def test_no_decision_of_a_window_is_forced() -> None:
    state = after(GAME, table(), when(GAME, table(), "anna", "attack control big media with "
                                      "bavaria", Scripted(1, 1)))
    assert state.phase is Phase.RESPONSE
    assert all(GAME.forced_order(state, seat) is None for seat in SEATS)
