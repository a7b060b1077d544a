"""A TCP proxy in front of PostgreSQL that a test can cut, and start again on the same port:
the database going away and coming back, as the service's connections see it."""
from __future__ import annotations

import socket
import threading

from .conftest import free_port


class Proxy:
    """A TCP proxy to PostgreSQL that can be cut: every connection dropped, none taken."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._server: socket.socket | None = None
        self._open: list[socket.socket] = []

    def start(self) -> None:
        server = socket.create_server(("127.0.0.1", self.port))
        self._server = server
        threading.Thread(target=self._accept, args=(server,), daemon=True).start()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self._open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        """Stop taking connections and drop every open one, as a database that went away."""
        assert self._server is not None
        try:
            self._server.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread (Linux)
        except OSError:
            pass
        self._server.close()
        for conn in self._open:
            try:
                conn.shutdown(socket.SHUT_RDWR)
                conn.close()
            except OSError:
                pass
        self._open.clear()

    def restart(self) -> None:
        """Take connections again, on the same port."""
        self.start()
