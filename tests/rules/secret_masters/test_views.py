"""Views: each seat sees the board, its own secrets and nothing of anybody else's."""
from __future__ import annotations

import json

from engine.core.rng import Rng
from engine.core.testing import after, given, when
from engine.secret_masters import GAME
from engine.secret_masters.events import AgentPlaced, CardsRevealed, MarkersDrawn, TurnPassed
from engine.secret_masters.orders import PassOrder, VoteOrder
from engine.secret_masters.state import Markers, Side

from .helpers import (
    BLUE,
    FACTIONS,
    GREEN,
    RED,
    SEATS,
    YELLOW,
    deck_from,
    opening,
    placed_both,
    played_turn,
    round_started,
    set_up,
    votes,
)
from .test_turn_start import GREEN_FIVE, redeploy_of_round_one


def with_secrets(variant: int) -> list[object]:
    """Return one turn played and the next begun, with ann's secrets set by `variant`.

    Both variants look the same to bob and to spectators: ann's faction (and so the set-aside
    one), ann's and cid's markers, ann's sealed vote and the hidden deck order differ.
    """
    factions = dict(FACTIONS) if variant == 0 else {**FACTIONS, "ann": YELLOW}
    aside = YELLOW if variant == 0 else BLUE
    hidden = ("south-america", "africa", "oceania")
    deck = deck_from("europe", "russia", "north-america", "east-asia",
                     *(hidden if variant == 0 else hidden[::-1]))
    turn = played_turn("ann", "europe", BLUE, "russia", GREEN)
    if variant == 1:
        turn[-3:] = [MarkersDrawn("ann", Markers(2, 1, 0)), MarkersDrawn("bob", Markers(1, 1, 1)),
                     MarkersDrawn("cid", Markers(0, 1, 2))]
    upcoming = deck[2:4]
    return [*set_up(factions=factions, aside=aside), *round_started(1, "ann", deck), *turn,
            TurnPassed("bob", 1, 2), CardsRevealed("bob", *upcoming),
            AgentPlaced("bob", RED, Side.RED, upcoming[0]),
            AgentPlaced("cid", YELLOW, Side.WHITE, upcoming[1]),
            *votes(("ann", Markers(1, 1, 1) if variant == 0 else Markers(2, 0, 1)))]


def test_another_seats_secrets_change_nothing_bob_or_a_spectator_can_read() -> None:
    first, second = (given(GAME, SEATS, with_secrets(0)), given(GAME, SEATS, with_secrets(1)))
    assert first.factions != second.factions and first.votes != second.votes
    assert first.hands[0] != second.hands[0] and first.deck != second.deck
    for seat in ("bob", None):
        assert GAME.view(first, seat) == GAME.view(second, seat)
        assert GAME.render_text(GAME.view(first, seat)) == \
            GAME.render_text(GAME.view(second, seat))
    bob = [p for p in GAME.prompts(first) if p.seat == "bob"]
    assert bob == [p for p in GAME.prompts(second) if p.seat == "bob"]
    assert GAME.help(bob[0]) == GAME.help(
        next(p for p in GAME.prompts(second) if p.seat == "bob"))


def test_history_summaries_hide_the_same_secrets() -> None:
    def readable_by_bob(events: list[object]) -> list[str]:
        lines = []
        for item in events:
            audience = GAME.visibility(item)
            lines.append(GAME.describe(item) if audience.allows("bob") else str(audience.summary))
        return lines

    first, second = readable_by_bob(with_secrets(0)), readable_by_bob(with_secrets(1))
    assert first == second


def test_a_seat_sees_its_own_faction_markers_and_vote() -> None:
    state = given(GAME, SEATS, opening(), placed_both(), votes(("ann", Markers(2, 0, 1))))
    mine = GAME.view(state, "ann")["you"]
    assert mine == {"seat": "ann", "faction": "blue", "markers": {"red": 2, "white": 2,
                                                                  "orange": 1},
                    "vote": {"red": 2, "white": 0, "orange": 1}}
    assert "you" not in GAME.view(state, None)
    assert GAME.view(state, "bob")["you"]["vote"] is None
    assert GAME.view(state, "bob")["voted"] == ["ann"]


def test_the_view_shows_the_public_game() -> None:
    state = given(GAME, SEATS, opening(), placed_both())
    seen = GAME.view(state, None)
    assert (seen["round"], seen["turn"], seen["active"], seen["grand_master"]) == (1, 1, "ann",
                                                                                 "ann")
    assert seen["cards"]["red"] == {"region": "europe", "name": "Europe", "value": 3,
                                    "agent": "blue"}
    assert seen["cards"]["white"]["agent"] == "green"
    assert seen["pool"] == {"blue": 3, "green": 3, "red": 4, "yellow": 4}
    assert seen["points"] == {"blue": 1, "green": 1, "red": 1, "yellow": 1}
    assert seen["waiting_for"] == ["ann", "bob", "cid"]
    assert "revealed" not in seen and "deck" not in seen
    json.dumps(seen)


def test_the_last_vote_totals_are_public() -> None:
    state = given(GAME, SEATS, opening(), placed_both(), votes(("ann", Markers(2, 0, 1)),
                                                  ("bob", Markers(2, 0, 1))))
    state = after(GAME, state, when(GAME, state, "cid", VoteOrder(0, 2, 1)))
    assert GAME.view(state, None)["last_vote"] == {"red": 4, "white": 2, "orange": 3}


def test_everything_is_revealed_at_the_end() -> None:
    state = redeploy_of_round_one(GREEN_FIVE)
    final = after(GAME, state, when(GAME, state, "ann", PassOrder()))
    seen = GAME.view(final, None)
    assert seen["winner"] == "bob"
    assert seen["revealed"]["factions"] == {"ann": "blue", "bob": "green", "cid": "red"}
    assert seen["revealed"]["set_aside"] == "yellow"
    assert set(seen["revealed"]["markers"]) == {"ann", "bob", "cid"}
    assert len(seen["revealed"]["deck"]) == 9  # won before any card of round 2 came up


def test_render_text_draws_the_board() -> None:
    state = given(GAME, SEATS, opening(), placed_both(), votes(("ann", Markers(2, 0, 1))))
    text = GAME.render_text(GAME.view(state, "ann"))
    for part in ("Secret Masters - round 1, turn 1", "North America", "India/Middle East",
                 "Antarctica", "Pool", "Red card: Europe (3) - blue agent",
                 "White card: Russia (1) - green agent", "faction Blue",
                 "Your sealed vote: 2 red, 1 orange", "Waiting for: ann, bob, cid"):
        assert part in text
    assert "faction" not in GAME.render_text(GAME.view(state, None))


def test_render_text_at_the_end_names_the_winner_and_factions() -> None:
    state = redeploy_of_round_one(GREEN_FIVE)
    final = after(GAME, state, when(GAME, state, "ann", PassOrder()))
    text = GAME.render_text(GAME.view(final, None))
    assert "Winner: bob" in text and "set aside: Yellow" in text


def test_a_hidden_variant_changes_only_what_the_seat_may_not_know() -> None:
    state = given(GAME, SEATS, with_secrets(0))
    changed = 0
    for number in range(10):
        variant = GAME.hidden_variant(state, "bob", Rng(f"variant-{number}".encode()))
        assert variant is not None
        assert variant.factions[1] == state.factions[1] and variant.hands[1] == state.hands[1]
        assert variant.votes[0] is not None and variant.hands[0].holds(variant.votes[0])
        assert GAME.view(variant, "bob") == GAME.view(state, "bob")
        assert GAME.view(variant, None) == GAME.view(state, None)
        changed += (variant.factions, variant.hands, variant.deck) != (
            state.factions, state.hands, state.deck)
    assert changed >= 8
    final = after(GAME, redeploy_of_round_one(GREEN_FIVE),
                  when(GAME, redeploy_of_round_one(GREEN_FIVE), "ann", PassOrder()))
    assert GAME.hidden_variant(final, "bob", Rng(b"over")) is None
