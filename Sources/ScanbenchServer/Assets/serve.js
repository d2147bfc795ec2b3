// scanbench notes serve: instant search, filters applied as they change (the URL kept, so Back
// works and a search is a bookmark), dates in the reader's locale, the keyboard, the boxes'
// toggles and the copy button. Every page works without it: the form is a GET form, the dates
// are ISO, the pagers are links.
"use strict";

/** How long typing pauses before the search runs, in milliseconds. */
const typingPause = 180;

/** Dates as the reader's locale writes them; the exact value stays in the title (hover). */
function humaneDates(root) {
  const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  const month = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long" });
  const shortMonth = new Intl.DateTimeFormat(undefined, { month: "short" });
  for (const time of root.querySelectorAll("time[datetime]")) {
    const value = time.getAttribute("datetime");
    const format = time.dataset.format;
    if (format === "month" || format === "short-month") {
      const match = /^(\d{4})-(\d{2})$/.exec(value);
      if (!match) continue;
      const date = new Date(Number(match[1]), Number(match[2]) - 1, 1);
      time.textContent = (format === "month" ? month : shortMonth).format(date);
      time.title = value;
      continue;
    }
    // A time in UTC (recognized, imported: "…Z") is shown in the reader's zone; a capture date is
    // the camera's clock (with or without its offset): shown as the photographer saw it.
    const wall = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
    const date = wall && !value.endsWith("Z")
      ? new Date(Number(wall[1]), Number(wall[2]) - 1, Number(wall[3]), Number(wall[4]), Number(wall[5]),
        Number(wall[6] || 0))
      : new Date(value);
    if (Number.isNaN(date.getTime())) continue;
    time.textContent = dayAndTime.format(date);
    time.title = value;
  }
  const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
  for (const option of root.querySelectorAll("option[data-started]")) {
    const date = new Date(option.dataset.started);
    if (Number.isNaN(date.getTime())) continue;
    const parts = option.textContent.split(" · ");
    parts[parts.length - 1] = day.format(date);
    option.textContent = parts.join(" · ");
    option.title = option.value + ", " + option.dataset.started;
  }
}

/** The list URL a form's fields make: empty fields and the default order left out. */
function urlOf(form) {
  const parameters = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (value === "" || (name === "order" && value === "taken")) continue;
    parameters.append(name, value);
  }
  const query = parameters.toString();
  return "/" + (query ? "?" + query : "");
}

function setUpList() {
  const form = document.getElementById("search");
  const input = document.getElementById("q");
  const filters = document.getElementById("filters");
  if (!form || !document.getElementById("view") || !input) return;
  // Open on a wide screen; folded away on a phone unless a filter is set.
  if (filters && (window.matchMedia("(min-width: 700px)").matches || filters.dataset.active === "yes")) {
    filters.open = true;
  }
  let generation = 0;
  let timer = 0;
  // Typing one query is one entry of the history: the first search pushes, the next replace it
  // while the query grows or shrinks from the last one (another query is a new entry).
  let typing = false;
  let lastTyped = "";

  async function show(url, how) {
    const mine = ++generation;
    document.body.dataset.loading = "yes";
    try {
      const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      const html = await response.text();
      if (mine !== generation) return;
      const page = new DOMParser().parseFromString(html, "text/html");
      const fresh = page.getElementById("view");
      // `show` swaps the view: find the live one each time.
      const view = document.getElementById("view");
      if (!response.ok || !fresh) {
        const message = document.createElement("p");
        message.className = "empty";
        message.id = "error";
        message.textContent = html.trim() || "The search failed (" + response.status + ").";
        view.replaceChildren(message);
      } else {
        view.replaceWith(fresh);
        document.title = page.title;
      }
      if (how === "push" && url !== location.pathname + location.search) history.pushState(null, "", url);
      if (how === "replace") history.replaceState(null, "", url);
      const current = document.getElementById("view");
      humaneDates(current);
      watchThumbnails(current);
      sessionStorage.setItem("scanbench-list", url);
    } finally {
      if (mine === generation) {
        document.body.dataset.loading = "no";
        document.body.dataset.shown = url;
      }
    }
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const query = input.value.trim();
      const same = typing && lastTyped !== "" && query !== "" &&
        (query.startsWith(lastTyped) || lastTyped.startsWith(query));
      show(urlOf(form), same ? "replace" : "push");
      typing = true;
      lastTyped = query;
    }, typingPause);
  });
  form.addEventListener("change", (event) => {
    if (event.target === input) return;
    clearTimeout(timer);
    typing = false;
    show(urlOf(form), "push");
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    typing = false;
    show(urlOf(form), "push");
  });
  // Back and Forward: the fields and the view of that URL.
  window.addEventListener("popstate", () => {
    typing = false;
    const parameters = new URLSearchParams(location.search);
    for (const field of form.elements) {
      if (!field.name) continue;
      if (field.type === "checkbox") field.checked = parameters.get(field.name) === field.value;
      else if (field.tagName === "SELECT" && field.name === "order") field.value = parameters.get("order") || "taken";
      else field.value = parameters.get(field.name) || "";
    }
    show(location.pathname + location.search, "none");
  });
  // The pager and the scrubber in place too.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("#pager a, #scrubber a");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    typing = false;
    show(link.getAttribute("href"), "push").then(() => window.scrollTo(0, 0));
  });
  sessionStorage.setItem("scanbench-list", location.pathname + location.search);
}

/** Arrow keys between the photos of the grid, row by row. */
function moveInGrid(key) {
  const links = [...document.querySelectorAll("#results li.photo > a")];
  if (links.length === 0) return false;
  const index = links.indexOf(document.activeElement);
  if (index < 0) {
    links[0].focus();
    return true;
  }
  const top = links[0].getBoundingClientRect().top;
  let columns = links.findIndex((link) => link.getBoundingClientRect().top > top + 1);
  if (columns <= 0) columns = links.length;
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[key];
  const next = Math.max(0, Math.min(links.length - 1, index + step));
  links[next].focus();
  return true;
}

function setUpKeyboard() {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const typing = target instanceof HTMLElement && target.closest("input, select, textarea");
    const input = document.getElementById("q");
    if (event.key === "/" && !typing && input) {
      event.preventDefault();
      input.focus();
      input.select();
      return;
    }
    if (event.key === "Escape") {
      if (typing) {
        target.blur();
        return;
      }
      const back = document.getElementById("back");
      if (back) {
        event.preventDefault();
        location.href = back.getAttribute("href");
      }
      return;
    }
    if (typing || !event.key.startsWith("Arrow")) return;
    if (document.body.dataset.page === "note") {
      const link = document.getElementById(event.key === "ArrowLeft" ? "newer" : event.key === "ArrowRight" ? "older" : "");
      if (link) {
        event.preventDefault();
        location.href = link.getAttribute("href");
      }
      return;
    }
    if (document.body.dataset.page === "list" && moveInGrid(event.key)) event.preventDefault();
  });
}

/** A thumbnail whose image is gone (its input moved or changed) shows as an empty tile. */
function watchThumbnails(root) {
  for (const image of root.querySelectorAll("li.photo img")) {
    image.addEventListener("error", () => { image.classList.add("missing"); });
  }
}

function setUpNote() {
  const figure = document.getElementById("figure");
  for (const toggle of document.querySelectorAll("#toggles input[data-layer]")) {
    const apply = () => {
      if (figure) figure.classList.toggle("hide-" + toggle.dataset.layer, !toggle.checked);
    };
    toggle.addEventListener("change", apply);
    apply();
  }
  // Back to the grid as it was left (its search, filters and page).
  const back = document.getElementById("back");
  const list = sessionStorage.getItem("scanbench-list");
  if (back && list && list.startsWith("/")) back.setAttribute("href", list);

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
}

document.addEventListener("DOMContentLoaded", () => {
  humaneDates(document);
  watchThumbnails(document);
  setUpKeyboard();
  if (document.body.dataset.page === "list") setUpList();
  if (document.body.dataset.page === "note") setUpNote();
  document.body.dataset.ready = "yes";
});
