import NIOCore

/// Runs a task's jobs on one NIO event loop: the loop of the connection the task serves.
///
/// A live page's messages arrive on its connection's event loop and its states are written there. A task
/// on Swift's global executor would hand every message over to a pool thread and every state back to the
/// loop, waking a thread each way; with this executor as its preference
/// (`withTaskExecutorPreference`), the task that reads the page's messages, applies them and writes the
/// states stays on the loop, and a keystroke costs no thread hand-over at all.
///
/// **Contract:** only work that never blocks may run here, since everything else on the loop waits for
/// it: parsing a message, a screen's synchronous reducer, rendering a state, writing it. A screen's
/// effects (lookups, signups) run in tasks of their own, which do not inherit a preference.
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
