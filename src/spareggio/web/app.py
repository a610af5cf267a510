"""The web application: pages for arbiters and a JSON HTTP API, on FastAPI (Starlette) and Jinja2.

Every number on a page comes from the library (standings, explanations, comparison, check, the
publishing exports); the routers only choose what to compute from the request and render it:
:mod:`.pages`, :mod:`.prizes`, :mod:`.downloads` and :mod:`.api`, over the store of open tournaments
(:mod:`.store`), the options (:mod:`.options`), the view models (:mod:`.views`) and the pool of
work (:mod:`.work`); :mod:`.security` guards every request.  Uploaded files are kept in memory
(never written to disk) for as long as the page uses them.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.requests import Request

from ..__about__ import __version__
from ..base.i18n import Text, localize, msg
from . import api, docs, downloads, pages, prizes
from .chart import bump_chart
from .exports import json_error
from .i18n import request_language, translator
from .limits import MAX_UPLOAD_BYTES
from .options import error_language
from .security import CSP, SECURITY_HEADERS, Guard, allowed_hosts
from .site import Site, site_of
from .store import Closed, NotOpen, Store
from .templating import Pages
from .work import TooSlow, Worker

__all__ = ["MAX_UPLOAD_BYTES", "bump_chart", "create_app"]

HERE = Path(__file__).resolve().parent

DESCRIPTION = (
    "Chess tie-breaks computed exactly under the rule set that applies, explained, compared and "
    "checked. Each endpoint takes the tournament file (TRF or tournament JSON) as the multipart "
    "field `file` and the options of the command line as form fields. Every error is "
    '`{"error": message}` with a 4xx status (`lang` chooses its language). This page is also at '
    "`/redoc`; the document it is drawn from is `/openapi.json`."
)


def create_app(
    files: list[str] | None = None,
    *,
    max_upload: int = MAX_UPLOAD_BYTES,
    hosts: Iterable[str] | None = (),
    store: Store | None = None,
    worker: Worker | None = None,
    print_in_process: bool = False,
) -> FastAPI:
    """The web application, with ``files`` open from the start.

    ``hosts`` are the host names it answers to besides this machine's (127.0.0.1, localhost, ::1);
    None answers any (behind a reverse proxy that checks them).  ``print_in_process`` prints PDFs in
    a process of their own (what ``spareggio serve`` does), so that pages answer while one is made.

    :raises SpareggioError: when one of ``files`` cannot be read (with its position).
    """
    site = Site(store or Store(), Pages(), worker or Worker(print_in_process=print_in_process), max_upload)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        site.worker.stop_printing()  # the server stops: so does its printing process

    app = FastAPI(
        title="spareggio", version=__version__, description=DESCRIPTION, docs_url=None, redoc_url=None,
        lifespan=lifespan,
    )  # fmt: skip
    for path in files or []:
        with open(path, "rb") as handle:
            site.store.add(Path(path).name, handle.read())
    app.state.site = site
    app.state.store = site.store
    app.state.max_upload = max_upload
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(pages.router)
    app.include_router(prizes.router)
    app.include_router(downloads.router)
    app.include_router(api.router)
    app.include_router(prizes.api_router)
    app.include_router(docs.router)
    for kind, handler in _HANDLERS.items():
        app.add_exception_handler(kind, handler)
    app.add_middleware(Guard, limit=max_upload, hosts=None if hosts is None else allowed_hosts(hosts))
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _openapi(app: FastAPI) -> dict[str, object]:
    """The OpenAPI document as the API answers: FastAPI documents a 422 for a field that fails its
    validation, which this application answers 400 (``{"error": ...}``, see :func:`_invalid`)."""
    if app.openapi_schema is None:
        doc = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
        for operations in doc.get("paths", {}).values():
            for operation in operations.values():
                operation.get("responses", {}).pop("422", None)
        schemas = doc.get("components", {}).get("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            schemas.pop(name, None)
        app.openapi_schema = doc
    return app.openapi_schema


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


async def _error(request: Request, status: int, text: Text) -> Response:
    """An error in the request's language: ``{"error": ...}`` for the API (in the language of its
    ``lang`` field), the error page else."""
    lang = request_language(request)
    if _is_api(request):
        try:
            asked = (await request.form()).get("lang")  # parsed already: read again from the cache
        except Exception:  # noqa: BLE001 - a body that is no form has no language
            asked = None
        return json_error(localize(text, error_language(asked if isinstance(asked, str) else None)), status)
    return site_of(request).pages.error(request, status, localize(text, lang))


async def _not_open(request: Request, exc: Exception) -> Response:
    if _is_api(request):
        return json_error("not found", 404)
    _ = translator(request_language(request))
    if isinstance(exc, Closed):
        message = _("This tournament was closed to make room for newer ones: open the file again.")
    else:
        message = _("This tournament is not open (any more): open the file again.")
    return site_of(request).pages.error(request, 404, message)


async def _invalid(request: Request, exc: Exception) -> Response:
    problems = exc.errors() if isinstance(exc, RequestValidationError) else []
    first = problems[0] if problems else {}
    field = str((first.get("loc") or ("", "request"))[-1])[:40]
    if first.get("type") == "missing":
        return await _error(request, 400, msg("the field {field!r} is missing", field=field))
    return await _error(request, 400, msg("the field {field!r} is not valid", field=field))


async def _http(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    headers = getattr(exc, "headers", None)
    if _is_api(request):
        reason = "not found" if status == 404 else "method not allowed" if status == 405 else "bad request"
        response = json_error(reason, status)
        response.headers.update(headers or {})  # a 405's Allow (RFC 9110 15.5.6)
        return response
    return Response(getattr(exc, "detail", ""), status_code=status, headers=headers, media_type="text/plain")


async def _too_slow(request: Request, exc: Exception) -> Response:
    return await _error(request, 503, msg("the server is too busy to answer in time: try again"))


async def _crash(request: Request, exc: Exception) -> Response:
    """An unexpected failure: a short 500 (never the traceback), with the security headers (this
    answer is sent outside the guard)."""
    lang = request_language(request)
    text = localize(msg("internal error: the request could not be answered"), lang)
    if _is_api(request):
        response = json_error(text, 500)
    else:
        response = Response(text, status_code=500, media_type="text/plain; charset=utf-8")
    response.headers["Content-Security-Policy"] = CSP
    for name, value in SECURITY_HEADERS:
        response.headers[name.decode()] = value.decode()
    return response


_HANDLERS = {
    NotOpen: _not_open,
    RequestValidationError: _invalid,
    HTTPException: _http,
    TooSlow: _too_slow,
    Exception: _crash,
}
