"""Standing answers by mail in Secret Masters, Freimaurerei and Castle of the Devil: an entry
set with `standing` is given as the seat's order (actor `standing`) in the same step that
opens its decision, and the game goes on without asking that seat."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from service.game.loading import load_game
from service.orders.creation import NewSeat
from tests.service.tablemail import SEATS, Table, open_table, text_of


def rows(table: Table) -> list[tuple[str, str, dict[str, Any]]]:
    return [(row.type, row.actor, row.payload) for row in
            table.store.events(table.game_id, after_seq=0)]


def by_standing(table: Table) -> list[dict[str, Any]]:
    return [p for t, a, p in rows(table) if t == "order.accepted" and a == "standing"]


def asked(table: Table) -> list[tuple[str, str]]:
    """Return (seat, prompt key) of every seat asked now."""
    loaded = load_game(table.store, table.game_id)
    return [(p.seat, p.key) for p in loaded.game.prompts(loaded.state)]


def play_first_legal(table: Table, seat: str) -> None:
    loaded = load_game(table.store, table.game_id)
    order = loaded.game.legal_orders(loaded.state, seat)[0]
    assert table.write(seat, loaded.game.format_order(order) + "\n").status == "accepted"


def test_secret_masters_votes_neither_for_every_seat_once_the_vote_opens(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="secret-masters", game_id="5ad1b0a7")
    for seat in ("anna", "bruno", "carla"):
        result = table.write(seat, "standing vote: neither\n")
        assert "vote: neither" in result.notes[0]
    [(active, _)] = asked(table)
    play_first_legal(table, active)
    [(second, key)] = asked(table)
    assert key.endswith(".second")
    assert not by_standing(table)
    play_first_legal(table, second)
    votes = by_standing(table)
    assert len(votes) == 3 and all(str(v["prompt_key"]).endswith(".vote") for v in votes)
    assert not [k for _, k in asked(table) if k.endswith(".vote")]
    assert any(t == "vote-resolved" for t, _, _ in rows(table))


def freimaurerei(tmp_path: Path) -> Table:
    """Return a Freimaurerei table past the outer alignments: anna acts, with no money yet."""
    seats = [NewSeat("anna", "anna@example.org", "Anna"),
             NewSeat("bruno", "bruno@example.org", "Bruno")]
    table = open_table(tmp_path, game="freimaurerei", seats=seats, game_id="5ad1b0a8")
    for seat in ("anna", "bruno"):
        assert table.write(seat, "outer white\n").status == "accepted"
    assert asked(table) == [("anna", "t1.a1.action")]
    return table


def test_freimaurerei_keeps_the_intrigue_roll_at_once_by_standing_answer(tmp_path: Path) -> None:
    table = freimaurerei(tmp_path)
    for _ in range(8):  # Assess Dues until anna can pay for a re-roll: a real choice
        loaded = load_game(table.store, table.game_id)
        [(seat, _key)] = asked(table)
        if seat == "anna" and loaded.state.realms[0].money >= 5:
            break
        assert table.write(seat, "dues\n").status == "accepted"
    assert seat == "anna" and loaded.state.realms[0].money >= 5
    assert table.write("anna", "standing roll: accept\n").notes
    assert table.write("anna", "intrigue\n").status == "accepted"
    [kept] = by_standing(table)
    assert str(kept["prompt_key"]).endswith(".intrigue-roll.1") and kept["text"] == "accept"
    assert [t for t, _, _ in rows(table) if t == "intrigue-accepted"]
    assert not [k for _, k in asked(table) if ".intrigue-roll" in k]


def test_freimaurerei_takes_a_roll_that_cannot_be_paid_again_at_once(tmp_path: Path) -> None:
    table = freimaurerei(tmp_path)
    assert table.write("anna", "intrigue\n").status == "accepted"
    [kept] = [p for t, a, p in rows(table) if t == "order.accepted" and a == "forced"]
    assert kept["prompt_key"] == "t1.a1.intrigue-roll.1" and kept["text"] == "accept"
    assert not [p for t, _, p in rows(table)
                if t == "deadline.set" and p["prompt_key"] == kept["prompt_key"]]
    assert not [k for _, k in asked(table) if ".intrigue-roll" in k]


def test_castle_of_the_devil_refuses_an_offer_at_once(tmp_path: Path) -> None:
    seats = [*SEATS, NewSeat("dieter", "dieter@example.org", "Dieter")]
    table = open_table(tmp_path, game="castle-of-the-devil", seats=seats, game_id="5ad1b0a9")
    [(active, _)] = asked(table)
    partner = next(s.name for s in seats if s.name != active)
    assert "offers: refuse" in table.write(partner, "standing offers: refuse\n").notes[0]
    loaded = load_game(table.store, table.game_id)
    offers = [o for o in loaded.game.legal_orders(loaded.state, active)
              if type(o).__name__ == "OfferOrder" and o.target == partner
              and o.obj not in ("pearl", "mirror")]
    assert offers
    assert table.write(active, loaded.game.format_order(offers[0]) + "\n").status == "accepted"
    [refusal] = by_standing(table)
    assert str(refusal["prompt_key"]).endswith(".answer") and refusal["text"] == "refuse"
    assert [t for t, _, _ in rows(table) if t == "trade-refused"]
    assert not [k for s, k in asked(table) if s == partner and k.endswith(".answer")]


def test_secret_masters_votes_for_the_seats_own_faction_by_mail(tmp_path: Path) -> None:
    """`standing vote: mine` backs the card holding an agent of the seat's faction; it is
    applied when the vote opens, sealed like any vote, and `help standing` offers it."""
    from engine.secret_masters.standing import back_mine
    from service.game.history import history

    table = open_table(tmp_path, game="secret-masters", game_id="5ad1b0a7")
    helped = table.write("anna", "help standing\n")
    assert "mine" in (helped.notes[0] if helped.notes else text_of(table.answers[-1]))
    for seat in ("anna", "bruno", "carla"):
        result = table.write(seat, "standing vote: mine\n")
        assert "vote: mine" in result.notes[0]
    [(active, _)] = asked(table)
    play_first_legal(table, active)
    [(second, _)] = asked(table)
    before = load_game(table.store, table.game_id).seq
    play_first_legal(table, second)
    placed = min(row.seq for row in table.store.events(table.game_id, after_seq=before)
                 if row.actor == "standing") - 1
    voting = load_game(table.store, table.game_id, upto=placed).state
    votes = by_standing(table)
    assert len(votes) == 3 and not [k for _, k in asked(table) if k.endswith(".vote")]
    game = load_game(table.store, table.game_id).game
    for seat in ("anna", "bruno", "carla"):
        index = voting.seats.index(seat)
        expected = game.format_order(back_mine(voting, index, game.legal_orders(voting, seat)))
        assert {str(v["text"]) for v in votes if v["seat"] == seat} == {expected}
    public = {line.actor for line in history(table.store, table.game_id, None)}
    assert "standing" not in public  # the standing answers stay private


def test_secret_masters_places_the_seats_own_faction_by_standing_answer(tmp_path: Path) -> None:
    """`standing place: mine` puts one of the seat's own agents on the card worth most when its
    placement opens (actor `standing`); where its colour cannot go, it is asked and told why."""
    table = open_table(tmp_path, game="secret-masters", game_id="5ad1b0a7")
    helped = table.write("anna", "help standing\n")
    assert "place" in (helped.notes[0] if helped.notes else text_of(table.answers[-1]))
    for seat in ("anna", "bruno", "carla"):
        assert "place: mine" in table.write(seat, "standing place mine\n").notes[0]
    placed = [p for p in by_standing(table) if str(p["prompt_key"]).endswith((".place", ".second"))]
    assert placed  # the open placement was answered at once
    state = load_game(table.store, table.game_id).state
    for payload in placed:
        colour = str(payload["text"]).split()[1]
        assert colour == state.factions[state.seats.index(str(payload["seat"]))].value


def _secret_masters_vote(tmp_path: Path, vote: str, game_id: str = "5ad1b0ab") -> Table:
    """Play a Secret Masters table where every seat set `standing place mine` and anna
    `standing vote VOTE` up to the vote, bruno voting by hand and carla not yet."""
    table = open_table(tmp_path, game="secret-masters", game_id=game_id)
    assert table.write("anna", f"standing vote {vote}\n").notes
    for seat in ("anna", "bruno", "carla"):
        assert table.write(seat, "standing place mine\n").notes
    for _ in range(2):  # a placement its colour could not fill
        if any(key.endswith((".place", ".second")) for _, key in asked(table)):
            play_first_legal(table, asked(table)[0][0])
    loaded = load_game(table.store, table.game_id)
    assert {p.seat for p in loaded.game.prompts(loaded.state)
            if p.key.endswith(".vote") and not p.submitted} == {"bruno", "carla"}
    play_first_legal(table, "bruno")
    return table


def test_a_standing_vote_reads_the_same_to_the_others_whatever_it_gives(tmp_path: Path) -> None:
    """Until the count, the others' history, view and mails are the same whether anna's
    standing vote backs her own faction's card or votes neither: the vote stays sealed."""
    from service.game.history import history

    read, given = [], []
    for vote in ("mine", "neither"):
        table = _secret_masters_vote(tmp_path / vote, vote)
        loaded = load_game(table.store, table.game_id)
        given.append([str(p["text"]) for p in by_standing(table) if p["seat"] == "anna"
                      and str(p["prompt_key"]).endswith(".vote")])
        read.append({other: ([(line.seq, line.actor, line.text) for line in
                              history(table.store, table.game_id, other)],
                             loaded.game.view(loaded.state, other),
                             [(row.kind, row.seq) for row in
                              table.store.outbox_for_game(table.game_id)
                              if row.recipient == other])
                     for other in ("bruno", "carla")})
    assert given[0] != given[1] and all(len(votes) == 1 for votes in given)
    assert read[0] == read[1]


def test_castle_of_the_devil_answers_an_offer_as_the_house_player_would(tmp_path: Path) -> None:
    from engine.castle_of_the_devil.house import offer_answer

    seats = [*SEATS, NewSeat("dieter", "dieter@example.org", "Dieter")]
    table = open_table(tmp_path, game="castle-of-the-devil", seats=seats, game_id="5ad1b0a9")
    [(active, _)] = asked(table)
    partner = next(s.name for s in seats if s.name != active)
    assert "offers: better" in table.write(partner, "standing offers: better\n").notes[0]
    loaded = load_game(table.store, table.game_id)
    offers = [o for o in loaded.game.legal_orders(loaded.state, active)
              if type(o).__name__ == "OfferOrder" and o.target == partner]
    assert table.write(active, loaded.game.format_order(offers[0]) + "\n").status == "accepted"
    [answered] = by_standing(table)
    assert str(answered["prompt_key"]).endswith(".answer")
    at = min(row.seq for row in table.store.events(table.game_id, after_seq=0)
             if row.actor == "standing")
    offered = load_game(table.store, table.game_id, upto=at - 1).state
    assert offered.trade is not None  # the state the standing answer read
    expected = offer_answer(offered, offered.index(partner))
    assert answered["text"] == loaded.game.format_order(expected)
    assert not [k for s, k in asked(table) if s == partner and k.endswith(".answer")]


def test_castle_of_the_devil_plays_a_duel_on_the_recommended_standing_answers(
        tmp_path: Path) -> None:
    """With the set `help standing` recommends, a challenge is answered to its end by the
    seats' standing answers (sides, the duellists' plays, the Doctor, the winner's look and
    take): nobody is asked but a seat that could stop it with the Priest, and the next turn."""
    from engine.castle_of_the_devil.rules import can_use
    from engine.castle_of_the_devil.standing import ADVICE

    seats = [*SEATS, NewSeat("dieter", "dieter@example.org", "Dieter")]
    names = [seat.name for seat in seats]
    table = open_table(tmp_path, game="castle-of-the-devil", seats=seats, game_id="5ad1b0aa")
    helped = table.write("anna", "help standing\n")
    assert ADVICE in (helped.notes[0] if helped.notes else text_of(table.answers[-1]))
    recommended = ADVICE.split("`")[1]
    for seat in names:
        result = table.write(seat, recommended + "\n")
        assert "sides: friend" in result.notes[0] and "plays: to win" in result.notes[0]
    [(active, _)] = asked(table)
    target = next(name for name in names if name != active)
    assert table.write(active, f"duel {target}\n").status == "accepted"
    state = load_game(table.store, table.game_id).state
    priest = [name for name in names if name != active
              and can_use(state, state.index(name), "priest")]
    sides = [p for p in by_standing(table) if str(p["prompt_key"]).endswith(".sides")]
    assert len(sides) == len(names) - 1 - len(priest)
    now = asked(table)
    if priest:
        assert now == [(priest[0], now[0][1])] and now[0][1].endswith(".sides")
    else:
        assert now and all(key.endswith(".turn") for _, key in now)
        kinds = {str(p["prompt_key"]).split(".")[-1] for p in by_standing(table)}
        assert {"sides", "play", "doctor"} <= kinds
