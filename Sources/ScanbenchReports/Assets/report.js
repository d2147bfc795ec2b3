(function () {
  "use strict";
  var errors = 0;
  window.addEventListener("error", function () {
    errors += 1;
    document.documentElement.setAttribute("data-script-errors", String(errors));
  });
  function rows(table) { return Array.prototype.slice.call(table.tBodies[0].rows); }
  function cellValue(row, column, numeric) {
    var cell = row.cells[column];
    if (!cell) { return numeric ? -Infinity : ""; }
    var raw = cell.getAttribute("data-v");
    if (numeric) { var number = parseFloat(raw === null ? cell.textContent : raw); return isNaN(number) ? -Infinity : number; }
    return (raw === null ? cell.textContent : raw).toLowerCase();
  }
  function setUp(table) {
    var size = parseInt(table.getAttribute("data-page-size") || "0", 10);
    var state = { page: 0, filter: "" };
    var pager = document.createElement("div");
    pager.className = "pager";
    var previous = document.createElement("button");
    previous.type = "button";
    previous.textContent = "\u2039 Previous";
    var next = document.createElement("button");
    next.type = "button";
    next.textContent = "Next \u203a";
    var info = document.createElement("span");
    var search = document.createElement("input");
    search.type = "search";
    search.placeholder = "Filter by " + (table.getAttribute("data-filter") || "image name") + "\u2026";
    pager.appendChild(previous);
    pager.appendChild(info);
    pager.appendChild(next);
    pager.appendChild(search);
    table.parentNode.insertBefore(pager, table.nextSibling);
    function shown() {
      return rows(table).filter(function (row) {
        if (!state.filter) { return true; }
        return (row.getAttribute("data-name") || row.textContent).toLowerCase().indexOf(state.filter) >= 0;
      });
    }
    function render() {
      var visible = shown();
      var pages = size > 0 ? Math.max(1, Math.ceil(visible.length / size)) : 1;
      if (state.page >= pages) { state.page = pages - 1; }
      rows(table).forEach(function (row) { row.hidden = true; });
      visible.forEach(function (row, index) {
        row.hidden = size > 0 && (index < state.page * size || index >= (state.page + 1) * size);
      });
      var first = visible.length === 0 ? 0 : state.page * size + 1;
      var last = size > 0 ? Math.min(visible.length, (state.page + 1) * size) : visible.length;
      info.textContent = first + "\u2013" + last + " of " + visible.length + (state.filter ? " matching" : "");
      previous.disabled = state.page === 0;
      next.disabled = state.page >= pages - 1;
    }
    previous.addEventListener("click", function () { state.page -= 1; render(); });
    next.addEventListener("click", function () { state.page += 1; render(); });
    search.addEventListener("input", function () { state.filter = search.value.toLowerCase(); state.page = 0; render(); });
    // The last header row names the columns (a row above it may group them).
    var headers = Array.prototype.slice.call(table.tHead.rows[table.tHead.rows.length - 1].cells);
    headers.forEach(function (header, column) {
      var kind = header.getAttribute("data-sort");
      if (!kind) { return; }
      header.addEventListener("click", function () {
        var ascending = !header.classList.contains("asc");
        headers.forEach(function (other) { other.classList.remove("asc", "desc"); });
        header.classList.add(ascending ? "asc" : "desc");
        var numeric = kind === "num";
        var sorted = rows(table).sort(function (a, b) {
          var x = cellValue(a, column, numeric), y = cellValue(b, column, numeric);
          var order = x < y ? -1 : (x > y ? 1 : 0);
          return ascending ? order : -order;
        });
        var body = table.tBodies[0];
        sorted.forEach(function (row) { body.appendChild(row); });
        state.page = 0;
        render();
      });
    });
    render();
  }
  Array.prototype.slice.call(document.querySelectorAll("table.sortable")).forEach(setUp);
  // The full-size viewer: the image at its recognized size with its line and word boxes, beside a
  // copy of the card's ground truth and OCR; the line under the cursor is marked in the OCR text.
  var svgNS = "http://www.w3.org/2000/svg";
  var canMark = typeof CSS !== "undefined" && CSS.highlights && typeof Highlight !== "undefined";
  function closeViewer() {
    var open = document.querySelector(".viewer");
    if (open) { open.parentNode.removeChild(open); }
    if (canMark) { CSS.highlights.delete("ocr-line"); }
    document.body.classList.remove("viewing");
  }
  function markLine(pane, index) {
    var markers = pane.querySelectorAll(".lm");
    var start = pane.querySelector('.lm[data-line="' + index + '"]');
    Array.prototype.slice.call(pane.querySelectorAll(".lm.on")).forEach(function (m) { m.classList.remove("on"); });
    if (!start) { if (canMark) { CSS.highlights.delete("ocr-line"); } return; }
    start.classList.add("on");
    var end = null;
    for (var i = 0; i < markers.length; i += 1) {
      if (markers[i] === start && i + 1 < markers.length) { end = markers[i + 1]; }
    }
    if (canMark) {
      var range = document.createRange();
      range.setStartAfter(start);
      if (end) { range.setEndBefore(end); } else { range.setEnd(pane, pane.childNodes.length); }
      CSS.highlights.set("ocr-line", new Highlight(range));
    }
    start.scrollIntoView({ block: "nearest" });
  }
  function openViewer(image) {
    closeViewer();
    var card = image.closest("article");
    var width = parseInt(image.getAttribute("data-w") || "0", 10) || image.naturalWidth;
    var height = parseInt(image.getAttribute("data-h") || "0", 10) || image.naturalHeight;
    var viewer = document.createElement("div");
    viewer.className = "viewer";
    var bar = document.createElement("div");
    bar.className = "viewer-bar";
    var title = card ? card.querySelector(".name") : null;
    var whole = !!image.getAttribute("data-full") || image.naturalWidth >= width;
    bar.textContent = (title ? title.textContent : "") + " \u00b7 " + width + " \u00d7 " + height + " px" +
      (whole ? "" : " \u00b7 the thumbnail enlarged (the image is not in the page)");
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close \u2715";
    close.addEventListener("click", closeViewer);
    bar.appendChild(close);
    viewer.appendChild(bar);
    var body = document.createElement("div");
    body.className = "viewer-body";
    var stage = document.createElement("div");
    stage.className = "viewer-stage";
    var frame = document.createElement("div");
    frame.className = "viewer-frame";
    frame.style.width = width + "px";
    frame.style.height = height + "px";
    var full = document.createElement("img");
    // The image as it is when the page carries it, else the thumbnail drawn at the image's size.
    full.src = image.getAttribute("data-full") || image.src;
    full.alt = image.alt;
    full.style.width = width + "px";
    full.style.height = height + "px";
    frame.appendChild(full);
    var sides = card ? card.querySelector(".sides") : null;
    var copy = sides ? sides.cloneNode(true) : document.createElement("div");
    copy.classList.add("viewer-text");
    var ocrPane = copy.querySelectorAll(".diff")[1] || null;
    var boxes = null;
    try { boxes = JSON.parse(image.getAttribute("data-boxes") || "null"); } catch (e) { boxes = null; }
    if (boxes) {
      var svg = document.createElementNS(svgNS, "svg");
      svg.setAttribute("viewBox", "0 0 " + width + " " + height);
      svg.setAttribute("class", "boxes");
      svg.setAttribute("width", String(width));
      svg.setAttribute("height", String(height));
      (boxes.words || []).forEach(function (b) {
        var r = document.createElementNS(svgNS, "rect");
        r.setAttribute("x", b[0]); r.setAttribute("y", b[1]); r.setAttribute("width", b[2]); r.setAttribute("height", b[3]);
        r.setAttribute("class", "word");
        svg.appendChild(r);
      });
      (boxes.lines || []).forEach(function (b) {
        var r = document.createElementNS(svgNS, "rect");
        r.setAttribute("x", b[0]); r.setAttribute("y", b[1]); r.setAttribute("width", b[2]); r.setAttribute("height", b[3]);
        r.setAttribute("class", "line");
        r.addEventListener("mouseenter", function () {
          Array.prototype.slice.call(svg.querySelectorAll("rect.line.on")).forEach(function (o) { o.classList.remove("on"); });
          r.classList.add("on");
          if (ocrPane) { markLine(ocrPane, b[4]); }
        });
        svg.appendChild(r);
      });
      frame.appendChild(svg);
    }
    stage.appendChild(frame);
    body.appendChild(stage);
    body.appendChild(copy);
    viewer.appendChild(body);
    document.body.appendChild(viewer);
    document.body.classList.add("viewing");
  }
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") { closeViewer(); } });
  Array.prototype.slice.call(document.querySelectorAll("img.thumb")).forEach(function (image) {
    image.addEventListener("click", function () { openViewer(image); });
  });
  // `report.html#view-3` opens the third image of the page in the viewer (a link to share).
  var wanted = /^#view-(\d+)$/.exec(window.location.hash);
  if (wanted) {
    var images = document.querySelectorAll("img.thumb");
    var image = images[parseInt(wanted[1], 10) - 1];
    if (image) {
      if (image.complete) { openViewer(image); } else { image.addEventListener("load", function () { openViewer(image); }); }
    }
  }
  var hideWhitespace = document.getElementById("hide-whitespace");
  if (hideWhitespace) {
    hideWhitespace.addEventListener("change", function () {
      document.body.classList.toggle("hide-ws", hideWhitespace.checked);
    });
  }
  var status = document.getElementById("report-status");
  if (status) {
    status.setAttribute("data-ready", "yes");
    status.setAttribute("data-tables", String(document.querySelectorAll("table.sortable").length));
  }
})();
