"""No secret reaches a log: canaries planted in press, in sealed orders and in the seats'
tokens are looked for in every log line the service wrote meanwhile, at DEBUG: this process's
(the mail listener and the store, logging as the service configures it) and the worker
process's own log."""
from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator
from email.message import EmailMessage

import pytest

from service.base.logs import QUIET
from service.game.loading import load_game

from .conftest import Pipeline, wait_for
from .mailplay import latest_email, reply_to, send, wait_settled
from .test_mail_paths import EMAIL, _reach_vote, started


@pytest.fixture
def service_logs(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """This process logging as the service configures it, at DEBUG, into a buffer."""
    from service.base.logs import configure_logging

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    quiet = {name: logging.getLogger(name).level for name in QUIET}
    monkeypatch.setenv("PBEM_LOG_LEVEL", "DEBUG")
    buffer = io.StringIO()
    configure_logging(buffer)
    try:
        yield buffer
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in handlers:
            root.addHandler(handler)
        root.setLevel(level)
        for name, was in quiet.items():
            logging.getLogger(name).setLevel(was)


def test_press_sealed_orders_and_tokens_never_reach_a_log(
        pipeline: Pipeline, service_logs: io.StringIO) -> None:
    game_id = started(pipeline).meta.id
    voter = _reach_vote(pipeline, game_id)
    wait_settled(pipeline, game_id)
    loaded = load_game(pipeline.store, game_id)
    vote = loaded.game.format_order(loaded.game.legal_orders(loaded.state, voter)[-1])
    original = latest_email(pipeline, EMAIL[voter], game_id)
    reply_address = str(original["Reply-To"])
    body = original.get_body(("plain",))
    assert body is not None
    links = re.findall(r"https?://\S+/play/\S+", body.get_content())
    press_canary = "Canary-Press-7f3a9 meet me at the old mill"
    send(pipeline, reply_to(original, EMAIL[voter], f"{vote}\n\npress to all: {press_canary}"))
    wait_for(lambda: _decided(pipeline, game_id, voter), 90, what="the sealed vote decided")
    wait_settled(pipeline, game_id)
    refused = EmailMessage()
    domain = reply_address.split("@")[1]
    refused["From"], refused["To"] = "mallory@elsewhere.test", f"games@{domain}"
    refused["Subject"], refused["Message-ID"] = "hi", "<canary-public@elsewhere.test>"
    refused.set_content("join ffffffff as Canary-Name-91c2\n")
    send(pipeline, refused)
    wait_settled(pipeline, game_id)

    signature = reply_address.split("@")[0].rsplit(".", 1)[1]
    canaries = {"press": "Canary-Press-7f3a9", "sealed vote": vote,
                "reply signature": signature,
                **{f"link {n}": link.rstrip("/").rsplit("/", 1)[1]
                   for n, link in enumerate(links)}}
    here = service_logs.getvalue()
    logs = here + pipeline.worker.log.read_text(errors="replace")
    assert "stored message as submission" in here  # this process's log was written and read
    assert "process_submission" in logs  # the worker's log was written and read
    for name, canary in canaries.items():
        assert canary and canary not in logs, f"the {name} reached a log"


def _decided(pipeline: Pipeline, game_id: str, seat: str) -> bool:
    """Return whether the seat's sealed vote is in (its prompt reads as submitted)."""
    loaded = load_game(pipeline.store, game_id)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    return prompt is None or prompt.submitted
