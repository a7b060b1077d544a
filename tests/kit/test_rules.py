"""The rules of Sealed Bid, one test per rule, in the kit's given / when / then style."""
from __future__ import annotations

import pytest

from engine.core.contract import Audience
from engine.core.errors import UnreadableOrder
from engine.core.rng import Rng
from engine.core.testing import given, play, refused, then, when
from tests.kit.sealed_bid import GAME
from tests.kit.sealed_bid.events import BidSealed, BidsShown, HandDealt, LotsShuffled, RoundOpened
from tests.kit.sealed_bid.orders import Bid, Pass
from tests.kit.sealed_bid.state import AUCTION, PASS, State

SEATS = ("anna", "bruno", "carla")
OPENING = [HandDealt("anna", (3, 9, 12, 15, 18)), HandDealt("bruno", (1, 5, 11, 14, 20)),
           HandDealt("carla", (2, 6, 8, 13, 17)), LotsShuffled((5, 2, 7, 1, 8, 3, 4, 6)),
           RoundOpened(1, 5)]


def opened() -> State:
    """Return the auction as round 1 opens, the lot worth 5 on offer."""
    state: State = given(GAME, SEATS, OPENING)
    return state


def test_the_set_up_deals_hidden_hands_shuffles_the_lots_and_opens_round_one() -> None:
    events = GAME.start(given(GAME, SEATS), Rng(b"deal"))
    hands = [e.cards for e in events if isinstance(e, HandDealt)]
    assert [len(hand) for hand in hands] == [AUCTION.hand] * 3
    assert len({card for hand in hands for card in hand}) == 3 * AUCTION.hand
    (lots,) = [e.lots for e in events if isinstance(e, LotsShuffled)]
    assert sorted(lots) == sorted(AUCTION.lots) and events[-1] == RoundOpened(1, lots[0])
    assert GAME.visibility(events[0]) == Audience(frozenset({"anna"}), "anna was dealt 5 cards")
    assert GAME.visibility(events[3]).seats == frozenset()


def test_a_bid_seals_a_card_of_the_hand() -> None:
    then(when(GAME, opened(), "anna", "bid 12"), BidSealed("anna", 12))
    then(when(GAME, opened(), "anna", "I bid card twelve"), BidSealed("anna", 12))


def test_a_card_not_in_the_hand_is_refused() -> None:
    refusal = refused(GAME, opened(), "anna", Bid(11), code="sealed-bid.not-in-hand")
    assert refusal.message == "You do not hold the card 11; your hand is 3, 9, 12, 15, 18."


def test_a_sealed_bid_may_be_changed_until_the_last_one_is_in() -> None:
    state = play(GAME, opened(), ("anna", "bid 12"))
    prompt = GAME.prompt_for(state, "anna")
    assert prompt is not None and "Your sealed bid is 12" in prompt.summary
    then(when(GAME, state, "anna", "bid 15"), BidSealed("anna", 15, revised=True))


def test_the_last_bid_shows_them_all_and_the_highest_card_wins_the_lot() -> None:
    state = play(GAME, opened(), ("anna", "bid 12"), ("bruno", "pass"))
    then(when(GAME, state, "carla", "bid 13"), BidSealed("carla", 13),
         BidsShown(1, 5, (("anna", 12), ("bruno", PASS), ("carla", 13)), "carla"),
         RoundOpened(2, 2))
    after = play(GAME, state, ("carla", "bid 13"))
    assert after.bidder("carla").won == (5,) and after.bidder("anna").hand == (3, 9, 15, 18)
    assert after.bidder("bruno").hand == (1, 5, 11, 14, 20)
    assert after.bidder("anna").spent == (12,) and after.bidder("anna").sealed is None


def test_when_everybody_passes_nobody_wins_the_lot() -> None:
    state = play(GAME, opened(), ("anna", "pass"), ("bruno", "pass"))
    then(when(GAME, state, "carla", "pass"), BidSealed("carla", PASS),
         BidsShown(1, 5, (("anna", PASS), ("bruno", PASS), ("carla", PASS)), None),
         RoundOpened(2, 2))


def test_the_deadline_default_is_a_pass() -> None:
    prompt = GAME.prompt_for(opened(), "bruno")
    assert prompt is not None and prompt.default == Pass() and prompt.deadline_hours == 48
    then(when(GAME, opened(), "bruno", prompt.default), BidSealed("bruno", PASS))


def test_each_rounds_bid_has_its_own_prompt_key() -> None:
    state = opened()
    assert {prompt.key for prompt in GAME.prompts(state)} == {"r1.bid"}
    state = play(GAME, state, ("anna", "pass"), ("bruno", "pass"), ("carla", "pass"))
    assert {prompt.key for prompt in GAME.prompts(state)} == {"r2.bid"}


def test_after_the_last_round_the_most_valuable_lots_win() -> None:
    state = play(GAME, opened(),
                 ("anna", "bid 18"), ("bruno", "pass"), ("carla", "pass"),   # lot 5: anna
                 ("anna", "pass"), ("bruno", "bid 20"), ("carla", "pass"),   # lot 2: bruno
                 ("anna", "pass"), ("bruno", "bid 1"), ("carla", "bid 2"),   # lot 7: carla
                 ("anna", "pass"), ("bruno", "pass"), ("carla", "pass"))     # lot 1: nobody
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("carla",)
    assert outcome.scores == {"anna": 5, "bruno": 2, "carla": 7}
    assert GAME.prompts(state) == () and GAME.label(state) == "Auction over"
    refused(GAME, state, "anna", Pass(), code="game-over")


def test_a_seat_sees_its_own_hand_and_bid_and_of_the_others_only_counts() -> None:
    state = play(GAME, opened(), ("anna", "bid 12"))
    mine, theirs = GAME.view(state, "anna"), GAME.view(state, "bruno")
    assert mine["you"] == {"hand": [3, 9, 12, 15, 18], "bid": "12"}
    assert theirs["bidders"][0] == {"seat": "anna", "cards": 5, "sealed": True, "spent": [],
                                    "won": [], "score": 0}
    assert "12" not in GAME.render_text(theirs).split("Bidders:")[1]
    assert GAME.view(state, None)["you"] is None


@pytest.mark.parametrize(("text", "words"), [
    ("bid", "Name the card you bid by its number"),
    ("bid 12 13", '"bid 12" takes nothing after it, not "13"'),
    ("pass 3", '"pass" takes nothing after it'),
    ("raise 3", '"raise" is not an order of Sealed Bid'),
])
def test_text_that_is_not_an_order_is_answered_with_what_can_be_written(text: str,
                                                                         words: str) -> None:
    with pytest.raises(UnreadableOrder, match=words) as caught:
        GAME.parse(text, "anna", opened())
    assert "bid <card>" in caught.value.legal and "pass" in caught.value.legal
