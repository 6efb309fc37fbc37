#!/usr/bin/env python3
"""A remote handler for ChainServer, in the Python standard library only.

It adds an `autoRate` action to a session's image grid, as a view registers an action
handler in its UI toolkit: no server code, no configuration beyond the menu item
(`config/menus.json` declares `autoRate` under `remoteActions`, bound to Image ▸ Auto Rate).

    python3 examples/autorate.py --url http://127.0.0.1:8080            # a new session
    python3 examples/autorate.py --url ... --session ID --token TOKEN    # attach to yours

What it does, and what the server does in turn:
  1. opens the session's event stream (`GET …/events`): while one is open, its handlers are
     live; the first event, `hello`, carries the session and its menu;
  2. registers `autoRate` on `main/grid` (`POST …/handlers`), with the undo name
     "Auto Rate";
  3. keeps the handler's validation current (`PATCH …/handlers/{id}`): enabled only while
     the grid has a selection, titled "Auto Rate N Images"; the server folds it into every
     menu validation and sends `menu` events when it changes;
  4. answers each `invoke` (a command that reached the handler) with changes
     (`POST …/calls/{call}`): a rating per selected image, which the server writes through
     the same durable, undoable path as a built-in `setRating` ("Undo Auto Rate").

It reconnects with `Last-Event-ID` when the stream drops, and stops on Ctrl-C or `ended`.
"""
import argparse
import http.client
import json
import sys
import threading
import time
import urllib.parse


class Server:
    """Small JSON-over-HTTP helper bound to one session's token."""

    def __init__(self, url, token=None):
        parsed = urllib.parse.urlsplit(url)
        self.host, self.port = parsed.hostname, parsed.port or 80
        self.token = token
        self.lock = threading.Lock()
        self.connection = None

    def headers(self):
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        return headers

    def call(self, method, path, body=None):
        """One request on a kept-alive connection; returns (status, JSON or None)."""
        data = None if body is None else json.dumps(body)
        with self.lock:
            for attempt in (1, 2):
                if self.connection is None:
                    self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
                try:
                    self.connection.request(method, path, data, self.headers())
                    response = self.connection.getresponse()
                    raw = response.read()
                    return response.status, (json.loads(raw) if raw else None)
                except (http.client.HTTPException, OSError):
                    self.connection.close()
                    self.connection = None
                    if attempt == 2:
                        raise

    def events(self, path, last_event_id=None):
        """Yields (id, event, data) from a server-sent event stream until it ends."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        headers = {"Authorization": "Bearer " + self.token, "Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        if response.status != 200:
            raise RuntimeError(f"GET {path} answered {response.status}: {response.read()[:300]!r}")
        event_id, name, data = None, "message", None
        while True:
            line = response.fp.readline()
            if not line:
                return
            line = line.decode("utf-8").rstrip("\n")
            if line.startswith(":"):
                continue  # a keep-alive comment
            if line == "":
                if data is not None:
                    yield event_id, name, json.loads(data)
                name, data = "message", None
            elif line.startswith("id: "):
                event_id = int(line[4:])
            elif line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = line[6:]


def rating_for(image_id):
    """A stand-in for real judgement (sharpness, faces, …): deterministic per image."""
    number = int(image_id.split("-", 1)[1])
    return 1 + (number * 7 + 3) % 5


class AutoRate:
    def __init__(self, server, session_id, once):
        self.server = server
        self.base = f"/v1/sessions/{session_id}"
        self.once = once
        self.handler = None
        self.validation = None
        self.answered = 0

    def log(self, message):
        print(time.strftime("%H:%M:%S"), message, flush=True)

    def register(self):
        status, body = self.server.call("POST", self.base + "/handlers", {
            "responder": "main/grid", "action": "autoRate", "undoName": "Auto Rate",
            "validation": {"enabled": False, "title": "Auto Rate"},
        })
        if status != 201:
            raise RuntimeError(f"registering autoRate answered {status}: {body}")
        self.handler = body["id"]
        self.validation = body["validation"]
        self.log(f"registered autoRate on main/grid as {self.handler}")

    def follow(self, session):
        """Keeps the handler's validation in step with the main grid's selection."""
        main = next((w for w in session["windows"] if w["id"] == "main"), None)
        count = (main or {}).get("grid", {}).get("selectionCount", 0)
        noun = "Image" if count == 1 else "Images"
        wanted = {"enabled": count > 0, "state": "off",
                  "title": f"Auto Rate {count} {noun}" if count else "Auto Rate", "hidden": False}
        if wanted == self.validation:
            return
        status, body = self.server.call("PATCH", f"{self.base}/handlers/{self.handler}", {"validation": wanted})
        if status == 200:
            self.validation = body["validation"]
            self.log(f"validation: {'enabled' if wanted['enabled'] else 'disabled'}, \"{wanted['title']}\"")

    def answer(self, call):
        """Rates the images the call's context lists (at most 1,000 of the selection)."""
        images = call["context"]["selection"]
        changes = [{"image": image, "rating": rating_for(image)} for image in images]
        status, body = self.server.call("POST", f"{self.base}/calls/{call['call']}",
                                        {"result": {"rated": len(changes)}, "changes": changes})
        self.answered += 1
        self.log(f"answered {call['call']}: rated {len(changes)} image(s) -> {status}")
        if status != 204:
            self.log(f"  the server said: {body}")

    def run(self):
        last_id = None
        while True:
            try:
                for event_id, name, data in self.server.events(self.base + "/events", last_id):
                    last_id = event_id
                    if name == "hello":
                        self.log("stream open (hello)")
                        if self.handler is None:
                            self.register()
                        self.follow(data["session"])
                    elif name == "command":
                        # The command event carries the session's version, not the session:
                        # read the session again to see what changed.
                        status, session = self.server.call("GET", self.base)
                        if status == 200:
                            self.follow(session)
                    elif name == "invoke" and data["handler"] == self.handler:
                        self.answer(data)
                        if self.once:
                            return 0
                    elif name == "ended":
                        self.log(f"session ended ({data['reason']})")
                        return 0
            except (OSError, http.client.HTTPException) as error:
                self.log(f"stream dropped ({error}); reconnecting from event {last_id}")
                time.sleep(1)
                continue
            self.log(f"stream closed; reconnecting from event {last_id}")
            time.sleep(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--session", help="attach to this session (with --token)")
    parser.add_argument("--token")
    parser.add_argument("--once", action="store_true", help="exit after answering one call")
    options = parser.parse_args()

    server = Server(options.url)
    if options.session:
        if not options.token:
            parser.error("--session needs --token")
        session_id, server.token = options.session, options.token
    else:
        status, body = server.call("POST", "/v1/sessions")
        if status != 201:
            sys.exit(f"creating a session answered {status}: {body}")
        session_id, server.token = body["id"], body["token"]
        print(f"session {session_id}, token {server.token}")
        print("select some images and send autoRate, e.g.:")
        prefix = f"curl -s -H 'Authorization: Bearer {server.token}' -X POST {options.url}/v1/sessions/{session_id}/commands -d"
        print(f"  {prefix} '{{\"action\":\"select\",\"args\":{{\"images\":[\"img-1\",\"img-2\",\"img-3\"]}}}}'")
        print(f"  {prefix} '{{\"action\":\"autoRate\"}}'")
    try:
        return AutoRate(server, session_id, options.once).run()
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
