import OctoreactCore

/// The answers of a recording, handed out to the requests of a replay: each request takes the
/// first recorded answer to the same request it has not taken yet, and the book remembers the
/// requests it had no answer for.
final class AnswerBook<Answer: Sendable & Equatable & Codable>: Sendable {
  private struct Pages {
    var answers: [Timed<Answer>?]
    var unanswered: [(at: Int, request: String)] = []
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
        return (entry.at, entry.value)
      }
      pages.unanswered.append((at, description))
      return nil
    }
  }

  /// The first request that found no answer, with when it was made.
  var firstUnanswered: (at: Int, request: String)? { pages.withLock { $0.unanswered.first } }
}
