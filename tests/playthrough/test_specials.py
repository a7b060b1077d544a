"""Every Special card played through the service in the situation it is for, from a pinned
seed: what it does to the game, what its player reads, and what another seat may read (the
play, never the hand it came from)."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.illuminati import GAME
from engine.illuminati.cards import income, name_of, power
from engine.illuminati.state import Phase, State
from service.game.history import history
from service.store.store import Store
from tests.playthrough.table import (
    SCENARIOS,
    THREE,
    Scenario,
    Table,
    passing_hands,
    reach,
    run,
    scenario,
)

TURNS = 12
"""Turns passed at most while the Specials a scenario needs are drawn."""


def holder(state: State, card: str) -> str:
    """Return the seat holding `card`, or ''."""
    return next((p.seat for p in state.players if card in p.hand), "")


def drawn(*cards: str, apart: bool = True) -> object:
    """Return an opening check: with everyone passing, the cards are drawn within TURNS
    turns (by different seats when `apart`)."""
    def fits(state: State) -> bool:
        hands = passing_hands(state, TURNS - 2)
        seats = [next((s for s, hand in hands.items() if card in hand), "") for card in cards]
        return all(seats) and (not apart or len(set(seats)) == len(seats))
    return fits


@dataclass(frozen=True)
class Played:
    """What a scenario did: the seat that played the Special, the seat it concerned (or an
    onlooker), the seq before the play, and the state then."""

    seat: str
    other: str
    before: int
    then: State


def _own_turn_holding(table: Table, card: str) -> State:
    """Pass turns until the holder of `card` is to move, having done nothing yet."""
    return table.until(lambda s: bool(holder(s, card)) and s.turn.seat == holder(s, card),
                       TURNS, f"nobody held {card} in their turn")


def hidden_until_played(table: Table, seat: str, other: str, card: str, before: int) -> None:
    """Check the other seat read only that `seat` drew a Special, never which, before it was
    played, while `seat` read its name."""
    assert f"{seat} draws {name_of(card)}." in table.history(seat)
    earlier = "\n".join(line.text for line in history(table.store, table.game_id, other,
                                                       upto=before))
    assert f"{seat} drew a Special card." in earlier and name_of(card) not in earlier


def _money_special(card: str, index: int) -> Scenario:
    @scenario(index, fits=drawn(card), label=f"play-{card}")
    def play(table: Table) -> Played:
        state = _own_turn_holding(table, card)
        seat = state.turn.seat
        other = table.others(seat)[0]
        before = table.head
        table.order(seat, f"play {name_of(card)}")
        table.settle()
        return Played(seat, other, before, state)
    return play


MONEY = {"slush-fund": (15, _money_special("slush-fund", 1)),
         "swiss-bank-account": (25, _money_special("swiss-bank-account", 10))}


@pytest.mark.parametrize("card", sorted(MONEY))
def test_a_money_special_pays_its_player(store: Store, card: str) -> None:
    amount, case = MONEY[card]
    table, played = run(store, case)
    illuminati = played.then.player(played.seat).cards[0]
    after = table.state.player(played.seat)
    assert after.cards[0].money == illuminati.money + amount
    assert card not in after.hand and card in table.state.discard
    line = f"{played.seat}: +{amount}MB on {name_of(illuminati.card)} ({name_of(card)})."
    for reader in (played.seat, played.other):
        assert line in table.history(reader, after=played.before)
    hidden_until_played(table, played.seat, played.other, card, played.before)


def _attack_of(table: Table, seat: str, text: str, phase: Phase) -> State:
    """Announce the seat's attack and answer with passes until `phase` opens."""
    table.order(seat, text)
    state = table.settle(stop=lambda s: s.phase is phase)
    reach(state.phase is phase, f"no {phase.value} window opened")
    return state


@scenario(4, fits=drawn("assassination"))
def _play_assassination(table: Table) -> Played:
    state = _own_turn_holding(table, "assassination")
    seat, target = state.turn.seat, state.uncontrolled[0]
    before = table.head
    state = _attack_of(table, seat, f"attack control {target} with "
                       f"{state.player(seat).illuminati}", Phase.REACTION)
    assert state.attack is not None
    reach(state.attack.roll > state.attack.needed >= 2, "the roll did not fail by itself")
    table.order(seat, "play assassination")
    table.settle()
    return Played(seat, table.others(seat)[0], before, state)


def test_assassination_turns_a_failed_roll_into_a_2(store: Store) -> None:
    table, played = run(store, SCENARIOS["play-assassination"])
    attack = played.then.attack
    assert attack is not None
    assert attack.target in table.state.player(played.seat).groups
    types = table.event_types(played.before)
    assert "roll-changed" in types
    for reader in (played.seat, played.other):
        read = table.history(reader, after=played.before)
        assert f"Played on the roll: {played.seat} Assassination; the roll is 2." in read
        assert f"succeeds (2 against {attack.needed})" in read
    hidden_until_played(table, played.seat, played.other, "assassination", played.before)


@scenario(1, fits=drawn("murphys-law"))
def _play_murphys_law(table: Table) -> Played:
    state = table.until(lambda s: bool(holder(s, "murphys-law")) and s.turn.seat != holder(
        s, "murphys-law"), TURNS, "nobody held Murphy's Law in another's turn")
    seat, target = state.turn.seat, state.uncontrolled[0]
    own = state.player(seat)
    before = table.head
    state = _attack_of(table, seat, f"attack control {target} with {own.illuminati} "
                       f"spending {own.cards[0].money} from illuminati", Phase.REACTION)
    assert state.attack is not None
    reach(state.attack.roll <= state.attack.needed, "the roll failed by itself")
    other = holder(state, "murphys-law")
    table.order(other, "play murphys law")
    table.settle()
    return Played(other, seat, before, state)


def test_murphys_law_turns_a_successful_roll_into_a_12(store: Store) -> None:
    table, played = run(store, SCENARIOS["play-murphys-law"])
    attack = played.then.attack
    assert attack is not None and attack.roll <= attack.needed
    assert attack.target in table.state.uncontrolled
    assert attack.target not in table.state.player(played.other).groups
    for reader in (played.seat, played.other):
        read = table.history(reader, after=played.before)
        assert f"Played on the roll: {played.seat} Murphy's Law; the roll is 12." in read
        assert f"fails (12 against {attack.needed})" in read
    hidden_until_played(table, played.seat, played.other, "murphys-law", played.before)


@scenario(115, fits=drawn("slush-fund", "secrets"))
def _play_secrets(table: Table) -> Played:
    state = _own_turn_holding(table, "slush-fund")
    seat = state.turn.seat
    other = holder(state, "secrets")
    reach(other and other != seat, "Secrets is not in another hand")
    before = table.head
    table.order(seat, "play slush fund")
    reach(table.state.phase is Phase.COUNTER, "no window for Secrets")
    table.order(other, "play secrets on slush fund")
    table.settle()
    return Played(other, seat, before, state)


def test_secrets_cancels_a_special_as_it_is_played(store: Store) -> None:
    table, played = run(store, SCENARIOS["play-secrets"])
    player = table.state.player(played.other)
    assert player.cards[0].money == played.then.player(played.other).cards[0].money
    assert {"slush-fund", "secrets"} <= set(table.state.discard)
    assert "slush-fund" not in player.hand
    assert "secrets" not in table.state.player(played.seat).hand
    for reader in (played.seat, played.other):
        read = table.history(reader, after=played.before)
        assert "(Slush Fund)" not in read and "Secrets Man Was Not Meant To Know" in read
    hidden_until_played(table, played.seat, played.other, "secrets", played.before)


def _privileged(table: Table, card: str) -> tuple[str, str, State]:
    """Pass until a seat holding a Special is to move while another holds `card`; announce
    an attack privileged by discarding that Special; return (attacker, holder, state) with
    the response window open."""
    def ready(state: State) -> bool:
        seat = state.turn.seat
        return bool(holder(state, card)) and holder(state, card) != seat and any(
            c != card for c in state.player(seat).hand)
    state = table.until(ready, TURNS, f"no privileged attack against a holder of {card}")
    table.before = table.head
    seat, target = state.turn.seat, state.uncontrolled[0]
    discarded = next(c for c in state.player(seat).hand if c != card)
    state = _attack_of(table, seat, f"attack control {target} with "
                       f"{state.player(seat).illuminati} privileged by {discarded}",
                       Phase.RESPONSE)
    return seat, holder(state, card), state


@scenario(14, fits=drawn("deep-agent"))
def _play_deep_agent(table: Table) -> Played:
    seat, other, state = _privileged(table, "deep-agent")
    before = table.before
    table.order(other, "abolish with deep agent")
    state = table.settle(stop=lambda s: s.phase is Phase.RESPONSE and other in [
        p.seat for p in GAME.prompts(s) if not p.submitted])
    reach(state.phase is Phase.RESPONSE, "the window did not reopen")
    table.order(other, "interfere against 1")
    table.settle()
    return Played(other, seat, before, state)


def test_deep_agent_abolishes_privilege_and_reopens_the_window(store: Store) -> None:
    table, played = run(store, SCENARIOS["play-deep-agent"])
    attack = played.then.attack
    assert attack is not None and attack.privilege and attack.abolished
    assert "deep-agent" in table.state.discard
    for reader in (played.seat, played.other):
        read = table.history(reader, after=played.before)
        assert "privilege is abolished" in read
        assert f"{played.seat} interferes against the attack with 1MB." in read
    hidden_until_played(table, played.seat, played.other, "deep-agent", played.before)


@scenario(3, seats=THREE, fits=drawn("interference"))
def _play_interference(table: Table) -> tuple[Played, str, dict[str, str]]:
    seat, other, state = _privileged(table, "interference")
    before = table.before
    table.order(other, "interfere against 3 with interference")
    onlooker = next(s for s in table.seats if s not in (seat, other))
    reach(onlooker in [p.seat for p in GAME.prompts(table.state) if not p.submitted],
          "the window closed with the first answer")
    sealed = {reader: table.seen(reader, after=before) for reader in (seat, onlooker)}
    state = table.settle(stop=lambda s: s.phase not in (Phase.RESPONSE, Phase.COUNTER))
    return Played(other, seat, before, state), onlooker, sealed


def test_interference_lets_its_player_interfere_in_a_privileged_attack(store: Store) -> None:
    table, (played, onlooker, sealed) = run(store, SCENARIOS["play-interference"])
    attack = played.then.attack
    assert attack is not None and attack.privilege and not attack.abolished
    assert attack.interference == -3
    for reader in (played.seat, played.other, onlooker):
        read = table.history(reader, after=played.before)
        assert f"{played.seat} plays Interference." in read
        assert f"{played.seat} interferes against the attack with 3MB" in read
    for reader, seen in sealed.items():  # while the window was open: sealed
        assert "Interference" not in seen and "interferes" not in seen, reader
        assert "sealed" not in seen.lower()  # nor that, or when, an answer came in
    hidden_until_played(table, played.seat, played.other, "interference", played.before)


@scenario(7, fits=drawn("whispering-campaign"))
def _play_whispering_campaign(table: Table) -> Played:
    state = table.until(lambda s: s.turn.seat == holder(s, "whispering-campaign") and any(
        power(g) == 0 for g in s.uncontrolled), TURNS, "no Power-0 target for a holder")
    seat = state.turn.seat
    own = state.player(seat)
    target = next(g for g in state.uncontrolled if power(g) == 0)
    before = table.head
    table.order(seat, f"attack destroy {target} with {own.illuminati} whispering spending "
                f"{own.cards[0].money} from illuminati")
    table.settle()
    reach(target in table.state.dead, "the attack failed")
    return Played(seat, table.others(seat)[0], before, state)


def test_whispering_campaign_destroys_a_power_zero_group(store: Store) -> None:
    table, played = run(store, SCENARIOS["play-whispering-campaign"])
    target = next(g for g in table.state.dead if power(g) == 0)
    assert target not in table.state.uncontrolled
    for reader in (played.seat, played.other):
        read = table.history(reader, after=played.before)
        assert f"The attack to destroy {name_of(target)} succeeds" in read
        assert "Whispering Campaign" in read
    assert name_of(target) in str(table.view(played.other)["dead"])
    hidden_until_played(table, played.seat, played.other, "whispering-campaign",
                        played.before)


def _captured(table: Table, seat: str, kind: str = "control") -> str:
    """Attack the weakest uncontrolled group with the seat's Illuminati and all its money;
    return the target once the attack succeeded."""
    state = table.state
    own = state.player(seat)
    target = min(state.uncontrolled, key=lambda g: (power(g) == 0, power(g)))
    table.order(seat, f"attack {kind} {target} with {own.illuminati} spending "
                f"{own.cards[0].money} from illuminati")
    state = table.settle()
    reach(target in (state.player(seat).groups if kind == "control" else state.dead),
          f"the attack to {kind} failed")
    return target


@scenario(3, fits=drawn("white-collar-crime"))
def _play_white_collar_crime(table: Table) -> tuple[Played, str]:
    state = _own_turn_holding(table, "white-collar-crime")
    seat = state.turn.seat
    group = _captured(table, seat)
    state = table.state
    before = table.head
    table.order(seat, f"play white collar crime on {group}")
    table.settle()
    table.order(seat, f"transfer 5 from {group} to {state.player(seat).illuminati}")
    return Played(seat, table.others(seat)[0], before, state), group


def test_white_collar_crime_pays_a_card_and_frees_the_turns_transfers(store: Store) -> None:
    table, (played, group) = run(store, SCENARIOS["play-white-collar-crime"])
    state = table.state
    own = state.player(played.seat)
    was = played.then.player(played.seat)
    assert own.cards[0].money == was.cards[0].money + 5
    assert state.turn.actions == played.then.turn.actions == 1
    assert state.turn.transfers == 2
    moved = [e for e in store.events(table.game_id, after_seq=played.before)
             if e.type == "money-transferred"]
    assert [e.payload["kind"] for e in moved] == ["free"]
    for reader in (played.seat, played.other):
        assert f"+5MB on {name_of(group)} (White Collar Crime)" in table.history(
            reader, after=played.before)
    hidden_until_played(table, played.seat, played.other, "white-collar-crime", played.before)


@scenario(3, fits=drawn("media-campaign"))
def _play_media_campaign(table: Table) -> tuple[Played, str]:
    state = _own_turn_holding(table, "media-campaign")
    seat = state.turn.seat
    dead = _captured(table, seat, "destroy")
    state = table.state
    before = table.head
    table.order(seat, f"play media campaign on {dead}")
    table.settle()
    return Played(seat, table.others(seat)[0], before, state), dead


def test_media_campaign_brings_a_destroyed_group_back(store: Store) -> None:
    table, (played, group) = run(store, SCENARIOS["play-media-campaign"])
    assert group in played.then.dead
    assert group in table.state.uncontrolled and group not in table.state.dead
    for reader in (played.seat, played.other):
        assert name_of(group) in str(table.view(reader)["uncontrolled"])
        assert "Media Campaign" in table.history(reader, after=played.before)
    hidden_until_played(table, played.seat, played.other, "media-campaign", played.before)


@scenario(1, seats=THREE, fits=drawn("computer-espionage"))
def _play_computer_espionage(table: Table) -> tuple[Played, str]:
    state = table.until(lambda s: s.turn.seat == holder(s, "computer-espionage") and any(
        p.hand for p in s.players if p.seat != s.turn.seat), TURNS,
        "no hand to spy on in the holder's turn")
    seat = state.turn.seat
    spied = next(p.seat for p in state.players if p.seat != seat and p.hand)
    onlooker = next(s for s in table.seats if s not in (seat, spied))
    before = table.head
    table.order(seat, f"play computer espionage on {spied}")
    table.settle()
    return Played(seat, onlooker, before, state), spied


def test_computer_espionage_shows_a_hand_to_its_player_alone(store: Store) -> None:
    table, (played, spied) = run(store, SCENARIOS["play-computer-espionage"])
    hand = table.state.player(spied).hand
    assert hand == played.then.player(spied).hand
    seen = " ".join(table.view(played.seat)["you"]["computer_espionage"])
    assert hand and all(card in seen for card in hand)
    names = ", ".join(name_of(card) for card in hand)
    assert f"Computer Espionage: {spied} holds {names}." in table.history(played.seat)
    assert "espionage-seen" in table.event_types(played.before)
    onlooker = table.seen(played.other)
    assert f"{played.seat} used Computer Espionage on {spied}." in onlooker
    assert f"{spied} holds" not in onlooker
    spied_seen = next(p for p in table.view(played.other)["players"] if p["seat"] == spied)
    assert "hand" not in spied_seen and spied_seen["hand_size"] == len(hand)
    assert table.view(played.other)["you"]["computer_espionage"] == ["nothing seen"]
    hidden_until_played(table, played.seat, played.other, "computer-espionage", played.before)


@scenario(6, fits=drawn("senate-investigating-committee"))
def _play_senate_investigating_committee(table: Table) -> Played:
    state = _own_turn_holding(table, "senate-investigating-committee")
    seat = state.turn.seat
    other = table.others(seat)[0]
    before = table.head
    table.order(seat, f"play senate investigating committee on {other}")
    table.settle()
    table.end_turn()
    return Played(seat, other, before, state)


def test_the_senate_investigating_committee_skips_a_players_next_turn(store: Store) -> None:
    table, played = run(store, SCENARIOS["play-senate-investigating-committee"])
    state = table.state
    assert state.turn.seat == played.seat and state.turn.number == played.then.turn.number + 1
    assert "turn-skipped" in table.event_types(played.before)
    assert state.skip == ()
    for reader in (played.seat, played.other):
        read = table.history(reader, after=played.before)
        assert "Senate Investigating Committee" in read and played.other in read
    hidden_until_played(table, played.seat, played.other, "senate-investigating-committee",
                        played.before)


@scenario(3, fits=drawn("bribery"))
def _play_bribery(table: Table) -> tuple[Played, str]:
    state = _own_turn_holding(table, "bribery")
    seat = state.turn.seat
    group = state.uncontrolled[0]
    before = table.head
    table.order(seat, f"play bribery on {group} at {state.player(seat).illuminati}")
    table.settle()
    return Played(seat, table.others(seat)[0], before, state), group


def test_bribery_takes_an_uncontrolled_group_for_an_action(store: Store) -> None:
    table, (played, group) = run(store, SCENARIOS["play-bribery"])
    state = table.state
    assert group in state.player(played.seat).groups and group not in state.uncontrolled
    assert state.turn.actions == 1
    for reader in (played.seat, played.other):
        assert "Bribery" in table.history(reader, after=played.before)
        view = next(p for p in table.view(reader)["players"] if p["seat"] == played.seat)
        assert group in [card["id"] for card in view["structure"]]
    hidden_until_played(table, played.seat, played.other, "bribery", played.before)


@scenario(0, fits=drawn("market-manipulation"))
def _play_market_manipulation(table: Table) -> Played:
    state = _own_turn_holding(table, "market-manipulation")
    seat = state.turn.seat
    before = table.head
    table.order(seat, "play market manipulation")
    table.settle()
    return Played(seat, table.others(seat)[0], before, state)


def test_market_manipulation_pays_the_income_again(store: Store) -> None:
    table, played = run(store, SCENARIOS["play-market-manipulation"])
    was = played.then.player(played.seat)
    now = table.state.player(played.seat)
    paid = sum(income(p.card) for p in was.cards if income(p.card) > 0)
    assert paid > 0 and now.money == was.money + paid
    for reader in (played.seat, played.other):
        read = table.history(reader, after=played.before)
        assert f"+{income(was.illuminati)}MB on {name_of(was.illuminati)} (income)" in read
    hidden_until_played(table, played.seat, played.other, "market-manipulation",
                        played.before)
