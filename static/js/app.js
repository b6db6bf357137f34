// Installable site: registers the service worker (`/sw.js`) on every page and tells it whose pages
// these are (and on the dashboard, which games are theirs), so that it keeps game pages readable offline
// for this account only and drops any other account's. Progressive enhancement: without JavaScript or
// service workers nothing changes.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) {
    return;
  }
  const meta = document.querySelector('meta[name="backchannel-account"]');
  const account = meta ? meta.content : "";
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    if (registration.active) {
      // The dashboard's games, to be kept offline though not opened here.
      const keep = Array.prototype.map.call(document.querySelectorAll("[data-keep-offline]"), function (game) {
        return game.getAttribute("data-keep-offline");
      });
      registration.active.postMessage({ account: account, keep: keep });
    }
    document.documentElement.dataset.serviceWorker = "ready";
  }).catch(function () {
    document.documentElement.dataset.serviceWorker = "failed";
  });
})();
