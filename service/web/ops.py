"""Operations: /healthz (database and broker) and /metrics (Prometheus text format).

/metrics answers clients on this machine, and others that send PBEM_METRICS_TOKEN as a bearer
token; the counts it shows hold no game's secrets, but they are nobody else's business. /healthz
answers anyone whether each part is ok or failing; why it fails (an error's text can name hosts,
paths and users) is shown to the same clients as /metrics, and logged.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, request

from service.base.metrics import exposition
from service.base.signing import KEY_URL_PATH, published_keys
from service.ops import startup
from service.web.links import config, store
from service.web.security import local_client, same

bp = Blueprint("ops", __name__)


def database_problem() -> str:
    """Return why the database does not answer, or ''."""
    try:
        store().get_game("00000000")
    except Exception as exc:  # noqa: BLE001 - any failure is the report
        return f"{type(exc).__name__}: {exc}"[:300]
    return ""


def broker_problem() -> str:
    """Return why the task queue's broker does not answer, or ''."""
    return startup.broker_problem(config().broker_url)


@bp.get("/healthz")
def health() -> Any:
    """Return 200 when the database and the broker answer, else 503 naming what failed (and
    why, to this machine and holders of the metrics token)."""
    checks = {"database": database_problem(), "broker": broker_problem()}
    for name, problem in checks.items():
        if problem:
            current_app.logger.warning("health check: the %s fails: %s", name, problem)
    shown = operator()
    body: dict[str, Any] = {name: (problem if shown else "failing") if problem else "ok"
                            for name, problem in checks.items()}
    failing = any(checks.values())
    body["status"] = "failing" if failing else "ok"
    return body, 503 if failing else 200


@bp.get(KEY_URL_PATH)
def public_keys() -> Response:
    """Return the service's public signing keys, the one signing now first, then the retired
    ones (docs/signing.md): what `pbem audit --archive FILE --key URL` reads."""
    return Response(published_keys(config()), mimetype="text/plain",
                    headers={"Cache-Control": "public, max-age=300"})


def operator() -> bool:
    """Return whether the client is on this machine or sends the metrics token."""
    token = current_app.config["METRICS_TOKEN"]
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    return local_client() or bool(token and scheme.lower() == "bearer"
                                  and same(given.strip(), token))


@bp.get("/metrics")
def metrics() -> Response:
    """Return the Prometheus metrics of this node."""
    if not operator():
        abort(404)
    return Response(exposition(config()), mimetype="text/plain; version=0.0.4")
