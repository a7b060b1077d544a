"""The service's signing key: Ed25519 signatures over the heads it shows (docs/signing.md).

Every head a player is shown (in a turn email, on a seat page, in an archive) is signed with
the service's Ed25519 key. Anyone holding the public key can check that a head is one the
service showed, and an archive whose events do not lead to its signed heads is refused, so a
history rewritten with every hash recomputed needs the private key as well.

The key is 32 random bytes kept as hex in `signing.key` beside the secret key (created on first
use, readable by its owner alone), or given as `PBEM_SIGNING_KEY`. Rotating it keeps the old
public keys in `signing-retired.pub`, so heads signed before still verify. The public keys are
published as text, one line per key, the one signing now first:

    ed25519 KEYID BASE64 [retired]

where KEYID is the first 16 hex digits of the SHA-256 of the raw public key.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from service.base.config import Config, ConfigError, _publish, key_file
from service.base.signedhead import SignedHead, head_message

SIGNING_KEY_FILE = "signing.key"
RETIRED_KEYS_FILE = "signing-retired.pub"
SIGNING_KEY_ENV = "PBEM_SIGNING_KEY"
KEY_URL_PATH = "/.well-known/pbem-key"
"""Where the service publishes its public keys (`pbem key` prints the same text)."""
ALGORITHM = "ed25519"
KEY_ID_DIGITS = 16


class KeyTextError(ValueError):
    """A public key text or a signing key that cannot be read; the message says why."""


def key_id(public: Ed25519PublicKey) -> str:
    """Return the short name of a public key: the start of the SHA-256 of its raw bytes."""
    return hashlib.sha256(_raw(public)).hexdigest()[:KEY_ID_DIGITS]


def _raw(public: Ed25519PublicKey) -> bytes:
    return public.public_bytes(Encoding.Raw, PublicFormat.Raw)


def public_line(public: Ed25519PublicKey, retired: bool = False) -> str:
    """Return the published line of a public key."""
    text = f"{ALGORITHM} {key_id(public)} {base64.b64encode(_raw(public)).decode()}"
    return text + (" retired" if retired else "")


class Signer:
    """The service's private key, signing heads."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.public = private.public_key()
        self.key_id = key_id(self.public)

    @classmethod
    def from_seed(cls, seed: bytes) -> Signer:
        """Return the signer of a 32-byte seed."""
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    def sign(self, game_id: str, seq: int, witnessed: str) -> SignedHead:
        """Return the signed head of a game at `seq` whose witnessed hash is `witnessed`."""
        raw = self._private.sign(head_message(game_id, seq, witnessed))
        return SignedHead(seq, witnessed.lower(), self.key_id, base64.b64encode(raw).decode())


class KeyRing:
    """Public keys a signed head may be checked against, by key id."""

    def __init__(self, keys: dict[str, Ed25519PublicKey], text: str = "") -> None:
        self.keys = keys
        self.text = text

    @classmethod
    def parse(cls, text: str, source: str = "the key text") -> KeyRing:
        """Return the keys of a published key text; raise KeyTextError saying what is wrong."""
        keys: dict[str, Ed25519PublicKey] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if len(words) not in (3, 4) or words[0] != ALGORITHM:
                raise KeyTextError(f"line {number} of {source} is not `{ALGORITHM} KEYID BASE64 "
                                "[retired]`")
            try:
                public = Ed25519PublicKey.from_public_bytes(
                    base64.b64decode(words[2], validate=True))
            except (ValueError, binascii.Error):
                raise KeyTextError(f"line {number} of {source} holds no Ed25519 public key") \
                    from None
            if key_id(public) != words[1]:
                raise KeyTextError(f"line {number} of {source} names the key {words[1]}, but its "
                                f"key is {key_id(public)}")
            keys[words[1]] = public
        if not keys:
            raise KeyTextError(f"{source} holds no public key")
        return cls(keys, text)

    def problem(self, game_id: str, head: SignedHead) -> str:
        """Return why a signed head does not verify under these keys ('' when it does)."""
        public = self.keys.get(head.key)
        if public is None:
            return (f"the head is signed by key {head.key}, which is not among the given "
                    f"public keys ({', '.join(self.keys)}): it was signed by another server "
                    "or forged")
        try:
            public.verify(base64.b64decode(head.signature, validate=True),
                          head_message(game_id, head.seq, head.hash))
        except (InvalidSignature, ValueError, binascii.Error):
            return f"the signature of the head at seq {head.seq} (key {head.key}) is not valid"
        return ""


def _seed(config: Config) -> bytes:
    """Return the 32 bytes of the service's signing key (see the module's docstring)."""
    given = os.environ.get(SIGNING_KEY_ENV)
    if given:
        try:
            seed = bytes.fromhex(given.strip())
        except ValueError:
            seed = b""
        if len(seed) != 32:
            raise ConfigError(f"{SIGNING_KEY_ENV} must be 64 hex digits (32 random bytes), e.g. "
                              "from `python3 -c 'import secrets; print(secrets.token_hex(32))'`")
        return seed
    if config.shared_database:
        # Every node must sign with one key; the shared secret key is the one secret they
        # all hold, so the signing key follows from it unless it is given.
        return hmac.new(config.secret_key(), b"pbem signing key", hashlib.sha256).digest()
    return bytes.fromhex(key_file(config.home / SIGNING_KEY_FILE).decode())


def signer(config: Config) -> Signer:
    """Return the service's signer (its key created on first use, see the module docstring)."""
    return Signer.from_seed(_seed(config))


_SIGNERS: dict[Config, Signer] = {}


def kept_signer(config: Config) -> Signer:
    """Return the service's signer, read once per process and configuration (pages and mails
    sign every head they show)."""
    found = _SIGNERS.get(config)
    if found is None:
        found = _SIGNERS[config] = signer(config)
    return found


def retired_lines(config: Config) -> list[str]:
    """Return the published lines of the keys that signed before the current one."""
    try:
        text = (config.home / RETIRED_KEYS_FILE).read_text()
    except FileNotFoundError:
        return []
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def published_keys(config: Config) -> str:
    """Return the text published at KEY_URL_PATH: the current key first, then retired ones."""
    current = public_line(kept_signer(config).public)
    comment = (f"# pbem signing keys of {config.base_url}: the first signs now; retired keys "
               "signed the heads shown before it")
    lines = [comment, current]
    lines += [line for line in retired_lines(config) if line.split()[:2] != current.split()[:2]]
    return "\n".join(lines) + "\n"


def service_keys(config: Config) -> KeyRing:
    """Return the service's own public keys, current and retired."""
    return KeyRing.parse(published_keys(config), "this service's keys")


def rotate(config: Config) -> tuple[str, str]:
    """Retire the signing key and make a new one; return (old key id, new key id).

    The old public key is appended to the retired keys first, so nothing it signed stops
    verifying; only a key kept in the home folder can be rotated this way.
    """
    if os.environ.get(SIGNING_KEY_ENV) or config.shared_database:
        raise ConfigError(f"the signing key comes from {SIGNING_KEY_ENV} or the shared secret "
                          f"key: add the line `pbem key` prints to {config.home / RETIRED_KEYS_FILE}"
                          f" on every node, then set {SIGNING_KEY_ENV} to a new value everywhere")
    old = signer(config)
    retired = config.home / RETIRED_KEYS_FILE
    with retired.open("a") as out:
        out.write(public_line(old.public, retired=True) + "\n")
    _publish(config.home / SIGNING_KEY_FILE, Ed25519PrivateKey.generate().private_bytes_raw().hex())
    _SIGNERS.clear()
    return old.key_id, signer(config).key_id


def read_key_source(source: str) -> KeyRing:
    """Return the public keys in a file, or at an http(s) URL such as the service's
    KEY_URL_PATH; raise KeyTextError when they cannot be read."""
    if source.startswith(("http://", "https://")):
        from urllib.error import URLError
        from urllib.request import urlopen

        try:
            with urlopen(source, timeout=20) as answer:
                text = answer.read(1 << 20).decode("utf-8", "replace")
        except (URLError, OSError) as exc:
            raise KeyTextError(f"cannot read the public keys at {source}: {exc}") from None
    else:
        try:
            text = Path(source).read_text()
        except OSError as exc:
            raise KeyTextError(f"cannot read the public keys in {source}: "
                            f"{exc.strerror or exc}") from None
    return KeyRing.parse(text, source)
