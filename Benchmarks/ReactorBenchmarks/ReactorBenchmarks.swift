import Benchmark

/// The three workloads of the performance issue, each one `Benchmark`.
///
/// Run with `OCTOREACT_BENCHMARKS=1 swift package --scratch-path .build-bench benchmark --target ReactorBenchmarks`
/// (package-benchmark builds in release). Figures, machine and profile notes: `BENCHMARKS.md`.
///
/// One benchmark iteration is one whole workload (1,000,000 or 200,000 inputs, then the wait until
/// the observers have seen the end), so `scalingFactor` stays `.one` and the wall clock of an
/// iteration is the time of the whole workload. package-benchmark's own `.throughput` counts
/// iterations per second (2 or 3 here, rounded to an integer), so each workload reports its rate as
/// a custom metric instead: inputs sent divided by the time from the first send to the settled end.
let benchmarks: @Sendable () -> Void = {
  let counterActions = Workload.scaled(1_000_000)
  Benchmark(
    "Counter reactor: \(Workload.label(counterActions)) actions",
    configuration: workloadConfiguration(rate: Rate.actionsPerSecond, extra: [Rate.residualCPU])
  ) { benchmark in
    await CounterWorkload.run(benchmark, actions: counterActions)
  }

  let signupActions = Workload.scaled(200_000)
  Benchmark(
    "SignupReactor: \(Workload.label(signupActions)) actions",
    configuration: workloadConfiguration(rate: Rate.actionsPerSecond, extra: [Rate.residualCPU])
  ) { benchmark in
    await SignupReactorWorkload.run(benchmark, actions: signupActions)
  }

  // The view model workload ends on a username event: 3k + 1 events.
  let viewModelEvents = Workload.scaled(1_000_000, endingOnUsername: true)
  Benchmark(
    "SignupViewModel: \(Workload.label(viewModelEvents)) input events",
    configuration: workloadConfiguration(rate: Rate.eventsPerSecond, extra: [Rate.idleTail, Rate.residualCPU])
  ) { benchmark in
    await SignupViewModelWorkload.run(benchmark, events: viewModelEvents)
  }
}

/// Custom metrics: the rates the targets are stated in.
enum Rate {
  static let actionsPerSecond = BenchmarkMetric.custom("Throughput (actions/s)", polarity: .prefersLarger, useScalingFactor: false)
  static let eventsPerSecond = BenchmarkMetric.custom("Throughput (events/s)", polarity: .prefersLarger, useScalingFactor: false)
  /// CPU time the process spends in the 50 ms after the measured end: near zero when the end
  /// condition left no work behind.
  static let residualCPU = BenchmarkMetric.custom("CPU after end (us in 50 ms)", polarity: .prefersSmaller, useScalingFactor: false)
  /// (c) only: how long the view model kept working after its outputs showed the last inputs (work
  /// no output shows, such as the `edits` → `signedIn` pipeline). Included in the measurement.
  static let idleTail = BenchmarkMetric.custom("Busy after outputs settled (ms)", polarity: .prefersSmaller, useScalingFactor: false)
}

/// The default metrics only: the ARC metrics crash on this machine.
func workloadConfiguration(rate: BenchmarkMetric, extra: [BenchmarkMetric] = []) -> Benchmark.Configuration {
  .init(
    metrics: [rate, .wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal] + extra,
    units: [rate: .count],
    warmupIterations: 1,
    scalingFactor: .one,
    maxDuration: .seconds(10),
    maxIterations: 5
  )
}
