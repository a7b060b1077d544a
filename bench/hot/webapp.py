"""The service's web app for the benchmarks that call it in-process: a SQLite store in a
folder of the run's own, and a bare /hello route of the same app as the baseline."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def web_app(folder: Path, key: str) -> Any:
    """Return the service's web app on the SQLite store in `folder`, with a /hello route."""
    os.environ.update(PBEM_HOME=str(folder), PBEM_SECRET_KEY=key,
                      PBEM_DATABASE_URL=f"sqlite:///{folder / 'pbem.db'}")
    from service.ops.upgrade import prepared
    from service.store.store import Store
    from service.web.app import create_app

    prepared(Store(f"sqlite:///{folder / 'pbem.db'}")).dispose()  # as `pbem db upgrade` does
    app = create_app({"TESTING": True})

    @app.get("/hello")
    def hello() -> str:
        return "hello"

    return app
