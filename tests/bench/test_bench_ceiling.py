"""The ceiling benchmark runs a whole deployment at a tiny size and prints every figure it
promises, each a number (never checked against a speed), and leaves nothing behind."""
from __future__ import annotations

from typing import Any

import pytest

from tests.bench.test_bench_quick import run_quick
from tests.stores import PG_URL, require_postgres

KEYS = ("busy_cores", "orders_per_s", "mails_per_s", "burst_orders_per_s", "burst_mails_per_s", "cpu_ms_per_decided_order", "cpu_ms_per_mailed_order",
        "decide_p50_ms", "decide_p95_ms", "mail_p50_ms", "mail_p95_ms", "burst_drain_s",
        "decide_only_cpu_ms", "cpu_ms_per_decided_and_mailed_order", "cpu_ratio_to_bare")


def check(figures: dict[str, Any], roles: set[str]) -> None:
    """Insist on the keys, real figures, and every order decided and mailed."""
    for key in KEYS:
        assert isinstance(figures[key], (int, float)), (key, figures[key])
    assert figures["orders_sent"] > 0 and figures["orders_failed_to_send"] == 0
    assert figures["orders_decided"] == figures["orders_sent"]
    assert figures["orders_mailed"] + figures["orders_causing_no_mail"] == figures["orders_decided"]
    assert figures["decide_p95_ms"] >= figures["decide_p50_ms"] > 0
    assert figures["mail_p95_ms"] >= figures["mail_p50_ms"] > 0
    assert set(figures["cpu_ms_by_role"]) == roles
    assert sum(value or 0 for value in figures["cpu_ms_by_role"].values()) > 0
    for key in ("smtp_ms", "smtp_cpu_ms", "one_row_ms", "one_row_cpu_ms"):
        assert figures["baseline"][key] > 0, key
    bare = figures["bare"]
    assert bare["tasks"] == 10
    for key in ("task_ms", "task_cpu_ms", "tasks_per_s"):
        assert bare[key] > 0, key
    # the counter sees the bare task's one insert and its one commit, and the service's
    # statements and commits on the store, spread over its roles
    assert (bare["statements_per_task"], bare["commits_per_task"]) == (1.0, 1.0)
    assert figures["statements_per_order"] > figures["commits_per_order"] >= 1
    assert set(figures["sql_per_order_by_role"]) <= roles
    assert sum(part["statements"] for part in figures["sql_per_order_by_role"].values()) == \
        pytest.approx(figures["statements_per_order"], abs=0.5)
    assert figures["cpu_ratio_to_bare"] == pytest.approx(
        figures["cpu_ms_per_decided_and_mailed_order"] / bare["task_cpu_ms"], rel=0.02)


def test_the_ceiling_of_the_embedded_default() -> None:
    figures = run_quick("ceiling.py", "--embedded")
    assert figures["mode"] == "embedded"
    assert figures["embedded_orders_per_s"] == figures["orders_per_s"]
    check(figures, {"serve", "workers"})
    assert figures["broker_sql_per_order"]["statements"] > 0  # the database broker's own


@pytest.mark.postgres
def test_the_ceiling_of_the_scaled_deployment_on_postgresql_and_redis(
        private_redis: str) -> None:
    require_postgres()
    figures = run_quick("ceiling.py", "--redis", private_redis, "--postgres", PG_URL)
    assert figures["mode"] == "scaled" and figures["embedded_orders_per_s"] is None
    check(figures, {"web", "workers_orders", "workers_mail", "workers_house", "beat", "smtpd",
                    "postgres", "redis"})
    assert figures["broker_sql_per_order"] is None
