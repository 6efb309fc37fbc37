// The shown image's history: who changed its rating, label or flag, through which action,
// when, from what to what (GET /v1/images/{id}/history). A button in the viewer opens the
// panel; it follows the image the viewer shows and reads again when its values change.

const pageSize = 50;

export class HistoryPanel {
  /**
   * @param toggle the viewer's History button
   * @param panel the element the entries are listed in
   * @param api `history(id, limit)` → `{history, next}`
   */
  constructor(toggle, panel, api) {
    this.toggle = toggle;
    this.panel = panel;
    this.api = api;
    this.image = null;
    /** Grows with every read asked, so an older answer never replaces a newer one. */
    this.asked = 0;
    panel.addEventListener("click", (event) => event.stopPropagation());
    toggle.addEventListener("click", (event) => {
      event.stopPropagation();
      this.setOpen(this.panel.hidden);
    });
  }

  get open() { return !this.panel.hidden; }

  setOpen(open) {
    this.panel.hidden = !open;
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open) this.load();
  }

  /** The viewer shows `id` (null: none); `changed`: the catalog's values moved. */
  show(id, changed = false) {
    const moved = id !== this.image;
    this.image = id;
    this.toggle.hidden = !id;
    if (!id) {
      this.panel.hidden = true;
      this.panel.replaceChildren();
      return;
    }
    if (this.open && (moved || changed)) this.load();
  }

  async load() {
    const id = this.image;
    const asked = ++this.asked;
    let page;
    try {
      page = await this.api.history(id, pageSize);
    } catch (error) {
      if (asked === this.asked) this.panel.replaceChildren(line("history-empty", `History unavailable: ${error.message || error}`));
      return;
    }
    if (asked !== this.asked || id !== this.image) return;
    const heading = document.createElement("h3");
    heading.textContent = `History of ${id}`;
    const list = document.createElement("ol");
    list.className = "history-list";
    for (const entry of page.history) list.append(entryItem(entry));
    if (!page.history.length) list.append(line("history-empty", "No changes recorded."));
    this.panel.replaceChildren(heading, list);
    if (page.next) this.panel.append(line("history-more", `Only the newest ${pageSize} are listed.`));
  }
}

/** `rating 2 → 5, label none → red`: what one entry changed. */
export function changeText(entry) {
  return Object.keys(entry.after).map((name) => `${name} ${format(entry.before[name])} → ${format(entry.after[name])}`).join(", ");
}

function format(value) {
  return value === undefined ? "?" : String(value);
}

function entryItem(entry) {
  const item = document.createElement("li");
  item.className = "history-entry";
  item.dataset.principal = entry.principal;
  const who = document.createElement("strong");
  who.textContent = entry.principal;
  const what = document.createElement("span");
  what.className = "history-change";
  what.textContent = changeText(entry);
  const how = document.createElement("span");
  how.className = "history-meta";
  const time = new Date(entry.time);
  how.textContent = `${entry.action} · ${Number.isNaN(time.getTime()) ? entry.time : time.toLocaleString()}`;
  how.title = `session ${entry.session}`;
  item.append(who, what, how);
  return item;
}

function line(className, text) {
  const element = document.createElement("p");
  element.className = className;
  element.textContent = text;
  return element;
}

/** Who made the values conflicts found: "eve", "eve and bob", "ann, bob and eve"; "someone else" when unknown. */
export function editorsText(conflicts) {
  const names = [...new Set(conflicts.map((conflict) => conflict.by).filter((name) => typeof name === "string" && name))].sort();
  if (conflicts.some((conflict) => !conflict.by)) names.push("someone else");
  if (names.length <= 1) return names[0] || "someone else";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
