import AccountRules
import SignupFeature

/// The fixed texts of the pages, in both languages.
struct PageText: Sendable {
  let language: Language

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

  // MARK: - The repository page

  var owner: String { pick("Owner", "所有者") }
  var stars: String { pick("Stars", "星标") }
  var forks: String { pick("Forks", "复刻") }
  var programmingLanguage: String { pick("Language", "语言") }
  var topics: String { pick("Topics", "主题") }
  var created: String { pick("Created", "创建时间") }
  var updated: String { pick("Updated", "更新时间") }
  /// A figure nobody counted (a repository known only by name): never shown as 0.
  var unknown: String { pick("unknown", "未知") }
  var fork: String { pick("Fork", "复刻仓库") }
  var archived: String { pick("Archived", "已归档") }
  var viewOnGitHub: String { pick("View on GitHub", "在 GitHub 上查看") }
}
