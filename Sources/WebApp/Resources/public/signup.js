// Octoreact's live Signup page: the browser is the View of a Signup screen running on the server (in the
// architecture the page names). Every edit goes to the server as a JSON action; every state comes back
// and is applied to the page. No build step, no external files.
import { byId, connectLive } from "./live-socket.js";

const screen = document.querySelector("[data-live]");
const fields = {
  username: { input: byId("username"), message: byId("username-message"), action: "usernameChanged" },
  password: { input: byId("password"), message: byId("password-message"), action: "passwordChanged" },
  repeatedPassword: {
    input: byId("repeated-password"),
    message: byId("repeated-password-message"),
    action: "repeatedPasswordChanged",
  },
};
const button = byId("signup");
const activity = byId("activity");
const networkActivity = byId("network-activity");
const hud = byId("hud");
const dialog = byId("outcome");
const dialogMessage = byId("outcome-message");
// Where the focus was when the HUD or the outcome dialog took it, to give it back when both are closed.
let focusToRestore = null;

const send = connectLive({
  // A new connection has a new screen: rebuild its state from what the fields hold.
  onOpen: (send) => {
    for (const field of Object.values(fields)) {
      if (field.input.value !== "") send({ type: field.action, value: field.input.value });
    }
  },
  onState: render,
  onClose: () => { button.disabled = true; },
});

function render(state) {
  // After a successful signup's alert is answered, the account's page.
  if (state.location) {
    location.assign(state.location);
    return;
  }
  for (const [name, field] of Object.entries(fields)) {
    const result = state[name];
    if (field.message.textContent !== result.message) field.message.textContent = result.message;
    field.message.dataset.tone = result.tone;
    field.input.setAttribute("aria-invalid", result.tone === "failure" ? "true" : "false");
  }
  button.disabled = !state.signupEnabled;
  // The three activity indicators and the title follow the state alone (no timers here).
  networkActivity.hidden = !state.networkActive;
  document.title = state.networkActive ? screen.dataset.busyTitle : screen.dataset.title;
  activity.hidden = !state.signingUp;
  renderHud(state.signingUp);
  if (state.alert) {
    dialogMessage.textContent = state.alert;
    if (!dialog.open) {
      if (!hud.open) focusToRestore = document.activeElement;
      dialog.showModal();
    }
  } else if (dialog.open) {
    dialog.close("state");
  }
}

// The HUD: a modal dialog over the form while signing up. It takes the focus, and the focus goes
// back to where it was once the HUD and the outcome dialog that may follow it are both closed
// (whichever order the states bring them in).
function renderHud(signingUp) {
  if (signingUp && !hud.open) {
    if (!dialog.open) focusToRestore = document.activeElement;
    hud.showModal();
    hud.focus();
  } else if (!signingUp && hud.open) {
    hud.close();
    restoreFocus();
  }
}

function restoreFocus() {
  if (hud.open || dialog.open) return;
  if (focusToRestore && focusToRestore.isConnected) focusToRestore.focus();
  focusToRestore = null;
}

for (const field of Object.values(fields)) {
  field.input.addEventListener("input", () => {
    // The edit is not validated yet: "Sign up" waits for the state that answers it, so a click can
    // never sign up a name or password the server has not checked.
    button.disabled = true;
    send({ type: field.action, value: field.input.value });
  });
}
byId("signup-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!button.disabled) send({ type: "signup" });
});
// The HUD ends with the signup, not with Escape.
hud.addEventListener("cancel", (event) => event.preventDefault());
// "OK", Escape or any other way of closing the dialog answers the prompt.
dialog.addEventListener("close", () => {
  if (dialog.returnValue !== "state") send({ type: "dismissOutcome" });
  dialog.returnValue = "";
  restoreFocus();
});
