import AccountRules
import Foundation
import Hummingbird
import HummingbirdTesting
import SignupFeature
import Testing
@testable import WebApp

/// Every page speaks the visitor's language, keeps it across links, and takes every word it shows from the
/// server's translations (issue 13, item 7).
@Suite(.timeLimit(.minutes(1)))
struct PageLanguageTests {
  @Test func theHomePageSpeaksChineseByQueryOrHeaderAndItsLinksKeepTheLanguage() async throws {
    try await TestApp().application().test(.router) { client in
      let byQuery = try await client.execute(uri: "/?lang=zh-Hans", method: .get)
      #expect(byQuery.status == .ok)
      #expect(byQuery.text.contains(#"<html lang="zh-Hans">"#))
      #expect(byQuery.text.contains(#"<a href="/signup?lang=zh-Hans">注册</a>"#))
      #expect(byQuery.text.contains(#"href="/signup?engine=mvvm&amp;lang=zh-Hans""#))
      #expect(byQuery.text.contains(#"<a href="/search?lang=zh-Hans">搜索仓库</a>"#))
      #expect(byQuery.text.contains(#"href="/?lang=en""#))
      let byHeader = try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "zh-CN"])
      #expect(byHeader.text.contains(#"<a href="/search?lang=zh-Hans">"#))
      let english = try await client.execute(uri: "/", method: .get)
      #expect(english.text.contains(#"<a href="/signup?lang=en">Sign up</a>"#))
      #expect(english.text.contains(#"href="/?lang=zh-Hans""#))
    }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func theEngineLinksKeepTheLanguageAndMarkTheCurrentEngine(_ current: SignupArchitecture) async throws {
    try await TestApp().application().test(.router) { client in
      let page = try await client.execute(uri: "/signup?engine=\(current.rawValue)&lang=zh-Hans", method: .get)
      for architecture in SignupArchitecture.allCases {
        let link = #"<a href="?engine=\#(architecture.rawValue)&amp;lang=zh-Hans""#
        let marked = #"\#(link) aria-current="page">"#
        #expect(page.text.contains(architecture == current ? marked : "\(link)>"))
      }
      #expect(page.text.components(separatedBy: #"aria-current="page""#).count == 2)
    }
  }

  @Test(arguments: [
    ("/signup", "Connected", "Connection lost, reconnecting…"),
    ("/search", "Connected", "Connection lost, reconnecting…"),
    ("/signup?lang=zh-Hans", "已连接", "连接已断开，正在重新连接…"),
    ("/search?lang=zh-Hans", "已连接", "连接已断开，正在重新连接…"),
  ])
  func theConnectionTextsComeFromTheServer(_ uri: String, _ connected: String, _ reconnecting: String) async throws {
    try await TestApp().application().test(.router) { client in
      let page = try await client.execute(uri: uri, method: .get)
      #expect(page.text.contains(#"data-connected="\#(connected)" data-reconnecting="\#(reconnecting)""#))
    }
    for script in ["live.js", "search.js"] {
      try await TestApp().application().test(.router) { client in
        let text = try await client.execute(uri: "/assets/\(script)", method: .get).text
        #expect(!text.contains("已连接") && !text.contains("\"Connected\""))  // no catalogue of its own
      }
    }
  }

  @Test func theChineseRepeatedPasswordSuccessSaysThePasswordsMatch() {
    let chinese = SignupMessages(.simplifiedChinese)
    #expect(chinese.passwordRepeated == "密码一致")
    #expect(chinese.passwordRepeated != chinese.passwordAcceptable)
  }
}
