import ScreenRecordings
import Synchronization

/// The inspector of one live page (`?inspect`): the screen's events (`InspectedEvent`, from its engine's hooks
/// through `EngineEvents`) as the `inspect` messages its panel (`inspector.js`) draws: one lane per stream
/// of the screen, a marble per event, a bar per effect.
///
/// A message carries every event that waited since the last one, so that a burst costs the socket one
/// write: `{"type": "inspect", "events": [{"t": 1234, "lane": "action", "text": "usernameChanged(\"ab\")"},
/// …]}`, an event with `"effect": "#3", "phase": "started" | "finished" | "cancelled"` for a piece of
/// asynchronous work. `t` is milliseconds since the session began, on the server's clock.
///
/// **Bounds:** a screen reports from its own thread and never waits for the page: events wait in a ring of
/// ``maxPending``, and when a page reads slower than its screen reports, the oldest are dropped (the panel then misses
/// them; the screen's state messages are unaffected). A text is cut to ``maxTextCharacters``. The session's recording
/// keeps at most ``maxRecordingEntries``, and a page may ask for it ``recordings`` times.
final class LiveInspector: Sendable {
  static let maxPending = 500
  static let maxTextCharacters = 120
  static let maxRecordingEntries = 2_000
  /// How often a page may ask for its recording, which the server writes whole each time.
  static let recordings = WindowLimit(2, per: .seconds(10))
  /// The `type` of the page's message asking for the recording.
  static let recordingRequest = "recording"
  /// The modules whose names `String(describing:)` puts before a type nested in an enum's payload.
  private static let modulePrefixes = ["SignupFeature.", "SearchFeature.", "AccountRules.", "OctoreactCore."]
    .map { Array($0.utf8) }
  /// What comes before a type's name in a description.
  private static let beforeTypeName = Set("( [,:".utf8)

  /// The events waiting for the page, and whom to tell when they start waiting in an empty ring.
  private let pending = Mutex(Pending())
  /// The session's recording as a JSON document, once the screen has said where it is kept.
  private let recording = Mutex<(@Sendable () throws -> [UInt8])?>(nil)
  private let stopwatch: Stopwatch

  init(clock: any Clock<Duration>) {
    stopwatch = Stopwatch(clock: clock)
  }

  /// A struct, not a tuple: a closure in a tuple in the generic `Mutex` is re-wrapped in a conversion
  /// thunk on each access, so a session's every event would call through one more layer.
  private struct Pending {
    var events: [JSONObjectWriter] = []
    var wake: (@Sendable () -> Void)?
  }

  /// Calls `wake` now if events wait, and whenever events start waiting again: the moment to send ``takeMessage()``.
  func whenEventsWait(_ wake: @escaping @Sendable () -> Void) {
    let waiting = pending.withLock { pending in
      pending.wake = wake
      return !pending.events.isEmpty
    }
    if waiting { wake() }
  }

  /// Queues `event` for the page, stamped with the time since the session began.
  func report(_ event: InspectedEvent) {
    let elapsed = stopwatch.elapsed.components
    var entry = JSONObjectWriter()
    entry.field("t", elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    entry.field("lane", event.lane)
    let text = Self.withoutModuleNames(event.text)
    entry.field("text", text.count > Self.maxTextCharacters ? text.prefix(Self.maxTextCharacters) + "…" : text)
    if let effect = event.effect, let phase = event.phase {
      entry.field("effect", effect)
      entry.field("phase", phase.rawValue)
    }
    let wake = pending.withLock { pending in
      if pending.events.count == Self.maxPending { pending.events.removeFirst() }
      pending.events.append(entry)
      return pending.events.count == 1 ? pending.wake : nil
    }
    wake?()
  }

  /// `text` with its types named as the screen's code names them, without their module (`ValidationResult.ok`, not
  /// `SignupFeature.ValidationResult.ok`); what the user typed, quoted, is left whole. One pass over the bytes: this
  /// runs for every event of an inspected session, where a search per module name cost more than the rest.
  static func withoutModuleNames(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var index = 0
    var isQuoted = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\""), index == 0 || bytes[index - 1] != UInt8(ascii: "\\") { isQuoted.toggle() }
      let prefix =
        isQuoted || (index > 0 && !Self.beforeTypeName.contains(bytes[index - 1]))
        ? nil : modulePrefixes.first { bytes[index...].starts(with: $0) }
      if let prefix {
        index += prefix.count
      } else {
        kept.append(byte)
        index += 1
      }
    }
    return kept.count == bytes.count ? text : String(decoding: kept, as: UTF8.self)
  }

  /// The events waiting for the page as one `inspect` message, now taken; `nil` when none wait.
  func takeMessage() -> String? {
    let events = pending.withLock { pending in
      var taken: [JSONObjectWriter] = []
      swap(&taken, &pending.events)
      return taken
    }
    guard !events.isEmpty else { return nil }
    var message = JSONObjectWriter()
    message.field("type", "inspect")
    message.field("events", events)
    return message.text
  }

  /// Keeps `screen`'s recording as the one the page may download, and returns the screen.
  func keepRecording<Screen: SessionRecordingScreen>(of screen: Screen) -> Screen {
    let recorder = screen.recorder
    recording.withLock { $0 = { Array(try recorder.recording.encoded()) } }
    return screen
  }

  /// The message that carries the session's recording to the page, which saves it as a file; `nil` when
  /// the screen keeps none.
  func recordingMessage() throws -> String? {
    guard let recording = try recording.withLock({ $0 })?() else { return nil }
    var message = JSONObjectWriter()
    message.field("type", "recording")
    message.field("recording", rawJSON: String(decoding: recording, as: UTF8.self))
    return message.text
  }
}
