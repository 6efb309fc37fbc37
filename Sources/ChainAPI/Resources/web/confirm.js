// Asking first: a dialog in the page (not window.confirm) that says what a large write would
// do, in words built from a dry run's `effects` ("Rate 100,000 images ★★★★★? 300 already
// are."), and answers true (OK) or false (Cancel, Escape). Which commands ask is decided by
// the dry run: any whose effects write an attribute of more than `largeWrite` images.

/** A write to more images than this asks first. */
export const largeWrite = 1000;

/** The effects of a dry run that write more than `largeWrite` images, as [attribute, effect]. */
export function largeEffects(dryRun) {
  if (!dryRun || !dryRun.effects) return [];
  return Object.entries(dryRun.effects).filter(([, effect]) => effect && effect.count > largeWrite);
}

const count = (n) => Number(n).toLocaleString("en-US");
const images = (n) => `${count(n)} image${n === 1 ? "" : "s"}`;

/** The one value every image would have afterwards, or null when they would differ. */
function single(histogram) {
  const values = Object.keys(histogram || {}).filter((value) => histogram[value] > 0);
  return values.length === 1 ? values[0] : null;
}

function capitalized(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

/** One sentence for one attribute's effect. */
export function effectSentence(attribute, effect) {
  const value = single(effect.after);
  const already = value === null ? null : (effect.before && effect.before[value]) || 0;
  let question;
  if (attribute === "rating") {
    if (value === null) question = `Change the rating of ${images(effect.count)}?`;
    else if (value === "0") question = `Clear the rating of ${images(effect.count)}?`;
    else question = `Rate ${images(effect.count)} ${"★".repeat(Number(value))}?`;
  } else if (attribute === "flag") {
    if (value === null) question = `Change the flag of ${images(effect.count)}?`;
    else if (value === "none") question = `Unflag ${images(effect.count)}?`;
    else question = `Flag ${images(effect.count)} as ${value === "pick" ? "picks" : value === "reject" ? "rejects" : value}?`;
  } else if (attribute === "label") {
    if (value === null) question = `Change the label of ${images(effect.count)}?`;
    else if (value === "none") question = `Remove the label of ${images(effect.count)}?`;
    else question = `Label ${images(effect.count)} ${capitalized(value)}?`;
  } else {
    question = value === null
      ? `Change the ${attribute} of ${images(effect.count)}?`
      : `Set the ${attribute} of ${images(effect.count)} to ${value}?`;
  }
  if (already === null) return question;
  if (already === 0) return `${question} None already are.`;
  return `${question} ${count(already)} already ${already === 1 ? "is" : "are"}.`;
}

export class ConfirmDialog {
  constructor(element) {
    this.element = element;
    this.pending = null; // {resolve}
    element.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-answer]");
      if (button) this.answer(button.dataset.answer === "ok");
    });
  }

  get open() { return !!this.pending; }

  /** Shows the question for a dry run's large effects; resolves true for OK, false for Cancel. */
  ask(dryRun, effects) {
    if (this.pending) this.answer(false);
    const heading = document.createElement("h2");
    heading.id = "confirm-heading";
    heading.textContent = effects.map(([attribute, effect]) => effectSentence(attribute, effect)).join(" ");
    const detail = document.createElement("p");
    detail.className = "detail";
    detail.textContent = `${dryRun.handledBy ? `${dryRun.handledBy} would perform ${dryRun.action}` : dryRun.action}.`;
    const buttons = document.createElement("div");
    buttons.className = "buttons";
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.dataset.answer = "cancel";
    cancel.textContent = "Cancel";
    const ok = document.createElement("button");
    ok.type = "button";
    ok.dataset.answer = "ok";
    ok.className = "default";
    ok.textContent = "OK";
    buttons.append(cancel, ok);
    this.element.replaceChildren(heading, detail, buttons);
    this.element.dataset.count = String(Math.max(...effects.map(([, effect]) => effect.count)));
    this.element.hidden = false;
    this.returnFocus = document.activeElement;
    ok.focus({ preventScroll: true });
    return new Promise((resolve) => { this.pending = { resolve }; });
  }

  answer(ok) {
    if (!this.pending) return;
    const { resolve } = this.pending;
    this.pending = null;
    this.element.hidden = true;
    if (this.returnFocus && this.returnFocus.focus) this.returnFocus.focus({ preventScroll: true });
    this.returnFocus = null;
    resolve(ok);
  }

  /**
   * Keys while the dialog is open: Escape cancels, Return answers the focused button (OK by
   * default), Tab moves between the buttons; nothing else reaches the page. True when taken.
   */
  keyDown(event) {
    if (!this.pending) return false;
    if (event.key === "Tab") return true;
    event.preventDefault();
    if (event.key === "Escape") this.answer(false);
    else if (event.key === "Enter" || event.key === " ") {
      const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#confirm button[data-answer]");
      this.answer(!focused || focused.dataset.answer === "ok");
    }
    return true;
  }
}
