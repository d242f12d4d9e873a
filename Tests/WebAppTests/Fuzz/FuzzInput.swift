import Foundation
import PropertyBased

/// Generators of hostile input for the fuzz suite: numbers at and beyond every integer's range, text of
/// any script and control character, JSON of any shape (wrong types, huge numbers, duplicate keys),
/// and bytes that are no text at all.
enum FuzzInput {
  typealias RNG = any SeededRandomNumberGenerator

  /// A generator of `T` from a plain function of the random number generator, without shrinking.
  static func generator<T>(_ make: @Sendable @escaping (inout RNG) -> T) -> Generator<T, Shrink.None<T>> {
    Generator(run: { rng in make(&rng) })
  }

  /// Text a number parameter may be given: integers at the edges of Int, digit runs longer than any
  /// integer, signs, exponents, fractions, spaces, and sometimes not a number at all.
  static func number(using rng: inout RNG) -> String {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return String(Int.random(in: Int.min...Int.max, using: &rng))
    case 1: return String(Int.random(in: -3...40, using: &rng))
    case 2: return ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
      "307445734561825862", "4611686018427387904", "0", "-0", "+1", "00000000000000000000001"
    ].randomElement(using: &rng)!
    case 3:
      let digits = (0..<Int.random(in: 1...60, using: &rng)).map { _ in String(Int.random(in: 0...9, using: &rng)) }
      return (Bool.random(using: &rng) ? "-" : "") + digits.joined()
    case 4:
      return ["1e3", "1e400", "1.5", "0x10", "NaN", "inf", " 1", "1 ", "", "١٢", "½"].randomElement(using: &rng)!
    case 5: return String(Int.random(in: 1...1_000, using: &rng) * Int.random(in: 1...9_000_000, using: &rng))
    default: return text(using: &rng, maxLength: 12)
    }
  }

  /// Any text: ASCII with controls, Latin-1, other scripts, emoji, JSON and URL syntax, and lone
  /// combining marks.
  static func text(using rng: inout RNG, maxLength: Int = 40) -> String {
    let alphabets: [[Unicode.Scalar]] = [
      (0x00...0x7F).compactMap(Unicode.Scalar.init),
      (0x80...0xFF).compactMap(Unicode.Scalar.init),
      Array("{}[]\":,\\%&=?#/+ \t\n\r\u{0}".unicodeScalars),
      Array("汉字ひらがなÀéßкириллица\u{301}\u{200B}\u{FEFF}🚀👩‍💻".unicodeScalars),
    ]
    let length = Int.random(in: 0...maxLength, using: &rng)
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      let alphabet = alphabets.randomElement(using: &rng)!
      scalars.append(alphabet.randomElement(using: &rng)!)
    }
    return String(scalars)
  }

  /// A JSON text of any shape, valid or nearly valid: objects with the expected keys given values of
  /// every type, unknown and repeated keys, huge numbers, nesting, and truncation.
  static func json(using rng: inout RNG, keys: [String]) -> String {
    var text = object(using: &rng, keys: keys, depth: 0)
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: text = String(text.prefix(Int.random(in: 0...text.count, using: &rng)))
    case 1: text = value(using: &rng, keys: keys, depth: 0)
    default: break
    }
    return text
  }

  private static func object(using rng: inout RNG, keys: [String], depth: Int) -> String {
    var members: [String] = []
    for _ in 0..<Int.random(in: 0...4, using: &rng) {
      let key = Bool.random(using: &rng) ? keys.randomElement(using: &rng)! : text(using: &rng, maxLength: 6)
      members.append(quoted(key) + ":" + value(using: &rng, keys: keys, depth: depth + 1))
    }
    // A key written twice, sometimes with an escape that decodes to the same key.
    if let repeated = members.first, Int.random(in: 0..<4, using: &rng) == 0 {
      members.append(repeated)
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  private static func value(using rng: inout RNG, keys: [String], depth: Int) -> String {
    switch Int.random(in: 0..<(depth > 3 ? 7 : 9), using: &rng) {
    case 0, 1: return quoted(text(using: &rng, maxLength: 20))
    case 2: return number(using: &rng)  // not always JSON: nearly valid texts are wanted too
    case 3: return ["true", "false", "null"].randomElement(using: &rng)!
    case 4: return ["1e400", "-1e400", "123456789012345678901234567890", "-0", "0.0000001", "1E-400"]
      .randomElement(using: &rng)!
    case 5: return quoted(String(repeating: "a", count: Int.random(in: 30...5_000, using: &rng)))
    case 6: return quoted(keys.randomElement(using: &rng)!)
    case 7: return object(using: &rng, keys: keys, depth: depth)
    default:
      let count = Int.random(in: 0...3, using: &rng)
      let elements = (0..<count).map { _ in value(using: &rng, keys: keys, depth: depth + 1) }
      return "[" + elements.joined(separator: ",") + "]"
    }
  }

  /// `text` as a JSON string literal.
  static func quoted(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
  }

  /// Bytes that need not be UTF-8.
  static func bytes(using rng: inout RNG) -> [UInt8] {
    (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
  }

  /// `text` percent-encoded so that it stays one query value or one path segment.
  static func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
  }
}
