"""A head as the service signed it, and the bytes it signs (the keys: `signing.py`)."""
from __future__ import annotations

from dataclasses import dataclass


def head_message(game_id: str, seq: int, witnessed: str) -> bytes:
    """Return the bytes signed for a head: the game, the seq and the witnessed hash there."""
    return f"pbem signed head\x1f{game_id}\x1f{seq}\x1f{witnessed.lower()}".encode()


@dataclass(frozen=True)
class SignedHead:
    """A head as the service signed it: seq, witnessed hash, the key's id and the signature."""

    seq: int
    hash: str
    key: str
    signature: str

    def as_json(self) -> dict[str, object]:
        """Return the head as an archive line holds it."""
        return {"seq": self.seq, "hash": self.hash, "key": self.key,
                "signature": self.signature}

    @property
    def text(self) -> str:
        """Return the head as one line players keep: SEQ:HASH KEYID SIGNATURE."""
        return f"{self.seq}:{self.hash} {self.key} {self.signature}"
