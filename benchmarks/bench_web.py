"""Benchmark of the web page and the HTTP API on loopback (a real uvicorn server).

    python benchmarks/bench_web.py

* upload to rendered standings: POST /open with a 150-player, 9-round TRF file, then GET the
  standings page it redirects to (what an arbiter waits for after dropping the file); median of 30;
* 50 concurrent POST /api/standings requests of the same file from 50 threads: every answer is
  checked against the library's own JSON for the file, and the wall time is reported.

Run on demand; it is not a test.  The numbers in docs/performance.md come from it.
"""

from __future__ import annotations

import concurrent.futures
import json
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import httpx
import uvicorn

from spareggio.generate import generate_trf
from spareggio.io import parse_tournament
from spareggio.render.output import standings_json
from spareggio.standings import standings
from spareggio.web import create_app


def main() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    data = generate_trf(150, 9, 2026).encode("utf-8")
    expected = json.loads(standings_json(standings(parse_tournament(data, "open-150x9.trf"))))
    with httpx.Client(base_url=base, timeout=30) as client:
        for _ in range(5):
            client.post("/open", files={"file": ("open-150x9.trf", data)}, follow_redirects=True)
        times = []
        for _ in range(30):
            t0 = time.perf_counter()
            r = client.post("/open", files={"file": ("open-150x9.trf", data)}, follow_redirects=True)
            times.append(time.perf_counter() - t0)
            assert r.status_code == 200 and 'table class="standings' in r.text
    print(
        f"upload to rendered standings, 150 x 9: median {statistics.median(times) * 1e3:.0f} ms, "
        f"max {max(times) * 1e3:.0f} ms (30 uploads)"
    )

    def one(_: int) -> bool:
        with httpx.Client(base_url=base, timeout=60) as c:
            r = c.post("/api/standings", files={"file": ("open-150x9.trf", data)})
            return r.status_code == 200 and r.json() == expected

    t0 = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
        ok = list(pool.map(one, range(50)))
    wall = time.perf_counter() - t0
    print(f"50 concurrent POST /api/standings: {sum(ok)}/50 correct in {wall:.2f} s")
    server.should_exit = True


if __name__ == "__main__":
    main()
