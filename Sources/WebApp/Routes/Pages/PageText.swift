import SignupFeature

/// The fixed texts of the pages, in both languages.
struct PageText: Sendable {
  let language: SignupLanguage

  private func pick(_ english: String, _ chinese: String) -> String {
    language == .english ? english : chinese
  }

  var htmlLang: String { language == .english ? "en" : "zh-Hans" }
  var signupTitle: String { pick("Sign up", "注册") }
  var username: String { pick("Username", "用户名") }
  var password: String { pick("Password", "密码") }
  var repeatPassword: String { pick("Repeat password", "重复密码") }
  var signUp: String { pick("Sign up", "注册") }
  var signingUp: String { pick("Signing up…", "正在注册…") }
  /// The accessible name of the network activity bar.
  var networkActivity: String { pick("Network activity", "网络活动") }
  /// The accessible name of the HUD shown while signing up.
  var signingUpDialog: String { pick("Signing up", "正在注册") }
  /// What the page's title starts with while a request is in flight (a browser tab's only indicator).
  var busyTitlePrefix: String { "… " }
  var ok: String { pick("OK", "确定") }
  var connecting: String { pick("Connecting…", "正在连接…") }
  var connected: String { pick("Connected", "已连接") }
  var reconnecting: String { pick("Connection lost, reconnecting…", "连接已断开，正在重新连接…") }

  /// The connection status line: "Connecting…" now, and the texts the page's script shows later, so
  /// every word on the page comes from the server's translations.
  var connectionStatus: String {
    """
    <p id="connection" class="connection" role="status" aria-live="polite" \
    data-connected="\(HTML.escape(connected))" data-reconnecting="\(HTML.escape(reconnecting))">\
    \(HTML.escape(connecting))</p>
    """
  }
  var engine: String { pick("Architecture", "架构") }
  var searchTitle: String { pick("Search", "搜索") }
  var results: String { pick("Results", "结果") }
}
