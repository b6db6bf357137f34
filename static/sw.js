// The service worker: makes the site installable, keeps the last viewed copy of each game page
// (`/games/{id}`) readable offline, and shows Web Push notifications.
//
// Game pages are fetched from the network first; a successful copy is kept in a cache named after the
// signed-in account (which every page tells this worker, `static/js/app.js`), and shown only when the
// network fails. When the account changes (another login, a logout), every other account's cache is
// deleted, and logging out also clears the site's storage (`Clear-Site-Data`): one person's pages are
// never shown to another. Nothing else is cached: every other page is always the network's.
"use strict";

const PAGES = "backchannel-pages-";
const META = "backchannel-meta";
const GAME_PAGE = /^\/games\/\d+$/;

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

// The account whose pages are kept, remembered across the worker's restarts.
function currentAccount() {
  return caches.open(META).then(function (cache) {
    return cache.match("/account");
  }).then(function (response) {
    return response ? response.text() : "";
  });
}

function forgetOtherAccounts(account) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.startsWith(PAGES) && name !== PAGES + account;
    }).map(function (name) {
      return caches.delete(name);
    }));
  });
}

self.addEventListener("message", function (event) {
  const account = String((event.data && event.data.account) || "");
  event.waitUntil(caches.open(META).then(function (cache) {
    return cache.put("/account", new Response(account));
  }).then(function () {
    return forgetOtherAccounts(account);
  }));
});

function offlinePage() {
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>Offline · Backchannel</title><p>You are offline, and this page was not kept on this device.</p>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
  );
}

function gamePage(request) {
  return currentAccount().then(function (account) {
    return fetch(request).then(function (response) {
      if (account && response.ok && !response.redirected) {
        const copy = response.clone();
        caches.open(PAGES + account).then(function (cache) {
          return cache.put(request, copy);
        });
      }
      return response;
    }).catch(function () {
      if (!account) {
        return offlinePage();
      }
      return caches.open(PAGES + account).then(function (cache) {
        return cache.match(request);
      }).then(function (kept) {
        return kept || offlinePage();
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method === "GET" && request.mode === "navigate" && url.origin === self.location.origin &&
      GAME_PAGE.test(url.pathname)) {
    event.respondWith(gamePage(request));
  }
});

// A push is a notice for this device's account: its game, its sentence, where a tap leads.
self.addEventListener("push", function (event) {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (error) {
    notice = { title: "Backchannel", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(notice.title || "Backchannel", {
    body: notice.body || "",
    icon: "/static/icon-192.png",
    data: { url: notice.url || "/notifications" },
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || "/notifications";
  const target = new URL(path, self.location.origin);
  event.waitUntil(self.clients.openWindow(target.origin === self.location.origin ? target.href : "/notifications"));
});
