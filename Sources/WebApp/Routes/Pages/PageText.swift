import AccountRules
import SignupFeature

/// The fixed texts of the pages, in both languages.
struct PageText: Sendable {
  let language: Language

  var signupTitle: String { language.pick("Sign up", "注册") }
  var username: String { language.pick("Username", "用户名") }
  var password: String { language.pick("Password", "密码") }
  var repeatPassword: String { language.pick("Repeat password", "重复密码") }
  var signUp: String { language.pick("Sign up", "注册") }
  var signingUp: String { language.pick("Signing up…", "正在注册…") }
  var networkActivity: String { language.pick("Network activity", "网络活动") }
  var signingUpDialog: String { language.pick("Signing up", "正在注册") }
  var ok: String { language.pick("OK", "确定") }
  var connecting: String { language.pick("Connecting…", "正在连接…") }
  var connected: String { language.pick("Connected", "已连接") }
  var reconnecting: String { language.pick("Connection lost, reconnecting…", "连接已断开，正在重新连接…") }

  /// "Connecting…", with the texts the script shows later, so every word comes from the server.
  var connectionStatus: String {
    """
    <p id="connection" class="connection" role="status" aria-live="polite" \
    data-connected="\(HTML.escape(connected))" data-reconnecting="\(HTML.escape(reconnecting))">\
    \(HTML.escape(connecting))</p>
    """
  }
  var engine: String { language.pick("Architecture", "架构") }
  var searchTitle: String { language.pick("Search", "搜索") }
  var results: String { language.pick("Results", "结果") }

  var owner: String { language.pick("Owner", "所有者") }
  var stars: String { language.pick("Stars", "星标") }
  var forks: String { language.pick("Forks", "复刻") }
  var programmingLanguage: String { language.pick("Language", "语言") }
  var topics: String { language.pick("Topics", "主题") }
  var created: String { language.pick("Created", "创建时间") }
  var updated: String { language.pick("Updated", "更新时间") }
  /// A figure nobody counted: never shown as 0.
  var unknown: String { language.pick("unknown", "未知") }
  var fork: String { language.pick("Fork", "复刻仓库") }
  var archived: String { language.pick("Archived", "已归档") }
  var viewOnGitHub: String { language.pick("View on GitHub", "在 GitHub 上查看") }
}
