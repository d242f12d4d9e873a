// The part every Octoreact live page shares: the page's screen runs on the server, and this module keeps
// the WebSocket to it (`/live/<screen>`). It sends the page's events as JSON messages, hands every state
// the server sends to the page, reconnects with a growing delay when the socket closes, and shows the
// connection's status and the server's error messages in the page's `#connection` banner.
"use strict";
import { byId } from "./dom.js";
import { createInspector, download } from "./inspector.js";

export { byId, element } from "./dom.js";

const firstRetryDelay = 250;
const longestRetryDelay = 2000;
// The server closes a socket that sends nothing for a few minutes (pings do not count); this message
// tells it the page is still here. A browser may slow a hidden tab's timers to one a minute.
const keepAliveInterval = 60000;

// Connects the page's `[data-live]` element to its screen, in the engine its `data-engine` names.
// `onOpen(send)` runs on every (re)connection: a new connection has a new screen, which the page rebuilds
// by resending what it holds. `onState` applies each state. Returns `send(message)`, which drops the
// message while the socket is not open.
export function connectLive({ onOpen = () => {}, onState, onClose = () => {} }) {
  const screen = document.querySelector("[data-live]");
  const connection = byId("connection");
  // The server's translations, in the page's language.
  const texts = { connected: connection.dataset.connected, reconnecting: connection.dataset.reconnecting };
  let socket = null;
  let retryDelay = firstRetryDelay;
  let keepAlive = null;
  // The inspector's panel, on a page opened with `?inspect`: the server then sends the session's events.
  const inspector = createInspector({ onDownload: () => send({ type: "recording" }) });

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function showStatus(state, text) {
    connection.textContent = text;
    connection.dataset.state = state;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = new URLSearchParams({ engine: screen.dataset.engine, lang: screen.dataset.lang });
    if (inspector) query.set("inspect", "");
    socket = new WebSocket(`${scheme}//${location.host}${screen.dataset.live}?${query}`);
    socket.addEventListener("open", () => {
      retryDelay = firstRetryDelay;
      keepAlive = setInterval(() => send({ type: "keepAlive" }), keepAliveInterval);
      showStatus("connected", texts.connected);
      inspector?.reset();
      onOpen(send);
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        // A refused message's error belongs to that message: the next state replaces it.
        if (connection.dataset.state === "error") showStatus("connected", texts.connected);
        onState(message);
      } else if (message.type === "error") {
        showStatus("error", message.message);
      } else if (message.type === "inspect") {
        for (const event of message.events) inspector?.show(event);
      } else if (message.type === "recording") {
        download(message.recording);
      }
    });
    socket.addEventListener("close", () => {
      clearInterval(keepAlive);
      showStatus("reconnecting", texts.reconnecting);
      onClose();
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, longestRetryDelay);
    });
  }

  connect();
  return send;
}
