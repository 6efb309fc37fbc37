// The viewer's pictures: previews at the size this screen needs, fetched with the session's
// token and decoded before they are shown. The size is the viewport's long edge in device
// pixels (viewport × devicePixelRatio), rounded up to one of a few buckets so the server's
// cache and this one hit, capped at 4096. The neighbours of the image shown are fetched and
// decoded ahead (`prefetch`), so a step shows a picture that is ready.

const buckets = [1024, 1536, 2048, 3072, 4096];

/** The preview size for this screen now. */
export function screenSize() {
  const edge = Math.max(window.innerWidth, window.innerHeight) * (window.devicePixelRatio || 1);
  return buckets.find((bucket) => bucket >= edge) || buckets[buckets.length - 1];
}

export class Previews {
  constructor(api, { limit = 12, parallel = 2 } = {}) {
    this.api = api;
    this.limit = limit;
    this.parallel = parallel;
    /** key -> {promise of the blob URL (null: no picture), url when known, image decoding it}; Map order is use order. */
    this.entries = new Map();
    this.queue = [];
    this.running = 0;
  }

  /** The blob URL of `id`'s preview at `size`, decoded, first in line; null when it has no picture. */
  get(id, size = screenSize()) {
    return this.entry(id, size, true).promise;
  }

  /** The URL now when its preview is fetched and decoded already, else null. */
  ready(id, size = screenSize()) {
    const entry = this.entries.get(`${id}@${size}`);
    return entry && entry.decoded ? entry.url : null;
  }

  /** Fetches and decodes these ahead, nearest first; what is queued for others is dropped. */
  prefetch(ids, size = screenSize()) {
    const wanted = new Set(ids.map((id) => `${id}@${size}`));
    this.queue = this.queue.filter((job) => job.urgent || wanted.has(job.key));
    for (const id of ids) this.entry(id, size, false);
  }

  entry(id, size, urgent) {
    const key = `${id}@${size}`;
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      const queued = this.queue.find((job) => job.key === key);
      if (urgent && queued) {
        this.queue.splice(this.queue.indexOf(queued), 1);
        this.queue.unshift({ ...queued, urgent });
        this.pump();
      }
      if (entry.failed) this.entries.delete(key);
      else return entry;
    }
    entry = { url: null, decoded: false, failed: false };
    entry.promise = new Promise((resolve) => { entry.resolve = resolve; });
    this.entries.set(key, entry);
    const job = { id, size, key, entry, urgent };
    if (urgent) this.queue.unshift(job);
    else this.queue.push(job);
    this.pump();
    this.trim();
    return entry;
  }

  pump() {
    while (this.running < this.parallel && this.queue.length > 0) {
      const job = this.queue.shift();
      this.running += 1;
      this.load(job).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  async load({ id, size, entry }) {
    try {
      const blob = await this.api.preview(id, size);
      if (!blob) return entry.resolve(null);
      entry.url = URL.createObjectURL(blob);
      // Decoded now, off the step's path: the viewer's <img> then shows it at once.
      entry.image = new Image();
      entry.image.src = entry.url;
      await entry.image.decode().catch(() => {});
      entry.decoded = true;
      entry.resolve(entry.url);
    } catch (error) {
      // Not a 404: asked again the next time it is wanted.
      entry.failed = true;
      entry.resolve(null);
    }
  }

  /** Lets the least recently used go past `limit`, but never one still loading. */
  trim() {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limit) break;
      if (!entry.decoded && !entry.failed) continue;
      this.entries.delete(key);
      if (entry.url) URL.revokeObjectURL(entry.url);
    }
  }
}
