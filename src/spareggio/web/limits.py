"""Every limit of the web server, in one place (docs/security.md lists them with their values).

The server is a local tool for an arbiter; the limits keep one request, one slow client or one large
file from taking the memory, the processor or the connections of everyone else."""

from __future__ import annotations

__all__ = [
    "BODY_CHUNK_SECONDS",
    "BODY_SECONDS",
    "HEADER_SECONDS",
    "KEEP_ALIVE_SECONDS",
    "MAX_CONNECTIONS",
    "MAX_FIELD_CHARS",
    "MAX_HEADER_BYTES",
    "MAX_NUMBER_DIGITS",
    "MAX_OUTPUT_BYTES",
    "MAX_UPLOAD_BYTES",
    "STORE_BYTES",
    "STORE_LIMIT",
    "WORKERS",
    "WORK_SECONDS",
]

MAX_UPLOAD_BYTES = 16 * 1024 * 1024
"""Largest request body accepted (a TRF of 9,999 players is about 1.5 MB)."""
STORE_LIMIT = 64
"""Tournaments kept open at once; the oldest is forgotten first."""
STORE_BYTES = 256 * 1024 * 1024
"""Memory of the files kept open at once (their bytes, participants and arrays, as
:func:`spareggio.web.store.memory_cost` estimates it); the oldest are forgotten first to stay under
it.  With the server's own 75 MB and the work of its threads, the server stays near 400 MB however
many files are opened (docs/security.md has the measurement)."""
MAX_FIELD_CHARS = 1000
"""Longest option a request may send (a tie-break list, a rule set, a player's name)."""
MAX_NUMBER_DIGITS = 6
"""Most digits of a number in a request (a round, a start number): 999,999 at most."""
MAX_OUTPUT_BYTES = 64 * 1024 * 1024
"""Largest answer the server writes; a larger one is refused (413) rather than built for nothing."""
WORKERS = 4
"""Computations (reading, ranking, exports, PDF) running at once, off the event loop."""
WORK_SECONDS = 60.0
"""Time limit of one computation; the request is answered 503 when it is over."""
HEADER_SECONDS = 10.0
"""Time a client has to send the request line and headers of a request."""
BODY_CHUNK_SECONDS = 15.0
"""Longest wait for the next piece of a request body."""
BODY_SECONDS = 120.0
"""Time a client has to send a whole request body."""
KEEP_ALIVE_SECONDS = 30
"""An idle kept-alive connection is closed after this.  A client that sends its next request just as
the server closes the connection sees it reset (every HTTP/1.1 server has this race); 30 seconds
covers the waits of a page's own requests under load (5 seconds did not: a client of 200 waiting its
turn reused connections the server had just closed).  Idle connections count towards
:data:`MAX_CONNECTIONS`."""
MAX_HEADER_BYTES = 64 * 1024
"""Largest request line plus headers."""
MAX_CONNECTIONS = 256
"""Connections open at once; more are answered 503."""
