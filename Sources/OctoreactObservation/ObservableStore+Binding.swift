#if canImport(SwiftUI)
public import SwiftUI

/// A value read from a store's state and written by sending an action: SwiftUI's own `Binding`.
public typealias StateBinding<Value> = Binding<Value>
#else
/// A value read from a store's state and written by sending an action, with the shape of SwiftUI's
/// `Binding` (`init(get:set:)`, `wrappedValue`), so the same code runs where SwiftUI does not exist.
@propertyWrapper
public struct StateBinding<Value> {
  private let get: () -> Value
  private let set: (Value) -> Void

  /// A binding that reads with `get` and writes with `set`.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The value now; setting it sends the action.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}
#endif

extension ObservableStore {
  /// A two-way binding for a control: it reads `keyPath` of ``state`` and writes by sending the
  /// action `send` makes of the new value.
  ///
  /// A `Binding` on platforms with SwiftUI, a ``StateBinding`` with the same shape elsewhere. The
  /// control shows what the reactor made of the input: with synchronous mutations the value
  /// written is in ``state`` when the setter returns.
  ///
  /// For example:
  ///
  /// ```swift
  /// TextField("Username", text: store.binding(\.username, send: { .usernameChanged($0) }))
  /// ```
  public func binding<Value>(
    _ keyPath: KeyPath<R.State, Value>,
    send action: @escaping (Value) -> R.Action
  ) -> StateBinding<Value> {
    StateBinding(get: { self.state[keyPath: keyPath] }, set: { self.send(action($0)) })
  }
}
