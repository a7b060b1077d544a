"""Notice channels on "my games": added after a test notice to a webhook receiver in this
process, listed only in their masked form, and removed."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from service.store.channels import NoticeChannels
from service.store.store import Store
from tests.service.seats.test_channels import SECRET, Receiver

from .conftest import new_game
from .helpers import post_form, text


@pytest.fixture
def receiver(monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    """A webhook receiver on a free local port, the operator allowing channels to private
    addresses (the receiver is on the loopback address)."""
    monkeypatch.setenv("PBEM_CHANNEL_PRIVATE_HOSTS", "allow")
    served = Receiver()
    yield served
    served.server.shutdown()
    served.server.server_close()


@pytest.fixture
def signed_in(client: FlaskClient) -> FlaskClient:
    """The client signed in as anna's address."""
    with client.session_transaction() as session:
        session["me"] = "anna@example.org"
    return client


def test_a_channel_is_added_shown_masked_and_removed(signed_in: FlaskClient, store: Store,
                                                     receiver: Receiver) -> None:
    new_game(store)
    assert "No channels besides mail." in text(signed_in.get("/me"))
    answer = post_form(signed_in, "/me/channels", {"url": receiver.url()}, "/me")
    page = signed_in.get(answer.headers["Location"]).get_data(as_text=True)
    assert "The test notice reached" in page and receiver.posts
    assert f"json://127.0.0.1:{receiver.server.server_port}/…" in page
    assert SECRET not in page
    receiver.failing = True
    answer = post_form(signed_in, "/me/channels", {"url": receiver.url("other")}, "/me")
    page = text(signed_in.get(answer.headers["Location"]))
    assert "did not go through, so the channel is not kept" in page
    [kept] = NoticeChannels(store).of("anna@example.org")
    answer = post_form(signed_in, f"/me/channels/{kept.id}/remove", {}, "/me")
    assert "Channel removed." in text(signed_in.get(answer.headers["Location"]))
    assert NoticeChannels(store).of("anna@example.org") == []


def test_a_channel_to_a_private_address_is_refused_on_the_page(
        signed_in: FlaskClient, store: Store, receiver: Receiver,
        monkeypatch: pytest.MonkeyPatch) -> None:
    new_game(store)
    monkeypatch.setenv("PBEM_CHANNEL_PRIVATE_HOSTS", "refuse")
    url = f"json://localhost:{receiver.server.server_port}/{SECRET}"
    answer = post_form(signed_in, "/me/channels", {"url": url}, "/me")
    page = text(signed_in.get(answer.headers["Location"]))
    assert "is not kept: its host localhost is a loopback address (127.0.0.1)" in page
    assert "only to public internet addresses" in page and SECRET not in page
    assert receiver.posts == [] and NoticeChannels(store).of("anna@example.org") == []
