/// Every text the Signup screen shows, in one language.
///
/// English follows RxExample's `GitHubSignup` wording ("Username available", "Password repeated"…);
/// Simplified Chinese follows the Chinese write-ups of the examples ("用户名可用", "密码有效"…).
public struct SignupMessages: Sendable, Hashable {
  public let language: SignupLanguage

  public init(_ language: SignupLanguage = .english) {
    self.language = language
  }

  private func pick(_ english: String, _ chinese: String) -> String {
    language == .english ? english : chinese
  }

  public var validating: String { pick("validating ...", "正在验证...") }
  public var usernameAvailable: String { pick("Username available", "用户名可用") }
  public var usernameTaken: String { pick("Username already taken", "用户名已存在") }
  public var serverError: String { pick("Error contacting server", "服务器发生错误!") }
  public var passwordAcceptable: String { pick("Password acceptable", "密码有效") }
  public var passwordRepeated: String { pick("Password repeated", "密码有效") }
  public var passwordDifferent: String { pick("Password different", "两次输入的密码不一致") }

  public func passwordTooShort(minimum: Int) -> String {
    pick("Password must be at least \(minimum) characters", "密码至少需要 \(minimum) 个字符")
  }

  public func passwordTooLong(maximumBytes: Int) -> String {
    pick(
      "Password must be at most \(maximumBytes) bytes (UTF-8)",
      "密码最多 \(maximumBytes) 个字节 (UTF-8)"
    )
  }

  /// What is wrong with a malformed username.
  public func username(_ violation: UsernameRules.Violation) -> String {
    switch violation {
    case .invalidCharacter(let character):
      pick(
        "Username may only contain letters, digits and hyphens (found “\(character)”)",
        "用户名只能包含字母、数字和连字符（发现 “\(character)”）"
      )
    case .leadingHyphen: pick("Username cannot begin with a hyphen", "用户名不能以连字符开头")
    case .trailingHyphen: pick("Username cannot end with a hyphen", "用户名不能以连字符结尾")
    case .consecutiveHyphens: pick("Username cannot contain consecutive hyphens", "用户名不能包含连续的连字符")
    case .tooLong(let maximum):
      pick("Username is too long (maximum is \(maximum) characters)", "用户名过长（最多 \(maximum) 个字符）")
    }
  }

  /// The alert shown after a signup attempt.
  public func signup(_ outcome: SignupOutcome) -> String {
    switch outcome {
    case .created(let username): pick("Signed up as \(username).", "注册成功!(\(username))")
    case .refused: pick("Sign up failed: username already taken.", "注册失败!用户名已存在")
    case .failed: pick("Sign up failed: error contacting server.", "注册失败!服务器发生错误")
    }
  }

  /// The label of the button that dismisses the signup alert.
  public var ok: String { pick("OK", "确定") }
}
