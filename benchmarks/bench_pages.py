"""Load test of the published pages: many clients open the same standings, crosstable and player
pages of one tournament at once, as players do on their phones after the last round.

    python benchmarks/bench_pages.py                       # 200 clients, 10 requests each
    python benchmarks/bench_pages.py --clients 200 --requests 10 --uploads 10
    python benchmarks/bench_pages.py --revalidate          # clients that send If-None-Match

It generates a 150-player, 9-round Swiss (TRF), starts ``spareggio serve`` on it on 127.0.0.1 (a
free port; nothing else is contacted), and runs ``--clients`` clients at once, each on its own
keep-alive connection, each asking ``--requests`` pages in turn (the standings, the crosstable, a
player's page), reading each for ``--think`` seconds on average before the next (``--think 0``: every
client asks again as soon as it is answered, the server's throughput).  With ``--uploads N``, N more clients upload the same file (``POST /open``) over and
over during the test: uploads run in their own pool and should not slow the pages.  With
``--revalidate`` every client sends the ``ETag`` it got back (``If-None-Match``), as a phone
reloading the page does, and is answered ``304``.

It prints the latency of the page requests (p50, p95, max, from the request's first byte sent to
the answer's last byte read, in the client), the statuses, and the uploads done.  The test is
bounded: at most ``--clients x --requests`` page requests, and ``--seconds`` in all.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "src"))

from spareggio.cli import main as spareggio


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def request(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int, method: str, path: str,
    headers: dict[str, str] | None = None, body: bytes = b"",
) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
    """One HTTP/1.1 request on a keep-alive connection: status, headers, body."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: keep-alive"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body:
        lines.append(f"Content-Length: {len(body)}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status_line, *rest = head.decode("latin-1").split("\r\n")
    got = {}
    for line in rest:
        if ":" in line:
            k, v = line.split(":", 1)
            got[k.strip().lower()] = v.strip()
    size = int(got.get("content-length", "0"))
    data = await reader.readexactly(size) if size else b""
    return int(status_line.split()[1]), got, data


async def page_client(
    port: int, paths: list[str], count: int, revalidate: bool, times: list[float], statuses: dict[int, int],
    deadline: float, think: float, rng: random.Random,
) -> None:  # fmt: skip
    await asyncio.sleep(rng.uniform(0, think))  # the phones do not all tap in the same millisecond
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    tags: dict[str, str] = {}
    try:
        for k in range(count):
            if time.perf_counter() > deadline:
                return
            if k:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))  # reading the page
            path = paths[k % len(paths)]
            headers = {"If-None-Match": tags[path]} if revalidate and path in tags else {}
            t0 = time.perf_counter()
            status, got, _ = await request(reader, writer, port, "GET", path, headers)
            times.append(time.perf_counter() - t0)
            statuses[status] = statuses.get(status, 0) + 1
            if "etag" in got:
                tags[path] = got["etag"]
            if got.get("connection") == "close":
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
    finally:
        writer.close()


async def upload_client(
    port: int, data: bytes, stop: asyncio.Event, done: list[int], think: float, rng: random.Random
) -> None:
    boundary = "----spareggio-bench"
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"open.trf\"\r\n"
        "Content-Type: text/plain\r\n\r\n"
    ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    headers = {
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Origin": f"http://127.0.0.1:{port}",
    }
    while not stop.is_set():
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            status, _, _ = await request(reader, writer, port, "POST", "/open", headers, body)
            if status in (303, 200):
                done.append(status)
        finally:
            writer.close()
        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))  # an arbiter, not a loop


async def run(args: argparse.Namespace, port: int, paths: list[str], data: bytes) -> dict[str, object]:
    times: list[float] = []
    statuses: dict[int, int] = {}
    uploads: list[int] = []
    stop = asyncio.Event()
    deadline = time.perf_counter() + args.seconds
    uploaders = [
        asyncio.create_task(upload_client(port, data, stop, uploads, args.think, random.Random(-k)))
        for k in range(1, args.uploads + 1)
    ]
    t0 = time.perf_counter()
    await asyncio.gather(
        *(
            page_client(port, paths, args.requests, args.revalidate, times, statuses, deadline, args.think, random.Random(k))
            for k in range(args.clients)
        )
    )
    wall = time.perf_counter() - t0
    stop.set()
    await asyncio.gather(*uploaders, return_exceptions=True)
    ordered = sorted(times)
    return {
        "requests": len(times),
        "wall": wall,
        "p50": statistics.median(ordered),
        "p95": ordered[int(0.95 * (len(ordered) - 1))],
        "max": ordered[-1],
        "statuses": statuses,
        "uploads": len(uploads),
    }


def token_of(port: int) -> str:
    async def index() -> str:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            _, _, body = await request(reader, writer, port, "GET", "/")
            return body.decode()
        finally:
            writer.close()

    for _ in range(200):
        try:
            found = re.search(r'href="/t/([A-Za-z0-9_-]+)"', asyncio.run(index()))
            if found:
                return found.group(1)
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit("the server did not answer")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--requests", type=int, default=10, help="page requests per client")
    ap.add_argument("--uploads", type=int, default=0, help="clients uploading the file meanwhile")
    ap.add_argument("--revalidate", action="store_true", help="send If-None-Match as phones do")
    ap.add_argument(
        "--think", type=float, default=1.0,
        help="mean seconds a client reads a page before the next (uniform, 0.5 to 1.5 times); 0: at once",
    )  # fmt: skip
    ap.add_argument("--seconds", type=float, default=120.0, help="stop asking after this long")
    ap.add_argument("--players", type=int, default=150)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trf = Path(tmp) / "open.trf"
        assert spareggio(["generate", "-n", str(args.players), "-r", "9", "-s", "2026", "-o", str(trf)]) == 0
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "spareggio", "serve", str(trf), "--port", str(port)],
            stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        )  # fmt: skip
        try:
            token = token_of(port)
            paths = [f"/t/{token}", f"/t/{token}/crosstable", *(f"/t/{token}/player/{k}" for k in (1, 2, 3))]
            found = asyncio.run(run(args, port, paths, trf.read_bytes()))
        finally:
            server.terminate()
            server.wait(timeout=30)
    load = os.getloadavg()
    print(
        f"{args.clients} clients x {args.requests} page requests ({found['requests']} done in "
        f"{found['wall']:.2f} s), {args.uploads} uploading clients ({found['uploads']} uploads), "
        f"revalidate={args.revalidate}, think {args.think} s; load average {load[0]:.2f}"
    )
    print(
        f"latency p50 {found['p50'] * 1000:.1f} ms, p95 {found['p95'] * 1000:.1f} ms, "
        f"max {found['max'] * 1000:.1f} ms; statuses {found['statuses']}"
    )


if __name__ == "__main__":
    main()
