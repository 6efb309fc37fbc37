// The toolbar: controls the session watches (`PUT …/watches`), drawn from the server's
// validation of them as the menu bar is drawn from the menu's. The client declares what each
// button sends and the glyph it shows; whether it is enabled, pressed (on), mixed, hidden,
// and its title ("Undo Set Rating") are the server's, from the PUT answer, `hello.watches`
// and the `menu` events that name the controls' ids.

/** The controls this client shows, in order: what they send and how they look here. */
export const toolbarControls = [
  { id: "tb.pick", action: "setFlag", args: { flag: "pick" }, glyph: "⚑", title: "Pick", toggle: true },
  { id: "tb.reject", action: "setFlag", args: { flag: "reject" }, glyph: "✕", title: "Reject", toggle: true },
  { id: "tb.unflag", action: "setFlag", args: { flag: "none" }, glyph: "⚐", title: "Unflag", toggle: true },
  { separator: true },
  ...[1, 2, 3, 4, 5].map((rating) => ({
    id: `tb.rating.${rating}`, action: "setRating", args: { rating }, glyph: `${rating}★`, title: "★".repeat(rating), toggle: true,
  })),
  { separator: true },
  { id: "tb.undo", action: "undo", args: {}, glyph: "↶", title: "Undo" },
  { id: "tb.redo", action: "redo", args: {}, glyph: "↷", title: "Redo" },
  { separator: true },
  // The filter bar: what the grid shows (View ▸ Show), pressed when it is the grid's filter.
  ...[
    ["all", {}, "All", "Show All"], ["unrated", { ratings: [0] }, "☆", "Show Unrated"],
    ["stars", { minRating: 3 }, "≥3★", "Show ★★★ and Up"], ["picks", { flags: ["pick"] }, "⚑only", "Show Picks"],
    ["red", { labels: ["red"] }, "●red", "Show Red Label"], ["noRejects", { flags: ["none", "pick"] }, "¬✕", "Hide Rejects"],
  ].map(([name, filter, glyph, title]) => ({ id: `tb.show.${name}`, action: "setFilter", args: { filter }, glyph, title, toggle: true })),
  // Sort By: pressed when the grid sorts by that key.
  ...[
    ["captureTime", { by: "captureTime" }, "🕑", "Sort by Capture Time"], ["name", { by: "name" }, "A–Z", "Sort by Name"],
    ["rating", { by: "rating", order: "desc" }, "★↓", "Sort by Rating, Best First"],
  ].map(([name, args, glyph, title]) => ({ id: `tb.sort.${name}`, action: "setSort", args, glyph, title, toggle: true })),
];

export class Toolbar {
  /**
   * @param element the container to draw into
   * @param actions {perform(control)}: a click on an enabled control
   */
  constructor(element, actions) {
    this.element = element;
    this.actions = actions;
    /** id -> the server's validated control (null members until it has answered). */
    this.items = new Map();
    this.buttons = new Map();
    for (const control of toolbarControls) {
      if (control.separator) {
        const separator = document.createElement("span");
        separator.className = "toolbar-separator";
        separator.setAttribute("role", "separator");
        element.append(separator);
        continue;
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "toolbar-button";
      button.dataset.control = control.id;
      button.dataset.toggle = String(!!control.toggle);
      button.textContent = control.glyph;
      // A click must not take focus from the grid: keys keep going where they went.
      button.addEventListener("mousedown", (event) => event.preventDefault());
      button.addEventListener("click", () => {
        const item = this.items.get(control.id);
        if (item && item.enabled) this.actions.perform(control);
      });
      element.append(button);
      this.buttons.set(control.id, button);
      this.items.set(control.id, { id: control.id, title: control.title, enabled: false, state: "off", hidden: false, target: null });
      this.draw(control.id);
    }
  }

  /** What `PUT …/watches` is sent: the controls, walking from the first responder. */
  declaration() {
    return {
      items: toolbarControls.filter((control) => !control.separator)
        .map(({ id, action, args, title }) => ({ id, action, args, target: null, title })),
    };
  }

  /** Every control, validated (the PUT answer, `hello.watches`, `GET …/watches`). */
  setItems(items) {
    for (const item of items || []) this.patch(item);
  }

  /** A `menu` event: the changed items, of which some may be these controls. */
  applyDelta(delta) {
    for (const change of delta.items || []) this.patch(change);
  }

  patch(change) {
    const item = this.items.get(change.id);
    if (!item) return;
    Object.assign(item, change);
    this.draw(change.id);
  }

  item(id) { return this.items.get(id); }

  draw(id) {
    const button = this.buttons.get(id);
    const item = this.items.get(id);
    if (!button || !item) return;
    button.hidden = !!item.hidden;
    button.title = item.title || "";
    button.setAttribute("aria-label", item.title || id);
    button.setAttribute("aria-disabled", String(!item.enabled));
    // A toggle (a flag, a rating) says pressed / mixed; undo and redo are plain buttons
    // unless the server gives them a state.
    const pressed = item.state === "on" ? "true" : item.state === "mixed" ? "mixed" : "false";
    if (button.dataset.toggle === "true" || pressed !== "false") button.setAttribute("aria-pressed", pressed);
    else button.removeAttribute("aria-pressed");
    button.dataset.state = item.state || "off";
  }
}
