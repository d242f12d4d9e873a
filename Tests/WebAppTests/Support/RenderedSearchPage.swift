import Foundation
import SearchFeature
import SearchFeatureTesting
import Testing
@testable import WebApp

/// A Search page as the live route feeds it: each state rendered after the one sent before it.
struct RenderedSearchPage {
  let renderer: LiveSearchScreen
  private var previous: SearchReactor.State?

  init(messages: SearchMessages, now: @escaping @Sendable () -> Date = Date.init) {
    renderer = LiveSearchScreen(
      screen: ReactorSearchScreen(client: .unimplemented()), messages: messages,
      queryThrottle: .zero, clock: ContinuousClock(), now: now)
  }

  mutating func render(_ state: SearchReactor.State) -> String {
    defer { previous = state }
    return renderer.render(state, after: previous)
  }
}
