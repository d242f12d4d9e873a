import OctoreactCore

/// A reactor whose behaviour each test scripts: actions and mutations are strings, and the state is
/// the log of every mutation applied, in order.
///
/// `script` is `mutate`; the hooks let a test observe (or send from) `transform(action:)` and
/// `reduce`, for example to send re-entrantly through a ``StoreBox``.
struct LogReactor: Reactor {
  typealias Action = String
  typealias Mutation = String
  typealias State = [String]

  var onTransformAction: @Sendable (String) -> Void = { _ in }
  var onReduce: @Sendable (String) -> Void = { _ in }
  let script: @Sendable (String, [String]) -> Effect<String>

  /// A reactor whose `mutate` is `script`.
  init(script: @escaping @Sendable (_ action: String, _ state: [String]) -> Effect<String>) {
    self.script = script
  }

  /// A reactor that applies each action as a mutation of the same name.
  init() {
    self.init { action, _ in .just(action) }
  }

  var initialState: [String] { [] }

  func transform(action: String) -> String {
    onTransformAction(action)
    return action
  }

  func mutate(action: String, state: [String]) -> Effect<String> {
    script(action, state)
  }

  func reduce(state: [String], mutation: String) -> [String] {
    onReduce(mutation)
    return state + [mutation]
  }
}
