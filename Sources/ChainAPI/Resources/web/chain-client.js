// ChainServer's client for the browser: one ES module, served by every chain-server at the
// stable path /web/chain-client.js, with no dependencies. The web client imports it; another
// web UI can too:
//
//   import { Api, EventStream, ProblemError } from "https://chain.example/web/chain-client.js";
//   const api = new Api({ base: "https://chain.example" });   // base "" (the default): same origin
//   const session = await api.open();                          // resumes the tab's session, or opens one
//   const stream = new EventStream(api, {
//     onEvent(type, data) { /* hello, command, menu, catalog, view, invoke, ended… */ },
//     onState(state) { /* "live" | "reconnecting" */ },
//     onGone(reason) { /* "deleted" | "expired" | "missing" */ },
//   });
//   stream.start();
//   await api.command({ action: "setRating", args: { rating: 5 } });
//
// A page on another origin needs that origin in the server's `http.corsOrigins`.
//
// Exports: `Api` (the HTTP API of one session), `ProblemError` (a problem+json answer as an
// Error), `EventStream` (the session's server-sent events, resumed with Last-Event-ID).

// ---- Api: the HTTP API of one session. The token travels only in the Authorization header,
// never in a URL; the tab keeps {id, token} in sessionStorage so a reload resumes the same session.

/** A problem+json answer (RFC 9457) as an Error. */
export class ProblemError extends Error {
  constructor(status, problem) {
    super(problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }

  get kind() { return (this.problem.type || "").split("/").pop(); }
}

export class Api {
  /**
   * @param options {base: the server's origin ("" for the page's own), storageKey: where the
   *   tab keeps its session in sessionStorage}
   */
  constructor({ base = "", storageKey = "chainserver.session" } = {}) {
    this.base = base;
    this.storageKey = storageKey;
    this.id = null;
    this.token = null;
  }

  /**
   * Resumes the tab's session when it still exists, else opens a new one (with `apiKey` in
   * `auth.mode` "keys"). Returns the session object.
   */
  async open(apiKey = null) {
    const saved = JSON.parse(sessionStorage.getItem(this.storageKey) || "null");
    if (saved && saved.id && saved.token) {
      this.id = saved.id;
      this.token = saved.token;
      try {
        return await this.request("GET", this.sessionPath());
      } catch (error) {
        if (!(error instanceof ProblemError) || (error.status !== 404 && error.status !== 401)) throw error;
      }
    }
    return this.create(apiKey);
  }

  /** A new session; `apiKey` (`auth.mode` "keys") is sent only here. */
  async create(apiKey = null) {
    this.id = null;
    this.token = null;
    const session = await this.request("POST", "/v1/sessions", {}, apiKey);
    this.id = session.id;
    this.token = session.token;
    sessionStorage.setItem(this.storageKey, JSON.stringify({ id: session.id, token: session.token }));
    return session;
  }

  /** The absolute URL of an API path, on `base`. */
  url(path) { return this.base + path; }

  sessionPath(rest = "") { return `/v1/sessions/${encodeURIComponent(this.id)}${rest}`; }

  headers(extra = {}) {
    const headers = { Accept: "application/json", ...extra };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    return headers;
  }

  /** JSON in, JSON out; a problem answer throws a ProblemError. */
  async request(method, path, body, apiKey = null) {
    const init = { method, headers: this.headers(), cache: "no-store" };
    if (apiKey) init.headers.Authorization = `Bearer ${apiKey}`;
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(this.url(path), init);
    if (response.status === 204) return null;
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = { title: text.slice(0, 200) }; }
    if (!response.ok) throw new ProblemError(response.status, json || { title: `HTTP ${response.status}` });
    return json;
  }

  session() { return this.request("GET", this.sessionPath()); }
  menu(explain = false) { return this.request("GET", this.sessionPath(explain ? "/menu?explain=1" : "/menu")); }
  /** A command; with `dryRun`, what it would do (`?dryRun=1`: its effects), changing nothing. */
  command(body, dryRun = false) { return this.request("POST", this.sessionPath(dryRun ? "/commands?dryRun=1" : "/commands"), body); }
  key(key, modifiers, dryRun = false) { return this.request("POST", this.sessionPath(dryRun ? "/keys?dryRun=1" : "/keys"), { key, modifiers }); }
  /** Declares the controls shown outside the menus; answers them validated. */
  watch(declaration) { return this.request("PUT", this.sessionPath("/watches"), declaration); }
  keys() { return this.request("GET", this.sessionPath("/keys")); }
  contextMenu(query) { return this.request("GET", this.sessionPath(`/context-menu?${query}`)); }
  images(offset, limit) { return this.request("GET", `/v1/images?offset=${offset}&limit=${limit}`); }
  /** An image's history newest first (`GET /v1/images/{id}/history`): `{history, next}`. */
  history(id, limit) { return this.request("GET", `/v1/images/${encodeURIComponent(id)}/history?limit=${limit}`); }
  /** A page of a grid's working set (its filter and sort), in its order: `{images, total, offset}`. */
  grid(window, offset, limit) {
    return this.request("GET", this.sessionPath(`/grid?window=${encodeURIComponent(window)}&offset=${offset}&limit=${limit}`));
  }
  selection(window, after, limit) {
    const cursor = after ? `&after=${encodeURIComponent(after)}` : "";
    return this.request("GET", this.sessionPath(`/selection?window=${encodeURIComponent(window)}&limit=${limit}${cursor}`));
  }

  /**
   * A thumbnail as a Blob; null when the image has no readable picture (404). Any other
   * failure (a restart, 503, the network) throws, so the caller can ask again later.
   */
  thumbnail(id, size, signal) { return this.picture(id, `thumbnail?size=${size}`, signal); }

  /** A preview at a screen's size (512…4096 on its long edge), as `thumbnail` answers. */
  preview(id, size, signal) { return this.picture(id, `preview?size=${size}`, signal); }

  /** The 1:1 crop at (x, y) of the upright picture, as `thumbnail` answers. */
  region(id, { x, y, w, h }, signal) { return this.picture(id, `region?x=${x}&y=${y}&w=${w}&h=${h}`, signal); }

  async picture(id, rest, signal) {
    const response = await fetch(this.url(`/v1/images/${encodeURIComponent(id)}/${rest}`), {
      headers: this.headers({ Accept: "image/jpeg" }), signal,
    });
    if (response.status === 404) return null;
    if (!response.ok) {
      const problem = await response.json().catch(() => null);
      throw new ProblemError(response.status, problem || { title: `HTTP ${response.status}` });
    }
    return response.blob();
  }
}

// ---- EventStream: the session's event stream, read with fetch so the token rides in the Authorization
// header (EventSource cannot send one). Server-sent events framing: `id:`, `event:`,
// `data:` lines, a blank line ends an event; `:` lines are comments (keep-alives).
// A lost stream reconnects with Last-Event-ID, backing off from 0.5 s to 5 s.

export class EventStream {
  /**
   * @param api the session's Api
   * @param handlers {onEvent(type, data), onState("live" | "reconnecting"), onGone(reason)}
   */
  constructor(api, handlers) {
    this.api = api;
    this.handlers = handlers;
    this.lastEventId = null;
    this.controller = null;
    this.stopped = false;
    /** The first wait before reconnecting (ms); it doubles up to `maxDelay`. */
    this.firstDelay = 500;
    this.maxDelay = 5000;
  }

  start() {
    this.stopped = false;
    this.run();
  }

  stop() {
    this.stopped = true;
    if (this.controller) this.controller.abort();
  }

  async run() {
    let delay = null; // null: the last connection opened, so the next wait is the first
    while (!this.stopped) {
      let ended = null;
      try {
        ended = await this.readOnce(() => { delay = null; });
      } catch (error) {
        if (this.stopped) return;
        if (error && error.gone) {
          this.handlers.onGone(error.gone);
          return;
        }
      }
      if (this.stopped) return;
      if (ended === "deleted" || ended === "expired" || ended === "revoked") {
        this.handlers.onGone(ended);
        return;
      }
      this.handlers.onState("reconnecting");
      delay = delay === null ? this.firstDelay : Math.min(delay * 2, this.maxDelay);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** Reads one connection until it ends; returns the `ended` reason when the server sent one. */
  async readOnce(onOpen) {
    this.controller = new AbortController();
    const headers = this.api.headers({ Accept: "text/event-stream" });
    if (this.lastEventId !== null) headers["Last-Event-ID"] = this.lastEventId;
    const response = await fetch(this.api.url(this.api.sessionPath("/events")), {
      headers, signal: this.controller.signal, cache: "no-store",
    });
    if (response.status === 404 || response.status === 401) throw { gone: "missing" };
    if (!response.ok || !response.body) return null;
    this.handlers.onState("live");
    onOpen();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let event = { type: "message", data: "", id: null };
    let ended = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        let line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.endsWith("\r")) line = line.slice(0, -1);
        if (line === "") {
          if (event.data !== "") {
            if (event.id !== null) this.lastEventId = event.id;
            let data = null;
            try { data = JSON.parse(event.data); } catch { data = null; }
            if (data !== null) {
              if (event.type === "ended") ended = data.reason;
              this.handlers.onEvent(event.type, data);
            }
          }
          event = { type: "message", data: "", id: null };
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          let value = colon < 0 ? "" : line.slice(colon + 1);
          if (value.startsWith(" ")) value = value.slice(1);
          if (field === "event") event.type = value;
          else if (field === "data") event.data += (event.data ? "\n" : "") + value;
          else if (field === "id") event.id = value;
        }
      }
    }
    return ended;
  }
}
