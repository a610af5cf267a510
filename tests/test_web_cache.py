"""The pages of an open tournament are rendered once and served as bytes, with ETag and
Last-Modified so that a client revalidates them (spareggio.web.cache)."""

from __future__ import annotations

import asyncio
import email.utils
import threading
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.responses import HTMLResponse, Response
from fastapi.testclient import TestClient

from spareggio.web import create_app
from spareggio.web.cache import PageCache
from spareggio.web.store import Store
from spareggio.web.work import PAGE_POOL, Worker

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"


def local(app: object) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1")  # type: ignore[arg-type]


@pytest.fixture
def client() -> TestClient:
    return local(create_app([str(EXAMPLE)], max_upload=2**20))


def token_of(client: TestClient) -> str:
    return client.app.state.store.entries()[-1].token  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize("path", ["", "/crosstable", "/player/1", "/compare", "/check"])
def test_a_page_is_rendered_once_then_served_as_the_same_bytes(client: TestClient, path: str) -> None:
    url = f"/t/{token_of(client)}{path}"
    first = client.get(url)
    second = client.get(url)
    cache = client.app.state.page_cache  # type: ignore[attr-defined]
    assert first.status_code == second.status_code == 200
    assert first.content == second.content
    assert (cache.renders, cache.hits) == (1, 1)
    assert first.headers["etag"] == second.headers["etag"]
    assert first.headers["content-type"] == "text/html; charset=utf-8"
    assert first.headers["cache-control"] == "no-cache"
    assert "content-security-policy" in second.headers  # the guard's headers on a kept page too


def test_a_client_with_the_page_is_answered_304(client: TestClient) -> None:
    url = f"/t/{token_of(client)}"
    page = client.get(url)
    tag, modified = page.headers["etag"], page.headers["last-modified"]
    assert email.utils.parsedate_to_datetime(modified) is not None
    again = client.get(url, headers={"If-None-Match": tag})
    assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", tag)
    assert client.get(url, headers={"If-None-Match": '"other"'}).status_code == 200
    assert client.get(url, headers={"If-Modified-Since": modified}).status_code == 304
    assert client.get(url, headers={"If-Modified-Since": "Mon, 01 Jan 2024 00:00:00 GMT"}).status_code == 200
    assert client.get(url, headers={"If-Modified-Since": "not a date"}).status_code == 200


def test_each_language_and_query_is_its_own_page(client: TestClient) -> None:
    url = f"/t/{token_of(client)}"
    english = client.get(url + "?lang=en")
    italian = client.get(url + "?lang=it")
    after = client.get(url + "?after_round=3&lang=en")
    assert english.content != italian.content and 'lang="it"' in italian.text
    assert after.content != english.content
    assert client.app.state.page_cache.renders == 3  # type: ignore[attr-defined]
    # the same query in another order is the same page
    assert client.get(url + "?lang=en&after_round=3").content == after.content
    assert client.app.state.page_cache.renders == 3  # type: ignore[attr-defined]


def test_an_error_page_is_not_kept(client: TestClient) -> None:
    url = f"/t/{token_of(client)}?after_round=99"
    assert client.get(url).status_code == 400
    assert client.get(url).status_code == 400
    assert client.app.state.page_cache.renders == 0  # type: ignore[attr-defined]


def test_a_tournament_no_longer_open_is_never_served_from_the_cache() -> None:
    store = Store(limit=1)
    client = local(create_app([str(EXAMPLE)], max_upload=2**20, store=store))
    url = f"/t/{token_of(client)}"
    assert client.get(url).status_code == 200
    store.add("second.trf", EXAMPLE.read_bytes())  # the first one is closed to make room
    assert client.get(url).status_code == 404


def test_concurrent_requests_for_one_page_render_it_once() -> None:
    cache = PageCache()
    calls = 0

    async def render() -> Response:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.01)
        return HTMLResponse("<p>standings</p>")

    async def many() -> list[object]:
        return await asyncio.gather(*(cache.page(("t", "/t/t", "", "en"), render) for _ in range(50)))

    pages = asyncio.run(many())
    assert calls == 1
    assert {p.body for p in pages} == {b"<p>standings</p>"}  # type: ignore[attr-defined]


def test_the_cache_keeps_at_most_its_bytes() -> None:
    cache = PageCache(max_bytes=25)

    async def fill() -> None:
        for k in range(4):
            await cache.page((str(k),), lambda: _page(10))

    asyncio.run(fill())
    assert (len(cache), cache.size) == (2, 20)  # the two most recent pages of 10 bytes
    assert cache.get(("0",)) is None and cache.get(("3",)) is not None


async def _page(size: int) -> Response:
    return HTMLResponse("x" * size)


def test_pages_render_in_their_own_pool_apart_from_uploads_and_exports() -> None:
    # a page (rendered under PAGE_POOL) runs on a page thread; an upload or an export on the other
    # pool, so that a queue of uploads never keeps a page waiting for a thread
    worker = Worker(workers=1)

    def name() -> str:
        return threading.current_thread().name

    async def both() -> tuple[str, str]:
        upload = await worker.run(name)
        marker = PAGE_POOL.set(True)
        try:
            page = await worker.run(name)
        finally:
            PAGE_POOL.reset(marker)
        return upload, page

    try:
        upload, page = asyncio.run(both())
    finally:
        worker.close()
    assert upload.startswith("spareggio-work") and page.startswith("spareggio-page")
