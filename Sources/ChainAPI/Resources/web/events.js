// The session's event stream, read with fetch so the token rides in the Authorization
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
    const response = await fetch(this.api.sessionPath("/events"), {
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
