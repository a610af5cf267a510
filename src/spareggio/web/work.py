"""Computations off the event loop: reading files, ranking, rendering pages and exports run in a
bounded pool of threads, each request within a time limit, so that one large export never holds
up the other pages."""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from .limits import WORK_SECONDS, WORKERS

__all__ = ["TooSlow", "Worker"]

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

    def __init__(self, workers: int = WORKERS, seconds: float = WORK_SECONDS) -> None:
        self.workers = workers
        self.seconds = seconds
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="spareggio-work")
        self._busy = 0
        self._lock = threading.Lock()

    @property
    def busy(self) -> int:
        """Computations running now."""
        return self._busy

    def _counted(self, fn: Callable[[], R]) -> R:
        with self._lock:
            self._busy += 1
        try:
            return fn()
        finally:
            with self._lock:
                self._busy -= 1

    async def run(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``fn(*args, **kwargs)`` in a thread of the pool.

        :raises TooSlow: when it is not done within the time limit.
        """
        future = self._pool.submit(self._counted, functools.partial(fn, *args, **kwargs))
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.seconds)
        except TimeoutError:
            future.cancel()  # never started: it never will
            raise TooSlow from None

    def close(self) -> None:
        """Stop taking work (what runs finishes)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
