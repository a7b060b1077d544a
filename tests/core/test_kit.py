"""The game kit: a small game built on it exercises decide, defaults, legality, forms, the
grammar toolkit and the completeness check."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from engine.core.contract import Audience, Canaries, Game, Outcome, Termination, replace
from engine.core.declare import DefaultOrder, EventTypes, OrderTypes
from engine.core.errors import GameOver, NotYourTurn, RuleViolation, UnreadableOrder, WrongOrderKind
from engine.core.harness import (
    HarnessFailure,
    check_all,
    check_history,
    play_random_game,
    seeds,
)
from engine.core.kit import Emitter, KitGame, Step, missing_declarations
from engine.core.ordertext import Grammar, Names, Reader, number
from engine.core.rng import Rng
from engine.core.testing import Scripted, given, refused, then, when

# -- a tiny game: players take 1 to 3 stones in turn, or pay coins; who takes the last wins ---

EVENTS: EventTypes[Pile] = EventTypes("stones")
ORDERS = OrderTypes("stones")
GRAMMAR = Grammar("Stones")


@dataclass(frozen=True)
class Pile:
    seats: tuple[str, ...]
    stones: int = 0
    turn: int = 0
    coins: tuple[int, ...] = ()
    winner: str = ""


@EVENTS.register("pile-made", describe=lambda e: f"{e.stones} stones")
@dataclass(frozen=True)
class PileMade:
    stones: int


@EVENTS.register("stones-taken", describe=lambda e: f"{e.seat} took {e.count}")
@dataclass(frozen=True)
class Taken:
    seat: str
    count: int


@EVENTS.register("coins-paid", describe=lambda e: f"{e.seat} paid {e.amount} coins",
                 audience=lambda e: Audience(frozenset({e.seat}), f"{e.seat} paid coins"))
@dataclass(frozen=True)
class Paid:
    seat: str
    amount: int


@EVENTS.evolver(PileMade)
def _made(state: Pile, event: PileMade) -> Pile:
    return replace(state, stones=event.stones, coins=tuple(5 for _ in state.seats))


@EVENTS.evolver(Taken)
def _taken(state: Pile, event: Taken) -> Pile:
    left = state.stones - event.count
    return replace(state, stones=left, turn=state.turn + 1, winner=event.seat if not left else "")


@EVENTS.evolver(Paid)
def _paid(state: Pile, event: Paid) -> Pile:
    index = state.seats.index(event.seat)
    coins = state.coins[:index] + (state.coins[index] - event.amount,) + state.coins[index + 1:]
    return replace(state, coins=coins, turn=state.turn + 1)


@ORDERS.register("take", text=lambda o: f"take {o.count}", label="Take stones",
                 syntax="take <count>", fields={"count": "stones"})
@dataclass(frozen=True)
class Take:
    count: int


@ORDERS.register("pay", text=lambda o: f"pay {o.amount}", label="Pay coins to skip",
                 syntax="pay <amount>")
@dataclass(frozen=True)
class Pay:
    amount: int


def _whose(state: Pile) -> tuple[str, ...]:
    return (state.seats[state.turn % len(state.seats)],)


def _check_take(state: Pile, seat: str, order: Take) -> None:
    if not 1 <= order.count <= min(3, state.stones):
        raise RuleViolation(f"Take 1 to {min(3, state.stones)} stones.", code="st.count")


def _check_pay(state: Pile, seat: str, order: Pay) -> None:
    if not 1 <= order.amount <= state.coins[state.seats.index(seat)]:
        raise RuleViolation("You cannot pay that much.", code="st.coins")


def _take(em: Emitter[Pile], seat: str, order: Take, rng: Rng) -> None:
    em.emit(Taken(seat, order.count))


def _pay(em: Emitter[Pile], seat: str, order: Pay, rng: Rng) -> None:
    em.emit(Paid(seat, order.amount))


TURN = Step(
    key="turn", summary=lambda state, seat: f"{state.stones} stones left: take some.",
    deciders=_whose, kinds=(Take, Pay), check={Take: _check_take, Pay: _check_pay},
    handle={Take: _take, Pay: _pay},
    candidates=lambda state, seat: [Take(n) for n in (1, 2, 3)] + [Pay(n) for n in (1, 2)],
    default=DefaultOrder(), default_summary="you take one stone or more at random", hours=24)
BIDDING = replace(TURN, key="bidding", candidates=None,
                  sample=lambda state, seat, rng: Take(1 + rng.randbelow(min(3, state.stones))))


@GRAMMAR.rule("take", kinds=("take",))
def _read_take(words: list[str], reader: Reader) -> Take:
    count = number(words[0]) if words else None
    if count is None:
        raise reader.fail("Write take <count>.")
    return Take(count)


@GRAMMAR.rule("pay", kinds=("pay",))
def _read_pay(words: list[str], reader: Reader) -> Pay:
    count = number(words[0]) if words else None
    if count is None:
        raise reader.fail("Write pay <amount>.")
    return Pay(count)


class Stones(KitGame[Pile]):
    name: ClassVar[str] = "stones"
    title: ClassVar[str] = "Stones"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    version: ClassVar[str] = "1"
    EVENTS = EVENTS
    ORDERS = ORDERS
    GRAMMAR = GRAMMAR
    STEPS = (TURN, BIDDING)
    events = EVENTS.table
    orders = ORDERS.table
    state_type: ClassVar[type] = Pile
    hidden_information: ClassVar[bool] = True
    sampling = False

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> Pile:
        return Pile(seats)

    def start(self, state: Pile, rng: Rng) -> list[Any]:
        return [PileMade(10 + rng.randbelow(5))]

    def prompt_key(self, state: Pile, step: Step) -> str:
        return f"t{state.turn}.{step.key}"

    def step(self, state: Pile) -> Step | None:
        if state.winner:
            return None
        return BIDDING if self.sampling else TURN

    def seat_view(self, state: Pile, seat: str | None) -> dict[str, Any]:
        mine = state.coins[state.seats.index(seat)] if seat in state.seats else None
        return {"stones": state.stones, "coins": mine}

    def label(self, state: Pile) -> str:
        return f"Turn {state.turn + 1}"

    def outcome(self, state: Pile) -> Outcome | None:
        return (Outcome((state.winner,), "took the last stone", termination=Termination.GOAL)
                if state.winner else None)

    def render_text(self, view: Mapping[str, Any]) -> str:
        return f"{view['stones']} stones"

    def plant_canaries(self, state: Pile, canaries: Canaries) -> Pile:
        coins = tuple(canaries.number({seat}) for seat in state.seats)
        return replace(state, coins=coins)

    def hidden_variant(self, state: Pile, seat: str | None, rng: Rng) -> Pile | None:
        coins = tuple(coins if name == seat else rng.randbelow(6)
                      for name, coins in zip(state.seats, state.coins))
        return replace(state, coins=coins)

    def probe_words(self) -> tuple[str, ...]:
        return ("stones", "coins")


GAME = Stones()
SEATS = ("anna", "bruno")


def test_decide_dispatches_a_legal_order_to_its_handler() -> None:
    state = given(GAME, SEATS, PileMade(10))
    then(when(GAME, state, "anna", Take(2)), Taken("anna", 2))
    then(when(GAME, state, "anna", "take three"), Taken("anna", 3))
    then(when(GAME, state, "anna", "I'd like to pay 2"), Paid("anna", 2))


def test_the_core_refuses_wrong_seats_kinds_illegal_orders_and_a_finished_game() -> None:
    state = given(GAME, SEATS, PileMade(2))
    assert isinstance(refused(GAME, state, "bruno", Take(1)), NotYourTurn)
    exc = refused(GAME, state, "anna", Take(3), code="st.count")
    assert exc.legal == "You can write: take 1; take 2; pay 1; pay 2."
    refused(GAME, state, "anna", Pay(9), code="st.coins")
    over = given(GAME, SEATS, PileMade(2), Taken("anna", 2))
    assert isinstance(refused(GAME, over, "bruno", Take(1)), GameOver)
    with pytest.raises(WrongOrderKind, match='"take" is not an order you can give now'):
        GAME._check(state, "anna", replace(TURN, kinds=(Pay,)), Take(1))


def test_legal_orders_are_the_candidates_that_pass_the_check() -> None:
    state = given(GAME, SEATS, PileMade(2))
    assert GAME.legal_orders(state, "anna") == [Take(1), Take(2), Pay(1), Pay(2)]
    assert GAME.legal_orders(state, "bruno") == []
    assert GAME.is_legal(state, "anna", Take(2)) is None
    assert GAME.is_legal(state, "anna", Take(3)).code == "st.count"  # type: ignore[union-attr]


def test_a_random_default_is_drawn_from_the_legal_orders_when_applied() -> None:
    state = given(GAME, SEATS, PileMade(10))
    then(when(GAME, state, "anna", DefaultOrder(), Scripted(4)), Paid("anna", 2))


def test_prompts_carry_the_step_forms_default_and_deadline() -> None:
    state = given(GAME, SEATS, PileMade(10))
    (prompt,) = GAME.prompts(state)
    assert (prompt.seat, prompt.key, prompt.summary) == ("anna", "t0.turn",
                                                         "10 stones left: take some.")
    assert prompt.deadline_hours == 24 and prompt.default == DefaultOrder()
    take, pay = prompt.forms
    assert pay.kind == "pay"
    assert (take.kind, take.label, take.syntax) == ("take", "Take stones", "take <count>")
    assert take.fields[0].label == "stones" and take.fields[0].options == ("1", "2", "3")
    assert take.examples == ("take 1", "take 2", "take 3")
    assert "take <count>  - Take stones" in GAME.help(prompt)


def test_views_carry_the_header_the_service_reads() -> None:
    state = given(GAME, SEATS, PileMade(10))
    assert GAME.view(state, "anna") == {"stones": 10, "coins": 5, "seat": "anna",
                                        "label": "Turn 1", "finished": False}


def test_unreadable_text_is_answered_with_what_the_seat_can_write() -> None:
    state = given(GAME, SEATS, PileMade(10))
    with pytest.raises(UnreadableOrder) as caught:
        GAME.parse("jump", "anna", state)
    assert caught.value.legal == ("You can write: take <count> (for example take 1); "
                                  "pay <amount> (for example pay 1).")
    with pytest.raises(UnreadableOrder) as helped:
        GAME.parse("help", "anna", state)
    assert "You can write:" in helped.value.legal and "10 stones left" in helped.value.legal


def test_a_step_that_cannot_list_its_orders_samples_them() -> None:
    sampling = Stones()
    sampling.sampling = True
    state = given(sampling, SEATS, PileMade(10))
    assert sampling.legal_orders(state, "anna") == [] and not sampling.can_list(state, "anna")
    order = sampling.random_legal_order(state, "anna", Rng(b"x"))
    assert sampling.is_legal(state, "anna", order) is None
    played = play_random_game(sampling, SEATS, next(seeds(1)))
    check_all(played)


def test_the_harness_plays_a_kit_game_to_the_end() -> None:
    for seed in seeds(5):
        check_all(play_random_game(GAME, ("anna", "bruno", "carla"), seed))


def test_a_kit_game_that_does_not_number_its_decisions_cannot_be_made() -> None:
    class Unnumbered(Stones):
        prompt_key = KitGame.prompt_key

    with pytest.raises(TypeError, match="abstract method prompt_key"):
        Unnumbered()


def test_the_harness_fails_a_prompt_key_that_opens_again() -> None:
    class Repeating(Stones):
        def prompt_key(self, state: Pile, step: Step) -> str:
            return step.key

    with pytest.raises(HarnessFailure, match="stones: the prompt key 'turn' opened again for "
                                              "anna after it closed"):
        play_random_game(Repeating(), SEATS, next(seeds(1)))


def test_a_game_that_does_not_say_whether_it_hides_information_cannot_be_made() -> None:
    class Undeclared(Stones):
        hidden_information = None  # type: ignore[assignment]

    with pytest.raises(TypeError, match="Undeclared does not declare hidden_information"):
        Undeclared()


def test_a_game_that_hides_information_must_give_its_secrecy_hooks() -> None:
    class Careless(Stones):
        hidden_variant = Game.hidden_variant

        def probe_words(self) -> tuple[str, ...]:
            return ()

    careless = Careless()
    assert missing_declarations(careless) == [
        "stones declares hidden information but does not implement hidden_variant",
        ("stones declares hidden information but gives no probe_words (the names players "
         "write, for the secrecy probes)")]
    with pytest.raises(HarnessFailure, match="stones declares hidden information but does not "
                                              "implement hidden_variant"):
        check_all(play_random_game(careless, SEATS, next(seeds(1))))


def test_a_game_that_hides_nothing_has_no_hidden_event() -> None:
    class Open(Stones):
        hidden_information: ClassVar[bool] = False
        hidden_variant = Game.hidden_variant
        plant_canaries = Game.plant_canaries

    open_game = Open()
    assert missing_declarations(open_game) == []
    state = given(open_game, SEATS, PileMade(10))
    assert open_game.hidden_variant(state, "anna", Rng(b"x")) is None
    assert open_game.plant_canaries(state, Canaries()) is state
    with pytest.raises(HarnessFailure, match="stones declares no hidden information, but its "
                                              "event coins-paid is hidden"):
        for seed in seeds(5):
            check_history(play_random_game(open_game, SEATS, seed))


def test_completeness_names_what_a_declaration_lacks() -> None:
    assert missing_declarations(GAME) == []
    orphan_events: EventTypes[Pile] = EventTypes("x")
    orphan_events.register("lonely", describe=str)(type("Lonely", (), {}))
    assert orphan_events.missing() == ["event lonely has no evolver"]


def test_an_event_type_with_a_dot_is_refused_as_the_services_own() -> None:
    with pytest.raises(ValueError, match="'wall.built' has a dot"):
        EVENTS.register("wall.built", describe=str)


def test_names_read_aliases_and_unique_beginnings_and_say_when_ambiguous() -> None:
    names = Names({"bag-key": ["Bag of Secrets (key)", "key bag"], "black-pearl": ["Black Pearl"],
                   "tome": ["Tome", "book"]}, "object")
    reader = Reader({}, None, lambda p: "")
    assert names.find(["book"], reader) == "tome"
    assert names.find(["black"], reader) == "black-pearl"
    with pytest.raises(UnreadableOrder, match="could be Bag of Secrets"):
        names.find(["b"], reader)
    assert names.find(["b"], reader, among=["tome"]) == "tome"


def test_replace_refuses_an_unknown_field() -> None:
    pile = Pile(("anna",))
    assert replace(pile, stones=3).stones == 3
    with pytest.raises(TypeError, match="Pile has no field stnes"):
        replace(pile, stnes=3)
