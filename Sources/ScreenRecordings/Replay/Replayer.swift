import Clocks
import Foundation

/// Replays a recording against a screen on a `TestClock`: sends each input at its time, lets the
/// screen's requests be answered at the recorded times (``AnswerBook``), and after every moment at
/// which something happened checks that the screen shows what the recording showed then.
///
/// **What is compared.** The screens have no timers of their own: every change of state follows an
/// input or an answer. So each recorded state is attributed to the latest input or answer at or
/// before its time (a live recorder stamps a state a moment after its cause), and after each such
/// moment the replay waits until the screen settles on the last state attributed to it. The states
/// in between are not compared: the view-model engines bind their outputs one by one, so the same
/// session passes through different intermediate states on different engines, and ends each moment
/// in the same one.
///
/// **Settling** is waited for by yielding and advancing the clock by zero (letting the sleeps due
/// now run), never by sleeping, for up to `patience` of real time: a screen that never shows the
/// expected state fails with the first field that differs.
struct Replayer<Screen: RecordableScreen> {
  let recording: ScreenRecording<Screen>
  let clock: TestClock<Duration>
  let start: TestClock<Duration>.Instant
  let book: AnswerBook<Screen.Answer>
  /// How long, in real time, a moment may take to settle: generous, because a loaded machine
  /// running many tests may starve the screen's tasks for a while; only a mismatch waits it out.
  var patience: Duration = .seconds(5)

  init(_ recording: ScreenRecording<Screen>, clock: TestClock<Duration>) {
    self.recording = recording
    self.clock = clock
    start = clock.now
    book = AnswerBook(recording.answers)
  }

  /// Milliseconds since the replay began.
  var now: Int { start.duration(to: clock.now).milliseconds }

  /// Sleeps on the replay's clock until `at` milliseconds since the replay began (at once when that
  /// time has passed).
  func sleep(until at: Int) async throws {
    try await clock.sleep(until: start.advanced(by: .milliseconds(at)))
  }

  /// Returns only when its task is cancelled (throwing `CancellationError`): the replay's clock never gets
  /// that far.
  func waitForCancellation() async throws {
    try await clock.sleep(until: start.advanced(by: .seconds(365 * 24 * 3600)))
  }

  /// Runs the replay; throws the first mismatch.
  func run(
    send: (Screen.Input) -> Void, currentState: @Sendable () -> Screen.State
  ) async throws(ReplayMismatch) {
    let moments = Array(Set(recording.inputs.map(\.at) + recording.answers.map(\.at) + [0])).sorted()
    var inputs = recording.inputs[...]
    var states = recording.states[...]
    var expected = states.first?.value
    for (index, moment) in moments.enumerated() {
      await clock.advance(to: start.advanced(by: .milliseconds(moment)))
      if inputs.first?.at == moment { await takeAnswers(dueBy: moment, currentState: currentState) }
      while let input = inputs.first, input.at == moment {
        send(input.value)
        inputs.removeFirst()
      }
      let next = index + 1 < moments.count ? moments[index + 1] : Int.max
      while let state = states.first, state.at < next {
        expected = state.value
        states.removeFirst()
      }
      try await settle(at: moment, on: expected, currentState: currentState)
    }
  }

  /// Lets the screen take the answers due by `moment` before that moment's inputs: a recorder keeps the
  /// millisecond of each entry, not the order of an answer and an input within one, and a live session
  /// got the answer first (it was waiting; the input came from a person). Waits until every answer due
  /// has been handed over and the screen's state has stopped changing, for up to ``patience``.
  private func takeAnswers(dueBy moment: Int, currentState: @Sendable () -> Screen.State) async {
    let deadline = ContinuousClock.now.advanced(by: patience)
    var last = currentState()
    var unchanged = 0
    while unchanged < 3, ContinuousClock.now < deadline {
      await clock.advance(by: .zero)
      let state = currentState()
      unchanged = book.isHandingOver(dueBy: moment) || state != last ? 0 : unchanged + 1
      last = state
    }
  }

  private func settle(
    at moment: Int, on expected: Screen.State?, currentState: @Sendable () -> Screen.State
  ) async throws(ReplayMismatch) {
    let deadline = ContinuousClock.now.advanced(by: patience)
    var matchesInARow = 0
    while true {
      await clock.advance(by: .zero)
      if let unanswered = book.firstUnanswered {
        throw ReplayMismatch(at: unanswered.at, field: "request", expected: "a recorded answer", got: unanswered.request)
      }
      guard let expected else { return }
      let state = currentState()
      // Twice in a row: a state passed through on the way is not taken for the settled one.
      matchesInARow = state == expected ? matchesInARow + 1 : 0
      if matchesInARow == 2 { return }
      // Past the deadline only a state that differs is a mismatch: one that has just come right is
      // confirmed by the next round, however late (a loaded machine may reach it at the deadline).
      if ContinuousClock.now >= deadline, matchesInARow == 0 {
        throw ReplayMismatch.firstDifference(at: moment, expected: expected, got: state)
      }
    }
  }
}
