// The menu bar, drawn from the server's validated menu: a checkmark for on, a dash for
// mixed, grey for disabled, hidden items left out, titles as the server sets them ("Undo
// Set Rating"), key equivalents as a Mac shows them. `menu` events patch items in place.

import { keyEquivalentText } from "./keys.js";

export class MenuBar {
  /**
   * @param element the <nav> to draw into
   * @param actions {choose(item), explain(item)}
   */
  constructor(element, actions) {
    this.element = element;
    this.actions = actions;
    this.menus = [];
    this.items = new Map();
    this.open = null; // {menu, title, panel, submenu}
    document.addEventListener("mousedown", (event) => {
      if (this.open && !event.target.closest(".menu, .menu-title")) this.close();
    });
  }

  /** A whole menu (hello, or GET …/menu). */
  setMenu(menu) {
    this.menus = menu.menus;
    this.items.clear();
    const index = (items) => {
      for (const item of items) {
        this.items.set(item.id, item);
        if (item.items) index(item.items);
      }
    };
    for (const menu of this.menus) index(menu.items);
    this.render();
  }

  /**
   * A `menu` event: the items whose validation changed, and items a remote handler's
   * arrival or departure added (`added`: where each goes) or removed.
   */
  applyDelta(delta) {
    for (const change of delta.items || []) {
      const item = this.items.get(change.id);
      if (item) Object.assign(item, change);
    }
    const structural = (delta.added || []).length + (delta.removed || []).length > 0;
    for (const id of delta.removed || []) {
      this.items.delete(id);
      const remove = (items) => {
        const index = items.findIndex((candidate) => candidate.id === id);
        if (index >= 0) items.splice(index, 1);
        for (const candidate of items) if (candidate.items) remove(candidate.items);
      };
      for (const menu of this.menus) remove(menu.items);
    }
    for (const { menu: menuId, after, item } of delta.added || []) {
      const menu = this.findMenu(menuId);
      if (!menu || this.items.has(item.id)) continue;
      const index = after === null ? 0 : menu.items.findIndex((candidate) => candidate.id === after) + 1;
      menu.items.splice(index > 0 || after === null ? index : menu.items.length, 0, item);
      this.items.set(item.id, item);
    }
    if (structural) this.render();
    else this.refreshOpen();
  }

  /** The menu or submenu `id`, anywhere in the bar. */
  findMenu(id) {
    const find = (entries) => {
      for (const entry of entries) {
        if (!entry.items) continue;
        if (entry.id === id) return entry;
        const inner = find(entry.items);
        if (inner) return inner;
      }
      return null;
    };
    return find(this.menus);
  }

  item(id) { return this.items.get(id); }

  render() {
    const openId = this.open ? this.open.menu.id : null;
    this.close();
    this.element.replaceChildren();
    for (const menu of this.menus) {
      const title = document.createElement("div");
      title.className = "menu-title";
      title.textContent = menu.title;
      title.dataset.menu = menu.id;
      title.setAttribute("role", "menuitem");
      title.setAttribute("aria-haspopup", "true");
      title.setAttribute("aria-expanded", "false");
      title.addEventListener("mousedown", (event) => {
        event.preventDefault();
        if (this.open && this.open.menu === menu) this.close();
        else this.show(menu, title);
      });
      title.addEventListener("mouseenter", () => {
        if (this.open && this.open.menu !== menu) this.show(menu, title);
      });
      this.element.append(title);
    }
    if (openId) {
      const menu = this.menus.find((candidate) => candidate.id === openId);
      const title = this.element.querySelector(`[data-menu="${CSS.escape(openId)}"]`);
      if (menu && title) this.show(menu, title);
    }
  }

  show(menu, title) {
    this.close();
    const panel = this.panel(menu.items);
    const box = title.getBoundingClientRect();
    panel.style.left = `${box.left}px`;
    panel.style.top = `${box.bottom}px`;
    document.body.append(panel);
    title.setAttribute("aria-expanded", "true");
    this.open = { menu, title, panel, submenu: null };
  }

  /**
   * A context menu (`GET …/context-menu`) at (x, y), drawn as the bar's menus are; its items
   * are chosen and explained through `actions` {choose(item), explain(item)}.
   */
  popUp(items, x, y, actions) {
    this.close();
    const menu = { id: "context", items };
    this.open = { menu, title: null, panel: null, submenu: null, actions };
    const panel = this.panel(items);
    panel.classList.add("context");
    document.body.append(panel);
    place(panel, x, y);
    this.open.panel = panel;
  }

  close() {
    if (!this.open) return;
    if (this.open.panel) this.open.panel.remove();
    if (this.open.submenu) this.open.submenu.panel.remove();
    if (this.open.title) this.open.title.setAttribute("aria-expanded", "false");
    this.open = null;
  }

  /** Where the open menu's choices go: a context menu's own actions, else the bar's. */
  get openActions() { return (this.open && this.open.actions) || this.actions; }

  /** Redraws the open menu (and submenu) after a change, keeping them open. */
  refreshOpen() {
    if (!this.open || !this.open.title) return;
    const { menu, title, submenu } = this.open;
    const submenuId = submenu ? submenu.item.id : null;
    this.show(menu, title);
    if (submenuId) {
      const row = this.open.panel.querySelector(`[data-item="${CSS.escape(submenuId)}"]`);
      const item = this.items.get(submenuId);
      if (row && item) this.showSubmenu(item, row);
    }
  }

  panel(items) {
    const panel = document.createElement("div");
    panel.className = "menu";
    panel.setAttribute("role", "menu");
    for (const item of items) {
      if (item.hidden) continue;
      panel.append(this.row(item));
    }
    return panel;
  }

  row(item) {
    const row = document.createElement("div");
    row.className = "menu-item";
    row.dataset.item = item.id;
    row.setAttribute("role", item.items ? "menuitem" : "menuitemcheckbox");
    const mark = document.createElement("span");
    mark.className = "mark";
    const title = document.createElement("span");
    title.className = "title";
    title.textContent = item.title;
    const key = document.createElement("span");
    key.className = item.items ? "arrow" : "key";
    if (item.items) {
      key.textContent = "▸";
    } else {
      mark.textContent = item.state === "on" ? "✓" : item.state === "mixed" ? "–" : "";
      row.dataset.state = item.state;
      row.setAttribute("aria-checked", item.state === "on" ? "true" : item.state === "mixed" ? "mixed" : "false");
      key.textContent = keyEquivalentText(item.key, item.modifiers);
      if (!item.enabled) row.setAttribute("aria-disabled", "true");
      row.title = item.enabled ? "" : "Disabled. Alt-click or right-click: why?";
    }
    row.append(mark, title, key);
    row.addEventListener("mouseenter", () => {
      if (item.items) this.showSubmenu(item, row);
      else if (this.open && this.open.submenu && !row.closest(".submenu")) this.closeSubmenu();
    });
    row.addEventListener("mousedown", (event) => event.preventDefault());
    row.addEventListener("click", (event) => {
      if (item.items) return;
      const actions = this.openActions;
      if (event.altKey || !item.enabled) {
        if (event.altKey || event.shiftKey) {
          this.close();
          actions.explain(item);
        }
        return;
      }
      this.close();
      actions.choose(item);
    });
    row.addEventListener("contextmenu", (event) => {
      if (item.items) return;
      event.preventDefault();
      const actions = this.openActions;
      this.close();
      actions.explain(item);
    });
    return row;
  }

  showSubmenu(item, row) {
    if (!this.open) return;
    if (this.open.submenu && this.open.submenu.item.id === item.id) return;
    this.closeSubmenu();
    const panel = this.panel(item.items);
    panel.classList.add("submenu");
    const box = row.getBoundingClientRect();
    document.body.append(panel);
    place(panel, box.right + 2, box.top - 4);
    row.classList.add("open");
    this.open.submenu = { item, panel, row };
  }

  closeSubmenu() {
    if (!this.open || !this.open.submenu) return;
    this.open.submenu.panel.remove();
    this.open.submenu.row.classList.remove("open");
    this.open.submenu = null;
  }
}

/** Puts a menu panel at (x, y), moved left and up as far as it takes to stay in the window. */
function place(panel, x, y) {
  const width = panel.offsetWidth;
  const height = panel.offsetHeight;
  panel.style.left = `${Math.max(0, Math.min(x, window.innerWidth - width - 4))}px`;
  panel.style.top = `${Math.max(0, Math.min(y, window.innerHeight - height - 4))}px`;
}
