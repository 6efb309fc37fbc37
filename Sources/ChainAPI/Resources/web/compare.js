// A browser window's compare (`main/grid/compare`): the select and its candidates side by
// side, 2–4 panes, with one zoom for all. What is compared, which candidate is current and
// the zoom are the session's (`window.compare`); zooming or panning a pane sends `setZoom`
// and every pane follows. Keys reach the compare through /keys like every other key.

import { captionParts } from "./viewer.js";
import { screenSize } from "./previews.js";

/** Candidates shown beside the select: three, so at most four panes. */
const shownCandidates = 3;
const maxScale = 16;
const minScale = 0.25;

export class ComparePanes {
  /**
   * @param actions {lookup(id) -> Promise<image>, zoom(scale, center), makeSelect(id), contextMenu(event)}
   */
  constructor(section, previews, thumbnails, actions) {
    this.section = section;
    this.previews = previews;
    this.thumbnails = thumbnails;
    this.actions = actions;
    this.compare = null;
    /** The zoom drawn: the session's, or what a gesture in progress made of it. */
    this.zoom = null;
    this.drag = null;
    this.zoomTimer = null;
    section.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      this.actions.contextMenu(event);
    });
    new ResizeObserver(() => this.layout()).observe(section);
  }

  /** Draws `window.compare` (null: hidden). */
  render(window) {
    const compare = window && window.compare ? window.compare : null;
    this.section.hidden = !compare;
    this.compare = compare;
    if (!compare) {
      this.section.replaceChildren();
      return;
    }
    if (!this.drag && !this.zoomTimer) this.zoom = { scale: compare.zoom.scale, center: [...compare.zoom.center] };
    const shown = [compare.select, ...visibleCandidates(compare)];
    const panes = [...this.section.children];
    for (const pane of panes.slice(shown.length)) pane.remove();
    shown.forEach((id, index) => {
      const pane = this.section.children[index] || this.makePane();
      pane.classList.toggle("select", index === 0);
      pane.classList.toggle("current", id === compare.candidate && index > 0);
      this.fillPane(pane, id);
    });
    this.section.dataset.panes = String(shown.length);
    this.layout();
  }

  /** Redraws captions after images' values changed. */
  refresh(window) {
    for (const pane of this.section.children) pane.dataset.image = "";
    this.render(window);
  }

  makePane() {
    const pane = document.createElement("div");
    pane.className = "pane";
    const frame = document.createElement("div");
    frame.className = "pane-frame";
    const img = document.createElement("img");
    img.alt = "";
    img.draggable = false;
    img.addEventListener("load", () => this.layout());
    frame.append(img);
    const badge = document.createElement("div");
    badge.className = "pane-badge";
    const caption = document.createElement("div");
    caption.className = "caption";
    pane.append(frame, badge, caption);
    frame.addEventListener("wheel", (event) => this.wheel(event, frame), { passive: false });
    frame.addEventListener("pointerdown", (event) => this.startDrag(event, frame));
    frame.addEventListener("dblclick", () => {
      if (pane.dataset.image && !pane.classList.contains("select")) this.actions.makeSelect(pane.dataset.image);
    });
    this.section.append(pane);
    return pane;
  }

  fillPane(pane, id) {
    pane.querySelector(".pane-badge").textContent = pane.classList.contains("select") ? "Select" : "Candidate";
    if (pane.dataset.image === id) return;
    pane.dataset.image = id;
    const img = pane.querySelector("img");
    const caption = pane.querySelector(".caption");
    img.removeAttribute("src");
    caption.replaceChildren();
    // A screen-sized preview, so a pane zoomed in stays sharp; the thumbnail when there is none.
    this.previews.get(id, screenSize()).then((url) => {
      if (pane.dataset.image !== id) return;
      if (url) img.src = url;
      else this.thumbnails.get(id, (thumbnail) => { if (pane.dataset.image === id && thumbnail) img.src = thumbnail; }, 1024);
    });
    this.actions.lookup(id).then((image) => {
      if (pane.dataset.image === id) caption.replaceChildren(...captionParts(image));
    });
  }

  /** Places every pane's picture for the zoom drawn: `scale` times its fitted size, `center` at the frame's centre. */
  layout() {
    if (!this.compare || !this.zoom) return;
    const { scale, center } = this.zoom;
    this.section.dataset.scale = String(scale);
    this.section.dataset.center = center.join(",");
    for (const frame of this.section.querySelectorAll(".pane-frame")) {
      const img = frame.querySelector("img");
      const fitted = fittedSize(frame, img);
      if (!fitted) continue;
      const width = fitted.width * scale;
      const height = fitted.height * scale;
      img.style.width = `${width}px`;
      img.style.height = `${height}px`;
      img.style.left = `${frame.clientWidth / 2 - center[0] * width}px`;
      img.style.top = `${frame.clientHeight / 2 - center[1] * height}px`;
    }
  }

  /** Zooms in or out around the pointer, in every pane. */
  wheel(event, frame) {
    event.preventDefault();
    if (!this.zoom) return;
    const img = frame.querySelector("img");
    const fitted = fittedSize(frame, img);
    if (!fitted) return;
    const { scale, center } = this.zoom;
    const factor = event.deltaY < 0 ? 1.25 : 0.8;
    const next = Math.min(maxScale, Math.max(minScale, scale * factor));
    const bounds = frame.getBoundingClientRect();
    // The picture's point under the pointer stays under it.
    const px = event.clientX - bounds.left;
    const py = event.clientY - bounds.top;
    const left = bounds.width / 2 - center[0] * fitted.width * scale;
    const top = bounds.height / 2 - center[1] * fitted.height * scale;
    const ux = (px - left) / (fitted.width * scale);
    const uy = (py - top) / (fitted.height * scale);
    const cx = (bounds.width / 2 - (px - ux * fitted.width * next)) / (fitted.width * next);
    const cy = (bounds.height / 2 - (py - uy * fitted.height * next)) / (fitted.height * next);
    this.setLocalZoom(next, [clamp(cx), clamp(cy)]);
    this.scheduleZoom();
  }

  startDrag(event, frame) {
    if (event.button !== 0 || !this.zoom) return;
    const fitted = fittedSize(frame, frame.querySelector("img"));
    if (!fitted) return;
    event.preventDefault();
    frame.setPointerCapture(event.pointerId);
    this.drag = { x: event.clientX, y: event.clientY, center: [...this.zoom.center], fitted, moved: false };
    const move = (moveEvent) => {
      const drag = this.drag;
      const { scale } = this.zoom;
      const dx = moveEvent.clientX - drag.x;
      const dy = moveEvent.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
      this.setLocalZoom(scale, [
        clamp(drag.center[0] - dx / (drag.fitted.width * scale)),
        clamp(drag.center[1] - dy / (drag.fitted.height * scale)),
      ]);
    };
    const end = () => {
      frame.removeEventListener("pointermove", move);
      frame.removeEventListener("pointerup", end);
      frame.removeEventListener("pointercancel", end);
      const moved = this.drag && this.drag.moved;
      this.drag = null;
      if (moved) this.sendZoom();
    };
    frame.addEventListener("pointermove", move);
    frame.addEventListener("pointerup", end);
    frame.addEventListener("pointercancel", end);
  }

  setLocalZoom(scale, center) {
    this.zoom = { scale, center };
    this.layout();
  }

  /** A wheel turns in steps: the zoom goes to the session once they pause. */
  scheduleZoom() {
    clearTimeout(this.zoomTimer);
    this.zoomTimer = setTimeout(() => this.sendZoom(), 120);
  }

  sendZoom() {
    clearTimeout(this.zoomTimer);
    this.zoomTimer = null;
    if (!this.zoom) return;
    const { scale, center } = this.zoom;
    this.actions.zoom(Number(scale.toFixed(4)), center.map((value) => Number(value.toFixed(4))));
  }
}

/** The candidates beside the select: from the current one on, as many as fit. */
function visibleCandidates(compare) {
  const { candidates } = compare;
  const current = Math.max(0, candidates.indexOf(compare.candidate));
  const start = Math.max(0, Math.min(current, candidates.length - shownCandidates));
  return candidates.slice(start, start + shownCandidates);
}

/** The size at which the whole picture fits the frame (zoom 1), or null before it loads. */
function fittedSize(frame, img) {
  if (!img.naturalWidth || !img.naturalHeight || !frame.clientWidth || !frame.clientHeight) return null;
  const ratio = Math.min(frame.clientWidth / img.naturalWidth, frame.clientHeight / img.naturalHeight);
  return { width: img.naturalWidth * ratio, height: img.naturalHeight * ratio };
}

function clamp(value) {
  return Math.min(1, Math.max(0, value));
}
