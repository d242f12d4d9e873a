/// The measured part of one run, the same for every workload: it opens once the process is idle
/// (the previous run's store or view model may still be winding down its tasks), and on closing
/// records how much CPU other processes took meanwhile.
struct MeasuredWindow {
  /// When the measurement started.
  let start: ContinuousClock.Instant
  private let load: MachineLoad

  private init(start: ContinuousClock.Instant, load: MachineLoad) {
    self.start = start
    self.load = load
  }

  /// Waits until the process is idle, then starts the recorder's measurement.
  static func open(for recorder: some WorkloadRecorder) async -> MeasuredWindow {
    _ = await waitUntilIdle(limit: .seconds(60))
    let load = MachineLoad.start()
    recorder.startMeasurement()
    return MeasuredWindow(start: .now, load: load)
  }

  /// Stops the recorder's measurement and records the other processes' load.
  func close(for recorder: some WorkloadRecorder) {
    recorder.stopMeasurement()
    if let others = load.othersPercentOfOneCore() { recorder.record(.otherLoad, others) }
  }
}

/// Stops the process when a run has not ended within `limit`: a state the observer never sees
/// would otherwise hang the benchmark.
func startWatchdog(for recorder: some WorkloadRecorder, waitingFor what: String, limit: Duration = .seconds(120))
  -> Task<Void, any Error>
{
  let name = recorder.name
  return Task {
    try await Task.sleep(for: limit)
    fatalError("\(name): the observer did not see \(what) within \(limit)")
  }
}
