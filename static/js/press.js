// Press: new messages in an open conversation appear without reloading the page. Progressive
// enhancement over the conversation's JSON feed (the same privacy as the page); every text is set with
// textContent, so nothing a player wrote is read as markup.
(function () {
  "use strict";
  const POLL_MS = 5000;
  const messages = document.getElementById("messages");
  if (!messages || !messages.dataset.feed) {
    return;
  }
  let after = messages.dataset.after;
  // The feed's address may already hold a query (a private game's invite code).
  const feed = messages.dataset.feed;
  const separator = feed.indexOf("?") === -1 ? "?" : "&";

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function liveList() {
    let list = document.getElementById("live-messages");
    if (!list) {
      list = element("ol", "press-messages");
      list.id = "live-messages";
      messages.appendChild(list);
    }
    return list;
  }

  function show(message) {
    if (document.getElementById("message-" + message.id)) {
      return;
    }
    const item = element("li", "press-message");
    item.id = "message-" + message.id;
    const meta = element("p", "press-meta");
    meta.appendChild(element("strong", "press-sender", message.sender));
    meta.appendChild(document.createTextNode(" · "));
    meta.appendChild(element("span", "press-phase-sent", message.phase));
    meta.appendChild(document.createTextNode(" · "));
    meta.appendChild(element("time", "", message.sent_at));
    item.appendChild(meta);
    item.appendChild(element("div", "press-body", message.body));
    liveList().appendChild(item);
    const empty = document.getElementById("no-messages");
    if (empty) {
      empty.remove();
    }
  }

  async function fetchNew() {
    try {
      const response = await fetch(feed + separator + "after=" + encodeURIComponent(after), {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (response.ok) {
        const answer = await response.json();
        for (const message of answer.messages) {
          show(message);
          after = message.id;
        }
      }
    } catch (_) {
      // Offline for a moment: the next poll tries again.
    }
  }

  async function poll() {
    await fetchNew();
    window.setTimeout(poll, POLL_MS);
  }

  // A press event of the game's live stream (static/js/live.js) fetches at once, between polls.
  document.addEventListener("live:press", fetchNew);

  window.setTimeout(poll, POLL_MS);
})();
