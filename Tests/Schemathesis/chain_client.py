"""The calls scripts/schemathesis and its hooks make to a live chain-server: standard library only,
so the script can use it before the schemathesis venv exists."""

import json
import urllib.error
import urllib.request


class ChainClient:
    """A chain-server at `base` (`http://127.0.0.1:PORT`)."""

    def __init__(self, base):
        self.base = base

    def call(self, method, path, body=None, token=None, timeout=15):
        """`(status, parsed JSON body or None)`; an HTTP error status is an answer, not an exception."""
        request = urllib.request.Request(self.base + path, method=method,
                                         data=None if body is None else json.dumps(body).encode())
        if body is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status, data = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, data = error.code, error.read()
        try:
            return status, json.loads(data) if data else None
        except ValueError:
            return status, None

    def expect(self, status, method, path, body=None, token=None):
        """The parsed answer, which must have `status`."""
        got, answer = self.call(method, path, body, token)
        if got != status:
            raise RuntimeError(f"{method} {path} answered {got}, not {status}: {answer}")
        return answer

    def create_session(self):
        """A new session's `{"id", "token", ...}`."""
        return self.expect(201, "POST", "/v1/sessions")

    def add_handler(self, session, action, responder="app"):
        """Registers a remote handler on `session` (a create_session answer); its id."""
        return self.expect(201, "POST", f"/v1/sessions/{session['id']}/handlers",
                           {"responder": responder, "action": action}, session["token"])["id"]

    def image_ids(self, token):
        """Every image id of the catalog, in catalog order."""
        ids, after = [], None
        while True:
            page = self.expect(200, "GET", "/v1/images?limit=500" + (f"&after={after}" if after else ""), token=token)
            ids += [image["id"] for image in page["images"]]
            after = page["next"]
            if after is None:
                return ids
