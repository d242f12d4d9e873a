// Works around: hummingbird 2.28.1 (HummingbirdCore's `HTTPConnectionStateHandler`), which Hummingbird adds
// behind `ConnectionGuardHandler` just before the first request head. It closes after the last response on
// shutdown, which the guard already does; as the guard takes the shutdown event, it would never act, yet
// would count every request a second time. Drop it when Hummingbird lets a child channel leave it out;
// `ConnectionGuardPipelineTests` checks it is gone.

import HummingbirdCore
import NIOCore

extension ChannelPipeline.SynchronousOperations {
  /// Removes Hummingbird's `HTTPConnectionStateHandler`, which `ConnectionGuardHandler` supersedes.
  func removeHTTPConnectionStateHandler() {
    guard let superseded = try? context(handlerType: HTTPConnectionStateHandler.self) else { return }
    removeHandler(context: superseded, promise: nil)
  }
}
