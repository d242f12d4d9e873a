/// The rule of ``LatestWork``: which work is the latest, which worker runs it, and the results to
/// publish, in order, by one publisher at a time.
///
/// A pure value, held under a lock by ``LatestWork``, which starts and cancels workers and runs
/// the publications after unlocking. `Work` and `Publication` are opaque to it (closures there,
/// plain values in tests).
///
/// **Publications.** A publication is accepted only while its work is the latest, decided under the
/// same lock that accepts newer work, and publications run in the order they were accepted: so an
/// older answer accepted before a newer request began runs before that request's own publication,
/// and one that comes after it is dropped. Whoever publishes while nobody does runs it now, then the
/// ones accepted meanwhile (``publicationDone()``); whoever publishes while someone does (another
/// thread, or a publication itself) only queues it. No publication runs under the lock, and a
/// publication that replaces the work cannot recurse.
///
/// **Workers.** Work waits in a one-place mailbox for a worker task; work replaced before the worker
/// took it is dropped without ever having a task. A new worker is started only when there is none,
/// or when the worker is busy with older work, which is then cancelled (a cancelled task stays
/// cancelled, so it cannot take the next work).
struct LatestWorkStateMachine<Work, Publication> {
  /// Bumped by every ``replace(publishing:with:)``: only work of the current generation publishes.
  private(set) var generation: UInt64 = 0
  /// The latest work not taken by a worker yet, and its generation.
  private var pending: (work: Work, generation: UInt64)?
  /// Tells the current worker from older, cancelled ones.
  private(set) var workerID: UInt64 = 0
  private(set) var hasWorker = false
  /// The current worker is running work: it cannot take newer work.
  private(set) var isWorkerBusy = false
  private(set) var isPublishing = false
  private var publications: [Publication] = []
  private var head = 0

  struct ReplaceAction {
    /// Run this publication now, then call ``publicationDone()``.
    var publish: Publication?
    /// Cancel the current worker (it is busy with stale work); the machine has forgotten it.
    var cancelsWorker = false
    /// Start a worker task with this id, which calls ``takeWork(worker:)``.
    var startsWorker: UInt64?
  }

  init() {}

  /// Makes the work in flight stale, accepts `publication` (if any) as the first thing published
  /// for the new work, and puts `work` (if any) in the mailbox in place of any not started.
  mutating func replace(publishing publication: Publication?, with work: Work?) -> ReplaceAction {
    generation &+= 1
    var action = ReplaceAction()
    if let publication { action.publish = accept(publication) }
    pending = work.map { ($0, generation) }
    if isWorkerBusy {
      action.cancelsWorker = true
      hasWorker = false
      isWorkerBusy = false
    }
    if pending != nil && !hasWorker {
      workerID &+= 1
      hasWorker = true
      action.startsWorker = workerID
    }
    return action
  }

  /// Work of `generation` wants to publish: the publication to run now, or `nil` (queued for the
  /// current publisher, or dropped because newer work replaced it).
  mutating func publish(_ publication: Publication, ifLatest workGeneration: UInt64) -> Publication? {
    guard workGeneration == generation else { return nil }
    return accept(publication)
  }

  /// The publisher ran its publication: the next one, or `nil` and it stops.
  mutating func publicationDone() -> Publication? {
    precondition(isPublishing, "LatestWork: a publication ended while nobody published")
    guard head < publications.count else {
      publications.removeAll(keepingCapacity: true)
      head = 0
      isPublishing = false
      return nil
    }
    defer { head += 1 }
    return publications[head]
  }

  /// Worker `id` is ready for work: the work to run and its generation, or `nil` when it should end
  /// (the mailbox is empty, or it is no longer the current worker).
  mutating func takeWork(worker id: UInt64) -> (work: Work, generation: UInt64)? {
    guard id == workerID, hasWorker else { return nil }
    guard let next = pending else {
      hasWorker = false
      isWorkerBusy = false
      return nil
    }
    pending = nil
    isWorkerBusy = true
    return next
  }

  /// True while worker `id` is the current worker: not replaced by newer work while busy, and not
  /// ended for an empty mailbox. ``LatestWork`` makes the worker's task after unlocking, and keeps
  /// its handle only if this still holds (otherwise it cancels the task: nobody else will).
  func isCurrentWorker(_ id: UInt64) -> Bool {
    id == workerID && hasWorker
  }

  /// Worker `id` finished its work.
  mutating func workDone(worker id: UInt64) {
    if id == workerID { isWorkerBusy = false }
  }

  private mutating func accept(_ publication: Publication) -> Publication? {
    guard !isPublishing else {
      publications.append(publication)
      return nil
    }
    isPublishing = true
    return publication
  }
}
