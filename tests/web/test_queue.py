"""The web's orders through the real queue: Redis, a Celery worker, and mail out by SMTP."""
from __future__ import annotations

import re
from pathlib import Path

from service.game.loading import load_game
from service.web.app import create_app
from service.web.links import seat_signature
from tests.integration.conftest import (  # noqa: F401 - fixtures used by name
    Pipeline,
    outbox_server,
    pipeline,
    wait_for,
)


def test_a_web_order_is_queued_decided_by_the_worker_and_mailed(pipeline: Pipeline,  # noqa: F811
                                                                tmp_path: Path) -> None:
    from service.orders.creation import NewSeat, create_game
    from workers.app import app as celery

    # Earlier tests in this process may have opened the queue on another broker.
    celery._pool = None
    celery.amqp._producer_pool = None
    app = create_app({"TESTING": True})
    assert app.config["INLINE_PROCESSING"] is False
    store = pipeline.store
    seats = [NewSeat(n, f"{n}@players.test") for n in ("anna", "bruno", "carla")]
    loaded = create_game(store, "secret-masters", seats)
    seat = loaded.game.prompts(loaded.state)[0].seat
    with app.test_request_context():
        path = f"/play/{loaded.meta.id}/{seat}/{seat_signature(loaded.meta, seat)}"
    client = app.test_client()
    page = client.get(path).get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    sent = client.post(path + "/orders", data={"csrf_token": token, "mode": "text",
                                               "text": order, "nonce": "queue-test-1"})
    result_page = sent.headers["Location"]
    first = client.get(result_page).get_data(as_text=True)
    assert "Order received" in first or "Accepted:" in first
    wait_for(lambda: "Accepted:" in client.get(result_page).get_data(as_text=True), 60,
             "the worker to decide the web order")
    assert load_game(store, loaded.meta.id).seq > loaded.seq
    wait_for(lambda: pipeline.mail_out.messages(), 60, "the emails the order caused")
    log = (tmp_path / "worker.log").read_text(errors="replace")
    assert "pbem.process_submission" in log
