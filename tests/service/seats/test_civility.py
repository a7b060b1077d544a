"""Civil play: a player mutes another's press (in one game or in every game), blocks them from
the tables they host, and reports a message (as read, signed) or a player to the game master
and the operator; the operator suspends an address from open tables. The muted, blocked or
reported player is told nothing, and none of it enters a game's log."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from service.base.config import Config, load_config
from service.game.loading import load_game
from service.mail.compose import compose_outbox
from service.opentables.joining import ask_to_join, confirm_join
from service.opentables.lifecycle import open_game
from service.orders.creation import NewSeat, create_game
from service.orders.results import ServiceError
from service.seats import civility
from service.seats.press import PressRequest, send_press
from service.store.moderation import REPORT, Moderation
from service.store.store import Store
from tests.stores import open_store

SEATS = [NewSeat(name, f"{name}@example.org", name.title()) for name in ("anna", "bruno",
                                                                         "carla")]


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "civility-key")
    monkeypatch.setenv("PBEM_OPERATOR_EMAIL", "operator@example.org")
    for name in ("PBEM_SMTP_URL", "PBEM_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return load_config()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    value = open_store("sqlite", tmp_path)
    yield value
    value.dispose()


def game(store: Store, game_id: str, **settings: object) -> str:
    return create_game(store, "secret-masters", SEATS, seed_hex="51" * 32, game_id=game_id,
                       **settings).meta.id  # type: ignore[arg-type]


def press_mails(store: Store, config: Config, game_id: str, seq: int) -> dict[str, bool]:
    """Return, by reader, whether the press message at `seq` is mailed to them."""
    return {row.recipient: compose_outbox(store, config, row) is not None
            for row in store.outbox_for_game(game_id) if row.seq == seq and row.kind == "press"}


def say(store: Store, game_id: str, sender: str, text: str, anonymous: bool = False) -> int:
    send_press(store, game_id, sender, PressRequest(None, text, anonymous),
               causation=f"test:{sender}:{text}")
    return load_game(store, game_id).seq


def test_a_muted_players_press_is_not_mailed_here_or_everywhere(store: Store,
                                                                config: Config) -> None:
    first, second = game(store, "0d0e0f01", press="grey"), game(store, "0d0e0f02")
    log_before = store.last_seq(first)
    said = civility.mute(store, first, "bruno", "carla")
    assert "no longer get Carla's press in this game" in said
    assert store.last_seq(first) == log_before  # nothing in the game's log
    seq = say(store, first, "carla", "Nobody trusts bruno.")
    assert press_mails(store, config, first, seq) == {"anna": True, "bruno": False}
    seq = say(store, first, "carla", "(unsigned) bruno lies", anonymous=True)
    assert press_mails(store, config, first, seq) == {"anna": True, "bruno": False}
    seq = say(store, second, "carla", "hello")
    assert press_mails(store, config, second, seq)["bruno"]  # muted in the first game only
    civility.mute(store, first, "bruno", "carla", everywhere=True)
    assert press_mails(store, config, second, seq)["bruno"] is False
    assert civility.mutes_of(store, load_game(store, second).meta, "bruno") == {
        "carla": "everywhere"}
    civility.mute(store, first, "bruno", "carla", on=False)
    civility.mute(store, first, "bruno", "carla", everywhere=True, on=False)
    assert press_mails(store, config, second, seq)["bruno"]
    with pytest.raises(ServiceError):
        civility.mute(store, first, "bruno", "bruno")


def test_a_blocked_player_cannot_join_the_tables_the_blocker_hosts(store: Store,
                                                                   config: Config) -> None:
    running = game(store, "0d0e0f03")
    civility.block(store, running, "anna", "bruno")
    hosted = open_game(store, "secret-masters", [], 3, seed_hex="52" * 32,
                       master_email="Anna@example.org").meta.id
    other = open_game(store, "secret-masters", [], 3, seed_hex="53" * 32,
                      master_email="dora@example.org").meta.id
    key = config.secret_key()
    asked = ask_to_join(store, key, hosted, "Bruno", "bruno@example.org")  # answered as any
    with pytest.raises(ServiceError) as refused:
        confirm_join(store, key, asked.token)
    assert refused.value.code == "not-welcome" and "block" not in refused.value.message
    joined = confirm_join(store, key, ask_to_join(store, key, other, "Bruno",
                                                  "bruno@example.org").token)
    assert joined.game_id == other
    civility.block(store, running, "anna", "bruno", on=False)
    again = confirm_join(store, key, ask_to_join(store, key, hosted, "Bruno",
                                                 "bruno@example.org").token)
    assert again.game_id == hosted


def test_a_report_holds_the_message_as_read_signed_and_reaches_master_and_operator(
        store: Store, config: Config) -> None:
    game_id = game(store, "0d0e0f04", press="grey", master_email="gm@example.org")
    seq = say(store, game_id, "carla", "You will regret this, bruno.", anonymous=True)
    before = store.last_seq(game_id)
    row_id = civility.report(store, config.secret_key(), game_id, "bruno", "A threat.",
                             seq=seq)
    assert store.last_seq(game_id) == before
    kept = Moderation(store).get(row_id)
    assert kept is not None and kept.kind == REPORT
    assert kept.data["message"]["text"] == "You will regret this, bruno."
    assert kept.data["message"]["heading"].startswith("anonymous")  # as bruno read it
    assert kept.data["reported_seat"] == "carla" and kept.target == "carla@example.org"
    assert civility.report_genuine(config.secret_key(), kept)
    forged = replace(kept, data={**kept.data, "reason": "nothing"})
    assert not civility.report_genuine(config.secret_key(), forged)
    mails = {str(m["To"]): m for m in (compose_outbox(store, config, row)
                                       for row in store.outbox_for_game(game_id)
                                       if "report" in row.kind) if m is not None}
    assert set(mails) == {"gm@example.org", "operator@example.org"}
    for message in mails.values():
        body = message.get_body(("plain",))
        assert body is not None
        text = str(body.get_content())
        assert "You will regret this" in text and "signed by the service, unchanged" in text
    reported = [row for row in store.outbox_for_game(game_id) if row.recipient == "carla"
                and row.seq > seq]
    assert not reported  # the reported player is told nothing
    with pytest.raises(ServiceError):
        civility.report(store, config.secret_key(), game_id, "carla", "mine", seq=seq)
    player = civility.report(store, config.secret_key(), game_id, "anna", "Rude all game.",
                             about="carla")
    assert Moderation(store).get(player) is not None


def test_a_suspended_address_cannot_join_open_tables_until_lifted(store: Store,
                                                                  config: Config) -> None:
    key = config.secret_key()
    table = open_game(store, "secret-masters", [], 3, seed_hex="54" * 32).meta.id
    row = civility.suspend(store, "Dora@example.org", "Spam in every game.")
    with pytest.raises(ServiceError) as refused:
        confirm_join(store, key, ask_to_join(store, key, table, "Dora",
                                             "dora@example.org").token)
    assert refused.value.code == "suspended"
    with pytest.raises(ServiceError):
        civility.suspend(store, "dora@example.org", "again")
    civility.lift_suspension(store, row)
    joined = confirm_join(store, key, ask_to_join(store, key, table, "Dora",
                                                  "dora@example.org").token)
    assert joined.game_id == table


def test_a_suspended_address_cannot_sign_up_for_a_tournament_until_lifted(
        store: Store, config: Config) -> None:
    from service.tournaments.running import enter, new_tournament
    from service.tournaments.signup import ask_to_enter

    held = new_tournament(store, "masons", format="swiss", rounds=1, seats_per_game=3,
                          entrants=3, tournament_id="70a1e0d1")
    row = civility.suspend(store, "Dora@example.org", "Spam in every game.")
    for sign_up in (lambda: ask_to_enter(store, config.secret_key(), held.id, "Dora",
                                         "dora@example.org"),
                    lambda: enter(store, held.id, "Dora", "DORA@example.org")):
        with pytest.raises(ServiceError) as refused:
            sign_up()
        assert refused.value.code == "suspended"
        assert "suspended from open tables and tournaments" in refused.value.message
    civility.lift_suspension(store, row)
    assert enter(store, held.id, "Dora", "dora@example.org").number == 1


def test_a_mute_hides_the_press_from_the_muting_seats_history_and_turn_news(
        tmp_path: Path) -> None:
    from service.game.history import history
    from service.pdf.seat_pdf import recent_lines
    from service.seats.seatcommands import history_text
    from tests.service.tablemail import first_order, open_table, text_of

    table = open_table(tmp_path, game_id="0d0e0f05", press="grey")
    store = table.store
    civility.mute(store, table.game_id, "bruno", "carla")
    table.write("carla", "press to all: CARLA-SAYS-bruno-is-lying\n")
    table.write("carla", "anonymous press to all: UNSIGNED-bruno-cheats\n")
    said = ("CARLA-SAYS-bruno-is-lying", "UNSIGNED-bruno-cheats")
    seat, order = first_order(table)
    table.write(seat, order + "\n")
    turn = {name: "\n".join(text_of(m) for m in table.mails(name, "turn"))
            + ("\n".join(text_of(m) for m in table.answers) if name == seat else "")
            for name in ("anna", "bruno")}
    assert all(words in turn["anna"] for words in said), turn["anna"]
    assert "Press from" in turn["anna"]
    assert turn["bruno"] and not any(words in turn["bruno"] for words in said)
    meta = load_game(store, table.game_id).meta
    mine = history(store, table.game_id, "bruno",
                   muted=civility.muted_senders(store, meta, "bruno"))
    assert mine and not any(words in line.text for line in mine for words in said)
    assert not any(words in history_text(store, table.game_id, "bruno", ["200"])
                   for words in said)
    loaded = load_game(store, table.game_id)
    snapshot = recent_lines(store, loaded, "bruno", civility.muted_senders(store, meta, "bruno"))
    assert snapshot and not any(words in line for line in snapshot for words in said)
    assert any(said[0] in line for line in recent_lines(store, loaded, "anna"))
    assert all(words in history_text(store, table.game_id, "anna", ["200"]) for words in said)
    logged = "\n".join(str(event.payload) for event in store.events(table.game_id))
    assert all(words in logged for words in said)  # the log keeps every message
    civility.mute(store, table.game_id, "bruno", "carla", on=False)
    assert all(words in history_text(store, table.game_id, "bruno", ["200"]) for words in said)
