import OctoreactCore

/// The answers of a recording, handed out to the requests of a replay: each request takes the
/// first recorded answer to the same request it has not taken yet, and the book remembers the
/// requests it had no answer for.
final class AnswerBook<Answer: Sendable & Equatable & Codable>: Sendable {
  private struct Pages {
    var answers: [Timed<Answer>?]
    var unanswered: [(at: Int, request: String)] = []
    /// The times of the answers taken and not handed to the screen yet.
    var inFlight: [Int] = []
  }

  private let pages: RuntimeLock<Pages>

  init(_ answers: [Timed<Answer>]) {
    pages = RuntimeLock(Pages(answers: answers))
  }

  /// The first answer not taken yet that `matches`, now taken; `nil` (and the request remembered
  /// as `description`, made at `at`) when there is none.
  func take(at: Int, _ description: String, matching matches: (Answer) -> Bool) -> (at: Int, answer: Answer)? {
    pages.withLock { pages in
      for index in pages.answers.indices {
        guard let entry = pages.answers[index], matches(entry.value) else { continue }
        pages.answers[index] = nil
        pages.inFlight.append(entry.at)
        return (entry.at, entry.value)
      }
      pages.unanswered.append((at, description))
      return nil
    }
  }

  /// Says that the answer taken for `at` has been handed to the screen, or its request cancelled.
  func handedOver(at: Int) {
    pages.withLock { pages in
      if let index = pages.inFlight.firstIndex(of: at) { pages.inFlight.remove(at: index) }
    }
  }

  /// Whether an answer due by `moment` has been taken and not handed to the screen yet.
  func isHandingOver(dueBy moment: Int) -> Bool {
    pages.withLock { pages in pages.inFlight.contains { $0 <= moment } }
  }

  /// The first request that found no answer, with when it was made.
  var firstUnanswered: (at: Int, request: String)? { pages.withLock { $0.unanswered.first } }
}
