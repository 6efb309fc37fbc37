// The HTTP API of one session. The token travels only in the Authorization header, never in
// a URL; the tab keeps {id, token} in sessionStorage so a reload resumes the same session.

const storageKey = "chainserver.session";

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
  constructor() {
    this.id = null;
    this.token = null;
  }

  /** Resumes the tab's session when it still exists, else opens a new one. Returns the session object. */
  async open() {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) || "null");
    if (saved && saved.id && saved.token) {
      this.id = saved.id;
      this.token = saved.token;
      try {
        return await this.request("GET", this.sessionPath());
      } catch (error) {
        if (!(error instanceof ProblemError) || (error.status !== 404 && error.status !== 401)) throw error;
      }
    }
    return this.create();
  }

  async create() {
    this.id = null;
    this.token = null;
    const session = await this.request("POST", "/v1/sessions", {});
    this.id = session.id;
    this.token = session.token;
    sessionStorage.setItem(storageKey, JSON.stringify({ id: session.id, token: session.token }));
    return session;
  }

  sessionPath(rest = "") { return `/v1/sessions/${encodeURIComponent(this.id)}${rest}`; }

  headers(extra = {}) {
    const headers = { Accept: "application/json", ...extra };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    return headers;
  }

  /** JSON in, JSON out; a problem answer throws a ProblemError. */
  async request(method, path, body) {
    const init = { method, headers: this.headers(), cache: "no-store" };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
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
    const response = await fetch(`/v1/images/${encodeURIComponent(id)}/${rest}`, {
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
