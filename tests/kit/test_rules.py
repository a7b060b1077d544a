"""The rules of Sealed Bid, one test per rule, in the kit's given / when / then style."""
from __future__ import annotations

import pytest

from engine.core.contract import Audience
from engine.core.errors import UnreadableOrder
from engine.core.rng import Rng
from engine.core.standing import Standing
from engine.core.testing import given, play, refused, then, when
from tests.kit.sealed_bid import GAME
from tests.kit.sealed_bid.events import (
    BidSealed,
    BidsShown,
    HandDealt,
    LotsShuffled,
    LotTaken,
    RoundOpened,
    SitOutSet,
)
from tests.kit.sealed_bid.orders import Bid, Pass, Take
from tests.kit.sealed_bid.state import AUCTION, PASS, State

SEATS = ("anna", "bruno", "carla")
OPENING = [HandDealt("anna", (3, 9, 12, 15, 18)), HandDealt("bruno", (1, 5, 11, 14, 20)),
           HandDealt("carla", (2, 6, 8, 13, 17)), LotsShuffled((5, 2, 7, 1, 3, 4, 6)),
           RoundOpened(1, (5, 2))]
ALL_PASS = (("anna", "pass"), ("bruno", "pass"), ("carla", "pass"))


def opened() -> State:
    """Return the auction as round 1 opens, the lots worth 5 and 2 on offer."""
    state: State = given(GAME, SEATS, OPENING)
    return state


def won_by_carla() -> State:
    """Return round 1 after the bids are shown: carla's 13 won, and she chooses a lot."""
    return play(GAME, opened(), ("anna", "bid 12"), ("bruno", "pass"), ("carla", "bid 13"))


def last_round() -> State:
    """Return the auction as round 4 opens, one lot (worth 6) left to offer."""
    state = play(GAME, opened(), *ALL_PASS, *ALL_PASS, *ALL_PASS)
    assert state.round == AUCTION.rounds and state.offer == (6,)
    return state


def test_the_set_up_deals_hidden_hands_shuffles_the_lots_and_opens_round_one() -> None:
    events = GAME.start(given(GAME, SEATS), Rng(b"deal"))
    hands = [e.cards for e in events if isinstance(e, HandDealt)]
    assert [len(hand) for hand in hands] == [AUCTION.hand] * 3
    assert len({card for hand in hands for card in hand}) == 3 * AUCTION.hand
    (lots,) = [e.lots for e in events if isinstance(e, LotsShuffled)]
    assert sorted(lots) == sorted(AUCTION.lots) and events[-1] == RoundOpened(1, lots[:2])
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


def test_who_has_sealed_is_private_to_the_bidder() -> None:
    state = play(GAME, opened(), ("anna", "bid 12"))
    assert GAME.visibility(BidSealed("anna", 12)) == Audience(frozenset({"anna"}), "")
    prompt = GAME.prompt_for(state, "bruno")
    assert prompt is not None and not prompt.answering_public
    assert GAME.view(state, "bruno") == GAME.view(opened(), "bruno")


def test_the_last_bid_shows_them_all_and_the_highest_card_chooses_a_lot() -> None:
    state = play(GAME, opened(), ("anna", "bid 12"), ("bruno", "pass"))
    then(when(GAME, state, "carla", "bid 13"), BidSealed("carla", 13),
         BidsShown(1, (("anna", 12), ("bruno", PASS), ("carla", 13)), "carla"))
    after = won_by_carla()
    assert [(p.seat, p.key) for p in GAME.prompts(after)] == [("carla", "r1.take")]
    assert after.bidder("anna").hand == (3, 9, 15, 18) and after.bidder("anna").spent == (12,)
    assert after.bidder("bruno").hand == (1, 5, 11, 14, 20)


def test_the_winner_takes_one_lot_and_the_others_are_set_aside() -> None:
    then(when(GAME, won_by_carla(), "carla", "take the lot worth 5"),
         LotTaken("carla", 5, (2,)), RoundOpened(2, (7, 1)))
    refusal = refused(GAME, won_by_carla(), "carla", Take(7), code="sealed-bid.not-on-offer")
    assert refusal.message == ("No lot worth 7 is on offer; you may take the lots worth 5 "
                               "or 2.")
    assert play(GAME, won_by_carla(), ("carla", "take 5")).bidder("carla").won == (5,)


def test_when_everybody_passes_nobody_wins_and_the_lots_are_set_aside() -> None:
    state = play(GAME, opened(), ("anna", "pass"), ("bruno", "pass"))
    then(when(GAME, state, "carla", "pass"), BidSealed("carla", PASS),
         BidsShown(1, (("anna", PASS), ("bruno", PASS), ("carla", PASS)), None),
         RoundOpened(2, (7, 1)))


def test_the_deadline_defaults_are_a_pass_and_the_most_valuable_lot() -> None:
    prompt = GAME.prompt_for(opened(), "bruno")
    assert prompt is not None and prompt.default == Pass() and prompt.deadline_hours == 48
    then(when(GAME, opened(), "bruno", prompt.default), BidSealed("bruno", PASS))
    take = GAME.prompt_for(won_by_carla(), "carla")
    assert take is not None and take.default == Take(5)


def test_each_rounds_decisions_have_their_own_prompt_keys() -> None:
    assert {prompt.key for prompt in GAME.prompts(opened())} == {"r1.bid"}
    assert {prompt.key for prompt in GAME.prompts(won_by_carla())} == {"r1.take"}
    state = play(GAME, won_by_carla(), ("carla", "take 5"))
    assert {prompt.key for prompt in GAME.prompts(state)} == {"r2.bid"}


def test_a_single_lot_left_is_taken_at_once_as_everyone_can_tell_it() -> None:
    assert GAME.forced_order(won_by_carla(), "carla") is None  # two lots: carla chooses
    state = play(GAME, last_round(), ("anna", "bid 3"), ("bruno", "pass"), ("carla", "pass"))
    assert GAME.forced_order(state, "anna") == Take(6)
    assert GAME.forced_order(last_round(), "anna") is None  # a bid is never forced


def test_a_standing_answer_bids_for_the_seat() -> None:
    entries = GAME.read_standing("bid: lowest card / take highest", "anna", opened())
    assert entries == (Standing("bid", "lowest-card"), Standing("take", "highest"))
    applied = GAME.standing_order(opened(), "anna", entries)
    assert applied is not None and applied.order == Bid(3)
    taken = GAME.standing_order(won_by_carla(), "carla", entries)
    assert taken is not None and taken.order == Take(5)
    with pytest.raises(UnreadableOrder, match="not a standing answer for bid"):
        GAME.read_standing("bid: middle card", "anna", opened())


def test_an_answer_ahead_chooses_the_lot_of_this_round_only() -> None:
    ahead = GAME.read_standing("take 2", "carla", opened(), ahead=True)
    assert ahead == (Standing("take", written="take 2", until="r1"),)
    applied = GAME.standing_order(won_by_carla(), "carla", ahead)
    assert applied is not None and applied.order == Take(2)
    later = play(GAME, won_by_carla(), ("carla", "take 5"),
                 ("anna", "pass"), ("bruno", "pass"), ("carla", "bid 2"))
    assert GAME.standing_scope(later) == "r2" and GAME.prompt_for(later, "carla") is not None
    assert GAME.standing_order(later, "carla", ahead) is None  # it lapsed with round 1


def test_sitting_out_is_set_privately_and_holds_from_the_next_round() -> None:
    sit_out = (Standing("sit-out", "on"),)
    [setting] = GAME.keep_standing(opened(), "anna", sit_out)
    assert setting == SitOutSet("anna", "on")
    assert GAME.visibility(setting) == Audience(frozenset({"anna"}), "")
    state = GAME.fold(opened(), [setting])
    assert GAME.kept_standing(state, "anna") == sit_out
    assert GAME.keep_standing(state, "anna", sit_out) == []  # it holds already
    assert GAME.prompt_for(state, "anna") is not None  # this round still asks anna
    state = play(GAME, state, *ALL_PASS)
    assert {prompt.seat for prompt in GAME.prompts(state)} == {"bruno", "carla"}
    then(when(GAME, state, "carla", "bid 2"), BidSealed("carla", 2))
    state = play(GAME, state, ("bruno", "bid 1"))
    then(when(GAME, state, "carla", "bid 2"), BidSealed("carla", 2),
         BidsShown(2, (("anna", PASS), ("bruno", 1), ("carla", 2)), "carla"))
    cleared = GAME.fold(state, GAME.keep_standing(state, "anna", ()))
    assert GAME.kept_standing(cleared, "anna") == ()


def test_when_every_bidder_sits_out_the_round_is_shown_at_once() -> None:
    state = opened()
    for seat in SEATS:
        state = GAME.fold(state, GAME.keep_standing(state, seat, (Standing("sit-out", "on"),)))
    state = play(GAME, state, ("anna", "pass"), ("bruno", "pass"))
    then(when(GAME, state, "carla", "pass"), BidSealed("carla", PASS),
         BidsShown(1, (("anna", PASS), ("bruno", PASS), ("carla", PASS)), None),
         RoundOpened(2, (7, 1)),
         BidsShown(2, (("anna", PASS), ("bruno", PASS), ("carla", PASS)), None),
         RoundOpened(3, (3, 4)),
         BidsShown(3, (("anna", PASS), ("bruno", PASS), ("carla", PASS)), None),
         RoundOpened(4, (6,)),
         BidsShown(4, (("anna", PASS), ("bruno", PASS), ("carla", PASS)), None))


def test_after_the_last_round_the_most_valuable_lots_win() -> None:
    state = play(GAME, opened(),
                 ("anna", "bid 18"), ("bruno", "pass"), ("carla", "pass"),   # 5 or 2: anna
                 ("anna", "take 5"),
                 ("anna", "pass"), ("bruno", "bid 20"), ("carla", "pass"),   # 7 or 1: bruno
                 ("bruno", "take 1"),
                 ("anna", "pass"), ("bruno", "bid 1"), ("carla", "bid 2"),   # 3 or 4: carla
                 ("carla", "take 4"),
                 ("anna", "pass"), ("bruno", "pass"), ("carla", "bid 6"),    # 6: carla
                 ("carla", "take 6"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("carla",)
    assert outcome.scores == {"anna": 5, "bruno": 1, "carla": 10}
    assert outcome.termination.value == "last-round"
    assert GAME.prompts(state) == () and GAME.label(state) == "Auction over"
    refused(GAME, state, "anna", Pass(), code="game-over")


def test_a_seat_sees_its_own_hand_and_bid_and_of_the_others_only_counts() -> None:
    state = play(GAME, opened(), ("anna", "bid 12"))
    mine, theirs = GAME.view(state, "anna"), GAME.view(state, "bruno")
    assert mine["you"] == {"hand": [3, 9, 12, 15, 18], "bid": "12", "sit_out": "off"}
    assert theirs["bidders"][0] == {"seat": "anna", "cards": 5, "spent": [], "won": [],
                                    "score": 0}
    assert "12" not in GAME.render_text(theirs).split("Bidders:")[1]
    assert GAME.view(state, None)["you"] is None
    assert "<svg" in GAME.render_board_svg(theirs) and "Lots on offer: worth 5 and 2" in (
        GAME.render_board_svg(theirs))


@pytest.mark.parametrize(("text", "words"), [
    ("bid", "Name the card you bid by its number"),
    ("bid 12 13", '"bid 12" takes nothing after it, not "13"'),
    ("pass 3", '"pass" takes nothing after it'),
    ("take", "Name the lot you take by its worth"),
    ("raise 3", '"raise" is not an order of Sealed Bid'),
])
def test_text_that_is_not_an_order_is_answered_with_what_can_be_written(text: str,
                                                                         words: str) -> None:
    with pytest.raises(UnreadableOrder, match=words) as caught:
        GAME.parse(text, "anna", opened())
    assert "bid <card>" in caught.value.legal and "pass" in caught.value.legal
