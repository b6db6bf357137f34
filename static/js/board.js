// Backchannel results pages: on a phone the board is wider than the screen and pans; open it over the
// phase's events (the orders that failed and the units dislodged, else every order drawn; on the world
// map the day's coups and conquests, else the reader's own marks) rather than at the top-left corner.
// Progressive enhancement only: without it the board opens at its corner. Needs map-centre.js first.
(function () {
  "use strict";

  function events(svg) {
    var failed = svg.querySelectorAll("g.order.failed, g.unit.dislodged, text.event");
    return failed.length > 0 ? failed : svg.querySelectorAll("g.order, text.markers");
  }

  document.querySelectorAll("figure.map").forEach(function (frame) {
    var svg = frame.querySelector("svg");
    if (svg && window.Backchannel && window.Backchannel.centreOn) {
      window.Backchannel.centreOn(frame, svg, events(svg));
    }
  });
})();
