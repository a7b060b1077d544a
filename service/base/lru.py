"""Small bounded caches, in process, of what pages compute from a game at one point of its log.

Everything cached here is keyed by the game and the seq of its log's last event (and, for
anything a seat sees, by the seat: None is the spectator), so a new event makes a new key and an
old entry can never be served for a newer state or to another seat. Entries are dropped, oldest
use first, beyond a fixed number; losing one only costs recomputing it.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """A thread-safe mapping that keeps the `size` most recently used entries."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """Return the entry for `key` (marking it used), or None."""
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: K, value: V) -> None:
        """Keep `value` under `key`, dropping the least recently used entries beyond the size."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """Return the entry for `key`, made by `make()` (outside the lock) when missing."""
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
