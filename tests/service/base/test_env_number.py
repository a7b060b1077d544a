"""Numeric settings read outside the Config (the pool's idle ping, the PDF files' age) take a
number of 0 or more, and a bad one stops the service with the setting's name."""
from __future__ import annotations

import pytest

from service.base.config import ConfigError, env_number


def test_unset_or_blank_gives_the_default_and_a_number_is_read() -> None:
    assert env_number("PBEM_PDF_CACHE_DAYS", 14.0, {}) == 14.0
    assert env_number("PBEM_PDF_CACHE_DAYS", 14.0, {"PBEM_PDF_CACHE_DAYS": "  "}) == 14.0
    assert env_number("PBEM_PDF_CACHE_DAYS", 14.0, {"PBEM_PDF_CACHE_DAYS": "2.5"}) == 2.5
    assert env_number("PBEM_DB_PING_IDLE_SECONDS", 1.0, {"PBEM_DB_PING_IDLE_SECONDS": "0"}) == 0


@pytest.mark.parametrize("text", ["soon", "-1", "nan", "inf"])
def test_a_bad_value_is_refused_by_name(text: str) -> None:
    with pytest.raises(ConfigError, match=f"PBEM_DB_PING_IDLE_SECONDS.*{text!r}"):
        env_number("PBEM_DB_PING_IDLE_SECONDS", 1.0, {"PBEM_DB_PING_IDLE_SECONDS": text})
