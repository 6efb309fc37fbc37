// Presence: the other sessions on the catalog (on any instance), shown as their principals'
// initials in the status bar, each titled with what it looks at. A click follows that session
// in the shown window (`follow`), a click on the one followed stops (`unfollow`); the server
// moves the window's viewer from then on. Drawn from GET /v1/presence when the stream says
// hello, then kept live by `presence` events (which never speak of this session itself).

/** "eve" → "EV", "Ada Lovelace" → "AL". */
export function initials(name) {
  const words = String(name).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return "?";
  const letters = words.length === 1 ? words[0].slice(0, 2) : words[0][0] + words[words.length - 1][0];
  return letters.toUpperCase();
}

/** What a presence entry looks at, in words. */
export function describe(entry) {
  const key = entry.windows.find((window) => window.firstResponder) || entry.windows[0];
  const parts = [entry.shows ? `looking at ${entry.shows}` : "browsing the grid"];
  if (key && key.selected > 0) parts.push(`${key.selected} selected`);
  return `${entry.principal} — ${parts.join(", ")}`;
}

export class Presence {
  /**
   * @param element where the initials go
   * @param api the session's Api
   * @param handlers {follow(session), unfollow(), following(): the session the shown window follows, or null}
   */
  constructor(element, api, handlers) {
    this.element = element;
    this.api = api;
    this.handlers = handlers;
    this.entries = new Map();
    this.self = null;
    element.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-session]");
      if (!button) return;
      if (this.handlers.following() === button.dataset.session) this.handlers.unfollow();
      else this.handlers.follow(button.dataset.session);
    });
  }

  /** Every session as the server lists them now; `self` is this tab's session id. */
  async load(self) {
    this.self = self;
    try {
      const body = await this.api.request("GET", "/v1/presence");
      this.entries = new Map(body.sessions.map((entry) => [entry.session, entry]));
    } catch {
      // The next hello tries again; presence is not worth a notice.
    }
    this.render();
  }

  /** A `presence` event: entries that changed, sessions that left. */
  apply(data) {
    for (const entry of data.sessions || []) this.entries.set(entry.session, entry);
    for (const id of data.left || []) this.entries.delete(id);
    this.render();
  }

  render() {
    const following = this.handlers.following();
    const others = [...this.entries.values()].filter((entry) => entry.session !== this.self);
    this.element.replaceChildren(...others.map((entry) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "presence-editor";
      button.dataset.session = entry.session;
      button.textContent = initials(entry.principal);
      button.title = describe(entry) + (following === entry.session ? " (following: click to stop)" : " (click to follow)");
      button.setAttribute("aria-pressed", String(following === entry.session));
      return button;
    }));
  }
}
