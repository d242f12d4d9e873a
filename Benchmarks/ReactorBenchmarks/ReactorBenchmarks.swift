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
  // The harness alone: its peak resident memory is the floor under every workload's figure.
  Benchmark("Baseline: no work", configuration: workloadConfiguration(rate: Rate.actionsPerSecond)) { benchmark in
    benchmark.startMeasurement()
    benchmark.stopMeasurement()
    benchmark.measurement(Rate.actionsPerSecond, 0)
  }

  // (a) and (b) with each kind of observer: synchronous, as the reference's RxSwift `subscribe`,
  // and the `states` sequence.
  let counterActions = Workload.scaled(1_000_000)
  let signupActions = Workload.scaled(200_000)
  for observer in StateObserver.allCases {
    Benchmark(
      "Counter reactor: \(Workload.label(counterActions)) actions, \(observer) observer",
      configuration: workloadConfiguration(rate: Rate.actionsPerSecond, extra: [Rate.residualCPU])
    ) { benchmark in
      await CounterWorkload.run(benchmark, actions: counterActions, observer: observer)
    }

    Benchmark(
      "SignupReactor: \(Workload.label(signupActions)) actions, \(observer) observer",
      configuration: workloadConfiguration(
        rate: Rate.actionsPerSecond,
        extra: [Rate.actionsPerSecondUntilIdle, Rate.idleTail, Rate.residualCPU]
      )
    ) { benchmark in
      await SignupReactorWorkload.run(benchmark, actions: signupActions, observer: observer)
    }
  }

  // The view model workload ends on a username event: 3k + 1 events.
  let viewModelEvents = Workload.scaled(1_000_000, endingOnUsername: true)
  Benchmark(
    "SignupViewModel: \(Workload.label(viewModelEvents)) input events",
    configuration: workloadConfiguration(
      rate: Rate.eventsPerSecond,
      extra: [Rate.eventsPerSecondUntilIdle, Rate.idleTail, Rate.residualCPU],
      // One iteration takes minutes: no warm-up run (the first thousand events warm the caches).
      warmupIterations: 0
    )
  ) { benchmark in
    await SignupViewModelWorkload.run(benchmark, events: viewModelEvents)
  }
}

/// Custom metrics: the rates the targets are stated in.
enum Rate {
  static let actionsPerSecond = BenchmarkMetric.custom(
    "Throughput (actions/s)", polarity: .prefersLarger, useScalingFactor: false)
  /// (b): actions over the time until the process is idle, cancelled effect tasks included.
  static let actionsPerSecondUntilIdle = BenchmarkMetric.custom(
    "Throughput until idle (actions/s)", polarity: .prefersLarger, useScalingFactor: false)
  /// (c): events over the time until every output shows the last inputs (the definition).
  static let eventsPerSecond = BenchmarkMetric.custom(
    "Throughput (events/s)", polarity: .prefersLarger, useScalingFactor: false)
  /// (c): events over the time until the process is idle, pipelines that no output shows included.
  static let eventsPerSecondUntilIdle = BenchmarkMetric.custom(
    "Throughput until idle (events/s)", polarity: .prefersLarger, useScalingFactor: false)
  /// CPU time other processes used during the measured window, in % of one core (200 = both cores).
  static let otherLoad = BenchmarkMetric.custom(
    "Other processes (% of a core)", polarity: .prefersSmaller, useScalingFactor: false)
  /// CPU time the process spends in the 50 ms after the measured end: near zero when the end
  /// condition left no work behind.
  static let residualCPU = BenchmarkMetric.custom(
    "CPU after end (us in 50 ms)", polarity: .prefersSmaller, useScalingFactor: false)
  /// (b), (c): how long the process kept working after the end the issue defines: (b) cancelled
  /// effect tasks, which `runningTaskCount` no longer counts, still run their body; (c) pipelines no
  /// output shows, such as `edits` → `signedIn`. Inside the measured window.
  static let idleTail = BenchmarkMetric.custom(
    "Busy after settled (ms)", polarity: .prefersSmaller, useScalingFactor: false)
}

/// The default metrics only: the ARC metrics crash on this machine.
///
/// Every workload also reports `Rate.otherLoad`, the CPU other processes took during the measured
/// window; figures with a high value there were taken on a busy machine.
func workloadConfiguration(
  rate: BenchmarkMetric,
  extra: [BenchmarkMetric] = [],
  warmupIterations: Int = 1
) -> Benchmark.Configuration {
  .init(
    metrics: [rate, .wallClock, .cpuTotal, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal]
      + extra + [Rate.otherLoad],
    units: Dictionary(uniqueKeysWithValues: ([rate, Rate.otherLoad] + extra).map { ($0, BenchmarkUnits.count) }),
    warmupIterations: warmupIterations,
    scalingFactor: .one,
    maxDuration: .seconds(10),
    maxIterations: 5
  )
}
