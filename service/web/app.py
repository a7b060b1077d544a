"""The web application's factory: `create_app()` builds it from the defaults, then PBEM_*
variables, then the caller's settings; `pbem serve` runs it with Flask's server and
`deploy/gunicorn.conf.py` under gunicorn.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from service.base.config import load_config
from service.log.store import Store
from service.ops.upgrade import prepared
from service.web import errors, security
from service.web.ratelimit import limiter_for
from service.web.settings import configure


def create_app(overrides: Mapping[str, Any] | None = None) -> Flask:
    """Return the Flask application, configured from defaults, then PBEM_* variables."""
    app = Flask("pbem", static_folder=None)
    config = load_config()
    config.check_secret_key()
    configure(app, config, overrides)
    if config.database_url.startswith("sqlite"):
        config.home.mkdir(parents=True, exist_ok=True)
    app.extensions["pbem.store"] = prepared(Store(config.database_url))
    app.extensions["pbem.limiter"] = limiter_for(config.broker_url)
    security.init_app(app)
    errors.init_app(app)
    _register_blueprints(app)
    _trust_proxies(app)
    return app


def _trust_proxies(app: Flask) -> None:
    """Read the client's address and scheme from PROXY_HOPS trusted proxies' headers."""
    hops = int(app.config["PROXY_HOPS"])
    if hops > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops,  # type: ignore[method-assign]
                                x_host=hops)


def _register_blueprints(app: Flask) -> None:
    """Add one blueprint per area, and the command line commands."""
    from service.web import (
        admin,
        api,
        commands,
        confirming,
        devmail,
        inbound,
        lobby,
        me,
        ops,
        play,
        replay,
        tables,
        talk,
    )

    app.register_blueprint(lobby.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(replay.bp)
    app.register_blueprint(talk.bp)
    app.register_blueprint(me.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(confirming.bp)
    app.register_blueprint(admin.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(inbound.bp)
    app.register_blueprint(ops.bp)
    if app.config["DEV_INBOX"]:
        app.register_blueprint(devmail.bp)
    commands.init_app(app)
