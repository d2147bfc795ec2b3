// scanbench notes serve: the boxes' toggles and the copy button. Everything else works without it.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const figure = document.getElementById("figure");
  for (const toggle of document.querySelectorAll("#toggles input[data-layer]")) {
    const apply = () => {
      if (figure) figure.classList.toggle("hide-" + toggle.dataset.layer, !toggle.checked);
    };
    toggle.addEventListener("change", apply);
    apply();
  }

  const copy = document.getElementById("copy-text");
  const text = document.getElementById("note-text");
  if (copy && text) {
    copy.addEventListener("click", () => {
      const range = document.createRange();
      range.selectNodeContents(text);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      // The clipboard API needs a secure context (loopback is one) and the user's permission; when
      // it is refused, the text stays selected for Ctrl-C.
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text.textContent).then(
          () => { copy.textContent = "Copied"; },
          () => { copy.textContent = "Selected: press Ctrl-C"; });
      } else {
        copy.textContent = "Selected: press Ctrl-C";
      }
    });
  }

  // A thumbnail whose image is gone (its input moved or changed) shows as an empty tile.
  for (const image of document.querySelectorAll("li.note .thumb img")) {
    image.addEventListener("error", () => { image.classList.add("missing"); });
  }

  document.body.dataset.ready = "yes";
});
