"""schemathesis hooks for scripts/schemathesis, which explains in its header why each exists.

Named by the run's configuration (`hooks`); the script passes the server and the run's session
in CHAIN_SCHEMATHESIS_BASE, _SESSION and _TOKEN. The run uses one worker, so the hooks keep
their state without locks.
"""

import atexit
import collections
import json
import os
import queue
import re
import sys
import threading
import unicodedata
import urllib.request

import schemathesis

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chain_client import ChainClient  # noqa: E402

CLIENT = ChainClient(os.environ["CHAIN_SCHEMATHESIS_BASE"])
SESSION = {"id": os.environ["CHAIN_SCHEMATHESIS_SESSION"], "token": os.environ["CHAIN_SCHEMATHESIS_TOKEN"]}

CREATE_SESSION = "POST /v1/sessions"
END_SESSION = "DELETE /v1/sessions/{id}"
ADD_HANDLER = "POST /v1/sessions/{id}/handlers"
REMOVE_HANDLER = "DELETE /v1/sessions/{id}/handlers/{handler}"
ANSWER_CALL = "POST /v1/sessions/{id}/calls/{call}"
SEND_COMMAND = "POST /v1/sessions/{id}/commands"
SEND_KEY = "POST /v1/sessions/{id}/keys"
PUT_WATCHES = "PUT /v1/sessions/{id}/watches"
CONTEXT_MENU = "GET /v1/sessions/{id}/context-menu"

# The remote action the call session's handler performs (declared in config/menus.json).
CALLED_ACTION = "autoRate"


def _problem(response):
    try:
        answer = json.loads(response.content)
    except ValueError:
        return {}
    return answer if isinstance(answer, dict) else {}


def _header(case, name):
    return next((value for key, value in (case.headers or {}).items() if key.lower() == name.lower()), None)


_IDENTIFIER_ARGUMENT = re.compile(r'[(,][ \t\n\r]*("[^"]*")[ \t\n\r]*:')


def _names_an_argument_twice(case):
    identifier = case.body.get("identifier") if isinstance(case.body, dict) else None
    names = _IDENTIFIER_ARGUMENT.findall(identifier) if isinstance(identifier, str) else []
    return len(names) != len(set(names))


def _changes_an_image_twice(case):
    changes = case.body.get("changes") if isinstance(case.body, dict) else None
    images = [change.get("image") for change in changes or [] if isinstance(change, dict)]
    return len(images) != len(set(images))


# Idempotency keys sent on the run's session: key -> the requests (operation, body) sent with it.
_key_uses = collections.defaultdict(set)
# Cases whose key went before with another request, as before_call found it.
_key_reused = set()


def _note_idempotency_key(case):
    key = _header(case, "Idempotency-Key")
    if key is None or case.operation.label not in (SEND_COMMAND, SEND_KEY):
        return
    request = (case.operation.label, json.dumps(case.body, default=repr))
    if _key_uses[key] - {request}:
        _key_reused.add(case.id)
    _key_uses[key].add(request)


# Answers to schema-valid requests that the contract gives and JSON Schema cannot describe:
# (operation, rule, whether the answer and the case show it). Each accepts only its own 422
# problem, and only for a case that really breaks the rule; every other rejection still fails.
CROSS_FIELD_RULES = [
    # OpenAPI cannot say that two query parameters exclude each other.
    ("GET /v1/images", "offset with after",
     lambda case, problem: problem.get("field") == "offset" and {"offset", "after"} <= set(case.query or {})),
    # A pattern cannot rule out a repeated name.
    (SEND_COMMAND, "identifier naming an argument twice",
     lambda case, problem: problem.get("field") == "identifier" and _names_an_argument_twice(case)),
    # Uniqueness of one member across array items is not JSON Schema.
    (ANSWER_CALL, "answer changing an image twice",
     lambda case, problem: "is changed twice" in problem.get("detail", "") and _changes_an_image_twice(case)),
    # API.md: the same key with another request is 422 /problems/idempotency-key-reused.
    (SEND_COMMAND, "Idempotency-Key used before with another request",
     lambda case, problem: problem.get("type") == "/problems/idempotency-key-reused" and case.id in _key_reused),
    (SEND_KEY, "Idempotency-Key used before with another request",
     lambda case, problem: problem.get("type") == "/problems/idempotency-key-reused" and case.id in _key_reused),
    # API.md: a batch is one command with one undo entry; undo, redo and a remote handler's
    # asynchronous call cannot be steps of it. What a step names is known only when walked.
    (SEND_COMMAND, "undo, redo or a remote handler as a batch step",
     lambda case, problem: problem.get("code") in ("undo-in-batch", "remote-in-batch") and _is_batch(case)),
    (SEND_COMMAND, "a batch step's identifier naming an argument twice",
     lambda case, problem: str(problem.get("field", "")).endswith("identifier") and _batch_names_an_argument_twice(case)),
    # Uniqueness of one member across array items is not JSON Schema.
    (ADD_HANDLER, "a contributed item id or key given twice",
     lambda case, problem: ("is used twice" in problem.get("detail", "") and _repeats(case, "menuItems", ("id",)))
     or ("is bound twice" in problem.get("detail", "") and _repeats(case, "keyBindings", ("key", "modifiers")))),
    (PUT_WATCHES, "a control id given twice",
     lambda case, problem: "is used twice" in problem.get("detail", "") and _repeats(case, "items", ("id",))),
    # A control's id may not be a menu item's: which ids those are is the server's menus file.
    (PUT_WATCHES, "a control id that is a menu item's",
     lambda case, problem: "is a menu item's" in problem.get("detail", "")),
    # API.md v1.2 Compare: a rating, label or flag command's `image` names a compared image;
    # whether the performer is a compare, and what it compares, is the session's.
    (SEND_COMMAND, "an image argument for a performer that is not a compare, or not compared",
     lambda case, problem: str(problem.get("field", "")).endswith("image") and _names_no_compared_image(problem)),
    (SEND_KEY, "an image argument for a performer that is not a compare, or not compared",
     lambda case, problem: str(problem.get("field", "")).endswith("image") and _names_no_compared_image(problem)),
    # API.md v1.2: a region lies inside the upright picture; how large that is, is the file's
    # (the problem gives it, as `width` and `height`).
    ("GET /v1/images/{id}/region", "a region outside the picture",
     lambda case, problem: problem.get("type") == "/problems/invalid-argument" and "is not inside" in problem.get("detail", "")
     and isinstance(problem.get("width"), int) and isinstance(problem.get("height"), int) and _outside(case, problem)),
    # API.md v1.2 Presence: `follow` names another live session; which sessions are live (on
    # any instance) is the server's.
    (SEND_COMMAND, "follow naming no other live session",
     lambda case, problem: str(problem.get("field", "")).endswith("session") and _names_no_other_session(problem)),
    # `image` names the image clicked in a grid; which responder is a grid is the session's.
    (CONTEXT_MENU, "an image for a responder that is not a grid",
     lambda case, problem: problem.get("field") == "image" and "is not a grid" in problem.get("detail", "")),
]


def _outside(case, problem):
    query = case.query or {}
    try:
        x, y, w, h = (int(query[key]) for key in ("x", "y", "w", "h"))
    except (KeyError, TypeError, ValueError):
        return False
    return x + w > problem["width"] or y + h > problem["height"]


def _names_no_compared_image(problem):
    detail = problem.get("detail", "")
    return "only a compare takes an image" in detail or "is not in the compare" in detail


def _names_no_other_session(problem):
    detail = problem.get("detail", "")
    return "no live session" in detail or "cannot follow its own session" in detail


def _is_batch(case):
    return isinstance(case.body, dict) and isinstance(case.body.get("batch"), list)


def _batch_names_an_argument_twice(case):
    if not _is_batch(case):
        return False
    for step in case.body["batch"]:
        identifier = step.get("identifier") if isinstance(step, dict) else None
        names = _IDENTIFIER_ARGUMENT.findall(identifier) if isinstance(identifier, str) else []
        if len(names) != len(set(names)):
            return True
    return False


_MODIFIER_ALIASES = {"cmd": "command", "alt": "option", "ctrl": "control"}


def _key_equivalent(item):
    """A key binding as the server compares it (KeyEquivalent): modifier names case-insensitive
    with their aliases, as a set; the key under Unicode canonical equivalence (Swift's String
    equality); one upper-case letter meaning shift plus the lower-case letter."""
    names = item.get("modifiers") or []
    modifiers = {_MODIFIER_ALIASES.get(str(name).lower(), str(name).lower()) for name in names}
    key = _canonical(str(item.get("key")))
    if len(key) == 1 and key.isupper() and key.isalpha():
        key = key.lower()
        modifiers.add("shift")
    return json.dumps([key, sorted(modifiers)])


def _canonical(value):
    """A string as Swift compares it (canonical equivalence), other values as they are."""
    return unicodedata.normalize("NFC", value) if isinstance(value, str) else value


def _repeats(case, member, fields):
    """Whether two items of the body's `member` agree on `fields`; key bindings compare as the
    server normalises them (`_key_equivalent`)."""
    items = case.body.get(member) if isinstance(case.body, dict) else None
    seen = set()
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        if fields == ("key", "modifiers"):
            key = _key_equivalent(item)
        else:
            key = tuple(json.dumps(_canonical(item.get(name))) for name in fields)
        if key in seen:
            return True
        seen.add(key)
    return False

# Failures the rules accepted, by operation and rule, written where the script reads them at exit.
_accepted = collections.Counter()
atexit.register(lambda: _write_accepted(os.environ.get("CHAIN_SCHEMATHESIS_ACCEPTED")))


def _write_accepted(path):
    if path:
        with open(path, "w") as file:
            json.dump([[label, rule, count] for (label, rule), count in sorted(_accepted.items())], file)


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure but a 422 one of CROSS_FIELD_RULES accounts for."""
    if type(failure).__name__ != "RejectedPositiveData" or response.status_code != 422:
        return True
    problem = _problem(response)
    for label, rule, holds in CROSS_FIELD_RULES:
        if label == case.operation.label and holds(case, problem):
            _accepted[(label, rule)] += 1
            return False
    return True


def _use_session(case, session):
    """Points `case` at `session`: its id, and its token where the case carries the run's token
    (a case testing a missing or wrong token keeps what it has)."""
    case.path_parameters["id"] = session["id"]
    for name in list(case.headers or {}):
        if name.lower() == "authorization" and case.headers[name] == "Bearer " + SESSION["token"]:
            case.headers[name] = "Bearer " + session["token"]


class CallSession:
    """A second session with a live remote handler: `open_call` sends a command to it and returns
    the id of the call the command then waits on, so `POST …/calls/{call}` answers a real call."""

    def __init__(self):
        self.session = CLIENT.create_session()
        CLIENT.add_handler(self.session, CALLED_ACTION)
        self.invokes = queue.Queue()
        self.ready = threading.Event()
        threading.Thread(target=self._read_stream, daemon=True).start()
        if not self.ready.wait(10):
            raise RuntimeError("the call session's event stream did not open")
        self.command = None

    def _read_stream(self):
        request = urllib.request.Request(f"{CLIENT.base}/v1/sessions/{self.session['id']}/events",
                                         headers={"Authorization": "Bearer " + self.session["token"]})
        with urllib.request.urlopen(request, timeout=None) as stream:
            self.ready.set()
            event = None
            for raw in stream:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[len("event: "):]
                elif line.startswith("data: ") and event == "invoke":
                    self.invokes.put(json.loads(line[len("data: "):])["call"])

    def open_call(self):
        """Sends the command and returns the call it waits on."""
        path = f"/v1/sessions/{self.session['id']}/commands"
        self.command = threading.Thread(
            target=CLIENT.call, args=("POST", path, {"action": CALLED_ACTION}, self.session["token"]), daemon=True)
        self.command.start()
        return self.invokes.get(timeout=10)

    def settle(self, call, answered):
        """Answers `call` unless the test case's request did, and lets its command finish, so the
        next command does not queue behind it until the call's deadline."""
        if not answered:
            CLIENT.call("POST", f"/v1/sessions/{self.session['id']}/calls/{call}", {"result": {}}, self.session["token"])
        self.command.join(15)


_call_session = None
# What before_call made for a case, to clean up after it: case id -> (kind, value).
_made = {}


@schemathesis.hook
def before_call(context, case, kwargs):
    global _call_session
    label = case.operation.label
    _note_idempotency_key(case)
    if label == END_SESSION:
        # Each example ends a session of its own; the run's session must live to the end.
        fresh = CLIENT.create_session()
        _use_session(case, fresh)
        _made[case.id] = ("session", fresh)
    elif label == REMOVE_HANDLER:
        # Each example removes a handler made for it, so none answers 404 for a handler gone earlier.
        handler = CLIENT.add_handler(SESSION, "exportSelection")
        case.path_parameters["handler"] = handler
        _made[case.id] = ("handler", handler)
    elif label == ANSWER_CALL:
        if _call_session is None:
            _call_session = CallSession()
        _use_session(case, _call_session.session)
        call = _call_session.open_call()
        case.path_parameters["call"] = call
        _made[case.id] = ("call", call)


@schemathesis.hook
def after_call(context, case, response):
    label = case.operation.label
    kind, made = _made.pop(case.id, (None, None))
    if kind == "session" and response.status_code != 204:
        CLIENT.call("DELETE", f"/v1/sessions/{made['id']}", token=made["token"])
    elif kind == "handler" and response.status_code != 204:
        CLIENT.call("DELETE", f"/v1/sessions/{SESSION['id']}/handlers/{made}", token=SESSION["token"])
    elif kind == "call":
        _call_session.settle(made, answered=response.status_code == 204)
    elif label == CREATE_SESSION and response.status_code == 201:
        # A client holds at most 256 live sessions (503 past that): end each one made, so the
        # stateful phase's many can never reach the cap.
        created = json.loads(response.content)
        CLIENT.call("DELETE", f"/v1/sessions/{created['id']}", token=created["token"])
    elif label == ADD_HANDLER and response.status_code == 201:
        # A session holds at most 64 handlers: remove each one added, so every example can add one.
        added = json.loads(response.content)["id"]
        CLIENT.call("DELETE", f"/v1/sessions/{SESSION['id']}/handlers/{added}", token=SESSION["token"])
