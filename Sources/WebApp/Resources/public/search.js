// Octoreact's live Search page: the browser is the View of a SearchReactor running on the server.
// The query and the user's requests (more results, retry) go to the server as JSON actions; each state
// comes back and is applied to the page. No build step, no external files.
// The next page comes with scrolling to the bottom or with the "Load more" button (keyboards, screen
// readers): both send the same action, and an append is announced with the server's words. The address
// keeps the query (`/search?q=swift`), so a search can be shared and opens with its results.
import { connectLive } from "./live-socket.js";

const screen = document.querySelector("[data-live]");
const input = byId("query");
const list = byId("results");
const summary = byId("summary");
const loading = byId("loading");
const failure = byId("failure");
const failureMessage = byId("failure-message");
const retry = byId("retry");
const loadMore = byId("load-more");
const announcement = byId("announcement");
let state = { hasNextPage: false, isLoading: false, isLoadingNextPage: false, failure: null };
let countdown = null;

function byId(id) { return document.getElementById(id); }

const send = connectLive({
  params: { engine: screen.dataset.engine },
  // A new connection has a new reactor: rebuild its state from the search box (which the server
  // filled from the address's `q` on a first visit).
  onOpen: (send) => {
    if (input.value !== "") send({ type: "query", value: input.value });
  },
  onState: render,
});

function render(next) {
  state = next;
  // Whether "Load more" has the focus now, before this state may hide it.
  const onLoadMore = document.activeElement === loadMore;
  if (next.repos.replace) {
    list.replaceChildren(...next.repos.replace.map(item));
    announcement.textContent = "";
  } else if (next.repos.append) {
    const added = next.repos.append.map(item);
    list.append(...added);
    // After "Load more", the focus goes to the first new result: where reading goes on.
    if (onLoadMore && added.length > 0) added[0].querySelector("a").focus();
  }
  if (next.announcement) announcement.textContent = next.announcement;
  list.setAttribute("aria-busy", next.isLoading ? "true" : "false");
  summary.textContent = next.summary;
  loading.hidden = !(next.isLoading || next.isLoadingNextPage);
  showFailure(next.failure);
  renderLoadMore(next);
  // A failed next page hides "Load more": its focus goes to "Retry", which is shown instead.
  if (onLoadMore && loadMore.hidden && !failure.hidden && !retry.hidden) retry.focus();
  loadMoreIfNearBottom();
}

// "Load more" is shown while there is a next page and no failure (then "Retry" is the way on), and
// is disabled while a page loads: aria-disabled, not disabled, so it keeps the keyboard focus.
function renderLoadMore(next) {
  loadMore.hidden = !next.hasNextPage || Boolean(next.failure);
  loadMore.setAttribute("aria-disabled", next.isLoading || next.isLoadingNextPage ? "true" : "false");
}

// This server's repository pages keep the page's language; other sites' links stay as they are.
function pageURL(address) {
  const url = new URL(address, location.href);
  const lang = screen.dataset.lang;
  if (url.origin === location.origin && lang !== "en") url.searchParams.set("lang", lang);
  return url.href;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A result: its name (a link), description, and a line of language, stars and last update.
function item(repo) {
  const li = document.createElement("li");
  li.dataset.id = String(repo.id);
  const link = element("a", "name", repo.fullName);
  link.href = pageURL(repo.url);
  link.target = "_blank";
  link.rel = "noopener noreferrer";
  li.append(link);
  if (repo.description) li.append(element("p", "description", repo.description));
  const meta = element("p", "meta");
  if (repo.language) meta.append(element("span", "language", repo.language));
  const stars = element("span", "stars", repo.starsText);
  if (repo.stars === null || repo.stars === undefined) stars.dataset.unknown = "true";
  meta.append(stars);
  if (repo.updatedText) {
    const updated = element("time", "updated", repo.updatedText);
    updated.dateTime = repo.updatedAt;
    meta.append(updated);
  }
  li.append(meta);
  return li;
}

function showFailure(next) {
  clearInterval(countdown);
  countdown = null;
  failure.hidden = !next;
  if (!next) return;
  failureMessage.textContent = next.message;
  // A query refused for what it says would be refused again: then only a new query helps.
  retry.hidden = !next.canRetry;
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

// The address names the query, as GitHub's does: replaced, not pushed, so Back leaves the page.
function keepQueryInAddress(query) {
  const url = new URL(location.href);
  if (query === "") url.searchParams.delete("q");
  else url.searchParams.set("q", query);
  history.replaceState(null, "", url);
}

function canLoadNextPage() {
  return state.hasNextPage && !state.isLoading && !state.isLoadingNextPage && !state.failure;
}

function loadNextPage() {
  state = { ...state, isLoadingNextPage: true };
  loadMore.setAttribute("aria-disabled", "true");
  send({ type: "loadNextPage" });
}

// The examples' rule: within 100 px of the bottom, ask for the next page, unless one is loading,
// there is none, or the last request failed (the retry button is for that). Moving the keyboard
// focus through the results scrolls too; that scroll loads nothing, so Tab reaches "Load more" and
// the list grows when the keyboard user asks.
function loadMoreIfNearBottom() {
  if (!canLoadNextPage() || keyboardFocusInResults()) return;
  const bottom = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
  if (bottom <= 100) loadNextPage();
}

function keyboardFocusInResults() {
  const active = document.activeElement;
  return Boolean(active) && (active === loadMore || list.contains(active)) && active.matches(":focus-visible");
}

input.addEventListener("input", () => {
  send({ type: "query", value: input.value });
  keepQueryInAddress(input.value);
});
byId("search-form").addEventListener("submit", (event) => event.preventDefault());
retry.addEventListener("click", () => send({ type: "retry" }));
loadMore.addEventListener("click", () => {
  if (canLoadNextPage()) loadNextPage();
});
window.addEventListener("scroll", loadMoreIfNearBottom, { passive: true });
window.addEventListener("resize", loadMoreIfNearBottom);
