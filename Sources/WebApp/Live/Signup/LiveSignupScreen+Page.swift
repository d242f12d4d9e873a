import AccountRules
import Hummingbird
import SignupFeature

/// The Signup page (`/signup`), rendered on the server from the screen's initial state; `signup.js` then
/// binds it to the screen over `/live/signup`.
extension LiveSignupScreen {
  static func firstPaint(of _: Request, _ page: PageRequest, configuration: AppConfiguration) -> String {
    let state = SignupScreenState()
    // The server's limit, so the page never sends text it would refuse.
    let maxCharacters = configuration.maxFieldCharacters
    let text = PageText(language: page.language)
    let messages = SignupMessages(page.language)
    func field(id: String, label: String, type: String, autocomplete: String, result: ValidationResult) -> String {
      """
      <div class="field">
      <label for="\(id)">\(HTML.escape(label))</label>
      <input id="\(id)" name="\(id)" type="\(type)" autocomplete="\(autocomplete)" \
      maxlength="\(maxCharacters)" aria-describedby="\(id)-message" spellcheck="false" autocapitalize="off">
      <p id="\(id)-message" class="validation" data-tone="\(result.tone.rawValue)" aria-live="polite">\
      \(HTML.escape(result.text(messages)))</p>
      </div>
      """
    }
    let title = "\(text.signupTitle) · Octoreact"
    // The "… " is a browser tab's only activity indicator.
    let busyTitle = "… " + title
    // The three activity indicators (network activity bar, inline spinner, HUD) and the title are
    // shown from the state alone: signup.js applies each state the server sends, and sets no timers.
    let networkActivity = """
      <div id="network-activity" class="network-activity" role="progressbar" \
      aria-label="\(HTML.escape(text.networkActivity))" \(state.isNetworkActive ? "" : "hidden")></div>
      """
    let content = """
      <form id="signup-form" novalidate>
      \(field(id: "username", label: text.username, type: "text", autocomplete: "username", result: state.username))
      \(field(id: "password", label: text.password, type: "password", autocomplete: "new-password", result: state.password))
      \(field(id: "repeated-password", label: text.repeatPassword, type: "password", autocomplete: "new-password", result: state.repeatedPassword))
      <div class="actions">
      <span id="activity" class="activity" role="status" aria-live="polite" \(state.isSigningUp ? "" : "hidden")>\
      <span class="spinner" aria-hidden="true"></span>\(HTML.escape(text.signingUp))</span>
      <button id="signup" type="submit" \(state.isSignupEnabled ? "" : "disabled")>\(HTML.escape(text.signUp))</button>
      </div>
      </form>
      <dialog id="hud" class="hud" aria-modal="true" aria-label="\(HTML.escape(text.signingUpDialog))" tabindex="-1">
      <span class="spinner" aria-hidden="true"></span><p>\(HTML.escape(text.signingUp))</p>
      </dialog>
      <dialog id="outcome" aria-labelledby="outcome-message">
      <p id="outcome-message">\(HTML.escape(state.alert ?? ""))</p>
      <form method="dialog"><button id="outcome-ok" value="ok">\(HTML.escape(text.ok))</button></form>
      </dialog>
      """
    let main = HTML.liveScreen(
      LiveSignupScreen.self, title: text.signupTitle,
      attributes: #" data-title="\#(HTML.escape(title))" data-busy-title="\#(HTML.escape(busyTitle))""#, content: content,
      for: page)
    return HTML.document(
      lang: page.language.rawValue, title: state.isNetworkActive ? busyTitle : title, script: "/assets/signup.js",
      body: networkActivity + "\n" + main)
  }
}
