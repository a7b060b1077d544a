"""Service configuration: defaults, then the environment (PBEM_*)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Config:
    """Where the service keeps its state and which database it uses."""

    home: Path
    database_url: str

    @property
    def mail_dir(self) -> Path:
        """Return the folder outgoing mail is written to when no SMTP relay is set."""
        return self.home / "mail"


def load_config(environ: dict[str, str] | None = None) -> Config:
    """Return the configuration from `environ` (default: the process environment)."""
    env = os.environ if environ is None else environ
    home = Path(env.get("PBEM_HOME") or Path.cwd() / "var").resolve()
    url = env.get("PBEM_DATABASE_URL") or f"sqlite:///{home / 'pbem.db'}"
    return Config(home=home, database_url=url)
