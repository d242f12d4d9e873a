#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
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
