"""gunicorn with the kit's settings refuses to start on unsafe settings in one line per
reason, before any worker forks, with no traceback."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _gunicorn(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    env = {name: value for name, value in os.environ.items() if not name.startswith("PBEM_")}
    env.update(PBEM_HOME=str(tmp_path), PBEM_WEB_BIND=f"127.0.0.1:{_free_port()}",
               PBEM_WEB_WORKERS="1", PYTHONPATH=str(ROOT), **settings)
    return subprocess.run([str(GUNICORN), "-c", str(ROOT / "deploy" / "gunicorn.conf.py")],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          check=False)


def test_gunicorn_names_the_placeholder_and_exits_without_a_traceback(tmp_path: Path) -> None:
    done = _gunicorn(tmp_path, PBEM_SECRET_KEY="CHANGE-64-hex-characters",
                     PBEM_BASE_URL="games.pbem-club.eu")
    assert done.returncode == 1
    refusals = [line for line in done.stderr.splitlines() if "cannot start" in line]
    assert len(refusals) == 2, done.stderr
    assert any("PBEM_SECRET_KEY still holds the example's placeholder" in line
               for line in refusals)
    assert any("write https://games.pbem-club.eu" in line for line in refusals)
    assert "Traceback" not in done.stderr and "Booting worker" not in done.stderr


def test_without_a_base_url_links_point_where_gunicorn_listens(tmp_path: Path) -> None:
    import time
    import urllib.request

    env = {name: value for name, value in os.environ.items() if not name.startswith("PBEM_")}
    env.update(PBEM_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    pbem = [sys.executable, "-m", "service.cli.main"]
    game_id = subprocess.run(
        [*pbem, "new", "secret-masters", "--seat", "anna=anna@players.test", "--seat",
         "bruno=bruno@players.test", "--seat", "carla=carla@players.test"], env=env,
        capture_output=True, text=True, timeout=120, check=True).stdout.strip().splitlines()[-1]
    port = _free_port()
    env.update(PBEM_WEB_BIND=f"0.0.0.0:{port}", PBEM_WEB_WORKERS="1")
    server = subprocess.Popen([str(GUNICORN), "-c", str(ROOT / "deploy" / "gunicorn.conf.py")],
                              env=env, cwd=tmp_path, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except OSError as exc:  # 503 without a broker is an answer too
                if getattr(exc, "code", None):
                    break
                time.sleep(0.3)
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert (tmp_path / "base_url").read_text().strip() == f"http://127.0.0.1:{port}"
    link = subprocess.run([*pbem, "link", game_id, "anna"], env=env, capture_output=True,
                          text=True, timeout=120, check=True).stdout
    assert link.startswith(f"http://127.0.0.1:{port}/play/{game_id}/anna/"), link
