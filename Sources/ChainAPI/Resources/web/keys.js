// Key presses as the server names them. This is a translation of the browser's key names,
// not a table of shortcuts: which item a key means is the server's decision (/keys).

const named = {
  ArrowLeft: "leftArrow", ArrowRight: "rightArrow", ArrowUp: "upArrow", ArrowDown: "downArrow",
  Enter: "return", Escape: "escape", Backspace: "delete", Delete: "forwardDelete", Tab: "tab",
  " ": "space", Home: "home", End: "end", PageUp: "pageUp", PageDown: "pageDown",
};

const modifierKeys = new Set(["Shift", "Control", "Alt", "Meta", "CapsLock", "AltGraph", "Fn", "OS", "Dead", "Unidentified"]);
const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** {key, modifiers} for the server, or null for a press that cannot be a key equivalent. */
export function keyPress(event) {
  if (modifierKeys.has(event.key) || event.isComposing) return null;
  if (/^F\d+$/.test(event.key)) return null;
  const modifiers = [];
  // Off the Mac, Control plays Command's part (Ctrl-Z is Undo), as desktop apps do.
  if (event.metaKey || (!isMac && event.ctrlKey)) modifiers.push("command");
  if (isMac && event.ctrlKey) modifiers.push("control");
  if (event.altKey) modifiers.push("option");
  let key = named[event.key];
  if (key === undefined) {
    if ([...event.key].length !== 1) return null;
    // With Option held, event.key is the composed character (⌥R gives ®); event.code names the key.
    if (event.altKey && /^Key[A-Z]$/.test(event.code)) key = event.code.slice(3).toLowerCase();
    else if (event.altKey && /^Digit\d$/.test(event.code)) key = event.code.slice(5);
    else key = event.key.toLowerCase();
  }
  if (event.shiftKey && (named[event.key] !== undefined || /^[a-z]$/.test(key))) modifiers.push("shift");
  return { key, modifiers };
}

/** Presses the browser itself must keep: reload, devtools, tab switching. */
export function belongsToBrowser(event, press) {
  const command = press.modifiers.includes("command");
  if (press.key === "tab") return true;
  if (command && ["r", "t", "l", "q"].includes(press.key)) return true;
  if (command && press.modifiers.includes("shift") && ["i", "j", "c"].includes(press.key)) return true;
  return false;
}

const glyphs = {
  return: "↩", escape: "⎋", leftArrow: "←", rightArrow: "→", upArrow: "↑", downArrow: "↓",
  delete: "⌫", forwardDelete: "⌦", tab: "⇥", space: "Space", home: "↖", end: "↘", pageUp: "⇞", pageDown: "⇟",
};

/** A key equivalent as a Mac menu shows it: ⌃⌥⇧⌘ then the key (⇧⌘N). */
export function keyEquivalentText(key, modifiers = []) {
  if (!key) return "";
  const order = [["control", "⌃"], ["option", "⌥"], ["shift", "⇧"], ["command", "⌘"]];
  const prefix = order.filter(([name]) => modifiers.includes(name)).map(([, glyph]) => glyph).join("");
  return prefix + (glyphs[key] || key.toUpperCase());
}
