"""A Postfix policy service for mail in by pipe: is a recipient of the game domain taken?

Postfix's spawn(8) runs it (master-pipe.cf) with pbem's Python, one process per connection from
smtpd; for each recipient it asks, it answers what `pbem smtpd` would answer to RCPT TO: DUNNO
for the public address and every address the service signed, else the refusal (550), or 451
when the store cannot be asked now. The settings come from $PBEM_ENV_FILE (default
/etc/pbem/pbem.env, the systemd units' environment file: NAME=VALUE lines).
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def load_settings(path: Path) -> None:
    """Set the environment from a file of NAME=VALUE lines (comments and blanks skipped)."""
    if not path.is_file():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        name, equals, value = line.strip().partition("=")
        if equals and name and not name.startswith("#"):
            os.environ.setdefault(name.strip(), value.strip().strip("'\""))


def answer(check: Callable[[str], str], recipient: str) -> str:
    """Return the policy action for one recipient."""
    try:
        refusal = check(recipient)
    except Exception as exc:  # noqa: BLE001 - the store is down: the sender tries again
        print(f"pbem-policy: could not check {recipient!r}: {exc}", file=sys.stderr)
        return "451 4.3.0 Could not check this address now; please try again later"
    return refusal or "DUNNO"


def serve(check: Callable[[str], str], requests: IO[str], replies: IO[str]) -> None:
    """Answer policy requests (NAME=VALUE lines ending with an empty line) until the end."""
    attributes: dict[str, str] = {}
    for line in requests:
        name, _, value = line.rstrip("\r\n").partition("=")
        if name:
            attributes[name] = value
            continue
        replies.write(f"action={answer(check, attributes.get('recipient', ''))}\n\n")
        replies.flush()
        attributes = {}


def main() -> None:
    load_settings(Path(os.environ.get("PBEM_ENV_FILE", "/etc/pbem/pbem.env")))
    from workers.mailin import check_recipient

    serve(check_recipient, sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
