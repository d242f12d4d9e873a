import Foundation
import Testing

@testable import WebApp

/// The log's timestamp (``ServerLogHandler/timestamp(_:)``): every line of a second, and the first of the
/// next, reads as Foundation's ISO 8601 style writes the same instant.
struct LogTimestampTests {
  let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  @Test func linesWithinASecondAndAcrossSecondsReadAsFoundationWritesThem() {
    // Fractions a `Double` holds exactly, so both sides see the same milliseconds.
    let times: [TimeInterval] = [
      1_764_400_000, 1_764_400_000.125, 1_764_400_000.5, 1_764_400_000.875, 1_764_400_001.25, 1_764_400_061,
      1_764_400_000.25, -0.5,
    ]
    let texts = times.map { ServerLogHandler.timestamp(Date(timeIntervalSince1970: $0)) }
    let expected = times.map { foundation.format(Date(timeIntervalSince1970: $0)) }
    #expect(texts == expected)
    #expect(texts[1] == "2025-11-29T07:06:40.125Z")
  }
}
