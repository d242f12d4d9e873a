// Octoreact's live Search page: the browser is the View of a SearchReactor running on the server.
// The query and the user's requests (more results, retry) go to the server as JSON actions over a
// WebSocket; each state comes back and is applied to the page. No build step, no external files.
"use strict";

(function () {
  const screen = document.querySelector("[data-live]");
  if (!screen) return;

  const input = byId("query");
  const list = byId("results");
  const summary = byId("summary");
  const loading = byId("loading");
  const failure = byId("failure");
  const failureMessage = byId("failure-message");
  const retry = byId("retry");
  const connection = byId("connection");
  // The server's translations, in the page's language.
  const texts = { connected: connection.dataset.connected, reconnecting: connection.dataset.reconnecting };

  let socket = null;
  let retryDelay = 250;
  let state = { hasNextPage: false, isLoading: false, isLoadingNextPage: false, failure: null };
  let countdown = null;

  function byId(id) { return document.getElementById(id); }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = new URLSearchParams({ lang: screen.dataset.lang });
    socket = new WebSocket(`${scheme}//${location.host}${screen.dataset.live}?${query}`);
    socket.addEventListener("open", () => {
      retryDelay = 250;
      connection.textContent = texts.connected;
      connection.dataset.state = "connected";
      // A new connection has a new reactor: rebuild its state from the search box.
      if (input.value !== "") send({ type: "query", value: input.value });
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") render(message);
      else if (message.type === "error") showError(message.message);
    });
    socket.addEventListener("close", () => {
      connection.textContent = texts.reconnecting;
      connection.dataset.state = "reconnecting";
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 2000);
    });
  }

  function render(next) {
    state = next;
    clearError();
    if (next.repos.replace) {
      list.replaceChildren(...next.repos.replace.map(item));
    } else if (next.repos.append) {
      list.append(...next.repos.append.map(item));
    }
    list.setAttribute("aria-busy", next.isLoading ? "true" : "false");
    summary.textContent = next.summary;
    loading.hidden = !(next.isLoading || next.isLoadingNextPage);
    showFailure(next.failure);
    loadMoreIfNearBottom();
  }

  function item(repo) {
    const li = document.createElement("li");
    li.dataset.id = String(repo.id);
    const link = document.createElement("a");
    link.href = repo.url;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    link.textContent = repo.fullName;
    li.append(link);
    if (repo.stars > 0) {
      const stars = document.createElement("span");
      stars.className = "stars";
      stars.textContent = `★ ${repo.stars.toLocaleString()}`;
      li.append(" ", stars);
    }
    if (repo.description) {
      const description = document.createElement("p");
      description.textContent = repo.description;
      li.append(description);
    }
    return li;
  }

  function showFailure(next) {
    clearInterval(countdown);
    countdown = null;
    failure.hidden = !next;
    if (!next) return;
    failureMessage.textContent = next.message;
    // A rate limit says how long to wait: count down on the page until GitHub's reset time.
    if (next.resetsAt && next.countdown) {
      const tick = () => {
        const seconds = Math.max(0, Math.ceil((next.resetsAt - Date.now()) / 1000));
        failureMessage.textContent = next.countdown.replace("{seconds}", String(seconds));
      };
      tick();
      countdown = setInterval(tick, 1000);
    }
  }

  function showError(text) {
    connection.textContent = text;
    connection.dataset.state = "error";
  }

  // A refused message's error belongs to that message: the next state the server sends replaces it.
  function clearError() {
    if (connection.dataset.state !== "error") return;
    connection.textContent = texts.connected;
    connection.dataset.state = "connected";
  }

  // The examples' rule: within 100 px of the bottom, ask for the next page, unless one is loading,
  // there is none, or the last request failed (the retry button is for that).
  function loadMoreIfNearBottom() {
    if (!state.hasNextPage || state.isLoading || state.isLoadingNextPage || state.failure) return;
    const bottom = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
    if (bottom <= 100) {
      state = { ...state, isLoadingNextPage: true };
      send({ type: "loadNextPage" });
    }
  }

  input.addEventListener("input", () => send({ type: "query", value: input.value }));
  byId("search-form").addEventListener("submit", (event) => event.preventDefault());
  retry.addEventListener("click", () => send({ type: "retry" }));
  window.addEventListener("scroll", loadMoreIfNearBottom, { passive: true });
  window.addEventListener("resize", loadMoreIfNearBottom);

  connect();
})();
