"""The pages of an open tournament, rendered once and then served as bytes.

After the last round everyone opens the same standings, crosstable and player pages at once.  An
open tournament never changes (a new file is a new token), so a page is the same bytes for the same
tournament, path, query and language: :func:`cached` wraps a page handler, renders the page the
first time it is asked for (one render however many ask at once; the others wait for it) in the
pool of pages (:mod:`.work`), and answers every later request from memory on the event loop, with
an ``ETag`` and a ``Last-Modified`` so that a phone that has the page revalidates it and is
answered ``304 Not Modified``.  Uploads and exports keep their own pool, so they never delay a
page.  The cache is bounded in bytes (least recently used pages go first) and a page of a
tournament no longer open is never served (the store is asked first).
"""

from __future__ import annotations

import asyncio
import email.utils
import functools
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import ParamSpec

from fastapi.responses import Response
from starlette.requests import Request

from ..base.classes import dataclass
from .i18n import request_language
from .site import site_of
from .work import PAGE_POOL

__all__ = ["CACHE_BYTES", "CachedPage", "PageCache", "cached", "page_cache"]

CACHE_BYTES = 64 * 2**20
"""The most page bytes kept (a 150-player crosstable page is about 200 KB)."""

P = ParamSpec("P")


@dataclass(frozen=True)
class CachedPage:
    """A page as it was rendered: its bytes and the headers that let a client revalidate it."""

    body: bytes
    media_type: str
    etag: str
    last_modified: str
    """An HTTP date: when the page was rendered."""
    modified_at: float

    def response(self, request: Request) -> Response:
        """The page, or ``304 Not Modified`` when the client's copy is this one."""
        headers = {
            "ETag": self.etag,
            "Last-Modified": self.last_modified,
            "Cache-Control": "no-cache",  # keep it, but ask whether it changed each time
            "Vary": "Accept-Language, Cookie",
        }
        if _fresh(request, self):
            return Response(status_code=304, headers=headers)
        return Response(self.body, media_type=self.media_type, headers=headers)


def _fresh(request: Request, page: CachedPage) -> bool:
    """Whether the client holds this page (If-None-Match first, else If-Modified-Since)."""
    match = request.headers.get("if-none-match")
    if match is not None:
        tags = {t.strip().removeprefix("W/") for t in match.split(",")}
        return "*" in tags or page.etag in tags
    since = request.headers.get("if-modified-since")
    if since is None:
        return False
    try:
        when = email.utils.parsedate_to_datetime(since).timestamp()
    except (TypeError, ValueError, IndexError, OverflowError):
        return False
    return int(page.modified_at) <= when


class PageCache:
    """Rendered pages by (token, path, query, language), at most ``max_bytes`` of them."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self._pages: OrderedDict[tuple[str, ...], CachedPage] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self._rendering: dict[tuple[str, ...], asyncio.Future[CachedPage | Response]] = {}
        self.hits = 0
        self.renders = 0

    def get(self, key: tuple[str, ...]) -> CachedPage | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
                self.hits += 1
            return page

    def put(self, key: tuple[str, ...], page: CachedPage) -> None:
        if len(page.body) > self.max_bytes:
            return
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self._size -= len(old.body)
            self._pages[key] = page
            self._size += len(page.body)
            while self._size > self.max_bytes:
                _, dropped = self._pages.popitem(last=False)
                self._size -= len(dropped.body)

    @property
    def size(self) -> int:
        """The bytes of the pages kept."""
        return self._size

    def __len__(self) -> int:
        return len(self._pages)

    async def page(self, key: tuple[str, ...], render: Callable[[], Awaitable[Response]]) -> CachedPage | Response:
        """The cached page of ``key``, rendering it once if it is not kept: concurrent requests for
        the same page wait for that one render.  A page that is not a 200 (an error in an option)
        is returned as it is and not kept."""
        found = self.get(key)
        if found is not None:
            return found
        waiting = self._rendering.get(key)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[CachedPage | Response] = asyncio.get_running_loop().create_future()
        self._rendering[key] = future
        try:
            response = await render()
            result: CachedPage | Response = response
            if response.status_code == 200 and isinstance(response.body, bytes):
                result = _keep(response)
                self.put(key, result)
                self.renders += 1
            future.set_result(result)
            return result
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: a request that waited re-raises it, none is left unread
            raise
        finally:
            del self._rendering[key]


def _keep(response: Response) -> CachedPage:
    body = bytes(response.body)
    now = time.time()
    return CachedPage(
        body=body,
        media_type=response.media_type or "text/html; charset=utf-8",
        etag='"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"',
        last_modified=email.utils.formatdate(now, usegmt=True),
        modified_at=now,
    )


def page_cache(request: Request) -> PageCache:
    """The page cache of the application that received ``request`` (made on first use)."""
    state = request.app.state
    cache: PageCache | None = getattr(state, "page_cache", None)
    if cache is None:
        cache = state.page_cache = PageCache()
    return cache


def cached(handler: Callable[P, Awaitable[Response]]) -> Callable[P, Awaitable[Response]]:
    """Serve the page ``handler`` makes from the cache (see the module).  The handler's first
    parameter is the request and it has a ``token`` parameter (the open tournament)."""

    @functools.wraps(handler)
    async def serve(*args: P.args, **kwargs: P.kwargs) -> Response:
        request = kwargs.get("request", args[0] if args else None)
        token = kwargs.get("token")
        if not isinstance(request, Request) or not isinstance(token, str):
            raise TypeError("a cached page handler takes the request and the token")
        site_of(request).store.get(token)  # a tournament no longer open: its error, never a kept page
        query = "&".join(sorted(f"{k}={v}" for k, v in request.query_params.multi_items()))
        key = (token, request.url.path, query, request_language(request))

        async def render() -> Response:
            marker = PAGE_POOL.set(True)  # rendered in the pool of pages, not behind uploads
            try:
                return await handler(*args, **kwargs)
            finally:
                PAGE_POOL.reset(marker)

        result = await page_cache(request).page(key, render)
        return result.response(request) if isinstance(result, CachedPage) else result

    return serve
