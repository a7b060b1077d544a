"""The app factory: configuration, security headers, CSRF, error pages, the CLI."""
from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from service.store.store import Store
from service.web.app import create_app
from tests.stores import ready_store

from .conftest import new_game
from .helpers import text


def test_settings_come_from_defaults_then_environment_then_overrides(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_RATE_SUBMIT", "5/10")
    monkeypatch.setenv("PBEM_ADMIN_TOKEN", "12345")
    ready_store()
    app = create_app({"RATE_GUESS": "1/60"})
    assert app.config["RATE_SUBMIT"] == "5/10"
    assert app.config["ADMIN_TOKEN"] == "12345"
    assert app.config["RATE_GUESS"] == "1/60"
    assert app.config["RATE_AUDIT"] == "10/60"
    assert app.config["SECRET_KEY"] and app.config["SECRET_KEY"] != b"12345"


def test_the_dev_inbox_exists_only_for_local_mail(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.delenv("PBEM_SMTP_URL", raising=False)
    monkeypatch.setenv("PBEM_BASE_URL", "https://games.pbem-club.eu")
    monkeypatch.setenv("PBEM_MAIL_DOMAIN", "pbem-club.eu")
    ready_store()
    assert create_app().config["DEV_INBOX"] is False
    monkeypatch.setenv("PBEM_BASE_URL", "http://127.0.0.1:5000")
    assert create_app().config["DEV_INBOX"] is True
    monkeypatch.setenv("PBEM_SMTP_URL", "smtp://relay.pbem-club.eu:587")
    assert create_app().config["DEV_INBOX"] is False


def test_every_page_carries_the_security_headers(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    assert "script-src" not in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["Cache-Control"] == "no-store"


def test_a_form_without_the_session_token_is_refused(client: FlaskClient, store: Store) -> None:
    response = client.post("/new", data={"game": "secret-masters"})
    assert response.status_code == 400
    assert "reload the page" in text(response)
    client.get("/new")
    response = client.post("/new", data={"game": "secret-masters", "csrf_token": "forged"})
    assert response.status_code == 400
    assert store.list_games() == []


def test_health_stylesheet_and_unknown_pages(client: FlaskClient, store: Store) -> None:
    new_game(store)
    assert client.get("/healthz").get_json() == {"status": "ok", "database": "ok",
                                                 "broker": "ok"}
    css = client.get("/style.css")
    assert css.mimetype == "text/css" and "max-age" in css.headers["Cache-Control"]
    missing = client.get("/no/such/page")
    assert missing.status_code == 404 and "There is nothing here" in text(missing)
    assert client.get("/games/zzzz").status_code == 404


def test_the_link_command_prints_private_links(app: Flask, runner: FlaskCliRunner,
                                               store: Store) -> None:
    loaded = new_game(store)
    result = runner.invoke(args=["link", loaded.meta.id, "anna"])
    assert result.exit_code == 0 and f"/play/{loaded.meta.id}/anna/" in result.output
    master = runner.invoke(args=["link", loaded.meta.id])
    assert f"/admin/games/{loaded.meta.id}/" in master.output
    wrong = runner.invoke(args=["link", loaded.meta.id, "zed"])
    assert wrong.exit_code != 0 and "not a seat" in wrong.output
    unknown = runner.invoke(args=["link", "0badc0de"])
    assert unknown.exit_code != 0


def test_behind_a_proxy_the_clients_address_counts(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_PROXY_HOPS", "1")
    ready_store()
    app = create_app({"TESTING": True, "RATE_GUESS": "2/600"})
    client = app.test_client()
    for address in ("203.0.113.1", "203.0.113.1", "203.0.113.2"):
        status = client.get(f"/play/0badc0de/anna/{'a' * 16}",
                            headers={"X-Forwarded-For": address}).status_code
        assert status == 404
    assert client.get(f"/play/0badc0de/anna/{'a' * 16}",
                      headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 429


def test_pbem_link_prints_a_seats_link(app: Flask, store: Store) -> None:
    from click.testing import CliRunner

    from service.cli.main import main

    loaded = new_game(store)
    result = CliRunner().invoke(main, ["link", loaded.meta.id, "bruno"])
    assert result.exit_code == 0 and f"/play/{loaded.meta.id}/bruno/" in result.output


def test_wrong_methods_and_oversized_bodies(app: Flask, client: FlaskClient,
                                            store: Store) -> None:
    loaded = new_game(store)
    wrong = client.get(f"/games/{loaded.meta.id}/audit")
    assert wrong.status_code == 405 and "not something this page does" in text(wrong)
    api = client.delete("/api/v1/games")
    assert api.status_code == 405 and api.mimetype == "application/problem+json"
    app.config["MAX_CONTENT_LENGTH"] = 1024
    big = client.post("/new", data={"title": "x" * 5000})
    assert big.status_code == 413


def test_rate_limits_hold_across_processes_in_redis() -> None:
    import os

    import redis

    from service.web.ratelimit import RedisLimiter, limiter_for

    url = os.environ.get("PBEM_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis at {url} is not reachable: {exc}")
        pytest.skip(f"Redis at {url} is not reachable")
    first, second = limiter_for(url), limiter_for(url)
    assert isinstance(first, RedisLimiter)
    first.reset()
    assert [first.hit("k", 3, 60), second.hit("k", 3, 60), first.hit("k", 3, 60)] == [True] * 3
    assert second.hit("k", 3, 60) is False
    assert first.peek("k", 60) == 4 and second.peek("other", 60) == 0
    first.reset()


def test_a_limiter_without_redis_counts_locally() -> None:
    from service.web.ratelimit import RedisLimiter

    away = RedisLimiter("redis://127.0.0.1:1/0")
    assert [away.hit("k", 1, 60), away.hit("k", 1, 60)] == [True, False]
    assert away.peek("k", 60) == 2
