// Short, non-blocking messages: a problem's title and detail, gone after a few seconds.

export class Notices {
  constructor(element) {
    this.element = element;
  }

  /** `action`, when given, is `{label, run}`: a button that runs it and closes the notice. */
  show(title, detail = "", seconds = 5, action = null) {
    const notice = document.createElement("div");
    notice.className = "notice";
    notice.setAttribute("role", "status");
    const strong = document.createElement("strong");
    strong.textContent = title;
    notice.append(strong);
    if (detail) notice.append(document.createTextNode(detail));
    if (action) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "notice-action";
      button.textContent = action.label;
      button.addEventListener("click", () => {
        notice.remove();
        action.run();
      });
      notice.append(button);
    }
    this.element.append(notice);
    while (this.element.children.length > 4) this.element.firstElementChild.remove();
    setTimeout(() => notice.remove(), seconds * 1000);
  }

  /** A thrown error: a ProblemError shows its problem, anything else its message. */
  error(error) {
    if (error && error.problem) this.show(error.problem.title || "Error", error.problem.detail || "");
    else this.show("Something went wrong", String(error && error.message ? error.message : error));
  }
}
