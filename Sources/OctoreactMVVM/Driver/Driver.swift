/// A sequence of UI values delivered on the main actor, that never fails and gives a new observer
/// its latest value first (RxCocoa's `Driver`).
///
/// For example:
///
/// ```swift
/// let enabled = Driver(viewModel.signupEnabled.values())
/// let subscription = enabled.drive { button.isEnabled = $0 }   // on the main actor, now if a value is known
/// ```
@MainActor
public final class Driver<Element: Sendable> {
  /// The latest value, `nil` before the first.
  public private(set) var value: Element?
  private var observers: [UInt64: @MainActor (Element) -> Void] = [:]
  private var nextObserverID: UInt64 = 0
  private var connection: Task<Void, Never>?

  /// Drives from `source`, which cannot fail: errors must have become values already.
  public init<Source: AsyncSequence & Sendable>(_ source: Source) where Source.Element == Element, Source.Failure == Never {
    connection = Task { @MainActor [weak self] in
      for await element in source {
        guard let self else { return }
        self.deliver(element)
      }
    }
  }

  isolated deinit {
    connection?.cancel()
  }

  /// Calls `observer` on the main actor with the latest value, if any, and then with every new one.
  @discardableResult
  public func drive(_ observer: @escaping @MainActor (Element) -> Void) -> DriverSubscription {
    let id = nextObserverID
    nextObserverID += 1
    observers[id] = observer
    if let value { observer(value) }
    return DriverSubscription { [weak self] in self?.observers[id] = nil }
  }

  private func deliver(_ element: Element) {
    value = element
    for observer in observers.values { observer(element) }
  }
}

/// Stops a ``Driver`` observer; also stops when released.
@MainActor
public final class DriverSubscription {
  private var stop: (@MainActor () -> Void)?

  init(_ stop: @escaping @MainActor () -> Void) { self.stop = stop }

  isolated deinit { cancel() }

  /// Stops delivering values to the observer.
  public func cancel() {
    stop?()
    stop = nil
  }
}
