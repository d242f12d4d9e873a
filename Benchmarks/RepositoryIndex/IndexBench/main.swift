import Foundation
import RepositoryIndex
import Synchronization

// Measures RepositoryIndex in-process (release build):
//   indexbench import INDEX FILE             one import, with its rate
//   indexbench search INDEX RUNS QUERY...    page 1 (30 per page) of each query, RUNS times
//                                            with the result cache emptied first (cold), then
//                                            RUNS times from the cache (warm): p50 and p99
let arguments = CommandLine.arguments

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
  sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

switch arguments.dropFirst().first {
case "import" where arguments.count == 4:
  let index = try RepositoryIndex(path: arguments[2])
  let start = ContinuousClock.now
  // When the indexing phase began: the time before it is reading and inserting rows.
  let indexingStart = Mutex<ContinuousClock.Instant?>(nil)
  let report = try await index.importRepositories(from: URL(fileURLWithPath: arguments[3])) { progress in
    if progress.phase == .indexing { indexingStart.withLock { $0 = $0 ?? .now } }
  }
  let end = ContinuousClock.now
  let seconds = milliseconds(end - start) / 1e3
  try index.close()
  let reading = indexingStart.withLock { $0 }.map { milliseconds($0 - start) / 1e3 } ?? seconds
  print(
    "imported \(report.imported) (\(report.inserted) new, \(report.updated) updated, \(report.unchanged) unchanged, "
      + "\(report.skipped) skipped) in \(String(format: "%.2f", seconds)) s "
      + "(reading \(String(format: "%.2f", reading)) s, indexing and counting \(String(format: "%.2f", seconds - reading)) s): "
      + "\(Int(Double(report.imported) / seconds)) rows/s"
  )
case "search" where arguments.count >= 5:
  let index = try RepositoryIndex(path: arguments[2])
  let runs = Int(arguments[3]) ?? 100
  for query in arguments[4...] {
    for cold in [true, false] {
      var samples: [Double] = []
      var total = 0
      for _ in 0..<runs {
        if cold { index.clearSearchCache() }
        let start = ContinuousClock.now
        total = try await index.search(query, page: 1, perPage: 30).totalCount
        samples.append(milliseconds(ContinuousClock.now - start))
      }
      samples.sort()
      print(
        query.padding(toLength: 20, withPad: " ", startingAt: 0) + (cold ? " cold" : " warm")
          + String(format: "  p50 %7.2f ms  p99 %7.2f ms", percentile(samples, 0.5), percentile(samples, 0.99))
          + "  total \(total)"
      )
    }
  }
  try index.close()
default:
  print("usage: indexbench import INDEX FILE | indexbench search INDEX RUNS QUERY...")
}
