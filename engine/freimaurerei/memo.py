"""A small cache for pure functions of a state, which the service and harness ask repeatedly.

Entries are keyed by the state's identity and checked through a weak reference, so a new state
that happens to reuse a dead one's id is never served an old answer.
"""
from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

R = TypeVar("R")
SIZE = 16


def per_state(func: Callable[..., R]) -> Callable[..., R]:
    """Return `func(state, *args)` remembering its last few answers per state object."""
    cache: OrderedDict[tuple[Any, ...], tuple[weakref.ref[Any], R]] = OrderedDict()

    @wraps(func)
    def cached(state: Any, *args: Any) -> R:
        key = (id(state), *args)
        hit = cache.get(key)
        if hit is not None and hit[0]() is state:
            return hit[1]
        value = func(state, *args)
        cache[key] = (weakref.ref(state), value)
        if len(cache) > SIZE:
            cache.popitem(last=False)
        return value

    return cached
