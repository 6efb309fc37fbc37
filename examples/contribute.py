#!/usr/bin/env python3
"""A remote handler that contributes its own menu item and key, in the Python standard library.

It registers `pickSelection` on a session's grid (`POST …/handlers`) together with what a
UI toolkit's view would add to the menus for it (API v1.2, "Contributed items"):

  - a menu item, Image ▸ Flag ▸ "Pick Selection (example)" after Unflag, with the key
    equivalent ⌥⌘P (its id in the menu is the handler's: `h-1.pick`);
  - a key binding on the grid: Space.

No configuration names the action: the item and the key live as long as the handler, show
disabled while this script is not connected, and go away when it deletes its handler (on
Ctrl-C). Each call it answers flags the grid's selected images `pick`, through the server's
durable, undoable path ("Undo Pick Selection").

    python3 examples/contribute.py --url http://127.0.0.1:8080            # a new session
    python3 examples/contribute.py --url ... --session ID --token=TOKEN   # attach to yours
    python3 examples/contribute.py ... --once                             # stop after one call

It reuses the HTTP and event-stream plumbing of examples/autorate.py.
"""
import queue
import sys

from autorate import EventStream, connect, log

ACTION, RESPONDER = "pickSelection", "main/grid"
CONTRIBUTIONS = {
    "menuItems": [{"menu": "flag", "after": "flag.none", "id": "pick", "title": "Pick Selection (example)",
                   "key": "p", "modifiers": ["command", "option"]}],
    "keyBindings": [{"key": "space", "modifiers": []}],
}


def register(api, base):
    """Registers the handler with its item and key; a key already in force is named (409)."""
    status, body = api.call("POST", base + "/handlers", {
        "responder": RESPONDER, "action": ACTION, "undoName": "Pick Selection", **CONTRIBUTIONS})
    if status == 409:
        sys.exit(f"the server refused the contribution: {body.get('detail')}")
    if status != 201:
        raise RuntimeError(f"registering {ACTION} answered {status}: {body}")
    item = body["menuItems"][0]
    log(f"registered {ACTION} on {RESPONDER} as {body['id']}: menu item {item['id']} (⌥⌘P), key Space on the grid")
    return body["id"]


def answer(api, base, call):
    """Flags every image the call's context lists (at most 1,000) `pick`."""
    images = call["context"].get("selection", [])
    changes = [{"image": image, "flag": "pick"} for image in images]
    status, body = api.call("POST", f"{base}/calls/{call['call']}", {"result": {"picked": len(changes)}, "changes": changes})
    log(f"answered {call['call']}: picked {len(changes)} image(s)" if status == 204 else f"answer answered {status}: {body}")


def main():
    options, api, session_id, _ = connect(__doc__.split("\n\n")[0])
    base = f"/v1/sessions/{session_id}"
    handler = register(api, base)
    events = queue.Queue()
    stream = EventStream(api, base + "/events", events)
    stream.start()
    try:
        while True:
            try:
                name, data = events.get(timeout=0.5)
            except queue.Empty:
                continue
            if name == "invoke" and data.get("handler") == handler:
                answer(api, base, data)
                if options.once:
                    return 0
            elif name == "ended":
                log(f"the session ended ({data.get('reason')})")
                return 0
    except KeyboardInterrupt:
        return 0
    finally:
        stream.stop()
        # The item and the key go with the handler.
        api.call("DELETE", f"{base}/handlers/{handler}")


if __name__ == "__main__":
    sys.exit(main())
