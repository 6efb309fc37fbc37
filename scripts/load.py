#!/usr/bin/env python3
"""Load a running chain-server over loopback and print figures.

usage: scripts/load.py [BASE_URL] [--sessions N] [--commands M] [--menus K]

Each of N threads opens its own session and keep-alive connection, selects its own five
images, then sends M setRating commands (each acknowledged only after its commit) and K
menu reads. Prints throughput, latency percentiles, and from /metrics how many catalog
commits the rating commands shared (group commit). Bounded in count; loopback only.
"""
import argparse, http.client, json, re, statistics, threading, time, urllib.parse

def request(conn, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    start = time.perf_counter()
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, data, time.perf_counter() - start

def metric(text, name):
    match = re.search(r"^" + re.escape(name) + r"(?:\{[^}]*\})? ([0-9.e+]+)$", text, re.M)
    return float(match.group(1)) if match else 0.0

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base", nargs="?", default="http://127.0.0.1:8080")
    parser.add_argument("--sessions", type=int, default=16)
    parser.add_argument("--commands", type=int, default=100)
    parser.add_argument("--menus", type=int, default=100)
    args = parser.parse_args()
    url = urllib.parse.urlparse(args.base)
    if url.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("load only a server on this machine (loopback)")
    connect = lambda: http.client.HTTPConnection(url.hostname, url.port, timeout=30)

    control = connect()
    before = request(control, "GET", "/metrics")[1].decode()
    ratings, menus, errors = [], [], []
    lock = threading.Lock()

    def client(index):
        conn = connect()
        status, data, _ = request(conn, "POST", "/v1/sessions")
        session = json.loads(data)
        sid, token = session["id"], session["token"]
        images = ["img-%d" % (index * 5 + k + 1) for k in range(5)]
        request(conn, "POST", "/v1/sessions/%s/commands" % sid, {"action": "select", "args": {"images": images}}, token)
        mine_r, mine_m = [], []
        for n in range(args.commands):
            status, data, seconds = request(conn, "POST", "/v1/sessions/%s/commands" % sid,
                                            {"action": "setRating", "args": {"rating": n % 6}}, token)
            (mine_r if status == 200 else errors).append(seconds if status == 200 else (status, data[:200]))
        for _ in range(args.menus):
            status, data, seconds = request(conn, "GET", "/v1/sessions/%s/menu" % sid, token=token)
            (mine_m if status == 200 else errors).append(seconds if status == 200 else (status, data[:200]))
        request(conn, "DELETE", "/v1/sessions/%s" % sid, token=token)
        with lock:
            ratings.extend(mine_r)
            menus.extend(mine_m)

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.sessions)]
    for thread in threads: thread.start()
    for thread in threads: thread.join()
    elapsed = time.perf_counter() - started
    after = request(control, "GET", "/metrics")[1].decode()

    def summary(name, samples):
        if not samples:
            return "%s: none" % name
        ordered = sorted(samples)
        p = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000
        return "%s: %d ok, p50 %.2f ms, p99 %.2f ms, max %.2f ms" % (name, len(samples), p(0.5), p(0.99), ordered[-1] * 1000)

    commits = metric(after, "chain_catalog_commits_total") - metric(before, "chain_catalog_commits_total")
    rows = metric(after, "chain_catalog_committed_rows_total") - metric(before, "chain_catalog_committed_rows_total")
    total = len(ratings) + len(menus)
    print("clients: %d sessions x (%d setRating + %d menu reads), %.2f s" % (args.sessions, args.commands, args.menus, elapsed))
    print("throughput: %.0f requests/s" % (total / elapsed))
    print(summary("setRating (durable)", ratings))
    print(summary("menu", menus))
    print("catalog commits: %d for %d rating commands (%.1f commands per commit), %d rows" %
          (commits, len(ratings), len(ratings) / commits if commits else 0, rows))
    print("errors: %d" % len(errors))
    for error in errors[:5]: print("  ", error)

if __name__ == "__main__":
    main()
