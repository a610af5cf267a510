// spareggio web page: small enhancements only; every page works without this file.
(function () {
  "use strict";

  // Drag and drop a tournament file onto the drop zone: choose it and open it.
  var drop = document.getElementById("drop");
  var input = document.getElementById("file");
  if (drop && input) {
    ["dragenter", "dragover"].forEach(function (name) {
      drop.addEventListener(name, function (ev) { ev.preventDefault(); drop.classList.add("over"); });
    });
    ["dragleave", "drop"].forEach(function (name) {
      drop.addEventListener(name, function () { drop.classList.remove("over"); });
    });
    drop.addEventListener("drop", function (ev) {
      ev.preventDefault();
      if (ev.dataTransfer && ev.dataTransfer.files.length) {
        input.files = ev.dataTransfer.files;
        input.form.submit();
      }
    });
  }

  // Tie-break builder: a click adds the code to the list.
  var field = document.getElementById("tiebreaks");
  document.querySelectorAll("button.add-tb").forEach(function (button) {
    button.addEventListener("click", function () {
      if (!field) { return; }
      var parts = field.value.split(",").map(function (x) { return x.trim(); }).filter(Boolean);
      parts.push(button.getAttribute("data-code"));
      field.value = parts.join(",");
      field.focus();
    });
  });

  // The search of the standings: rows filtered while typing (the form finds them without this).
  var find = document.getElementById("find");
  var standings = document.querySelector("table.standings tbody");
  if (find && standings) {
    find.addEventListener("input", function () {
      var words = find.value.toLowerCase().replace(/,/g, " ").split(/\s+/).filter(Boolean);
      Array.prototype.forEach.call(standings.rows, function (row) {
        var name = (row.querySelector("th") || row).textContent.toLowerCase();
        var number = row.getAttribute("data-sno");
        var hit = !words.length || (words.length === 1 && /^\d+$/.test(words[0])
          ? number === words[0]
          : words.every(function (w) { return name.indexOf(w) >= 0; }));
        row.hidden = !hit;
      });
    });
  }

  // Print buttons: the browser's print dialog (the print style leaves out forms and menus).
  document.querySelectorAll("button.print").forEach(function (button) {
    button.addEventListener("click", function () { window.print(); });
  });

  // Sortable tables: a click (or Enter) on a column head sorts by it; again reverses.
  function key(cell) {
    var text = (cell.textContent || "").trim();
    var plain = text.replace(/^(\d+)-\d+$/, "$1").replace(",", ".").replace(/^½$/, "0.5").replace("½", ".5");
    var number = /^-?[\d.]+$/.test(plain) ? parseFloat(plain) : NaN;
    if (text === "" || text === "–") { return -Infinity; }
    return isNaN(number) ? text.toLowerCase() : number;
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, column) {
      th.tabIndex = 0;
      th.setAttribute("aria-sort", "none");
      function sort() {
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        // the first click sorts ratings, points and tie-breaks from the highest (data-first)
        var current = th.getAttribute("aria-sort");
        var ascending = current === "none"
          ? th.getAttribute("data-first") !== "descending"
          : current !== "ascending";
        rows.sort(function (a, b) {
          var x = key(a.cells[column]), y = key(b.cells[column]);
          if (typeof x !== typeof y) { x = String(x); y = String(y); }
          if (x === y) { return 0; }
          return (x < y ? -1 : 1) * (ascending ? 1 : -1);
        });
        Array.prototype.forEach.call(heads, function (h) { h.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        rows.forEach(function (row) { body.appendChild(row); });
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { sort(); } });
    });
  });
})();
