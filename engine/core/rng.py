"""The seeded random stream every random outcome of a game is drawn from.

The stream for one decision is keyed by HMAC-SHA256(seed, "<game id>:<seq>"), where seq is the
position in the log of the order being decided, and produces 32-byte blocks
HMAC-SHA256(key, counter). Integers are drawn by rejection sampling, so the stream depends on
nothing but the seed, the game id and the position: anyone holding the revealed seed can
re-derive every die roll and shuffle with this module alone.
"""
from __future__ import annotations

import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic random stream; every draw advances it."""

    __slots__ = ("_buffer", "_buffer_bits", "_counter", "_key", "_origin", "draws")

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._origin: tuple[bytes, str, int] | None = None
        self._counter = 0
        self._buffer = 0
        self._buffer_bits = 0
        self.draws = 0

    @classmethod
    def for_position(cls, seed: bytes, game_id: str, seq: int) -> Rng:
        """Return the stream for the decision taken at `seq` of game `game_id`.

        Its key is derived on the first draw: most decisions draw nothing, and an audit
        re-deciding every order of a long log would otherwise spend much of its time here.
        """
        rng = cls(b"")
        rng._origin = (seed, game_id, seq)
        return rng

    def _refill(self) -> None:
        if self._origin is not None:
            seed, game_id, seq = self._origin
            self._key = hmac.digest(seed, f"{game_id}:{seq}".encode(), "sha256")
            self._origin = None
        block = hmac.digest(self._key, self._counter.to_bytes(8, "big"), "sha256")
        self._counter += 1
        self._buffer = (self._buffer << 256) | int.from_bytes(block, "big")
        self._buffer_bits += 256

    def getrandbits(self, k: int) -> int:
        """Return an integer of `k` random bits."""
        while self._buffer_bits < k:
            self._refill()
        self._buffer_bits -= k
        value = self._buffer >> self._buffer_bits
        self._buffer &= (1 << self._buffer_bits) - 1
        return value

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        self.draws += 1
        bits = (n - 1).bit_length() or 1
        while True:  # getrandbits(bits), inlined: draws are the audit's inner loop
            while self._buffer_bits < bits:
                self._refill()
            self._buffer_bits -= bits
            value = self._buffer >> self._buffer_bits
            self._buffer &= (1 << self._buffer_bits) - 1
            if value < n:
                return value

    def roll(self, sides: int) -> int:
        """Return a die roll in [1, sides]."""
        return self.randbelow(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of `items`, uniformly."""
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Return a new list with the elements of `items` in a uniformly random order."""
        result = list(items)
        if type(self).randbelow is Rng.randbelow:
            self._shuffle(result)
            return result
        for i in range(len(result) - 1, 0, -1):  # a stream scripted by a subclass (tests)
            j = self.randbelow(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def _shuffle(self, result: list[T]) -> None:
        """Shuffle `result` in place, drawing randbelow(i + 1) for each i from the top down.

        The draws are randbelow's, inlined with the buffer held locally: shuffles make most of
        a game's draws, and an audit re-draws every one of them.
        """
        top = len(result) - 1
        if top < 1:
            return
        self.draws += top
        buffer, held = self._buffer, self._buffer_bits
        for i in range(top, 0, -1):
            bits = i.bit_length()
            while True:
                if held < bits:
                    self._buffer, self._buffer_bits = buffer, held
                    self._refill()
                    buffer, held = self._buffer, self._buffer_bits
                    continue
                held -= bits
                j = buffer >> held
                buffer &= (1 << held) - 1
                if j <= i:
                    break
            result[i], result[j] = result[j], result[i]
        self._buffer, self._buffer_bits = buffer, held

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """Return `k` distinct elements of `items` in random order."""
        if k > len(items):
            raise ValueError("sample larger than population")
        return self.shuffled(items)[:k]
