"""Running the application on uvicorn with the server's limits: a deadline for the request line
and headers (no slow-header client holds a connection), a short keep-alive, a bound on header
size and on connections at once (:mod:`.limits`)."""

from __future__ import annotations

import asyncio
import socket

import uvicorn
from starlette.types import ASGIApp
from uvicorn.protocols.http.h11_impl import H11Protocol, RequestResponseCycle

from .limits import HEADER_SECONDS, KEEP_ALIVE_SECONDS, MAX_CONNECTIONS, MAX_HEADER_BYTES

__all__ = ["HeaderDeadline", "config", "machine_names", "serve"]

ANY_ADDRESS = ("0.0.0.0", "::", "")
"""Addresses that listen on every interface of the machine."""


class HeaderDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request line and headers are not
    complete within :attr:`seconds` of the connection, or of the first byte of the next request on
    a kept-alive connection.  An idle kept-alive connection is uvicorn's to close (after
    ``timeout_keep_alive``, with a proper end of connection); this deadline only waits for it, plus
    :attr:`seconds`, so that a connection that idles and then sends half a request is cut too."""

    seconds: float = HEADER_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_since: RequestResponseCycle | None = None
        self._idle = False
        super().connection_made(transport)
        self._arm(self.seconds)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._waiting_since = self.cycle  # the request being waited for comes after this one
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.cycle is self._waiting_since and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self._idle:  # the next request begins: its headers have the deadline from now
            self._idle = False
            self._arm(self.seconds)
        super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        if self._deadline is not None and self.cycle is not self._waiting_since:
            self._disarm()  # a new request arrived whole: its headers are in
            self._idle = False

    def on_response_complete(self) -> None:
        # before the pipelined requests the parent may start now: the keep-alive time, then the
        # time for the headers of the next request
        self._idle = True
        self._arm(self.timeout_keep_alive + self.seconds)
        super().on_response_complete()
        if self.transport.is_closing():
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def machine_names(host: str) -> list[str]:
    """The names a browser may use to reach a server listening on ``host``: ``host`` itself and,
    when it is every interface (0.0.0.0, ::), the machine's name and its addresses."""
    names = [host]
    if host in ANY_ADDRESS:
        for name in {socket.gethostname(), socket.getfqdn()}:
            names.append(name)
            try:
                names.extend(str(info[4][0]) for info in socket.getaddrinfo(name, None))
            except OSError:  # a name the resolver does not know: the name alone
                continue
    return [n for n in dict.fromkeys(names) if n]


def config(app: ASGIApp, host: str, port: int, *, log_level: str = "warning") -> uvicorn.Config:
    """uvicorn's configuration for ``app`` with the server's limits."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=HeaderDeadline,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        limit_concurrency=MAX_CONNECTIONS,
        server_header=False,
        log_level=log_level,
    )


def serve(app: ASGIApp, host: str, port: int) -> None:
    """Serve ``app`` until interrupted."""
    uvicorn.Server(config(app, host, port)).run()
