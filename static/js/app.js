// Installable site: registers the service worker (`/sw.js`) on every page and tells it whose pages
// these are, so that it keeps game pages readable offline for this account only and drops any other
// account's. Progressive enhancement: without JavaScript or service workers nothing changes.
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
      registration.active.postMessage({ account: account });
    }
    document.documentElement.dataset.serviceWorker = "ready";
  }).catch(function () {
    document.documentElement.dataset.serviceWorker = "failed";
  });
})();
