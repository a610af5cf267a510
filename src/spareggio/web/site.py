"""What the routers share: the store of open tournaments, the pages' renderer, the pool of work and
the upload limit, kept on the application (``request.app.state.site``)."""

from __future__ import annotations

from starlette.requests import Request

from ..base.classes import dataclass
from .store import Store
from .templating import Pages
from .work import Worker

__all__ = ["Site", "site_of"]


@dataclass
class Site:
    """The state of one web application."""

    store: Store
    pages: Pages
    worker: Worker
    max_upload: int


def site_of(request: Request) -> Site:
    """The state of the application that received ``request``."""
    site: Site = request.app.state.site
    return site
