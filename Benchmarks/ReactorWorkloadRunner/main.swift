import ReactorWorkloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Runs one workload of the performance issue without a benchmark harness, and prints its figures
// and the process's peak resident memory: what the workload itself needs, without
// package-benchmark's own 24–25 MB (`Baseline: no work` in `ReactorBenchmarks`).
//
//   reactor-workloads counter|signup-reactor|signup-feedback|signup-view-model|store-tree [synchronous|sequence] [runs]
//   reactor-workloads atomics [runs]
//
// The observer kind applies to `counter`, `signup-reactor` and `signup-feedback` (default: synchronous); `runs`
// repeats the workload in the same process (default 5), as the harness does. `atomics` prints what
// this machine charges for a lock, an atomic add and a retain (`AtomicOperationCosts`): the floor
// under workload (a).

/// Prints each figure as the harness would name it.
final class ConsoleRecorder: WorkloadRecorder {
  let name: String
  init(name: String) { self.name = name }
  func startMeasurement() {}
  func stopMeasurement() {}
  func record(_ metric: WorkloadMetric, _ value: Int) { print("  \(metric.rawValue): \(value)") }
  func error(_ description: String) { printError("\(name): \(description)") }
}

/// Writes a line to standard error.
func printError(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
  usage: reactor-workloads counter|signup-reactor|signup-feedback|signup-view-model|store-tree [synchronous|sequence] [runs]
         reactor-workloads atomics [runs]
  """
let workloads = ["counter", "signup-reactor", "signup-feedback", "signup-view-model", "store-tree", "atomics"]
guard let workload = arguments.first, workloads.contains(workload) else {
  printError(usage)
  exit(2)
}
let observer = arguments.dropFirst().lazy.compactMap(StateObserver.init(rawValue:)).first ?? .synchronous
let runs = arguments.dropFirst().lazy.compactMap { Int($0) }.first ?? 5

/// Runs `workload` `runs` times on the cooperative pool, as the harness does (top-level code would
/// send from the main thread).
nonisolated func runWorkload(_ workload: String, observer: StateObserver, runs: Int) async {
  for run in 1...runs {
    let recorder = ConsoleRecorder(name: workload)
    if workload == "atomics" {
      let costs = AtomicOperationCosts.measure()
      print("atomics, run \(run) of \(runs):")
      print("  Mutex lock and unlock (ns): \(costs.lockAndUnlock.formatted(fractionDigits: 1))")
      print("  Atomic add (ns): \(costs.atomicAdd.formatted(fractionDigits: 1))")
      print("  Retain and release (ns): \(costs.retainAndRelease.formatted(fractionDigits: 1))")
      continue
    }
    print("\(workload), \(observer) observer, run \(run) of \(runs):")
    switch workload {
    case "counter":
      await CounterWorkload.run(recorder, actions: Workload.scaled(1_000_000), observer: observer)
    case "signup-reactor":
      await SignupReactorWorkload.run(recorder, actions: Workload.scaled(200_000), observer: observer)
    case "signup-feedback":
      let outcome = await SignupFeedbackWorkload.run(recorder, actions: Workload.scaled(200_000), observer: observer)
      print("  Final state checksum: \(outcome.checksum)")
      print("  States observed: \(outcome.statesObserved)")
    case "store-tree":
      await StoreTreeWorkload.run(recorder, actions: Workload.scaled(200_000))
    default:
      await SignupViewModelWorkload.run(recorder, events: Workload.scaled(1_000_000, endingOnUsername: true))
    }
  }
}

await runWorkload(workload, observer: observer, runs: runs)

var resources = rusage()
#if canImport(Glibc)
  getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &resources)
#else
  getrusage(RUSAGE_SELF, &resources)
#endif
// Linux reports `ru_maxrss` in KiB.
let peakKiB = resources.ru_maxrss
print("Peak resident memory: \(peakKiB) KiB (\(Double(peakKiB) * 1024 / 1_000_000) MB)")

extension Double {
  /// "17.4": no Foundation in this tool.
  func formatted(fractionDigits: Int) -> String {
    var scale = 1.0
    for _ in 0..<fractionDigits { scale *= 10 }
    let scaled = Int((self * scale).rounded())
    let fraction = String(scaled % Int(scale))
    return "\(scaled / Int(scale))." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
  }
}
