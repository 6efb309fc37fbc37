#!/usr/bin/env python3
"""A remote handler for ChainServer, in the Python standard library only.

It adds an `autoRate` action to a session's image grid, as a view registers an action
handler in its UI toolkit: no server code, no configuration beyond the menu item
(`config/menus.json` lists `autoRate` under `remoteActions`, bound to Image ▸ Auto Rate).

    python3 examples/autorate.py --url http://127.0.0.1:8080            # a new session
    python3 examples/autorate.py --url ... --session ID --token=TOKEN   # attach to yours (the = matters: a token may begin with -)
    python3 examples/autorate.py ... --once                              # stop after one call

What it does, and what the server does in turn:
  1. opens the session's event stream (`GET …/events`) in a thread: while a stream is open
     the session's remote handlers are live; the first event, `hello`, carries the session;
  2. registers `autoRate` on `main/grid` (`POST …/handlers`, undo name "Auto Rate"), or
     reuses the one an earlier run registered on this session;
  3. keeps the handler's validation current (`PATCH …/handlers/{id}`, only when it changes):
     enabled while the grid has a selection, titled "Auto Rate N Images"; the server folds
     it into every menu validation and sends `menu` events to the session's clients;
  4. answers each `invoke` (a command that reached the handler) with changes
     (`POST …/calls/{call}`): a rating per selected image, written by the server through
     the same durable, undoable path as a built-in `setRating` ("Undo Auto Rate").

It reconnects with `Last-Event-ID` when the stream drops or the server shuts down (sessions
outlive a restart), and stops on Ctrl-C or when the session ends (deleted or expired).
On exit the handler stays registered; it declines (the walk goes on up the chain) until a
stream is open again.
"""
import argparse
import http.client
import json
import queue
import sys
import threading
import time
import urllib.parse
import zlib

ACTION, RESPONDER, GRID_WINDOW = "autoRate", "main/grid", "main"


def log(message):
    print(time.strftime("%H:%M:%S"), message, flush=True)


class Api:
    """JSON requests on one kept-alive connection, with the session's bearer token."""

    def __init__(self, url, token=None):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port or 80
        self.token = token
        self.connection = None

    def headers(self):
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        return headers

    def call(self, method, path, body=None):
        """Returns (status, decoded JSON or None). Retries once: the server closes a connection
        that idled past its timeout (30 s by default), and the next request finds out."""
        data = None if body is None else json.dumps(body)
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


class EventStream(threading.Thread):
    """Reads `GET …/events` and puts (name, data) on a queue; reconnects with Last-Event-ID.

    Server-sent events: `id: N`, `event: NAME`, `data: {json}`, then a blank line; lines
    starting with `:` are comments (`: keep-alive` at least every 15 s)."""

    def __init__(self, api, path, events):
        super().__init__(daemon=True)
        self.api, self.path, self.events = api, path, events
        self.last_id = None
        self.connection = None
        self.stopping = False

    def run(self):
        delay = 1
        while not self.stopping:
            try:
                reason = self.read_stream()
                if reason is None:
                    return  # `ended`: the session is gone, nothing to reconnect to
                delay = 1
            except PermissionError as refused:  # 401 / 404: the session is gone
                self.events.put(("error", str(refused)))
                return
            except (OSError, http.client.HTTPException, ValueError) as error:
                reason = f"{type(error).__name__}: {error}"
            if self.stopping:
                return
            self.events.put(("log", f"stream dropped ({reason}); reconnecting in {delay} s "
                                    f"with Last-Event-ID {self.last_id}"))
            time.sleep(delay)
            delay = min(delay * 2, 10)

    def read_stream(self):
        """One connection. Returns None after `ended`, else why the stream stopped."""
        # A read timeout well above the keep-alive interval tells a dead connection apart.
        self.connection = http.client.HTTPConnection(self.api.host, self.api.port, timeout=45)
        headers = {"Authorization": "Bearer " + self.api.token, "Accept": "text/event-stream"}
        if self.last_id is not None:
            headers["Last-Event-ID"] = self.last_id  # the server resumes after it, or says hello again
        self.connection.request("GET", self.path, headers=headers)
        response = self.connection.getresponse()
        if response.status in (401, 404):
            raise PermissionError(f"GET {self.path} answered {response.status}: {response.read()[:200]!r}")
        if response.status != 200:
            raise OSError(f"GET {self.path} answered {response.status}: {response.read()[:200]!r}")
        event_id, name, data = None, "message", []
        for raw in response:  # the body, line by line, as the server sends it
            line = raw.decode("utf-8").rstrip("\r\n")
            if line.startswith(":"):
                continue
            if line:
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "id":
                    event_id = value
                elif field == "event":
                    name = value
                elif field == "data":
                    data.append(value)
                continue
            if data:  # a blank line ends an event
                if event_id is not None:
                    self.last_id = event_id
                data = json.loads("\n".join(data))
                if name == "ended" and data.get("reason") == "shutdown":
                    # The server is stopping; the session outlives a restart: reconnect.
                    return "the server is shutting down"
                self.events.put((name, data))
                if name == "ended":
                    return None
            event_id, name, data = None, "message", []
        return "the server closed it"

    def stop(self):
        self.stopping = True
        sock = self.connection.sock if self.connection is not None else None
        if sock is not None:
            try:
                sock.shutdown(2)  # wakes the reading thread
            except OSError:
                pass


def rating_for(image_id):
    """A stand-in for real judgement (sharpness, faces, …): 1-5 stars, the same every time."""
    return 1 + zlib.crc32(image_id.encode()) % 5


def validation_for(count):
    """What the menu should show for a grid selection of `count` images."""
    if count == 0:
        return {"enabled": False, "state": "off", "title": "Auto Rate", "hidden": False}
    return {"enabled": True, "state": "off", "hidden": False,
            "title": f"Auto Rate {count} Image{'' if count == 1 else 's'}"}


def grid_selection_count(session):
    window = next((w for w in session["windows"] if w["id"] == GRID_WINDOW), {})
    return window.get("grid", {}).get("selectionCount", 0)


class AutoRate:
    def __init__(self, api, session_id):
        self.api = api
        self.base = f"/v1/sessions/{session_id}"
        self.handler = None      # "h-1" once registered
        self.validation = None   # what the server holds for it, to PATCH only on a change

    def on_hello(self, session):
        """The session as it is now (a first connection, or one the server could not resume):
        make sure the handler is registered, and validate it for the grid's selection."""
        wanted = validation_for(grid_selection_count(session))
        status, body = self.api.call("GET", self.base + "/handlers")
        # Ours, or one an earlier run left on this session: take it over rather than stack a
        # second one on top (the newest handler for an action wins, like an override).
        mine = [h for h in (body or {}).get("handlers", []) if h["action"] == ACTION and h["responder"] == RESPONDER]
        if status == 200 and mine:
            if mine[-1]["id"] != self.handler:
                log(f"reusing handler {mine[-1]['id']} ({ACTION} on {RESPONDER})")
            self.handler, self.validation = mine[-1]["id"], mine[-1]["validation"]
            self.update(wanted)
            return
        # Registered with its validation already right, so the menu item is never briefly wrong.
        status, body = self.api.call("POST", self.base + "/handlers", {
            "responder": RESPONDER, "action": ACTION, "validation": wanted, "undoName": "Auto Rate"})
        if status == 429 or status >= 500:  # busy or restarting: the hello is tried again
            raise OSError(f"registering {ACTION} answered {status}: {body}")
        if status != 201:
            raise RuntimeError(f"registering {ACTION} answered {status}: {body}")
        self.handler, self.validation = body["id"], body.get("validation", wanted)
        log(f"registered {ACTION} on {RESPONDER} as {self.handler}: \"{wanted['title']}\"")

    def update(self, wanted):
        """PATCHes the validation, only when it differs from what the server has."""
        if all(self.validation.get(key) == value for key, value in wanted.items()):
            return
        status, body = self.api.call("PATCH", f"{self.base}/handlers/{self.handler}", {"validation": wanted})
        if status != 200:
            log(f"PATCH {self.handler} answered {status}: {body}")
            return
        self.validation = body.get("validation", wanted)
        log(f"validation: {'enabled' if wanted['enabled'] else 'disabled'}, \"{wanted['title']}\"")

    def on_command(self, command):
        """A command ran on the session: its `events` say what changed; follow the selection."""
        for event in command.get("events", []):
            if event.get("type") == "selectionChanged" and event.get("grid") == RESPONDER:
                self.update(validation_for(event["count"]))

    def on_invoke(self, call):
        """A command reached the handler: answer with a rating per image the context lists."""
        context = call["context"]
        images = context.get("selection", [])[:1000]  # the server lists at most 1,000 ids
        if context.get("selectionCount", len(images)) > len(images):
            log(f"{call['call']}: {context['selectionCount']} images selected, rating the {len(images)} listed")
        changes = [{"image": image, "rating": rating_for(image)} for image in images]
        status, body = self.api.call("POST", f"{self.base}/calls/{call['call']}",
                                     {"result": {"rated": len(changes)}, "changes": changes})
        if status == 204:
            log(f"answered {call['call']} ({call['action']} on {call['responder']}): rated {len(changes)} image(s)")
        else:  # 404: already settled, e.g. the command timed out before we answered
            log(f"answering {call['call']} answered {status}: {body}")


def connect(description):
    """The example's flags (--url, --session, --token, --once), and its session: the one named,
    or a new one. Returns (options, api, session id, whether it was created)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the server (default %(default)s)")
    parser.add_argument("--session", help="attach to this session (with --token) instead of creating one")
    parser.add_argument("--token", help="the session's bearer token")
    parser.add_argument("--once", action="store_true", help="exit after answering one call")
    options = parser.parse_args()
    if bool(options.session) != bool(options.token):
        parser.error("--session and --token go together")

    api = Api(options.url.rstrip("/"), options.token)
    if options.session is not None:
        return options, api, options.session, False
    status, body = api.call("POST", "/v1/sessions")
    if status != 201:
        sys.exit(f"creating a session answered {status}: {body}")
    api.token = body["token"]
    log(f"created session {body['id']} (token {api.token})")
    return options, api, body["id"], True


def main():
    options, api, session_id, created = connect(__doc__.split("\n\n")[0])
    if created:
        prefix = (f"curl -s -H 'Authorization: Bearer {api.token}' -X POST "
                  f"{options.url.rstrip('/')}/v1/sessions/{session_id}/commands -d")
        print("select some images, then send autoRate:")
        print(f"  {prefix} '{{\"action\":\"select\",\"args\":{{\"images\":[\"img-1\",\"img-2\",\"img-3\"]}}}}'")
        print(f"  {prefix} '{{\"action\":\"autoRate\"}}'", flush=True)

    handler = AutoRate(api, session_id)
    events = queue.Queue()
    stream = EventStream(api, f"/v1/sessions/{session_id}/events", events)
    stream.start()
    log(f"opening the event stream of session {session_id}")
    try:
        while True:
            try:
                name, data = events.get(timeout=0.5)  # a timeout, so Ctrl-C gets through
            except queue.Empty:
                continue
            try:
                if name == "hello":
                    log(f"hello: session version {data['session']['version']}, catalog version {data['catalogVersion']}")
                    handler.on_hello(data["session"])
                elif name == "command":
                    handler.on_command(data)
                elif name == "invoke" and data.get("handler") == handler.handler:
                    handler.on_invoke(data)
                    if options.once:
                        log("answered one call (--once); exiting")
                        return 0
            except (OSError, http.client.HTTPException) as error:  # e.g. the server restarting
                log(f"could not handle {name}: {error}")
                if name == "hello":  # not registered yet: try again in a second
                    threading.Timer(1.0, events.put, args=((name, data),)).start()
            if name == "ended":
                log(f"session ended ({data.get('reason')}); exiting")
                return 0
            elif name == "log":
                log(data)
            elif name == "error":
                log(f"the event stream was refused: {data}")
                return 1
            # `menu` and `catalog` events redraw a UI; this client has none to redraw.
    except KeyboardInterrupt:
        log("interrupted; exiting")
        return 0
    finally:
        stream.stop()


if __name__ == "__main__":
    sys.exit(main())
