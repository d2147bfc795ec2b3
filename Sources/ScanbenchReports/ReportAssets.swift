/// The report's style sheet and script, inlined into every page.
enum ReportAssets {
  static let css = """
    :root{--bg:#f5f6f8;--card:#fff;--ink:#1b2230;--muted:#667085;--line:#e6e8ec;--accent:#4c6ef5;
    --ok:#2b8a3e;--good:#5c940d;--warn:#c77700;--bad:#d9480f;--del-bg:#ffe3e3;--del-ink:#c92a2a;
    --ins-bg:#d3f9d8;--ins-ink:#2b8a3e;--sub-bg:#fff3bf;--sub-ink:#8a5a00;
    --mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono","Noto Sans Mono CJK JP",monospace}
    *{box-sizing:border-box}
    html{scroll-behavior:smooth}
    body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,
    "Helvetica Neue",Arial,"Noto Sans","Noto Sans CJK JP","Liberation Sans",sans-serif;-webkit-font-smoothing:antialiased}
    .wrap{max-width:1200px;margin:0 auto;padding:0 28px}
    code{font-family:var(--mono);font-size:.92em}
    .hero{background:linear-gradient(135deg,#1b2230 0%,#25304a 100%);color:#fff;padding:30px 0 26px}
    .eyebrow{text-transform:uppercase;letter-spacing:.12em;font-size:12px;color:#9fb0d6;font-weight:600}
    .hero h1{font-size:30px;line-height:1.2;margin:6px 0 4px;font-weight:700;letter-spacing:-.01em}
    .hero .sub{margin:0 0 22px;color:#c7d0e4}
    .hero .sub code{color:#fff}
    .kpis{display:grid;grid-template-columns:1.5fr repeat(6,1fr);gap:12px}
    .card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:16px 18px;
    box-shadow:0 1px 2px rgba(16,24,40,.05)}
    .card.flush{padding:0;overflow:hidden}
    .kpi{color:var(--ink);display:flex;flex-direction:column;gap:2px;min-width:0}
    .kpi .l{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);font-weight:600}
    .kpi .v{font-size:24px;font-weight:700;font-variant-numeric:tabular-nums;letter-spacing:-.01em}
    .kpi.large .v{font-size:34px}
    .kpi .v small{font-size:.6em;font-weight:600;color:var(--muted);margin-left:1px}
    .kpi .n{font-size:12.5px;color:var(--muted)}
    .ok{color:var(--ok)}.good{color:var(--good)}.warn{color:var(--warn)}.bad{color:var(--bad)}.muted{color:var(--muted)}
    .toc{position:sticky;top:0;z-index:5;background:rgba(255,255,255,.92);backdrop-filter:blur(6px);
    border-bottom:1px solid var(--line)}
    .toc .wrap{display:flex;gap:22px;overflow-x:auto}
    .toc a{color:var(--muted);text-decoration:none;font-weight:600;font-size:14px;padding:11px 0;
    border-bottom:2px solid transparent;white-space:nowrap}
    .toc a:hover{color:var(--ink);border-bottom-color:var(--accent)}
    section{margin:30px 0}
    h2{font-size:19px;margin:0 0 12px;letter-spacing:-.01em}
    p.muted{margin:-4px 0 12px}
    .small{font-size:13px}
    dl.facts{display:grid;grid-template-columns:150px 1fr;gap:7px 18px;margin:0}
    dl.facts.two{grid-template-columns:110px minmax(0,1fr) 110px minmax(0,1fr);gap:8px 18px}
    dl.facts dt{color:var(--muted);font-weight:600;font-size:13.5px}
    dl.facts dd{margin:0;min-width:0;overflow-wrap:anywhere}
    .model{display:inline-block;margin-right:14px}
    .charts{display:grid;grid-template-columns:1fr 1fr;gap:14px}
    figure{margin:0}
    figcaption{font-weight:650;margin-bottom:6px}
    svg.chart{width:100%;height:auto;display:block}
    svg .grid{stroke:#eef0f3;stroke-width:1}svg .grid.minor{stroke:#f5f6f8}
    svg .axis{stroke:#c4c9d2;stroke-width:1}
    svg .tick{font-size:11px;fill:#667085}svg .lab{font-size:12px;fill:#475467;font-weight:600}
    svg .val{font-size:11px;fill:#344054;font-weight:600}
    svg .pts circle,svg .pts path{fill-opacity:.7;stroke:#fff;stroke-width:.8}
    table{border-collapse:collapse;width:100%;font-size:14px}
    th,td{padding:7px 12px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
    th{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);background:#fafbfc;
    position:relative}
    th[data-sort]{cursor:pointer;user-select:none}
    th[data-sort]:hover{color:var(--ink)}
    th.asc::after{content:" ▲";font-size:9px}th.desc::after{content:" ▼";font-size:9px}
    td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    tbody tr:hover td{background:#f8f9fb}
    tbody tr:last-child td{border-bottom:0}
    td a{color:inherit;text-decoration:none;border-bottom:1px dotted var(--muted)}
    .errors{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,1fr);gap:14px;align-items:start}
    .card-title{font-weight:650;padding:14px 18px 0}.card-title.flat{padding:0 0 8px}
    .pad{padding:0 18px;margin:4px 0 8px}
    .confusions td{padding:5px 12px}
    details.rows{border-top:1px solid var(--line)}
    details.rows>summary{cursor:pointer;color:var(--accent);font-weight:600;padding:10px 18px}
    .stack{display:flex;height:14px;border-radius:7px;overflow:hidden;background:#f1f3f5;margin:4px 0 12px}
    .stack .sub,.sw.sub{background:#fab005}.stack .ins,.sw.ins{background:#40c057}.stack .del,.sw.del{background:#fa5252}
    .sw{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:8px}
    dl.kinds{display:grid;grid-template-columns:1fr auto;gap:4px 12px;margin:0 0 16px;font-size:14px}
    dl.kinds dt{color:var(--muted)}dl.kinds dd{margin:0;text-align:right;font-variant-numeric:tabular-nums;font-weight:600}
    .confusions .arrow{color:var(--muted);width:20px;padding-left:0;padding-right:0;text-align:center}
    .confusions .barcol{width:40%}
    .bar{display:block;height:10px;margin-top:6px;border-radius:5px;background:linear-gradient(90deg,#748ffc,#4c6ef5)}
    code.snip{background:#f1f3f5;border-radius:4px;padding:1px 6px;white-space:pre-wrap}
    .legend{display:flex;flex-wrap:wrap;gap:18px;font-size:13.5px;color:var(--muted);margin:0 0 14px}
    .shot{margin:0 0 14px;padding:14px 18px 16px}
    .shot-head{display:flex;align-items:baseline;gap:12px;flex-wrap:wrap;margin-bottom:10px}
    .rank{color:var(--muted);font-weight:700;font-variant-numeric:tabular-nums}
    .name{font-weight:600;font-size:14px}
    .meta{color:var(--muted);font-size:13px;margin-left:auto;font-variant-numeric:tabular-nums}
    .badge{display:inline-block;border-radius:999px;padding:1px 10px;font-weight:700;font-size:12.5px;
    font-variant-numeric:tabular-nums;background:#f1f3f5}
    .badge.ok{background:#d3f9d8}.badge.good{background:#e9fac8}.badge.warn{background:#fff3bf}
    .badge.bad{background:#ffe8cc}
    .shot-body{display:grid;grid-template-columns:minmax(120px,240px) 1fr;gap:16px;align-items:start}
    .shot-body.wide{grid-template-columns:1fr}
    img.thumb{max-width:100%;max-height:300px;border:1px solid var(--line);border-radius:6px;background:#fff;
    cursor:zoom-in;display:block}
    .shot-body.wide img.thumb{max-height:84px;max-width:100%}
    img.thumb.big{max-height:none;cursor:zoom-out}
    .nothumb{font-size:12.5px;color:var(--muted);border:1px dashed var(--line);border-radius:6px;padding:10px;
    text-align:center}
    .shot-body.wide .nothumb{padding:6px 10px;text-align:left}
    .sides{display:grid;grid-template-columns:1fr 1fr;gap:14px;min-width:0}
    .lbl{font-size:11.5px;text-transform:uppercase;letter-spacing:.07em;color:var(--muted);font-weight:700;
    margin-bottom:4px}
    .diff{font-family:var(--mono);font-size:14px;line-height:1.75;white-space:pre-wrap;overflow-wrap:anywhere;
    background:#fbfbfc;border:1px solid var(--line);border-radius:8px;padding:8px 11px;max-height:420px;overflow:auto}
    .diff.unavailable{font-family:inherit;color:var(--muted);font-size:13.5px}
    del.d{background:var(--del-bg);color:var(--del-ink);text-decoration:line-through;text-decoration-thickness:2px;
    border-radius:3px;padding:0 1px}
    ins.i{background:var(--ins-bg);color:var(--ins-ink);text-decoration:none;border-radius:3px;padding:0 1px;
    font-weight:600}
    .s{background:var(--sub-bg);color:var(--sub-ink);border-radius:3px;padding:0 1px;font-weight:600;
    box-shadow:inset 0 -2px 0 #fab005}
    .gap{display:inline-block;width:2px;height:1.1em;vertical-align:-2px;margin:0 1px;border-radius:1px}
    .gap.gi{background:var(--ins-ink)}.gap.gd{background:var(--del-ink)}
    details.words{margin-top:10px}details.words>summary{cursor:pointer;color:var(--muted);font-size:13px}
    details.words .diff{font-size:13px;line-height:1.6}
    .failure{margin:0 0 6px;color:var(--bad)}
    details.more>summary,details.card>summary{cursor:pointer;font-weight:600;padding:12px 18px;color:var(--accent)}
    details.more>summary{background:var(--card);border:1px solid var(--line);border-radius:12px;margin-bottom:14px}
    .pager{display:flex;align-items:center;gap:10px;padding:10px 14px;border-top:1px solid var(--line);
    background:#fafbfc;font-size:13.5px;color:var(--muted);flex-wrap:wrap}
    .pager button{font:inherit;border:1px solid var(--line);background:#fff;border-radius:7px;padding:4px 12px;
    cursor:pointer;color:var(--ink)}
    .pager button[disabled]{opacity:.45;cursor:default}
    .pager input{font:inherit;border:1px solid var(--line);border-radius:7px;padding:4px 10px;margin-left:auto;
    min-width:220px}
    footer{color:var(--muted);font-size:13px;padding:10px 28px 40px}
    @media (max-width:900px){.kpis{grid-template-columns:repeat(2,1fr)}.charts,.sides,.errors{grid-template-columns:1fr}
    dl.facts.two{grid-template-columns:110px 1fr}
    .shot-body{grid-template-columns:1fr}}
    """

  /// Sorting and paging of tables, enlarging thumbnails; marks `#report-status` ready when done, and
  /// counts script errors on the root element, so a headless browser can check that it ran cleanly.
  static let script = """
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
        previous.textContent = "\\u2039 Previous";
        var next = document.createElement("button");
        next.type = "button";
        next.textContent = "Next \\u203a";
        var info = document.createElement("span");
        var search = document.createElement("input");
        search.type = "search";
        search.placeholder = "Filter by image name\\u2026";
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
          info.textContent = first + "\\u2013" + last + " of " + visible.length + (state.filter ? " matching" : "");
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
    """
}
