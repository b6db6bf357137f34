// Push on this device (the push settings page): subscribes through the service worker with the
// site's VAPID key (`#push-device`'s `data-key`) and posts the subscription (or its end) to the site,
// which pushes the kinds of notice chosen on the same page. Without JavaScript, service workers or
// the Push API the buttons stay hidden and the page says why.
(function () {
  "use strict";
  const panel = document.getElementById("push-device");
  if (!panel || !("serviceWorker" in navigator) || !("PushManager" in window)) {
    return;
  }
  const status = document.getElementById("push-status");
  const on = document.getElementById("push-on");
  const off = document.getElementById("push-off");

  function keyBytes(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const raw = window.atob(base64 + "=".repeat((4 - base64.length % 4) % 4));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }

  function encode(buffer) {
    return window.btoa(String.fromCharCode.apply(null, new Uint8Array(buffer)))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function post(path, fields) {
    return fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }).then(function (response) {
      if (!response.ok) {
        throw new Error("the site answered " + response.status);
      }
    });
  }

  function show(subscribed, words) {
    panel.hidden = false;
    on.hidden = subscribed;
    off.hidden = !subscribed;
    status.textContent = words;
  }

  function fields(subscription) {
    return {
      endpoint: subscription.endpoint,
      p256dh: encode(subscription.getKey("p256dh")),
      auth: encode(subscription.getKey("auth")),
    };
  }

  // The site forgets a device when the session that turned its push on ends (a login over it, "log out
  // everywhere else") while the browser keeps the subscription: as this page says push is on, it gives
  // the device back to the account and session signed in now.
  function resync(registration) {
    return registration.pushManager.getSubscription().then(function (subscription) {
      return subscription ? post("/notifications/push/subscribe", fields(subscription)) : null;
    }).catch(function () {
      return null;
    }).then(function () {
      return refresh(registration);
    });
  }

  function refresh(registration) {
    return registration.pushManager.getSubscription().then(function (subscription) {
      show(Boolean(subscription), subscription ? "Push is on for this device." : "Push is off for this device.");
    });
  }

  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    on.addEventListener("click", function () {
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") {
          throw new Error("notifications are not allowed for this site");
        }
        return registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(panel.dataset.key),
        });
      }).then(function (subscription) {
        return post("/notifications/push/subscribe", fields(subscription));
      }).then(function () {
        return refresh(registration);
      }).catch(function (error) {
        show(false, "Push could not be turned on: " + error.message + ".");
      });
    });
    off.addEventListener("click", function () {
      registration.pushManager.getSubscription().then(function (subscription) {
        if (!subscription) {
          return null;
        }
        return post("/notifications/push/unsubscribe", { endpoint: subscription.endpoint }).then(function () {
          return subscription.unsubscribe();
        });
      }).then(function () {
        return refresh(registration);
      });
    });
    return resync(registration);
  });
})();
