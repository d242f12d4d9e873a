// Octoreact's live Search page, the View of a Search screen running on the server (see live-socket.js).
// The next page comes with scrolling to the bottom or with "Load more" (keyboards, screen readers), and
// the address keeps the query (`/search?q=swift`), so a search can be shared and opens with its results.
import { byId, connectLive, element } from "./live-socket.js";

const screen = document.querySelector("[data-live]");
const [input, list, summary, loading, failure, failureMessage, retry, loadMore, announcement] = [
  "query", "results", "summary", "loading", "failure", "failure-message", "retry", "load-more", "announcement",
].map(byId);
let state = { hasNextPage: false, isLoading: false, isLoadingNextPage: false, failure: null };
let countdown = null;

const send = connectLive({
  // A new connection has a new screen: rebuild its state from the search box (which the server filled
  // from the address's `q` on a first visit).
  onOpen: (send) => { if (input.value !== "") send({ type: "query", value: input.value }); },
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
  list.setAttribute("aria-busy", String(next.isLoading));
  summary.textContent = next.summary;
  loading.hidden = !(next.isLoading || next.isLoadingNextPage);
  showFailure(next.failure);
  // "Load more" shows while there is a next page and no failure ("Retry" is the way on then); while a
  // page loads it is aria-disabled, not disabled, so that it keeps the keyboard focus.
  loadMore.hidden = !next.hasNextPage || Boolean(next.failure);
  loadMore.setAttribute("aria-disabled", String(next.isLoading || next.isLoadingNextPage));
  // A failed next page hides "Load more": its focus goes to "Retry", which is shown instead.
  if (onLoadMore && loadMore.hidden && !failure.hidden && !retry.hidden) retry.focus();
  loadMoreIfNearBottom();
}

// A result: its name (a link), description, and a line of language, stars and last update. This
// server's repository pages keep the page's language; other sites' links stay as they are.
function item(repo) {
  const li = document.createElement("li");
  li.dataset.id = String(repo.id);
  const link = element("a", "name", repo.fullName);
  const url = new URL(repo.url, location.href);
  if (url.origin === location.origin && screen.dataset.lang !== "en") url.searchParams.set("lang", screen.dataset.lang);
  Object.assign(link, { href: url.href, target: "_blank", rel: "noopener noreferrer" });
  li.append(link);
  if (repo.description) li.append(element("p", "description", repo.description));
  const meta = element("p", "meta");
  if (repo.language) meta.append(element("span", "language", repo.language));
  const stars = element("span", "stars", repo.starsText);
  if (repo.stars === null || repo.stars === undefined) stars.dataset.unknown = "true";
  meta.append(stars);
  if (repo.updatedText) meta.append(Object.assign(element("time", "updated", repo.updatedText), { dateTime: repo.updatedAt }));
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
  // A rate limit says how long to wait: count down on the page until the reset time.
  if (next.resetsAt && next.countdown) {
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((next.resetsAt - Date.now()) / 1000));
      failureMessage.textContent = next.countdown.replace("{seconds}", String(seconds));
    };
    tick();
    countdown = setInterval(tick, 1000);
  }
}

const canLoadNextPage = () => state.hasNextPage && !state.isLoading && !state.isLoadingNextPage && !state.failure;

function loadNextPage() {
  state = { ...state, isLoadingNextPage: true };
  loadMore.setAttribute("aria-disabled", "true");
  send({ type: "loadNextPage" });
}

// The examples' rule: within 100 px of the bottom, ask for the next page, unless one is loading, there
// is none, or the last request failed (the retry button is for that). Moving the keyboard focus through
// the results scrolls too; that scroll loads nothing, so Tab reaches "Load more" and the list grows when
// the keyboard user asks.
function loadMoreIfNearBottom() {
  const active = document.activeElement;
  const keyboardInResults = active && (active === loadMore || list.contains(active)) && active.matches(":focus-visible");
  if (!canLoadNextPage() || keyboardInResults) return;
  if (document.documentElement.scrollHeight - (window.scrollY + window.innerHeight) <= 100) loadNextPage();
}

input.addEventListener("input", () => {
  send({ type: "query", value: input.value });
  // The address names the query, as GitHub's does: replaced, not pushed, so Back leaves the page.
  const url = new URL(location.href);
  if (input.value === "") url.searchParams.delete("q");
  else url.searchParams.set("q", input.value);
  history.replaceState(null, "", url);
});
byId("search-form").addEventListener("submit", (event) => event.preventDefault());
retry.addEventListener("click", () => send({ type: "retry" }));
loadMore.addEventListener("click", () => { if (canLoadNextPage()) loadNextPage(); });
window.addEventListener("scroll", loadMoreIfNearBottom, { passive: true });
window.addEventListener("resize", loadMoreIfNearBottom);
