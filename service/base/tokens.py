"""Seat tokens: signatures over (game, seat, generation, purpose) that authenticate a seat.

A seat's reply address is `play+<game>.<seat>.<signature>@<domain>`; its web link carries the
same kind of signature for the purpose "web". Each press mail carries its own address,
`play+<game>.<seat>.p<seq>.<signature>@<domain>`, signed for the purpose "press" over the
reading seat and the message's place in the log: an opaque reference that never names the
message's sender, and that can never be taken for an order address (nor the other way round). The signature is HMAC-SHA256 under the server's
secret key, so nothing secret is stored per seat; renewing a seat's token raises its generation
(an event in the log) and every older signature stops working. The From header never counts.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from service.base.ids import GAME_ID_PATTERN

SIGNATURE_CHARS = 16
ADDRESS = re.compile(r"^play\+(?P<game>" + GAME_ID_PATTERN + r")\.(?P<seat>[a-z][a-z0-9_-]{0,23})\."
                     r"(?P<signature>[a-z2-7]{16})@(?P<domain>[^@\s>]+)$", re.IGNORECASE)

PRESS_ADDRESS = re.compile(r"^play\+(?P<game>" + GAME_ID_PATTERN + r")\.(?P<seat>[a-z][a-z0-9_-]{0,23})\."
                           r"(?P<mark>[pn])(?P<seq>[1-9][0-9]{0,8})\.(?P<signature>[a-z2-7]{16})"
                           r"@(?P<domain>[^@\s>]+)$", re.IGNORECASE)
PRESS_PURPOSE = "press"


def signature(key: bytes, game_id: str, seat: str, generation: int, purpose: str) -> str:
    """Return the seat's signature for `purpose` ("mail" or "web"), 16 base32 characters."""
    message = f"{game_id}\x1f{seat}\x1f{generation}\x1f{purpose}".encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return base64.b32encode(digest).decode().lower()[:SIGNATURE_CHARS]


def reply_address(key: bytes, domain: str, game_id: str, seat: str, generation: int) -> str:
    """Return the signed address a seat's orders are mailed to."""
    return f"play+{game_id}.{seat}.{signature(key, game_id, seat, generation, 'mail')}@{domain}"


@dataclass(frozen=True)
class AddressClaim:
    """What a reply address claims: game, seat and signature (not yet checked)."""

    game_id: str
    seat: str
    signature: str
    domain: str


def read_address(address: str) -> AddressClaim | None:
    """Return what a play+ address claims, or None when it is not one."""
    match = ADDRESS.match(address.strip().strip("<>"))
    if match is None:
        return None
    return AddressClaim(match["game"].lower(), match["seat"].lower(),
                        match["signature"].lower(), match["domain"].lower())


def signature_matches(key: bytes, claim: AddressClaim, generation: int, purpose: str) -> bool:
    """Return whether the claimed signature is the seat's current one (constant time)."""
    expected = signature(key, claim.game_id, claim.seat, generation, purpose)
    return hmac.compare_digest(expected, claim.signature)


@dataclass(frozen=True)
class PressClaim:
    """What a press reply address claims: the reading seat and the message it answers (its
    seq, or with `numbered` the seat's own number of it: `service.game.numbers`)."""

    game_id: str
    seat: str
    seq: int
    signature: str
    domain: str
    numbered: bool = False

    @property
    def named(self) -> str:
        """Return the message as the address names it: "n42" (the seat's number) or "42"."""
        return f"{'n' if self.numbered else ''}{self.seq}"


def press_signature(key: bytes, game_id: str, seat: str, named: int | str,
                    generation: int) -> str:
    """Return the signature of the address on which `seat` answers the press message named
    `named`: its seq, or "n" and the seat's own number of it."""
    mark = "" if str(named).startswith("n") else "p"
    return signature(key, game_id, f"{seat}\x1f{mark}{named}", generation, PRESS_PURPOSE)


def press_reply_address(key: bytes, domain: str, game_id: str, seat: str, named: int | str,
                        generation: int) -> str:
    """Return the signed address on which `seat` answers the sender of the message named
    `named` (see `press_signature`)."""
    sig = press_signature(key, game_id, seat, named, generation)
    mark = "" if str(named).startswith("n") else "p"
    return f"play+{game_id}.{seat}.{mark}{named}.{sig}@{domain}"


def read_press_address(address: str) -> PressClaim | None:
    """Return what a press reply address claims, or None when it is not one."""
    match = PRESS_ADDRESS.match(address.strip().strip("<>"))
    if match is None:
        return None
    return PressClaim(match["game"].lower(), match["seat"].lower(), int(match["seq"]),
                      match["signature"].lower(), match["domain"].lower(),
                      match["mark"].lower() == "n")


def press_signature_matches(key: bytes, claim: PressClaim, generation: int) -> bool:
    """Return whether the press address's signature is current for its seat (constant time)."""
    expected = press_signature(key, claim.game_id, claim.seat, claim.named, generation)
    return hmac.compare_digest(expected, claim.signature)


BOUNCE_ADDRESS = re.compile(r"^bounce\+(?P<delivery>[1-9][0-9]{0,17})\.(?P<signature>[a-z2-7]{16})"
                            r"@(?P<domain>[^@\s>]+)$", re.IGNORECASE)
BOUNCE_PURPOSE = "bounce"


def bounce_address(key: bytes, domain: str, delivery: int) -> str:
    """Return the envelope sender of one delivery (VERP): a bounce names what bounced.

    Signed like a seat's address, so a forged bounce cannot mark anyone's mail as failing.
    """
    return f"bounce+{delivery}.{signature(key, '', str(delivery), 0, BOUNCE_PURPOSE)}@{domain}"


def read_bounce_address(key: bytes, address: str) -> int | None:
    """Return the delivery a bounce address names if its signature is ours, else None."""
    match = BOUNCE_ADDRESS.match(address.strip().strip("<>"))
    if match is None:
        return None
    expected = signature(key, "", match["delivery"], 0, BOUNCE_PURPOSE)
    if not hmac.compare_digest(expected, match["signature"].lower()):
        return None
    return int(match["delivery"])


def is_bounce_address(address: str) -> bool:
    """Return whether `address` has the shape of a bounce address (signed or not)."""
    return BOUNCE_ADDRESS.match(address.strip().strip("<>")) is not None


LINK_TOKEN = re.compile(r"^[a-z2-7]{42}$")
"""A mailed link's token: 26 random base32 characters, then 16 of signature."""


def link_token(key: bytes, purpose: str) -> str:
    """Return a new opaque token for a mailed link of `purpose`: random, and signed so that a
    forged one is refused before anything is looked up."""
    nonce = base64.b32encode(secrets.token_bytes(16)).decode().rstrip("=").lower()
    return nonce + _link_mac(key, purpose, nonce)


def link_token_signed(key: bytes, token: str, purpose: str) -> bool:
    """Return whether `token` is a well-formed link token signed for `purpose`."""
    if not LINK_TOKEN.match(token):
        return False
    return hmac.compare_digest(_link_mac(key, purpose, token[:26]), token[26:])


def _link_mac(key: bytes, purpose: str, nonce: str) -> str:
    """Return the 16 base32 characters that sign a link token's random part."""
    mac = hmac.new(key, f"link|{purpose}|{nonce}".encode(), hashlib.sha256).digest()
    return base64.b32encode(mac[:10]).decode().lower()
