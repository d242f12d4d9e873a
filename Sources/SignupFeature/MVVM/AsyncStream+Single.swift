extension AsyncStream where Element: Sendable {
  /// A sequence of the one element `work` produces; ending iteration early cancels `work`.
  static func single(_ work: @escaping @Sendable () async -> Element) -> AsyncStream<Element> {
    AsyncStream { continuation in
      let task = Task {
        continuation.yield(await work())
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
