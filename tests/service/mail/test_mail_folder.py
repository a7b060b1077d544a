"""Mail written to the folder appears whole: while it is written, no reader of `*.eml` sees it."""
from __future__ import annotations

import os
from email.message import EmailMessage
from pathlib import Path

import pytest

from service.mail import transport


def test_a_message_is_written_aside_and_renamed_into_place(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    rename = os.replace

    def replace_after_looking(source: str, target: Path) -> None:
        seen.append(sorted(path.name for path in tmp_path.glob("*.eml")))  # mid-write
        rename(source, target)

    monkeypatch.setattr(transport.os, "replace", replace_after_looking)
    message = EmailMessage()
    message["Subject"] = "turn"
    message.set_content("your turn")
    written = transport.write_to_folder(tmp_path, message, "g1-5-anna-turn")
    assert seen == [[]]  # the half-written file was there, but not as a mail
    assert sorted(path.name for path in tmp_path.glob("*.eml")) == [written.name]
    assert list(tmp_path.iterdir()) == [written]
