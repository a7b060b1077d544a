"""A submission source with more than one order to read registers its processor by entry point;
the order path never imports the mail package, and a source of single orders needs none."""
from __future__ import annotations

from service.mail.inbound import EMAIL_SOURCE, process_email
from service.orders.processing import processor_of


def test_mail_registers_the_processor_of_its_source() -> None:
    assert processor_of(EMAIL_SOURCE) is process_email


def test_a_source_of_single_orders_has_no_processor_of_its_own() -> None:
    for source in ("cli", "web", "api", "deadline"):
        assert processor_of(source) is None
