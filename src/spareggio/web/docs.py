"""The documentation of the HTTP API where a developer looks for it: ``/docs`` (Swagger UI) and
``/redoc`` (ReDoc), both drawn from ``/openapi.json`` with their scripts and styles served from the
package (``static/vendor``, see its README): the pages load nothing from another host."""

from __future__ import annotations

from html import escape

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

__all__ = ["DOCS_CSP", "OPENAPI_URL", "router"]

OPENAPI_URL = "/openapi.json"
"""Where FastAPI serves the OpenAPI document of the application."""

DOCS_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
"""The Content-Security-Policy of the two documentation pages: still only the application's own
files, with the inline styles both viewers set on their elements and ReDoc's search worker (a
``blob:`` made by its own script)."""

router = APIRouter(include_in_schema=False)


def _page(title: str, head: str, body: str) -> HTMLResponse:
    html = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{escape(title)}</title>\n<link rel="icon" href="data:,">\n{head}</head>\n'
        f"<body>\n{body}</body>\n</html>\n"
    )
    return HTMLResponse(html, headers={"Content-Security-Policy": DOCS_CSP})


@router.get("/docs", response_class=HTMLResponse)
async def swagger_ui() -> HTMLResponse:
    """The API tried out in the browser (Swagger UI)."""
    return _page(
        "spareggio HTTP API",
        '<link rel="stylesheet" href="/static/vendor/swagger-ui/swagger-ui.css">\n',
        f'<div id="swagger-ui" data-url="{OPENAPI_URL}"></div>\n'
        '<script src="/static/vendor/swagger-ui/swagger-ui-bundle.js"></script>\n'
        '<script src="/static/docs.js"></script>\n',
    )


@router.get("/redoc", response_class=HTMLResponse)
async def redoc() -> HTMLResponse:
    """The API as a reference to read (ReDoc)."""
    return _page(
        "spareggio HTTP API",
        "",
        f'<redoc spec-url="{OPENAPI_URL}"></redoc>\n'
        '<script src="/static/vendor/redoc/redoc.standalone.js"></script>\n',
    )
