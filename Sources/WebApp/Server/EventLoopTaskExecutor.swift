import NIOCore

/// Runs a task's jobs on the NIO event loop of the connection it serves, so a live page's task reads
/// messages, applies them and writes states without handing each one to a pool thread and back.
///
/// **Contract:** only work that never blocks may run here, since the whole loop waits for it: parsing a
/// message, a screen's reducer, rendering and writing a state. A screen's effects (lookups, signups) run
/// in tasks of their own, which do not inherit the preference.
final class EventLoopTaskExecutor: TaskExecutor {
  let eventLoop: any EventLoop

  init(_ eventLoop: any EventLoop) {
    self.eventLoop = eventLoop
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
