// Backchannel results pages: on a phone the board is wider than the screen and pans; open it over the
// phase's events (the orders that failed and the units dislodged, else every order drawn; on the world
// map the day's coups and conquests, else the reader's own marks) rather than at the top-left corner.
// Progressive enhancement only: without it the board opens at its corner.
(function () {
  "use strict";

  function centre(frame, svg) {
    if (frame.scrollWidth <= frame.clientWidth && frame.scrollHeight <= frame.clientHeight) {
      return;
    }
    var events = svg.querySelectorAll("g.order.failed, g.unit.dislodged, text.event");
    if (events.length === 0) {
      events = svg.querySelectorAll("g.order, text.markers");
    }
    if (events.length === 0) {
      return;
    }
    var left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
    Array.prototype.forEach.call(events, function (element) {
      var box = element.getBBox();
      left = Math.min(left, box.x);
      top = Math.min(top, box.y);
      right = Math.max(right, box.x + box.width);
      bottom = Math.max(bottom, box.y + box.height);
    });
    var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    frame.scrollLeft = (left + right) / 2 * scale - frame.clientWidth / 2;
    frame.scrollTop = (top + bottom) / 2 * scale - frame.clientHeight / 2;
  }

  document.querySelectorAll("figure.map").forEach(function (frame) {
    var svg = frame.querySelector("svg");
    if (svg && svg.viewBox && svg.viewBox.baseVal) {
      centre(frame, svg);
    }
  });
})();
