"""Rate limits by fixed windows: in this process, or in Redis so they hold across workers."""
from __future__ import annotations

import threading
import time
from typing import Any, Protocol


class Limiter(Protocol):
    """Counts hits per key and window."""

    def hit(self, key: str, limit: int, window: int) -> bool:
        """Count one hit; return False when `key` is over `limit` in this window."""

    def peek(self, key: str, window: int) -> int:
        """Return how many hits `key` has in this window, without counting one."""

    def reset(self) -> None:
        """Forget every count (tests)."""


class MemoryLimiter:
    """Fixed-window counters in this process (one node, one worker process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, int], int] = {}

    def hit(self, key: str, limit: int, window: int) -> bool:
        """Count one hit; return False when `key` is over `limit` in this window."""
        slot = int(time.time() // window)
        with self._lock:
            if len(self._counts) > 50_000:
                self._counts = {k: v for k, v in self._counts.items() if k[1] >= slot - 1}
            count = self._counts.get((key, slot), 0) + 1
            self._counts[(key, slot)] = count
        return count <= limit

    def peek(self, key: str, window: int) -> int:
        """Return how many hits `key` has in this window."""
        with self._lock:
            return self._counts.get((key, int(time.time() // window)), 0)

    def reset(self) -> None:
        """Forget every count."""
        with self._lock:
            self._counts.clear()


class RedisLimiter:
    """Fixed-window counters in Redis, shared by every web process."""

    def __init__(self, url: str) -> None:
        import redis

        self._redis: Any = redis.Redis.from_url(url, socket_timeout=2,
                                                socket_connect_timeout=2)
        self._fallback = MemoryLimiter()

    def hit(self, key: str, limit: int, window: int) -> bool:
        """Count one hit; return False when over; counts locally while Redis is away."""
        import redis

        name = f"pbem:rate:{key}:{int(time.time() // window)}"
        try:
            pipe = self._redis.pipeline()
            pipe.incr(name)
            pipe.expire(name, window + 1)
            count = int(pipe.execute()[0])
        except redis.RedisError:
            return self._fallback.hit(key, limit, window)
        return count <= limit

    def peek(self, key: str, window: int) -> int:
        """Return how many hits `key` has in this window (local counts while Redis is away)."""
        import redis

        try:
            value = self._redis.get(f"pbem:rate:{key}:{int(time.time() // window)}")
        except redis.RedisError:
            return self._fallback.peek(key, window)
        return int(value or 0)

    def reset(self) -> None:
        """Forget every count of this service."""
        import redis

        try:
            for name in self._redis.scan_iter("pbem:rate:*"):
                self._redis.delete(name)
        except redis.RedisError:
            pass
        self._fallback.reset()


def limiter_for(broker_url: str) -> Limiter:
    """Return a Redis limiter when the queue is on Redis, else one in this process."""
    if broker_url.startswith(("redis://", "rediss://")):
        return RedisLimiter(broker_url)
    return MemoryLimiter()
