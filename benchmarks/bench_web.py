"""Benchmark of the web page and the HTTP API on loopback (a real uvicorn server, run with the
server's own limits: spareggio.web.server.config).

    python benchmarks/bench_web.py

* upload to rendered standings: POST /open with a 150-player, 9-round TRF file, then GET the
  standings page it redirects to; median of 30;
* load: 200 concurrent POST /api/standings of that file from 200 threads; every answer is checked
  against the library's own JSON for the file; median, p95 and max latency, wall time;
* the index while a 1,000-player PDF export is made: latency of GET / (median, max of 20).

Run on demand; it is not a test.  The numbers in docs/performance.md come from it.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import socket
import statistics
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import uvicorn

from spareggio.generate import generate_trf
from spareggio.io import parse_tournament
from spareggio.render.output import standings_json
from spareggio.standings import standings
from spareggio.web import create_app
from spareggio.web.server import config

CONCURRENT = 200


def request(
    port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[int, bytes, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    try:
        conn.request(method, path, body=body or None, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.read(), dict(r.getheaders())
    finally:
        conn.close()


def multipart(name: str, data: bytes) -> tuple[bytes, dict[str, str]]:
    body = (
        b"--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name.encode() + b"\"\r\n\r\n"
        + data + b"\r\n--B--\r\n"
    )  # fmt: skip
    return body, {"Content-Type": "multipart/form-data; boundary=B"}


def main() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app()
    server = uvicorn.Server(config(app, "127.0.0.1", port))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    data = generate_trf(150, 9, 2026).encode("utf-8")
    expected = json.loads(standings_json(standings(parse_tournament(data, "open-150x9.trf"))))
    form = urllib.parse.urlencode({"text": data.decode()}).encode()
    form_headers = {"Content-Type": "application/x-www-form-urlencoded"}

    times = []
    for k in range(35):
        t0 = time.perf_counter()
        status, _, headers = request(port, "POST", "/open", form, form_headers)
        status, page, _ = request(port, "GET", headers["location"])
        if k >= 5:
            times.append(time.perf_counter() - t0)
        assert status == 200 and b'table class="standings' in page
    print(
        f"upload to rendered standings, 150 x 9: median {statistics.median(times) * 1e3:.0f} ms, "
        f"max {max(times) * 1e3:.0f} ms (30 uploads)"
    )

    body, headers = multipart("open-150x9.trf", data)

    def one(_: int) -> tuple[bool, float]:
        t0 = time.perf_counter()
        status, answer, _h = request(port, "POST", "/api/standings", body, headers)
        return status == 200 and json.loads(answer) == expected, time.perf_counter() - t0

    t0 = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=CONCURRENT) as pool:
        results = list(pool.map(one, range(CONCURRENT)))
    wall = time.perf_counter() - t0
    latencies = sorted(t for _ok, t in results)
    p95 = latencies[int(0.95 * len(latencies)) - 1]
    print(
        f"{CONCURRENT} concurrent POST /api/standings: {sum(ok for ok, _t in results)}/{CONCURRENT} correct; "
        f"latency median {statistics.median(latencies):.2f} s, p95 {p95:.2f} s, max {latencies[-1]:.2f} s; "
        f"wall {wall:.2f} s"
    )

    big = generate_trf(1000, 9, 2026)
    _s, _b, headers = request(
        port, "POST", "/open", urllib.parse.urlencode({"text": big}).encode(), form_headers
    )
    where = headers["location"]
    done = threading.Event()
    pdf_time: list[float] = []

    def export() -> None:
        t = time.perf_counter()
        status, pdf, _h = request(port, "GET", where + "/download/pdf")
        pdf_time.append(time.perf_counter() - t)
        assert status == 200 and pdf.startswith(b"%PDF"), status
        done.set()

    threading.Thread(target=export, daemon=True).start()
    while app.state.site.worker.busy == 0:
        time.sleep(0.005)
    index = []
    while not done.is_set() and len(index) < 20:
        t = time.perf_counter()
        status, _b, _h = request(port, "GET", "/")
        index.append(time.perf_counter() - t)
        assert status == 200
        time.sleep(0.1)
    done.wait()
    print(
        f"GET / while a 1,000-player PDF is made ({pdf_time[0]:.1f} s): median "
        f"{statistics.median(index) * 1e3:.0f} ms, max {max(index) * 1e3:.0f} ms ({len(index)} requests)"
    )
    server.should_exit = True


if __name__ == "__main__":
    main()
