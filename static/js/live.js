// Live pages: follows the game's event stream (server-sent events) and refreshes the parts of the page
// an event concerns, without a reload. Progressive enhancement: without JavaScript (or EventSource) the
// page is the same, only still until reloaded.
//
// The page names its stream on an element `#live` (`data-events`) and marks the regions to refresh with
// `data-live="orders phase ..."` and an id: on an event of one of those kinds the page is fetched again
// (with the viewer's own cookies, so the server decides what the viewer may see) and each region is
// replaced by its fresh copy. Kinds listed in `#live`'s `data-reload` reload the page instead, unless
// the viewer has typed something into it, in which case a notice with a reload link says what changed.
// Every event is also dispatched on `document` as `live:<kind>`, for the page's other scripts. The
// stream's first message names the game's current phase; a page showing another (`#live`'s
// `data-phase`) refreshes as for a phase event. Elements with `data-deadline` count down each second.
(function () {
  "use strict";
  // Countdowns: every element with `data-deadline` (RFC 3339) shows the time left, second by second.
  function timeLeft(seconds) {
    if (seconds <= 0) {
      return "due now";
    }
    const days = Math.floor(seconds / 86400);
    const hours = Math.floor((seconds % 86400) / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    if (days > 0) {
      return "in " + days + " d " + hours + " h";
    }
    if (hours > 0) {
      return "in " + hours + " h " + minutes + " min";
    }
    return "in " + minutes + ":" + String(seconds % 60).padStart(2, "0");
  }
  function countDown() {
    document.querySelectorAll("[data-deadline]").forEach(function (element) {
      const deadline = Date.parse(element.dataset.deadline);
      if (!Number.isNaN(deadline)) {
        element.textContent = timeLeft(Math.round((deadline - Date.now()) / 1000));
      }
    });
  }
  countDown();
  window.setInterval(countDown, 1000);

  const marker = document.getElementById("live");
  if (!marker || !marker.dataset.events || !window.EventSource) {
    return;
  }
  const reloadOn = (marker.dataset.reload || "").split(" ").filter(Boolean);
  let dirty = false;
  document.addEventListener("input", function () { dirty = true; });
  document.addEventListener("change", function () { dirty = true; });

  const WORDS = {
    orders: "Orders were saved.",
    phase: "A new phase has opened.",
    press: "There is new press.",
    game: "The game has changed.",
  };

  function announce(kind) {
    let notice = document.getElementById("live-notice");
    if (!notice) {
      notice = document.createElement("p");
      notice.id = "live-notice";
      notice.className = "notice";
      notice.setAttribute("role", "status");
      const main = document.querySelector("main");
      main.insertBefore(notice, main.firstChild);
    }
    notice.textContent = WORDS[kind] + " ";
    const link = document.createElement("a");
    link.href = window.location.href;
    link.textContent = "Reload to see it";
    notice.appendChild(link);
  }

  function reload(kind) {
    if (leaving) {
      return;
    }
    if (dirty) {
      announce(kind);
    } else {
      window.location.reload();
    }
  }

  let pending = new Set();
  let timer = null;

  async function refresh() {
    if (leaving) {
      return;
    }
    const kinds = pending;
    pending = new Set();
    timer = null;
    const regions = Array.from(document.querySelectorAll("[data-live]")).filter(function (region) {
      return region.dataset.live.split(" ").some(function (kind) { return kinds.has(kind); });
    });
    let missing = false;
    if (regions.length > 0) {
      try {
        const response = await fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
        if (!response.ok) {
          return;
        }
        const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
        regions.forEach(function (region) {
          const copy = region.id && fresh.getElementById(region.id);
          if (copy) {
            region.replaceWith(document.importNode(copy, true));
          } else {
            missing = true;
          }
        });
      } catch (error) {
        return;
      }
    }
    const handled = new Set(regions.flatMap(function (region) { return region.dataset.live.split(" "); }));
    const reloadFor = Array.from(kinds).find(function (kind) {
      return reloadOn.includes(kind) && (missing || !handled.has(kind));
    });
    if (reloadFor) {
      reload(reloadFor);
    }
  }

  // Events coming together (every bot's sheet, then the phase) make one fetch.
  function schedule(kind) {
    pending.add(kind);
    if (!timer) {
      timer = window.setTimeout(refresh, 150);
    }
  }

  const source = new EventSource(marker.dataset.events);
  // A page being left (a form sent, a link followed) neither refreshes nor reloads: a reload racing the
  // form's own navigation would cancel it.
  let leaving = false;
  function leave() {
    leaving = true;
    source.close();
  }
  document.addEventListener("submit", function (event) {
    if (!event.defaultPrevented) {
      leave();
    }
  });
  window.addEventListener("pagehide", leave);
  // The stream opens with the game's current phase: a page rendered before a phase it no longer hears
  // of is behind.
  source.addEventListener("state", function (event) {
    const shown = marker.dataset.phase;
    const current = JSON.parse(event.data).phase;
    if (shown !== undefined && current !== null && String(current) !== shown) {
      schedule("phase");
    }
  });
  Object.keys(WORDS).forEach(function (kind) {
    source.addEventListener(kind, function (event) {
      let data = {};
      try {
        data = JSON.parse(event.data);
      } catch (error) {
        data = {};
      }
      if (kind === "phase" && data.phase !== undefined) {
        marker.dataset.phase = String(data.phase);
      }
      document.dispatchEvent(new CustomEvent("live:" + kind, { detail: data }));
      schedule(kind);
    });
  });
  marker.dataset.connected = "true";
  source.addEventListener("open", function () { marker.dataset.open = "true"; });
})();
