/// A state property for one-shot events, such as an alert to show.
///
/// Setting it counts as an event even when the value is the same as before, so the view reacts to
/// "show this alert again". Observe it with ``ReactorStore/pulse(_:)`` (ReactorKit's `@Pulse`).
///
/// For example:
///
/// ```swift
/// struct State { @Pulse var alertMessage: String? }
/// // reduce: state.alertMessage = "Signed up"   (twice → two events)
/// for await message in store.pulse(\.$alertMessage) { present(message) }
/// ```
@propertyWrapper
public struct Pulse<Value: Sendable>: Sendable {
  /// The value last set.
  public var value: Value {
    didSet { revision &+= 1 }
  }

  /// How many times the value was set; tells two settings of the same value apart.
  public private(set) var revision: UInt = 0

  /// A pulse holding `wrappedValue`, not yet set again (``revision`` 0).
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// The value last set; setting it, even to the same value, is a new event.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The pulse itself (`state.$alert`), as ``ReactorStore/pulse(_:)`` takes it.
  public var projectedValue: Pulse<Value> { self }
}

extension Pulse: Equatable where Value: Equatable {}
extension Pulse: Hashable where Value: Hashable {}

extension ReactorStore {
  /// The pulse's value each time it is set, starting with its current value.
  public func pulse<Value: Sendable>(_ keyPath: any KeyPath<R.State, Pulse<Value>> & Sendable) -> AsyncStream<Value> {
    let states = self.states
    return AsyncStream { continuation in
      let task = Task {
        var lastRevision: UInt?
        for await state in states {
          let pulse = state[keyPath: keyPath]
          guard pulse.revision != lastRevision else { continue }
          lastRevision = pulse.revision
          continuation.yield(pulse.value)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
