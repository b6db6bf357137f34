// Backchannel world map (Covert Operations order page): clicking a country writes its code into the
// order being edited. Progressive enhancement only: without this script the map is a picture with
// every country's code written on it, and orders are typed or chosen in the form as before.
//
// The order being edited is the last one the player touched: a select of the form (the option naming
// the country is chosen, the first that ends with it, else the first that names it), or the line of
// the text box where the caret is (the code is added as the line's next comma-separated part).
(function () {
  "use strict";

  var map = document.querySelector("#world-map svg");
  var text = document.getElementById("order-text");
  var form = document.getElementById("order-form");
  var status = document.getElementById("world-map-status");
  if (!map || !text) {
    return;
  }
  document.documentElement.classList.add("js");
  var editing = text;
  // Until the player has been in the text box, its caret means nothing: codes go to its last line.
  var typedIn = false;

  document.addEventListener("focusin", function (event) {
    var field = event.target;
    if (field === text || (form && form.contains(field) && field.tagName === "SELECT")) {
      editing = field;
      typedIn = typedIn || field === text;
    }
  });

  map.addEventListener("click", function (event) {
    var tapped = event.target.closest ? event.target.closest("[data-country]") : null;
    // A narrow country's tap disc (over its neighbours) stands for the country's own shape.
    var country = tapped ? map.querySelector('g.country[data-country="' + tapped.getAttribute("data-country") + '"]') : null;
    if (country) {
      pick(country);
    }
  });

  // The picker beside the map acts as a tap on the country chosen, and brings it into view.
  var picker = document.getElementById("world-country");
  if (picker) {
    picker.addEventListener("change", function () {
      var country = picker.value ? map.querySelector('g.country[data-country="' + picker.value + '"]') : null;
      if (country) {
        centre([country]);
        pick(country);
      }
    });
  }
  // A region's link pans the whole map over its countries rather than reload the page with that region
  // alone (how it zooms without JavaScript); on a region drawn alone, the links load the others.
  var whole = !document.querySelector("#world[data-region]");
  document.querySelectorAll("#world-regions a[data-countries]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      if (!whole) {
        return;
      }
      event.preventDefault();
      var codes = link.getAttribute("data-countries").trim().split(/\s+/);
      centre(Array.prototype.filter.call(map.querySelectorAll("g.country[data-country]"), function (country) {
        return codes.indexOf(country.getAttribute("data-country")) >= 0;
      }));
    });
  });

  // Zoom: the map's width times 1, 2 or 4, the point in the middle of its frame staying there. At 4 on a
  // phone Denmark and Benelux are over 60 px wide, and Israel's tap disc 44 px (mapview's TAP_RADIUS).
  var ZOOMS = [1, 2, 4];
  var level = 0;
  var frame = map.parentElement;
  var zoomIn = document.getElementById("zoom-in");
  var zoomOut = document.getElementById("zoom-out");
  var zoomReset = document.getElementById("zoom-reset");
  var baseWidth = null;
  if (zoomIn && zoomOut && zoomReset) {
    zoomIn.addEventListener("click", function () {
      zoomTo(level + 1);
    });
    zoomOut.addEventListener("click", function () {
      zoomTo(level - 1);
    });
    zoomReset.addEventListener("click", function () {
      zoomTo(0);
    });
  }

  function zoomTo(next) {
    next = Math.max(0, Math.min(ZOOMS.length - 1, next));
    if (next === level) {
      return;
    }
    var before = map.getBoundingClientRect();
    baseWidth = baseWidth || before.width;
    var middleX = (frame.scrollLeft + frame.clientWidth / 2) / before.width;
    var middleY = (frame.scrollTop + frame.clientHeight / 2) / before.height;
    level = next;
    map.style.maxWidth = "none";
    map.style.width = baseWidth * ZOOMS[level] + "px";
    var after = map.getBoundingClientRect();
    frame.scrollLeft = middleX * after.width - frame.clientWidth / 2;
    frame.scrollTop = middleY * after.height - frame.clientHeight / 2;
    zoomIn.disabled = level === ZOOMS.length - 1;
    zoomOut.disabled = zoomReset.disabled = level === 0;
    say(level === 0 ? "The whole world." : "Zoomed in " + ZOOMS[level] + " times: drag the map to move around.");
  }

  function centre(elements) {
    if (window.Backchannel && window.Backchannel.centreOn && map.parentElement) {
      window.Backchannel.centreOn(map.parentElement, map, elements);
    }
  }

  function pick(country) {
    var code = country.getAttribute("data-country");
    var name = country.getAttribute("data-name") || code;
    var done = editing.tagName === "SELECT" ? chooseIn(editing, code) : writeIntoLine(code);
    mark(country);
    say(done ? code + " (" + name + ") " + done : "No choice of this row names " + name + ".");
  }

  function parts(value) {
    return value.split(",").map(function (part) {
      return part.trim().toUpperCase();
    });
  }

  // Chooses the option of the select whose order names the country: last part first (a destination),
  // then anywhere after the order's letter.
  function chooseIn(select, code) {
    var options = Array.prototype.slice.call(select.options).filter(function (option) {
      return option.value;
    });
    var names = function (option) {
      return parts(option.value).slice(1).indexOf(code) >= 0;
    };
    var endsWith = function (option) {
      var list = parts(option.value).filter(function (part) {
        return !/^[0-9]+$/.test(part);
      });
      return list[list.length - 1] === code;
    };
    var option = options.filter(endsWith)[0] || options.filter(names)[0];
    if (!option) {
      return null;
    }
    select.value = option.value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    return "chosen: " + option.textContent.trim();
  }

  // Adds the code to the text box's line under the caret, as its next comma-separated part.
  function writeIntoLine(code) {
    var value = text.value;
    // The text box keeps its caret when a click on the map takes the focus away.
    var caret = typedIn ? text.selectionEnd : value.length;
    var start = value.lastIndexOf("\n", caret - 1) + 1;
    var end = value.indexOf("\n", caret);
    if (end < 0) {
      end = value.length;
    }
    var line = value.slice(start, end).replace(/\s+$/, "");
    var written = line === "" ? code : /,$/.test(line) ? line + code : line + "," + code;
    text.value = value.slice(0, start) + written + value.slice(end);
    var at = start + written.length;
    text.focus();
    text.setSelectionRange(at, at);
    var number = value.slice(0, start).split("\n").length;
    return "written into line " + number + ": " + written;
  }

  function mark(country) {
    var previous = map.querySelector(".country.picked");
    if (previous) {
      previous.classList.remove("picked");
    }
    country.classList.add("picked");
  }

  function say(message) {
    if (status) {
      status.textContent = message;
    }
  }

  // On a phone the world is wider than the screen and pans: open it over the player's own marks (his
  // superspy, spies and influence) rather than over the Americas (map-centre.js, loaded first).
  centre(map.querySelectorAll("text.markers"));
})();
