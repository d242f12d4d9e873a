import Foundation

extension DecodingError {
  /// A one-line reason, such as `missing key "login"` or `expected String at items.3.name`, without the values;
  /// the path leaves out the first `prefix` keys (those of the value being decoded, when it is inside another).
  func reason(droppingPathPrefix prefix: Int = 0) -> String {
    func path(_ context: Context) -> String {
      let keys = context.codingPath.dropFirst(prefix).map { $0.intValue.map(String.init) ?? $0.stringValue }
      return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
    }
    switch self {
    case .keyNotFound(let key, let context): return "missing key \"\(key.stringValue)\"\(path(context))"
    case .typeMismatch(let type, let context): return "expected \(type)\(path(context))"
    case .valueNotFound(let type, let context): return "null where \(type) was expected\(path(context))"
    case .dataCorrupted(let context):
      return context.codingPath.count <= prefix ? "not valid JSON" : "invalid value\(path(context))"
    @unknown default: return "undecodable"
    }
  }
}
