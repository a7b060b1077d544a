"""The benchmarks are safe on a shared server: no forced drops, no flushes, only their own data."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import redis

from bench.scratch import Occupied, delete_keys, new_pg_store, own_redis, schema_exists
from tests.stores import PG_URL, require_postgres

BENCH = Path(__file__).resolve().parents[2] / "bench"
FORCED_DROP = re.compile(r"drop\s+database.*force", re.IGNORECASE | re.DOTALL)
FLUSH = re.compile(r"\bflush(db|all)\b", re.IGNORECASE)
FLUSH_CALLS = {"flushdb", "flushall"}


def _docstrings(tree: ast.AST) -> set[int]:
    """Return the ids of the docstring nodes of a module and its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value,
                                                                     ast.Constant):
                found.add(id(body[0].value))
    return found


def _problems(path: Path) -> list[str]:
    """Return what in a benchmark's code could destroy other people's data."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr.lower() in FLUSH_CALLS:
            found.append(f"{path.name}:{node.lineno} calls {node.func.attr}()")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            if FORCED_DROP.search(node.value):
                found.append(f"{path.name}:{node.lineno} drops a database WITH (FORCE)")
            if FLUSH.search(node.value):
                found.append(f"{path.name}:{node.lineno} sends a FLUSH command")
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values
                           if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if FORCED_DROP.search(text) or FLUSH.search(text):
                found.append(f"{path.name}:{node.lineno} builds a forced drop or a flush")
    return found


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('"""Never FLUSHDB here."""\nimport redis\n'
                   'redis.Redis().flushdb()\nr.flushall()\n'
                   'q = f\'DROP DATABASE IF EXISTS "{n}" WITH (FORCE)\'\n'
                   'r.execute_command("FLUSHALL")\n')
    assert len(_problems(bad)) == 4


def test_no_benchmark_forces_a_drop_or_flushes() -> None:
    files = sorted(BENCH.rglob("*.py"))
    assert len(files) >= 10
    problems = [problem for path in files for problem in _problems(path)]
    assert problems == []


def test_only_the_scratch_module_opens_redis_or_drops_databases() -> None:
    for path in sorted(BENCH.rglob("*.py")):
        if path.name == "scratch.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "Redis.from_url" not in text and "StrictRedis" not in text, path.name
        assert not re.search(r"drop\s+(database|schema)", text, re.IGNORECASE), path.name


def test_own_redis_refuses_a_used_database_and_removes_only_its_run(private_redis: str) -> None:
    client = redis.Redis.from_url(private_redis)
    with own_redis(private_redis) as mine:
        mine.set("bench-test:a", 1)
        mine.rpush("bench-test:queue", "x", "y")
        assert client.dbsize() == 2
    assert client.dbsize() == 0
    client.set("someone-else", 1)
    try:
        with pytest.raises(Occupied, match="not empty"), own_redis(private_redis):
            pass
        assert client.get("someone-else") == b"1"
    finally:
        assert delete_keys(client) == 1


def test_a_scratch_schema_is_new_and_removed() -> None:
    require_postgres()
    store = new_pg_store(PG_URL)
    try:
        assert schema_exists(PG_URL, store.schema)
        with pytest.raises(Occupied, match="exists already"):
            new_pg_store(PG_URL, store.schema)
    finally:
        store.drop_schema()
        store.dispose()
    assert not schema_exists(PG_URL, store.schema)
