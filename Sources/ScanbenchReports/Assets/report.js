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
    search.placeholder = "Filter by image name\u2026";
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
    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
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
  Array.prototype.slice.call(document.querySelectorAll("img.thumb")).forEach(function (image) {
    image.addEventListener("click", function () { image.classList.toggle("big"); });
  });
  var status = document.getElementById("report-status");
  if (status) {
    status.setAttribute("data-ready", "yes");
    status.setAttribute("data-tables", String(document.querySelectorAll("table.sortable").length));
  }
})();
