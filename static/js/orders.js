// Backchannel order page: click a unit on the map to pick its order row, then click where it should
// go to choose that move (or the unit again to hold). Progressive enhancement only: it sets the
// row's <select> to one of the options the server already offered, and saving still goes through the
// form. Without this script the page works the same with the selects alone.
(function () {
  "use strict";

  var map = document.querySelector("#map svg");
  var form = document.getElementById("order-form");
  var status = document.getElementById("map-status");
  if (!map || !form || !status) {
    return;
  }

  // One select per unit row, found by the province the unit stands in.
  var rows = {};
  form.querySelectorAll("select[data-province]").forEach(function (select) {
    rows[select.dataset.province] = select;
  });
  var chosen = null; // the province of the unit whose row is picked

  function say(text) {
    status.textContent = text;
  }

  // The region an option moves or retreats to: "A vie - gal", "F stp/sc - bot", "A bur R pic";
  // convoyed moves ("... via convoy") are left to the select, as there the route is explicit.
  function destination(option) {
    var match = /^[AF] \S+ (?:-|R) (\S+)$/.exec(option.value);
    return match ? match[1] : null;
  }

  function optionWhere(select, test) {
    return Array.prototype.filter.call(select.options, function (option) {
      return option.value !== "" && test(option);
    });
  }

  function unitsIn(province) {
    return map.querySelectorAll('g.unit[data-province="' + province + '"]');
  }

  function clearChoice() {
    if (chosen === null) {
      return;
    }
    rows[chosen].closest("tr").classList.remove("chosen");
    unitsIn(chosen).forEach(function (unit) {
      unit.classList.remove("chosen");
    });
    chosen = null;
  }

  function choose(province) {
    clearChoice();
    chosen = province;
    var select = rows[province];
    select.closest("tr").classList.add("chosen");
    unitsIn(province).forEach(function (unit) {
      unit.classList.add("chosen");
    });
    select.focus({ preventScroll: true });
    say(select.dataset.unit + " picked: click where it should go, or the unit again to hold.");
  }

  function pick(select, option) {
    select.value = option.value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    say(option.textContent + ": chosen. Press \u201cSave these orders\u201d to keep it.");
  }

  // A click on a province (or one of its coasts) while a unit is picked: the one legal move there.
  // Returns how many legal moves go there.
  function sendTo(region, province) {
    var select = rows[chosen];
    var moves = optionWhere(select, function (option) {
      var to = destination(option);
      return to !== null && (to === region || (region === null && to.split("/")[0] === province));
    });
    if (moves.length === 1) {
      pick(select, moves[0]);
      clearChoice();
    } else if (moves.length > 1) {
      say("More than one coast can be reached there: click the coast, or choose in the list.");
    } else {
      say(select.dataset.unit + " cannot go there; choose another place or use the list.");
    }
    return moves.length;
  }

  function hold(province) {
    var select = rows[province];
    var holds = optionWhere(select, function (option) {
      return / H$/.test(option.value);
    });
    if (holds.length === 1) {
      pick(select, holds[0]);
    }
    clearChoice();
  }

  map.addEventListener("click", function (event) {
    var unit = event.target.closest("g.unit[data-province]");
    var province = unit ? unit.dataset.province : null;
    if (unit && province === chosen) {
      hold(province);
      return;
    }
    if (unit && rows[province] && chosen === null) {
      choose(province);
      return;
    }
    if (chosen === null) {
      return;
    }
    var coast = event.target.closest("g.coast[data-region]");
    var place = event.target.closest("[data-province]");
    var reached = 0;
    if (coast) {
      reached = sendTo(coast.dataset.region, null);
    } else if (place) {
      reached = sendTo(null, place.dataset.province);
    }
    // Another of one's own units that the picked one cannot reach: pick that one instead.
    if (reached === 0 && unit && rows[province]) {
      choose(province);
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && chosen !== null) {
      clearChoice();
      say("");
    }
  });

  map.querySelectorAll("g.unit[data-province]").forEach(function (unit) {
    if (rows[unit.dataset.province]) {
      unit.classList.add("orderable");
    }
  });
  say("Click one of your units on the map to give it an order.");
})();
