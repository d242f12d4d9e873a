#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of inputs of each workload.
///
/// `OCTOREACT_BENCHMARK_DIVISOR=n` divides every workload by `n`, for profiling under tools that
/// slow the program down (perf with uprobes): the benchmark names then show the reduced counts.
/// The figures in BENCHMARKS.md are for the full size (no divisor).
package enum Workload {
  package static let divisor: Int = {
    guard let text = getenv("OCTOREACT_BENCHMARK_DIVISOR"), let value = Int(String(cString: text)), value > 0 else {
      return 1
    }
    return value
  }()

  /// `count` divided by the divisor; `endingOnUsername` rounds down to the form 3k + 1.
  package static func scaled(_ count: Int, endingOnUsername: Bool = false) -> Int {
    let scaled = max(4, count / divisor)
    return endingOnUsername ? scaled - (scaled - 1) % 3 : scaled
  }

  /// "1,000,000".
  package static func label(_ count: Int) -> String {
    var digits = Array(String(count))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }
}
