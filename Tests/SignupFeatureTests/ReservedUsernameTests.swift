import AccountRules
import SignupFeature
import SignupFeatureTesting
import Testing

/// Reserved names (issue 13, item 2): refused by the screen before any request, in any letter case,
/// with the message `POST /users` gives.
@Suite(.timeLimit(.minutes(1)))
struct ReservedUsernameTests {
  @Test(arguments: SignupArchitecture.allCases)
  func aReservedNameIsRefusedWithoutARequest(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    let names = [
      "signup", "Search", "USERS", "repositories", "assets", "live", "api", "login", "settings", "admin", "About",
    ]
    for name in names {
      fixture.screen.typeUsername(name)
      await fixture.expectScreen { $0.username == .failed(message: "Username is reserved") && !$0.isNetworkActive }
    }
    #expect(fixture.server.askedNames.isEmpty)
  }

  @Test func theMessageInSimplifiedChinese() {
    let validation = ValidationService(api: .unimplemented(), messages: SignupMessages(.simplifiedChinese))
    #expect(validation.localUsernameResult("Admin") == .failed(message: "该用户名为保留名称，不能使用"))
    #expect(validation.localUsernameResult("admins") == nil)
  }

  @Test func everyTopLevelPathOfTheServerIsReserved() {
    for path in ["signup", "search", "users", "repositories", "repos", "assets", "live"] {
      #expect(ReservedUsernames.contains(path.uppercased()))
    }
  }
}
