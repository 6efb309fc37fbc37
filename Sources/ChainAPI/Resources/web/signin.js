// Signing in with an API key (`auth.mode` "keys"): when creating a session answers
// 401 /problems/key-required, a dialog asks for a key made by `chain-server keys add`. The key
// is kept in sessionStorage (this tab only, gone when it closes) and sent only to create
// sessions; the session's principal is shown beside the connection state.

import { ProblemError } from "./chain-client.js";

const keyStorage = "chainserver.apiKey";

/** The key this tab signed in with, if any. */
export function storedKey() { return sessionStorage.getItem(keyStorage); }

/**
 * Runs `attempt(key)` (which creates or resumes a session) with the stored key; while it
 * answers key-required, asks for a key and tries again with it.
 */
export async function withSignIn(attempt) {
  let message = null;
  for (;;) {
    try {
      return await attempt(storedKey());
    } catch (error) {
      if (!(error instanceof ProblemError) || error.kind !== "key-required") throw error;
      const hadKey = storedKey() !== null;
      sessionStorage.removeItem(keyStorage);
      message = hadKey || message ? (error.problem.detail || "That key was not accepted.") : "This server needs an API key.";
      sessionStorage.setItem(keyStorage, await ask(message));
    }
  }
}

/** Shows the dialog and resolves with the key typed. */
function ask(message) {
  const dialog = dialogElement();
  dialog.querySelector(".signin-message").textContent = message;
  const input = dialog.querySelector("input");
  input.value = "";
  if (!dialog.open) dialog.showModal();
  input.focus();
  return new Promise((resolve) => {
    dialog.querySelector("form").onsubmit = (event) => {
      event.preventDefault();
      const key = input.value.trim();
      if (!key) return;
      dialog.close();
      resolve(key);
    };
  });
}

function dialogElement() {
  let dialog = document.getElementById("signin");
  if (dialog) return dialog;
  dialog = document.createElement("dialog");
  dialog.id = "signin";
  dialog.className = "signin";
  dialog.setAttribute("aria-labelledby", "signin-title");
  dialog.innerHTML = `
    <form method="dialog">
      <h2 id="signin-title">Sign in</h2>
      <p class="signin-message" role="alert"></p>
      <label>API key <input name="key" type="password" autocomplete="off" spellcheck="false" required></label>
      <button type="submit">Sign in</button>
    </form>`;
  // Escape must not leave the client without a session, and what is typed is the key's,
  // not the client's key bindings'.
  dialog.addEventListener("cancel", (event) => event.preventDefault());
  dialog.addEventListener("keydown", (event) => event.stopPropagation());
  document.body.append(dialog);
  return dialog;
}

/** Shows who the session acts for (`principal` of the session object), when it says. */
export function showPrincipal(principal) {
  const element = document.getElementById("principal");
  if (!element || !principal) return;
  element.textContent = principal.name;
  element.title = `${principal.name} (${principal.role})`;
  element.dataset.role = principal.role;
}
