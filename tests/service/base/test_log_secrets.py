"""No log line shows a credential: private links, sign-in and join tokens, invitations and
reply addresses are cut out of every record, the web server's access log included."""
from __future__ import annotations

import io
import logging

from service.base.logs import Redacting, redacted

SIG, TOKEN = "abcdefghijklmnop", "k" * 42


def test_links_tokens_and_addresses_are_cut_out() -> None:
    line = (f'127.0.0.1 - - "GET /play/3f9c01ab/anna/{SIG}/orders HTTP/1.1" 200 '
            f"/admin/games/3f9c01ab/{SIG} /me/{TOKEN} /join/{TOKEN}?x=1 "
            f"/games/3f9c01ab/join?invite=3f9c.{SIG} "
            f"play+3f9c01ab.anna.{SIG}@games.test play+3f9c01ab.anna.p12.{SIG}@games.test")
    clean = redacted(line)
    assert SIG not in clean and TOKEN not in clean
    assert "/play/3f9c01ab/anna/…/orders" in clean and "play+3f9c01ab.anna.…@games.test" in clean
    assert redacted("/games/3f9c01ab/replay secret-masters") == \
        "/games/3f9c01ab/replay secret-masters"


def test_every_record_a_handler_writes_is_redacted() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(Redacting())
    log = logging.getLogger("pbem.test.redaction")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning('"%s %s"', "GET", f"/play/3f9c01ab/anna/{SIG}")
    finally:
        log.removeHandler(handler)
    assert SIG not in out.getvalue() and "/play/3f9c01ab/anna/…" in out.getvalue()
