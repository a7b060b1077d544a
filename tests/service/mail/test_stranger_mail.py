"""Mail to strangers: one budget, kept in the database, for every mail to an address that has
not proven it plays here (answers at the public address and to held mail, join links), and
answers only to senders the trusted relay saw pass DMARC or SPF (or any, on the embedded
default, which says so)."""
from __future__ import annotations

import threading
from email.message import EmailMessage
from pathlib import Path

from prometheus_client import REGISTRY

from service.base.config import Config, load_config
from service.base.tokens import reply_address
from service.mail.compose import compose_reply
from service.mail.entrylink import mail_entry_link
from service.mail.inbound import receive_email
from service.mail.joinlink import mail_join_link
from service.mail.strangers import EMBEDDED_NOTE, excerpt, passed_trusted_check
from service.opentables.joining import ask_to_join
from service.opentables.lifecycle import open_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.store.budget import BudgetKey, MailBudget
from service.store.links import MailLinks
from service.store.store import Store
from service.tournaments.running import new_tournament
from service.tournaments.signup import ask_to_enter

DOMAIN = "games.example.org"
PUBLIC = f"games@{DOMAIN}"
TRUSTED = "mx.games.example.org"


def _config(tmp_path: Path, **more: str) -> Config:
    return load_config({"PBEM_HOME": str(tmp_path / "home"), "PBEM_SECRET_KEY": "strangers",
                        "PBEM_MAIL_DOMAIN": DOMAIN, "PBEM_BASE_URL": "https://g.example.org",
                        **more})


def _mail(store: Store, config: Config, body: str, sender: str, *, to: str = PUBLIC,
          results: str = "", number: int = 0) -> EmailMessage | None:
    """Mail `body` from `sender` (with an Authentication-Results header when given); return
    the answer the service would send, or None when it sends none."""
    message = EmailMessage()
    if results:
        message["Authentication-Results"] = results
    message["From"], message["To"] = sender, to
    message["Subject"] = "Buy pills http://spam.example"
    message["Message-ID"] = f"<{number}.{abs(hash(body + sender + results))}@players.test>"
    message.set_content(body + "\n")
    sub, _ = receive_email(store, bytes(message), envelope_from=sender, envelope_to=[to])[0]
    process_submission(store, sub.id, config=config)
    kept = store.get_submission(sub.id)
    assert kept is not None
    return compose_reply(store, config, kept)


def _counted(kind: str, result: str) -> float:
    return REGISTRY.get_sample_value("pbem_stranger_mail_total",
                                     {"kind": kind, "result": result}) or 0.0


def test_an_address_gets_three_answers_an_hour_then_silence(store: Store,
                                                            tmp_path: Path) -> None:
    config = _config(tmp_path)
    over = _counted("answer", "address")
    answers = [_mail(store, config, "help", "dora@players.test", number=n) for n in range(5)]
    assert [answer is not None for answer in answers] == [True, True, True, False, False]
    assert _counted("answer", "address") == over + 2
    first = answers[0]
    assert first is not None
    assert first["Subject"] == f"Your mail to {PUBLIC}"  # never the sender's Subject
    assert "spam.example" not in first.as_string()
    assert EMBEDDED_NOTE in str(first.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    # Another address is answered still.
    assert _mail(store, config, "help", "eve@players.test") is not None


def test_the_domain_and_service_budgets_hold_across_addresses(store: Store,
                                                              tmp_path: Path) -> None:
    config = _config(tmp_path, PBEM_STRANGER_MAIL_PER_DOMAIN="2", PBEM_STRANGER_MAIL_PER_HOUR="3")
    sent = [_mail(store, config, "help", f"p{n}@one.test") is not None for n in range(3)]
    assert sent == [True, True, False]  # the domain's two
    assert _mail(store, config, "help", "q@two.test") is not None  # the service's third
    assert _mail(store, config, "help", "r@three.test") is None  # the service is full


def test_the_budget_is_counted_in_the_database_by_every_process(store: Store) -> None:
    """Two stores on one database (two processes) and eight racing threads share one count."""
    other = Store(store.url, schema=store.schema)
    keys = [BudgetKey("address", "x@race.test", 3), BudgetKey("domain", "race.test", 5),
            BudgetKey("service", "", 100)]
    outcomes: list[str] = []
    start = threading.Barrier(8)

    def take(budget: MailBudget) -> None:
        start.wait()
        outcomes.append(budget.take(keys, 1_000_000))

    threads = [threading.Thread(target=take, args=(MailBudget(s),))
               for s in [store, other] * 4]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    other.dispose()
    assert sorted(outcomes) == ["", "", "", "address", "address", "address", "address",
                                "address"]
    budget = MailBudget(store)
    assert budget.used("domain", "race.test", 1_000_000) == 3  # refused mails count nowhere
    assert budget.take(keys, 1_000_000 + 3601) == ""  # the window slides
    assert budget.forget_idle(1_000_000 + 3601 + 3600) == 3


def test_behind_a_relay_without_a_trusted_check_the_public_address_mails_nothing(
        store: Store, tmp_path: Path) -> None:
    config = _config(tmp_path, PBEM_SMTP_URL="smtp://127.0.0.1:1")
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex="31" * 32).meta.id
    unproven = _counted("answer", "unproven")
    assert _mail(store, config, f"join {game_id} as Dora", "dora@players.test") is None
    assert _mail(store, config, "games", "dora@players.test") is None
    assert _counted("answer", "unproven") == unproven + 2
    assert MailLinks(store).waiting("dora@players.test", "join") == 0  # no join was asked


def test_a_trusted_dmarc_or_spf_pass_lets_the_sender_be_answered(store: Store,
                                                                 tmp_path: Path) -> None:
    config = _config(tmp_path, PBEM_SMTP_URL="smtp://127.0.0.1:1",
                     PBEM_TRUSTED_AUTHSERV_ID=TRUSTED)
    dmarc = f"{TRUSTED}; dkim=pass header.d=players.test; dmarc=pass header.from=players.test"
    spf = f"{TRUSTED}; spf=pass smtp.mailfrom=eve@players.test; dmarc=fail header.from=x.test"
    answer = _mail(store, config, "help", "dora@players.test", results=dmarc)
    assert answer is not None and EMBEDDED_NOTE not in answer.as_string()
    assert _mail(store, config, "help", "eve@players.test", results=spf) is not None
    # Another relay's word, a failure, or a pass for another domain answer nothing.
    for results in ("mx.elsewhere.test; dmarc=pass header.from=players.test",
                    f"{TRUSTED}; dmarc=fail header.from=players.test",
                    f"{TRUSTED}; dmarc=pass header.from=elsewhere.test",
                    f"{TRUSTED}; spf=pass smtp.mailfrom=mallory@elsewhere.test",
                    "garbage ((("):
        assert _mail(store, config, "help", "fred@players.test", results=results) is None


def test_only_the_topmost_trusted_header_is_believed() -> None:
    message = EmailMessage()
    message["Authentication-Results"] = f"{TRUSTED}; dmarc=fail header.from=players.test"
    message["Authentication-Results"] = f"{TRUSTED}; dmarc=pass header.from=players.test"
    assert not passed_trusted_check(message, TRUSTED, "dora@players.test")  # the sender's own
    del message["Authentication-Results"]
    message["Authentication-Results"] = f"{TRUSTED}; dmarc=pass header.from=players.test"
    assert passed_trusted_check(message, TRUSTED, "dora@players.test")
    assert passed_trusted_check(message, TRUSTED.upper(), "Dora@Players.Test")


def test_an_answer_to_held_mail_is_mail_to_a_stranger(store: Store, tmp_path: Path) -> None:
    config = _config(tmp_path)
    seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
    loaded = create_game(store, "secret-masters", seats, seed_hex="41" * 32)
    to = reply_address(config.secret_key(), DOMAIN, loaded.meta.id, "anna", 0)
    answers = [_mail(store, config, "pass", "mallory@spam.test", to=to, number=n)
               for n in range(4)]
    assert [answer is not None for answer in answers] == [True, True, True, False]
    assert answers[0] is not None
    assert answers[0]["Subject"] == "Your message waits for its seat"
    behind = _config(tmp_path, PBEM_SMTP_URL="smtp://127.0.0.1:1")
    assert _mail(store, behind, "pass", "oscar@spam.test", to=to) is None


def test_join_links_count_against_the_same_budget(store: Store, tmp_path: Path) -> None:
    config = _config(tmp_path)
    games = [open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                       seed_hex=f"5{n}" * 32).meta.id for n in range(4)]
    sent = [mail_join_link(store, config, ask_to_join(store, config.secret_key(), game,
                                                     "Dora", "dora@players.test"))
            for game in games]
    assert [bool(where) for where in sent] == [True, True, True, False]
    assert len(list(config.mail_dir.glob("join-*.eml"))) == 3


def test_tournament_sign_up_links_share_the_budget_of_join_links(store: Store,
                                                                 tmp_path: Path) -> None:
    config = _config(tmp_path)
    game = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                     seed_hex="61" * 32).meta.id
    assert mail_join_link(store, config, ask_to_join(store, config.secret_key(), game, "Dora",
                                                     "dora@players.test"))
    cups = [new_tournament(store, "masons", format="swiss", rounds=1, seats_per_game=3,
                           entrants=3, name=f"Cup {n}").id for n in range(3)]
    sent = [mail_entry_link(store, config, ask_to_enter(store, config.secret_key(), cup,
                                                        "Dora", "dora@players.test"))
            for cup in cups]
    assert [bool(where) for where in sent] == [True, True, False]
    assert len(list(config.mail_dir.glob("tournament-*.eml"))) == 2


def test_a_strangers_text_is_quoted_short_and_escaped() -> None:
    said = excerpt("Buy\x00 pills at http://spam.example/x now, write to a@b.example " * 10)
    assert len(said) <= 160 and "<U+0000>" in said
    assert "http://" not in said and "spam.example" not in said and "@" not in said
