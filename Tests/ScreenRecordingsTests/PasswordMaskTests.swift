@testable import ScreenRecordings
import Testing

struct PasswordMaskTests {
  @Test(arguments: ["secret1", "pässwörd", "密码密码密码", "🔑🔑🔑🔑🔑", "👍🏽👍🏽okok", "e\u{301}e\u{301}e\u{301}xx"])
  func aPlaceholderHasThePasswordsLengthInCharactersAndBytesAndNoneOfItsText(password: String) {
    var mask = PasswordMask()

    let placeholder = mask.placeholder(for: password)

    #expect(placeholder.count == password.count)
    #expect(placeholder.utf8.count == password.utf8.count)
    #expect(placeholder != password)
  }

  @Test func equalPasswordsShareAPlaceholderAndDifferentOnesDoNot() {
    var mask = PasswordMask()

    let first = mask.placeholder(for: "secret1")
    let second = mask.placeholder(for: "secret2")
    let firstAgain = mask.placeholder(for: "secret1")
    let empty = mask.placeholder(for: "")

    #expect(first == "aaaaaaa")
    #expect(second == "baaaaaa")
    #expect(firstAgain == first)
    #expect(empty == "")
  }

  @Test func manyDistinctPasswordsOfOneLengthGetDistinctPlaceholders() {
    var mask = PasswordMask()

    let passwords = (1000..<2000).map { "pw\($0)" }  // six characters each
    let placeholders = passwords.map { mask.placeholder(for: $0) }

    #expect(Set(placeholders).count == 1000)
  }
}
