#!/usr/bin/env python3
"""Load test of `sudokit serve` on loopback: a crowd, slow clients, abandoned work.

Usage: scripts/serve-load.py [--short] [--sudokit BIN]

Starts the server on a free loopback port (--jobs 2), then:
  1. crowd: CLIENTS threads send hard requests without pause (rate and explain of a
     hard 9x9, a count of an empty 25x25, a hard generation, PNG renders of a 9x9 and
     a 16x16 with candidates at 4,000 px a side) while one thread sends
     easy /api/solve requests one after another; reports the easy solves' p50, p99
     and max, and every status seen;
  2. slow: SLOW sockets send half a request's headers and stay open; a new client's
     GET /api is timed; the server's RSS is read while they are open and again
     after they close;
  3. abandoned: ABANDON clients send expensive requests (counts, generations, large
     PNGs) and hang up after 0.3 s; GET /api's worker gauge must never pass --jobs,
     and must be back to 0 within MARGIN of the hang-ups (the work is cancelled,
     not left to run to --timeout).
Checks (exit status 1 if any fails): easy solves all 200 with p99 under 100 ms; no
5xx but 503; every request answered within --timeout + MARGIN; the new client
answered within 1 s; RSS under 100 MB 10 s after the slow sockets close; the
worker peak at most --jobs; abandoned work stopped within MARGIN of its hang-up.

--short (what CI runs) uses fewer clients and seconds. Loopback only, bounded in
count and time.
"""

import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

HARD = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MARGIN = 1.0
# The largest pictures the server paints: 4,000 px a side, candidates drawn
# (a PNG of a 25x25 with candidates is refused: too many marks to lay out).
PNG9 = ("/api/render", {"puzzle": "." * 81, "candidates": True, "cell": 400, "image": "png"})
PNG16 = ("/api/render", {"puzzle": "." * 256, "candidates": True, "cell": 250, "image": "png"})


def post(port, path, body, timeout):
    """(status, seconds) of one POST; status 0 when the connection failed."""
    start = time.monotonic()
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        c.request("POST", path, body=json.dumps(body))
        r = c.getresponse()
        r.read()
        c.close()
        return r.status, time.monotonic() - start
    except OSError:
        return 0, time.monotonic() - start


def workers(port):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/api")
    w = json.loads(c.getresponse().read())["workers"]
    c.close()
    return w


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        m = re.search(r"VmRSS:\s+(\d+) kB", f.read())
    return int(m.group(1)) / 1024


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true")
    ap.add_argument("--sudokit", default="target/debug/sudokit")
    a = ap.parse_args()
    clients, seconds, slow_n, abandon_n, timeout = (
        (6, 4, 200, 12, 2) if a.short else (20, 30, 1000, 50, 5))
    server = subprocess.Popen(
        [a.sudokit, "serve", "--addr", "127.0.0.1:0", "--jobs", "2", "--timeout", str(timeout)],
        stdout=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
    failures = []
    limit = timeout + MARGIN
    try:
        # 1. The crowd.
        stop = threading.Event()
        statuses, slowest = {}, [0.0]
        lock = threading.Lock()

        def note(status, took):
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                slowest[0] = max(slowest[0], took)

        hard = [("/api/rate", {"puzzle": HARD}), ("/api/explain", {"puzzle": HARD}),
                ("/api/count", {"puzzle": "." * 625, "limit": 10**12}),
                ("/api/generate", {"level": "hard"}), PNG9, PNG16]

        def crowd(i):
            k = i
            while not stop.is_set():
                path, body = hard[k % len(hard)]
                note(*post(port, path, body, limit + 5))
                k += 1

        threads = [threading.Thread(target=crowd, args=(i,)) for i in range(clients)]
        for t in threads:
            t.start()
        time.sleep(0.5)
        easy, easy_bad = [], 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            status, took = post(port, "/api/solve", {"puzzle": EASY}, limit + 5)
            note(status, took)
            easy.append(took)
            easy_bad += status != 200
        stop.set()
        for t in threads:
            t.join()
        p50, p99 = percentile(easy, 0.5) * 1e3, percentile(easy, 0.99) * 1e3
        print(f"crowd: {clients} clients of hard requests for {seconds} s; {len(easy)} easy solves: "
              f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(easy) * 1e3:.1f} ms, not 200: {easy_bad}; "
              f"statuses {dict(sorted(statuses.items()))}; slowest answer {slowest[0]:.2f} s")
        if easy_bad or p99 >= 100:
            failures.append("easy solves: p99 under 100 ms, all 200")
        if any(s >= 500 and s != 503 or s == 0 for s in statuses):
            failures.append(f"a 5xx other than 503 or a failed connection: {statuses}")
        if slowest[0] > limit:
            failures.append(f"an answer took {slowest[0]:.2f} s > {limit} s")

        # 2. Slow and half-open connections.
        socks = []
        for _ in range(slow_n):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"POST /api/solve HTTP/1.1\r\nHost: x\r\n")
            socks.append(s)
        start = time.monotonic()
        workers(port)
        fresh = time.monotonic() - start
        held = rss_mb(server.pid)
        for s in socks:
            s.close()
        time.sleep(3 if a.short else 10)
        after = rss_mb(server.pid)
        print(f"slow: {slow_n} half-open connections; a new client answered in {fresh * 1e3:.1f} ms; "
              f"RSS {held:.1f} MB while open, {after:.1f} MB after they closed")
        if fresh > 1:
            failures.append("a new client waited more than 1 s")
        if after > 100:
            failures.append(f"RSS {after:.1f} MB after the slow clients closed")

        # 3. Abandoned expensive requests.
        costly = [("/api/count", {"puzzle": "." * 625, "limit": 10**12}),
                  ("/api/generate", {"size": 25, "minimal": True}), PNG9, PNG16]
        gone = [threading.Thread(target=post, args=(port, *costly[i % len(costly)], 0.3))
                for i in range(abandon_n)]
        start = time.monotonic()
        for t in gone:
            t.start()
        peak, busy = 0, None
        while time.monotonic() - start < limit + 3:
            w = workers(port)
            peak = max(peak, w["busy"])
            busy = w["busy"]
            if busy == 0 and all(not t.is_alive() for t in gone):
                break
            time.sleep(0.05)
        for t in gone:
            t.join()
        drained = time.monotonic() - start
        print(f"abandoned: {abandon_n} counts, generations and PNGs hung up after 0.3 s; "
              f"busy workers at most {peak} (--jobs 2); idle again after {drained:.2f} s")
        if peak > 2:
            failures.append(f"{peak} workers busy with --jobs 2")
        if busy != 0 or drained > 0.3 + MARGIN:
            failures.append(f"work still running {drained:.2f} s after the requests")
    finally:
        server.terminate()
        server.wait(timeout=10)
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
