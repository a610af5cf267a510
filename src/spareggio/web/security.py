"""The server's guard, in front of every request: the allowed hosts, the origin of form posts, the
size and pace of request bodies, and the security headers of every answer (errors included).

A pure ASGI middleware, so that it sees every response the application sends, and answers the
requests it refuses itself (the application never sees them)."""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse
from collections.abc import Iterable
from http.cookies import SimpleCookie

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..base.i18n import Text, localize, msg
from .i18n import choose_language, languages
from .limits import BODY_CHUNK_SECONDS, BODY_SECONDS, MAX_UPLOAD_BYTES

__all__ = ["CSP", "LOOPBACK", "SECURITY_HEADERS", "Guard", "allowed_hosts"]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
"""Content-Security-Policy of every page: nothing but the application's own files."""

SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    # same-origin: a form posted from the page carries its Origin (no-referrer would make it
    # "null"), and no address of the page leaves for another site
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)
"""Sent with every answer, besides a Content-Security-Policy."""

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""The names of this machine, always allowed in the Host header."""

COOKIE_SECONDS = 3600 * 24 * 365
"""How long the page remembers the language chosen."""


def allowed_hosts(extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names the server answers to: this machine's and ``extra`` (the address it listens
    on, the names a reverse proxy forwards), lower case, without brackets or port."""
    return frozenset(h for h in (_bare(x) for x in (*LOOPBACK, *extra)) if h)


HOST_SYNTAX = re.compile(r"(?:\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::[0-9]{1,5})?")
"""A Host header as RFC 9110 allows it: a name or an IPv4 address, or an IPv6 address in brackets,
then an optional port.  ``localhost:8765@evil``, a user part, a path or a blank is none."""


def well_formed(host: str) -> bool:
    """Whether a Host header is a host and an optional port, nothing more."""
    return HOST_SYNTAX.fullmatch(host.strip().lower()) is not None


def _bare(host: str) -> str:
    """``host`` without its port and the brackets of an IPv6 address, lower case."""
    h = host.strip().lower()
    if h.startswith("["):
        return h[1 : h.find("]")] if "]" in h else h[1:]
    if h.count(":") == 1:
        h = h.split(":")[0]
    return h


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or []:
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _origin(url: str) -> str | None:
    """``scheme://host[:port]`` of ``url``, lower case; None when it has none."""
    parts = urllib.parse.urlsplit(url.strip())
    if not parts.scheme or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}".lower()


class Guard:
    """Refuses a request for another host (DNS rebinding) or a form posted from another site;
    bounds the request body in size (413) and in time (408); adds the security headers to every
    answer and remembers the language chosen in the address."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        limit: int = MAX_UPLOAD_BYTES,
        hosts: frozenset[str] | None = None,
        chunk_seconds: float = BODY_CHUNK_SECONDS,
        body_seconds: float = BODY_SECONDS,
    ) -> None:
        self.app = app
        self.limit = limit
        self.hosts = hosts  # None: any host (a reverse proxy checks them)
        self.chunk_seconds = chunk_seconds
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            status, text = refusal
            await _answer(send, scope, status, text)
            return
        state = {"total": 0, "exceeded": False, "late": False, "started": False}
        deadline = time.monotonic() + self.body_seconds

        async def limited() -> Message:
            remaining = min(self.chunk_seconds, deadline - time.monotonic())
            try:
                message = await asyncio.wait_for(receive(), max(remaining, 0.001))
            except TimeoutError:
                state["late"] = True
                raise BodyTooSlow from None
            if message["type"] == "http.request":
                state["total"] += len(message.get("body", b""))
                if state["total"] > self.limit:
                    state["exceeded"] = True
                    raise BodyTooLarge
            return message

        async def guarded(message: Message) -> None:
            if state["exceeded"] or state["late"]:
                return
            if message["type"] == "http.response.start":
                state["started"] = True
                message = {**message, "headers": _secured(scope, list(message.get("headers") or []))}
            await send(message)

        try:
            await self.app(scope, limited, guarded)
        except Exception:
            if not (state["exceeded"] or state["late"]):
                raise
        if state["started"]:
            return
        if state["exceeded"]:
            await _answer(send, scope, 413, _too_large(self.limit))
        elif state["late"]:
            await _answer(send, scope, 408, msg("the request was not sent in time"))

    def _refusal(self, scope: Scope) -> tuple[int, Text] | None:
        """The status and reason to refuse a request with before the application sees it."""
        host = _header(scope, b"host")
        if self.hosts is not None and (
            host is None or not well_formed(host) or _bare(host) not in self.hosts
        ):
            return 400, msg("this server does not answer to the host {host!r}", host=(host or "")[:100])
        if scope.get("method") not in ("GET", "HEAD", "OPTIONS"):
            sent = _header(scope, b"origin")
            came = sent if sent is not None else _header(scope, b"referer")
            if came is not None:
                own = f"{scope.get('scheme', 'http')}://{host or ''}".lower()
                if _origin(came) != own:
                    return 403, msg("a form sent from another site is refused")
        length = _header(scope, b"content-length")
        if length is not None and (
            not (length.isascii() and length.isdigit()) or len(length) > 15 or int(length) > self.limit
        ):
            return 413, _too_large(self.limit)
        return None


class BodyTooLarge(Exception):
    """The request body is larger than the limit."""


class BodyTooSlow(Exception):
    """The request body did not arrive in time."""


def _too_large(limit: int) -> Text:
    return msg("the upload is larger than the limit of {mb} MB", mb=limit // 2**20)


def _language(scope: Scope) -> str:
    """The language of an answer the guard gives itself (the address's, the cookie's, the browser's)."""
    query = urllib.parse.parse_qs(scope.get("query_string", b"").decode("latin-1"))
    cookie = SimpleCookie()
    try:
        cookie.load(_header(scope, b"cookie") or "")
    except Exception:  # noqa: BLE001 - a malformed cookie is no cookie
        cookie = SimpleCookie()
    remembered = cookie["lang"].value if "lang" in cookie else None
    return choose_language((query.get("lang") or [None])[0], remembered, _header(scope, b"accept-language"))


def _secured(scope: Scope, headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` with the security headers, and the language cookie when the address chose one."""
    names = {name.lower() for name, _value in headers}
    out = [h for h in headers if h[0].lower() not in {name for name, _v in SECURITY_HEADERS}]
    if b"content-security-policy" not in names:
        out.append((b"content-security-policy", CSP.encode()))
    out.extend(SECURITY_HEADERS)
    query = urllib.parse.parse_qs(scope.get("query_string", b"").decode("latin-1"))
    asked = (query.get("lang") or [""])[0].strip().lower()
    if asked and asked in languages():
        out.append((b"set-cookie", f"lang={asked}; Max-Age={COOKIE_SECONDS}; Path=/; SameSite=lax".encode()))
    return out


async def _answer(send: Send, scope: Scope, status: int, text: Text) -> None:
    """A refusal: ``{"error": ...}`` for the API, the sentence as text for the pages."""
    said = localize(text, _language(scope))
    api = str(scope.get("path", "")).startswith("/api/")
    body = json.dumps({"error": said}, ensure_ascii=False).encode() if api else said.encode()
    media = b"application/json" if api else b"text/plain; charset=utf-8"
    headers = [
        (b"content-type", media),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": _secured(scope, headers)})
    await send({"type": "http.response.body", "body": body})
