import Benchmark
package import ReactorWorkloads

/// The four workloads of the performance issue, each one `Benchmark`.
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
  Benchmark("Baseline: no work", configuration: workloadConfiguration(rate: .actionsPerSecond)) { benchmark in
    benchmark.startMeasurement()
    benchmark.stopMeasurement()
    benchmark.record(.actionsPerSecond, 0)
  }

  // (a) and (b) with each kind of observer: synchronous, as the reference's RxSwift `subscribe`,
  // and the `states` sequence.
  let counterActions = Workload.scaled(1_000_000)
  let signupActions = Workload.scaled(200_000)
  for observer in StateObserver.allCases {
    Benchmark(
      "Counter reactor: \(Workload.label(counterActions)) actions, \(observer) observer",
      configuration: workloadConfiguration(rate: .actionsPerSecond, extra: [.residualCPU])
    ) { benchmark in
      await CounterWorkload.run(benchmark, actions: counterActions, observer: observer)
    }

    Benchmark(
      "SignupReactor: \(Workload.label(signupActions)) actions, \(observer) observer",
      configuration: workloadConfiguration(
        rate: .actionsPerSecond,
        extra: [.actionsPerSecondUntilIdle, .idleTail, .residualCPU]
      )
    ) { benchmark in
      await SignupReactorWorkload.run(benchmark, actions: signupActions, observer: observer)
    }

    Benchmark(
      "SignupFeedback: \(Workload.label(signupActions)) actions, \(observer) observer",
      configuration: workloadConfiguration(rate: .actionsPerSecond)
    ) { benchmark in
      _ = await SignupFeedbackWorkload.run(benchmark, actions: signupActions, observer: observer)
    }
  }

  // (d) Ten stores in a tree, observers forwarding to each other, sent to from two threads.
  let treeActions = Workload.scaled(200_000)
  Benchmark(
    "Store tree: \(Workload.label(treeActions)) actions from 2 threads into 10 stores",
    configuration: workloadConfiguration(rate: .actionsPerSecond, extra: [.residualCPU])
  ) { benchmark in
    await StoreTreeWorkload.run(benchmark, actions: treeActions)
  }

  // The view model workload ends on a username event: 3k + 1 events.
  let viewModelEvents = Workload.scaled(1_000_000, endingOnUsername: true)
  Benchmark(
    "SignupViewModel: \(Workload.label(viewModelEvents)) input events",
    configuration: workloadConfiguration(
      rate: .eventsPerSecond,
      extra: [.eventsPerSecondUntilIdle, .idleTail, .residualCPU],
      // One iteration takes minutes: no warm-up run (the first thousand events warm the caches).
      warmupIterations: 0
    )
  ) { benchmark in
    await SignupViewModelWorkload.run(benchmark, events: viewModelEvents)
  }
}

/// The workloads report through package-benchmark: their figures become custom metrics.
extension Benchmark: WorkloadRecorder {
  package func record(_ metric: WorkloadMetric, _ value: Int) { measurement(metric.benchmarkMetric, value) }
}

extension WorkloadMetric {
  /// The custom metric under the same name.
  var benchmarkMetric: BenchmarkMetric {
    .custom(rawValue, polarity: prefersLarger ? .prefersLarger : .prefersSmaller, useScalingFactor: false)
  }
}

/// The default metrics only: the ARC metrics crash on this machine.
///
/// Every workload also reports `WorkloadMetric.otherLoad`, the CPU other processes took during the
/// measured window; figures with a high value there were taken on a busy machine.
func workloadConfiguration(
  rate: WorkloadMetric,
  extra: [WorkloadMetric] = [],
  warmupIterations: Int = 1
) -> Benchmark.Configuration {
  let custom = ([rate] + extra + [.otherLoad]).map(\.benchmarkMetric)
  return .init(
    metrics: [custom[0], .wallClock, .cpuTotal, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal]
      + custom.dropFirst(),
    units: Dictionary(uniqueKeysWithValues: custom.map { ($0, BenchmarkUnits.count) }),
    warmupIterations: warmupIterations,
    scalingFactor: .one,
    maxDuration: .seconds(10),
    maxIterations: 5
  )
}
