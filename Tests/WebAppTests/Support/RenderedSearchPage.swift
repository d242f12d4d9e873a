import Foundation
import SearchFeature
@testable import WebApp

/// A Search page as the live route feeds it: each state rendered after the one sent before it.
struct RenderedSearchPage {
  let renderer: LiveSearchState
  private var previous: SearchReactor.State?

  init(messages: SearchMessages, now: @escaping @Sendable () -> Date = Date.init) {
    renderer = LiveSearchState(messages: messages, now: now)
  }

  mutating func render(_ state: SearchReactor.State) -> String {
    defer { previous = state }
    return renderer.render(state, after: previous)
  }
}
