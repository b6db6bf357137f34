// The service worker: makes the site installable, keeps the last viewed copy of each game page
// (`/games/{id}`) readable offline, and shows Web Push notifications.
//
// Game pages are fetched from the network first; a successful copy is kept in a cache named after the
// signed-in account (which every page tells this worker, `static/js/app.js`, and names in its
// `backchannel-account` meta, which must agree), and shown only when the network fails, with a note
// saying it is offline and as of when. When the account changes (another login, a logout), every other
// account's cache is deleted, and logging out also clears the site's storage (`Clear-Site-Data`): one
// person's pages are never shown to another. The games the dashboard lists are kept too, opened here or
// not. Any other page the network cannot give is an offline page listing the account's kept game pages. The stylesheet, which is the same for everyone, is kept too, so
// that kept pages read as they did; every other page and file is always the network's.
"use strict";

const PAGES = "backchannel-pages-";
const META = "backchannel-meta";
const STATIC = "backchannel-static";
const STYLESHEET = "/static/site.css";
const GAME_PAGE = /^\/games\/\d+$/;
// When a kept copy was fetched, recorded on the copy itself.
const KEPT_AT = "x-backchannel-kept-at";
// How old a copy of a game the dashboard lists may be before the dashboard's next visit fetches it anew.
const FRESH_FOR_MS = 10 * 60 * 1000;
const MOST_KEPT = 30;

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

// Every page tells whose it is, and the dashboard which games are its account's to keep.
self.addEventListener("message", function (event) {
  const account = String((event.data && event.data.account) || "");
  const games = Array.isArray(event.data && event.data.keep) ? event.data.keep : [];
  event.waitUntil(caches.open(META).then(function (cache) {
    return cache.put("/account", new Response(account));
  }).then(function () {
    return forgetOtherAccounts(account);
  }).then(function () {
    return keepGames(account, games);
  }));
});

function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// "at Nov 28, 2026, 2:05 PM UTC" in the device's language and time zone (named, as pages show times in
// the account's zone), from the time a copy was kept.
function asOf(kept) {
  const at = new Date(kept.headers.get(KEPT_AT) || "");
  if (isNaN(at.getTime())) {
    return "when you last opened it";
  }
  return "at " + at.toLocaleString(undefined, {
    year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short",
  });
}

// Keeps the network's game page, stamped with the time it came, under the account it was made for
// (its `backchannel-account` meta): a page of a session the worker has not yet been told of is not kept.
function keep(account, request, response) {
  return response.text().then(function (html) {
    const madeFor = /<meta name="backchannel-account" content="(\d*)">/.exec(html);
    if (!madeFor || madeFor[1] !== account) {
      return undefined;
    }
    const headers = new Headers(response.headers);
    headers.set(KEPT_AT, new Date().toISOString());
    const copy = new Response(html, { status: response.status, statusText: response.statusText, headers: headers });
    return caches.open(PAGES + account).then(function (cache) {
      return cache.put(request, copy);
    });
  });
}

function keptFor(kept) {
  return Date.now() - new Date(kept.headers.get(KEPT_AT) || 0).getTime();
}

// The games the dashboard lists, kept though not opened on this device (so the installed app, which
// opens on the dashboard, has every game's last position offline): each fetched when its copy is missing
// or older than FRESH_FOR_MS, at most MOST_KEPT of them.
function keepGames(account, paths) {
  if (!account) {
    return Promise.resolve();
  }
  const games = paths.filter(function (path) {
    return typeof path === "string" && GAME_PAGE.test(path);
  }).slice(0, MOST_KEPT);
  return caches.open(PAGES + account).then(function (cache) {
    return Promise.all(games.map(function (path) {
      const url = new URL(path, self.location.origin).href;
      return cache.match(url, { ignoreVary: true }).then(function (kept) {
        if (kept && keptFor(kept) < FRESH_FOR_MS) {
          return undefined;
        }
        return fetch(url, { credentials: "same-origin" }).then(function (response) {
          return response.ok && !response.redirected ? keep(account, url, response) : undefined;
        }, function () {
          return undefined;
        });
      });
    }));
  });
}

// A kept game page as shown offline: the same page, saying that it is offline and as of when.
function withOfflineNote(kept) {
  const note = '<p class="flash offline-note" role="status" id="offline-note">You are offline: this page is as it ' +
    "was " + escapeHtml(asOf(kept)) + ". Reload it when you are back online to see the game now.</p>";
  const headers = new Headers(kept.headers);
  headers.delete("content-length");
  return kept.text().then(function (html) {
    const body = html.replace(/<main[^>]*>/, function (main) {
      return main + note;
    });
    return new Response(body, { status: kept.status, statusText: kept.statusText, headers: headers });
  });
}

// A link to one kept game page, named by its title (already HTML, and taken without any tag).
function keptLink(request, response) {
  const url = new URL(request.url);
  return response.text().then(function (html) {
    const found = /<title>([^<]*)<\/title>/.exec(html);
    const title = found ? found[1].replace(/ · Backchannel$/, "") : escapeHtml(url.pathname);
    return '<li><a href="' + escapeHtml(url.pathname + url.search) + '">' + title + "</a> (as it was " +
      escapeHtml(asOf(response)) + ")</li>";
  });
}

function keptLinks(account) {
  if (!account) {
    return Promise.resolve([]);
  }
  return caches.open(PAGES + account).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        return cache.match(request, { ignoreVary: true }).then(function (response) {
          return response ? keptLink(request, response) : "";
        });
      }));
    });
  });
}

function offlinePage(account) {
  return keptLinks(account).then(function (links) {
    links = links.filter(Boolean);
    const kept = links.length ?
      "<p>Your game pages kept on this device can still be read:</p><ul id=\"kept-pages\">" + links.join("") + "</ul>" :
      "<p>No game page is kept on this device yet: each game page you open while signed in is.</p>";
    return new Response(
      "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">" +
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
      "<title>Offline · Backchannel</title><link rel=\"stylesheet\" href=\"" + STYLESHEET + "\">" +
      "<header class=\"site-header\"><a class=\"brand\" href=\"/games\">Backchannel</a></header><main>" +
      "<h1 id=\"offline\">You are offline</h1><p>The site cannot be reached, and this page is not kept on " +
      "this device.</p>" + kept + "</main>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
    );
  });
}

function gamePage(event) {
  const request = event.request;
  return currentAccount().then(function (account) {
    return fetch(request).then(function (response) {
      if (account && response.ok && !response.redirected) {
        event.waitUntil(keep(account, request, response.clone()));
      }
      return response;
    }, function () {
      if (!account) {
        return offlinePage(account);
      }
      return caches.open(PAGES + account).then(function (cache) {
        return cache.match(request, { ignoreVary: true });
      }).then(function (kept) {
        return kept ? withOfflineNote(kept) : offlinePage(account);
      });
    });
  });
}

function otherPage(request) {
  return fetch(request).catch(function () {
    return currentAccount().then(offlinePage);
  });
}

function stylesheet(event) {
  return fetch(event.request).then(function (response) {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(STATIC).then(function (cache) {
        return cache.put(STYLESHEET, copy);
      }));
    }
    return response;
  }, function () {
    return caches.open(STATIC).then(function (cache) {
      return cache.match(STYLESHEET);
    }).then(function (kept) {
      return kept || Response.error();
    });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  if (url.pathname === STYLESHEET) {
    event.respondWith(stylesheet(event));
  } else if (request.mode === "navigate") {
    event.respondWith(GAME_PAGE.test(url.pathname) ? gamePage(event) : otherPage(request));
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
