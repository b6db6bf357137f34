// Backchannel order page: chained selects that follow each other at once, and orders by clicking the
// map. Progressive enhancement only: every choice it makes is one of the legal orders the server put
// in the page (#order-choices), set in the same selects the form posts; without this script the page
// works with the selects and its "Show the next choices" button.
//
// On the map: click (or tap) one of your units, then a place to move there, or the unit again to hold.
// Click your unit, then another unit, then a place: support (or convoy) to there; the other unit twice:
// support to hold. In retreats: the unit, then a place, or the unit again to disband. In Winter: an
// open home center to build, one of your units to remove it. When a click could mean more than one
// order (two coasts, a support or a convoy, a move onto a unit or a support of it), buttons in a sheet
// fixed at the foot of the screen ask which, beside a Cancel; nothing above the map ever moves it.
// Orders not yet saved are drawn and listed apart from the saved ones, a bar at the foot of the screen
// counts them beside a Save button, and leaving the page with some asks first.
(function () {
  "use strict";

  var form = document.getElementById("order-form");
  var data = document.getElementById("order-choices");
  if (!form || !data) {
    return;
  }
  document.documentElement.classList.add("js");
  var rows = JSON.parse(data.textContent).map(function (row) {
    row.element = form.querySelector('[data-row="' + row.field + '"]');
    row.choices = row.choices.map(function (choice) {
      return {
        value: choice[0],
        label: choice[1],
        steps: choice[2].map(function (step) {
          return { value: step[0], label: step[1] };
        }),
      };
    });
    return row;
  }).filter(function (row) {
    return row.element;
  });
  var svg = document.querySelector("#map svg");
  var status = document.getElementById("map-status");
  var actions = document.getElementById("map-actions");
  var draftState = document.getElementById("draft-state");
  var saveBar = document.getElementById("save-bar");
  var unsavedCount = document.getElementById("unsaved-count");
  var saved = {};
  var submitting = false;
  // The what-if board adjudicates rather than saves, and orders any power's units: its form says so.
  var pendingWords = form.dataset.pending || "not saved";
  var SVG_NS = "http://www.w3.org/2000/svg";

  // ---- chains of selects ----

  function follows(choice, path) {
    if (choice.steps.length < path.length) {
      return false;
    }
    for (var i = 0; i < path.length; i++) {
      if (choice.steps[i].value !== path[i]) {
        return false;
      }
    }
    return true;
  }

  function selects(row) {
    return Array.prototype.slice.call(row.element.querySelectorAll("select[data-level]"));
  }

  function pathOf(row) {
    var path = [];
    selects(row).every(function (select) {
      if (select.value === "") {
        return false;
      }
      path.push(select.value);
      return true;
    });
    return path;
  }

  function chosenChoice(row) {
    var path = pathOf(row);
    return row.choices.filter(function (choice) {
      return path.length > 0 && choice.steps.length === path.length && follows(choice, path);
    })[0] || null;
  }

  function caption(row, kind, depth) {
    return ((row.captions || {})[kind] || [])[depth - 1] || "Then";
  }

  // Rebuilds the selects after the first for `path`: each lists what follows the choices before it.
  function renderChain(row, path) {
    var chain = row.element.querySelector(".chain");
    var first = selects(row)[0];
    first.value = path[0] || "";
    selects(row).slice(1).forEach(function (select) {
      select.remove();
    });
    for (var depth = 1; depth <= path.length; depth++) {
      var options = [];
      row.choices.forEach(function (choice) {
        var step = follows(choice, path.slice(0, depth)) && choice.steps[depth];
        if (step && !options.some(function (known) { return known.value === step.value; })) {
          options.push(step);
        }
      });
      if (options.length === 0) {
        break;
      }
      var select = document.createElement("select");
      select.name = row.field + "_" + (depth + 1);
      select.id = select.name;
      select.dataset.level = String(depth + 1);
      select.setAttribute("aria-label", row.label + ": " + caption(row, path[0], depth));
      select.add(new Option(caption(row, path[0], depth) + "\u2026", ""));
      options.forEach(function (step) {
        select.add(new Option(step.label, step.value));
      });
      select.value = path[depth] || "";
      chain.appendChild(select);
    }
    rowChanged(row);
  }

  function setChoice(row, choice) {
    renderChain(row, choice ? choice.steps.map(function (step) { return step.value; }) : []);
  }

  function rowChanged(row) {
    var choice = chosenChoice(row);
    row.element.classList.toggle("has-order", choice !== null);
    row.element.querySelector(".row-order").textContent = choice ? choice.label : "";
    row.element.classList.toggle("unsaved", isUnsaved(row));
    drawDrafts();
    showSaveState();
  }

  // A row whose order differs from the saved one (a new order, a changed one or one taken back).
  function isUnsaved(row) {
    var now = chosenChoice(row);
    return (now ? now.value : "") !== saved[row.field];
  }

  // Rows offered whole, as one list (a kind's extra orders: FDs, CIOs and votes, a Covert Operations
  // day's lists): each with the value it was saved with.
  var plainRows = Array.prototype.filter.call(form.querySelectorAll("[data-row]"), function (element) {
    return element.querySelector("select[data-level]") === null && element.querySelector("select") !== null;
  }).map(function (element) {
    var select = element.querySelector("select");
    return { element: element, select: select, saved: select.value };
  });

  function plainUnsaved(plain) {
    return plain.select.value !== plain.saved;
  }

  function plainChanged(plain) {
    var option = plain.select.selectedOptions[0];
    plain.element.classList.toggle("has-order", plain.select.value !== "");
    plain.element.querySelector(".row-order").textContent = plain.select.value !== "" && option ? option.text : "";
    plain.element.classList.toggle("unsaved", plainUnsaved(plain));
    showSaveState();
  }

  // How many orders are not saved, in the form's note and the bar at the foot of the screen.
  function showSaveState() {
    var unsaved = rows.filter(isUnsaved).length + plainRows.filter(plainUnsaved).length;
    if (draftState) {
      draftState.textContent = unsaved > 0 ? (form.dataset.draftNote || "You have changes that are not saved yet: press \u201cSave these orders\u201d.") : "";
      draftState.classList.toggle("unsaved", unsaved > 0);
    }
    if (saveBar) {
      saveBar.hidden = unsaved === 0;
      unsavedCount.textContent = unsaved + (unsaved === 1 ? " order" : " orders") + " " + pendingWords;
    }
  }

  form.addEventListener("change", function (event) {
    var select = event.target.closest("select[data-level]");
    var row = select && rows.filter(function (r) { return r.element.contains(select); })[0];
    if (row) {
      renderChain(row, pathOf(row));
    }
    plainRows.forEach(function (plain) {
      if (plain.select === event.target) {
        plainChanged(plain);
      }
    });
  });

  // ---- the map ----

  function say(text) {
    if (status) {
      status.textContent = text;
    }
  }

  function point(element) {
    return element ? { x: parseFloat(element.dataset.x), y: parseFloat(element.dataset.y) } : null;
  }

  function placeOf(key) {
    if (!svg) {
      return null;
    }
    var coast = svg.querySelector('g.coast[data-region="' + key + '"]');
    return point(coast || svg.querySelector('g.province[data-province="' + key.split("/")[0] + '"]'));
  }

  function unitAt(province) {
    if (!svg) {
      return null;
    }
    var units = svg.querySelectorAll('g.unit[data-province="' + province + '"]');
    // A dislodged unit is the one to order in a retreat phase.
    return point(units[units.length - 1] || null) || placeOf(province);
  }

  function line(layer, from, to, className) {
    if (!from || !to) {
      return;
    }
    var dx = to.x - from.x, dy = to.y - from.y, length = Math.sqrt(dx * dx + dy * dy) || 1;
    var element = document.createElementNS(SVG_NS, "line");
    element.setAttribute("x1", from.x + (dx / length) * 14);
    element.setAttribute("y1", from.y + (dy / length) * 14);
    element.setAttribute("x2", to.x - (dx / length) * 14);
    element.setAttribute("y2", to.y - (dy / length) * 14);
    element.setAttribute("class", className);
    element.setAttribute("marker-end", className.indexOf("pending") >= 0 ? "url(#pending-head)" : "url(#draft-head)");
    layer.appendChild(element);
  }

  function ring(layer, at, className) {
    if (!at) {
      return;
    }
    var element = document.createElementNS(SVG_NS, "circle");
    element.setAttribute("cx", at.x);
    element.setAttribute("cy", at.y);
    element.setAttribute("r", 20);
    element.setAttribute("class", className);
    layer.appendChild(element);
  }

  function midpoint(a, b) {
    return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
  }

  function draftLayer() {
    var layer = svg.querySelector("g.draft");
    if (!layer) {
      var defs = document.createElementNS(SVG_NS, "defs");
      defs.innerHTML = '<marker id="draft-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" ' +
        'markerHeight="5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#1d232b"/></marker>' +
        '<marker id="pending-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" ' +
        'markerHeight="5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#c25e00"/></marker>';
      svg.appendChild(defs);
      layer = document.createElementNS(SVG_NS, "g");
      layer.setAttribute("class", "draft");
      svg.appendChild(layer);
    }
    return layer;
  }

  // Draws every row's chosen order, pending until saved. The form is the one truth, so the server's
  // drawing of the saved orders gives way to this one.
  function drawDrafts() {
    if (!svg) {
      return;
    }
    var served = svg.querySelector("g.orders");
    if (served) {
      served.remove();
    }
    var layer = draftLayer();
    layer.textContent = "";
    rows.forEach(function (row) {
      var choice = chosenChoice(row);
      if (!choice) {
        return;
      }
      var kind = choice.steps[0].value, from = unitAt(row.key), steps = choice.steps;
      // A pending order is drawn in its own colour until it is saved.
      var state = isUnsaved(row) ? " pending" : " saved";
      if (kind === "hold") {
        ring(layer, from, "draft-hold" + state);
      } else if (kind === "move" || kind === "convoyed" || kind === "retreat") {
        line(layer, from, placeOf(steps[1].value), "draft-move" + state);
      } else if (kind === "support" || kind === "convoy") {
        var other = unitAt(steps[1].value);
        var to = steps[2].value === "hold" ? other : midpoint(other, placeOf(steps[2].value));
        line(layer, from, to, "draft-" + kind + state);
      } else if (kind === "build") {
        ring(layer, placeOf(steps[2].value.split(" ")[1]), "draft-build" + state);
      } else if (kind === "remove" || kind === "disband") {
        ring(layer, unitAt(kind === "remove" ? steps[1].value : row.key), "draft-remove" + state);
      }
    });
  }

  var picked = null; // { row, other }: the unit being ordered, and the unit it acts for

  function rowFor(province) {
    return rows.filter(function (row) {
      return row.key === province && row.choices.some(function (c) { return c.steps[0].value !== "build"; });
    })[0] || null;
  }

  function highlight(province, on) {
    if (!svg || !province) {
      return;
    }
    svg.querySelectorAll('g.unit[data-province="' + province + '"]').forEach(function (unit) {
      unit.classList.toggle("chosen", on);
    });
  }

  function clearPick() {
    if (picked) {
      picked.row.element.classList.remove("chosen");
      highlight(picked.row.key, false);
      highlight(picked.other, false);
    }
    picked = null;
    offer([]);
  }

  function cancelPick() {
    clearPick();
    say("Cancelled: tap one of your units to give it an order.");
  }

  function pick(row) {
    clearPick();
    picked = { row: row, other: null };
    row.element.classList.add("chosen");
    highlight(row.key, true);
    offer([]);
    var kinds = row.choices.map(function (c) { return c.steps[0].value; });
    if (kinds.indexOf("retreat") >= 0 || kinds.indexOf("disband") >= 0) {
      say(row.label + ": tap where it retreats, or the unit again to disband it.");
    } else {
      say(row.label + ": tap where it moves, the unit again to hold, or another unit to support or convoy.");
    }
  }

  function choose(row, choice) {
    setChoice(row, choice);
    clearPick();
    say(choice.label + ": chosen, " + pendingWords + ".");
  }

  // The sheet at the foot of the screen: one button per order a tap could mean, and a Cancel while a
  // unit is picked. It floats over the page, so offering choices never moves the map.
  function offer(items) {
    if (!actions) {
      return;
    }
    actions.textContent = "";
    var buttons = items.slice();
    if (picked) {
      buttons.push({ label: "Cancel", className: "cancel", run: cancelPick });
    }
    actions.hidden = buttons.length === 0;
    buttons.forEach(function (item) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = item.label;
      if (item.className) {
        button.className = item.className;
      }
      button.addEventListener("click", item.run);
      actions.appendChild(button);
    });
  }

  function orderItems(row, choices) {
    return choices.map(function (choice) {
      return { label: choice.label, run: function () { choose(row, choice); } };
    });
  }

  function decide(row, choices, none) {
    if (choices.length === 1) {
      choose(row, choices[0]);
    } else if (choices.length > 1) {
      offer(orderItems(row, choices));
      say("More than one order fits: choose one below.");
    } else {
      say(none);
    }
    return choices.length;
  }

  function where(choice, depth, region, province) {
    var step = choice.steps[depth];
    return step && (step.value === region || step.value.split("/")[0] === province);
  }

  function kindIs(choice, kinds) {
    return kinds.indexOf(choice.steps[0].value) >= 0;
  }

  // The picked unit will act for the unit in `province`: next, where that unit goes.
  function actFor(province, words) {
    picked.other = province;
    highlight(province, true);
    offer([]);
    say("Now tap where " + words + " goes, or " + words + " again to support it holding.");
  }

  function movesTo(choices, province, region) {
    var moves = choices.filter(function (c) { return kindIs(c, ["move", "retreat"]) && where(c, 1, region, province); });
    if (moves.length === 0) {
      moves = choices.filter(function (c) { return kindIs(c, ["convoyed"]) && where(c, 1, region, province); });
    }
    if (moves.length > 1 && region) {
      moves = moves.filter(function (c) { return c.steps[1].value === region; });
    }
    return moves;
  }

  // A click on the map while a unit is picked.
  function orderPicked(province, region, onUnit) {
    var row = picked.row, choices = row.choices;
    if (picked.other) {
      if (province === row.key) {
        cancelPick();
        return;
      }
      var other = picked.other;
      var forOther = choices.filter(function (c) {
        return kindIs(c, ["support", "convoy"]) && c.steps[1].value === other;
      });
      var found = province === other
        ? forOther.filter(function (c) { return c.steps[2].value === "hold"; })
        : forOther.filter(function (c) { return where(c, 2, region, province); });
      decide(row, found, row.label + " cannot support or convoy " + other + " there: tap another place, or Cancel.");
      return;
    }
    if (province === row.key) {
      decide(row, choices.filter(function (c) { return kindIs(c, ["hold", "disband"]); }), row.label + " cannot hold here.");
      return;
    }
    var moves = movesTo(choices, province, region);
    if (onUnit) {
      var acts = choices.filter(function (c) { return kindIs(c, ["support", "convoy"]) && c.steps[1].value === province; });
      if (acts.length > 0) {
        var words = acts[0].steps[1].label;
        if (moves.length === 0) {
          actFor(province, words);
          return;
        }
        // The unit tapped stands where the picked one can go: an attack, or a support? Moving first.
        var items = moves.map(function (choice) {
          return { label: choice.steps[0].label + " " + choice.steps[1].label, run: function () { choose(row, choice); } };
        });
        var supports = acts.some(function (c) { return kindIs(c, ["support"]); });
        var convoys = acts.some(function (c) { return kindIs(c, ["convoy"]); });
        var verb = supports && convoys ? "Support or convoy " : supports ? "Support " : "Convoy ";
        items.push({ label: verb + words + "\u2026", run: function () { actFor(province, words); } });
        offer(items);
        say("Attack " + words + ", or act for it?");
        return;
      }
    }
    if (decide(row, moves, row.label + " cannot go there: tap another place, or Cancel.") === 0) {
      var own = onUnit && rowFor(province);
      if (own) {
        pick(own);
      }
    }
  }

  // A click with no unit picked: one of the player's units, or a build site.
  function startAt(province) {
    var own = rowFor(province);
    if (own) {
      var removals = own.choices.filter(function (c) { return kindIs(c, ["remove"]); });
      if (removals.length === 0) {
        pick(own);
        return;
      }
    }
    var adjustments = [];
    rows.forEach(function (row) {
      row.choices.forEach(function (c) {
        if (kindIs(c, ["build", "remove"]) && c.steps[1].value === province) {
          adjustments.push({ row: row, choice: c });
        }
      });
    });
    if (adjustments.length === 0) {
      say("Click one of your units on the map to give it an order.");
      return;
    }
    var free = rows.filter(function (row) {
      return row.choices.some(function (c) { return c.steps[1] && c.steps[1].value === province; }) &&
        (chosenChoice(row) === null || chosenChoice(row).steps[1].value === province);
    })[0];
    if (!free) {
      say("Every build or removal row is used: remove one from the list first.");
      return;
    }
    decide(free, free.choices.filter(function (c) {
      return kindIs(c, ["build", "remove"]) && c.steps[1].value === province;
    }), "Nothing can be built there.");
  }

  if (svg) {
    svg.addEventListener("click", function (event) {
      var unit = event.target.closest("g.unit[data-province]");
      var coast = event.target.closest("g.coast[data-region]");
      var place = unit || event.target.closest("[data-province]");
      var province = place ? place.dataset.province : coast ? coast.dataset.region.split("/")[0] : null;
      if (!province) {
        return;
      }
      var region = coast ? coast.dataset.region : null;
      if (picked) {
        orderPicked(province, region, unit !== null);
      } else {
        startAt(province);
      }
    });
    svg.querySelectorAll("g.unit[data-province]").forEach(function (unit) {
      if (rowFor(unit.dataset.province)) {
        unit.classList.add("orderable");
      }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && picked) {
        cancelPick();
      }
    });
  }

  // On a phone the board is larger than the screen and pans: start it over where the player plays, his
  // units that take orders, or in a Winter with nothing to remove the open home centers to build on.
  function centreWherePlayed() {
    var frame = svg && svg.parentElement;
    if (!frame || (frame.scrollWidth <= frame.clientWidth && frame.scrollHeight <= frame.clientHeight)) {
      return;
    }
    var points = Array.prototype.map.call(svg.querySelectorAll("g.unit.orderable"), point);
    if (points.length === 0) {
      rows.forEach(function (row) {
        row.choices.forEach(function (c) {
          if (kindIs(c, ["build"])) {
            points.push(placeOf(c.steps[1].value));
          }
        });
      });
    }
    points = points.filter(function (p) { return p && !isNaN(p.x); });
    if (points.length === 0) {
      return;
    }
    var xs = points.map(function (p) { return p.x; }), ys = points.map(function (p) { return p.y; });
    var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    var x = (Math.min.apply(null, xs) + Math.max.apply(null, xs)) / 2 * scale;
    var y = (Math.min.apply(null, ys) + Math.max.apply(null, ys)) / 2 * scale;
    frame.scrollLeft = x - frame.clientWidth / 2;
    frame.scrollTop = y - frame.clientHeight / 2;
  }

  // ---- start ----

  rows.forEach(function (row) {
    var choice = chosenChoice(row);
    saved[row.field] = choice ? choice.value : "";
  });
  rows.forEach(function (row) {
    // A remove button beside the chosen order, for touch and keyboard alike.
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "icon row-clear";
    clear.textContent = "\u2715";
    clear.setAttribute("aria-label", "No order for " + row.label);
    clear.addEventListener("click", function () {
      setChoice(row, null);
    });
    row.element.insertBefore(clear, row.element.querySelector(".row-order"));
  });
  plainRows.forEach(function (plain) {
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "icon row-clear";
    clear.textContent = "\u2715";
    clear.setAttribute("aria-label", "No order for " + plain.element.dataset.unit);
    clear.addEventListener("click", function () {
      plain.select.value = "";
      plainChanged(plain);
    });
    plain.element.insertBefore(clear, plain.element.querySelector(".row-order"));
  });
  drawDrafts();
  centreWherePlayed();
  // Leaving with orders not saved asks first; saving them is not leaving.
  form.addEventListener("submit", function () {
    submitting = true;
  });
  window.addEventListener("beforeunload", function (event) {
    if (!submitting && (rows.some(isUnsaved) || plainRows.some(plainUnsaved))) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
  var clearForm = document.getElementById("clear-form");
  if (clearForm) {
    clearForm.addEventListener("submit", function (event) {
      if (!window.confirm(clearForm.dataset.confirm)) {
        event.preventDefault();
      }
    });
  }
  say(rows.some(function (row) { return row.choices.some(function (c) { return kindIs(c, ["build"]); }); })
    ? "Click an open home center on the map to build there, or use the lists."
    : form.dataset.hello || "Click one of your units on the map to give it an order.");
})();
