"""Gunicorn settings for the pbem web service: `gunicorn -c deploy/gunicorn.conf.py`.

Environment: PBEM_WEB_BIND (default 127.0.0.1:8000, behind a proxy), PBEM_WEB_WORKERS (default
2 per core + 1), PBEM_WEB_THREADS (default 4); set PBEM_PROXY_HOPS=1 behind one proxy so rate
limits see the clients' addresses. Rate limits hold across workers when PBEM_BROKER_URL is Redis.
Logs are one JSON line per event (PBEM_LOG_FORMAT=text for plain lines). With
PROMETHEUS_MULTIPROC_DIR set (the same folder for the web and the workers of this node, emptied
when the node starts), /metrics adds up the counts of every process.
"""
import multiprocessing
import os
import sys

wsgi_app = "service.web.app:create_app()"
bind = os.environ.get("PBEM_WEB_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("PBEM_WEB_WORKERS", str(2 * multiprocessing.cpu_count() + 1)))
threads = int(os.environ.get("PBEM_WEB_THREADS", "4"))
worker_class = "gthread"
timeout = 30
graceful_timeout = 20
keepalive = 5
max_requests = 5000
max_requests_jitter = 500
limit_request_line = 8190
accesslog = os.environ.get("PBEM_WEB_ACCESS_LOG", "-")
errorlog = "-"
loglevel = os.environ.get("PBEM_WEB_LOG_LEVEL", "info")
# Each worker opens its own database pool: never load the app before forking.
preload_app = False
_FORMAT = "text" if os.environ.get("PBEM_LOG_FORMAT", "json").lower() == "text" else "json"
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "service.base.logs.JsonFormatter"},
                   "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {"redact": {"()": "service.base.logs.Redacting"}},
    "handlers": {"pbem": {"class": "logging.StreamHandler", "formatter": _FORMAT,
                          "stream": "ext://sys.stderr", "filters": ["redact"]}},
    "root": {"level": os.environ.get("PBEM_LOG_LEVEL", "INFO").upper(), "handlers": ["pbem"]},
    "loggers": {"gunicorn.error": {"level": "INFO", "handlers": ["pbem"], "propagate": False},
                "gunicorn.access": {"level": "INFO", "handlers": ["pbem"], "propagate": False}},
}


def on_starting(server):
    """Refuse to start, in one line per reason and before any worker forks, with a setting
    that cannot work or on a database this version cannot run on (`pbem check` says more);
    without PBEM_BASE_URL, note the address served, for the links other commands print."""
    from service.base.config import load_config
    from service.ops.startup import start_refusal

    config = load_config()
    refusal = start_refusal(config)
    if refusal:
        for line in refusal.splitlines():
            print(f"pbem web: cannot start: {line}", file=sys.stderr, flush=True)
        raise SystemExit(1)
    if not os.environ.get("PBEM_BASE_URL"):  # links printed by `pbem link` point here
        from service.base.config import note_served_url, url_of_bind

        served = url_of_bind(server.cfg.bind[0]) if server.cfg.bind else ""
        if served:
            note_served_url(config.home, served)


def child_exit(server, worker):
    """Let the metrics files of a finished web process stop counting as live."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
