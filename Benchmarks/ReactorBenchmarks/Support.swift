import Benchmark
import ReactorCore
import SignupFeature
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Workload size

/// The number of inputs of each workload.
///
/// `OCTOREACT_BENCHMARK_DIVISOR=n` divides every workload by `n`, for profiling under tools that
/// slow the program down (perf with uprobes): the benchmark names then show the reduced counts.
/// The figures in BENCHMARKS.md are for the full size (no divisor).
enum Workload {
  static let divisor: Int = {
    guard let text = getenv("OCTOREACT_BENCHMARK_DIVISOR"), let value = Int(String(cString: text)), value > 0 else {
      return 1
    }
    return value
  }()

  /// `count` divided by the divisor; `endingOnUsername` rounds down to the form 3k + 1.
  static func scaled(_ count: Int, endingOnUsername: Bool = false) -> Int {
    let scaled = max(4, count / divisor)
    return endingOnUsername ? scaled - (scaled - 1) % 3 : scaled
  }

  /// "1,000,000".
  static func label(_ count: Int) -> String {
    var digits = Array(String(count))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }
}

// MARK: - Inputs shared by the Signup workloads

/// The prepared field values: 16 per field, built once, so the loops only pick them.
enum SignupFixtures {
  /// Well-formed names of 6 characters: all available for ``api``.
  static let usernames: [String] = (0..<16).map { index in index < 10 ? "user0\(index)" : "user\(index)" }

  /// Varied lengths: empty, too short (< 5), acceptable, and too long (> 72 bytes).
  static let passwords: [String] = [
    "p", "pa", "pas", "pass", "passw", "passwo", "password", "password1",
    "", "correct horse", "Tr0ub4dor&3", String(repeating: "x", count: 80),
    "hunter2", "abcd", "letmein!", "s3cr3t-p4ss",
  ]

  /// The passwords again, every other one mistyped, so the repeat is sometimes right, sometimes not.
  static let repeatedPasswords: [String] = passwords.enumerated().map { index, password in
    index.isMultiple(of: 2) ? password : password + "!"
  }

  /// The last username of a run: well formed but taken (7 characters), so its result, "Username
  /// already taken", appears nowhere else in the run and proves the username pipeline has drained.
  static let finalUsername = "settled"

  /// Answers at once: a name of even length is free. Signing up always succeeds.
  static let api = SignupAPI(
    usernameAvailable: { name in name.count % 2 == 0 },
    signup: { name, _ in .created(username: name) }
  )

  static let validation = ValidationService(api: api)

  /// The field an input goes to, in the order username, password, repeated password.
  enum Field { case username, password, repeatedPassword }

  /// Input `index` of a run of `count` inputs: the fields in turn, each cycling over its 16 values;
  /// the run's last username is ``finalUsername``.
  static func input(_ index: Int, of count: Int) -> (Field, String) {
    let value = (index / 3) % 16
    switch index % 3 {
    case 0:
      return (.username, index == lastIndex(of: .username, count: count) ? finalUsername : usernames[value])
    case 1: return (.password, passwords[value])
    default: return (.repeatedPassword, repeatedPasswords[value])
    }
  }

  /// The index of the last input to `field` in a run of `count` inputs.
  static func lastIndex(of field: Field, count: Int) -> Int {
    let offset =
      switch field {
      case .username: 0
      case .password: 1
      case .repeatedPassword: 2
      }
    precondition(count > offset, "a run must send every field at least once")
    return (count - 1 - offset) / 3 * 3 + offset
  }

  /// The number of inputs to `field` in a run of `count` inputs.
  static func inputCount(of field: Field, count: Int) -> Int {
    lastIndex(of: field, count: count) / 3 + 1
  }

  /// The last value sent to `field` in a run of `count` inputs.
  static func lastValue(of field: Field, count: Int) -> String {
    input(lastIndex(of: field, count: count), of: count).1
  }
}

// MARK: - Observation

/// How a reactor workload's one state observer watches the store.
enum StateObserver: String, CaseIterable {
  /// `store.observe`: called on the sending thread for every state, as RxSwift's `subscribe` is in
  /// the reference figures. No buffer: memory stays flat however fast the states come.
  case synchronous
  /// `for await state in store.states` in a task: every state goes through the observer's buffer
  /// to the other core, which grows while the observer falls behind.
  case sequence
}

/// What a reactor workload's observer has seen: how many states, and whether the final one.
final class StateWatch<State: Sendable>: Sendable {
  private let seen = Atomic(0)
  private let finalSeen = Atomic(false)
  private let isFinal: @Sendable (State) -> Bool
  private let stop: Mutex<(@Sendable () -> Void)?> = Mutex(nil)

  /// Watches `store` with `observer` until ``cancel()``; `isFinal` tells the state the run ends on.
  init<R: Reactor>(_ store: ReactorStore<R>, with observer: StateObserver, isFinal: @escaping @Sendable (State) -> Bool)
  where R.State == State {
    self.isFinal = isFinal
    switch observer {
    case .synchronous:
      let observation = store.observe { [self] state in record(state) }
      stop.withLock { $0 = { observation.cancel() } }
    case .sequence:
      let states = store.states  // subscribed before the first send
      let task = Task { [self] in
        for await state in states { record(state) }
      }
      stop.withLock { $0 = { task.cancel() } }
    }
  }

  private func record(_ state: State) {
    seen.add(1, ordering: .relaxed)
    if isFinal(state) { finalSeen.store(true, ordering: .releasing) }
  }

  /// The number of states seen, the initial one included.
  var count: Int { seen.load(ordering: .relaxed) }
  var hasSeenFinalState: Bool { finalSeen.load(ordering: .acquiring) }

  func cancel() { stop.withLock { $0 }?() }
}

/// What an observer task has seen: the latest value and how many values. Read by the settle loop.
final class Observed<Value: Sendable>: Sendable {
  private let state: Mutex<(latest: Value?, count: Int)> = Mutex((nil, 0))

  func record(_ value: Value) {
    state.withLock { state in
      state.latest = value
      state.count += 1
    }
  }

  var snapshot: (latest: Value?, count: Int) { state.withLock { $0 } }
}

/// Consumes `sequence` into `observed` until the sequence ends or the task is cancelled.
func observe<S: AsyncSequence & Sendable>(_ sequence: S, into observed: Observed<S.Element>) -> Task<Void, Never>
where S.Failure == Never, S.Element: Sendable {
  Task {
    for await value in sequence { observed.record(value) }
  }
}

/// Polls `condition` until it holds; `false` when `limit` passed first.
///
/// Between checks it yields (`Task.yield()`), or, given `interval`, sleeps: a yielding poller keeps
/// one of the two cores busy, which a long wait must leave to the work it waits for.
func settle(within limit: Duration, sleeping interval: Duration? = nil, _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  var polls = 0
  while !condition() {
    if let interval {
      try? await Task.sleep(for: interval)
    } else {
      await Task.yield()
    }
    polls += 1
    if interval != nil || polls.isMultiple(of: 4096), clock.now > deadline { return false }
  }
  return true
}

/// Records the rate of one iteration: `inputs` sent over `elapsed`, which includes the settle.
func recordRate(_ metric: BenchmarkMetric, inputs: Int, elapsed: Duration, in benchmark: Benchmark) {
  benchmark.measurement(metric, Int((Double(inputs) / elapsed.seconds).rounded()))
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Fails the benchmark loudly: a wrong result must not pass as a figure. package-benchmark reports
/// `benchmark.error` but still exits with status 0, so the process then stops with a fatal error,
/// which the `benchmark` plugin reports as a failed run (non-zero exit).
func fail(_ benchmark: Benchmark, _ reason: String) -> Never {
  benchmark.error(reason)
  fatalError("\(benchmark.name): \(reason)")
}

/// Waits until the whole process is idle: less than `threshold` of one core used in each of
/// `windows` consecutive windows of `window`. Returns the instant the first of those windows began
/// (nothing ran after it), or `nil` after `limit`.
///
/// Sleeps between samples instead of yielding, so the wait itself costs no CPU.
func waitUntilIdle(
  window: Duration = .milliseconds(10),
  windows: Int = 3,
  threshold: Double = 0.05,
  limit: Duration
) async -> ContinuousClock.Instant? {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  var idleSince: ContinuousClock.Instant?
  var idleWindows = 0
  while clock.now < deadline {
    let windowStart = clock.now
    let cpuStart = processCPUMicroseconds()
    try? await Task.sleep(for: window)
    let wall = windowStart.duration(to: clock.now)
    if Double(processCPUMicroseconds() - cpuStart) < threshold * wall.seconds * 1e6 {
      if idleWindows == 0 { idleSince = windowStart }
      idleWindows += 1
      if idleWindows == windows { return idleSince }
    } else {
      idleWindows = 0
    }
  }
  return nil
}

/// The CPU time the process uses in the 50 ms after a workload ended, in microseconds: near zero
/// when the workload's end condition left no work behind.
func residualCPU() async -> Int {
  let before = processCPUMicroseconds()
  try? await Task.sleep(for: .milliseconds(50))
  return processCPUMicroseconds() - before
}

/// Tells how much CPU other processes took while a workload ran: this machine has two cores, and a
/// build running next to the benchmark halves its figures.
struct MachineLoad {
  private let machineBusy: Int?
  private let ownCPU: Int
  private let wallStart: ContinuousClock.Instant

  /// Starts counting now.
  static func start() -> MachineLoad {
    MachineLoad(machineBusy: machineBusyMicroseconds(), ownCPU: processCPUMicroseconds(), wallStart: .now)
  }

  /// The CPU time other processes used since `start()`, as a percentage of one core over the wall
  /// time (200 = both cores busy with something else); `nil` where `/proc/stat` is missing.
  func othersPercentOfOneCore() -> Int? {
    guard let machineBusy, let busyNow = Self.machineBusyMicroseconds() else { return nil }
    let others = (busyNow - machineBusy) - (processCPUMicroseconds() - ownCPU)
    let wall = wallStart.duration(to: .now).seconds * 1e6
    return wall > 0 ? max(0, Int((Double(others) / wall * 100).rounded())) : nil
  }

  /// Busy CPU time of the whole machine (all cores, steal included), from the first line of
  /// `/proc/stat`: user nice system idle iowait irq softirq steal, in clock ticks.
  private static func machineBusyMicroseconds() -> Int? {
    guard let file = fopen("/proc/stat", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 512)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = line.split(separator: " ").dropFirst().compactMap { Int($0) }
    guard fields.count >= 8 else { return nil }
    let busyTicks = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
    let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
    return busyTicks * 1_000_000 / (ticksPerSecond > 0 ? ticksPerSecond : 100)
  }
}

/// CPU time consumed by the whole process so far, in microseconds.
func processCPUMicroseconds() -> Int {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Int(time.tv_sec) * 1_000_000 + Int(time.tv_nsec) / 1_000
}
