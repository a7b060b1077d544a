"""Mail of open tables as it reaches a newcomer: answers from the public address carry no
"write your orders above" line (no orders are read there), its help counts what it lists, and
a player's name with accents and `<`, `>` or `,` stays one name in a `To:` header (the join
link's, and a tournament sign-up's, whose link must reach the address asked for alone)."""
from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from service.base.inputs import mailbox
from service.mail.entrylink import entry_link_message
from service.mail.public import USAGE
from service.mail.quotes import REPLY_MARKER
from service.opentables.joining import JoinRequest
from service.opentables.mails import join_link_message
from service.store.store import Store
from service.tournaments.running import Tournament
from service.tournaments.signup import EntryRequest

from .test_public_address import _config, _write

NAMES = ("Zoë <boss@evil.test>, eve", "Ånna, \"the\" <first>", "Bruno > Carla", "Plain Name")


def test_answers_from_the_public_address_carry_no_orders_marker(store: Store,
                                                                 tmp_path: Path) -> None:
    config = _config(tmp_path)
    for body in ("games", "help", "vote red"):
        answer = _write(store, config, body, f"{len(body)}@players.test")
        assert REPLY_MARKER not in answer and "above this line" not in answer, body


def test_the_public_help_counts_the_commands_it_lists() -> None:
    counted = re.search(r"takes (\w+) commands", USAGE)
    assert counted is not None
    listed = [line for line in USAGE.splitlines() if line.startswith("  ")]
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    assert counted[1] == words[len(listed)]


def test_a_name_with_accents_and_brackets_is_one_mailbox(tmp_path: Path) -> None:
    config = _config(tmp_path)
    for name in NAMES:
        message = EmailMessage()
        message["To"] = mailbox(name, "dora@players.test")
        message.set_content("x")
        sent = join_link_message(config, JoinRequest("0a1b2c3d", "Masons", name,
                                                     "dora@players.test", "", "tok"))
        held = Tournament("t0a1b2c3", "masons", "Spring cup", "swiss", 3, 4, 8, False, False,
                          0, "signup")
        signup = entry_link_message(config, EntryRequest(held, name, "dora@players.test",
                                                         "tok"))
        for made in (message, sent, signup):
            read = message_from_bytes(made.as_bytes(), policy=policy.default)
            [address] = read["To"].addresses
            assert (address.display_name, address.addr_spec) == (name, "dora@players.test")
            assert not read["To"].defects, name
