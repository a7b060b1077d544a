"""Proclaiming victory: your own society or the rival one, the odd-count two-object rule, the Bag
conversion, the Seal of the Lodge and the Black Pearl; a wrong claim makes the other society win."""
from __future__ import annotations

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.events import (
    AllRevealed,
    CardsShown,
    ClaimJudged,
    PlayersNamed,
    VictoryProclaimed,
)
from engine.castle_of_the_devil.orders import (
    ClaimOrder,
    DoneOrder,
    NameOrder,
    OfferOrder,
    TopOrder,
    UseOrder,
)
from engine.castle_of_the_devil.state import Phase, State
from engine.core.errors import WrongOrderKind

from .helpers import B, O, after, audience, deal, given, legal, play, prompted, refused, when

PILE = ("seal", "dagger")


def table(hands: list[tuple[str, ...]], players: int = 4, pile: tuple[str, ...] = PILE,
          **kw: object) -> State:
    return given(deal(players, hands=hands, pile=pile, **kw))  # type: ignore[arg-type]


def judged(events: list[object]) -> ClaimJudged:
    return next(e for e in events if isinstance(e, ClaimJudged))


# -- your own society -------------------------------------------------------------------------

def test_a_claim_for_your_society_shows_your_cards_and_asks_for_names() -> None:
    state = table([("key", "key"), ("goblet",), ("key",), ("tome",)])
    events = when(state, "anna", ClaimOrder("order"))
    assert events == [VictoryProclaimed("anna", "order", False),
                      CardsShown("anna", "order", "thug", ("key", "key"))]
    state = after(state, events)
    assert state.phase is Phase.CLAIM and prompted(state) == ["anna"]
    assert GAME.view(state, "dieter")["players"][0]["hand"] == ["key", "key"]
    assert NameOrder(("bruno", "carla")) in legal(state, "anna")
    assert legal(state, "anna")[-1] == DoneOrder()
    assert GAME.prompts(state)[0].default == DoneOrder()


def test_naming_the_holders_of_the_third_key_wins_for_the_order() -> None:
    state = play(table([("key", "key"), ("goblet",), ("key",), ("tome",)]),
                 ("anna", ClaimOrder("order")))
    events = when(state, "anna", NameOrder(("carla",)))
    assert events[:2] == [PlayersNamed("anna", ("carla",)),
                          CardsShown("carla", "order", "priest", ("key",))]
    verdict = judged(events)
    assert verdict.right and verdict.society == O and verdict.winners == ("anna", "carla")
    assert isinstance(events[-1], AllRevealed)
    outcome = GAME.outcome(after(state, events))
    assert outcome is not None and outcome.winners == ("anna", "carla")
    assert outcome.scores == {"anna": 1, "bruno": 0, "carla": 1, "dieter": 0}


def test_holding_all_three_yourself_the_claim_is_right_at_once() -> None:
    events = when(table([("key", "key", "key"), ("goblet",), ("tome",), ("coat",)]), "anna",
                  ClaimOrder("order"))
    assert judged(events).right and judged(events).winners == ("anna", "carla")


def test_naming_a_rival_makes_the_claim_wrong_and_the_rivals_win() -> None:
    state = play(table([("key", "key"), ("key",), ("goblet",), ("tome",)]),
                 ("anna", ClaimOrder("order")))
    verdict = judged(when(state, "anna", NameOrder(("bruno",))))
    assert not verdict.right and verdict.society == B
    assert verdict.winners == ("bruno", "dieter")


def test_stopping_short_of_the_objects_is_a_wrong_claim() -> None:
    state = play(table([("key", "key"), ("goblet",), ("key",), ("tome",)]),
                 ("anna", ClaimOrder("order")))
    verdict = judged(when(state, "anna", DoneOrder()))
    assert not verdict.right and verdict.winners == ("bruno", "dieter")


def test_naming_one_by_one_after_each_reveal() -> None:
    state = play(table([("key",), ("goblet",), ("key",), ("tome",), ("key",), ("coat",)],
                       players=6), ("anna", ClaimOrder("order")))
    events = when(state, "anna", NameOrder(("carla",)))
    assert not any(isinstance(e, ClaimJudged) for e in events)
    state = after(state, events)
    assert NameOrder(("carla",)) not in legal(state, "anna")
    assert judged(when(state, "anna", NameOrder(("emma",)))).right


def test_you_must_hold_one_of_the_objects_to_claim_for_your_society() -> None:
    state = table([("dagger",), ("goblet",), ("key",), ("tome",)])
    assert ClaimOrder("order") not in legal(state, "anna")
    assert refused(state, "anna", ClaimOrder("order")).code == "cd.hold-one"


# -- the rival society ------------------------------------------------------------------------

def test_claiming_the_rivals_hold_their_goblets_wins_for_your_society() -> None:
    state = play(table([("dagger",), ("goblet", "goblet"), ("key",), ("goblet",)]),
                 ("anna", ClaimOrder("brotherhood")))
    assert not any(isinstance(e, CardsShown) and e.seat == "anna"
                   for e in when(table([("dagger",), ("goblet",), ("key",), ("goblet",)]),
                                 "anna", ClaimOrder("brotherhood")))
    verdict = judged(when(state, "anna", NameOrder(("bruno", "dieter"))))
    assert verdict.right and verdict.society == O and verdict.winners == ("anna", "carla")


def test_a_wrong_claim_about_the_rivals_makes_them_win() -> None:
    state = play(table([("dagger",), ("goblet", "goblet"), ("key",), ("whip",)]),
                 ("anna", ClaimOrder("brotherhood")), ("anna", NameOrder(("bruno", "dieter"))))
    assert state.phase is Phase.CLAIM
    verdict = judged(when(state, "anna", DoneOrder()))
    assert not verdict.right and verdict.winners == ("bruno", "dieter")


# -- odd player counts ------------------------------------------------------------------------

FIVE = {"societies": [O, B, O, B, O], "removed": B}


def test_with_an_odd_count_the_smaller_society_needs_two() -> None:
    state = table([("dagger",), ("goblet",), ("key",), ("goblet",), ("key",)], players=5,
                  first="bruno", **FIVE)
    assert ClaimOrder("brotherhood") in legal(state, "bruno")
    state = play(state, ("bruno", ClaimOrder("brotherhood")))
    verdict = judged(when(state, "bruno", NameOrder(("dieter",))))
    assert verdict.right and verdict.winners == ("bruno", "dieter")


def test_the_larger_society_still_needs_three() -> None:
    state = play(table([("key",), ("goblet",), ("key",), ("goblet",), ("dagger",)], players=5,
                       **FIVE), ("anna", ClaimOrder("order")))
    events = when(state, "anna", NameOrder(("carla",)))
    assert not any(isinstance(e, ClaimJudged) for e in events)


def test_the_prompt_does_not_tell_which_society_is_smaller() -> None:
    state = play(table([("key",), ("goblet",), ("key",), ("goblet",), ("dagger",)], players=5,
                       **FIVE), ("anna", ClaimOrder("order")))
    summary = GAME.prompts(state)[0].summary
    assert "nobody knows which" in summary


# -- the Bag of Secrets as a victory object ---------------------------------------------------

def test_a_bag_counts_as_a_key_once_the_pile_is_empty() -> None:
    hands = [("key", "key", "bag-key"), ("goblet",), ("dagger",), ("whip",)]
    assert judged(when(table(hands, pile=()), "anna", ClaimOrder("order"))).right
    state = play(table(hands), ("anna", ClaimOrder("order")))
    assert state.phase is Phase.CLAIM


def test_the_goblet_bag_never_counts_for_the_order() -> None:
    hands = [("key", "key", "bag-goblet"), ("goblet",), ("dagger",), ("whip",)]
    state = play(table(hands, pile=()), ("anna", ClaimOrder("order")))
    assert state.phase is Phase.CLAIM


# -- the Seal of the Lodge and the Black Pearl ------------------------------------------------

def test_the_seal_wins_alone_with_three_keys_or_goblets() -> None:
    state = table([("seal", "key", "goblet", "goblet"), ("whip",), ("key",), ("dagger",)])
    assert ClaimOrder("seal") in legal(state, "anna")
    events = when(state, "anna", ClaimOrder("seal"))
    assert events[0] == VictoryProclaimed("anna", "seal", True)
    verdict = judged(events)
    assert verdict.right and verdict.winners == ("anna",)


def test_the_seal_needs_three_even_with_an_odd_count() -> None:
    state = table([("seal", "key", "goblet"), ("whip",), ("key",), ("dagger",), ("coat",)],
                  players=5, **FIVE)
    assert ClaimOrder("seal") not in legal(state, "anna")
    assert refused(state, "anna", ClaimOrder("seal")).code == "cd.seal"


def test_an_unconverted_bag_does_not_count_for_the_seal() -> None:
    hands = [("seal", "key", "goblet", "bag-key"), ("whip",), ("key",), ("dagger",)]
    assert ClaimOrder("seal") not in legal(table(hands), "anna")
    assert ClaimOrder("seal") in legal(table(hands, pile=()), "anna")


def test_the_black_pearl_holder_cannot_proclaim() -> None:
    state = table([("seal", "key", "key", "key", "pearl"), ("whip",), ("goblet",), ("dagger",)])
    assert not [o for o in legal(state, "anna") if isinstance(o, ClaimOrder)]
    assert refused(state, "anna", ClaimOrder("order")).code == "cd.black-pearl"


def test_the_black_pearl_holder_shares_the_societys_win() -> None:
    state = table([("key", "key"), ("goblet",), ("key", "pearl"), ("dagger",)],
                  first="anna")
    state = play(state, ("anna", ClaimOrder("order")))
    assert judged(when(state, "anna", NameOrder(("carla",)))).winners == ("anna", "carla")


# -- when you may proclaim --------------------------------------------------------------------

def test_you_proclaim_only_at_the_start_of_your_turn() -> None:
    state = play(table([("key", "key", "key"), ("goblet",), ("dagger",), ("whip",)],
                       first="bruno"), ("bruno", OfferOrder("goblet", "anna")))
    assert isinstance(refused(state, "anna", ClaimOrder("order")), WrongOrderKind)


def test_the_clairvoyant_is_not_your_action_so_you_may_still_proclaim() -> None:
    state = table([("key", "key", "key"), ("goblet",), ("dagger",), ("whip",)],
                  professions=["clairvoyant", "thug", "priest", "doctor"])
    state = play(state, ("anna", UseOrder("clairvoyant")), ("anna", TopOrder(("seal", "dagger"))))
    assert ClaimOrder("order") in legal(state, "anna")


# -- the one-line claim: proclaim, name the holders and stop naming in one order ----------------

def test_a_one_line_claim_naming_the_holder_wins() -> None:
    state = table([("key", "key"), ("goblet",), ("key",), ("tome",)])
    order = GAME.parse("claim order carla", "anna", state)
    assert order == ClaimOrder("order", ("carla",))
    events = when(state, "anna", order)
    assert events[:3] == [VictoryProclaimed("anna", "order", False),
                          CardsShown("anna", "order", "thug", ("key", "key")),
                          PlayersNamed("anna", ("carla",))]
    assert judged(events).right and judged(events).winners == ("anna", "carla")


def test_a_one_line_claim_that_falls_short_is_wrong() -> None:
    state = table([("key",), ("goblet",), ("key",), ("tome",), ("key",), ("coat",)], players=6)
    verdict = judged(when(state, "anna", ClaimOrder("order", ("carla",))))
    assert not verdict.right and verdict.society == B


def test_a_one_line_claim_names_in_any_order_and_reads_back() -> None:
    state = table([("key",), ("goblet",), ("key",), ("tome",), ("key",), ("coat",)], players=6)
    order = ClaimOrder("order", ("emma", "carla"))
    assert GAME.parse(GAME.format_order(order), "anna", state) == order
    assert judged(when(state, "anna", order)).right


def test_a_one_line_claim_cannot_name_yourself_or_twice() -> None:
    state = table([("key", "key"), ("goblet",), ("key",), ("tome",)])
    assert refused(state, "anna", ClaimOrder("order", ("anna",))).code == "cd.bad-name"
    assert refused(state, "anna", ClaimOrder("order", ("carla", "carla"))).code == "cd.bad-name"


def test_a_one_line_claim_needs_the_claim_itself_to_be_legal() -> None:
    state = table([("dagger",), ("goblet",), ("key",), ("tome",)])
    assert refused(state, "anna", ClaimOrder("order", ("carla",))).code == "cd.hold-one"


def test_a_one_line_claim_with_an_unknown_name_is_unreadable() -> None:
    state = table([("key", "key"), ("goblet",), ("key",), ("tome",)])
    try:
        GAME.parse("claim order zoe", "anna", state)
    except Exception as exc:  # noqa: BLE001 - checked below
        assert '"zoe" is not one player' in str(exc)
    else:
        raise AssertionError("an unknown name was read")


# -- the teams the end reveals ----------------------------------------------------------------

def spectators_societies(state: State) -> tuple[tuple[str, ...], ...]:
    """Return the societies as a spectator sees them in the view, winners' first."""
    players = GAME.view(state, None)["players"]
    society = {p["seat"]: p["society"] for p in players}
    winning = society[state.winners[0]]
    return tuple(tuple(seat for seat in state.seats if (society[seat] == winning) == first)
                 for first in (True, False))


def test_a_societys_win_reveals_the_two_societies_as_teams_winners_first() -> None:
    state = play(table([("key", "key"), ("goblet",), ("key",), ("tome",)]),
                 ("anna", ClaimOrder("order")))
    assert GAME.revealed_teams(state) is None  # not over yet
    events = when(state, "anna", NameOrder(("carla",)))
    over = after(state, events)
    assert GAME.revealed_teams(over) == (("anna", "carla"), ("bruno", "dieter"))
    assert all(audience(e) is None for e in events if isinstance(e, AllRevealed | ClaimJudged))
    assert GAME.revealed_teams(over) == spectators_societies(over)  # public once over


def test_a_wrong_claim_reveals_the_rival_society_first() -> None:
    state = play(table([("key", "key"), ("key",), ("goblet",), ("tome",)]),
                 ("anna", ClaimOrder("order")))
    over = after(state, when(state, "anna", NameOrder(("bruno",))))
    assert GAME.revealed_teams(over) == (("bruno", "dieter"), ("anna", "carla"))
    assert GAME.revealed_teams(over) == spectators_societies(over)


def test_a_seal_win_reveals_no_teams() -> None:
    state = table([("seal", "key", "goblet", "goblet"), ("whip",), ("key",), ("dagger",)])
    over = after(state, when(state, "anna", ClaimOrder("seal")))
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.winners == ("anna",)
    assert GAME.revealed_teams(over) is None
    assert GAME.reveals_teams()
