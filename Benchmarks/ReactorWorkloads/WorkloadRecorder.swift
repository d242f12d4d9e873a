/// Where a workload reports: package-benchmark's `Benchmark` in `ReactorBenchmarks`, or the
/// console in `reactor-workloads`, which runs a workload without a harness around it.
package protocol WorkloadRecorder: AnyObject {
  /// The workload's name, for messages.
  var name: String { get }
  /// Marks the start of the measured window (the harness starts its clocks and counters here).
  func startMeasurement()
  /// Marks its end.
  func stopMeasurement()
  /// Records one figure of this run.
  func record(_ metric: WorkloadMetric, _ value: Int)
  /// Reports why the run failed.
  func error(_ description: String)
}

/// The figures a workload reports beyond time and memory: the rates the targets are stated in.
package enum WorkloadMetric: String, CaseIterable, Sendable {
  case actionsPerSecond = "Throughput (actions/s)"
  /// (b): actions over the time until the process is idle, cancelled effect tasks included.
  case actionsPerSecondUntilIdle = "Throughput until idle (actions/s)"
  /// (c): events over the time until every output shows the last inputs (the definition).
  case eventsPerSecond = "Throughput (events/s)"
  /// (c): events over the time until the process is idle, pipelines that no output shows included.
  case eventsPerSecondUntilIdle = "Throughput until idle (events/s)"
  /// CPU time other processes used during the measured window, in % of one core (200 = both cores).
  case otherLoad = "Other processes (% of a core)"
  /// CPU time the process spends in the 50 ms after the measured end: near zero when the end
  /// condition left no work behind.
  case residualCPU = "CPU after end (us in 50 ms)"
  /// (b), (c): how long the process kept working after the end the issue defines: (b) cancelled
  /// effect tasks, which `runningTaskCount` no longer counts, still run their body; (c) pipelines no
  /// output shows, such as `edits` → `signedIn`. Inside the measured window.
  case idleTail = "Busy after settled (ms)"

  /// True for the rates, where larger is better.
  package var prefersLarger: Bool {
    switch self {
    case .actionsPerSecond, .actionsPerSecondUntilIdle, .eventsPerSecond, .eventsPerSecondUntilIdle: true
    case .otherLoad, .residualCPU, .idleTail: false
    }
  }
}

extension WorkloadRecorder {
  /// Records the rate of one run: `inputs` sent over `elapsed`, which includes the settle.
  func recordRate(_ metric: WorkloadMetric, inputs: Int, elapsed: Duration) {
    record(metric, Int((Double(inputs) / elapsed.seconds).rounded()))
  }

  /// Fails the run loudly: a wrong result must not pass as a figure. package-benchmark reports
  /// `error` but still exits with status 0, so the process then stops with a fatal error, which the
  /// `benchmark` plugin reports as a failed run (non-zero exit).
  func fail(_ reason: String) -> Never {
    error(reason)
    fatalError("\(name): \(reason)")
  }
}
