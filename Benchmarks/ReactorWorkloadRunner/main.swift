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
//   reactor-workloads counter|signup-reactor|signup-view-model|store-tree [synchronous|sequence] [runs]
//
// The observer kind applies to `counter` and `signup-reactor` (default: synchronous); `runs`
// repeats the workload in the same process (default 5), as the harness does.

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
let usage = "usage: reactor-workloads counter|signup-reactor|signup-view-model|store-tree [synchronous|sequence] [runs]"
let workloads = ["counter", "signup-reactor", "signup-view-model", "store-tree"]
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
    print("\(workload), \(observer) observer, run \(run) of \(runs):")
    switch workload {
    case "counter":
      await CounterWorkload.run(recorder, actions: Workload.scaled(1_000_000), observer: observer)
    case "signup-reactor":
      await SignupReactorWorkload.run(recorder, actions: Workload.scaled(200_000), observer: observer)
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
