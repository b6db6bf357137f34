// Backchannel maps: on a phone a map is wider than the screen and pans inside its frame. This opens it
// centred on a set of its elements (a phase's events, the reader's own marks) rather than at its
// top-left corner. Shared by board.js and world-map.js, which load it first; progressive enhancement
// only.
(function () {
  "use strict";

  window.Backchannel = window.Backchannel || {};

  // Scrolls `frame` so that the middle of the box around `elements` (of the map `svg`) is in its middle.
  window.Backchannel.centreOn = function (frame, svg, elements) {
    var pans = frame.scrollWidth > frame.clientWidth || frame.scrollHeight > frame.clientHeight;
    if (!pans || elements.length === 0 || !svg.viewBox || !svg.viewBox.baseVal) {
      return;
    }
    var left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
    Array.prototype.forEach.call(elements, function (element) {
      var box = element.getBBox();
      left = Math.min(left, box.x);
      top = Math.min(top, box.y);
      right = Math.max(right, box.x + box.width);
      bottom = Math.max(bottom, box.y + box.height);
    });
    var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    frame.scrollLeft = (left + right) / 2 * scale - frame.clientWidth / 2;
    frame.scrollTop = (top + bottom) / 2 * scale - frame.clientHeight / 2;
  };
})();
