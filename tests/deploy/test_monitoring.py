"""deploy/prometheus/pbem-rules.yml passes `promtool check rules` and alerts only on metrics
the service exports (or the node exporter's disk); deploy/nginx/pbem.conf passes `nginx -t`
with TLS and rate limits at the join, sign-in and order doors. Under CI=true a missing tool is
a failure (scripts/setup installs prometheus and nginx)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "deploy" / "prometheus" / "pbem-rules.yml"
SITE = ROOT / "deploy" / "nginx" / "pbem.conf"


def require(tool: str) -> str:
    """Return the tool's path; skip (or, under CI, fail) without it."""
    path = shutil.which(tool) or (f"/usr/sbin/{tool}" if Path(f"/usr/sbin/{tool}").exists()
                                  else None)
    if path is None:
        problem = f"{tool} is not installed (./scripts/setup installs it)"
        if os.environ.get("CI") == "true":
            pytest.fail(problem + " (CI=true: the deploy kit must be checked)")
        pytest.skip(problem)
    return path


def test_promtool_accepts_the_rules() -> None:
    done = subprocess.run([require("promtool"), "check", "rules", str(RULES)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS" in done.stdout


def test_the_rules_alert_on_what_the_service_exports() -> None:
    from prometheus_client import REGISTRY

    import service.base.metrics  # noqa: F401 - registers the service's metrics

    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count")}
    exported = {metric.name + suffix for metric in REGISTRY.collect()
                for suffix in suffixes.get(metric.type, ("",))}
    exported |= {"pbem_queue_depth", "pbem_sweep_lag_seconds"}  # collected on a scrape
    text = RULES.read_text()
    used = set(re.findall(r"\bpbem_[a-z_]+", text)) - {"pbem_"}
    assert used and sorted(used - exported) == []
    alerts = set(re.findall(r"alert: (\w+)", text))
    assert {"PbemBeatSilent", "PbemWorkersSilent", "PbemQueueBacklog", "PbemDeliveriesFailing",
            "PbemBouncesRising", "PbemStoreDiskFilling"} <= alerts


def test_nginx_accepts_the_site_with_tls_and_rate_limits(tmp_path: Path) -> None:
    nginx, openssl = require("nginx"), require("openssl")
    certificate, key = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=games.pbem-club.eu", "-keyout", str(key), "-out",
                    str(certificate)], check=True, capture_output=True, timeout=60)
    site = SITE.read_text().replace("games.example.org", "games.pbem-club.eu").replace(
        "/etc/letsencrypt/live/games.pbem-club.eu/", f"{tmp_path}/")
    (tmp_path / "pbem.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n    access_log off;\n    client_body_temp_path {tmp_path}/body;\n"
        f"    proxy_temp_path {tmp_path}/proxy;\n    include {tmp_path}/pbem.conf;\n}}\n")
    done = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"),
                           "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0 and "test is successful" in done.stderr, done.stderr
    assert "[warn]" not in done.stderr, done.stderr
    for zone in ("pbem_join", "pbem_signin", "pbem_orders"):
        assert f"limit_req zone={zone}" in site
    for path, zone in (("/games/3f9c01ab/join", "join"), ("/join/abc.def", "join"),
                       ("/admin/login", "signin"), ("/me", "signin"), ("/me/tok", "signin"),
                       ("/games/3f9c01ab/lost-link", "signin"),
                       ("/play/3f9c01ab/anna/sig/orders", "orders"),
                       ("/api/v1/games/3f9c01ab/seats/anna/orders", "orders")):
        assert door(site, path) == zone, path
    assert door(site, "/media") is None and door(site, "/play/3f9c01ab/anna/sig") is None
    # The join door is a flood guard per client, never the join limit (pbem counts that per
    # game and per address asked for): a club of ten sharing one network joins at once, each
    # opening the join page, asking, opening the mailed link and confirming.
    rate = re.search(r"zone=pbem_join:\S+ rate=(\d+)r/m;", site)
    burst = re.search(r"limit_req zone=pbem_join burst=(\d+)", site)
    assert rate and burst and int(rate[1]) + int(burst[1]) >= 10 * 4


def door(site: str, path: str) -> str | None:
    """Return which rate-limited location of the site takes `path` (None: the plain one)."""
    for pattern, zone in re.findall(r"location ~ (\S+) \{\s*limit_req zone=pbem_(\w+)", site):
        if re.match(pattern, path):
            return str(zone)
    return None
