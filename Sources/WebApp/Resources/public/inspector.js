// The inspector (`?inspect` on a live page): draws the session's streams as a marble timeline while the
// user types, from the `inspect` messages the server sends, and shows the same events as a table for
// screen readers and keyboards. Lanes appear in the order the server names them; an effect is a bar
// from its start to its end, struck through when it was cancelled. The page's language comes from the
// panel's `data-*` texts, its colours from the page's scheme.
import { byId, element } from "./dom.js";

// The most events shown at once (as many as the server holds for a slow page): older ones leave the
// panel, and the recording still has them.
const maxEvents = 500;
// Horizontal scale of the timeline: pixels per millisecond of the session (a keystroke every 100 ms is 25 px).
const pixelsPerMillisecond = 0.25;
// Room kept after the latest event, for its label.
const trailingRoom = 240;

// The panel's `show(event)` and `reset()`, or nothing when the page has no panel.
export function createInspector({ onDownload }) {
  const panel = byId("inspector");
  if (!panel) return null;
  const texts = panel.dataset;
  const lanes = byId("inspector-lanes");
  const rows = byId("inspector-rows");
  const pause = byId("inspector-pause");
  const lanesByName = new Map();
  const effects = new Map();
  let held = [];
  // What each shown event added (a table row, and a marble or bar when it drew one), oldest first.
  let drawn = [];

  function lane(name) {
    let track = lanesByName.get(name);
    if (!track) {
      const row = element("div", "lane");
      row.append(element("span", "lane-name", name));
      track = element("div", "track");
      row.append(track);
      lanes.append(row);
      lanesByName.set(name, track);
    }
    return track;
  }

  // Puts `node` at time `t`, its whole text in its tooltip. A marble's label is cut where the next marble of
  // its lane begins, so labels never overlap: the latest shows whole, the table has them all.
  function place(node, t, track) {
    node.style.left = `${t * pixelsPerMillisecond}px`;
    node.title = `${t} ms: ${node.textContent}`;
    if (node.classList.contains("marble")) {
      const previous = track.lastMarble;
      if (previous) previous.style.maxWidth = `${Math.max(14, (t - previous.dataset.t) * pixelsPerMillisecond - 2)}px`;
      node.dataset.t = t;
      track.lastMarble = node;
    }
    lanes.style.setProperty("--extent", `${t * pixelsPerMillisecond + trailingRoom}px`);
  }

  function draw(event) {
    const track = lane(event.lane);
    let node = null;
    if (event.phase === undefined) {
      node = element("span", "marble", event.text);
      place(node, event.t, track);
      track.append(node);
    } else if (event.phase === "started") {
      node = element("span", "effect", event.text);
      place(node, event.t, track);
      node.dataset.start = event.t;
      track.append(node);
      effects.set(event.effect, node);
    } else {
      // The bar, if still shown, ends here; the table names the work as its start did.
      const bar = effects.get(event.effect);
      if (bar) {
        bar.style.width = `${Math.max(2, (event.t - bar.dataset.start) * pixelsPerMillisecond)}px`;
        bar.classList.add(event.phase);
        bar.title = `${bar.dataset.start}–${event.t} ms: ${bar.textContent} (${texts[event.phase] ?? event.phase})`;
        effects.delete(event.effect);
        event = { ...event, text: bar.textContent };
      }
    }
    const row = element("tr", event.phase ?? "");
    row.append(element("td", "time", String(event.t)), element("td", "", event.lane));
    const what = event.phase ? `${event.text} (${texts[event.phase] ?? event.phase})` : event.text;
    row.append(element("td", "", what));
    rows.append(row);
    drawn.push({ row, node });
    // The oldest event goes first; its lane keeps its place.
    if (drawn.length > maxEvents) {
      const oldest = drawn.shift();
      oldest.row.remove();
      oldest.node?.remove();
    }
    lanes.scrollLeft = lanes.scrollWidth;
  }

  pause.addEventListener("click", () => {
    const paused = pause.getAttribute("aria-pressed") !== "true";
    pause.setAttribute("aria-pressed", String(paused));
    pause.textContent = paused ? texts.resume : texts.pause;
    if (!paused) {
      for (const event of held) draw(event);
      held = [];
    }
  });
  byId("inspector-download").addEventListener("click", onDownload);

  return {
    show(event) {
      if (pause.getAttribute("aria-pressed") === "true") {
        held.push(event);
        if (held.length > maxEvents) held.shift();
      } else {
        draw(event);
      }
    },
    // A new connection is a new session, whose times start again from zero.
    reset() {
      lanes.replaceChildren();
      rows.replaceChildren();
      lanesByName.clear();
      effects.clear();
      held = [];
      drawn = [];
    },
  };
}

// Saves a recording the server sent as a JSON file named after its screen and engine.
export function download(recording) {
  const blob = new Blob([JSON.stringify(recording, null, 2)], { type: "application/json" });
  const link = element("a", "");
  link.href = URL.createObjectURL(blob);
  link.download = `octoreact-${recording.screen}-${recording.engine}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
