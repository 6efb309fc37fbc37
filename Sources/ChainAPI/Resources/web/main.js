// The web client: one session per tab, drawn from the event stream (hello, menu, command,
// catalog) and driven through the responder chain: menu items post {"item": id}, key
// presses go to /keys (the chain decides: → moves the grid's cursor, steps the viewer, or is
// a menu key equivalent), `?` shows GET /keys, clicks post select / focus / openImage. The client keeps no table of
// shortcuts and decides nothing the server decides. The toolbar's controls are watched
// (`PUT …/watches`) and drawn from the server's validation of them; a command or key sent
// while more than 1,000 images are selected is tried first (`?dryRun=1`), and one whose
// effects would write more than 1,000 images asks before it is sent.

import { Api, ProblemError, EventStream } from "./chain-client.js";
import { showPrincipal, withSignIn } from "./signin.js";
import { MenuBar } from "./menubar.js";
import { Grid } from "./grid.js";
import { Viewers } from "./viewer.js";
import { ComparePanes } from "./compare.js";
import { Thumbnails } from "./thumbnails.js";
import { Previews } from "./previews.js";
import { Loupe } from "./loupe.js";
import { keyPress, belongsToBrowser, keyEquivalentText } from "./keys.js";
import { Notices } from "./notices.js";
import { Toolbar } from "./toolbar.js";
import { ConfirmDialog, largeEffects, largeWrite } from "./confirm.js";
import { Presence } from "./presence.js";
import { HistoryPanel, editorsText } from "./history.js";

const $ = (id) => document.getElementById(id);
/**
 * The most ids a click sends in one select (a body of ids stays well under the 1 MiB limit),
 * and the most of a cut selection the client pages in to mark and toggle.
 */
const selectionLimit = 50_000;
const tooMany = {
  title: "Selection too large to change by clicking",
  detail: `a click can send at most ${selectionLimit.toLocaleString()} ids; use Select All or Deselect All`,
};

class Client {
  constructor() {
    this.api = new Api();
    this.notices = new Notices($("notices"));
    this.session = null;
    this.shownWindowId = "main";
    /** The last `setLayout` sent (session, window, columns), and the timer that settles it. */
    this.layoutSent = null;
    this.layoutTimer = null;
    this.anchor = null;
    this.selection = { window: null, ids: new Set(), count: 0, all: false };
    this.lookups = new Map();
    this.catalogVersion = null;
    this.queue = Promise.resolve();
    /** Events received, by type (a resumed stream replays; it does not say hello again). */
    this.counts = {};
    this.thumbnails = new Thumbnails(this.api);
    this.menuBar = new MenuBar($("menubar"), {
      choose: (item) => this.perform({ item: item.id }),
      explain: (item) => this.explain(item),
    });
    this.toolbar = new Toolbar($("toolbar"), {
      perform: (control) => this.perform({ action: control.action, args: control.args }),
    });
    this.confirm = new ConfirmDialog($("confirm"));
    this.grid = new Grid($("grid"), $("grid-space"), this.api, this.thumbnails, {
      click: (image, position, event) => this.clickTile(image, position, event),
      open: (image) => this.send({ action: "openImage", args: { image: image.id }, target: `${this.shownWindowId}/grid` }),
      layout: () => this.scheduleLayout(),
      contextMenu: (image, event) => this.contextMenu(`${this.shownWindowId}/grid`, image, event),
    });
    /** Screen-sized previews, shared by the viewer and the compare's panes. */
    this.previews = new Previews(this.api);
    this.viewers = new Viewers($("viewer"), $("viewer-image"), $("viewer-caption"), $("panels"), this.thumbnails, this.previews,
      new Loupe(this.api, $("loupe"), (id) => this.lookup(id)), {
      lookup: (id) => this.lookup(id),
      around: (id, previous) => this.around(id, previous),
      focus: (path) => this.focus(path),
      closeWindow: (id) => this.send({ action: "closeWindow", target: id }),
    });
    this.history = new HistoryPanel($("history-toggle"), $("history"), this.api);
    this.comparePanes = new ComparePanes($("compare"), this.previews, this.thumbnails, {
      lookup: (id) => this.lookup(id),
      zoom: (scale, center) => this.send({ action: "setZoom", args: { scale, center }, target: this.comparePath() }),
      makeSelect: (id) => this.send({ action: "makeSelect", args: { image: id }, target: this.comparePath() }),
      contextMenu: (event) => this.contextMenu(this.comparePath(), null, event),
    });
    this.presence = new Presence($("presence"), this.api, {
      follow: (session) => this.send({ action: "follow", args: { session }, target: this.shownWindowId }),
      unfollow: () => this.send({ action: "unfollow", target: this.shownWindowId }),
      following: () => (this.shownWindow() && this.shownWindow().following) || null,
    });
    this.stream = new EventStream(this.api, {
      onEvent: (type, data) => this.onEvent(type, data),
      onState: (state) => this.setConnection(state),
      onGone: () => this.restart(),
    });
    document.addEventListener("keydown", (event) => this.keyDown(event));
    $("explain").addEventListener("click", (event) => { if (event.target.closest(".close")) this.closeExplain(); });
    $("keysheet").addEventListener("click", (event) => { if (event.target.closest(".close")) $("keysheet").hidden = true; });
    $("viewer").addEventListener("contextmenu", (event) => {
      event.preventDefault();
      if (this.shownWindowId) this.contextMenu(`${this.shownWindowId}/grid/viewer`, null, event);
    });
  }

  async start() {
    try {
      this.setSession(await withSignIn((key) => this.api.open(key)), true);
      await this.declareWatches();
    } catch (error) {
      this.notices.error(error);
      this.setConnection("reconnecting");
      setTimeout(() => this.start(), 2000);
      return;
    }
    this.grid.reset(0);
    this.grid.load(0).catch((error) => this.notices.error(error));
    this.stream.start();
  }

  /** The session ended (deleted, expired, or gone after a restart): open a new one. */
  async restart() {
    this.setConnection("reconnecting");
    try {
      this.setSession(await withSignIn((key) => this.api.create(key)), true);
      await this.declareWatches();
      this.stream.lastEventId = null;
      this.stream.start();
      this.notices.show("Started a new session", "the previous one had ended");
    } catch (error) {
      setTimeout(() => this.restart(), 2000);
    }
  }

  /**
   * Tells the session which controls the toolbar shows (`PUT …/watches`) and draws them from
   * the answer; from then on `hello` and `menu` events keep them live. A refusal leaves the
   * toolbar greyed, with a notice, and does not stop the client.
   */
  async declareWatches() {
    try {
      const answer = await this.api.watch(this.toolbar.declaration());
      this.toolbar.setItems(answer && answer.items);
    } catch (error) {
      if (error instanceof ProblemError) this.notices.error(error);
      else throw error;
    }
  }

  setConnection(state) {
    const element = $("connection");
    element.dataset.state = state;
    element.textContent = state === "live" ? "live" : state === "reconnecting" ? "reconnecting…" : "connecting…";
  }

  // Events -----------------------------------------------------------------------------

  onEvent(type, data) {
    this.counts[type] = (this.counts[type] || 0) + 1;
    switch (type) {
      case "hello":
        this.presence.load(data.session.id);
        // A hello may be older than a command answer already applied: force only a new session.
        this.setSession(data.session, !this.session || this.session.id !== data.session.id);
        this.menuBar.setMenu(data.menu);
        if (data.watches) this.toolbar.setItems(data.watches.items);
        if (this.catalogVersion !== null && this.catalogVersion !== data.catalogVersion) this.grid.reset(this.grid.total);
        this.catalogVersion = data.catalogVersion;
        break;
      case "presence":
        this.presence.apply(data);
        break;
      case "menu":
        this.menuBar.applyDelta(data);
        this.toolbar.applyDelta(data);
        break;
      case "command":
        // Another client of this session may have sent it: fetch the session when it moved on.
        if (!this.session || data.version > this.session.version) {
          this.api.session().then((session) => this.setSession(session), () => {});
        }
        break;
      case "catalog":
        this.catalogVersion = data.catalogVersion;
        this.applyImageValues(data.images || [], data.truncated);
        break;
      case "view":
        // The shown grid's working set changed members or order: its pages are stale.
        if (data.window === this.shownWindowId && data.etag !== this.shownSet) {
          this.shownSet = data.etag;
          this.grid.reset(data.total);
        }
        break;
      case "ended":
        if (data.reason === "shutdown") this.notices.show("The server is restarting", "reconnecting…", 3);
        if (data.reason === "revoked") this.notices.show("Your API key was revoked", "sign in with another key", 5);
        break;
      default:
        break;
    }
  }

  applyImageValues(images, truncated) {
    for (const change of images) {
      const known = this.lookups.get(change.id);
      if (known) for (const key of ["rating", "label", "flag"]) if (key in change) known[key] = change[key];
    }
    if (truncated) {
      this.lookups.clear();
      this.grid.reset(this.grid.total);
    } else {
      this.grid.updateImages(images);
    }
    this.renderViewers(true);
  }

  // The session ------------------------------------------------------------------------

  setSession(session, force = false) {
    if (!session) return;
    if (!force && this.session && session.version < this.session.version) return;
    this.session = session;
    showPrincipal(session.principal);
    window.chainSession = { id: session.id, version: session.version, firstResponder: session.firstResponder };
    const focusedWindow = session.windows.find((candidate) => session.firstResponder.startsWith(`${candidate.id}/`) || session.firstResponder === candidate.id);
    if (focusedWindow && focusedWindow.kind === "browser") this.shownWindowId = focusedWindow.id;
    if (!session.windows.some((candidate) => candidate.id === this.shownWindowId && candidate.kind === "browser")) {
      const browser = session.windows.find((candidate) => candidate.kind === "browser");
      this.shownWindowId = browser ? browser.id : null;
    }
    this.followShownGrid();
    this.renderWindows();
    this.updateSelection();
    this.renderViewers(false);
    this.scheduleLayout();
    this.presence.render();
  }

  /**
   * Points the grid at the shown window's working set, and starts its pages again when that
   * is another window's, or the same one through another filter or sort.
   */
  followShownGrid() {
    const window = this.shownWindow();
    if (!window || !window.grid) return;
    const key = `${window.id} ${JSON.stringify(window.grid.view)}`;
    if (key === this.shownGridKey) return;
    const first = this.shownGridKey === undefined;
    this.shownGridKey = key;
    this.shownSet = null;
    this.grid.window = window.id;
    if (!first) {
      this.grid.reset(window.grid.total);
      this.grid.element.scrollTop = 0;
    }
  }

  /**
   * Tells the shown grid how many tiles a row holds here (`setLayout`), once the layout has
   * settled and only when the session's grid says otherwise.
   */
  scheduleLayout() {
    clearTimeout(this.layoutTimer);
    this.layoutTimer = setTimeout(() => {
      const window = this.shownWindow();
      const columns = this.grid.columns;
      if (!window || !window.grid || window.grid.columns === columns) return;
      const sent = `${this.session.id}:${window.id}:${columns}`;
      if (this.layoutSent === sent) return;
      this.layoutSent = sent;
      this.send({ action: "setLayout", args: { columns }, target: `${window.id}/grid` });
    }, 150);
  }

  shownWindow() {
    return this.session ? this.session.windows.find((candidate) => candidate.id === this.shownWindowId) : null;
  }

  renderWindows() {
    const strip = $("windows");
    strip.replaceChildren();
    for (const candidate of this.session.windows) {
      const button = document.createElement("button");
      button.textContent = candidate.kind === "browser" ? `▦ ${candidate.id}` : `▣ ${candidate.id}`;
      button.dataset.window = candidate.id;
      button.setAttribute("aria-current", String(this.session.firstResponder.startsWith(`${candidate.id}/`)));
      button.addEventListener("click", () => this.focus(candidate.kind === "browser" ? `${candidate.id}/grid` : `${candidate.id}/viewer`));
      strip.append(button);
    }
    $("grid").hidden = !this.shownWindowId;
  }

  renderViewers(refresh) {
    if (!this.session) return;
    const window = this.shownWindow();
    if (refresh) this.viewers.refresh(this.session, window, this.session.firstResponder);
    else this.viewers.render(this.session, window, this.session.firstResponder);
    if (refresh) this.comparePanes.refresh(window);
    else this.comparePanes.render(window);
    this.history.show(window && window.viewer ? window.viewer.image : null, refresh);
  }

  /** The shown window's compare responder. */
  comparePath() {
    return `${this.shownWindowId}/grid/compare`;
  }

  /** The shown window's selection; a list the session object cut is paged in (up to 50,000). */
  updateSelection() {
    const window = this.shownWindow();
    const grid = window && window.grid ? window.grid : { selection: [], selectionCount: 0, selectionTruncated: false };
    const ids = new Set(grid.selection);
    const all = grid.selectionTruncated && this.grid.total > 0 && grid.selectionCount >= this.grid.total;
    const previous = this.selection;
    const same = previous && previous.version === this.session.version && previous.window === (window ? window.id : null);
    this.selection = same ? previous : {
      window: window ? window.id : null, ids, count: grid.selectionCount, all, version: this.session.version,
      complete: !grid.selectionTruncated || all,
    };
    $("selection-count").textContent = grid.selectionCount ? `${grid.selectionCount.toLocaleString()} selected` : "";
    this.grid.setSelected((id) => this.selection.all || this.selection.ids.has(id));
    this.grid.setCursor(grid.cursor || null);
    // Paged in once per session version.
    if (!same && !this.selection.complete) this.selection.paging = this.pageSelection(window.id, this.session.version);
  }

  async pageSelection(windowId, version) {
    const ids = new Set();
    let after = null;
    try {
      do {
        const page = await this.api.selection(windowId, after, 1000);
        page.selection.forEach((id) => ids.add(id));
        after = page.next;
        if (this.session.version !== version) return;
      } while (after && ids.size < selectionLimit);
    } catch (error) {
      return;
    }
    this.selection.ids = ids;
    this.selection.complete = !after;
    this.grid.setSelected((id) => this.selection.all || this.selection.ids.has(id));
  }

  /**
   * The images a viewer on `id` shows next, nearest first: three on in the grid's order the
   * way it went from `previous` (forward when unknown), and one back; those on loaded pages.
   */
  around(id, previous) {
    const shown = this.grid.image(id);
    if (!shown) return [];
    const before = previous && this.grid.image(previous);
    const step = before && before.position > shown.position ? -1 : 1;
    return [1, 2, 3, -1].map((offset) => this.grid.imageAt(shown.position + offset * step)).filter(Boolean).map((image) => image.id);
  }

  /** An image's name and values: from the grid's pages, else fetched once. */
  lookup(id) {
    const loaded = this.grid.image(id) || this.lookups.get(id);
    if (loaded) return Promise.resolve(loaded);
    return this.api.request("GET", `/v1/images/${encodeURIComponent(id)}`).then((image) => {
      this.lookups.set(id, image);
      return image;
    });
  }

  // Commands ---------------------------------------------------------------------------

  /** Posts a command; commands go one at a time, in the order the user gave them. */
  send(body) {
    return this.enqueue(() => this.api.command(body));
  }

  /** Runs requests one at a time; `quiet(error)` says which problems are not worth a notice. */
  enqueue(request, quiet = () => false) {
    const run = this.queue.then(async () => {
      try {
        const answer = await request();
        this.applyAnswer(answer);
        return answer;
      } catch (error) {
        if (!(error instanceof ProblemError && quiet(error))) this.notices.error(error);
        return null;
      }
    });
    this.queue = run;
    return run;
  }

  applyAnswer(answer) {
    if (!answer) return;
    if (answer.session) this.setSession(answer.session);
    const changed = [];
    let truncated = false;
    for (const event of answer.events || []) {
      if (event.images && /Changed$/.test(event.type) && event.type !== "selectionChanged") {
        changed.push(...event.images);
        truncated = truncated || !!event.truncated;
      }
    }
    if (changed.length || truncated) this.applyImageValues(changed, truncated);
    const viewer = this.shownWindow() && this.shownWindow().viewer;
    if (viewer && viewer.image) this.grid.reveal(viewer.image);
    // A keyboard move: the cursor comes into view, loaded or not.
    if (answer.action === "moveSelection" && typeof answer.result.position === "number") {
      this.grid.revealPosition(answer.result.position);
    }
    const conflicts = answer.conflicts;
    if (Array.isArray(conflicts) && conflicts.length) this.showConflicts(answer.action, conflicts);
  }

  /**
   * An undo (or redo) that left images someone else changed since: says how many and who
   * ("2 images were changed by eve since"), and offers to write them anyway (`force`), which
   * the server keeps on top until then.
   */
  showConflicts(action, conflicts) {
    const images = new Set(conflicts.map((conflict) => conflict.image)).size;
    const noun = images === 1 ? "1 image was" : `${images} images were`;
    const way = action === "redo" ? "Redo" : "Undo";
    const left = images === 1 ? "left as it is" : "left as they are";
    this.notices.show(`${noun} changed by ${editorsText(conflicts)} since; ${left}`, "", 12, {
      label: `${way} anyway`,
      run: () => this.perform({ action, args: { force: true } }),
    });
  }

  /**
   * A command the user chose (a menu item, a context menu item, a toolbar control): sent in
   * turn, asking first when it would write more than 1,000 images.
   */
  perform(body) {
    return this.enqueue(async () => {
      if (!(await this.mayWrite(() => this.api.command(body, true)))) return null;
      return this.api.command(body);
    });
  }

  /**
   * Whether to go on with a command, decided in its turn. Up to 1,000 images selected it goes
   * straight through; over that, `dryRun()` (the same request with `?dryRun=1`) says what it
   * would write, and any attribute written on more than 1,000 images asks first. A dry run
   * that fails says nothing: the command itself is sent and answers for itself.
   */
  async mayWrite(dryRun) {
    const window = this.shownWindow();
    const selected = window && window.grid ? window.grid.selectionCount || 0 : 0;
    if (selected <= largeWrite) return true;
    let answer;
    try {
      answer = await dryRun();
    } catch (error) {
      return true;
    }
    const effects = largeEffects(answer);
    if (effects.length === 0) return true;
    return this.confirm.ask(answer, effects);
  }

  focus(path) {
    if (this.session && this.session.firstResponder === path) return Promise.resolve(null);
    return this.send({ action: "focus", args: { responder: path } });
  }

  /**
   * Click, shift-click (a range from the last click) and ⌘/Ctrl-click (toggle). The new
   * list is worked out inside the command's turn, so clicks reach the server in the order
   * they were made, each from the selection the one before left.
   */
  clickTile(image, position, event) {
    const windowId = this.shownWindowId;
    if (!windowId) return;
    const gridPath = `${windowId}/grid`;
    $("grid").focus({ preventScroll: true });
    this.focus(gridPath);
    const anchor = this.anchor;
    const range = event.shiftKey && anchor !== null;
    const toggle = !range && (event.metaKey || event.ctrlKey);
    if (!range) this.anchor = position;
    this.enqueue(async () => {
      let ids = [image.id];
      if (range) {
        if (Math.abs(position - anchor) >= selectionLimit) throw new ProblemError(0, tooMany);
        ids = await this.grid.idsBetween(anchor, position);
      } else if (toggle) {
        const current = await this.wholeSelection();
        ids = current.includes(image.id) ? current.filter((id) => id !== image.id) : [...current, image.id];
      }
      return this.api.command({ action: "select", args: { images: ids }, target: gridPath });
    });
  }

  /** Every id of the shown selection, paged in when the session object cut it. */
  async wholeSelection() {
    if (this.selection.all) {
      if (this.grid.total >= selectionLimit) throw new ProblemError(0, tooMany);
      return this.grid.idsBetween(0, this.grid.total - 1);
    }
    if (!this.selection.complete && this.selection.paging) await this.selection.paging;
    if (!this.selection.complete) throw new ProblemError(0, tooMany);
    return [...this.selection.ids];
  }

  keyDown(event) {
    if (this.confirm.keyDown(event)) return;
    // Return or Space on a focused toolbar button presses it, as the browser does.
    if ((event.key === "Enter" || event.key === " ") && event.target.closest && event.target.closest("#toolbar button")) return;
    if (event.key === "Escape" && !$("explain").hidden) {
      event.preventDefault();
      this.closeExplain();
      return;
    }
    if (event.key === "Escape" && this.viewers.loupe.open) {
      event.preventDefault();
      this.viewers.loupe.close();
      return;
    }
    if (event.key === "Escape" && this.menuBar.open) {
      event.preventDefault();
      this.menuBar.close();
      return;
    }
    if (event.key === "Escape" && !$("keysheet").hidden) {
      event.preventDefault();
      $("keysheet").hidden = true;
      return;
    }
    if (event.key === "?" && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      this.toggleKeySheet();
      return;
    }
    const press = keyPress(event);
    if (!press || belongsToBrowser(event, press)) return;
    event.preventDefault();
    // 404: nothing takes this key here, the press just means nothing. A key whose responder
    // validates it disabled (→ at the end of the grid) flashes the grid, as a Mac beeps, and
    // the notice says why.
    this.enqueue(async () => {
      if (!(await this.mayWrite(() => this.api.key(press.key, press.modifiers, true)))) return null;
      return this.api.key(press.key, press.modifiers);
    }, (error) => {
      if (error.kind === "disabled") this.flashRefused();
      return error.status === 404;
    });
  }

  flashRefused() {
    const grid = $("grid");
    grid.classList.remove("refused");
    void grid.offsetWidth;
    grid.classList.add("refused");
  }

  // The key sheet -----------------------------------------------------------------------

  /** `?`: every key that does something now, from `GET …/keys`, drawn as the server lists it. */
  async toggleKeySheet() {
    const dialog = $("keysheet");
    if (!dialog.hidden) {
      dialog.hidden = true;
      return;
    }
    let sheet;
    try {
      sheet = await this.api.keys();
    } catch (error) {
      this.notices.error(error);
      return;
    }
    const close = document.createElement("button");
    close.className = "close";
    close.textContent = "✕";
    close.title = "Close (Escape)";
    const heading = document.createElement("h2");
    heading.textContent = `Keys in ${sheet.firstResponder}`;
    const table = document.createElement("table");
    for (const entry of sheet.keys) {
      const row = table.insertRow();
      row.dataset.enabled = String(entry.enabled);
      row.dataset.source = entry.source;
      const key = row.insertCell();
      key.className = "key";
      key.textContent = keyEquivalentText(entry.key, entry.modifiers);
      row.insertCell().textContent = entry.title;
      const responder = row.insertCell();
      responder.className = "responder";
      responder.textContent = entry.source === "menu" ? `menu · ${entry.responder}` : entry.responder;
    }
    dialog.replaceChildren(close, heading, table);
    dialog.hidden = false;
  }

  // Explain ----------------------------------------------------------------------------

  /** "Why is this disabled?" for a menu bar item: its walk, from `GET …/menu?explain=1`. */
  async explain(item) {
    let menu;
    try {
      menu = await this.api.menu(true);
    } catch (error) {
      this.notices.error(error);
      return;
    }
    let found = null;
    for (const top of menu.menus) found = found || findItem(top.items, item.id);
    if (found) this.showTrace(found, this.session.chain);
  }

  showTrace(found, chainPaths) {
    const dialog = $("explain");
    const close = document.createElement("button");
    close.className = "close";
    close.textContent = "✕";
    close.title = "Close (Escape)";
    const heading = document.createElement("h2");
    heading.textContent = found.enabled
      ? `“${found.title}” is performed by ${found.target}`
      : `Why is “${found.title}” disabled?`;
    const list = document.createElement("ol");
    for (const step of found.trace || []) {
      const entry = document.createElement("li");
      entry.dataset.verdict = step.verdict;
      const responder = document.createElement("code");
      responder.textContent = step.responder;
      entry.append(responder, document.createTextNode(` — ${step.explanation}`));
      list.append(entry);
    }
    if (!found.trace || found.trace.length === 0) {
      const entry = document.createElement("li");
      entry.textContent = "no responder in the chain was asked";
      list.append(entry);
    }
    const chain = document.createElement("p");
    chain.textContent = `Chain: ${chainPaths.join(" → ")}`;
    dialog.replaceChildren(close, heading, list, chain);
    dialog.dataset.item = found.id;
    dialog.hidden = false;
  }

  // Context menus ----------------------------------------------------------------------

  /**
   * A right-click: the server's context menu for the responder clicked. On a tile not in the
   * selection the grid selects it first, as Finder does, so the menu's items act on it.
   */
  async contextMenu(responder, image, event) {
    const x = event.clientX;
    const y = event.clientY;
    if (image && !(this.selection.all || this.selection.ids.has(image.id))) {
      await this.send({ action: "select", args: { images: [image.id] }, target: responder });
    }
    const query = (explain) => `responder=${encodeURIComponent(responder)}` + (image ? `&image=${encodeURIComponent(image.id)}` : "")
      + (explain ? "&explain=1" : "");
    let menu;
    try {
      menu = await this.api.contextMenu(query(false));
    } catch (error) {
      this.notices.error(error);
      return;
    }
    this.menuBar.popUp(menu.items, x, y, {
      choose: (item) => this.perform({ action: item.action, args: item.args, target: responder }),
      explain: async (item) => {
        try {
          const explained = await this.api.contextMenu(query(true));
          const found = findItem(explained.items, item.id);
          if (found) this.showTrace(found, chainFrom(responder));
        } catch (error) {
          this.notices.error(error);
        }
      },
    });
  }

  closeExplain() {
    $("explain").hidden = true;
  }
}

/** The item `id` in a list of items and submenus, depth first. */
function findItem(items, id) {
  for (const candidate of items) {
    if (candidate.id === id && !candidate.items) return candidate;
    const inner = candidate.items ? findItem(candidate.items, id) : null;
    if (inner) return inner;
  }
  return null;
}

/** The chain from a responder path up to app: main/grid → main → app. */
function chainFrom(path) {
  const chain = [];
  for (let parts = path.split("/"); parts.length; parts.pop()) chain.push(parts.join("/"));
  return [...chain, "app"];
}

const client = new Client();
window.chainClient = client;
client.start();
