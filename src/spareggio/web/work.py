"""Computations off the event loop: reading files, ranking, rendering pages and exports run in a
bounded pool of threads, each request within a time limit, so that one large export never holds
up the other pages.  The pages of an open tournament (:mod:`.cache`) render in a pool of their
own: uploads, exports and the API share the other, so they never keep a page waiting.  PDF printing (WeasyPrint, seconds of pure Python for a large event) can run in
a process of its own: a thread would share the interpreter's lock with the event loop, and the
pages would wait for it."""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

from ..render.publish import PRINTER, html_to_pdf
from .limits import WORK_SECONDS, WORKERS

__all__ = ["PAGE_POOL", "PAGE_WORKERS", "TooSlow", "Worker"]

PAGE_POOL: ContextVar[bool] = ContextVar("PAGE_POOL", default=False)
"""Set while a page of an open tournament is rendered (:func:`spareggio.web.cache.cached`): its
computation runs in the pool of pages."""

PAGE_WORKERS = 2
"""Threads that render pages (each page is rendered once, then served from the cache)."""

P = ParamSpec("P")
R = TypeVar("R")


class TooSlow(Exception):
    """A computation took longer than the time limit."""


class Worker:
    """At most ``workers`` computations at once (the others wait their turn), each answered within
    ``seconds`` of its request.

    A Python thread cannot be stopped: a computation over the limit is answered 503 and finishes
    in the background holding its thread, so the pool's bound stays true; one still waiting for a
    thread when its time is up never starts."""

    def __init__(self, workers: int = WORKERS, seconds: float = WORK_SECONDS, *, print_in_process: bool = False) -> None:
        self.workers = workers
        self.seconds = seconds
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="spareggio-work")
        self._pages = ThreadPoolExecutor(max_workers=PAGE_WORKERS, thread_name_prefix="spareggio-page")
        self._busy = 0
        self._lock = threading.Lock()
        self._printer: ProcessPoolExecutor | None = None
        self.print_in_process = print_in_process
        """Print PDFs in a process of their own (``spareggio serve``); else in the worker thread."""

    @property
    def busy(self) -> int:
        """Computations running now."""
        return self._busy

    def _counted(self, fn: Callable[[], R]) -> R:
        with self._lock:
            self._busy += 1
        token = PRINTER.set(self.print_pdf if self.print_in_process else None)
        try:
            return fn()
        finally:
            PRINTER.reset(token)
            with self._lock:
                self._busy -= 1

    def print_pdf(self, html: str) -> bytes:
        """``html`` printed to PDF in the printing process (started on first use; one at a time)."""
        with self._lock:
            if self._printer is None:
                self._printer = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            printer = self._printer
        return printer.submit(html_to_pdf, html).result()

    async def run(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``fn(*args, **kwargs)`` in a thread of the pool.

        :raises TooSlow: when it is not done within the time limit.
        """
        pool = self._pages if PAGE_POOL.get() else self._pool
        future = pool.submit(self._counted, functools.partial(fn, *args, **kwargs))
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.seconds)
        except TimeoutError:
            future.cancel()  # never started: it never will
            raise TooSlow from None

    def close(self) -> None:
        """Stop taking work (what runs finishes), and stop the printing process."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pages.shutdown(wait=False, cancel_futures=True)
        self.stop_printing()

    def stop_printing(self) -> None:
        """Stop the printing process (a PDF being made is not waited for); the next PDF starts a
        new one."""
        with self._lock:
            printer, self._printer = self._printer, None
        if printer is not None:
            processes = list(getattr(printer, "_processes", {}).values())
            printer.shutdown(wait=False, cancel_futures=True)
            for process in processes:  # a PDF being made is not waited for
                process.terminate()
