"""Kept-alive connections under load: ``spareggio serve`` in a process of its own, then ``--clients``
clients at once, each on one kept-alive connection, sending ``--requests`` requests (POST
/api/standings of a 150-player file, GET /) with ``--idle`` seconds between them; every answer and
every failure (a connection reset or closed under the client) is counted.

    python benchmarks/bench_keepalive.py                       # 200 clients, 3 requests, idle 5 s
    python benchmarks/bench_keepalive.py --idle 0 --requests 10

The figures in docs/security.md ("Kept-alive connections, measured") come from it.  Run on demand;
it is not a test.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import http.client
import socket
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.generate import generate_trf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=3)
    parser.add_argument("--idle", type=float, default=5.0)
    args = parser.parse_args(argv)
    data = generate_trf(150, 9, 2026).encode()
    body = b'--B\r\nContent-Disposition: form-data; name="file"; filename="t.trf"\r\n\r\n' + data + b"\r\n--B--\r\n"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "spareggio", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    def client(_: int) -> collections.Counter[str]:
        seen: collections.Counter[str] = collections.Counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        for k in range(args.requests):
            try:
                if k % 2:
                    conn.request("GET", "/")
                else:
                    conn.request("POST", "/api/standings", body, {"Content-Type": "multipart/form-data; boundary=B"})
                answer = conn.getresponse()
                answer.read()
                seen[f"answered {answer.status}"] += 1
            except (OSError, http.client.HTTPException) as exc:
                seen[type(exc).__name__] += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            time.sleep(args.idle)
        conn.close()
        return seen

    try:
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        started = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(args.clients) as pool:
            total = sum(pool.map(client, range(args.clients)), collections.Counter())
        print(f"{args.clients} clients x {args.requests} requests, idle {args.idle} s: {dict(total)}"
              f" in {time.perf_counter() - started:.1f} s")  # fmt: skip
    finally:
        server.terminate()
        server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
