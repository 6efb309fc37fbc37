// Viewers: the one over a browser window's grid, and viewer windows, drawn as panels.
// What each shows is the session's (`viewer.image`); arrows and Escape reach them through
// /keys like every other key.

import { starsText, flagText } from "./grid.js";
import { screenSize } from "./previews.js";

export class Viewers {
  /**
   * @param actions {lookup(id) -> Promise<image>, focus(path), closeWindow(id),
   *   around(id, previous) -> ids of the images to have ready next, nearest first}
   */
  constructor(overlay, image, caption, panels, thumbnails, previews, loupe, actions) {
    this.overlay = overlay;
    this.imageElement = image;
    this.caption = caption;
    this.panels = panels;
    this.thumbnails = thumbnails;
    this.previews = previews;
    this.loupe = loupe;
    this.actions = actions;
    image.addEventListener("click", (event) => {
      if (this.shown) this.loupe.show(this.shown, image, event);
    });
    this.shown = null;
  }

  /** Draws the browser window's viewer (`window`) and every viewer window of `session`. */
  render(session, window, firstResponder) {
    const id = window && window.viewer ? window.viewer.image : null;
    this.overlay.hidden = !id;
    if (!id) this.loupe.close();
    this.overlay.dataset.image = id || "";
    if (id) this.showLarge(id);
    else this.shown = null;

    const viewerWindows = session.windows.filter((candidate) => candidate.kind === "viewer");
    const kept = new Set(viewerWindows.map((candidate) => candidate.id));
    for (const panel of [...this.panels.children]) if (!kept.has(panel.dataset.window)) panel.remove();
    for (const viewerWindow of viewerWindows) {
      let panel = this.panels.querySelector(`[data-window="${CSS.escape(viewerWindow.id)}"]`);
      if (!panel) panel = this.makePanel(viewerWindow.id);
      panel.classList.toggle("focused", firstResponder.startsWith(`${viewerWindow.id}/`));
      this.fillPanel(panel, viewerWindow.viewer ? viewerWindow.viewer.image : null);
    }
  }

  /** Redraws captions after images' values changed. */
  refresh(session, window, firstResponder) {
    this.shown = null;
    for (const panel of this.panels.children) panel.dataset.image = "";
    this.render(session, window, firstResponder);
  }

  showLarge(id) {
    this.actions.lookup(id).then((image) => {
      if (this.overlay.dataset.image !== id) return;
      this.caption.replaceChildren(...captionParts(image));
    });
    if (this.shown === id) return;
    const previous = this.shown;
    this.shown = id;
    this.loupe.close();
    // A preview the size of this screen; one fetched and decoded ahead is shown at once.
    const size = screenSize();
    const ready = this.previews.ready(id, size);
    if (ready) {
      this.imageElement.src = ready;
    } else {
      this.imageElement.removeAttribute("src");
      this.previews.get(id, size).then((url) => {
        if (this.shown === id && url) this.imageElement.src = url;
      });
    }
    this.imageElement.dataset.size = String(size);
    this.previews.prefetch(this.actions.around(id, previous), size);
  }

  makePanel(windowId) {
    const panel = document.createElement("div");
    panel.className = "panel";
    panel.dataset.window = windowId;
    const header = document.createElement("header");
    const name = document.createElement("span");
    name.textContent = `Viewer ${windowId}`;
    const close = document.createElement("button");
    close.textContent = "✕";
    close.title = "Close Window";
    close.addEventListener("click", (event) => {
      event.stopPropagation();
      this.actions.closeWindow(windowId);
    });
    header.append(name, close);
    const img = document.createElement("img");
    img.alt = "";
    const caption = document.createElement("div");
    caption.className = "caption";
    panel.append(header, img, caption);
    panel.addEventListener("mousedown", () => this.actions.focus(`${windowId}/viewer`));
    this.panels.append(panel);
    return panel;
  }

  fillPanel(panel, id) {
    if (panel.dataset.image === (id || "")) return;
    panel.dataset.image = id || "";
    const img = panel.querySelector("img");
    const caption = panel.querySelector(".caption");
    img.removeAttribute("src");
    caption.textContent = id ? "" : "No image";
    if (!id) return;
    this.thumbnails.get(id, (url) => { if (panel.dataset.image === id && url) img.src = url; }, 512);
    this.actions.lookup(id).then((image) => {
      if (panel.dataset.image === id) caption.replaceChildren(...captionParts(image));
    });
  }
}

/** An image's name, stars, label and flag, as viewers and compare panes caption it. */
export function captionParts(image) {
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = image.name;
  const stars = document.createElement("span");
  stars.className = "stars";
  stars.dataset.rating = image.rating;
  stars.textContent = starsText(image.rating);
  const label = document.createElement("span");
  label.className = image.label === "none" ? "" : `label-dot label-${image.label}`;
  label.title = image.label;
  const flag = document.createElement("span");
  flag.className = `flag ${image.flag}`;
  flag.textContent = flagText(image.flag);
  const metadata = document.createElement("span");
  metadata.className = "metadata";
  metadata.textContent = metadataText(image);
  return [name, stars, label, flag, metadata];
}

/**
 * The viewer's metadata strip: when the picture was taken (the camera's own clock, as the
 * photographer lived it), camera, lens, exposure and size, each left out when unknown.
 * "2024-05-01 10:20 · Canon EOS R5 · RF24-70mm F2.8 L IS USM · 1/250 s f/5.6 ISO 400 50 mm · 4000 × 6000"
 */
export function metadataText(image) {
  const parts = [];
  if (image.captureTime) parts.push(image.captureTime.slice(0, 10) + " " + image.captureTime.slice(11, 16));
  if (image.camera) parts.push(image.camera.model || image.camera.make);
  if (image.lens) parts.push(image.lens);
  const exposure = image.exposure || {};
  const settings = [];
  if (exposure.time) settings.push(`${exposure.time} s`);
  if (typeof exposure.aperture === "number") settings.push(`f/${exposure.aperture}`);
  if (typeof exposure.iso === "number") settings.push(`ISO ${exposure.iso}`);
  if (typeof exposure.focalLength === "number") settings.push(`${exposure.focalLength} mm`);
  if (settings.length) parts.push(settings.join(" "));
  if (image.width && image.height) parts.push(`${image.width} × ${image.height}`);
  return parts.filter(Boolean).join(" · ");
}
