// `combineLatest` of two and of four broadcasts (Rx's `combineLatest`), synchronous like the other
// derived broadcasts (`Broadcast+Derived.swift`): one ``CombineLatestNode`` per combination, held by
// the sources' handlers, holding the output.

extension Broadcast {
  /// A broadcast of `transform` applied to the latest values of two broadcasts, updated whenever
  /// either changes (Rx's `combineLatest`).
  ///
  /// For example:
  ///
  /// ```swift
  /// let repeatedResult = Broadcast.combineLatest(password, repeated) { password, repeated in
  ///   validation.validateRepeatedPassword(password, repeated: repeated)
  /// }
  /// ```
  ///
  /// `transform` is called with no lock held, one pair at a time, in the order the sources' values
  /// reached the combination (`CombineLatestStateMachine`).
  @inlinable
  public static func combineLatest<First: Sendable, Second: Sendable>(
    _ first: Broadcast<First>,
    _ second: Broadcast<Second>,
    _ transform: @escaping @Sendable (First, Second) -> Element
  ) -> Broadcast<Element> {
    let (firstValue, firstVersion) = first.snapshot
    let (secondValue, secondVersion) = second.snapshot
    let output = Broadcast(transform(firstValue, secondValue))
    // The handlers hold the node, and the node holds the output.
    let node = CombineLatestNode((firstValue, secondValue), output: output) { transform($0.0, $0.1) }
    node.feed(from: first, since: firstVersion) { $0.0 = $1 }
    node.feed(from: second, since: secondVersion) { $0.1 = $1 }
    return output
  }

  /// A broadcast of `transform` applied to the latest values of four broadcasts, updated whenever
  /// any changes (Rx's `combineLatest` of four).
  ///
  /// One combination where nesting two-source ones would make three, each a broadcast of its own
  /// that every change goes through. For example, the Signup screen's button:
  ///
  /// ```swift
  /// let signupEnabled = Broadcast.combineLatest(username, password, repeated, signingIn) {
  ///   $0.isValid && $1.isValid && $2.isValid && !$3
  /// }
  /// ```
  ///
  /// `transform` is called with no lock held, one combination at a time, in the order the sources'
  /// values reached it (`CombineLatestStateMachine`).
  @inlinable
  public static func combineLatest<First: Sendable, Second: Sendable, Third: Sendable, Fourth: Sendable>(
    _ first: Broadcast<First>,
    _ second: Broadcast<Second>,
    _ third: Broadcast<Third>,
    _ fourth: Broadcast<Fourth>,
    _ transform: @escaping @Sendable (First, Second, Third, Fourth) -> Element
  ) -> Broadcast<Element> {
    let (firstValue, firstVersion) = first.snapshot
    let (secondValue, secondVersion) = second.snapshot
    let (thirdValue, thirdVersion) = third.snapshot
    let (fourthValue, fourthVersion) = fourth.snapshot
    let output = Broadcast(transform(firstValue, secondValue, thirdValue, fourthValue))
    let node = CombineLatestNode((firstValue, secondValue, thirdValue, fourthValue), output: output) {
      transform($0.0, $0.1, $0.2, $0.3)
    }
    node.feed(from: first, since: firstVersion) { $0.0 = $1 }
    node.feed(from: second, since: secondVersion) { $0.1 = $1 }
    node.feed(from: third, since: thirdVersion) { $0.2 = $1 }
    node.feed(from: fourth, since: fourthVersion) { $0.3 = $1 }
    return output
  }
}
