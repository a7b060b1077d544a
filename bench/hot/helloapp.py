"""The service's web app with one extra route, /bench/hello: the floor of any page it serves.

    gunicorn -c deploy/gunicorn.conf.py bench.hot.helloapp:app
"""
from __future__ import annotations

from service.web import create_app

app = create_app()


@app.get("/bench/hello")
def hello() -> str:
    """Return a fixed word: the app's own cost of a request, with no work behind it."""
    return "hello"
