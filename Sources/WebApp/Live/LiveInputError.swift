import AccountRules
import SignupFeature

/// Why a message from a live page was refused. Its ``message(_:)`` is sent back on the socket in the page's
/// language; its ``description`` (English) is logged. Neither repeats the message's content.
enum LiveInputError: Error, Equatable, CustomStringConvertible {
  case tooLarge(limit: Int)
  case binary
  case notJSON
  case unknownType(allowed: [String])
  case missingValue
  case textTooLong(limit: Int)
  /// A key appears twice in the message; named only when the message may have it (any other is the client's text).
  case duplicateKey(String?)
  /// A recording was asked for on a page not opened with `?inspect`, which keeps none.
  case notInspected
  /// The page asked for its recording more often than ``LiveInspector/recordings``.
  case tooManyRecordings(limit: WindowLimit)
  /// The recording could not be written (the server's log says why).
  case recordingUnavailable
  /// Not a refusal of one message: the last error before the server closes the connection (1008).
  case tooManyRefusals(limit: WindowLimit)

  var description: String { message(.english) }

  /// The error message a page is sent: `{"type": "error", "message": "…"}`, in its language.
  func json(_ language: Language) -> String {
    var object = JSONObjectWriter()
    object.field("type", "error")
    object.field("message", message(language))
    return object.text
  }

  /// What the page shows, in `language`: the names of actions and keys stay as the protocol spells them.
  func message(_ language: Language) -> String {
    let pick = language.pick
    switch self {
    case .tooLarge(let limit): return pick("Message too large (at most \(limit) bytes)", "消息过大（最多 \(limit) 个字节）")
    case .binary: return pick("Binary messages are not accepted: send JSON text", "不接受二进制消息，请发送 JSON 文本")
    case .notJSON:
      return pick(
        "Message is not a JSON object like {\"type\": \"…\", \"value\": \"…\"}",
        "消息不是形如 {\"type\": \"…\", \"value\": \"…\"} 的 JSON 对象")
    case .unknownType(let allowed):
      let english = allowed.dropLast().joined(separator: ", ") + " or " + (allowed.last ?? "")
      let chinese = allowed.dropLast().joined(separator: "、") + " 或 " + (allowed.last ?? "")
      return pick("Unknown action: use \(english)", "未知的操作，请使用 \(chinese)")
    case .missingValue: return pick("This action needs a string \"value\"", "此操作需要字符串类型的 \"value\"")
    case .textTooLong(let limit):
      return pick("Text too long (at most \(limit) characters)", "文本过长（最多 \(limit) 个字符）")
    case .duplicateKey(let key?):
      return pick("The key \"\(key)\" appears more than once: send it once", "键 \"\(key)\" 出现了多次，请只发送一次")
    case .duplicateKey(nil):
      return pick("A key appears more than once: send each key once", "有键出现了多次，每个键请只发送一次")
    case .notInspected:
      return pick(
        "Recordings are kept only on a page opened with ?inspect", "只有以 ?inspect 打开的页面才会保留录制")
    case .tooManyRecordings(let limit):
      return pick(
        "Recording asked for too often (at most \(limit))",
        "请求录制过于频繁（每 \(Self.chineseInterval(limit.interval)) 最多 \(limit.count) 次）")
    case .recordingUnavailable:
      return pick("The recording could not be written", "无法生成录制")
    case .tooManyRefusals(let limit):
      return pick(
        "Too many refused messages (more than \(limit)): closing the connection",
        "被拒绝的消息过多（超过每 \(Self.chineseInterval(limit.interval)) \(limit.count) 条），连接即将关闭")
    }
  }

  /// "60 秒": the window of a limit, as ``WindowLimit``'s description words it in English.
  private static func chineseInterval(_ interval: Duration) -> String {
    let seconds = interval.components.seconds
    return interval == .seconds(seconds) ? "\(seconds) 秒" : "\(interval)"
  }
}
