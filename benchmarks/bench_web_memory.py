"""The memory of the web server under many uploads: ``spareggio serve`` in a process of its own,
then ``--uploads`` uploads (``POST /open``, one after the other) of one generated TRF file of 9,999
players and 13 rounds (2.2 MB); the server's resident memory (VmRSS) and its peak (VmHWM) are read
from ``/proc/PID/status`` after every tenth.

    python benchmarks/bench_web_memory.py              # 100 uploads
    python benchmarks/bench_web_memory.py --uploads 300

The table in docs/security.md ("Memory, measured") comes from it.  Linux only (``/proc``).  Run on
demand; it is not a test.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.generate import generate_trf


def memory(pid: int) -> tuple[float, float]:
    """Resident memory and its peak, in MB."""
    values = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--uploads", type=int, default=100)
    args = parser.parse_args(argv)
    data = generate_trf(9999, 13, 7).encode()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "spareggio", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    body = (
        b'--B\r\nContent-Disposition: form-data; name="file"; filename="big.trf"\r\n\r\n'
        + data + b"\r\n--B--\r\n"
    )  # fmt: skip
    try:
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        print(f"file: {len(data) / 1e6:.1f} MB; server at start: {memory(server.pid)[0]:.0f} MB")
        print("| uploads | resident | peak |\n|---:|---:|---:|")
        for k in range(1, args.uploads + 1):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            conn.request("POST", "/open", body, {"Content-Type": "multipart/form-data; boundary=B"})
            answer = conn.getresponse()
            answer.read()
            conn.close()
            assert answer.status == 303, answer.status
            if k % 10 == 0:
                rss, peak = memory(server.pid)
                print(f"| {k} | {rss:.0f} MB | {peak:.0f} MB |", flush=True)
    finally:
        server.terminate()
        server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
