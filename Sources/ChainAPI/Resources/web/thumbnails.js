// Thumbnails fetched with the session's token (an <img src> cannot carry it) and shown
// through blob: URLs. At most `parallel` requests run at once, the newest wanted first;
// the `limit` most recently used pictures stay in memory, older ones are released.

export class Thumbnails {
  constructor(api, { size = 256, parallel = 6, limit = 800 } = {}) {
    this.api = api;
    this.size = size;
    this.parallel = parallel;
    this.limit = limit;
    this.urls = new Map(); // key -> blob URL or null (no picture); Map order is use order
    this.waiting = new Map(); // key -> [callbacks]
    this.queue = [];
    this.running = 0;
  }

  /**
   * Calls `done(url, known)` once: `url` null with `known` true means the image has no
   * picture; with `known` false the request failed and may be made again later.
   */
  get(id, done, size = this.size) {
    const key = `${id}@${size}`;
    if (this.urls.has(key)) {
      const url = this.urls.get(key);
      this.urls.delete(key);
      this.urls.set(key, url);
      done(url, true);
      return;
    }
    const callbacks = this.waiting.get(key);
    if (callbacks) {
      callbacks.push(done);
      return;
    }
    this.waiting.set(key, [done]);
    this.queue.push({ id, size, key });
    this.pump();
  }

  /**
   * Drops the grid's queued requests (at the grid's size) for tiles scrolled away; what the
   * viewers asked for, at their sizes, stays queued.
   */
  forget(isWanted) {
    this.queue = this.queue.filter((job) => {
      if (job.size !== this.size || isWanted(job.id)) return true;
      this.waiting.delete(job.key);
      return false;
    });
  }

  pump() {
    while (this.running < this.parallel && this.queue.length > 0) {
      const job = this.queue.pop();
      this.running += 1;
      this.api.thumbnail(job.id, job.size)
        .then((blob) => ({ url: blob ? URL.createObjectURL(blob) : null, known: true }))
        // Not a 404: nothing is remembered, so the next time the picture is wanted it is asked for again.
        .catch(() => ({ url: null, known: false }))
        .then(({ url, known }) => {
          this.running -= 1;
          if (known) this.store(job.key, url);
          for (const done of this.waiting.get(job.key) || []) done(url, known);
          this.waiting.delete(job.key);
          this.pump();
        });
    }
  }

  store(key, url) {
    this.urls.set(key, url);
    while (this.urls.size > this.limit) {
      const [oldest, oldURL] = this.urls.entries().next().value;
      this.urls.delete(oldest);
      if (oldURL) URL.revokeObjectURL(oldURL);
    }
  }
}
