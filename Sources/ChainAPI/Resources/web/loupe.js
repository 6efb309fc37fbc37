// The 1:1 loupe: a click on the viewer's picture shows the pixels around that point at full
// size (`…/region`), one device pixel each, as large as the screen; a click or Escape puts
// the picture back. The picture's full size comes from the image object (width × height),
// turned the way the preview shows it.

const maxSide = 4096;

export class Loupe {
  /** @param lookup(id) -> Promise of the image object */
  constructor(api, element, lookup) {
    this.api = api;
    this.element = element;
    this.lookup = lookup;
    this.image = element.querySelector("img");
    this.asked = 0;
    element.addEventListener("click", () => this.close());
  }

  get open() { return !this.element.hidden; }

  /** Shows the region of image `id` around the point clicked on `shown` (the viewer's <img>). */
  async show(id, shown, event) {
    const asked = ++this.asked;
    const image = await this.lookup(id);
    if (!shown.naturalWidth) return;
    const box = shown.getBoundingClientRect();
    const point = { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
    // The upright picture: the preview's proportions at the file's long edge as the catalog
    // knows it; when that is not the file's (a 422 names the picture's size), once more at it.
    const long = Math.max(image.width || 0, image.height || 0) || Math.max(shown.naturalWidth, shown.naturalHeight);
    const scale = long / Math.max(shown.naturalWidth, shown.naturalHeight);
    let size = { width: Math.round(shown.naturalWidth * scale), height: Math.round(shown.naturalHeight * scale) };
    let answer = await this.fetch(id, size, point);
    if (answer.problem && answer.problem.width && answer.problem.height) {
      size = { width: answer.problem.width, height: answer.problem.height };
      answer = await this.fetch(id, size, point);
    }
    if (!answer.blob || asked !== this.asked) return;
    if (this.image.src) URL.revokeObjectURL(this.image.src);
    const { x, y, w, h } = answer.region;
    const ratio = window.devicePixelRatio || 1;
    this.image.src = URL.createObjectURL(answer.blob);
    this.image.style.width = `${w / ratio}px`;
    this.image.style.height = `${h / ratio}px`;
    this.element.dataset.region = `${x},${y},${w},${h}`;
    this.element.dataset.image = id;
    this.element.hidden = false;
  }

  /** The screen-sized region around `point` (fractions of the picture), within it. */
  async fetch(id, { width, height }, point) {
    const ratio = window.devicePixelRatio || 1;
    const w = Math.min(width, maxSide, Math.round(window.innerWidth * ratio));
    const h = Math.min(height, maxSide, Math.round(window.innerHeight * ratio));
    const x = Math.max(0, Math.min(width - w, Math.round(point.x * width - w / 2)));
    const y = Math.max(0, Math.min(height - h, Math.round(point.y * height - h / 2)));
    const region = { x, y, w, h };
    try {
      return { region, blob: await this.api.region(id, region) };
    } catch (error) {
      return { region, problem: error.problem };
    }
  }

  close() {
    this.asked += 1;
    this.element.hidden = true;
  }
}
