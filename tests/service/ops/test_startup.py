"""What every long-running part checks before it starts: settings that cannot work are named,
and a database at another schema is refused, never migrated behind the operator's back."""
from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from service.base.config import ConfigError, load_config
from service.ops.startup import check_settings, opened, settings_problems, start_refusal
from service.store.store import Store
from tests.stores import PG_URL, STRONG_KEY

PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def _config(tmp_path: Path, **env: str) -> object:
    return load_config({"PBEM_HOME": str(tmp_path), **env})


def test_mail_to_files_on_a_shared_database_is_refused_unless_asked_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_SECRET_KEY", STRONG_KEY)
    monkeypatch.delenv("PBEM_MAIL_TO_FILES", raising=False)
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_DATABASE_URL": PG})
    problems = settings_problems(config)
    assert len(problems) == 1 and "PBEM_SMTP_URL is not set" in problems[0]
    assert "PBEM_MAIL_TO_FILES=yes" in problems[0]
    monkeypatch.setenv("PBEM_MAIL_TO_FILES", "yes")
    assert settings_problems(config) == []
    sqlite = load_config({"PBEM_HOME": str(tmp_path)})
    monkeypatch.delenv("PBEM_MAIL_TO_FILES")
    assert settings_problems(sqlite) == []  # one machine: files are the documented default


@pytest.mark.parametrize(("env", "named"), [
    ({"PBEM_SMTP_URL": "smtp://127.0.0.1:25?starttls=maybe"}, "PBEM_SMTP_URL: starttls"),
    ({"PBEM_SMTP_URL": "smtp://127.0.0.1:25?tls=1"}, "unknown option 'tls'"),
    ({"PBEM_SMTP_URL": "mail://127.0.0.1"}, "must start with smtp://"),
    ({"PBEM_IMAP_URL": "imaps://u:p@h/?starttls=2"}, "PBEM_IMAP_URL: starttls"),
])
def test_a_mail_url_that_cannot_work_stops_the_start_with_the_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], named: str) -> None:
    monkeypatch.delenv("PBEM_SECRET_KEY", raising=False)
    config = load_config({"PBEM_HOME": str(tmp_path), **env})
    with pytest.raises(ConfigError, match=named):
        check_settings(config)


def test_an_older_schema_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    config = load_config({"PBEM_HOME": str(tmp_path)})
    tmp_path.mkdir(exist_ok=True)
    old = Store(config.database_url)
    old.upgrade("0012")
    old.dispose()
    with pytest.raises(ConfigError, match=r"revision 0012 .* run `pbem db upgrade`"):
        opened(config)
    assert Store(config.database_url).revision() == "0012"


def test_an_empty_database_is_refused_with_the_command_that_makes_it(tmp_path: Path) -> None:
    config = load_config({"PBEM_HOME": str(tmp_path / "home")})
    with pytest.raises(ConfigError, match=r"no pbem tables yet.*run `pbem db upgrade`"):
        opened(config)
    assert start_refusal(config).startswith("the database has no pbem tables yet")
    store = Store(config.database_url)
    assert store.revision() is None  # nothing created
    store.dispose()


@pytest.mark.parametrize("command", [["smtpd", "--port", "0"], ["worker"]])
def test_the_listener_and_the_worker_refuse_an_empty_database(
        tmp_path: Path, command: list[str]) -> None:
    import os
    import subprocess
    import sys

    env = {name: value for name, value in os.environ.items() if not name.startswith("PBEM_")}
    env["PBEM_HOME"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-m", "service.cli.main", *command], env=env,
                          capture_output=True, text=True, timeout=120, check=False,
                          cwd=Path(__file__).resolve().parents[3])
    assert done.returncode == 1
    assert "run `pbem db upgrade`" in done.stderr and "Traceback" not in done.stderr
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    assert store.revision() is None
    store.dispose()


def test_the_web_refuses_to_start_on_an_older_schema(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from service.web.app import create_app

    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    old = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    old.upgrade("0013")
    old.dispose()
    with pytest.raises(ConfigError, match="pbem db upgrade"):
        create_app({"TESTING": True})


class Doorway:
    """A TCP port that refuses connections until opened, then forwards them to PostgreSQL:
    a database server that is down, then back."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.server: socket.socket | None = None

    def open(self) -> None:
        self.server = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        assert self.server is not None
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", 5432))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, target):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


@pytest.fixture
def doorway() -> Iterator[Doorway]:
    door = Doorway()
    try:
        yield door
    finally:
        door.close()


@pytest.mark.postgres
def test_the_web_serves_while_the_database_is_down_and_recovers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, doorway: Doorway) -> None:
    import uuid

    from service.web import app as web_app
    from service.web.app import create_app

    schema = f"pbem_test_{uuid.uuid4().hex[:12]}"
    url = PG_URL.replace("127.0.0.1:5432", f"127.0.0.1:{doorway.port}")
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_DATABASE_URL", f"{url}?options=-csearch_path%3D{schema}")
    monkeypatch.setenv("PBEM_SECRET_KEY", STRONG_KEY)
    monkeypatch.setenv("PBEM_MAIL_TO_FILES", "yes")
    monkeypatch.setattr(web_app, "RETRY_SECONDS", 0.0)
    app: Flask = create_app({"TESTING": True})
    client = app.test_client()
    health = client.get("/healthz")
    assert health.status_code == 503 and health.get_json()["database"] != "ok"
    assert client.get("/").status_code == 503
    doorway.open()
    scratch = Store(PG_URL, schema=schema)
    scratch.create_schema()
    try:
        assert client.get("/").status_code == 200
        assert client.get("/healthz").get_json()["database"] == "ok"
    finally:
        app.extensions["pbem.store"].dispose()
        scratch.drop_schema()
        scratch.dispose()
