// The image grid of the shown browser window. Only the tiles in view (plus two rows either
// side) exist in the DOM; the grid's working set (the catalog through its filter and sort,
// `GET …/grid`) is fetched a page at a time, by offset, as the view needs it, so a
// 100,000-image catalog scrolls like a 100-image one.

const pageSize = 200;
const overscanRows = 2;
/** A thumbnail that failed for a reason other than 404 is asked for again after this long. */
const retryMilliseconds = 3000;

export function starsText(rating) {
  return "★".repeat(rating) + "☆".repeat(5 - rating);
}

export function flagText(flag) {
  return flag === "pick" ? "⚑" : flag === "reject" ? "✕" : "";
}

export class Grid {
  /**
   * @param actions {click(image, position, event), open(image), layout(columns), contextMenu(image, event)}
   */
  constructor(element, space, api, thumbnails, actions) {
    this.element = element;
    this.space = space;
    this.api = api;
    this.thumbnails = thumbnails;
    this.actions = actions;
    this.total = 0;
    /** The browser window whose grid this shows (`main` until the session says otherwise). */
    this.window = "main";
    this.pages = new Map(); // page index -> array of images, or a Promise while loading
    this.byId = new Map(); // id -> image (the objects in pages, updated in place)
    this.tiles = new Map(); // position -> tile element
    this.selected = () => false;
    /** The image keyboard navigation starts from (the grid's `cursor`), outlined. */
    this.cursorId = null;
    this.columns = 1;
    this.tileWidth = 192;
    this.rowHeight = 232;
    this.firstPaint = false;
    this.scheduled = false;
    /** Grows with every reset: a page answer from an older generation is dropped. */
    this.generation = 0;
    /** Values from `catalog` events, kept to lay over pages whose request was already out. */
    this.recentChanges = new Map();
    element.addEventListener("scroll", () => this.schedule(), { passive: true });
    new ResizeObserver(() => this.schedule()).observe(element);
    space.addEventListener("click", (event) => this.clicked(event));
    space.addEventListener("contextmenu", (event) => {
      const tile = event.target.closest(".tile");
      const image = tile && this.byId.get(tile.dataset.id);
      if (!image) return;
      event.preventDefault();
      this.actions.contextMenu(image, event);
    });
    space.addEventListener("dblclick", (event) => {
      const tile = event.target.closest(".tile");
      const image = tile && this.byId.get(tile.dataset.id);
      if (image) this.actions.open(image);
    });
  }

  /** Forgets every page (a new catalog, or a change too large to patch) and redraws. */
  reset(total) {
    this.generation += 1;
    this.recentChanges.clear();
    this.total = total;
    this.pages.clear();
    this.byId.clear();
    for (const tile of this.tiles.values()) tile.remove();
    this.tiles.clear();
    this.schedule();
  }

  setSelected(isSelected) {
    this.selected = isSelected;
    for (const tile of this.tiles.values()) tile.classList.toggle("selected", !!tile.dataset.id && isSelected(tile.dataset.id));
  }

  setCursor(id) {
    if (id === this.cursorId) return;
    this.cursorId = id;
    for (const tile of this.tiles.values()) tile.classList.toggle("cursor", !!id && tile.dataset.id === id);
  }

  /** New values for images (a `catalog` event or a command's events): patch them in place. */
  updateImages(changes) {
    if (this.recentChanges.size > 5000) this.recentChanges.clear();
    for (const change of changes) {
      this.recentChanges.set(change.id, change);
      const image = this.byId.get(change.id);
      if (!image) continue;
      for (const key of ["rating", "label", "flag"]) if (key in change) image[key] = change[key];
    }
    for (const tile of this.tiles.values()) {
      const image = this.byId.get(tile.dataset.id);
      if (image) this.fill(tile, image);
    }
  }

  image(id) { return this.byId.get(id); }

  /** The image at a position, when its page is loaded. */
  imageAt(position) {
    const page = this.pages.get(Math.floor(position / pageSize));
    return Array.isArray(page) ? page[position % pageSize] : undefined;
  }

  /** Ids of positions `from...to`, loading the pages they are on. */
  async idsBetween(from, to) {
    const [low, high] = from <= to ? [from, to] : [to, from];
    for (let page = Math.floor(low / pageSize); page <= Math.floor(high / pageSize); page += 1) await this.load(page);
    const ids = [];
    for (let position = low; position <= high; position += 1) {
      const image = this.imageAt(position);
      if (image) ids.push(image.id);
    }
    return ids;
  }

  /** Scrolls so the image's tile is in view, when it is loaded. */
  reveal(id) {
    const image = this.byId.get(id);
    if (image) this.revealPosition(image.position);
  }

  /** Scrolls the least that brings the tile at `position` into view (loaded or not). */
  revealPosition(position) {
    const top = 8 + Math.floor(position / this.columns) * this.rowHeight;
    const bottom = top + this.rowHeight;
    const view = this.element;
    if (top < view.scrollTop) view.scrollTop = Math.max(0, top - 8);
    else if (bottom > view.scrollTop + view.clientHeight) view.scrollTop = bottom - view.clientHeight + 8;
  }

  load(page) {
    const known = this.pages.get(page);
    if (Array.isArray(known)) return Promise.resolve(known);
    if (known) return known;
    const generation = this.generation;
    const loading = this.api.grid(this.window, page * pageSize, pageSize).then((answer) => {
      if (generation !== this.generation) return this.load(page);
      const images = answer.images;
      images.forEach((image, index) => {
        image.position = page * pageSize + index;
        // A change that arrived while this page was on its way is newer than the page.
        const change = this.recentChanges.get(image.id);
        if (change) for (const key of ["rating", "label", "flag"]) if (key in change) image[key] = change[key];
        this.byId.set(image.id, image);
      });
      this.pages.set(page, images);
      if (typeof answer.total === "number" && answer.total !== this.total) {
        this.total = answer.total;
      }
      this.schedule();
      return images;
    }, (error) => {
      if (generation === this.generation) this.pages.delete(page);
      throw error;
    });
    this.pages.set(page, loading);
    return loading;
  }

  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.render();
    });
  }

  render() {
    const width = this.element.clientWidth;
    const columns = Math.max(1, Math.floor((width - 16) / this.tileWidth));
    if (columns !== this.columns) {
      for (const tile of this.tiles.values()) tile.remove();
      this.tiles.clear();
      this.columns = columns;
      // Up and down move by a row: the server is told how wide a row is here.
      this.actions.layout(columns);
    }
    const rows = Math.ceil(this.total / this.columns);
    this.space.style.height = `${rows * this.rowHeight + 16}px`;
    const top = this.element.scrollTop;
    const firstRow = Math.max(0, Math.floor(top / this.rowHeight) - overscanRows);
    const lastRow = Math.min(rows - 1, Math.ceil((top + this.element.clientHeight) / this.rowHeight) + overscanRows);
    const first = firstRow * this.columns;
    const last = Math.min(this.total - 1, (lastRow + 1) * this.columns - 1);

    for (const [position, tile] of this.tiles) {
      if (position < first || position > last) {
        tile.remove();
        this.tiles.delete(position);
      }
    }
    const wanted = new Set();
    for (let position = first; position <= last; position += 1) {
      let tile = this.tiles.get(position);
      if (!tile) {
        tile = this.makeTile(position);
        this.tiles.set(position, tile);
        this.space.append(tile);
      }
      const image = this.imageAt(position);
      if (image) {
        wanted.add(image.id);
        if (tile.dataset.id !== image.id) this.fill(tile, image);
        else if (tile.dataset.picture === "retry" && Date.now() - Number(tile.dataset.asked) > retryMilliseconds) {
          this.requestPicture(tile, image);
        }
      } else {
        this.load(Math.floor(position / pageSize)).catch(() => {});
      }
    }
    this.thumbnails.forget((id) => wanted.has(id));
    if (!this.firstPaint && wanted.size > 0) {
      this.firstPaint = true;
      requestAnimationFrame(() => performance.mark("grid-first-paint"));
    }
  }

  makeTile(position) {
    const tile = document.createElement("div");
    tile.className = "tile loading";
    tile.dataset.position = position;
    const column = position % this.columns;
    const row = Math.floor(position / this.columns);
    tile.style.transform = `translate(${8 + column * this.tileWidth}px, ${8 + row * this.rowHeight}px)`;
    tile.innerHTML = '<div class="picture"></div><div class="name">…</div>'
      + '<div class="meta"><span class="stars"></span><span><span class="label-dot" hidden></span><span class="flag"></span></span></div>';
    return tile;
  }

  fill(tile, image) {
    const fresh = tile.dataset.id !== image.id;
    tile.dataset.id = image.id;
    tile.classList.remove("loading");
    tile.classList.toggle("selected", this.selected(image.id));
    tile.classList.toggle("cursor", image.id === this.cursorId);
    tile.querySelector(".name").textContent = image.name;
    tile.title = image.name;
    const stars = tile.querySelector(".stars");
    stars.textContent = "★".repeat(image.rating);
    const unset = document.createElement("span");
    unset.className = "unset";
    unset.textContent = "★".repeat(5 - image.rating);
    stars.append(unset);
    stars.dataset.rating = image.rating;
    const dot = tile.querySelector(".label-dot");
    dot.hidden = image.label === "none";
    dot.className = `label-dot label-${image.label}`;
    dot.title = image.label;
    const flag = tile.querySelector(".flag");
    flag.textContent = flagText(image.flag);
    flag.className = `flag ${image.flag}`;
    flag.dataset.flag = image.flag;
    tile.dataset.label = image.label;
    if (fresh) {
      tile.querySelector(".picture").replaceChildren();
      this.requestPicture(tile, image);
    }
  }

  /** Asks for the tile's thumbnail; a failed request (not a 404) is asked again later. */
  requestPicture(tile, image) {
    tile.dataset.picture = "pending";
    tile.dataset.asked = String(Date.now());
    this.thumbnails.get(image.id, (url, known) => {
      if (tile.dataset.id !== image.id) return;
      tile.dataset.picture = url ? "shown" : known ? "none" : "retry";
      if (!url && !known) setTimeout(() => this.schedule(), retryMilliseconds + 100);
      if (!url) return;
      const img = document.createElement("img");
      img.alt = image.name;
      img.src = url;
      tile.querySelector(".picture").replaceChildren(img);
    });
  }

  clicked(event) {
    const tile = event.target.closest(".tile");
    if (!tile || !tile.dataset.id) return;
    const image = this.byId.get(tile.dataset.id);
    if (image && event.detail <= 1) this.actions.click(image, image.position, event);
  }
}
