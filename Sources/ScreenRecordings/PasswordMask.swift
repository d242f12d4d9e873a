/// Replaces passwords with placeholders before they reach a recording: each distinct password gets
/// its own placeholder, the same one every time it comes back.
///
/// A placeholder has the password's length in characters and in UTF-8 bytes, the two measures the
/// password rules use (`PasswordPolicy`: too short in characters, too long in bytes), and two
/// passwords are equal exactly when their placeholders are: so a replay shows the same "Password
/// must be at least 5 characters", "Password repeated" or "Password different" as the session did.
/// The placeholders are made of fixed letters numbered by order of appearance; nothing of the
/// password but its length survives.
///
/// For example: `secret1` → `aaaaaaa`, then `secret2` → `baaaaaa`, then `secret1` → `aaaaaaa`.
///
/// A pure value: a recorder keeps one per session behind its lock.
public struct PasswordMask: Sendable {
  private var placeholders: [String: String] = [:]
  private var placeholdersInUse: Set<String> = []

  public init() {}

  /// The placeholder of `password`; the empty password stays empty (it shows no message).
  public mutating func placeholder(for password: String) -> String {
    if password.isEmpty { return password }
    if let known = placeholders[password] { return known }
    var number = placeholders.count
    var placeholder = Self.placeholder(shapedLike: password, number: number)
    // Numbers repeat only past 26 ^ length distinct passwords of one shape (27 one-character
    // ones): then a later number may be free; if none is, two passwords share a placeholder.
    var attempts = 0
    while placeholdersInUse.contains(placeholder), attempts < 64 {
      number += 1
      attempts += 1
      placeholder = Self.placeholder(shapedLike: password, number: number)
    }
    placeholders[password] = placeholder
    placeholdersInUse.insert(placeholder)
    return placeholder
  }

  /// `number` written in base 26 from the first character on (`a` is 0), each character of
  /// `password` replaced by one of the same UTF-8 length.
  static func placeholder(shapedLike password: String, number: Int) -> String {
    var remaining = number
    var result = ""
    for character in password {
      let digit = remaining % 26
      remaining /= 26
      result.append(Self.character(byteCount: character.utf8.count, digit: digit))
    }
    return result
  }

  /// A character of `byteCount` UTF-8 bytes, the `digit`th (0–25) of its kind: a letter with
  /// marks after it for more than 4 bytes (a mark continues its character).
  static func character(byteCount: Int, digit: Int) -> Character {
    let base: UInt32
    switch byteCount {
    case 1: base = 0x61  // a…z
    case 2: base = 0xE0  // à…ù
    case 3: base = 0x3041  // ぁ…
    case 4: base = 0x1D41A  // 𝐚…𝐳
    default:
      // A letter (1 byte), then combining marks: U+0301 takes 2 bytes, U+20D7 takes 3.
      var text = String(UnicodeScalar(UInt8(0x61 + digit)))
      var left = byteCount - 1
      if left % 2 == 1 {
        text.unicodeScalars.append("\u{20D7}")
        left -= 3
      }
      text.unicodeScalars.append(contentsOf: repeatElement("\u{0301}", count: left / 2))
      return Character(text)
    }
    return Character(UnicodeScalar(base + UInt32(digit))!)
  }
}
